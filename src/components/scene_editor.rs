use crate::api::{Scene, SceneUpdate};
use crate::browser::drafts;
use crate::components::{MessageBanner, TextField, Tone};
use crate::domain::scene_edit::SceneText;
use crate::json::{FromJson, Map, ToJson, Value};
use crate::session::use_session;
use leptos::prelude::*;
use std::collections::BTreeSet;

#[derive(Clone, PartialEq)]
enum SaveState {
    Idle,
    Saved,
    Failed(String),
}

// A project's drafts are one object on the device, keyed by scene id.
fn stored_draft(project_id: i64, scene_id: i64) -> Option<SceneText> {
    let all = drafts::load::<Map<String, Value>>(&drafts::project_key(project_id))?;
    SceneText::from_json(all.get(&scene_id.to_string())?)
}

fn store_draft(project_id: i64, scene_id: i64, draft: Option<&SceneText>) {
    let key = drafts::project_key(project_id);
    let mut all = drafts::load::<Map<String, Value>>(&key).unwrap_or_default();
    match draft {
        Some(text) => all.insert(scene_id.to_string(), text.to_json()),
        None => all.remove(&scene_id.to_string()),
    };
    if all.is_empty() {
        drafts::clear(&key)
    } else {
        drafts::save(&key, &all)
    }
}

const FIELDS: [(&str, &str, fn(&mut SceneText) -> &mut String); 4] = [
    ("description", "Description", |t| &mut t.description),
    ("image-prompt", "Image prompt", |t| &mut t.image_prompt),
    ("motion-prompt", "Motion prompt", |t| &mut t.motion_prompt),
    ("narration", "Narration", |t| &mut t.narration_text),
];

/// Tells the page which scenes have unsaved edits, and keeps those edits as a draft in storage
/// (`draft_id` is the scene id while it is editable) until they are saved or discarded.
fn keep_drafts(
    project_id: i64,
    draft_id: Option<i64>,
    number: i64,
    edited: RwSignal<SceneText>,
    dirty: Memo<bool>,
    unsaved: RwSignal<BTreeSet<i64>>,
) {
    Effect::new(move |_| {
        let is_dirty = dirty.get();
        unsaved.update(|set| {
            if is_dirty {
                set.insert(number)
            } else {
                set.remove(&number)
            };
        });
        if let Some(id) = draft_id {
            edited.with_untracked(|e| store_draft(project_id, id, is_dirty.then_some(e)));
        }
    });
    // Keep the draft current as the person types (the effect above only runs when dirtiness flips).
    Effect::new(move |_| {
        let text = edited.get();
        if let Some(id) = draft_id.filter(|_| dirty.get_untracked()) {
            store_draft(project_id, id, Some(&text));
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
    unsaved: RwSignal<BTreeSet<i64>>,
) -> impl IntoView {
    let session = use_session();
    let number = scene.scene_number;
    let scene_id = scene.id;
    let saved = RwSignal::new(SceneText::of(&scene));
    let draft = scene_id.filter(|_| editable).and_then(|id| stored_draft(project_id, id));
    let edited = RwSignal::new(draft.unwrap_or_else(|| saved.get_untracked()));
    let state = RwSignal::new(SaveState::Idle);
    let dirty = Memo::new(move |_| edited.with(|e| saved.with(|s| e != s)));

    keep_drafts(project_id, scene_id.filter(|_| editable), number, edited, dirty, unsaved);

    let save_action = Action::new_local(move |(id, update): &(i64, SceneUpdate)| {
        let (id, update, client) = (*id, update.clone(), session.client());
        async move {
            let outcome = match client {
                Ok(client) => client.update_scene(project_id, id, &update).await,
                Err(e) => Err(e),
            };
            match outcome {
                Ok(()) => {
                    saved.update(|s| *s = s.with_update(&update));
                    state.set(SaveState::Saved);
                }
                Err(e) if session.sign_out_if_rejected(&e) => {} // signed out: this view is gone
                Err(e) => state.set(SaveState::Failed(format!("Not saved: {} Your text is kept.", e.message))),
            }
        }
    });
    let saving = save_action.pending();
    let save = move |_| {
        let Some(id) = scene_id else {
            state.set(SaveState::Failed("This scene has no id from the service, so it cannot be saved.".into()));
            return;
        };
        let update = edited.get_untracked().changes_from(&saved.get_untracked());
        if saving.get_untracked() || update.is_empty() {
            return;
        }
        state.set(SaveState::Idle);
        save_action.dispatch_local((id, update));
    };
    let discard = move |_| {
        edited.set(saved.get_untracked());
        state.set(SaveState::Idle);
    };

    let fields = FIELDS.map(|(slug, label, field)| {
        let id = format!("scene-{number}-{slug}");
        let value = move || edited.with(|t| field(&mut t.clone()).clone());
        if editable {
            let on_input = Callback::new(move |text: String| {
                state.set(SaveState::Idle);
                edited.update(|t| *field(t) = text);
            });
            view! { <TextField id=id label=label rows=3 value=Signal::derive(value) on_input=on_input /> }.into_any()
        } else {
            view! { <div class="field"><dt>{label}</dt><dd>{value}</dd></div> }.into_any()
        }
    });

    view! {
        <li class="scene">
            <fieldset class="scene-card">
                <legend>
                    {format!("Scene {number}")}
                    {talking_head.then(|| view! { <span class="tag">" · talking head"</span> })}
                </legend>
                {if editable { view! { <div class="scene-fields">{fields}</div> }.into_any() } else { view! { <dl class="scene-fields">{fields}</dl> }.into_any() }}
                {editable.then(|| view! {
                    <div class="actions">
                        <button type="button" class="button primary" on:click=save
                            disabled=move || !dirty.get() || saving.get()>
                            {format!("Save scene {number}")}
                        </button>
                        <button type="button" class="button" on:click=discard disabled=move || !dirty.get()>
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
                })}
                <MessageBanner tone=Tone::Error message=Signal::derive(move || match state.get() {
                    SaveState::Failed(m) => Some(m),
                    _ => None,
                }) />
            </fieldset>
        </li>
    }
}
