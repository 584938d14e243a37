//! Asks before the person leaves a page with unsaved edits: closing or reloading the tab (the
//! browser's own prompt) and following a link inside the app (a confirm, before the router acts).

use crate::browser::listen::{listen, Phase};
use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

const QUESTION: &str =
    "You have unsaved scene changes. They stay saved on this device as a draft. Leave this page anyway?";

/// The browser's own question before the tab is closed or reloaded, while `ask()` says there is
/// something leaving would lose (`question` is shown by the browsers that still show a page's words).
/// Until the handle is removed.
pub fn ask_before_unload(question: &'static str, ask: impl Fn() -> bool + 'static) -> WindowListenerHandle {
    window_event_listener(ev::beforeunload, move |e| {
        if ask() {
            e.prevent_default();
            e.set_return_value(question);
        }
    })
}

/// Installs the guard for the lifetime of the calling component.
pub fn guard_leaving(has_unsaved: impl Fn() -> bool + Clone + 'static) {
    let Some(window) = web_sys::window() else { return };

    let before_unload = ask_before_unload(QUESTION, has_unsaved.clone());
    on_cleanup(move || before_unload.remove());

    let unsaved = has_unsaved;
    // Capture phase, so the answer is known before the router's own link handler runs.
    listen(&window, "click", Phase::Capture, move |e: web_sys::MouseEvent| {
        let to_link = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            // A download link (the script's files) and a link within the page (the error summary's)
            // stay on the page.
            .and_then(|el| el.closest("a[href]:not([download]):not([href^='#'])").ok().flatten());
        if to_link.is_none() || !unsaved() {
            return;
        }
        let leave = web_sys::window().and_then(|w| w.confirm_with_message(QUESTION).ok()).unwrap_or(true);
        if !leave {
            e.prevent_default();
            e.stop_immediate_propagation();
        }
    });
}
