//! The address as a signal, kept in step with the browser's history: links inside the app, back
//! and forward, and navigation from code. Which screen an address shows is `routes::screen_for`.
//!
//! A few fixed routes need no route-matching engine, so leptos_router and its code stay out of the wasm.

use crate::api::query_value;
use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Where the person is: the path, and the query string (with its `?`, or empty).
#[derive(Clone, Copy)]
pub struct Location {
    path: RwSignal<String>,
    query: RwSignal<String>,
    /// Whether the person has gone anywhere since the app started (a link, back or forward, a step
    /// such as signing in): a redirect while starting up is not a navigation of theirs.
    moved: StoredValue<bool>,
}

impl Location {
    pub fn path(&self) -> String {
        self.path.get()
    }

    /// A decoded query parameter; tracked, so a view follows the address.
    pub fn query(&self, key: &str) -> Option<String> {
        self.query.with(|q| query_value(q, key))
    }

    pub fn moved(&self) -> bool {
        self.moved.try_get_value().unwrap_or(false)
    }

    pub fn query_untracked(&self, key: &str) -> Option<String> {
        self.query.with_untracked(|q| query_value(q, key))
    }

    /// Goes to `to` (a path of this app, with any query), as a new history entry.
    pub fn push(&self, to: &str) {
        self.go(to, false);
    }

    /// Goes to `to` in place of the current entry: back then skips the page that sent the person on.
    pub fn replace(&self, to: &str) {
        self.go(to, true);
    }

    fn go(&self, to: &str, replace: bool) {
        let Some(window) = web_sys::window() else { return };
        if !replace {
            let _ = self.moved.try_set_value(true);
        }
        crate::browser::page::note_focus_before_navigation();
        if let Ok(history) = window.history() {
            let _ = match replace {
                true => history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(to)),
                false => history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(to)),
            };
        }
        self.read_address();
        // A new page starts at its top, as a page the browser loaded would.
        window.scroll_to_with_x_and_y(0.0, 0.0);
    }

    fn read_address(&self) {
        let Some(location) = web_sys::window().map(|w| w.location()) else { return };
        let (path, query) = (location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
        // A listener may outlive a torn-down app (tests mount it many times): then there is nothing to set.
        if self.path.try_with_untracked(|p| *p != path) == Some(true) {
            self.path.set(path);
        }
        if self.query.try_with_untracked(|q| *q != query) == Some(true) {
            self.query.set(query);
        }
    }
}

/// Starts following the address for the lifetime of the calling component (the app's shell) and
/// makes it available to every page below through `use_location`.
pub fn provide_location() -> Location {
    let location = Location {
        path: RwSignal::new(String::new()),
        query: RwSignal::new(String::new()),
        moved: StoredValue::new(false),
    };
    location.read_address();
    provide_context(location);
    let on_pop = window_event_listener(ev::popstate, move |_| {
        let _ = location.moved.try_set_value(true);
        crate::browser::page::note_focus_before_navigation();
        location.read_address()
    });
    // Bubbling phase: the leave guard (capture phase) may cancel the click first.
    let on_click = window_event_listener(ev::click, move |e| {
        if let Some(to) = link_inside_app(&e) {
            e.prevent_default();
            location.push(&to);
        }
    });
    on_cleanup(move || {
        on_pop.remove();
        on_click.remove();
    });
    location
}

pub fn use_location() -> Location {
    expect_context::<Location>()
}

/// The path, query and fragment a plain left click on a link goes to, when the app should go
/// there itself: a link to this origin, not to a download, a new tab or a spot on this page.
fn link_inside_app(e: &web_sys::MouseEvent) -> Option<String> {
    if e.default_prevented() || e.button() != 0 || e.ctrl_key() || e.meta_key() || e.shift_key() || e.alt_key() {
        return None;
    }
    let link = e.target()?.dyn_into::<web_sys::Element>().ok()?.closest("a[href]").ok()??;
    let link = link.dyn_into::<web_sys::HtmlAnchorElement>().ok()?;
    let here = web_sys::window()?.location();
    let elsewhere = !matches!(link.target().as_str(), "" | "_self") || link.has_attribute("download");
    if elsewhere || link.origin() != here.origin().ok()? {
        return None;
    }
    let (path, query) = (link.pathname(), link.search());
    let same_page = path == here.pathname().ok()? && query == here.search().ok()?;
    if same_page && !link.hash().is_empty() {
        // `#main` and the like: the browser moves to the spot itself.
        return None;
    }
    Some(format!("{path}{query}{}", link.hash()))
}
