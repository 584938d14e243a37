//! The document around the app: its title, where the person is, and where focus goes on a new page.

use std::cell::RefCell;
use wasm_bindgen::JsCast;

pub fn set_title(title: &str) {
    let title = if title.is_empty() { "storyreel".to_owned() } else { format!("{title} · storyreel") };
    // Setting the title costs the browser a message to its window (0.2 ms a status answer, measured),
    // and most answers leave it as it is.
    if SHOWN_TITLE.with_borrow(|shown| *shown == title) {
        return;
    }
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(&title);
        SHOWN_TITLE.set(title);
    }
}

thread_local! {
    /// The title last set here; the document's own is read only by the browser.
    static SHOWN_TITLE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Marks the moment a screen can be used (`storyreel:ready:<screen>` in the Performance timeline),
/// which the start-up benchmark measures navigation against; a mark already made stays the only one.
pub fn mark_ready(screen: &str) {
    let name = format!("storyreel:ready:{screen}");
    if let Some(performance) = performance().filter(|p| p.get_entries_by_name(&name).length() == 0) {
        let _ = performance.mark(&name);
    }
}

/// A status answer has been taken in: the benchmark finds the main-thread task around it in a trace.
/// A `console.timeStamp`, not a Performance mark: it only writes a trace event while a trace is
/// recorded, keeps nothing, and costs a sixth of a mark and its clearing (0.009 against 0.054 ms in
/// Chromium, measured), which every status answer paid for the benchmark's sake.
pub fn mark_status_applied() {
    web_sys::console::time_stamp_with_data(&wasm_bindgen::JsValue::from_str("storyreel:status-applied"));
}

fn performance() -> Option<web_sys::Performance> {
    web_sys::window()?.performance()
}

/// Takes away the frame index.html draws while the wasm and config.json load (`#boot-shell`).
pub fn remove_boot_frame() {
    if let Some(frame) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot-shell")) {
        frame.remove();
    }
}

/// Path and query of the current page, for returning here after sign-in.
pub fn current_path() -> String {
    web_sys::window()
        .map(|w| w.location())
        .map(|l| format!("{}{}", l.pathname().unwrap_or_default(), l.search().unwrap_or_default()))
        .unwrap_or_else(|| "/".into())
}

thread_local! {
    static SCROLLED_BEFORE: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
    static SCROLL_WANTED: std::cell::Cell<Option<f64>> = const { std::cell::Cell::new(None) };
    // Where focus was when the person asked to go elsewhere (the router notes it).
    static FOCUSED_BEFORE: RefCell<Option<web_sys::Element>> = const { RefCell::new(None) };
    // A new screen asked for its heading to take focus; holds where focus was as the person left.
    static HEADING_WANTED: RefCell<Option<Option<web_sys::Element>>> = const { RefCell::new(None) };
}

/// Notes where focus is, and how far the page is scrolled, as the address changes, before any page
/// is rebuilt (and before a new page is scrolled to its top).
pub fn note_focus_before_navigation() {
    let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    FOCUSED_BEFORE.with(|f| *f.borrow_mut() = active);
    SCROLLED_BEFORE.set(web_sys::window().and_then(|w| w.scroll_y().ok()).unwrap_or(0.0));
}

/// How far the page was scrolled as the last navigation began.
pub fn scrolled_before_navigation() -> f64 {
    SCROLLED_BEFORE.get()
}

/// Scrolls the page to `y` once the browser has laid out what was just drawn.
pub fn scroll_to_when_drawn(y: f64) {
    SCROLL_WANTED.set(Some(y));
    super::later(|| {
        if let (Some(y), Some(window)) = (SCROLL_WANTED.take(), web_sys::window()) {
            window.scroll_to_with_x_and_y(0.0, y);
        }
    });
}

/// After a navigation inside the app, the next page heading to be mounted takes focus (see
/// `focus_heading_if_wanted`), as a screen reader or keyboard user expects of a new page. A page may
/// first say it is loading: its heading comes when it is read.
pub fn want_heading_focus() {
    let from = FOCUSED_BEFORE.with(|f| f.borrow_mut().take());
    HEADING_WANTED.with(|w| *w.borrow_mut() = Some(from));
}

/// A page about to be rebuilt in place (a fresh answer replacing the kept one it showed): when focus
/// is inside it, the new page's heading takes it, rather than focus falling to the body with the old.
pub fn carry_focus_into_rebuilt_page() {
    let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    if active.is_some_and(|a| a.closest(".page").ok().flatten().is_some()) {
        HEADING_WANTED.with(|w| *w.borrow_mut() = Some(None));
    }
}

/// Forgets a wish no heading has taken yet: the app that made it is going away (tests mount many).
pub fn cancel_heading_focus() {
    HEADING_WANTED.with(|w| w.borrow_mut().take());
}

/// Called by a page heading once it is in the document: takes focus if a navigation asked for it
/// and the person has not put focus somewhere themselves meanwhile, that is, it is still where it
/// was when they navigated (a nav link), or it was lost with the old page (on the body or `main`).
/// A dialog of the old page that closes as the app navigates cannot give focus back to its opener
/// after this: the opener went with the old page.
pub fn focus_heading_if_wanted(heading: &web_sys::HtmlElement) {
    let Some(from) = HEADING_WANTED.with(|w| w.borrow_mut().take()) else { return };
    let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    let untouched = active.is_none()
        || active == from
        || active.as_ref().is_some_and(|a| matches!(a.tag_name().as_str(), "BODY" | "MAIN"));
    if untouched {
        // Focusable from code only, not a stop for Tab.
        let _ = heading.set_attribute("tabindex", "-1");
        let _ = heading.focus();
    }
}

/// The element `id` focused (the browser brings it into view), if it is there.
pub fn focus_by_id(id: &str) {
    let found = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id));
    if let Some(element) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

/// The element `id` focused once the change that makes it is drawn (it may be made in the same change
/// as the call).
pub fn focus_when_drawn(id: String) {
    leptos::prelude::request_animation_frame(move || focus_by_id(&id));
}
