//! A bounded log of API requests (method, path, status, time), for tests to assert what a client sent.
//! Never headers, bodies or query strings: nothing that could hold a token.

use std::collections::VecDeque;

use axum::extract::{OriginalUri, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use serde::Serialize;

use crate::store::AppState;

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

/// Logs on drop, so a request cancelled mid-way (the client timed out) is logged too.
struct Entry {
    state: AppState,
    logged: Logged,
}

impl Drop for Entry {
    fn drop(&mut self) {
        self.state.store().requests.push(self.logged.clone());
    }
}

pub async fn record(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let logged = Logged {
        at_ms: state.started.elapsed().as_millis() as u64,
        method: request.method().to_string(),
        path: full_path(&request),
        status: CLIENT_CLOSED,
    };
    let mut entry = Entry { state, logged };
    let response = next.run(request).await;
    entry.logged.status = response.status().as_u16();
    response
}

/// The path as the client sent it; inside `nest` the router sees it without the `/api/v1` prefix.
pub fn full_path(request: &Request) -> String {
    match request.extensions().get::<OriginalUri>() {
        Some(OriginalUri(uri)) => uri.path().to_owned(),
        None => request.uri().path().to_owned(),
    }
}
