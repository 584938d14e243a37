//! A project's review page: its idea and scenes, editable while proposed, and approval with an
//! explicit statement of the credits it reserves.

use crate::api::{ApiError, ApproveRequest, ErrorKind, Project, ProjectStatus};
use crate::browser::approvals;
use crate::browser::leave_guard::guard_leaving;
use crate::browser::poller::now_ms;
use crate::browser::page::set_title;
use crate::components::{ConfirmDialog, ErrorBanner, SceneEditor, StatusBadge};
use crate::domain::credits::{approval_estimate, describe_duration};
use crate::domain::lifecycle::{can_approve, can_edit_scenes, label};
use crate::routes;
use crate::session::use_session;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::{use_navigate, use_params_map};
use std::collections::BTreeSet;

/// The project id in the address, if it is one.
pub fn use_project_id() -> Memo<Option<i64>> {
    let params = use_params_map();
    Memo::new(move |_| params.with(|p| p.get("id")?.parse::<i64>().ok().filter(|id| *id > 0)))
}

#[component]
pub fn ProjectPage() -> impl IntoView {
    let session = use_session();
    let project_id = use_project_id();
    // Lives above the review, which is rebuilt on every refetch: a notice explaining why the project
    // was re-read must outlive that rebuild.
    let notice = RwSignal::new(None::<String>);
    let project = LocalResource::new(move || {
        let (id, client) = (project_id.get(), session.client());
        async move {
            let (Some(id), Some(client)) = (id, client) else { return Err(None) };
            client.get_project(id).await.map_err(|e| session.check(&e).then_some(e))
        }
    });

    view! {
        {move || match project.get() {
            None => view! { <p role="status">"Loading the project…"</p> }.into_any(),
            Some(Err(Some(e))) if e.kind == ErrorKind::NotFound => view! { <ProjectMissing /> }.into_any(),
            Some(Err(None)) => view! { <ProjectMissing /> }.into_any(),
            Some(Err(Some(e))) => view! {
                <section class="page">
                    <ErrorBanner message=Signal::derive(move || Some(e.message.clone())) />
                    <button type="button" class="button" on:click=move |_| project.refetch()>"Try again"</button>
                </section>
            }.into_any(),
            Some(Ok(p)) => view! { <Review project=p notice=notice reload=Callback::new(move |_| project.refetch()) /> }.into_any(),
        }}
    }
}

#[component]
pub(crate) fn ProjectMissing() -> impl IntoView {
    set_title("Project not found");
    view! {
        <section class="page narrow" aria-labelledby="missing-heading">
            <h1 id="missing-heading">"Project not found"</h1>
            <p>"This project does not exist, or it belongs to another account."</p>
            <p><a href=routes::HOME>"Go to your projects"</a></p>
        </section>
    }
}

#[component]
fn Review(project: Project, notice: RwSignal<Option<String>>, reload: Callback<()>) -> impl IntoView {
    let title = if project.description.trim().is_empty() { format!("Project {}", project.id) } else { project.description.clone() };
    set_title(&title);
    let session = use_session();
    let id = project.id;
    let status = project.status.clone();
    let editable = can_edit_scenes(&status);
    let unsaved = RwSignal::new(BTreeSet::<i64>::new());
    guard_leaving(move || unsaved.with_untracked(|s| !s.is_empty()));

    let mut scenes = project.scenes.clone();
    scenes.sort_by_key(|s| s.scene_number);
    let last_number = scenes.last().map(|s| s.scene_number);
    let estimate = approval_estimate(scenes.len() as u32);

    // Approval: one confirmation is one request. `sent` is set synchronously before the request
    // starts and cleared only once the service is known not to have approved.
    let dialog_open = RwSignal::new(false);
    let approving = RwSignal::new(false);
    let sent = RwSignal::new(false);
    let dialog_error = RwSignal::new(None::<String>);
    let video_model = RwSignal::new(String::new());
    let image_model = RwSignal::new(String::new());

    let navigate = use_navigate();
    let settle_uncertain = {
        let navigate = navigate.clone();
        move |error: ApiError| {
        // The request may have reached the service and may still land, so it is never sent again from
        // this page: re-read the project and either move on or say how to check.
        let navigate = navigate.clone();
        spawn_local(async move {
            let now = match session.client() {
                Some(client) => client.get_project(id).await.ok().map(|p| p.status),
                None => None,
            };
            approving.set(false);
            if now.as_ref().is_some_and(|s| *s != ProjectStatus::Proposed) {
                dialog_open.set(false);
                navigate(&routes::project_video(id), Default::default());
            } else {
                dialog_error.set(Some(format!(
                    "{} storyreel could not confirm that the approval reached the service, so it will not send it again. Reload this page in a moment to see whether generation started; approve again only if it has not.",
                    error.message
                )));
            }
        });
    }};

    let approve = move |_| {
        if sent.get_untracked() || !unsaved.with_untracked(BTreeSet::is_empty) {
            return;
        }
        let Some(client) = session.client() else { return };
        sent.set(true);
        approving.set(true);
        dialog_error.set(None);
        let request = ApproveRequest::confirmed(&video_model.get_untracked(), &image_model.get_untracked());
        let (navigate, settle_uncertain) = (navigate.clone(), settle_uncertain.clone());
        spawn_local(async move {
            match client.approve_project(id, &request).await {
                Ok(_) => {
                    approvals::remember(id, now_ms());
                    approving.set(false);
                    dialog_open.set(false);
                    navigate(&routes::project_video(id), Default::default());
                }
                // A 401 ends the session and unmounts this page: touch none of its signals.
                Err(e) if !session.check(&e) => {}
                Err(e) if e.kind == ErrorKind::Forbidden => {
                    approving.set(false);
                    sent.set(false);
                    dialog_error.set(Some(format!("Not enough credits: {} Nothing was reserved, and your scenes are unchanged.", e.message)));
                }
                Err(e) if e.kind == ErrorKind::BadRequest => {
                    approving.set(false);
                    dialog_open.set(false);
                    notice.set(Some(format!("This project can no longer be approved: {}", e.message)));
                    reload.run(());
                }
                Err(e) => settle_uncertain(e),
            }
        });
    };

    let scene_views = scenes
        .into_iter()
        .map(|scene| {
            let talking_head = (project.use_avatar_first_scene && scene.scene_number == 1)
                || (project.use_avatar_last_scene && Some(scene.scene_number) == last_number);
            view! { <SceneEditor project_id=id scene=scene editable=editable talking_head=talking_head unsaved=unsaved /> }
        })
        .collect_view();

    let watch_label = if status == ProjectStatus::Completed { "Watch the video" } else { "Follow generation" };
    let read_only_reason = (!editable).then(|| match &status {
        ProjectStatus::Generating => "Generation has started, so the scenes can no longer be edited.".to_owned(),
        ProjectStatus::Completed => "This project is completed; its scenes can no longer be edited.".to_owned(),
        other => format!("This project is {}; scenes can be edited only while a project awaits approval.", label(other).to_lowercase()),
    });

    view! {
        <section class="page" aria-labelledby="project-heading">
            <div class="page-head">
                <h1 id="project-heading">{title}</h1>
                <StatusBadge status=status.clone() />
            </div>
            <p class="idea"><strong>"Story idea: "</strong>{project.ideas.clone()}</p>
            <ErrorBanner message=notice />
            {read_only_reason.map(|r| view! {
                <p class="banner banner-info" role="status">{r}" "<a href=routes::project_video(id)>{watch_label}</a></p>
            })}
            <h2>{format!("Scenes ({})", project.scenes.len())}</h2>
            <ol class="scene-list">{scene_views}</ol>
            {can_approve(&status).then(|| view! {
                <div class="approve-panel">
                    <p>{format!("Approving starts generation: {}. The credits are reserved at once.", estimate.summary())}</p>
                    {move || unsaved.with(|s| (!s.is_empty()).then(|| {
                        let list = s.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
                        view! { <p class="banner banner-warn" id="approve-blocked">{format!("Save or discard your changes to scene {list} before approving.")}</p> }
                    }))}
                    <button type="button" class="button primary"
                        disabled=move || !unsaved.with(BTreeSet::is_empty)
                        on:click=move |_| { dialog_error.set(None); dialog_open.set(true); }>
                        "Approve and generate…"
                    </button>
                </div>
                <ConfirmDialog
                    open=dialog_open
                    title="Approve and generate"
                    confirm_label=Signal::derive(move || if approving.get() { "Approving…".to_owned() } else { format!("Reserve {} credits and generate", estimate.credits) })
                    busy=sent
                    error=dialog_error
                    on_confirm=Callback::new(approve)
                >
                    <p>{format!(
                        "This reserves about {} credits from your balance immediately ({} scenes × about 100 credits). The {} video then takes 5 to 15 minutes to generate.",
                        estimate.credits, estimate.scenes, describe_duration(estimate.seconds)
                    )}</p>
                    <details>
                        <summary>"Models (optional)"</summary>
                        <div class="field">
                            <label for="video-model">"Video model"</label>
                            <input id="video-model" type="text" placeholder="Service default" prop:value=move || video_model.get()
                                on:input=move |ev| video_model.set(event_target_value(&ev)) />
                        </div>
                        <div class="field">
                            <label for="image-model">"Image model"</label>
                            <input id="image-model" type="text" placeholder="Service default" prop:value=move || image_model.get()
                                on:input=move |ev| image_model.set(event_target_value(&ev)) />
                        </div>
                        <p class="help">"Leave empty to use the service's default models."</p>
                    </details>
                </ConfirmDialog>
            })}
        </section>
    }
}
