//! What storyreel keeps for the account signed in, one kind of thing a store: drafts, the scenes as
//! first proposed, the work followed, the last known state, persons' names, styles, the spending
//! ledger, versions, approvals and paid requests not yet confirmed. (The moments the browser wrote,
//! `browser::kept_times`, stay beside `browser::local_time`, whose cache they are.) Each reads and
//! writes where the sign-in lives (`browser::storage`: on the device after "Remember me", else in
//! the tab) and is cleared with the rest at sign-out.

pub mod approvals;
pub mod budget;
pub mod drafts;
pub mod follow_ups;
pub mod last_known;
pub mod persons;
pub mod proposals;
pub mod spending;
pub mod styles;
pub mod unconfirmed;
pub mod versions;

use crate::browser::storage::{self, Worth};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Who is signed in, as the per-account keys name them (`domain::keys`); empty when no one is.
fn owner() -> String {
    storage::mine(crate::domain::keys::OWNER).unwrap_or_default()
}

/// The value kept under `key`; none when nothing is, or when it no longer reads (it is then replaced
/// the next time it is kept).
pub fn read<T: DeserializeOwned>(key: &str) -> Option<T> {
    serde_json::from_str(&storage::mine(key)?).ok()
}

/// Keeps `value` under `key` where the sign-in lives. False when the browser refused: a value that
/// could not be written leaves the one before (`storage::put`), and the person is told.
pub fn keep(key: &str, value: &impl Serialize, worth: Worth) -> bool {
    serde_json::to_string(value).is_ok_and(|text| storage::keep_mine(key, &text, worth))
}
