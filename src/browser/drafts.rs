//! What the person typed and has not yet handed to the service, kept on this device so a reload,
//! a failed request or a sign-in round trip loses nothing.

use super::storage::{self, Persistence};
use crate::json::{self, FromJson, ToJson};

const STORY: &str = "storyreel.draft.story";

pub fn story_key() -> &'static str {
    STORY
}

pub fn project_key(project_id: i64) -> String {
    format!("storyreel.draft.project.{project_id}")
}

pub fn load<T: FromJson>(key: &str) -> Option<T> {
    json::read(&storage::read_value(key)?)
}

pub fn save(key: &str, value: &dyn ToJson) {
    storage::write(key, &json::write(&value.to_json()), Persistence::Device);
}

pub fn clear(key: &str) {
    storage::remove(key);
}
