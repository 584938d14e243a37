//! The `alt` profile's media: served from an origin of its own (a second listener) under a layout of its own,
//! `/cdn/v2/projects/{id}/final.webm?v=2&sig=...`, with links signed like a CDN's. The version is in the query,
//! so a client that drops or rewrites the query (or builds media URLs from the API's address) gets a 403 or a
//! 404 rather than the file. The links are written and read back in `urls.rs`; this module only checks and
//! serves them.

use axum::extract::{Path, RawQuery, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::media;
use crate::state::AppState;
use crate::urls::{cdn_file, cdn_query, cdn_sign};

/// Where the layout starts on the media origin.
pub const ROOT: &str = "/cdn/v2";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(&format!("{ROOT}/projects/{{project_id}}/{{*file}}"), get(asset))
        .fallback(|| async { media::missing() })
}

async fn asset(
    State(state): State<AppState>,
    Path((project_id, file)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    request: Request,
) -> Response {
    let (version, sig) = cdn_query(query.as_deref().unwrap_or_default());
    let version = match version.map(str::parse::<u32>) {
        None => None,
        Some(Ok(v)) => Some(v),
        Some(Err(_)) => return media::missing(),
    };
    let (Ok(project_id), Some(media)) = (project_id.parse::<u64>(), cdn_file(&file, version)) else {
        return media::missing();
    };
    if sig != Some(cdn_sign(&format!("projects/{project_id}/{file}"), version).as_str()) {
        return ApiError::new(StatusCode::FORBIDDEN, "Invalid or missing signature: use media URLs exactly as given")
            .with_code("invalid_signature")
            .into_response();
    }
    media::serve(&state, project_id, media, request).await
}
