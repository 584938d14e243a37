//! `use_ready_mark`: the moment a screen can be used, marked once for the start-up benchmark.

use crate::browser::page::mark_ready;
use crate::hooks::use_effect;
use leptos::prelude::{GetValue, SetValue, StoredValue};

/// Marks `screen` ready (`browser::page::mark_ready`) once `ready()` is true, the first time only.
/// Once marked, the effect reads nothing more, so later answers do not run it again.
pub fn use_ready_mark(screen: &'static str, ready: impl Fn() -> bool + 'static) {
    let marked = StoredValue::new(false);
    use_effect(move || {
        if !marked.get_value() && ready() {
            mark_ready(screen);
            marked.set_value(true);
        }
    });
}
