//! `use_scene_edit`: one scene's texts as the person edits them in review: the draft kept on the
//! device while they are unsaved, the save (only the changed fields, and never over a text saved
//! elsewhere meanwhile), the choice when the service's text moved on, undo and redo for the visit, and
//! the way back to the proposal. The rules are `domain::scene_edit` and `domain::scene_history`;
//! `components::SceneEditor` is the view.

use crate::api::{ApiError, Client, Scene};
use crate::domain::scene_edit::{changed_elsewhere, check_save, SaveCheck, SceneDraft, SceneText};
use crate::domain::scene_history::{History, StepId};
use crate::domain::styles::styled;
use crate::hooks::{use_effect, use_task, Orders, Outcome, SceneOrder};
use crate::session::{use_session, Failure};
use crate::stores::drafts;
use leptos::prelude::*;

#[derive(Clone, PartialEq)]
pub enum SaveState {
    Idle,
    Saved,
    Failed(String),
}

/// Saves `edited` unless the service's text moved on since `saved` (another tab or device saved this
/// scene): then that text goes to `theirs` for the person to choose, and the answer is `false`.
async fn save_checked(
    client: Client,
    project_id: i64,
    id: i64,
    saved: RwSignal<SceneText>,
    edited: RwSignal<SceneText>,
    theirs: RwSignal<Option<SceneText>>,
) -> Result<bool, ApiError> {
    let project = client.get_project(project_id).await?;
    let now = project.scenes.iter().find(|s| s.id == Some(id)).map(SceneText::of);
    let check = edited.with_untracked(|mine| check_save(mine, saved.get_untracked(), now));
    let update = match check {
        SaveCheck::ChangedElsewhere(now) => {
            theirs.set(Some(now));
            return Ok(false);
        }
        SaveCheck::NothingToSend(now) => {
            saved.set(now);
            return Ok(true);
        }
        SaveCheck::Send { saved: now, update } => {
            saved.set(now);
            update
        }
    };
    client.update_scene(project_id, id, &update).await?;
    saved.update(|s| *s = s.with_update(&update));
    Ok(true)
}

#[derive(Clone, Copy)]
pub struct SceneEdit {
    pub edited: RwSignal<SceneText>,
    /// The service's text, when it moved on since the edits began: the person chooses.
    pub theirs: RwSignal<Option<SceneText>>,
    pub state: RwSignal<SaveState>,
    /// The edits differ from the saved text.
    pub dirty: Memo<bool>,
    pub saving: RwSignal<bool>,
    /// Saves the edits (settling a change elsewhere in their favour first).
    pub save: Callback<()>,
    /// After a change elsewhere: keep the person's edits over the service's text (`true`), or take
    /// that text. Without one, discarding is taking the saved text.
    pub settle: Callback<bool>,
    /// This visit's steps, across saves.
    pub history: RwSignal<History<SceneText>>,
    /// What the last undo, redo or return to the proposal did, until the next change: said in the
    /// scene's status.
    pub moved: RwSignal<Option<&'static str>>,
    /// Undoes the latest step (`true`) or redoes the latest undone (`false`).
    pub step: Callback<bool>,
    /// The edits differ from the scene as first proposed, when this device read the proposal.
    pub off_proposal: Memo<bool>,
    /// Puts the scene's texts back as first proposed (a step, to be saved); none when this device
    /// never read the proposal.
    pub to_proposal: Option<Callback<()>>,
}

/// Tells the page which scenes have unsaved edits, and keeps those edits, with the text they were
/// begun from, as a draft in storage (`draft_id` is the scene id while it is editable) until they
/// are saved or discarded.
fn keep_drafts(
    project_id: i64,
    draft_id: Option<i64>,
    number: i64,
    saved: RwSignal<SceneText>,
    edited: RwSignal<SceneText>,
    dirty: Memo<bool>,
    unsaved: RwSignal<Vec<i64>>,
) {
    use_effect(move || {
        let is_dirty = dirty.get();
        // Kept sorted and without repeats, as the page lists it; a set type would add its B-tree to the wasm.
        unsaved.update(|numbers| match (numbers.binary_search(&number), is_dirty) {
            (Err(at), true) => numbers.insert(at, number),
            (Ok(at), false) => {
                numbers.remove(at);
            }
            _ => {}
        });
        if let Some(id) = draft_id.filter(|_| !is_dirty) {
            drafts::keep_scene(project_id, id, None);
        }
    });
    // Keep the draft current as the person types (the effect above only runs when dirtiness flips).
    use_effect(move || {
        let draft = SceneDraft { text: edited.get(), base: Some(saved.get()) };
        if let Some(id) = draft_id.filter(|_| dirty.get_untracked()) {
            drafts::keep_scene(project_id, id, Some(draft));
        }
    });
}

/// `scene`'s texts, editable while `editable`, with the way back to `proposed` (the scene as first
/// proposed, when kept); `unsaved` lists the scene numbers with unsaved edits,
/// for the page to gate approval on; `on_saved` is told the scene's number and texts each time the
/// service is known to hold new ones.
pub fn use_scene_edit(
    project_id: i64,
    scene: &Scene,
    proposed: Option<SceneText>,
    editable: bool,
    unsaved: RwSignal<Vec<i64>>,
    on_saved: Option<Callback<(i64, SceneText)>>,
    orders: Option<Orders>,
) -> SceneEdit {
    let session = use_session();
    let number = scene.scene_number;
    let scene_id = scene.id;
    let now = SceneText::of(scene);
    let draft = scene_id.filter(|_| editable).and_then(|id| drafts::scene(project_id, id));
    let (base, mine) = draft.map_or((now.clone(), now.clone()), |d| (d.base.unwrap_or_else(|| now.clone()), d.text));
    // A restored draft begun from an older text than the service's: the person chooses (`settle`).
    let conflict = changed_elsewhere(&mine, &base, &now);
    let saved = RwSignal::new(if conflict { base } else { now.clone() });
    let theirs = RwSignal::new(conflict.then_some(now));
    let edited = RwSignal::new(mine);
    let state = RwSignal::new(SaveState::Idle);
    // A text changed elsewhere is unsaved too until the person chooses, even with their edits undone.
    let dirty = Memo::new(move |_| theirs.with(Option::is_some) || edited.with(|e| saved.with(|s| e != s)));
    let history = RwSignal::new(History::default());
    let moved = RwSignal::new(None);
    // Shows `text` as the edits, said in the scene's status when `said`.
    let show = move |text: SceneText, said: Option<&'static str>| {
        edited.set(text);
        state.set(SaveState::Idle);
        moved.set(said);
    };
    // Replaces the whole text as one step.
    let replace = move |text: SceneText, said: Option<&'static str>| {
        edited.with_untracked(|before| history.update(|h| h.replaced(before, &text)));
        show(text, said);
    };

    keep_drafts(project_id, scene_id.filter(|_| editable), number, saved, edited, dirty, unsaved);
    // After each save or settling: what the service holds may have changed, whatever the outcome.
    let tell = move || {
        if let Some(on_saved) = on_saved {
            on_saved.run((number, saved.get_untracked()));
        }
    };

    let save_action = use_task();
    let save_scene = move |id: i64| {
        let call = session.call(move |client| save_checked(client, project_id, id, saved, edited, theirs));
        async move {
            let outcome = call.await;
            tell();
            match outcome {
                Ok(done) => state.set(if done { SaveState::Saved } else { SaveState::Idle }),
                Err(Failure::SignedOut) => {} // this view is gone
                Err(Failure::Show(e)) => state.set(SaveState::Failed(e.after("Not saved, and your text is kept"))),
            }
        }
    };
    let saving = save_action.pending;
    // After a change elsewhere: keep the person's edits over the service's text, or take that text.
    // Without one, discarding is taking the saved text.
    let settle = Callback::new(move |keep: bool| {
        let now = theirs.get_untracked().unwrap_or_else(|| saved.get_untracked());
        let text = if keep { edited.get_untracked().rebased(&saved.get_untracked(), &now) } else { now.clone() };
        saved.set(now);
        replace(text, None);
        theirs.set(None);
        tell();
    });
    let save = Callback::new(move |()| {
        let Some(id) = scene_id else {
            state.set(SaveState::Failed("This scene has no id from the service, so it cannot be saved.".into()));
            return;
        };
        if saving.get_untracked() {
            return;
        }
        if theirs.with_untracked(Option::is_some) {
            settle.run(true);
        }
        if !dirty.get_untracked() {
            return;
        }
        state.set(SaveState::Idle);
        moved.set(None);
        history.update(History::pause);
        save_action.run(save_scene(id));
    });
    let step = Callback::new(move |back: bool| {
        let now = edited.get_untracked();
        if let Some(text) = history.try_update(|h| if back { h.undo(&now) } else { h.redo(&now) }).flatten() {
            show(text, Some(if back { "Undone" } else { "Redone" }));
        }
    });
    let proposed = proposed.filter(|_| editable);
    let off_proposal = {
        let proposed = proposed.clone();
        Memo::new(move |_| proposed.as_ref().is_some_and(|p| edited.with(|e| e != p)))
    };
    let to_proposal = proposed.map(|text| Callback::new(move |()| replace(text.clone(), Some("Back to the proposal"))));
    let edit = SceneEdit {
        edited,
        theirs,
        state,
        dirty,
        saving,
        save,
        settle,
        history,
        moved,
        step,
        off_proposal,
        to_proposal,
    };
    if let Some(orders) = orders {
        follow_orders(orders, number, edit, replace);
    }
    edit
}

/// Carries out the review's orders to every scene (`Orders`) on this one.
fn follow_orders(
    orders: Orders,
    number: i64,
    edit: SceneEdit,
    replace: impl Fn(SceneText, Option<&'static str>) + Send + Sync + 'static,
) {
    let SceneEdit { edited, theirs, dirty, saving, save, history, step, .. } = edit;
    // The step of this scene's latest style: undone with the style only while it is the latest step.
    let styled_at = StoredValue::new(None::<StepId>);
    orders.listen(
        number,
        Callback::new(move |order: SceneOrder| match order {
            SceneOrder::Style(style) => {
                let text = edited.with_untracked(|now| styled(now, &style));
                styled_at.set_value(None);
                if edited.with_untracked(|now| *now == text) {
                    return Outcome::Nothing;
                }
                replace(text, Some("Style added"));
                styled_at.set_value(history.with_untracked(History::latest));
                Outcome::Done
            }
            SceneOrder::UndoStyle => {
                let Some(at) = styled_at.get_value() else { return Outcome::Nothing };
                let (latest, held) = history.with_untracked(|h| (h.latest() == Some(at), h.holds(at)));
                if held && !latest {
                    // Changed since: the scene's own Undo reaches it.
                    return Outcome::Held;
                }
                styled_at.set_value(None);
                // Not latest and not held: undone already, in the scene.
                if !latest {
                    return Outcome::Nothing;
                }
                step.run(true);
                Outcome::Done
            }
            // A scene changed elsewhere waits for the person's choice, and one saving for its answer:
            // the picker names them rather than a save choosing for the person.
            SceneOrder::Save if theirs.with_untracked(Option::is_some) || saving.get_untracked() => Outcome::Held,
            SceneOrder::Save if dirty.get_untracked() => {
                save.run(());
                Outcome::Done
            }
            SceneOrder::Save => Outcome::Nothing,
        }),
    );
}
