//! `use_debounce`: runs a function once calls to it pause, in the style of leptos-use's
//! `use_debounce_fn`; a run still waiting when the calling component goes away never comes.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::rc::Rc;

/// `f`, run `ms` after the last `call`; `Copy`, so handlers take it freely.
#[derive(Clone, Copy)]
pub struct Debounced {
    waiting: StoredValue<Option<Timeout>, LocalStorage>,
    f: StoredValue<Rc<dyn Fn()>, LocalStorage>,
    ms: u32,
}

impl Debounced {
    /// Runs `f` once `ms` have passed without another call.
    pub fn call(&self) {
        let Some(f) = self.f.try_get_value() else { return };
        self.waiting.try_set_value(Some(Timeout::new(self.ms, move || f())));
    }

    /// Drops a run still waiting.
    pub fn cancel(&self) {
        self.waiting.try_update_value(|w| drop(w.take()));
    }

    /// Runs `f` now, in place of a run still waiting.
    pub fn now(&self) {
        self.cancel();
        if let Some(f) = self.f.try_get_value() {
            f();
        }
    }
}

pub fn use_debounce(ms: u32, f: impl Fn() + 'static) -> Debounced {
    let debounced =
        Debounced { waiting: StoredValue::new_local(None), f: StoredValue::new_local(Rc::new(f) as Rc<dyn Fn()>), ms };
    on_cleanup(move || debounced.cancel());
    debounced
}
