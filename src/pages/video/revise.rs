//! Changing a finished video: regenerate one scene (costs credits, stated first) and upscale (free).
//! Both are one request per confirmation, like approval.

use crate::api::{Accepted, ApiError, Client, ErrorKind, ProjectStatus, Scene};
use crate::components::{ConfirmDialog, MessageBanner, TextField, Tone};
use crate::domain::revise::RegenerateChoice;
use crate::session::{use_session, Session};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::future::Future;

/// One request per confirmation. `sent` is set before the request starts and cleared only when
/// the service refused it; when it may have landed anyway, the project is re-read and the request
/// is never sent again from here.
#[derive(Clone, Copy)]
struct SendOnce {
    project_id: i64,
    session: Session,
    sent: RwSignal<bool>,
    error: RwSignal<Option<String>>,
}

impl SendOnce {
    fn new(project_id: i64) -> Self {
        Self { project_id, session: use_session(), sent: RwSignal::new(false), error: RwSignal::new(None) }
    }

    fn send<F>(
        self,
        request: impl FnOnce(Client) -> F + 'static,
        refused: impl FnOnce(&ApiError) -> String + 'static,
        unconfirmed: &'static str,
        started: impl FnOnce() + 'static,
    ) where
        F: Future<Output = Result<Accepted, ApiError>>,
    {
        let Self { project_id, session, sent, error } = self;
        if sent.get_untracked() {
            return;
        }
        let client = match session.client() {
            Ok(client) => client,
            Err(e) => return error.set(Some(e.message)),
        };
        sent.set(true);
        error.set(None);
        spawn_local(async move {
            match request(client.clone()).await {
                Ok(_) => started(),
                Err(e) if session.sign_out_if_rejected(&e) => {}
                Err(e) if e.may_have_landed() => {
                    let began = client.get_project(project_id).await;
                    if began.is_ok_and(|p| matches!(p.status, ProjectStatus::Generating | ProjectStatus::Upscaling)) {
                        started();
                    } else {
                        error.set(Some(format!("{} {unconfirmed}", e.message)));
                    }
                }
                Err(e) => {
                    sent.set(false);
                    error.set(Some(refused(&e)));
                }
            }
        });
    }
}

#[component]
pub fn RegenerateScene(project_id: i64, scene: Scene, on_started: Callback<()>) -> impl IntoView {
    let n = scene.scene_number;
    let choice = RwSignal::new(RegenerateChoice::for_scene(&scene));
    let open = RwSignal::new(false);
    let once = SendOnce::new(project_id);
    let (sent, error) = (once.sent, once.error);
    let scene = StoredValue::new(scene);

    let confirm = move |_| {
        let request = match choice.with_untracked(|c| scene.with_value(|s| c.request(s))) {
            Ok(r) => r,
            Err(problem) => return error.set(Some(problem.to_owned())),
        };
        once.send(
            move |client| async move { client.regenerate_scene(project_id, n, &request).await },
            move |e| match e.kind {
                ErrorKind::Forbidden => format!("Not enough credits: {} Nothing was charged.", e.message),
                ErrorKind::NotFound => format!("Scene {n} does not exist in this project any more: {}", e.message),
                _ => format!("The service refused: {} Your prompts are kept.", e.message),
            },
            "storyreel could not confirm that the request reached the service, so it will not send it again from here. Reload the page in a moment to check.",
            move || {
                open.set(false);
                on_started.run(());
            },
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
                <TextField id=field_id("image") label="Image prompt" rows=3 value=Signal::derive(move || choice.with(|c| c.image_prompt.clone()))
                    on_input=Callback::new(move |v| choice.update(|c| c.image_prompt = v)) />
                <TextField id=field_id("motion") label="Motion prompt" rows=2 value=Signal::derive(move || choice.with(|c| c.motion_prompt.clone()))
                    on_input=Callback::new(move |v| choice.update(|c| c.motion_prompt = v)) />
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
    let once = SendOnce::new(project_id);
    let (sent, error) = (once.sent, once.error);
    let upscale = move |_| {
        once.send(
            move |client| async move { client.upscale_project(project_id).await },
            |e| format!("Upscaling could not start: {}", e.message),
            "Reload the page in a moment to see whether upscaling started.",
            move || on_started.run(()),
        );
    };
    view! {
        <div class="approve-panel">
            <p>"Upscaling makes a higher-resolution copy of the final video. It is free for now and takes 5 to 10 minutes; the original stays available."</p>
            <button type="button" class="button" disabled=move || sent.get() on:click=upscale>"Upscale the video"</button>
            <MessageBanner tone=Tone::Error message=error />
        </div>
    }
}
