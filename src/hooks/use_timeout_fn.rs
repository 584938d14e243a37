//! `use_timeout_fn`: one call of `f` after a wait, in the style of leptos-use's hook of that name. The
//! timer is the calling component's: cleaned up with it, and a new `start` replaces one still waiting.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// A function that calls `f` after the milliseconds it is given, unless the component has gone.
pub fn use_timeout_fn(f: impl Fn() + Copy + 'static) -> impl Fn(u32) + Copy + 'static {
    let timer = StoredValue::new_local(None::<Timeout>);
    on_cleanup(move || {
        // Dropping a gloo Timeout clears it.
        timer.try_update_value(Option::take);
    });
    move |ms| {
        timer.try_set_value(Some(Timeout::new(ms, f)));
    }
}
