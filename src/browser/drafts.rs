//! What the person typed and has not yet handed to the service, kept on this device so a reload,
//! a failed request or a sign-in round trip loses nothing.

use super::storage::{self, Persistence};
use crate::json::{self, FromJson, ToJson};

const STORY: &str = crate::domain::account::STORY_DRAFT_KEY;

pub fn story_key() -> &'static str {
    STORY
}

pub fn project_key(project_id: i64) -> String {
    format!("storyreel.draft.project.{project_id}")
}

/// What the regenerate dialog of one scene holds.
pub fn regenerate_key(project_id: i64, scene_number: i64) -> String {
    format!("storyreel.draft.regenerate.{project_id}.{scene_number}")
}

pub fn load<T: FromJson>(key: &str) -> Option<T> {
    json::read(&storage::read_value(key)?)
}

/// Kept in this tab (read first, so another tab editing the same thing cannot replace it) and on
/// the device (for a new tab or after the browser restarts). False when the browser refused.
pub fn save(key: &str, value: &dyn ToJson) -> bool {
    let text = json::write(&value.to_json());
    storage::put(key, &text, Persistence::Tab) & storage::put(key, &text, Persistence::Device)
}

pub fn clear(key: &str) {
    storage::remove(key);
}
