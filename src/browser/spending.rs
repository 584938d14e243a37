//! The spending ledger on this device (`domain::spending`), one per account: one value every tab reads
//! and writes, so it lives on the device only (a tab's own copy would hide another tab's charges).
//! Cleared with everything else of the person at sign-out.

use super::local_time::now_ms;
use super::storage::{self, Persistence};
use crate::domain::keys;
use crate::domain::spending::{Charge, Spending};

fn key() -> String {
    keys::spending(&storage::read_value(keys::OWNER).unwrap_or_default())
}

pub fn load() -> Spending {
    storage::read_value(&key()).and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default()
}

fn save(spending: &Spending) {
    if let Ok(text) = serde_json::to_string(spending) {
        storage::write(&key(), &text, Persistence::Device);
    }
}

/// Notes a paid action the service took on.
pub fn charge(id: i64, title: Option<&str>, charge: Charge) {
    let mut spending = load();
    spending.charge(id, title, charge);
    save(&spending);
}

/// Notes the `credits_used` of a status answer, writing only when it is new.
pub fn report(id: i64, title: &str, used: i64) {
    let mut spending = load();
    if spending.report(id, Some(title), used, now_ms()) {
        save(&spending);
    }
}

pub fn so_far(id: i64) -> String {
    load().so_far(id)
}
