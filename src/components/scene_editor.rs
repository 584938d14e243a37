//! One scene's editor: the view. Its edits, drafts and saving are `hooks::use_scene_edit`.

use crate::api::Scene;
use crate::components::{MessageBanner, TextField, Tone};
use crate::domain::narration;
use crate::domain::scene_edit::SceneText;
use crate::domain::scene_history::History;
use crate::hooks::{use_scene_edit, Orders, SaveState, SceneEdit};
use leptos::prelude::*;

/// A scene text's field: its key, its label, and how it is read and written.
type Field = (&'static str, &'static str, fn(&SceneText) -> &String, fn(&mut SceneText) -> &mut String);

const FIELDS: [Field; 4] = [
    ("description", "Description", |t| &t.description, |t| &mut t.description),
    ("image-prompt", "Image prompt", |t| &t.image_prompt, |t| &mut t.image_prompt),
    ("motion-prompt", "Motion prompt", |t| &t.motion_prompt, |t| &mut t.motion_prompt),
    ("narration", "Narration", |t| &t.narration_text, |t| &mut t.narration_text),
];

/// One scene of a project: its texts, editable in place while the project is proposed, with
/// unsaved edits kept as a draft and saved on request (only the changed fields are sent).
#[component]
pub fn SceneEditor(
    project_id: i64,
    scene: Scene,
    /// The scene as the service first proposed it, when this device kept that.
    proposed: Option<SceneText>,
    editable: bool,
    talking_head: bool,
    /// Scene numbers with unsaved edits, for the page to gate approval on.
    unsaved: RwSignal<Vec<i64>>,
    /// Told the scene's number and texts each time the service is known to hold new ones.
    #[prop(optional)]
    on_saved: Option<Callback<(i64, SceneText)>>,
    /// What the review asks of every scene at once (a style, its undoing, a save).
    #[prop(optional)]
    orders: Option<Orders>,
) -> impl IntoView {
    let number = scene.scene_number;
    let SceneEdit {
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
    } = use_scene_edit(project_id, &scene, proposed, editable, unsaved, on_saved, orders);
    let save = move |_| save.run(());
    let settle = move |keep: bool| settle.run(keep);
    let can_undo = Memo::new(move |_| history.with(|h| h.can_undo()));
    let can_redo = Memo::new(move |_| history.with(|h| h.can_redo()));
    // Undo (`back`) or Redo: offered while there is a step to take.
    let step_button = move |label: &'static str, back: bool, can: Memo<bool>| {
        view! {
            <button
                type="button"
                class="button"
                aria-label=format!("{label} in scene {number}")
                on:click=move |_| step.run(back)
                aria-disabled=move || (!can.get()).to_string()
            >
                {label}
            </button>
        }
    };

    let fields = FIELDS.into_iter().enumerate().map(|(at, (slug, label, read, field))| {
        let id = format!("scene-{number}-{slug}");
        let value = move || edited.with(|t| read(t).clone());
        if editable {
            let on_input = Callback::new(move |text: String| {
                state.set(SaveState::Idle);
                moved.set(None);
                edited.with_untracked(|before| history.update(|h| h.typed(at, before)));
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
    }).collect_view();

    view! {
        <li class="scene">
            // Leaving a field ends its typing step: coming back to it later is another change to undo.
            <fieldset class="scene-card" on:focusout=move |_| history.update(History::pause)>
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
                                    id=format!("scene-{number}-save")
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
                                    {move || match (state.get(), moved.get()) {
                                        _ if saving.get() => "Saving…".to_owned(),
                                        (SaveState::Saved, _) if !dirty.get() => "Saved.".to_owned(),
                                        (_, Some(m)) if dirty.get() => format!("{m}: unsaved changes"),
                                        (_, Some(m)) => format!("{m}: as saved."),
                                        _ if dirty.get() => "Unsaved changes".to_owned(),
                                        _ => String::new(),
                                    }}
                                </span>
                            </div>
                            // Beside the text's own undo (the browser's, in a field, until it is left):
                            // these span the visit's saves and the whole scene.
                            <div class="actions">
                                {step_button("Undo", true, can_undo)} {step_button("Redo", false, can_redo)}
                                {to_proposal
                                    .map(|to_proposal| {
                                        view! {
                                            <button
                                                type="button"
                                                class="button"
                                                aria-label=format!("Back to the proposal in scene {number}")
                                                on:click=move |_| {
                                                    if off_proposal.get_untracked() {
                                                        to_proposal.run(())
                                                    }
                                                }
                                                aria-disabled=move || (!off_proposal.get()).to_string()
                                            >
                                                "Back to the proposal"
                                            </button>
                                        }
                                    })}
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
