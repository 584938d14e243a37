//! Everything outside the API, media and controls: the built front-end (with `--serve-app`) or a short 404.

use std::path::PathBuf;

use axum::extract::Request;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use crate::error::ApiError;

const RESERVED: [&str; 3] = ["/api", "/media", "/_sim"];

/// Unknown paths under the server's own prefixes stay 404s; any other path is the app's, and a deep link
/// like `/projects/7` gets index.html so the client-side router can take it.
pub async fn serve(app_dir: Option<PathBuf>, request: Request) -> Response {
    let path = request.uri().path();
    if RESERVED.iter().any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}/"))) {
        return ApiError::not_found("Not Found").into_response();
    }
    let Some(dir) = app_dir else {
        return (
            StatusCode::NOT_FOUND,
            "storyreel-sim: no app is served here (start with --serve-app DIR); the API is at /api/v1\n",
        )
            .into_response();
    };
    let index = dir.join("index.html");
    match ServeDir::new(&dir).fallback(ServeFile::new(index)).oneshot(request).await {
        Ok(response) => response.map(axum::body::Body::new),
        Err(never) => match never {},
    }
}
