//! The styles of the account signed in (`domain::styles`), kept where its sign-in is, under its name
//! like its persons: another account signing in on this device neither sees nor changes them.

use crate::browser::storage::Worth;
use crate::domain::keys;
use crate::domain::styles::Style;

fn key() -> String {
    keys::styles(&super::owner())
}

/// The account's styles in the order they were made; none when nothing is kept.
pub fn load() -> Vec<Style> {
    super::read(&key()).unwrap_or_default()
}

/// The styles as kept now, which another tab may have changed since this one showed them, to change
/// and keep again; `shown` when the browser keeps nothing to read.
pub fn current(shown: impl FnOnce() -> Vec<Style>) -> Vec<Style> {
    super::read(&key()).unwrap_or_else(shown)
}

/// False when the browser refused (the app then says so once).
pub fn save(styles: &[Style]) -> bool {
    super::keep(&key(), &styles, Worth::Kept)
}
