//! The theme choice on this device: read from storage, applied as `data-theme` on `<html>` (the
//! stylesheet's tokens follow it, or `prefers-color-scheme` without it). Sign-out keeps it (`Session::sign_out`).

use crate::browser::storage::{self, Persistence};
use crate::domain::keys::THEME;
use crate::domain::theme::ThemeChoice;

pub fn stored() -> ThemeChoice {
    ThemeChoice::parse(storage::read_value(THEME).as_deref())
}

pub fn apply(choice: ThemeChoice) {
    let Some(html) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else { return };
    let _ = match choice.value() {
        Some(value) => html.set_attribute("data-theme", value),
        None => html.remove_attribute("data-theme"),
    };
}

/// Applies `choice` and remembers it on this device; the system's theme is remembered as nothing.
pub fn choose(choice: ThemeChoice) {
    apply(choice);
    match choice.value() {
        Some(value) => {
            storage::write(THEME, value, Persistence::Device);
        }
        None => storage::remove(THEME),
    }
}
