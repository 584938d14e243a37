//! The monthly credit budget (`domain::budget`), one per account, kept where its spending ledger is
//! and cleared with it at sign-out.

use crate::browser::local_time::month_start_ms;
use crate::browser::storage::{self, Worth};
use crate::domain::budget::{outlook, Outlook};
use crate::domain::keys;

fn key() -> String {
    keys::budget(&super::owner())
}

pub fn load() -> Option<i64> {
    super::read(&key())
}

/// Keeps the budget, or removes it (`None`). False when the browser refused to write it.
pub fn save(budget: Option<i64>) -> bool {
    match budget {
        Some(credits) => super::keep(&key(), &credits, Worth::Kept),
        None => {
            storage::forget_mine(&key());
            true
        }
    }
}

/// What a paid dialog says about this month and the budget, for an action stating `adds` credits.
pub fn outlook_for(adds: Option<i64>) -> Outlook {
    outlook(load(), super::spending::load().totals(month_start_ms()).month, adds)
}
