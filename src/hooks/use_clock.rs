//! `use_clock`: the time, re-read every `interval_ms`, for views such as "checked 12 s ago".

use crate::browser::local_time::now_ms;
use gloo_timers::callback::Interval;
use leptos::prelude::*;
use send_wrapper::SendWrapper;

/// Milliseconds since 1970, updated every `interval_ms` until the calling component goes away.
pub fn use_clock(interval_ms: u32) -> ReadSignal<u64> {
    let (now, set_now) = signal(now_ms());
    let ticker = SendWrapper::new(Interval::new(interval_ms, move || set_now.set(now_ms())));
    on_cleanup(move || drop(ticker));
    now
}
