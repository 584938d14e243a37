//! The `alt` profile's errors: every error the server answers has the body `{"error": {"code", "message"}}`,
//! schema errors are 400 rather than 422, state conflicts 409 rather than 400, and `Retry-After` is an HTTP date
//! rather than seconds. A layer reshapes what the handlers answer, so they are written once for both profiles.

use std::time::{Duration, SystemTime};

use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{from_fn, Next};
use axum::response::Response;
use axum::Router;
use serde_json::json;

use crate::clock::Stamp;
use crate::config::Profile;
use crate::error::{code_for, Described, INVALID_STATE, VALIDATION};

/// Wraps `router` so its errors are answered the `alt` way; the default profile's router is left as it is.
pub fn for_profile<S: Clone + Send + Sync + 'static>(profile: Profile, router: Router<S>) -> Router<S> {
    match profile {
        Profile::Default => router,
        Profile::Alt => router.layer(from_fn(reshape)),
    }
}

/// The status an error answers with in the `alt` profile.
fn status(status: StatusCode, code: &str) -> StatusCode {
    match code {
        VALIDATION => StatusCode::BAD_REQUEST,
        INVALID_STATE => StatusCode::CONFLICT,
        _ => status,
    }
}

async fn reshape(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let described = match response.extensions_mut().remove::<Described>() {
        Some(described) => described,
        // Errors made elsewhere (a body over the size limit, an unknown method on media, the root's hint) come
        // as plain text; a 416 is part of the Range protocol and keeps its empty body.
        None if is_foreign_error(&response) => {
            let status = response.status();
            let (parts, body) = response.into_parts();
            let text = to_bytes(body, 64 * 1024).await.unwrap_or_default();
            let text = String::from_utf8_lossy(&text).trim().to_owned();
            let message = if text.is_empty() { status.canonical_reason().unwrap_or("Error").to_owned() } else { text };
            response = Response::from_parts(parts, Body::empty());
            Described { code: code_for(status), message }
        }
        None => return response,
    };
    let (mut parts, _) = response.into_parts();
    parts.status = status(parts.status, described.code);
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if let Some(date) = parts.headers.get(header::RETRY_AFTER).and_then(retry_date) {
        parts.headers.insert(header::RETRY_AFTER, date);
    }
    let body = json!({"error": {"code": described.code, "message": described.message}});
    Response::from_parts(parts, Body::from(body.to_string()))
}

fn is_foreign_error(response: &Response) -> bool {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    (status.is_client_error() || status.is_server_error()) && status != StatusCode::RANGE_NOT_SATISFIABLE && !json
}

/// `Retry-After: 2` as the moment it names: `Retry-After: Sun, 06 Nov 1994 08:49:39 GMT`.
fn retry_date(value: &HeaderValue) -> Option<HeaderValue> {
    let secs: u64 = value.to_str().ok()?.trim().parse().ok()?;
    let at = Stamp::from_system(SystemTime::now() + Duration::from_secs(secs));
    // Rounded up to a whole second, so a client that waits until then has waited at least `secs`.
    let at = Stamp(at.0.div_euclid(1_000_000) * 1_000_000 + if at.0 % 1_000_000 == 0 { 0 } else { 1_000_000 });
    HeaderValue::from_str(&at.http_date()).ok()
}
