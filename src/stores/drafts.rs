//! What the person typed and has not yet handed to the service, kept where their sign-in is so a
//! reload, a failed request or a sign-in round trip loses nothing.

use crate::browser::storage;
use crate::domain::keys;
use crate::domain::scene_edit::SceneDraft;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// What was kept under `key` (`stores::read`).
pub fn load<T: DeserializeOwned>(key: &str) -> Option<T> {
    super::read(key)
}

/// Kept in this tab (read first, so another tab editing the same thing cannot replace it) and, after
/// "Remember me", on the device (for a new tab or after the browser restarts). False when the browser
/// refused. Generic, but only over what is written (the text comes out the same way); the storing is not.
pub fn save(key: &str, value: &impl Serialize) -> bool {
    let Ok(text) = serde_json::to_string(value) else { return false };
    storage::keep_draft(key, &text)
}

pub fn clear(key: &str) {
    storage::forget_mine(key);
}

/// A project's scene drafts are one object on the device, keyed by scene id.
#[derive(Default, Serialize, Deserialize)]
struct SceneDrafts(#[serde(with = "crate::keyed")] Vec<(i64, SceneDraft)>);

/// The draft kept for one scene, if any.
pub fn scene(project_id: i64, scene_id: i64) -> Option<SceneDraft> {
    let SceneDrafts(all) = load(&keys::project_draft(project_id))?;
    all.into_iter().find_map(|(id, draft)| (id == scene_id).then_some(draft))
}

/// Keeps `draft` for one scene, or drops its draft when none; the project's key goes with its last draft.
pub fn keep_scene(project_id: i64, scene_id: i64, draft: Option<SceneDraft>) {
    let key = keys::project_draft(project_id);
    let SceneDrafts(mut all) = load(&key).unwrap_or_default();
    all.retain(|(id, _)| *id != scene_id);
    all.extend(draft.map(|draft| (scene_id, draft)));
    let all = SceneDrafts(all);
    if all.0.is_empty() {
        clear(&key)
    } else {
        save(&key, &all);
    }
}
