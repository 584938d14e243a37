//! The second click of a double click goes to whatever is under the pointer by then. When the first
//! click changed the page (a dialog closed, an offer gave way to its notice, a page opened), that is
//! something the person never pointed at: a download, a link, another page's button. Such a click
//! is dropped before anything else hears it.

use std::cell::{Cell, RefCell};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Event, EventTarget, UiEvent};

/// Whether a click is the rest of a double click (or triple) whose first click had another target:
/// the pointer did not move (else the browser would count it as a click of its own), the page did.
pub fn carried_over(detail: i32, same_target_as_first: bool) -> bool {
    detail > 1 && !same_target_as_first
}

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
}

/// Drops such clicks in this document from now on (once, however often the app is mounted).
pub fn drop_carried_clicks() {
    let Some(window) = web_sys::window() else { return };
    if ON.replace(true) {
        return;
    }
    let first = RefCell::new(None::<EventTarget>);
    let on_click = Closure::<dyn Fn(Event)>::new(move |e: Event| {
        let (target, detail) = (e.target(), e.unchecked_ref::<UiEvent>().detail());
        if detail <= 1 {
            *first.borrow_mut() = target;
        } else if carried_over(detail, *first.borrow() == target) {
            e.prevent_default();
            e.stop_immediate_propagation();
        }
    });
    // Capture phase on the window: before the leave guard, the router and every button.
    let _ = window.add_event_listener_with_callback_and_bool("click", on_click.as_ref().unchecked_ref(), true);
    // The document's for as long as it lives, so not `browser::listen`, which ends a listener with its
    // component (and cost the first load 85 B gzip more here, measured).
    on_click.forget();
}

#[cfg(test)]
mod tests {
    use super::carried_over;

    #[test]
    fn only_the_rest_of_a_double_click_that_found_something_else_is_dropped() {
        assert!(carried_over(2, false), "the second click, on what moved under the pointer");
        assert!(carried_over(3, false), "a triple click's third");
        assert!(!carried_over(2, true), "a double click on one button reaches it twice (each guarded there)");
        assert!(!carried_over(1, false), "a click of its own");
        assert!(!carried_over(0, false), "a click from the keyboard or from code");
    }
}
