//! `use_retry`: work tried again after each failure, waiting longer each time, until it is done
//! or the calling component is gone.

use crate::domain::polling::{doubled, timer_ms};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::future::Future;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    Done,
    /// Failed in a way that may pass: try again after the next wait.
    Again,
}

/// A function that starts `attempt` at once and, while it answers `Again`, again after `first_ms`,
/// then twice as long each time up to `max_ms`. Each start is its own series of tries.
pub fn use_retry<F>(first_ms: u32, max_ms: u32, attempt: impl Fn() -> F + Copy + 'static) -> impl Fn() + Copy + 'static
where
    F: Future<Output = Attempt> + 'static,
{
    // Disposed with the calling component: no try after that.
    let alive = StoredValue::new(());
    move || {
        spawn_local(async move {
            let mut waited = 0;
            while attempt().await == Attempt::Again {
                TimeoutFuture::new(timer_ms(doubled(first_ms.into(), waited, max_ms.into()))).await;
                if alive.try_get_value().is_none() {
                    return;
                }
                waited += 1;
            }
        })
    }
}
