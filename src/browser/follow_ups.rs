//! The work asked for on a project (an upscale, a regeneration), kept on this device so following
//! it to its result survives a reload.

use super::drafts;
use crate::domain::follow_up::FollowUp;

fn key(project_id: i64) -> String {
    format!("storyreel.follow_up.{project_id}")
}

pub fn load(project_id: i64) -> Option<FollowUp> {
    drafts::load(&key(project_id))
}

pub fn save(project_id: i64, work: &FollowUp) {
    drafts::save(&key(project_id), work);
}

pub fn clear(project_id: i64) {
    drafts::clear(&key(project_id));
}
