//! A bounded log of API requests (method, path, status, time), for tests to assert what a client sent.
//! Never headers, bodies or query strings: nothing that could hold a token.

use std::collections::VecDeque;

use serde::Serialize;

const CAPACITY: usize = 20_000;

#[derive(Clone, Debug, Serialize)]
pub struct Logged {
    pub at_ms: u64,
    pub method: String,
    pub path: String,
    pub status: u16,
}

#[derive(Debug, Default)]
pub struct RequestLog {
    entries: VecDeque<Logged>,
}

impl RequestLog {
    pub fn push(&mut self, entry: Logged) {
        if self.entries.len() == CAPACITY {
            self.entries.pop_front();
        }
        self.entries.push_back(entry);
    }

    pub fn entries(&self) -> impl Iterator<Item = &Logged> {
        self.entries.iter()
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

/// Status logged for a request whose client went away before the answer (nginx's convention):
/// it was still sent, and a test counting what a client sent must see it.
pub const CLIENT_CLOSED: u16 = 499;
