//! A project after approval: generation watched live (status checked on the polling schedule),
//! then the finished video, or what went wrong and what to do next.

use super::project::{use_project_id, ProjectMissing};
use crate::api::{ApiError, ErrorKind, Project, ProjectStatus, SceneProgress, StatusReport};
use crate::browser::poller::{now_ms, Poller};
use crate::browser::{approvals, drafts, notify, page::set_title, visibility};
use crate::components::{Clip, ErrorBanner, StatusBadge, VideoPlayer};
use crate::domain::credits::{describe_duration, describe_ms};
use crate::domain::generation::{asset_label, step_label, StallWatch};
use crate::domain::lifecycle::{can_edit_scenes, is_terminal};
use crate::domain::media::{revised_media_url, safe_media_url};
use crate::domain::polling::{outcome_after_error, Outcome, PollSchedule};
use crate::domain::revise::{can_regenerate, can_upscale};
use super::revise::{RegenerateScene, UpscalePanel};
use crate::domain::story::StoryDraft;
use crate::routes;
use crate::session::use_session;
use gloo_timers::callback::Interval;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;
use send_wrapper::SendWrapper;

/// What the view shows of the schedule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PollView {
    last_answer_at: Option<u64>,
    next_at: Option<u64>,
    in_flight: bool,
    reconnecting: bool,
    rate_limited: bool,
}

impl From<&PollSchedule> for PollView {
    fn from(s: &PollSchedule) -> Self {
        Self { last_answer_at: s.last_answer_at(), next_at: s.next_at(), in_flight: s.in_flight(), reconnecting: s.reconnecting(), rate_limited: s.rate_limited() }
    }
}

/// Which part of the page the project's state calls for; the page is rebuilt only when this changes,
/// never on each answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Working,
    /// Completed, or upscaling a completed video (which stays playable).
    Done,
    Failed,
}

#[component]
pub fn VideoPage() -> impl IntoView {
    let project_id = use_project_id();
    // A regeneration or an upscale starts a new round of watching, from a fresh schedule.
    let round = RwSignal::new(0u32);
    let restart = Callback::new(move |_| round.update(|r| *r += 1));
    move || {
        round.track();
        match project_id.get() {
            Some(id) => view! { <Watch id=id restart=restart /> }.into_any(),
            None => view! { <ProjectMissing /> }.into_any(),
        }
    }
}

#[component]
fn Watch(id: i64, restart: Callback<()>) -> impl IntoView {
    let session = use_session();
    let report = RwSignal::new(None::<StatusReport>);
    let project = RwSignal::new(None::<Project>);
    let gone = RwSignal::new(false);
    let problem = RwSignal::new(None::<String>);
    let poll = RwSignal::new(PollView::default());
    let now = RwSignal::new(now_ms());
    let opened_at = now_ms();
    let approved_at = approvals::approved_at(id);
    let stall = StoredValue::new(None::<StallWatch>);
    let notify_wanted = RwSignal::new(false);
    let permission = RwSignal::new(notify::permission());
    let navigate = use_navigate();

    let load_project = move || {
        let Some(client) = session.client() else { return };
        spawn_local(async move {
            match client.get_project(id).await {
                Ok(p) => project.set(Some(p)),
                Err(e) if !session.check(&e) => {}
                Err(e) if e.kind == ErrorKind::NotFound => gone.set(true),
                // The status checks say what is wrong; the project only adds texts and addresses.
                Err(_) => {}
            }
        });
    };
    load_project();

    let apply = move |answer: Result<StatusReport, ApiError>| -> Outcome {
        match answer {
            Ok(r) => {
                let at = now_ms();
                stall.update_value(|w| match w {
                    Some(w) => w.observe(r.progress, at),
                    None => *w = Some(StallWatch::new(r.progress, at)),
                });
                problem.set(None);
                let was = report.with_untracked(|old| old.as_ref().map(|o| o.status.clone()));
                let finished = is_terminal(&r.status);
                if finished && was.as_ref() != Some(&r.status) {
                    // The project object carries what the status does not: the upscaled video and every clip.
                    load_project();
                    if was.is_some() && notify_wanted.get_untracked() && visibility::is_hidden() {
                        let done = r.status == ProjectStatus::Completed;
                        notify::show(if done { "Your video is ready" } else { "Video generation failed" }, &heading(project.get_untracked().as_ref(), id));
                    }
                }
                let not_approved = can_edit_scenes(&r.status);
                report.set(Some(r));
                if not_approved {
                    navigate(&routes::project(id), NavigateOptions { replace: true, ..Default::default() });
                    return Outcome::GaveUp;
                }
                if finished { Outcome::Finished } else { Outcome::Answered }
            }
            Err(e) if !session.check(&e) => Outcome::GaveUp,
            Err(e) if e.kind == ErrorKind::NotFound => {
                gone.set(true);
                Outcome::GaveUp
            }
            Err(e) => {
                problem.set(Some(e.message));
                outcome_after_error(&e.kind)
            }
        }
    };
    let poller = Poller::start(
        session.poll_interval_ms(),
        move || {
            let client = session.client();
            async move {
                match client {
                    Some(client) => client.project_status(id).await,
                    None => Err(ApiError::network()),
                }
            }
        },
        apply,
        move |s| poll.set(PollView::from(s)),
    );
    let ticker = Interval::new(1000, move || now.set(now_ms()));
    let poller = StoredValue::new_local(poller);
    visibility::on_visible(move || poller.with_value(Poller::became_visible));
    let held = SendWrapper::new(ticker);
    on_cleanup(move || {
        poller.with_value(Poller::stop);
        drop(held);
    });

    // The tab's title tells the state while the person works elsewhere.
    Effect::new(move |_| {
        let name = project.with(|p| heading(p.as_ref(), id));
        match report.with(|r| r.as_ref().map(|r| (r.status.clone(), r.progress))) {
            Some((ProjectStatus::Completed, _)) => set_title("✓ Ready"),
            Some((ProjectStatus::Failed, _)) => set_title(&format!("Failed · {name}")),
            Some((_, progress)) => set_title(&format!("{progress}% · {name}")),
            None => set_title(&name),
        }
    });

    let status = Signal::derive(move || {
        report.with(|r| r.as_ref().map(|r| r.status.clone())).or_else(|| project.with(|p| p.as_ref().map(|p| p.status.clone()))).unwrap_or_else(|| ProjectStatus::Unknown(String::new()))
    });
    let scene_rows = Signal::derive(move || scene_progress(report.get().as_ref(), project.get().as_ref()));

    let phase = Memo::new(move |_| {
        report.with(|r| {
            r.as_ref().map(|r| match r.status {
                ProjectStatus::Completed | ProjectStatus::Upscaling => Phase::Done,
                ProjectStatus::Failed => Phase::Failed,
                _ => Phase::Working,
            })
        })
    });
    // Rebuilt only when the phase changes (measured: rebuilding views on every answer grew wasm
    // memory by ~300 bytes a check, and would restart the player during an upscale).
    let body = move || {
        if gone.get() {
            return view! { <ProjectMissing /> }.into_any();
        }
        match phase.get() {
            None => view! {
                <p role="status">"Checking the project's status…"</p>
                <ErrorBanner message=problem />
            }
            .into_any(),
            Some(Phase::Working) => view! { <Progress report=report /> }.into_any(),
            Some(Phase::Done) => view! { <Finished id=id report=report project=project reload=Callback::new(move |_| load_project()) restart=restart /> }.into_any(),
            Some(Phase::Failed) => {
                let r = report.get_untracked().unwrap_or_default();
                view! { <Failure report=r project=project rows=scene_rows /> }.into_any()
            }
        }
    };

    let active = move || report.with(|r| r.as_ref().is_none_or(|r| !is_terminal(&r.status))) && !gone.get();
    let regenerating = move || phase.get() == Some(Phase::Working) && project.with(|p| p.as_ref().is_some_and(|p| p.final_video_url.is_some()));

    view! {
        <section class="page" aria-labelledby="video-heading">
            <div class="page-head">
                <h1 id="video-heading">{move || project.with(|p| heading(p.as_ref(), id))}</h1>
                <StatusBadge status=status />
            </div>
            {move || regenerating().then(|| view! {
                <p class="banner banner-info">"The current video is out of date: it is being re-stitched with the regenerated scene and will be replaced here automatically."</p>
            })}
            {body}
            <Show when=active>
                <p class="muted">{move || elapsed_text(approved_at, opened_at, now.get())}</p>
                {move || stall.with_value(|w| w.is_some_and(|w| w.stalled(now.get()))).then(|| view! {
                    <p class="banner banner-info">"Progress has not moved for a few minutes. That is normal: generation can take up to 15 minutes, and this page keeps checking."</p>
                })}
                <div class="poll-line">
                    <p class="muted">{move || poll_text(poll.get(), now.get())}</p>
                    <button type="button" class="button small" disabled=move || poll.with(|p| p.in_flight || p.rate_limited)
                        on:click=move |_| poller.with_value(Poller::check_now)>"Check now"</button>
                </div>
                {move || poll.with(|p| p.reconnecting || p.rate_limited).then(|| view! {
                    <p class="banner banner-warn" role="status">
                        {move || if poll.with(|p| p.rate_limited) { "The service asked storyreel to check less often; it will check again as asked. " } else { "Reconnecting… " }}
                        {move || problem.get()}
                    </p>
                })}
                {move || match permission.get() {
                    notify::Permission::NotAsked | notify::Permission::Granted if !notify_wanted.get() => Some(view! {
                        <button type="button" class="button small" on:click=move |_| notify::request(move |answer| {
                            permission.set(answer);
                            notify_wanted.set(answer == notify::Permission::Granted);
                        })>"Notify me when it's ready"</button>
                    }.into_any()),
                    _ if notify_wanted.get() => Some(view! { <p class="muted">"You will get a notification when the video is ready, if this tab is in the background."</p> }.into_any()),
                    _ => None,
                }}
                <SceneRows rows=scene_rows />
            </Show>
            <p><a href=routes::project(id)>"See the scenes' texts"</a></p>
        </section>
    }
}

fn heading(project: Option<&Project>, id: i64) -> String {
    match project {
        Some(p) if !p.description.trim().is_empty() => p.description.clone(),
        _ => format!("Project {id}"),
    }
}

fn poll_text(p: PollView, now: u64) -> String {
    if p.in_flight {
        return "Checking now…".into();
    }
    let checked = p.last_answer_at.map(|at| format!("Checked {} ago", describe_ms(now.saturating_sub(at))));
    let next = p.next_at.map(|at| format!("next check in {}", describe_ms(at.saturating_sub(now))));
    match (checked, next) {
        (Some(c), Some(n)) => format!("{c} · {n}"),
        (None, Some(n)) => format!("Not checked yet · {n}"),
        (Some(c), None) => c,
        (None, None) => String::new(),
    }
}

fn elapsed_text(approved_at: Option<u64>, opened_at: u64, now: u64) -> String {
    let since = |at: u64| describe_duration((now.saturating_sub(at) / 1000) as u32);
    match approved_at {
        Some(at) => format!("Generating for {} since you approved it. It usually takes 5 to 15 minutes.", since(at)),
        None => format!("Watching for {}. Generation usually takes 5 to 15 minutes.", since(opened_at)),
    }
}

/// A row per scene: from the latest status, or the project's scenes before the first status arrives.
fn scene_progress(report: Option<&StatusReport>, project: Option<&Project>) -> Vec<SceneProgress> {
    let mut rows = report.map(|r| r.scenes.clone()).unwrap_or_default();
    if rows.is_empty() {
        rows = project
            .map(|p| {
                p.scenes
                    .iter()
                    .map(|s| SceneProgress { scene_number: s.scene_number, image_url: s.image_url.clone(), video_url: s.video_url.clone(), ..Default::default() })
                    .collect()
            })
            .unwrap_or_default();
    }
    rows.sort_by_key(|s| s.scene_number);
    rows
}

#[component]
fn Progress(report: RwSignal<Option<StatusReport>>) -> impl IntoView {
    let percent = move || report.with(|r| r.as_ref().map_or(0, |r| r.progress));
    let step = move || report.with(|r| r.as_ref().and_then(StatusReport::step).map(|s| step_label(&s))).unwrap_or_else(|| "Working".into());
    view! {
        <div class="progress-block">
            <label for="generation-progress">"Overall progress"</label>
            <div class="progress-row">
                <progress id="generation-progress" max="100" value=percent></progress>
                <span class="progress-figure">{move || format!("{}%", percent())}</span>
            </div>
            <p aria-live="polite" class="step">{move || format!("{} · {}% done", step(), percent())}</p>
        </div>
    }
}

#[component]
fn SceneRows(#[prop(into)] rows: Signal<Vec<SceneProgress>>) -> impl IntoView {
    view! {
        <h2>"Scenes"</h2>
        <ol class="scene-progress">
            {move || rows.get().into_iter().map(|s| {
                let n = s.scene_number;
                let image = s.image_url.as_deref().and_then(safe_media_url).map(str::to_owned);
                let clip = s.video_url.as_deref().and_then(safe_media_url).map(str::to_owned);
                view! {
                    <li class="scene-progress-row">
                        <h3>{format!("Scene {n}")}</h3>
                        <p>{format!("Image: {} · Video: {}", asset_label(&s.image_status), asset_label(&s.video_status))}</p>
                        {image.map(|src| view! { <img src=src alt=format!("Scene {n} image") loading="lazy" width="160" height="90" /> })}
                        {clip.map(|src| view! { <video src=src controls muted preload="metadata" aria-label=format!("Scene {n} clip") width="160" height="90"></video> })}
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

#[component]
fn Finished(id: i64, report: RwSignal<Option<StatusReport>>, project: RwSignal<Option<Project>>, reload: Callback<()>, restart: Callback<()>) -> impl IntoView {
    let revised = move |url: Option<&String>, p: &Project| url.map(|u| revised_media_url(u, p.updated_at.as_deref().unwrap_or_default()));
    let final_url = Signal::derive(move || {
        project
            .with(|p| p.as_ref().and_then(|p| revised(p.final_video_url.as_ref(), p)))
            .or_else(|| report.with(|r| r.as_ref().and_then(|r| r.final_video_url.clone())))
    });
    let upscaled_url = Signal::derive(move || project.with(|p| p.as_ref().and_then(|p| revised(p.final_video_url_upscaled.as_ref(), p))));
    let clips = Signal::derive(move || {
        project.with(|p| p.as_ref().map(|p| p.scenes.iter().map(|s| (s.scene_number, s.video_url.clone())).collect::<Vec<Clip>>()).unwrap_or_default())
    });
    let facts = move || {
        report.with(|r| {
            let r = r.as_ref()?;
            Some([
                r.total_duration_seconds.map(|s| format!("Length: {}", describe_duration(s.max(0) as u32))),
                r.credits_used.map(|c| format!("Credits used: {c}")),
            ])
        })
        .into_iter()
        .flatten()
        .flatten()
        .map(|f| view! { <li>{f}</li> })
        .collect_view()
    };
    let upscaling = move || report.with(|r| r.as_ref().is_some_and(|r| r.status == ProjectStatus::Upscaling));
    // Offers follow the project object, re-read at each completion; a memo, so re-reading the same
    // project does not rebuild the dialogs (and lose what the person typed in them).
    let offers = Memo::new(move |_| {
        project.with(|p| {
            let p = p.as_ref()?;
            let scenes = if can_regenerate(&p.status) {
                let mut scenes = p.scenes.clone();
                scenes.sort_by_key(|s| s.scene_number);
                scenes
            } else {
                Vec::new()
            };
            Some((scenes, can_upscale(p)))
        })
    });
    view! {
        <h2>"Your video is ready"</h2>
        <ul class="facts">{facts}</ul>
        {move || upscaling().then(|| view! {
            <p class="banner banner-info" role="status">"Upscaling: a higher-resolution copy is being made (5 to 10 minutes). It will appear here as the \"Upscaled\" version."</p>
        })}
        <VideoPlayer final_url=final_url upscaled_url=upscaled_url clips=clips on_refresh=reload />
        {move || offers.get().map(|(scenes, upscale)| view! {
            {upscale.then(|| view! { <UpscalePanel project_id=id on_started=restart /> })}
            {(!scenes.is_empty()).then(|| view! {
                <h3>"Change a scene"</h3>
                <ul class="regenerate-list">
                    {scenes.into_iter().map(|s| view! { <RegenerateScene project_id=id scene=s on_started=restart /> }).collect_view()}
                </ul>
            })}
        })}
    }
}

#[component]
fn Failure(report: StatusReport, project: RwSignal<Option<Project>>, rows: Signal<Vec<SceneProgress>>) -> impl IntoView {
    let reason = report.error.clone().filter(|e| !e.trim().is_empty()).unwrap_or_else(|| "The service did not say why.".into());
    let finished = move || {
        let rows = rows.get();
        let done: Vec<String> = rows.iter().filter(|s| s.video_status == crate::api::AssetStatus::Completed).map(|s| s.scene_number.to_string()).collect();
        match (done.len(), rows.len()) {
            (_, 0) => "storyreel does not know which scenes had finished.".to_owned(),
            (0, _) => "No scene had finished.".to_owned(),
            (d, t) if d == t => "Every scene had finished; the final video was not put together.".to_owned(),
            _ => format!("Finished before it failed: scene {}.", done.join(", ")),
        }
    };
    let navigate = use_navigate();
    let start_again = move |_| {
        let Some(p) = project.get_untracked() else { return };
        let existing = drafts::load::<StoryDraft>(drafts::story_key()).filter(|d| !d.idea.trim().is_empty() && d.idea != p.ideas);
        let replace = existing.is_none()
            || web_sys::window()
                .and_then(|w| w.confirm_with_message("This replaces the story you had started in the new-story form. Continue?").ok())
                .unwrap_or(false);
        if replace {
            drafts::save(drafts::story_key(), &StoryDraft::from_project(&p));
        }
        navigate(routes::NEW_STORY, Default::default());
    };
    view! {
        <h2>"Generation failed"</h2>
        <p class="banner banner-error" role="alert">{reason}</p>
        <p>{finished}</p>
        <h3>"What you can do"</h3>
        <ul>
            <li>"Your scene texts are kept on the project page."</li>
            <li>"Whether the reserved credits come back is up to the service: check your balance there."</li>
            <li><button type="button" class="button" disabled=move || project.with(Option::is_none) on:click=start_again>"Start a new story from this idea"</button></li>
        </ul>
    }
}
