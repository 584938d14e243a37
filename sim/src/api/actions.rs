//! Project-wide actions that start background work: approve (generation) and upscale.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

use super::common;
use crate::auth::UserId;
use crate::body::Fields;
use crate::error::{ApiError, ApiResult};
use crate::generation;
use crate::ids::Id;
use crate::ledger::CREDITS_PER_SCENE;
use crate::model::ProjectStatus;
use crate::state::AppState;

pub async fn approve(
    State(state): State<AppState>,
    UserId(user): UserId,
    Path(project_id): Path<String>,
    body: Bytes,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let id = Id::from_path(&project_id, "project_id")?;
    let mut f = Fields::parse(&body, false)?;
    let confirmed = f.req_bool("confirm_credits");
    let video_model = f.opt_str("video_model");
    let image_model = f.opt_str("image_model");
    f.finish()?;
    if confirmed != Some(true) {
        return Err(ApiError::bad_request("Credit confirmation is required: send confirm_credits: true to approve"));
    }

    let (now, at) = common::now();
    // Check, charge and start under one lock: of two racing approvals exactly one sees `proposed`.
    let mut store = state.store();
    // Refunds of this user's failed jobs are due before their balance is judged.
    store.settle_user(user, now);
    let doom = store.faults.fail_generation.then_some(store.faults.fail_at_percent);
    let (project, ledger) = store.project_and_ledger(user, id)?;
    if project.status != ProjectStatus::Proposed {
        return Err(ApiError::wrong_state(format!(
            "Project is not in proposed state (it is {})",
            project.status.as_str()
        )));
    }
    let cost = CREDITS_PER_SCENE * project.scenes.len() as i64;
    common::charge_or_refuse(ledger, project, cost, "approve", "this approval", at)?;
    project.video_model = video_model;
    project.image_model = image_model;
    generation::start_generation(project, now, at, doom);
    let id = project.id;
    store.mark_active(id);
    Ok((
        StatusCode::ACCEPTED,
        Json(json!({
            "id": id,
            "status": "generating",
            "progress": 0,
            "message": format!("Generation started. Use GET /scene-projects/{id}/status to track progress."),
        })),
    ))
}

/// Free. Asking again while an upscale runs answers the same and starts nothing new.
pub async fn upscale(
    State(state): State<AppState>,
    UserId(user): UserId,
    Path(project_id): Path<String>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let id = Id::from_path(&project_id, "project_id")?;
    let (now, at) = common::now();
    let mut store = state.store();
    let project = store.project_mut(user, id)?;
    let id = project.id;
    match project.status {
        ProjectStatus::Upscaling => {}
        // Only with quiet jobs (`alt`) is a completed project busy; asking again is then refused.
        ProjectStatus::Completed if project.job.is_some() => return Err(common::busy(project)),
        ProjectStatus::Completed if project.final_version > 0 => {
            generation::start_upscale(project, now, at, state.profile.quiet_jobs());
            store.mark_active(id);
        }
        other => {
            return Err(ApiError::wrong_state(format!(
                "Only a completed project can be upscaled (it is {})",
                other.as_str()
            )))
        }
    }
    Ok((
        StatusCode::ACCEPTED,
        Json(json!({"id": id, "status": "upscaling", "message": "Upscaling started; it may take 5 to 10 minutes."})),
    ))
}
