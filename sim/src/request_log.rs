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

pub async fn record(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let at_ms = state.started.elapsed().as_millis() as u64;
    let method = request.method().to_string();
    let path = full_path(&request);
    let response = next.run(request).await;
    let status = response.status().as_u16();
    state.store().requests.push(Logged {
        at_ms,
        method,
        path,
        status,
    });
    response
}

/// The path as the client sent it; inside `nest` the router sees it without the `/api/v1` prefix.
pub fn full_path(request: &Request) -> String {
    match request.extensions().get::<OriginalUri>() {
        Some(OriginalUri(uri)) => uri.path().to_owned(),
        None => request.uri().path().to_owned(),
    }
}
