//! Each proposed project's scenes as this device first read them from the service, so a scene can go
//! back to what was proposed after edits to it were saved. Kept until the project is read no longer
//! proposed. This is the device's copy, not the person's work: a full storage skips it without a word,
//! and it gives way for the person's work (`keys::is_cache`); the scene then offers no way back.

use crate::api::Project;
use crate::browser::storage::Worth;
use crate::domain::keys;
use crate::domain::scene_edit::{SceneDraft, SceneText};
use serde::{Deserialize, Serialize};

/// Scene id to text, in the drafts' stored shape (a draft without its base): one reader and one
/// writer in the wasm for both.
#[derive(Default, Serialize, Deserialize)]
struct Proposal(#[serde(with = "crate::keyed")] Vec<(i64, SceneDraft)>);

/// Keeps `project`'s scenes unless its proposal is kept already: from the service's answer to the
/// story, else from the first read of the project on this device.
pub fn keep_first(project: &Project) {
    let key = keys::proposal(project.id);
    let scenes = project.scenes.iter().filter_map(|s| Some((s.id?, SceneDraft { text: SceneText::of(s), base: None })));
    let scenes = scenes.collect::<Vec<_>>();
    // An answer without its scenes yet (still being written) leaves the first read to keep them.
    if scenes.is_empty() || super::read::<Proposal>(&key).is_some() {
        return;
    }
    super::keep(&key, &Proposal(scenes), Worth::Cache);
}

/// One scene's text as first proposed, when this device read it.
pub fn scene(project_id: i64, scene_id: i64) -> Option<SceneText> {
    let Proposal(all) = super::read(&keys::proposal(project_id))?;
    all.into_iter().find_map(|(id, kept)| (id == scene_id).then_some(kept.text))
}

pub fn forget(project_id: i64) {
    crate::browser::storage::forget_mine(&keys::proposal(project_id));
}
