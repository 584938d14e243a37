//! The document around the app: its title, where the person is, and where focus goes on a new page.

use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;

pub fn set_title(title: &str) {
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(&if title.is_empty() { "storyreel".to_owned() } else { format!("{title} · storyreel") });
    }
}

/// Marks the moment a screen can be used (`storyreel:ready:<screen>` in the Performance timeline),
/// which the start-up benchmark measures navigation against: once `ready()` is true, and only the
/// first time. Once marked, the effect reads nothing more, so later answers do not run it again.
pub fn mark_ready_when(screen: &'static str, ready: impl Fn() -> bool + 'static) {
    leptos::prelude::Effect::new(move |marked: Option<bool>| {
        if marked == Some(true) {
            return true;
        }
        let now = ready();
        if now {
            mark_ready(screen);
        }
        now
    });
}

fn mark_ready(screen: &str) {
    let name = format!("storyreel:ready:{screen}");
    if let Some(performance) = performance().filter(|p| p.get_entries_by_name(&name).length() == 0) {
        let _ = performance.mark(&name);
    }
}

/// A status answer has been taken in: the benchmark finds the main-thread task around it. Only the
/// latest is kept (a PerformanceObserver sees each), so hours of watching hold one mark.
pub fn mark_status_applied() {
    if let Some(performance) = performance() {
        performance.clear_marks_with_mark_name("storyreel:status-applied");
        let _ = performance.mark("storyreel:status-applied");
    }
}

fn performance() -> Option<web_sys::Performance> {
    web_sys::window()?.performance()
}

/// Path and query of the current page, for returning here after sign-in.
pub fn current_path() -> String {
    web_sys::window()
        .map(|w| w.location())
        .map(|l| format!("{}{}", l.pathname().unwrap_or_default(), l.search().unwrap_or_default()))
        .unwrap_or_else(|| "/".into())
}

thread_local! {
    // Which navigation's heading is awaited: a later navigation ends the wait for an earlier one.
    static NAVIGATION: Cell<u32> = const { Cell::new(0) };
    // Where focus was when the person asked to go elsewhere (the router notes it).
    static FOCUSED_BEFORE: RefCell<Option<web_sys::Element>> = const { RefCell::new(None) };
}

/// Notes where focus is as the address changes, before any page is rebuilt.
pub fn note_focus_before_navigation() {
    let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    FOCUSED_BEFORE.with(|f| *f.borrow_mut() = active);
}

/// Ends any wait of `focus_heading_when_shown`: the app that asked is going away (tests mount many).
pub fn cancel_heading_focus() {
    NAVIGATION.with(|n| n.set(n.get().wrapping_add(1)));
}

/// After a navigation inside the app, moves focus to the new page's `<h1>` once it is shown (a page
/// may first say it is loading), as a screen reader or keyboard user expects of a new page. Focus
/// moves only if the person has not put it somewhere themselves meanwhile: it is still where it was
/// when they navigated (a nav link), or it was lost with the old page (on the body or `main`).
pub fn focus_heading_when_shown() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let this = NAVIGATION.with(|n| {
        n.set(n.get().wrapping_add(1));
        n.get()
    });
    let heading = |d: &web_sys::Document| d.query_selector("main h1").ok().flatten();
    // The old page may still be on screen for a moment: its heading is not the one awaited.
    let old = heading(&document);
    let from = FOCUSED_BEFORE.with(|f| f.borrow_mut().take());
    leptos::task::spawn_local(async move {
        // 20 s: long enough for a slow first read of a project, short enough not to surprise later.
        for _ in 0..400 {
            if NAVIGATION.with(Cell::get) != this {
                return;
            }
            if let Some(h1) = heading(&document).filter(|h| Some(h) != old.as_ref()) {
                let active = document.active_element();
                let untouched = active.is_none()
                    || active == from
                    || active.as_ref().is_some_and(|a| matches!(a.tag_name().as_str(), "BODY" | "MAIN"));
                if let (true, Ok(h1)) = (untouched, h1.dyn_into::<web_sys::HtmlElement>()) {
                    // Focusable from code only, not a stop for Tab.
                    let _ = h1.set_attribute("tabindex", "-1");
                    let _ = h1.focus();
                }
                return;
            }
            gloo_timers::future::TimeoutFuture::new(50).await;
        }
    });
}
