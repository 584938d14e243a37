//! The document around the app: its title and where the person is.

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
