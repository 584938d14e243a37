//! `use_follow_up`: work the person asked for (an upscale, a regeneration), kept where the sign-in is
//! and followed through the status answers until its result appears or the limit passes.

use crate::api::{Project, ProjectStatus};
use crate::domain::follow_up::{FollowUp, Progress};
use crate::stores::follow_ups;
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct FollowedWork {
    /// The work under way, if any.
    pub work: RwSignal<Option<FollowUp>>,
    /// How the last of it ended: done, or given up after the limit, with a word for the person.
    pub outcome: RwSignal<Option<(Progress, String)>>,
}

pub fn use_follow_up(id: i64) -> FollowedWork {
    FollowedWork { work: RwSignal::new(follow_ups::load(id)), outcome: RwSignal::new(None) }
}

impl FollowedWork {
    pub fn start(&self, id: i64, work: FollowUp) {
        follow_ups::save(id, &work);
        self.outcome.set(None);
        self.work.set(Some(work));
    }

    pub fn is_followed(&self) -> bool {
        self.work.with_untracked(Option::is_some)
    }

    /// Takes one status answer in: keeps the work (and watching) while it is under way, or ends it
    /// with a word for the person. Answers whether to keep watching.
    pub fn observe(&self, id: i64, project: RwSignal<Option<Project>>, status: &ProjectStatus, now: u64) -> bool {
        let Some(mut work) = self.work.get_untracked() else { return false };
        work.observe(status);
        let progress = match status {
            ProjectStatus::Failed => Progress::Failed,
            _ => project.with_untracked(|p| p.as_ref().map(|p| work.progress(p, now))).unwrap_or(Progress::UnderWay),
        };
        if progress == Progress::UnderWay {
            if self.work.with_untracked(|w| w.as_ref() != Some(&work)) {
                follow_ups::save(id, &work);
                self.work.set(Some(work));
            }
            return true;
        }
        follow_ups::clear(id);
        self.outcome.set(work.outcome(progress).map(|text| (progress, text)));
        self.work.set(None);
        false
    }
}
