//! Creating projects and reading them: create, list (in pages, see `paging.rs`), get, status.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{OriginalUri, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::Value;

use super::common;
use super::paging::{self, Cursor};
use crate::auth::UserId;
use crate::body::Fields;
use crate::config::Profile;
use crate::error::{ApiError, ApiResult, FieldError};
use crate::ids::Id;
use crate::model::{Project, Scene};
use crate::state::AppState;
use crate::{scene_ids, story};

const IDEA_CHARS: std::ops::RangeInclusive<usize> = 10..=1000;
const SCENES: std::ops::RangeInclusive<i128> = 2..=10;

pub async fn create(
    State(state): State<AppState>,
    UserId(user): UserId,
    body: Bytes,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let mut f = Fields::parse(&body, false)?;
    let person_id = f.req_int("person_id");
    let idea = f.req_str("story_idea");
    let num_scenes = f.opt_int("num_scenes").unwrap_or(Id(5));
    let avatar_first = f.opt_bool("use_avatar_first_scene").unwrap_or(false);
    let avatar_last = f.opt_bool("use_avatar_last_scene").unwrap_or(false);
    f.finish()?;
    let (Some(person_id), Some(idea)) = (person_id, idea) else { unreachable!("finish() reports missing fields") };

    let chars = idea.chars().count();
    if !IDEA_CHARS.contains(&chars) {
        return Err(ApiError::bad_request(format!("story_idea must be between 10 and 1000 characters (got {chars})")));
    }
    if idea.trim().is_empty() {
        return Err(ApiError::bad_request("story_idea must not be blank"));
    }
    if !SCENES.contains(&num_scenes.0) {
        return Err(ApiError::bad_request(format!("num_scenes must be between 2 and 10 (got {num_scenes})")));
    }
    let scenes = num_scenes.0 as usize;

    let (_, at) = common::now();
    let mut store = state.store();
    let persons = &store.users[&user].persons;
    let person = person_id
        .key()
        .filter(|p| persons.contains(p))
        .ok_or_else(|| ApiError::not_found(format!("Person {person_id} not found")))?;
    let id = store.next_project_id();
    let proposals = story::propose(&idea, scenes, avatar_first, avatar_last);
    let serials = (0..scenes).map(|_| store.next_scene_id()).collect();
    let scenes: Vec<Scene> = proposals
        .into_iter()
        .zip(scene_ids::for_scenes(state.profile, serials))
        .zip(1..)
        .map(|((p, scene_id), number)| Scene::proposed(scene_id, number, p))
        .collect();
    let project = Project::proposed(id, (user, person), idea, scenes, (avatar_first, avatar_last), at);
    let body = state.view().created(&project);
    store.projects.insert(id, project);
    Ok((StatusCode::CREATED, Json(body)))
}

pub async fn list(
    State(state): State<AppState>,
    UserId(user): UserId,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Response> {
    // An empty parameter is read as absent: `?person_id=&status_filter=` is what a form with no filter sends.
    let param = |name: &str| query.get(name).map(|v| v.trim()).filter(|v| !v.is_empty());
    let person_text = param("person_id");
    let person = match person_text {
        None => None,
        Some(text) => Some(Id::parse(text).ok_or_else(|| {
            ApiError::unprocessable(vec![FieldError::new(
                &["query", "person_id"],
                "Input should be a valid integer, unable to parse string as an integer",
                "int_parsing",
            )])
        })?),
    };
    let status = param("status_filter");
    if let Some(status) = status {
        known_status(state.profile, status)?;
    }
    let cursor = match param("cursor") {
        None => None,
        Some(text) => Some(Cursor::parse(text).ok_or_else(|| {
            ApiError::unprocessable(vec![FieldError::new(
                &["query", "cursor"],
                "Invalid cursor: follow the next link as given",
                "value_error",
            )])
        })?),
    };

    let mut store = state.store();
    store.settle_user(user, std::time::Instant::now());
    let page_size = usize::try_from(store.list_page_size).unwrap_or(usize::MAX);
    let mut projects: Vec<&Project> = store
        .projects
        .values()
        .filter(|p| p.user_id == user)
        .filter(|p| person.is_none_or(|id| id.key() == Some(p.person_id)))
        .filter(|p| status.is_none_or(|s| p.status.as_str() == s))
        .collect();
    projects.sort_by_key(|p| std::cmp::Reverse((p.created_at, p.id)));
    let total = projects.len();
    let start = cursor.map_or(0, |c| projects.partition_point(|p| c.is_before(p)));
    let mut page = &projects[start..];
    let mut next = None;
    if page_size > 0 && page.len() > page_size {
        page = &page[..page_size];
        let filters = [("person_id", person_text), ("status_filter", status)];
        let origin = paging::origin(&state, &headers);
        next = Some(paging::next_url(&origin, uri.path(), &filters, Cursor::after(page[page_size - 1])));
    }
    let mut response = Json(state.view().list(page, total, next.as_deref())).into_response();
    if let Some(link) = next.and_then(|url| HeaderValue::from_str(&format!("<{url}>; rel=\"next\"")).ok()) {
        response.headers_mut().insert(header::LINK, link);
    }
    Ok(response)
}

/// A `status_filter` is a match, not a validation (an unknown value lists nothing); in `alt` it must be one of
/// the spec's project statuses.
fn known_status(profile: Profile, status: &str) -> ApiResult<()> {
    const SPEC: [&str; 6] = ["draft", "creating", "proposed", "generating", "completed", "failed"];
    if profile == Profile::Default || SPEC.contains(&status) {
        return Ok(());
    }
    Err(ApiError::unprocessable(vec![FieldError::new(
        &["query", "status_filter"],
        format!("Input should be one of {}", SPEC.join(", ")),
        "enum",
    )]))
}

pub async fn get(
    State(state): State<AppState>,
    UserId(user): UserId,
    Path(project_id): Path<String>,
) -> ApiResult<Json<Value>> {
    let id = Id::from_path(&project_id, "project_id")?;
    let mut store = state.store();
    let project = store.project_mut(user, id)?;
    Ok(Json(state.view().project(project)))
}

pub async fn status(
    State(state): State<AppState>,
    UserId(user): UserId,
    Path(project_id): Path<String>,
) -> ApiResult<Json<Value>> {
    let id = Id::from_path(&project_id, "project_id")?;
    let mut store = state.store();
    let project = store.project_mut(user, id)?;
    Ok(Json(state.view().status(project)))
}
