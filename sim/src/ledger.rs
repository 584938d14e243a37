//! A user's credits: a balance and the entries that explain it.

use serde::Serialize;

use crate::clock::Stamp;

pub const CREDITS_PER_SCENE: i64 = 100;
/// A new clip is 10 s of video at 10 credits a second, like a scene at approval.
pub const REGENERATE_VIDEO_COST: i64 = 100;
/// An image alone is far cheaper than a clip; priced at a fifth of one.
pub const REGENERATE_IMAGE_ONLY_COST: i64 = 20;

#[derive(Debug, Serialize)]
pub struct Entry {
    pub at: Stamp,
    /// Negative for charges, positive for refunds and top-ups.
    pub amount: i64,
    pub project_id: Option<u64>,
    pub reason: &'static str,
}

#[derive(Debug, Default)]
pub struct Ledger {
    pub balance: i64,
    pub entries: Vec<Entry>,
}

#[derive(Debug)]
pub struct Insufficient {
    pub needed: i64,
    pub available: i64,
}

impl Ledger {
    pub fn new(balance: i64) -> Ledger {
        Ledger { balance, entries: Vec::new() }
    }

    /// Takes `amount` at once, or nothing at all when the balance is short.
    pub fn charge(
        &mut self,
        amount: i64,
        project_id: u64,
        reason: &'static str,
        at: Stamp,
    ) -> Result<(), Insufficient> {
        if self.balance < amount {
            return Err(Insufficient { needed: amount, available: self.balance });
        }
        self.post(-amount, Some(project_id), reason, at);
        Ok(())
    }

    pub fn refund(&mut self, amount: i64, project_id: u64, reason: &'static str, at: Stamp) {
        if amount > 0 {
            self.post(amount, Some(project_id), reason, at);
        }
    }

    /// The control endpoint's override, recorded like any other movement.
    pub fn set_balance(&mut self, balance: i64, at: Stamp) {
        let delta = balance - self.balance;
        self.post(delta, None, "set by /_sim", at);
    }

    fn post(&mut self, amount: i64, project_id: Option<u64>, reason: &'static str, at: Stamp) {
        self.balance += amount;
        self.entries.push(Entry { at, amount, project_id, reason });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_balance_charges_nothing() {
        let mut l = Ledger::new(300);
        let err = l.charge(500, 1, "approve", Stamp(0)).unwrap_err();
        assert_eq!((err.needed, err.available), (500, 300));
        assert_eq!(l.balance, 300);
        assert!(l.entries.is_empty());
        l.charge(200, 1, "approve", Stamp(0)).unwrap();
        l.refund(100, 1, "refund", Stamp(1));
        assert_eq!(l.balance, 200);
        assert_eq!(l.entries.len(), 2);
    }
}
