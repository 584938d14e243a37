//! Changing a finished video: regenerate one scene (costs credits, stated first) and upscale (free).
//! Both are one request per confirmation, like approval, across clicks, reloads and tabs; the page
//! follows the work once the service shows it (`hooks::use_paid_actions`).

use crate::api::{ApiError, ErrorKind, Scene};
use crate::components::{BudgetOutlook, ConfirmDialog, MessageBanner, TextField, Tone};
use crate::domain::keys;
use crate::domain::narration;
use crate::domain::paid_action::Paid;
use crate::domain::revise::RegenerateChoice;
use crate::domain::spending::regeneration_credits;
use crate::hooks::{use_effect, Outcomes, PaidActions};
use crate::stores::{drafts, spending};
use leptos::prelude::*;

/// The action on one scene's card: its button and the dialog that states the cost. Its button is
/// offered only while nothing paid on the project awaits confirmation (the page says why not).
#[component]
pub fn RegenerateScene(project_id: i64, scene: Scene, paid: PaidActions) -> impl IntoView {
    let n = scene.scene_number;
    let draft_key = keys::regenerate_draft(project_id, n);
    let choice = RwSignal::new(drafts::load(&draft_key).unwrap_or_else(|| RegenerateChoice::for_scene(&scene)));
    let (changed, sent_key) = (scene.clone(), StoredValue::new(draft_key.clone()));
    // What the person typed outlives the dialog and a sign-in; an untouched choice is no draft.
    use_effect(move || {
        choice.with(|c| {
            if *c == RegenerateChoice::for_scene(&changed) {
                drafts::clear(&draft_key)
            } else {
                drafts::save(&draft_key, c);
            }
        })
    });
    let open = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let sent = paid.busy();
    // The regeneration keeps the scene's narration (the request carries none): if it is likely too
    // long, the dialog says so before credits are spent on a scene whose voice may still be cut off.
    let long_narration = narration::too_long(&scene.narration_text).then(|| {
        let warning = narration::warn_long(&[n]).unwrap_or_default();
        view! { <p class="field-advice">{format!("{warning} Regenerating keeps the narration as it is.")}</p> }
    });
    let scene = StoredValue::new(scene);

    let confirm = move |_| {
        let request = match choice.with_untracked(|c| scene.with_value(|s| c.request(s))) {
            Ok(r) => r,
            Err(problem) => return error.set(Some(problem.to_owned())),
        };
        let video = choice.with_untracked(|c| c.video);
        paid.send(
            Paid::Regenerate { scene_number: n, video },
            "",
            move |client| async move { client.regenerate_scene(project_id, n, &request).await.map(drop) },
            Outcomes {
                started: Box::new(move || {
                    sent_key.with_value(|k| drafts::clear(k));
                    open.set(false);
                }),
                refused: Box::new(move |e: ApiError| {
                    error.set(Some(match e.kind {
                        ErrorKind::Forbidden => format!("{}, so nothing was charged.", e.not_enough_credits()),
                        ErrorKind::NotFound => e.after(&format!("Scene {n} does not exist in this project any more")),
                        _ => e.after("Nothing was charged and your prompts are kept, because the service refused"),
                    }))
                }),

                unsure: None,
            },
            error,
        );
    };

    let cost = move || {
        if choice.with(|c| c.video) {
            "about 100 credits".to_owned()
        } else {
            "extra credits for a new image".to_owned()
        }
    };
    let field_id = move |what: &str| format!("regen-{n}-{what}");
    view! {
        <Show when=move || paid.offered() || open.get()>
            <button
                type="button"
                class="button small"
                on:click=move |_| {
                    error.set(None);
                    open.set(true);
                }
            >
                {format!("Regenerate scene {n}…")}
            </button>
        </Show>
        <ConfirmDialog
            open=open
            title=format!("Regenerate scene {n}")
            confirm_label=Signal::derive(move || {
                if sent.get() { "Sending…".to_owned() } else { format!("Regenerate ({})", cost()) }
            })
            busy=sent
            error=error
            on_confirm=Callback::new(confirm)
        >
            <p>
                {move || {
                    format!(
                        "Regenerating costs additional credits: {}, charged when you confirm. The final video is then put together again (a few minutes).",
                        cost(),
                    )
                }}
            </p>
            <p>{move || open.get().then(|| spending::so_far(project_id))}</p>
            <BudgetOutlook open=open adds=Signal::derive(move || regeneration_credits(choice.with(|c| c.video))) />
            <MessageBanner tone=Tone::Warning message=paid.warning() />
            {long_narration}
            <TextField
                id=field_id("image")
                label="Image prompt"
                rows=3
                value=Signal::derive(move || choice.with(|c| c.image_prompt.clone()))
                on_input=Callback::new(move |v| choice.update(|c| c.image_prompt = v))
            />
            <TextField
                id=field_id("motion")
                label="Motion prompt"
                rows=2
                value=Signal::derive(move || choice.with(|c| c.motion_prompt.clone()))
                on_input=Callback::new(move |v| choice.update(|c| c.motion_prompt = v))
            />
            <fieldset class="field">
                <legend>"Make new"</legend>
                <div class="field checkbox">
                    <input
                        type="checkbox"
                        id=field_id("new-image")
                        prop:checked=move || choice.with(|c| c.image)
                        on:change=move |ev| choice.update(|c| c.image = event_target_checked(&ev))
                    />
                    <label for=field_id("new-image")>"Image"</label>
                </div>
                <div class="field checkbox">
                    <input
                        type="checkbox"
                        id=field_id("new-video")
                        prop:checked=move || choice.with(|c| c.video)
                        on:change=move |ev| choice.update(|c| c.video = event_target_checked(&ev))
                    />
                    <label for=field_id("new-video")>"Video"</label>
                </div>
                {move || {
                    choice
                        .with(|c| !c.image && !c.video)
                        .then(|| view! { <p class="field-error">"Choose the image, the video, or both."</p> })
                }}
            </fieldset>
        </ConfirmDialog>
    }
}

#[component]
pub fn UpscalePanel(project_id: i64, paid: PaidActions) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    // Free, so asked without a question; but after an upscale sent earlier was never confirmed, a dialog
    // says that one may still run before another is sent.
    let asking_again = RwSignal::new(false);
    let upscale = move || {
        paid.send(
            Paid::Upscale,
            "",
            move |client| async move { client.upscale_project(project_id).await.map(drop) },
            Outcomes {
                started: Box::new(move || asking_again.set(false)),
                refused: Box::new(move |e: ApiError| error.set(Some(e.after("Upscaling could not start")))),

                unsure: None,
            },
            error,
        );
    };
    let warning = paid.warning();
    view! {
        <div class="approve-panel">
            <p>
                "Upscaling makes a higher-resolution copy of the final video. It is free for now and takes 5 to 10 minutes; the original stays available."
            </p>
            <button
                type="button"
                class="button"
                disabled=move || !paid.offered()
                on:click=move |_| {
                    if warning.with_untracked(Option::is_some) { asking_again.set(true) } else { upscale() }
                }
            >
                "Upscale the video"
            </button>
            <MessageBanner tone=Tone::Error message=error />
        </div>
        <ConfirmDialog
            open=asking_again
            title="Upscale again"
            confirm_label="Upscale the video"
            busy=paid.busy()
            error=error
            on_confirm=Callback::new(move |_| upscale())
        >
            <MessageBanner tone=Tone::Warning message=warning />
        </ConfirmDialog>
    }
}
