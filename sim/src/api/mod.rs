//! The Scene Projects API under `/api/v1`: one module per resource.

mod actions;
mod projects;
mod scenes;

use axum::extract::Request;
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post, put};
use axum::Router;

use crate::alt_errors;
use crate::clock::Stamp;
use crate::error::{ApiError, ApiResult};
use crate::ledger::Ledger;
use crate::middleware::{full_path, inject_faults, record_request};
use crate::model::Project;
use crate::state::AppState;
use crate::timeline::JobKind;

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

/// A completed project still running a quiet job (the `alt` profile's regenerations and upscales) takes no
/// other until it ends.
fn busy(project: &Project) -> ApiError {
    let running = match project.job.as_ref().map(|j| j.kind) {
        Some(JobKind::Upscale) => "an upscale",
        Some(JobKind::Regenerate { .. }) => "a scene regeneration",
        _ => "a generation",
    };
    ApiError::wrong_state(format!(
        "Project {} is busy: {running} is running; try again when it has finished",
        project.id
    ))
}

/// The moment a change happens, as both the job clock and the timestamp written into records.
fn now() -> (std::time::Instant, Stamp) {
    (std::time::Instant::now(), crate::store::now_stamp())
}

/// Charges `cost` to the owner's ledger and counts it in the project's `credits_used`, or refuses with a 403
/// saying what `needs` it and what the balance is, changing nothing. Callers check and charge under the one
/// store lock, so of two racing requests only one is charged.
fn charge_or_refuse(
    ledger: &mut Ledger,
    project: &mut Project,
    cost: i64,
    reason: &'static str,
    needs: &str,
    at: Stamp,
) -> ApiResult<()> {
    ledger.charge(cost, project.id, reason, at).map_err(|e| {
        ApiError::insufficient_credits(format!(
            "Insufficient credits: {needs} needs {} credits and you have {}",
            e.needed, e.available
        ))
    })?;
    project.credits_used += cost;
    Ok(())
}
