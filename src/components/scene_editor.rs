//! One scene's editor: signals and view only. What a save does is `domain::scene_edit::check_save`;
//! where drafts are kept is `browser::drafts`.

use crate::api::{ApiError, Client, Scene};
use crate::browser::drafts;
use crate::components::{MessageBanner, TextField, Tone};
use crate::domain::narration;
use crate::domain::scene_edit::{changed_elsewhere, check_save, SaveCheck, SceneDraft, SceneText};
use crate::hooks::{use_effect, use_task};
use crate::session::{use_session, Failure};
use leptos::prelude::*;

#[derive(Clone, PartialEq)]
enum SaveState {
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

/// A scene text's field: its key, its label, and how it is read and written.
type Field = (&'static str, &'static str, fn(&SceneText) -> &String, fn(&mut SceneText) -> &mut String);

const FIELDS: [Field; 4] = [
    ("description", "Description", |t| &t.description, |t| &mut t.description),
    ("image-prompt", "Image prompt", |t| &t.image_prompt, |t| &mut t.image_prompt),
    ("motion-prompt", "Motion prompt", |t| &t.motion_prompt, |t| &mut t.motion_prompt),
    ("narration", "Narration", |t| &t.narration_text, |t| &mut t.narration_text),
];

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

/// One scene of a project: its texts, editable in place while the project is proposed, with
/// unsaved edits kept as a draft and saved on request (only the changed fields are sent).
#[component]
pub fn SceneEditor(
    project_id: i64,
    scene: Scene,
    editable: bool,
    talking_head: bool,
    /// Scene numbers with unsaved edits, for the page to gate approval on.
    unsaved: RwSignal<Vec<i64>>,
    /// Told the scene's number and texts each time the service is known to hold new ones.
    #[prop(optional)]
    on_saved: Option<Callback<(i64, SceneText)>>,
) -> impl IntoView {
    let session = use_session();
    let number = scene.scene_number;
    let scene_id = scene.id;
    let now = SceneText::of(&scene);
    let draft = scene_id.filter(|_| editable).and_then(|id| drafts::scene(project_id, id));
    let (base, mine) = draft.map_or((now.clone(), now.clone()), |d| (d.base.unwrap_or_else(|| now.clone()), d.text));
    // A restored draft begun from an older text than the service's: the person chooses (`settle`).
    let conflict = changed_elsewhere(&mine, &base, &now);
    let saved = RwSignal::new(if conflict { base } else { now.clone() });
    let theirs = RwSignal::new(conflict.then_some(now));
    let edited = RwSignal::new(mine);
    let state = RwSignal::new(SaveState::Idle);
    let dirty = Memo::new(move |_| edited.with(|e| saved.with(|s| e != s)));

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
    let settle = move |keep: bool| {
        let now = theirs.get_untracked().unwrap_or_else(|| saved.get_untracked());
        let text = if keep { edited.get_untracked().rebased(&saved.get_untracked(), &now) } else { now.clone() };
        saved.set(now);
        edited.set(text);
        theirs.set(None);
        state.set(SaveState::Idle);
        tell();
    };
    let save = move |_| {
        let Some(id) = scene_id else {
            state.set(SaveState::Failed("This scene has no id from the service, so it cannot be saved.".into()));
            return;
        };
        if saving.get_untracked() {
            return;
        }
        if theirs.with_untracked(Option::is_some) {
            settle(true);
        }
        if !dirty.get_untracked() {
            return;
        }
        state.set(SaveState::Idle);
        save_action.run(save_scene(id));
    };

    let fields = FIELDS.map(|(slug, label, read, field)| {
        let id = format!("scene-{number}-{slug}");
        let value = move || edited.with(|t| read(t).clone());
        if editable {
            let on_input = Callback::new(move |text: String| {
                state.set(SaveState::Idle);
                edited.update(|t| *field(t) = text);
            });
            // The narration says how long it likely takes to say, against the scene's 10 seconds.
            let narrated = slug == "narration";
            let note = narrated.then(|| Signal::derive(move || edited.with(|t| narration::describe(&t.narration_text))));
            let advice = narrated.then(|| {
                Signal::derive(move || {
                    edited.with(|t| narration::too_long(&t.narration_text)).then(|| narration::TOO_LONG.to_owned())
                })
            });
            view! { <TextField id=id label=label rows=3 value=Signal::derive(value) on_input=on_input note=note advice=advice /> }
            .into_any()
        } else {
            view! {
                <div class="field">
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                </div>
            }
            .into_any()
        }
    });

    view! {
        <li class="scene">
            <fieldset class="scene-card">
                <legend>
                    {format!("Scene {number}")}
                    {talking_head.then(|| view! { <span class="tag">" · talking head"</span> })}
                </legend>
                {if editable {
                    view! { <div class="scene-fields">{fields}</div> }.into_any()
                } else {
                    view! { <dl class="scene-fields">{fields}</dl> }.into_any()
                }}
                {editable
                    .then(|| {
                        view! {
                            // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page
                            // the moment a save starts; the handlers ignore a click with nothing to do.
                            <div class="actions">
                                <button
                                    type="button"
                                    class="button primary"
                                    on:click=save
                                    aria-disabled=move || (!dirty.get() || saving.get()).to_string()
                                >
                                    {format!("Save scene {number}")}
                                </button>
                                <button
                                    type="button"
                                    class="button"
                                    on:click=move |_| {
                                        if dirty.get_untracked() {
                                            settle(false)
                                        }
                                    }
                                    aria-disabled=move || (!dirty.get()).to_string()
                                >
                                    {format!("Discard scene {number} changes")}
                                </button>
                                <span class="save-state" role="status">
                                    {move || match state.get() {
                                        _ if saving.get() => "Saving…".to_owned(),
                                        SaveState::Saved if !dirty.get() => "Saved.".to_owned(),
                                        _ if dirty.get() => "Unsaved changes".to_owned(),
                                        _ => String::new(),
                                    }}
                                </span>
                            </div>
                        }
                    })}
                <MessageBanner
                    tone=Tone::Error
                    message=Signal::derive(move || match state.get() {
                        SaveState::Failed(m) => Some(m),
                        _ => {
                            theirs
                                .with(Option::is_some)
                                .then(|| {
                                    format!(
                                        "Scene {number} was changed and saved elsewhere (another tab or device) since you began editing it. \
                         Save scene {number} to keep your changes over it, or discard yours to take the saved text.",
                                    )
                                })
                        }
                    })
                />
            </fieldset>
        </li>
    }
}
