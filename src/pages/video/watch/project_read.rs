//! `use_watched_project`: the project object the video page shows (scenes, every address): the copy
//! kept on this device until the service's comes, read again on demand, and forgotten when the
//! service no longer shows it.

use crate::api::{ErrorKind, Project};
use crate::hooks::{read_and_keep_project, use_retry, Attempt};
use crate::session::{use_session, Failure};
use crate::stores::last_known;
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct WatchedProject {
    pub project: RwSignal<Option<Project>>,
    /// When the project shown was read, while it is the one kept on this device from before (not yet
    /// read again): nothing that spends credits is offered from it.
    pub kept_at: RwSignal<Option<u64>>,
    /// The project does not exist, or is another account's.
    pub gone: RwSignal<bool>,
}

impl WatchedProject {
    /// A project just read from the service: shown instead of the kept one. (Its videos are noted as
    /// versions by the finished view, which every project with a video shows.)
    pub fn take_fresh(&self, p: Project) {
        self.kept_at.set(None);
        self.project.set(Some(p));
    }

    /// A project the service no longer shows: nothing of it is kept, or shown as kept.
    pub fn vanished(&self, id: i64) {
        self.gone.set(true);
        self.kept_at.set(None);
        last_known::forget_project(id);
    }
}

/// Reads project `id` at once; `problem` says why a read failed, while it keeps trying. With it comes
/// what reads it again (fresh media addresses, the upscaled video).
pub fn use_watched_project(id: i64, problem: RwSignal<Option<String>>) -> (WatchedProject, Callback<()>) {
    let session = use_session();
    let kept = last_known::project(id);
    let kept_at = RwSignal::new(kept.as_ref().map(|k| k.at_ms));
    let project = RwSignal::new(kept.map(|k| k.value));
    let gone = RwSignal::new(false);
    let watched = WatchedProject { project, kept_at, gone };
    // The project carries the scenes (to regenerate) and every address: keep asking until it comes,
    // 1 s after a failure, then less often.
    let load = use_retry(1_000, 30_000, move || async move {
        match read_and_keep_project(session, id).await {
            Ok(p) => watched.take_fresh(p),
            Err(Failure::SignedOut) => {}
            Err(Failure::Show(e)) if e.kind == ErrorKind::NotFound => watched.vanished(id),
            Err(Failure::Show(e)) => {
                problem.set(Some(e.after("The project's scenes could not be loaded, and storyreel keeps trying")));
                return Attempt::Again;
            }
        }
        Attempt::Done
    });
    load();
    (watched, Callback::new(move |_| load()))
}
