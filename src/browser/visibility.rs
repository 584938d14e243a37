//! Whether the tab is in view, and a call when that changes.

use leptos::prelude::on_cleanup;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

pub fn is_hidden() -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden())
}

/// Calls `f(visible)` each time the tab is hidden or shown, for the lifetime of the calling component.
pub fn on_change(f: impl Fn(bool) + 'static) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let listener = Closure::<dyn FnMut()>::new(move || f(!is_hidden()));
    let _ = document.add_event_listener_with_callback("visibilitychange", listener.as_ref().unchecked_ref());
    let held = SendWrapper::new((document, listener));
    on_cleanup(move || {
        let (document, listener) = &*held;
        let _ = document.remove_event_listener_with_callback("visibilitychange", listener.as_ref().unchecked_ref());
    });
}
