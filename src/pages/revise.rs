//! Changing a finished video: regenerate one scene (costs credits, stated first) and upscale (free).
//! Both are one request per confirmation, like approval.

use crate::api::{ApiError, ErrorKind, ProjectStatus, Scene};
use crate::components::ConfirmDialog;
use crate::domain::revise::RegenerateChoice;
use crate::session::use_session;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// After a timeout the request may have landed: re-read the project and carry on if it did.
async fn started_anyway(client: crate::api::Client, project_id: i64) -> bool {
    client.get_project(project_id).await.is_ok_and(|p| matches!(p.status, ProjectStatus::Generating | ProjectStatus::Upscaling))
}

fn uncertain(error: &ApiError) -> bool {
    matches!(error.kind, ErrorKind::Timeout | ErrorKind::Network | ErrorKind::Server { .. } | ErrorKind::Decode)
}

#[component]
pub fn RegenerateScene(project_id: i64, scene: Scene, on_started: Callback<()>) -> impl IntoView {
    let session = use_session();
    let n = scene.scene_number;
    let choice = RwSignal::new(RegenerateChoice::for_scene(&scene));
    let open = RwSignal::new(false);
    let sent = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let scene = StoredValue::new(scene);

    let confirm = move |_| {
        if sent.get_untracked() {
            return;
        }
        let request = match choice.with_untracked(|c| scene.with_value(|s| c.request(s))) {
            Ok(r) => r,
            Err(problem) => return error.set(Some(problem.to_owned())),
        };
        let Some(client) = session.client() else { return };
        sent.set(true);
        error.set(None);
        spawn_local(async move {
            match client.regenerate_scene(project_id, n, &request).await {
                Ok(_) => {
                    open.set(false);
                    on_started.run(());
                }
                Err(e) if !session.check(&e) => {}
                Err(e) if uncertain(&e) => {
                    if started_anyway(client.clone(), project_id).await {
                        open.set(false);
                        on_started.run(());
                    } else {
                        error.set(Some(format!("{} storyreel could not confirm that the request reached the service, so it will not send it again from here. Reload the page in a moment to check.", e.message)));
                    }
                }
                Err(e) => {
                    sent.set(false);
                    error.set(Some(match e.kind {
                        ErrorKind::Forbidden => format!("Not enough credits: {} Nothing was charged.", e.message),
                        ErrorKind::NotFound => format!("Scene {n} does not exist in this project any more: {}", e.message),
                        _ => format!("The service refused: {} Your prompts are kept.", e.message),
                    }));
                }
            }
        });
    };

    let cost = move || if choice.with(|c| c.video) { "about 100 credits".to_owned() } else { "extra credits for a new image".to_owned() };
    let field_id = move |what: &str| format!("regen-{n}-{what}");
    view! {
        <li>
            <button type="button" class="button small" on:click=move |_| { error.set(None); open.set(true); }>{format!("Regenerate scene {n}…")}</button>
            <ConfirmDialog
                open=open
                title=format!("Regenerate scene {n}")
                confirm_label=Signal::derive(move || if sent.get() { "Sending…".to_owned() } else { format!("Regenerate ({})", cost()) })
                busy=sent
                error=error
                on_confirm=Callback::new(confirm)
            >
                <p>{move || format!("Regenerating costs additional credits: {}, charged when you confirm. The final video is then put together again (a few minutes).", cost())}</p>
                <div class="field">
                    <label for=field_id("image")>"Image prompt"</label>
                    <textarea id=field_id("image") rows="3" prop:value=move || choice.with(|c| c.image_prompt.clone())
                        on:input=move |ev| choice.update(|c| c.image_prompt = event_target_value(&ev))></textarea>
                </div>
                <div class="field">
                    <label for=field_id("motion")>"Motion prompt"</label>
                    <textarea id=field_id("motion") rows="2" prop:value=move || choice.with(|c| c.motion_prompt.clone())
                        on:input=move |ev| choice.update(|c| c.motion_prompt = event_target_value(&ev))></textarea>
                </div>
                <fieldset class="field">
                    <legend>"Make new"</legend>
                    <div class="field checkbox">
                        <input type="checkbox" id=field_id("new-image") prop:checked=move || choice.with(|c| c.image)
                            on:change=move |ev| choice.update(|c| c.image = event_target_checked(&ev)) />
                        <label for=field_id("new-image")>"Image"</label>
                    </div>
                    <div class="field checkbox">
                        <input type="checkbox" id=field_id("new-video") prop:checked=move || choice.with(|c| c.video)
                            on:change=move |ev| choice.update(|c| c.video = event_target_checked(&ev)) />
                        <label for=field_id("new-video")>"Video"</label>
                    </div>
                    {move || choice.with(|c| !c.image && !c.video).then(|| view! { <p class="field-error">"Choose the image, the video, or both."</p> })}
                </fieldset>
            </ConfirmDialog>
        </li>
    }
}

#[component]
pub fn UpscalePanel(project_id: i64, on_started: Callback<()>) -> impl IntoView {
    let session = use_session();
    let sent = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let upscale = move |_| {
        if sent.get_untracked() {
            return;
        }
        let Some(client) = session.client() else { return };
        sent.set(true);
        error.set(None);
        spawn_local(async move {
            match client.upscale_project(project_id).await {
                Ok(_) => on_started.run(()),
                Err(e) if !session.check(&e) => {}
                Err(e) if uncertain(&e) => {
                    if started_anyway(client.clone(), project_id).await {
                        on_started.run(());
                    } else {
                        error.set(Some(format!("{} Reload the page in a moment to see whether upscaling started.", e.message)));
                    }
                }
                Err(e) => {
                    sent.set(false);
                    error.set(Some(format!("Upscaling could not start: {}", e.message)));
                }
            }
        });
    };
    view! {
        <div class="approve-panel">
            <p>"Upscaling makes a higher-resolution copy of the final video. It is free for now and takes 5 to 10 minutes; the original stays available."</p>
            <button type="button" class="button" disabled=move || sent.get() on:click=upscale>"Upscale the video"</button>
            {move || error.get().map(|m| view! { <p class="banner banner-error" role="alert">{m}</p> })}
        </div>
    }
}
