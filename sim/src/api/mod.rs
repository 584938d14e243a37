//! The Scene Projects API under `/api/v1`: one module per resource.

mod actions;
mod common;
mod paging;
mod projects;
mod scenes;

use axum::extract::Request;
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post, put};
use axum::Router;

use crate::alt_errors;
use crate::error::ApiError;
use crate::middleware::{full_path, inject_faults, record_request};
use crate::state::AppState;

pub fn router(state: AppState) -> Router<AppState> {
    let routes = Router::new()
        .route("/stories/create", post(projects::create))
        .route("/scene-projects", get(projects::list))
        .route("/scene-projects/{project_id}", get(projects::get))
        .route("/scene-projects/{project_id}/status", get(projects::status))
        .route("/scene-projects/{project_id}/scenes/{scene_id}", put(scenes::update))
        .route("/scene-projects/{project_id}/scenes/{scene_number}/regenerate", post(scenes::regenerate))
        .route("/scene-projects/{project_id}/approve", post(actions::approve))
        .route("/scene-projects/{project_id}/upscale", post(actions::upscale))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(from_fn_with_state(state.clone(), inject_faults));
    // Errors take the profile's shape inside the request log, so the log shows the status the client got.
    alt_errors::for_profile(state.profile, routes).layer(from_fn_with_state(state, record_request))
}

async fn not_found(request: Request) -> ApiError {
    ApiError::not_found(format!("No endpoint {} {}", request.method(), full_path(&request)))
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(axum::http::StatusCode::METHOD_NOT_ALLOWED, "Method Not Allowed")
}
