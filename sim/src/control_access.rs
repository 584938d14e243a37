//! Who may use `/_sim`. It changes credits and faults, and the simulator runs on a developer's own machine,
//! where any web page they visit could send it requests. So a request with an `Origin` header answers only when
//! that origin is one of the app's (`--app-origin`, or the simulator's own with `--serve-app`); every other
//! origin gets a 403 before anything runs, preflights included, and even a "simple" POST a browser sends without
//! asking first. Requests without `Origin` (scripts, tests, curl) are not a browser page's and pass.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{from_fn_with_state, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::error::ApiError;
use crate::state::AppState;

type Origins = Arc<[HeaderValue]>;

/// `router` answering only the origins given (and requests without one), with CORS for exactly those.
pub fn guarded(router: Router<AppState>, origins: &[String]) -> Router<AppState> {
    let origins: Origins = origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()).collect();
    let cors = CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins.iter().cloned()))
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
        .allow_headers([header::CONTENT_TYPE])
        .max_age(Duration::from_secs(600));
    router.layer(cors).layer(from_fn_with_state(origins, refuse_other_origins))
}

async fn refuse_other_origins(State(origins): State<Origins>, request: Request, next: Next) -> Response {
    // Every Origin header must be allowed: a browser sends one, so a second is not from the app.
    let stranger = request.headers().get_all(header::ORIGIN).iter().find(|o| !origins.contains(o));
    match stranger {
        Some(origin) => ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "/_sim answers only requests without an Origin or from the app's origin, not {}; \
                 start the simulator with --app-origin for a page that needs it",
                String::from_utf8_lossy(origin.as_bytes())
            ),
        )
        .into_response(),
        None => next.run(request).await,
    }
}
