//! An event listener on any target (the document, an element), or on the window in the capture
//! phase, removed when the component that added it is cleaned up: leptos-use's `use_event_listener`
//! without its reactive target. A window listener in the bubbling phase needs none of this: leptos'
//! own `window_event_listener` does it, with `on_cleanup(move || handle.remove())`.

use leptos::prelude::on_cleanup;
use send_wrapper::SendWrapper;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::EventTarget;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Bubble,
    /// Before any bubbling listener, on the way down to the target.
    Capture,
}

/// A listener that is on until `remove` or its component's cleanup, whichever comes first.
#[derive(Clone)]
pub struct Listening {
    held: Rc<RefCell<Option<(EventTarget, JsValue)>>>,
    event: &'static str,
    capture: bool,
}

impl Listening {
    pub fn remove(&self) {
        if let Some((target, f)) = self.held.borrow_mut().take() {
            let _ = target.remove_event_listener_with_callback_and_bool(self.event, f.unchecked_ref(), self.capture);
        }
    }
}

/// Calls `f` with each `event` on `target` (as `E`, e.g. `web_sys::MouseEvent`) until the calling
/// component is cleaned up.
pub fn listen<E: JsCast + 'static>(
    target: &EventTarget,
    event: &'static str,
    phase: Phase,
    f: impl Fn(E) + 'static,
) -> Listening {
    // Handed to JS, which frees it once removed: a listener that ends its own component (a click
    // that navigates) is not dropped while it runs.
    let f = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| f(e.unchecked_into())).into_js_value();
    let capture = phase == Phase::Capture;
    let _ = target.add_event_listener_with_callback_and_bool(event, f.unchecked_ref(), capture);
    let listening = Listening { held: Rc::new(RefCell::new(Some((target.clone(), f)))), event, capture };
    let on_end = SendWrapper::new(listening.clone());
    on_cleanup(move || on_end.remove());
    listening
}
