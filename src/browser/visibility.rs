//! Whether the tab is in view, and a call when that changes.

use crate::browser::listen::{listen, Listening, Phase};

pub fn is_hidden() -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden())
}

/// Calls `f(visible)` each time the tab is hidden or shown, for the lifetime of the calling component.
pub fn on_change(f: impl Fn(bool) + 'static) -> Option<Listening> {
    let document = web_sys::window()?.document()?;
    Some(listen(&document, "visibilitychange", Phase::Bubble, move |_: web_sys::Event| f(!is_hidden())))
}
