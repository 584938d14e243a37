//! A project after approval: generation watched live (status checked on the polling schedule),
//! then the finished video, or what went wrong and what to do next.

mod compare;
mod failure;
mod finished;
mod finished_part;
mod progress;
mod revise;
mod versions;
mod watch;

use crate::api::ProjectStatus;
use crate::browser::local_time::now_ms;
use crate::components::{with_code, Banner, MessageBanner, NewStoryFrom, NotFound, PageHeading, StatusBadge, Tone};
use crate::domain::announce::{announcement, Heard};
use crate::domain::follow_up::{Asked, FollowUp, Progress};
use crate::domain::generation::{change_failed, scene_progress};
use crate::domain::lifecycle::is_terminal;
use crate::domain::waiting::{Since, Work};
use crate::hooks::{use_clock, use_effect, use_paid_actions, use_ready_mark};
use crate::routes;
use crate::stores::approvals;
use crate::stores::last_known;
use failure::Failure;
pub use finished_part::preload_finished_part;
use finished_part::{finished_part, FINISHED_PART};
use leptos::prelude::*;
use progress::{GenerationProgress, PollLine, SceneRows, WaitNotes};
use watch::use_generation_watch;

/// Which part of the page the project's state calls for; the page is rebuilt only when this changes,
/// never on each answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Working,
    /// A video to play: completed, or a completed video being upscaled or one of its scenes made
    /// again (the video it has stays playable until the new one replaces it).
    Done,
    Failed,
}

#[component]
pub fn VideoPage(id: i64) -> impl IntoView {
    // A live region must be on the page before its words change.
    let say = RwSignal::new(String::new());
    view! {
        <p role="status" class="visually-hidden">
            {say}
        </p>
        <Watch id=id say=say />
    }
}

#[component]
fn Watch(id: i64, say: RwSignal<String>) -> impl IntoView {
    let watch = use_generation_watch(id);
    let now = use_clock(1000);
    // Since when this page has watched work it did not ask for.
    let opened_at = now_ms();
    let approved_at = approvals::approved_at(id);
    let (report, project) = (watch.report, watch.project);

    // Read by the badge twice an answer; as a memo, worked out once and unchanged most answers.
    let status = Memo::new(move |_| {
        watch
            .status()
            .or_else(|| project.with(|p| p.as_ref().map(|p| p.status.clone())))
            .unwrap_or_else(|| ProjectStatus::Unknown(String::new()))
    });
    // A project at work that already has a video is making a scene of it again: the spec leaves open
    // what status it shows then, and the default one says "generating". (The page once put the
    // progress of a first generation in the video's place, and a person who had paid for a new scene
    // could neither play nor download the video they had until it was done.)
    let has_video = move || project.with(|p| p.as_ref().is_some_and(|p| p.final_video_url.is_some()));
    let revising = Memo::new(move |_| {
        watch.shown_status().is_some_and(|s| !is_terminal(&s) && s != ProjectStatus::Upscaling) && has_video()
    });
    // Nor does that work failing take the video away: it stays under the reason, not replaced by a
    // first generation's failure ("Generation failed", "Start a new story").
    let failed_over_video = move || watch.shown_status() == Some(ProjectStatus::Failed) && has_video();
    let phase = Memo::new(move |_| {
        watch.shown_status().map(|s| match s {
            ProjectStatus::Completed | ProjectStatus::Upscaling => Phase::Done,
            ProjectStatus::Failed if has_video() => Phase::Done,
            ProjectStatus::Failed => Phase::Failed,
            _ if revising.get() => Phase::Done,
            _ => Phase::Working,
        })
    });
    // Usable once the page has its part, and a finished project its finished view (kept on the device,
    // it plays as soon as that code is here, from the browser's cache after an earlier visit); fresh once
    // the service's status shows.
    let finished_shown = RwSignal::new(false);
    use_ready_mark("video", move || match phase.get() {
        Some(Phase::Done) => finished_shown.get(),
        other => other.is_some(),
    });
    use_ready_mark("video-fresh", move || report.with(Option::is_some));
    let kept_line = Signal::derive(move || {
        watch.kept_at.get().map(|at| last_known::marked(at, watch.problem.with(Option::is_some)))
    });
    // Once per answer, for the rows and the failure view alike; rows that did not change are not set,
    // so nothing that reads them stirs. A memo would do the same work, but each answer would first
    // mark every row's memos and views to be checked (measured: 0.8 ms of a 6 ms update at 4x CPU).
    let scene_rows = RwSignal::new(Vec::new());
    use_effect(move || {
        let fresh = report.with(|r| project.with(|p| scene_progress(r.as_ref(), p.as_ref())));
        scene_rows.maybe_update(|rows| {
            let changed = *rows != fresh;
            if changed {
                *rows = fresh;
            }
            changed
        });
    });
    // A new step, a quarter, the end: said once each, compared with the answer before.
    let heard = StoredValue::new(None::<Heard>);
    use_effect(move || {
        let Some(next) = report.with(|r| r.as_ref().map(Heard::from)) else { return };
        if let Some(words) = heard.with_value(|before| announcement(before.as_ref(), &next)) {
            say.set(words);
        }
        heard.set_value(Some(next));
    });
    // Work the service shows it took on (sent here or in another tab) is kept and followed from a
    // fresh schedule; its steps are said from its first answer on, not compared with the finished
    // project's. A paid action that ended otherwise has the project read again.
    let paid = use_paid_actions(
        id,
        Callback::new(move |work: Option<FollowUp>| {
            let Some(work) = work else { return watch.reload.run(()) };
            say.set(match &work.asked {
                Asked::Upscale => "Upscale started.".to_owned(),
                Asked::Regenerate { scene_number } => format!("Regeneration of scene {scene_number} started."),
            });
            heard.set_value(None);
            watch.follow(id, work);
        }),
    );
    // Rebuilt only when the phase changes (measured: rebuilding views on every answer grew wasm
    // memory by ~300 bytes a check, and would restart the player during an upscale).
    let body = move || match phase.get() {
        None => view! {
            <p role="status">"Checking the project's status…"</p>
            <MessageBanner tone=Tone::Error message=watch.problem />
        }
        .into_any(),
        Some(Phase::Working) => view! { <GenerationProgress watch=watch /> }.into_any(),
        Some(Phase::Done) => with_code(
            move || {
                let code = finished_part(id, watch, paid, revising);
                async move {
                    let shown = code.await;
                    finished_shown.set(shown.is_ok());
                    shown
                }
            },
            FINISHED_PART,
        ),
        Some(Phase::Failed) => {
            let r = report.get_untracked().unwrap_or_default();
            view! { <Failure report=r rows=scene_rows /> }.into_any()
        }
    };

    // Work asked for here first (whatever the status says meanwhile), then what the status shows: a
    // regeneration is seen as a working project that already had a video.
    let waiting =
        Memo::new(move |_| match watch.follow_up.with(|w| w.as_ref().map(|w| (Work::from(&w.asked), w.asked_at))) {
            // A record kept before the time of asking was (0): timed from the watching.
            Some((work, at)) => (work, if at > 0 { Since::Asked(at) } else { Since::Watching(opened_at) }),
            None if watch.status() == Some(ProjectStatus::Upscaling) => (Work::Upscale, Since::Watching(opened_at)),
            None if revising.get() => (Work::Regeneration(None), Since::Watching(opened_at)),
            None => (Work::Generation, approved_at.map_or(Since::Watching(opened_at), Since::Approved)),
        });
    let under_way = move || waiting.with(|(work, _)| work.notice());
    let active = move || watch.shown_status().is_none_or(|s| !is_terminal(&s));
    let done = move || phase.get() == Some(Phase::Done);

    // A project the service no longer shows is not found as a whole page: one heading, not the
    // project's with "Project not found" under it.
    let gone = move || watch.gone.get();
    view! {
        <Show when=move || !gone() fallback=|| view! { <NotFound project=true /> }>
            <section class="page" aria-labelledby="video-heading">
                <div class="page-head">
                    <PageHeading id="video-heading">{move || watch.title(id)}</PageHeading>
                    <StatusBadge status=status />
                </div>
                <MessageBanner tone=Tone::Warning message=kept_line />
                // A paid action sent here or in another tab and not yet confirmed: what is known, what next.
                <MessageBanner tone=Tone::Info message=paid.notice() />
                {move || under_way().map(|text| view! { <Banner tone=Tone::Info>{text}</Banner> })}
                {move || {
                    watch
                        .follow_up_outcome
                        .get()
                        .map(|(progress, text)| {
                            let tone = if progress == Progress::Done { Tone::Success } else { Tone::Warning };
                            view! { <Banner tone=tone>{text}</Banner> }
                        })
                }}
                {move || {
                    failed_over_video()
                        .then(|| {
                            let reason = report.with(|r| change_failed(r.as_ref().and_then(|r| r.error.as_deref())));
                            view! { <Banner tone=Tone::Error>{reason}</Banner> }
                        })
                }}
                <Show when=move || revising.get()>
                    <GenerationProgress watch=watch />
                </Show>
                // Over a finished video being upscaled or remade, the wait and the checks come before the
                // video, under the notice and the bar, not after the storyboard (on a phone, 1,500 px down).
                <Show when=move || active() && done()>
                    <WaitNotes watch=watch now=now waiting=waiting />
                    <PollLine watch=watch now=now />
                </Show>
                {body}
                // There, too, the scenes' rows would say little the storyboard and the bar do not.
                <Show when=move || active() && !done()>
                    <WaitNotes watch=watch now=now waiting=waiting />
                    <PollLine watch=watch now=now />
                    <SceneRows rows=scene_rows project=project />
                </Show>
                <div class="actions">
                    <a href=routes::project(id)>"See the scenes' texts"</a>
                    <NewStoryFrom project=project />
                </div>
            </section>
        </Show>
    }
}
