//! A scene's text: edited while proposed, regenerated (by scene number) once the project is completed.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde_json::Value;

use super::common;
use crate::auth::UserId;
use crate::body::Fields;
use crate::error::{ApiError, ApiResult};
use crate::generation::{self, Regeneration};
use crate::ids::Id;
use crate::ledger::{REGENERATE_IMAGE_ONLY_COST, REGENERATE_VIDEO_COST};
use crate::model::ProjectStatus;
use crate::state::AppState;
use crate::timeline::Prompts;

const MAX_TEXT_CHARS: usize = 2000;

/// Rules for a scene text field sent by a client; narration may be empty (a silent scene), prompts may not.
fn check_text(name: &str, value: &Option<String>) -> ApiResult<()> {
    let Some(text) = value else { return Ok(()) };
    if text.chars().count() > MAX_TEXT_CHARS {
        return Err(ApiError::bad_request(format!("{name} must be at most {MAX_TEXT_CHARS} characters")));
    }
    if name != "narration_text" && text.trim().is_empty() {
        return Err(ApiError::bad_request(format!("{name} must not be blank")));
    }
    Ok(())
}

pub async fn update(
    State(state): State<AppState>,
    UserId(user): UserId,
    Path((project_id, scene_id)): Path<(String, String)>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let project_id = Id::from_path(&project_id, "project_id")?;
    let scene_id = Id::from_path(&scene_id, "scene_id")?;
    let mut f = Fields::parse(&body, true)?;
    let description = f.opt_str("description");
    let image_prompt = f.opt_str("image_prompt");
    let motion_prompt = f.opt_str("motion_prompt");
    let narration_text = f.opt_str("narration_text");
    f.finish()?;
    check_text("description", &description)?;
    check_text("image_prompt", &image_prompt)?;
    check_text("motion_prompt", &motion_prompt)?;
    check_text("narration_text", &narration_text)?;

    let (_, at) = common::now();
    let mut store = state.store();
    let project = store.project_mut(user, project_id)?;
    let index = project
        .scenes
        .iter()
        .position(|s| Some(s.id) == scene_id.key())
        .ok_or_else(|| ApiError::not_found(format!("Scene {scene_id} not found in project {project_id}")))?;
    if project.status != ProjectStatus::Proposed {
        return Err(ApiError::conflict(format!(
            "Scenes can only be edited while the project is proposed (it is {})",
            project.status.as_str()
        )));
    }
    let scene = &mut project.scenes[index];
    for (field, value) in [
        (&mut scene.description, description),
        (&mut scene.image_prompt, image_prompt),
        (&mut scene.motion_prompt, motion_prompt),
        (&mut scene.narration_text, narration_text),
    ] {
        if let Some(value) = value {
            *field = value;
        }
    }
    project.touch(at);
    Ok(Json(state.view().scene_updated(project, index)))
}

pub async fn regenerate(
    State(state): State<AppState>,
    UserId(user): UserId,
    Path((project_id, scene_number)): Path<(String, String)>,
    body: Bytes,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let project_id = Id::from_path(&project_id, "project_id")?;
    let scene_number = Id::from_path(&scene_number, "scene_number")?;
    let mut f = Fields::parse(&body, true)?;
    let image = f.opt_bool("regenerate_image").unwrap_or(true);
    let video = f.opt_bool("regenerate_video").unwrap_or(true);
    let image_prompt = f.opt_str("updated_image_prompt");
    let motion_prompt = f.opt_str("updated_motion_prompt");
    f.finish()?;
    if !image && !video {
        return Err(ApiError::bad_request(
            "Nothing to regenerate: regenerate_image and regenerate_video are both false",
        ));
    }
    check_text("updated_image_prompt", &image_prompt)?;
    check_text("updated_motion_prompt", &motion_prompt)?;

    let (now, at) = common::now();
    let mut store = state.store();
    // Refunds of this user's failed jobs are due before their balance is judged.
    store.settle_user(user, now);
    let (project, ledger) = store.project_and_ledger(user, project_id)?;
    let index =
        project.scenes.iter().position(|s| i128::from(s.number) == scene_number.0).ok_or_else(|| {
            ApiError::not_found(format!("Scene number {scene_number} not found in project {project_id}"))
        })?;
    if project.status != ProjectStatus::Completed {
        return Err(ApiError::wrong_state(format!(
            "Only a completed project can have a scene regenerated (it is {})",
            project.status.as_str()
        )));
    }
    if project.job.is_some() {
        return Err(common::busy(project));
    }
    let cost = if video { REGENERATE_VIDEO_COST } else { REGENERATE_IMAGE_ONLY_COST };
    common::charge_or_refuse(ledger, project, cost, "regenerate scene", "regenerating this scene", at)?;
    let number = project.scenes[index].number;
    let prompts = Prompts { scene: index, image: image_prompt, motion: motion_prompt };
    let regeneration = Regeneration { image, video, cost, prompts };
    generation::start_regeneration(project, regeneration, now, at, state.profile.quiet_jobs());
    let body = state.view().regeneration_accepted(project, number, cost);
    let id = project.id;
    store.mark_active(id);
    Ok((StatusCode::ACCEPTED, Json(body)))
}
