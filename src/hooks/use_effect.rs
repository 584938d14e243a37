//! Leptos' `Effect::new`, compiled once for the whole app.
//!
//! `Effect::new` is generic over its closure, so each distinct closure handed to it makes the
//! compiler build its own copy of the effect's machinery (about 1 KB of wasm). Boxed behind one
//! closure type, every effect made here shares a single copy.
//!
//! So the app's effects go through `use_effect`, with two exceptions, each saying so where it is made:
//! - an effect whose run needs what its previous run returned (`Effect::new(|last| …)`), when that
//!   value is the effect's own state, such as the `<track>` element `use_text_track` added and
//!   replaces; a flag or a value others read goes in a `StoredValue` beside a `use_effect` instead;
//! - an effect that must not run at first, only on a change of what it watches (`Effect::watch`),
//!   such as the projects list restarting its schedule for a new filter.

use leptos::prelude::Effect;

/// Runs `f` after mount and again whenever a signal it read changes, until its owner is cleaned up.
pub fn use_effect(f: impl FnMut() + 'static) {
    let mut f: Box<dyn FnMut()> = Box::new(f);
    Effect::new(move |_| f());
}
