//! The document around the app: its title and where the person is.

pub fn set_title(title: &str) {
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(&if title.is_empty() { "storyreel".to_owned() } else { format!("{title} · storyreel") });
    }
}

/// Path and query of the current page, for returning here after sign-in.
pub fn current_path() -> String {
    web_sys::window()
        .map(|w| w.location())
        .map(|l| format!("{}{}", l.pathname().unwrap_or_default(), l.search().unwrap_or_default()))
        .unwrap_or_else(|| "/".into())
}
