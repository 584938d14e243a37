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

/// Keeps `project`'s scenes unless its proposal is kept already (from the service's answer to the
/// story, else from the first read of the project on this device), and answers the one kept, scene id
/// to text: none when the browser keeps nothing.
pub fn keep_first(project: &Project) -> Vec<(i64, SceneText)> {
    let key = keys::proposal(project.id);
    let texts = |Proposal(kept): Proposal| kept.into_iter().map(|(id, kept)| (id, kept.text)).collect();
    if let Some(kept) = super::read::<Proposal>(&key) {
        return texts(kept);
    }
    let scenes = project.scenes.iter().filter_map(|s| Some((s.id?, SceneDraft { text: SceneText::of(s), base: None })));
    let proposal = Proposal(scenes.collect());
    // An answer without its scenes yet (still being written) leaves the first read to keep them.
    match !proposal.0.is_empty() && super::keep(&key, &proposal, Worth::Cache) {
        true => texts(proposal),
        false => Vec::new(),
    }
}

pub fn forget(project_id: i64) {
    crate::browser::storage::forget_mine(&keys::proposal(project_id));
}
