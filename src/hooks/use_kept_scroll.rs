//! `use_kept_scroll`: a long page left for another comes back where the person was. The router notes
//! how far the page was scrolled as a navigation begins (`browser::page`); the page leaving keeps that
//! with its address, and the page coming back to the same address scrolls there once it is drawn.

use crate::browser::page::{scroll_to_when_drawn, scrolled_before_navigation};
use crate::hooks::use_effect;
use leptos::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// The address of the page left last, and how far it was scrolled.
    static LEFT: RefCell<Option<(String, f64)>> = const { RefCell::new(None) };
}

/// `at` is the page's own address (what it shows); once `drawn`, a page at the address left last is
/// scrolled back to where it was, once.
pub fn use_kept_scroll(at: Signal<String>, drawn: Signal<bool>) {
    let address = StoredValue::new(at.get_untracked());
    let restored = StoredValue::new(false);
    use_effect(move || {
        address.set_value(at.get());
        if restored.get_value() || !drawn.get() {
            return;
        }
        restored.set_value(true);
        let here = at.get_untracked();
        if let Some(y) = LEFT.with_borrow(|left| left.as_ref().filter(|(a, _)| *a == here).map(|(_, y)| *y)) {
            scroll_to_when_drawn(y);
        }
    });
    on_cleanup(move || {
        if let Some(address) = address.try_get_value() {
            LEFT.set(Some((address, scrolled_before_navigation())));
        }
    });
}
