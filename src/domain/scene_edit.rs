//! Editing a proposed scene's texts: what changed, and so what a save sends (only that).

use crate::api::{Scene, SceneUpdate};
use serde::{Deserialize, Serialize};

/// The four editable texts of a scene (spec 4.4).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SceneText {
    pub description: String,
    pub image_prompt: String,
    pub motion_prompt: String,
    pub narration_text: String,
}

/// Unsaved edits and the service's text they were begun from, so a change made elsewhere in the
/// meantime (another tab, another device) is noticed rather than overwritten.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredDraft", into = "StoredDraft")]
pub struct SceneDraft {
    pub text: SceneText,
    /// Absent in drafts stored before bases were kept: those are taken as begun from the service's text.
    pub base: Option<SceneText>,
}

/// How a draft is stored: the text's fields under the API's names plus `base` in the same shape, so
/// drafts kept before bases existed still read. Spelled out rather than `#[serde(flatten)]`, which
/// would read through a buffered copy; one type for the text and its base, so the wasm carries one
/// reader and one writer.
#[derive(Clone, Default, Serialize, Deserialize)]
#[serde(default)]
struct StoredDraft {
    description: String,
    image_prompt: String,
    motion_prompt: String,
    narration_text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<Box<StoredDraft>>,
}

impl From<StoredDraft> for SceneText {
    fn from(d: StoredDraft) -> Self {
        let StoredDraft { description, image_prompt, motion_prompt, narration_text, .. } = d;
        Self { description, image_prompt, motion_prompt, narration_text }
    }
}

impl StoredDraft {
    fn of(text: SceneText, base: Option<StoredDraft>) -> Self {
        let SceneText { description, image_prompt, motion_prompt, narration_text } = text;
        Self { description, image_prompt, motion_prompt, narration_text, base: base.map(Box::new) }
    }
}

impl From<StoredDraft> for SceneDraft {
    fn from(mut d: StoredDraft) -> Self {
        let base = d.base.take().map(|base| SceneText::from(*base));
        Self { text: d.into(), base }
    }
}

impl From<SceneDraft> for StoredDraft {
    fn from(d: SceneDraft) -> Self {
        Self::of(d.text, d.base.map(|base| Self::of(base, None)))
    }
}

/// Whether the service's text `now` was changed since `base` into something other than `mine`: then
/// saving `mine` would silently undo that change, so the person chooses.
pub fn changed_elsewhere(mine: &SceneText, base: &SceneText, now: &SceneText) -> bool {
    now != base && now != mine
}

/// What a save of `mine` does, once the service's text of the scene has been read.
#[derive(Debug, PartialEq, Eq)]
pub enum SaveCheck {
    /// The service's text (carried) changed elsewhere since it was saved here: nothing is sent, the
    /// person chooses.
    ChangedElsewhere(SceneText),
    /// The service already holds `mine`: nothing to send. Carries what it holds.
    NothingToSend(SceneText),
    /// Send `update`, which turns `saved` (what the service holds) into `mine`.
    Send { saved: SceneText, update: SceneUpdate },
}

/// Decides a save from `saved` (the text last known to be the service's), `now` (the scene as the
/// service holds it, none when its answer lacks the scene: then `saved` stands) and `mine`.
pub fn check_save(mine: &SceneText, saved: SceneText, now: Option<SceneText>) -> SaveCheck {
    let saved = match now {
        Some(now) if changed_elsewhere(mine, &saved, &now) => return SaveCheck::ChangedElsewhere(now),
        Some(now) => now,
        None => saved,
    };
    let update = mine.changes_from(&saved);
    if update.is_empty() {
        SaveCheck::NothingToSend(saved)
    } else {
        SaveCheck::Send { saved, update }
    }
}

impl SceneText {
    /// The person's edits (the fields where `self` differs from `base`) applied over `now`, so keeping
    /// them after a change elsewhere keeps the fields only the other side changed.
    pub fn rebased(&self, base: &SceneText, now: &SceneText) -> SceneText {
        now.with_update(&self.changes_from(base))
    }

    pub fn of(scene: &Scene) -> Self {
        Self {
            description: scene.description.clone(),
            image_prompt: scene.image_prompt.clone(),
            motion_prompt: scene.motion_prompt.clone(),
            narration_text: scene.narration_text.clone(),
        }
    }

    /// Puts these texts into `scene`, its other fields unchanged.
    pub fn put_into(self, scene: &mut Scene) {
        scene.description = self.description;
        scene.image_prompt = self.image_prompt;
        scene.motion_prompt = self.motion_prompt;
        scene.narration_text = self.narration_text;
    }

    /// The update that turns `saved` into `self`: only the fields that differ.
    pub fn changes_from(&self, saved: &SceneText) -> SceneUpdate {
        let changed = |now: &String, before: &String| (now != before).then(|| now.clone());
        SceneUpdate {
            description: changed(&self.description, &saved.description),
            image_prompt: changed(&self.image_prompt, &saved.image_prompt),
            motion_prompt: changed(&self.motion_prompt, &saved.motion_prompt),
            narration_text: changed(&self.narration_text, &saved.narration_text),
        }
    }

    /// After a successful save, what the service now holds.
    pub fn with_update(&self, update: &SceneUpdate) -> SceneText {
        let pick = |new: &Option<String>, old: &String| new.clone().unwrap_or_else(|| old.clone());
        SceneText {
            description: pick(&update.description, &self.description),
            image_prompt: pick(&update.image_prompt, &self.image_prompt),
            motion_prompt: pick(&update.motion_prompt, &self.motion_prompt),
            narration_text: pick(&update.narration_text, &self.narration_text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text() -> SceneText {
        SceneText {
            description: "d".into(),
            image_prompt: "i".into(),
            motion_prompt: "m".into(),
            narration_text: "n".into(),
        }
    }

    #[test]
    fn a_save_sends_only_changed_fields() {
        let edited = SceneText { motion_prompt: "slow zoom".into(), narration_text: "Hello".into(), ..text() };
        let update = edited.changes_from(&text());
        assert_eq!(
            update,
            SceneUpdate {
                motion_prompt: Some("slow zoom".into()),
                narration_text: Some("Hello".into()),
                ..SceneUpdate::default()
            }
        );
        assert_eq!(
            serde_json::to_string(&update).unwrap(),
            r#"{"motion_prompt":"slow zoom","narration_text":"Hello"}"#
        );
    }

    #[test]
    fn nothing_changed_sends_nothing() {
        assert!(text().changes_from(&text()).is_empty());
    }

    #[test]
    fn clearing_a_field_is_a_change() {
        let edited = SceneText { description: String::new(), ..text() };
        assert_eq!(edited.changes_from(&text()).description, Some(String::new()));
    }

    #[test]
    fn a_change_elsewhere_is_a_conflict_unless_it_is_the_same_text() {
        let mine = SceneText { description: "mine".into(), ..text() };
        let theirs = SceneText { description: "theirs".into(), ..text() };
        assert!(changed_elsewhere(&mine, &text(), &theirs));
        assert!(!changed_elsewhere(&mine, &text(), &text()), "nothing changed elsewhere");
        assert!(!changed_elsewhere(&mine, &text(), &mine), "the same edit made elsewhere");
        let other_field = SceneText { narration_text: "theirs".into(), ..text() };
        assert!(changed_elsewhere(&mine, &text(), &other_field), "any change elsewhere is told");
    }

    #[test]
    fn keeping_my_edits_keeps_what_only_the_other_side_changed() {
        let mine = SceneText { description: "mine".into(), ..text() };
        let theirs = SceneText { description: "theirs".into(), narration_text: "their narration".into(), ..text() };
        assert_eq!(
            mine.rebased(&text(), &theirs),
            SceneText { description: "mine".into(), narration_text: "their narration".into(), ..text() }
        );
    }

    #[test]
    fn a_draft_keeps_its_base_and_older_drafts_still_read() {
        let draft = SceneDraft { text: SceneText { description: "mine".into(), ..text() }, base: Some(text()) };
        let stored = serde_json::to_string(&draft).unwrap();
        assert_eq!(serde_json::from_str::<SceneDraft>(&stored).unwrap(), draft);
        let older = r#"{"description":"mine","image_prompt":"i","motion_prompt":"m","narration_text":"n"}"#;
        assert_eq!(serde_json::from_str::<SceneDraft>(older).unwrap(), SceneDraft { base: None, ..draft });
    }

    #[test]
    fn a_saved_update_applies_to_the_saved_text() {
        let update = SceneUpdate { image_prompt: Some("new".into()), ..SceneUpdate::default() };
        assert_eq!(text().with_update(&update), SceneText { image_prompt: "new".into(), ..text() });
    }

    #[test]
    fn texts_go_back_into_their_scene() {
        let mut scene = Scene { scene_number: 2, id: Some(20), ..Scene::default() };
        text().put_into(&mut scene);
        assert_eq!(SceneText::of(&scene), text());
        assert_eq!((scene.scene_number, scene.id), (2, Some(20)));
    }

    #[test]
    fn a_save_over_a_text_changed_elsewhere_sends_nothing_and_shows_theirs() {
        let mine = SceneText { narration_text: "mine".into(), ..text() };
        let theirs = SceneText { description: "theirs".into(), ..text() };
        assert_eq!(check_save(&mine, text(), Some(theirs.clone())), SaveCheck::ChangedElsewhere(theirs));
    }

    #[test]
    fn a_save_sends_the_changes_from_what_the_service_holds() {
        let mine = SceneText { narration_text: "mine".into(), ..text() };
        let update = SceneUpdate { narration_text: Some("mine".into()), ..Default::default() };
        assert_eq!(check_save(&mine, text(), Some(text())), SaveCheck::Send { saved: text(), update });
    }

    #[test]
    fn a_save_without_the_scene_in_the_answer_sends_the_changes_from_the_saved_text() {
        let mine = SceneText { image_prompt: "mine".into(), ..text() };
        let update = SceneUpdate { image_prompt: Some("mine".into()), ..Default::default() };
        assert_eq!(check_save(&mine, text(), None), SaveCheck::Send { saved: text(), update });
    }

    #[test]
    fn a_save_of_what_the_service_already_holds_sends_nothing() {
        // Saved elsewhere to the same text: no conflict, and nothing left to send.
        let mine = SceneText { narration_text: "same".into(), ..text() };
        assert_eq!(check_save(&mine, text(), Some(mine.clone())), SaveCheck::NothingToSend(mine));
    }
}
