//! What the person typed and has not yet handed to the service, kept on this device so a reload,
//! a failed request or a sign-in round trip loses nothing.

use super::storage::{self, Persistence};
use serde::de::DeserializeOwned;
use serde::Serialize;

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

/// What was kept under `key`; none when nothing was, or when it no longer reads (then it is dropped
/// the next time it is saved).
pub fn load<T: DeserializeOwned>(key: &str) -> Option<T> {
    serde_json::from_str(&storage::read_value(key)?).ok()
}

/// Kept in this tab (read first, so another tab editing the same thing cannot replace it) and on
/// the device (for a new tab or after the browser restarts). False when the browser refused.
/// Generic, but only over what is written (the text comes out the same way); the storing is not.
pub fn save(key: &str, value: &impl Serialize) -> bool {
    let Ok(text) = serde_json::to_string(value) else { return false };
    storage::put(key, &text, Persistence::Tab) & storage::put(key, &text, Persistence::Device)
}

pub fn clear(key: &str) {
    storage::remove(key);
}
