//! `use_generation_watch`: everything the video page knows of a project after approval, kept
//! current on the polling schedule: the latest status, the project object, whether it is gone,
//! what went wrong with the last check, and when progress last moved.

use crate::api::{boot_reads, read_status, ErrorKind, Project, ProjectStatus, StatusReport};
use crate::browser::last_known;
use crate::browser::local_time::now_ms;
use crate::browser::page::{mark_status_applied, set_title};
use crate::browser::shared_check;
use crate::browser::{follow_ups, notify, visibility};
use crate::domain::follow_up::{FollowUp, Progress};
use crate::domain::generation::StallWatch;
use crate::domain::lifecycle::{can_edit_scenes, is_terminal};
use crate::domain::polling::{outcome_after_error, Outcome};
use crate::domain::title::{project_title, tab_title};
use crate::hooks::{
    read_and_keep_project, use_effect, use_poller, use_retry, Ahead, Attempt, Moment, Poller, UsePollerOptions,
};
use crate::router::{use_navigate, NavigateOptions};
use crate::routes;
use crate::session::{use_session, Failure};
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct GenerationWatch {
    pub report: RwSignal<Option<StatusReport>>,
    /// The latest answer's status: unchanged through most answers, so what goes by it (the badge,
    /// the phase, the banners) is not worked out again with each.
    reported: Memo<Option<ProjectStatus>>,
    /// The latest answer's percentage: about half the answers leave it as it was, and then nothing that
    /// shows it (the bar, its figure, the tab title) stirs.
    pub progress: Memo<Option<u8>>,
    pub project: RwSignal<Option<Project>>,
    /// When the project shown was read, while it is the one kept on this device from before (not yet
    /// read again): nothing that spends credits is offered from it.
    pub kept_at: RwSignal<Option<u64>>,
    /// The project does not exist, or is another account's.
    pub gone: RwSignal<bool>,
    /// Why the last check failed, until one succeeds.
    pub problem: RwSignal<Option<String>>,
    /// When progress last moved; read with the one-second clock, so not a signal.
    pub stall: StoredValue<Option<StallWatch>>,
    /// The person asked to be notified when the video is ready.
    pub notify_wanted: RwSignal<bool>,
    /// Work the person asked for (upscale, regeneration), followed until its result appears.
    pub follow_up: RwSignal<Option<FollowUp>>,
    /// How that work ended: done, or given up after the limit.
    pub follow_up_outcome: RwSignal<Option<(Progress, String)>>,
    pub poller: Poller<Answer>,
    /// Re-reads the project object (fresh media addresses, the upscaled video).
    pub reload: Callback<()>,
}

type Answer = Result<(StatusReport, Option<Project>), Failure>;

impl GenerationWatch {
    pub fn status(&self) -> Option<ProjectStatus> {
        self.reported.get()
    }

    /// The status the page goes by: the latest answer's; before the first, a finished project's own
    /// (the one kept on the device included), so its video plays at once.
    pub fn shown_status(&self) -> Option<ProjectStatus> {
        self.status().or_else(|| {
            let finished = |s: &ProjectStatus| matches!(s, ProjectStatus::Completed | ProjectStatus::Upscaling);
            self.project.with(|p| p.as_ref().map(|p| p.status.clone()).filter(finished))
        })
    }

    pub fn title(&self, id: i64) -> String {
        self.project.with(|p| project_title(id, p.as_ref()))
    }

    /// Follows work the service took on (kept where the sign-in is) to its result, from a fresh
    /// schedule, in place: the page stays as it is while it is checked again. (Rebuilt for a new round
    /// of watching, it was shorter for a moment, which took the scroll to the top, its player started
    /// over, and a double click's second click landed on the link that moved under the pointer.)
    pub fn follow(&self, id: i64, work: FollowUp) {
        follow_ups::save(id, &work);
        self.follow_up_outcome.set(None);
        self.follow_up.set(Some(work));
        self.stall.set_value(None);
        self.poller.restart();
    }
}

pub fn use_generation_watch(id: i64) -> GenerationWatch {
    let session = use_session();
    let report = RwSignal::new(None::<StatusReport>);
    // What this device read of the project before, shown until it is read again.
    let kept = last_known::project(id);
    let kept_at = RwSignal::new(kept.as_ref().map(|k| k.at_ms));
    let project = RwSignal::new(kept.map(|k| k.value));
    let gone = RwSignal::new(false);
    let problem = RwSignal::new(None::<String>);
    let stall = StoredValue::new(None::<StallWatch>);
    let notify_wanted = RwSignal::new(false);
    let follow_up = RwSignal::new(follow_ups::load(id));
    let follow_up_outcome = RwSignal::new(None);
    let navigate = use_navigate();
    // A project the service no longer shows: nothing of it is kept, or shown as kept.
    let vanished = move || {
        gone.set(true);
        kept_at.set(None);
        last_known::forget_project(id);
    };
    // A project just read from the service: shown instead of the kept one. (Its videos are noted as
    // versions by the finished view, which every project with a video shows.)
    let take_fresh = move |p: Project| {
        kept_at.set(None);
        project.set(Some(p));
    };

    // The project carries the scenes (to regenerate) and every address: keep asking until it comes,
    // 1 s after a failure, then less often.
    let load_project = use_retry(1_000, 30_000, move || async move {
        match read_and_keep_project(session, id).await {
            Ok(p) => take_fresh(p),
            Err(Failure::SignedOut) => {}
            Err(Failure::Show(e)) if e.kind == ErrorKind::NotFound => vanished(),
            Err(Failure::Show(e)) => {
                problem.set(Some(e.after("The project's scenes could not be loaded, and storyreel keeps trying")));
                return Attempt::Again;
            }
        }
        Attempt::Done
    });
    load_project();

    let apply = move |answer: Answer| -> Outcome {
        let (r, fresh) = match answer {
            Ok(answer) => answer,
            Err(Failure::SignedOut) => return Outcome::GaveUp,
            Err(Failure::Show(e)) if e.kind == ErrorKind::NotFound => {
                vanished();
                return Outcome::GaveUp;
            }
            Err(Failure::Show(e)) => {
                let outcome = outcome_after_error(&e);
                problem.set(Some(e.message));
                return outcome;
            }
        };
        let reread = fresh.is_some();
        if let Some(p) = fresh {
            take_fresh(p);
        }
        let at = now_ms();
        stall.update_value(|w| match w {
            Some(w) => w.observe(r.progress, at),
            None => *w = Some(StallWatch::new(r.progress, at)),
        });
        // Set only when it changes: every set wakes what reads it, equal or not.
        if problem.with_untracked(Option::is_some) {
            problem.set(None);
        }
        let was = report.with_untracked(|old| old.as_ref().map(|o| o.status.clone()));
        // The status index.html read at start-up is for this round's first check only: once the page
        // has an answer (its own, or another tab's), a check asks afresh. Keeping the project's tag
        // drops only the status.
        if was.is_none() {
            boot_reads::keep(&id.to_string());
        }
        let following = follow(id, follow_up, follow_up_outcome, project, &r.status, at);
        let finished = is_terminal(&r.status) && !following;
        if finished && was.as_ref() != Some(&r.status) {
            // The project object carries what the status does not: the upscaled video and every clip.
            if !reread {
                load_project();
            }
            if was.is_some() && notify_wanted.get_untracked() && visibility::is_hidden() {
                let done = r.status == ProjectStatus::Completed;
                let name = project.with_untracked(|p| project_title(id, p.as_ref()));
                notify::show(if done { "Your video is ready" } else { "Video generation failed" }, &name);
            }
        }
        let not_approved = can_edit_scenes(&r.status);
        report.set(Some(r));
        mark_status_applied();
        if not_approved {
            navigate(&routes::project(id), NavigateOptions { replace: true, ..Default::default() });
            return Outcome::GaveUp;
        }
        if finished {
            Outcome::Finished
        } else {
            Outcome::Answered
        }
    };
    // With the project open in several tabs, one asks the service and the others take its answers.
    let shared = shared_check::join_project(&session.account_untracked(), id);
    let interval_ms = session.poll_interval_ms();
    let ahead = {
        let shared = shared.clone();
        move |moment: Moment| {
            // While work is followed, this tab reads the project too: only it carries the new addresses.
            // Another tab's answer, older than this tab's own next one, is dropped.
            if follow_up.with_untracked(Option::is_some) {
                shared.fresh();
                return Ahead::Check;
            }
            let heard = match moment {
                // Not due: another tab's answer is shown as it comes, and nothing else changes.
                Moment::NotDue => shared.fresh().map_or(Ahead::Check, Ahead::Take),
                // "Check now" asks the service, even in a tab that does not check.
                Moment::Asked => shared.turn(true, true, interval_ms),
                Moment::Due => shared.turn(report.with_untracked(Option::is_some), false, interval_ms),
            };
            match heard {
                Ahead::Take(text) => read_status(&text).map_or(Ahead::Check, |r| Ahead::Take(Ok((r, None)))),
                Ahead::Check => Ahead::Check,
                Ahead::Wait(ms) => Ahead::Wait(ms),
            }
        }
    };
    let check = {
        let shared = shared.clone();
        move || {
            let following = follow_up.with_untracked(Option::is_some);
            let shared = shared.clone();
            session.call(move |client| async move {
                let text = client.status_text(id).await?;
                let status = read_status(&text)?;
                shared.share(&text);
                let fresh = match following {
                    true => client.get_project(id).await.ok(),
                    false => None,
                };
                Ok((status, fresh))
            })
        }
    };
    let settled = {
        let shared = shared.clone();
        move |answer: Answer| {
            let outcome = apply(answer);
            // At rest, this tab no longer checks: the lock goes to a tab that still does.
            if matches!(outcome, Outcome::Finished | Outcome::GaveUp) {
                shared.step_down();
            }
            outcome
        }
    };
    let poller = use_poller(
        UsePollerOptions { interval_ms, pause_while_hidden: false, ahead: Some(Box::new(ahead)) },
        check,
        settled,
    );
    shared.on_news(move || poller.nudge());
    let shared = send_wrapper::SendWrapper::new(shared);
    on_cleanup(move || shared.close());

    let reported = Memo::new(move |_| report.with(|r| r.as_ref().map(|r| r.status.clone())));
    // The title is worked out when the status or the figure changes, not with every answer.
    let progress = Memo::new(move |_| report.with(|r| r.as_ref().map(|r| r.progress)));
    use_effect(move || {
        let name = project.with(|p| project_title(id, p.as_ref()));
        set_title(&reported.with(|status| tab_title(&name, status.as_ref().zip(progress.get()))));
    });

    let reload = Callback::new(move |_| load_project());
    GenerationWatch {
        report,
        reported,
        progress,
        project,
        kept_at,
        gone,
        problem,
        stall,
        notify_wanted,
        follow_up,
        follow_up_outcome,
        poller,
        reload,
    }
}

/// Takes one status answer into the followed work, if any: keeps it (and watching) while it is
/// under way, or ends it with a word for the person. Answers whether to keep watching.
fn follow(
    id: i64,
    follow_up: RwSignal<Option<FollowUp>>,
    outcome: RwSignal<Option<(Progress, String)>>,
    project: RwSignal<Option<Project>>,
    status: &ProjectStatus,
    now: u64,
) -> bool {
    let Some(mut work) = follow_up.get_untracked() else { return false };
    work.observe(status);
    let progress = match status {
        ProjectStatus::Failed => Progress::Failed,
        _ => project.with_untracked(|p| p.as_ref().map(|p| work.progress(p, now))).unwrap_or(Progress::UnderWay),
    };
    if progress == Progress::UnderWay {
        if follow_up.with_untracked(|w| w.as_ref() != Some(&work)) {
            follow_ups::save(id, &work);
            follow_up.set(Some(work));
        }
        return true;
    }
    follow_ups::clear(id);
    outcome.set(work.outcome(progress).map(|text| (progress, text)));
    follow_up.set(None);
    false
}
