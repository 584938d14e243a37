//! `use_generation_watch`: everything the video page knows of a project after approval, kept
//! current on the polling schedule: the latest status, the project object, whether it is gone,
//! what went wrong with the last check, and when progress last moved. Each concern is a hook of its
//! own, composed here around the one thing they share, the handling of a status answer.

mod follow;
mod notice;
mod project_read;

use crate::api::{boot_reads, ErrorKind, Project, ProjectStatus, StatusReport};
use crate::browser::local_time::now_ms;
use crate::browser::page::mark_status_applied;
use crate::domain::follow_up::{FollowUp, Progress};
use crate::domain::generation::StallWatch;
use crate::domain::lifecycle::{can_edit_scenes, is_terminal};
use crate::domain::polling::{outcome_after_error, Outcome};
use crate::domain::title::project_title;
use crate::hooks::{use_shared_status, Poller, StatusAnswer};
use crate::router::{use_navigate, NavigateOptions};
use crate::routes;
use crate::session::Failure;
use follow::{use_follow_up, FollowedWork};
use leptos::prelude::*;
use notice::{use_tab_title, ReadyNotice};
use project_read::{use_watched_project, WatchedProject};

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
    followed: FollowedWork,
    pub poller: Poller<StatusAnswer>,
    /// Re-reads the project object (fresh media addresses, the upscaled video).
    pub reload: Callback<()>,
}

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
        self.followed.start(id, work);
        self.stall.set_value(None);
        self.poller.restart();
    }
}

pub fn use_generation_watch(id: i64) -> GenerationWatch {
    let report = RwSignal::new(None::<StatusReport>);
    let problem = RwSignal::new(None::<String>);
    let stall = StoredValue::new(None::<StallWatch>);
    let (shown, reload) = use_watched_project(id, problem);
    let WatchedProject { project, kept_at, gone } = shown;
    let followed = use_follow_up(id);
    let notice = ReadyNotice::new();
    let navigate = use_navigate();

    let apply = move |answer: StatusAnswer| -> Outcome {
        let (r, fresh) = match answer {
            Ok(answer) => answer,
            Err(Failure::SignedOut) => return Outcome::GaveUp,
            Err(Failure::Show(e)) if e.kind == ErrorKind::NotFound => {
                shown.vanished(id);
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
            shown.take_fresh(p);
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
        let following = followed.observe(id, project, &r.status, at);
        let finished = is_terminal(&r.status) && !following;
        if finished && was.as_ref() != Some(&r.status) {
            // The project object carries what the status does not: the upscaled video and every clip.
            if !reread {
                reload.run(());
            }
            if was.is_some() {
                notice.ended(id, project, &r.status);
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
    let poller =
        use_shared_status(id, move || followed.is_followed(), move || report.with_untracked(Option::is_some), apply);

    let reported = Memo::new(move |_| report.with(|r| r.as_ref().map(|r| r.status.clone())));
    // The title is worked out when the status or the figure changes, not with every answer.
    let progress = Memo::new(move |_| report.with(|r| r.as_ref().map(|r| r.progress)));
    use_tab_title(id, project, reported, progress);

    GenerationWatch {
        report,
        reported,
        progress,
        project,
        kept_at,
        gone,
        problem,
        stall,
        notify_wanted: notice.wanted,
        follow_up: followed.work,
        follow_up_outcome: followed.outcome,
        followed,
        poller,
        reload,
    }
}
