//! The layers around `/api/v1`: the request log (outermost, so faulted requests are logged too) and fault
//! injection. They are here, apart from `faults.rs` and `request_log.rs`, because they reach the store,
//! which in turn holds the faults and the log.

use axum::extract::{OriginalUri, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::request_log::{Logged, CLIENT_CLOSED};
use crate::state::AppState;

/// Injected faults answer before the handler runs, so a faulted request changes nothing. A held answer is the
/// opposite: the handler has run and its work is done (charged, started) before the wait, so a client that
/// times out meanwhile leaves it done, as with a service whose answer is lost on the way back.
pub async fn inject_faults(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let plan = state.store().faults.take(&full_path(&request));
    if !plan.delay.is_zero() {
        tokio::time::sleep(plan.delay).await;
    }
    if let Some(error) = plan.fault {
        return error.into_response();
    }
    let response = next.run(request).await;
    if !plan.hold.is_zero() {
        tokio::time::sleep(plan.hold).await;
    }
    response
}

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

pub async fn record_request(State(state): State<AppState>, request: Request, next: Next) -> Response {
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
