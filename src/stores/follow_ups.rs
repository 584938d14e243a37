//! The work asked for on a project (an upscale, a regeneration), kept on this device so following
//! it to its result survives a reload.

use super::drafts;
use crate::domain::follow_up::FollowUp;
use crate::domain::keys;

pub fn load(project_id: i64) -> Option<FollowUp> {
    drafts::load(&keys::follow_up(project_id))
}

pub fn save(project_id: i64, work: &FollowUp) {
    drafts::save(&keys::follow_up(project_id), work);
}

pub fn clear(project_id: i64) {
    drafts::clear(&keys::follow_up(project_id));
}
