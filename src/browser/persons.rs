//! The names a person gave person ids, and the ids their projects used, on this device for the
//! account signed in (`domain::persons`). Removed with everything else at sign-out (`Session::sign_out`).

use super::storage::{self, Persistence};
use crate::domain::account::OWNER_KEY;
use crate::domain::persons::{for_account, with_account, Persons};
use crate::json;

const KEY: &str = "storyreel.persons";

fn owner() -> String {
    storage::read_value(OWNER_KEY).unwrap_or_default()
}

fn kept() -> Option<json::Value> {
    json::parse(&storage::read_value(KEY)?)
}

/// The signed-in account's persons, or none when this device keeps nothing for it.
pub fn load() -> Persons {
    for_account(kept().as_ref(), &owner())
}

/// On the device, not only in this tab: names are worth keeping across a browser restart. False
/// when the browser refused (the app then says once that it keeps nothing).
pub fn save(persons: &Persons) -> bool {
    storage::write(KEY, &json::write(&with_account(kept(), &owner(), persons)), Persistence::Device)
}

/// Adds person ids just seen in the account's projects, writing only when one is new.
pub fn see(ids: &[i64]) {
    let mut persons = load();
    if persons.see(ids) {
        save(&persons);
    }
}
