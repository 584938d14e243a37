//! Each proposed project's scenes as this device first read them from the service, so a scene can go
//! back to what was proposed after edits to it were saved. Kept until the project is read no longer
//! proposed. This is the device's copy, not the person's work: a full storage skips it without a word
//! (the scene then offers no way back) rather than telling the person their work was not kept.

use crate::api::Project;
use crate::browser::storage::Worth;
use crate::domain::keys;
use crate::domain::scene_edit::{SceneDraft, SceneText};
use serde::{Deserialize, Serialize};

/// Scene id to text, in the drafts' stored shape (a draft without its base): one reader and one
/// writer in the wasm for both.
#[derive(Default, Serialize, Deserialize)]
struct Proposal(#[serde(with = "crate::keyed")] Vec<(i64, SceneDraft)>);

/// Keeps `project`'s scenes unless its proposal is kept already (read on an earlier visit).
pub fn keep_first(project: &Project) {
    let key = keys::proposal(project.id);
    if super::read::<Proposal>(&key).is_some() {
        return;
    }
    let scenes = project.scenes.iter().filter_map(|s| Some((s.id?, SceneDraft { text: SceneText::of(s), base: None })));
    super::keep(&key, &Proposal(scenes.collect()), Worth::Cache);
}

/// One scene's text as first proposed, when this device read it.
pub fn scene(project_id: i64, scene_id: i64) -> Option<SceneText> {
    let Proposal(all) = super::read(&keys::proposal(project_id))?;
    all.into_iter().find_map(|(id, kept)| (id == scene_id).then_some(kept.text))
}

pub fn forget(project_id: i64) {
    crate::browser::storage::forget_mine(&keys::proposal(project_id));
}
