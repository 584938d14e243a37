//! `use_task` and `use_load`: async work tied to the calling component, in place of leptos'
//! `Action` and `LocalResource`. Those two linked leptos' async-derived and action machinery (44 KB
//! of wasm, 16.5 KB gzip) for what is here a flag, a signal and `spawn_local`.
//!
//! Work keeps running after its component is gone, as with leptos' own, but what it writes to that
//! component's signals is dropped (they are `is_disposed`): no answer is applied to a page that is gone.

use leptos::prelude::*;
use leptos::task::spawn_local;
use std::future::Future;

/// One piece of work at a time, and whether it is under way.
#[derive(Clone, Copy)]
pub struct Task {
    /// True from `run` until its work has finished.
    pub pending: RwSignal<bool>,
}

pub fn use_task() -> Task {
    Task { pending: RwSignal::new(false) }
}

impl Task {
    /// Starts `work` unless an earlier run is still under way (a double click sends once): answers
    /// whether it started. `pending` is set at once, before this returns, so a second event in the
    /// same turn already sees it.
    pub fn run(self, work: impl Future<Output = ()> + 'static) -> bool {
        if self.pending.is_disposed() || self.pending.get_untracked() {
            return false;
        }
        self.pending.set(true);
        spawn_local(async move {
            work.await;
            self.pending.try_set(false);
        });
        true
    }
}

/// The answer of `read`, `None` until the first one comes, read once at once; and a `reload` that
/// reads again. A reload asked while a read is under way reads again as soon as that one has
/// answered, so the answer shown last is always from a read begun after the latest reload (as
/// `LocalResource::refetch` did); reads never overlap. The answer replaces the value whole, so views
/// that follow it are rebuilt with each one.
pub fn use_load<T, F>(read: impl Fn() -> F + Copy + 'static) -> (RwSignal<Option<T>>, impl Fn() + Copy + 'static)
where
    T: Send + Sync + 'static,
    F: Future<Output = T> + 'static,
{
    let value = RwSignal::new(None);
    let task = use_task();
    let again = RwSignal::new(false);
    let reload = move || {
        let started = task.run(async move {
            loop {
                // Gone already: no read. (`value` and `again` belong to one owner and go together.)
                if again.is_disposed() {
                    return;
                }
                // A reload asked before this read began is answered by it.
                again.set(false);
                let answer = read().await;
                // Gone with its page: the answer has nowhere to go.
                if value.is_disposed() {
                    return;
                }
                value.set(Some(answer));
                // Nobody asked again during this read.
                if !again.get_untracked() {
                    return;
                }
            }
        });
        if !started {
            again.try_set(true);
        }
    };
    reload();
    (value, reload)
}
