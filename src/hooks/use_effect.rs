//! Leptos' `Effect::new`, compiled once for the whole app.
//!
//! Each distinct closure handed to `Effect::new` makes the compiler build its own copy of the
//! effect's machinery, about 1 KB of wasm each (twiggy counted 15 copies, 15 KB). Boxed behind one
//! closure type, every effect of the app shares a single copy.

use leptos::prelude::Effect;

/// Runs `f` after mount and again whenever a signal it read changes, until its owner is cleaned up.
pub fn use_effect(f: impl FnMut() + 'static) {
    let mut f: Box<dyn FnMut()> = Box::new(f);
    Effect::new(move |_| f());
}
