//! The names a person gave person ids, and the ids their projects used, kept for the account signed in
//! (`domain::persons`) where its sign-in is. Removed with everything else at sign-out
//! (`Session::sign_out` says why); a 401 keeps them, found again only by the same account.

use crate::api::Project;
use crate::browser::storage::Worth;
use crate::domain::keys;
use crate::domain::persons::Persons;

fn key() -> String {
    keys::persons(&super::owner())
}

/// The signed-in account's persons, or none when nothing is kept for it.
pub fn load() -> Persons {
    super::read(&key()).unwrap_or_default()
}

/// Where the sign-in is: on the device, names are worth keeping across a browser restart, and every
/// tab shows the same. False when the browser refused (the app then says so once).
pub fn save(persons: &Persons) -> bool {
    super::keep(&key(), persons, Worth::Kept)
}

/// Adds the person ids of projects just listed, writing only when one is new.
pub fn see(projects: &[Project]) {
    let mut persons = load();
    if persons.see(projects) {
        save(&persons);
    }
}
