//! What the person typed and has not yet handed to the service, kept on this device so a reload,
//! a failed request or a sign-in round trip loses nothing.

use super::storage::{self, Persistence};
use serde::de::DeserializeOwned;
use serde::Serialize;

const STORY: &str = "storyreel.draft.story";

pub fn story_key() -> &'static str {
    STORY
}

pub fn project_key(project_id: i64) -> String {
    format!("storyreel.draft.project.{project_id}")
}

pub fn load<T: DeserializeOwned>(key: &str) -> Option<T> {
    serde_json::from_str(&storage::read_value(key)?).ok()
}

pub fn save<T: Serialize>(key: &str, value: &T) {
    if let Ok(json) = serde_json::to_string(value) {
        storage::write(key, &json, Persistence::Device);
    }
}

pub fn clear(key: &str) {
    storage::remove(key);
}
