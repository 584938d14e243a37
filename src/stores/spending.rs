//! The spending ledger (`domain::spending`), one per account, kept where the person's sign-in is: on
//! the device after "Remember me" (one value every tab reads and writes, so no tab's copy hides
//! another's charges), else in this tab. Cleared with everything else of the person at sign-out.

use crate::browser::local_time::now_ms;
use crate::browser::storage::Worth;
use crate::domain::keys;
use crate::domain::spending::{Charge, Spending};

fn key() -> String {
    keys::spending(&super::owner())
}

pub fn load() -> Spending {
    super::read(&key()).unwrap_or_default()
}

/// A ledger that could not be written keeps the one before, and the person is told.
fn save(spending: &Spending) {
    super::keep(&key(), spending, Worth::Kept);
}

/// Notes a paid action the service took on; once, however many tabs note it (`Spending::charge`).
pub fn charge(id: i64, title: Option<&str>, charge: Charge) {
    let mut spending = load();
    if spending.charge(id, title, charge) {
        save(&spending);
    }
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
