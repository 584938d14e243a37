//! `/_sim`: the simulator's own controls for tests and demos (no auth): health, credit balances, the request
//! log, fault switches, failing a project on demand, the job clock (speeds, a job moved ahead), projects seeded
//! by the thousand, and the list's page size.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::body::Fields;
use crate::config::{MAX_PAGE_SIZE, MAX_SEED};
use crate::error::{ApiError, ApiResult};
use crate::faults::FaultsPatch;
use crate::generation;
use crate::ids::Id;
use crate::state::AppState;
use crate::store::now_stamp;
use crate::timeline::{speed_in_range, JobKind, MAX_ADVANCE_SECS, MAX_SPEED, MIN_SPEED};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/profile", get(profile))
        .route("/users/{user_id}", get(user))
        .route("/users/{user_id}/credits", put(set_credits))
        .route("/requests", get(requests).delete(clear_requests))
        .route("/faults", get(faults).put(set_faults))
        .route("/projects/{project_id}/fail", post(fail_project))
        .route("/speed", get(speed).put(set_speed))
        .route("/projects/{project_id}/speed", put(set_project_speed))
        .route("/projects/{project_id}/advance", post(advance_project))
        .route("/seed", post(seed))
        .route("/list-page-size", get(list_page_size).put(set_list_page_size))
        .fallback(|| async { ApiError::not_found("Not Found") })
}

/// Which answers the server gives where the spec is silent, and where its media is served from.
async fn profile(State(state): State<AppState>) -> Json<Value> {
    Json(json!({"profile": state.profile.as_str(), "storage_url": state.urls.storage}))
}

fn user_json(id: u64, ledger: &crate::ledger::Ledger) -> Value {
    json!({"id": id, "credits": ledger.balance, "ledger": ledger.entries})
}

async fn user(State(state): State<AppState>, Path(user_id): Path<String>) -> ApiResult<Json<Value>> {
    let id = Id::from_path(&user_id, "user_id")?;
    let mut store = state.store();
    if let Some(key) = id.key() {
        store.settle_user(key, std::time::Instant::now());
    }
    let user = id
        .key()
        .and_then(|k| store.users.get(&k))
        .ok_or_else(|| ApiError::not_found(format!("User {id} not found")))?;
    Ok(Json(user_json(user.id, &user.ledger)))
}

async fn set_credits(
    State(state): State<AppState>,
    Path(user_id): Path<String>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let id = Id::from_path(&user_id, "user_id")?;
    let mut f = Fields::parse(&body, false)?;
    let credits = f.req_int("credits");
    f.finish()?;
    let credits = credits
        .and_then(|c| i64::try_from(c.0).ok())
        .filter(|c| *c >= 0)
        .ok_or_else(|| ApiError::bad_request("credits must be a non-negative integer"))?;
    let mut store = state.store();
    if let Some(key) = id.key() {
        store.settle_user(key, std::time::Instant::now());
    }
    let user = id
        .key()
        .and_then(|k| store.users.get_mut(&k))
        .ok_or_else(|| ApiError::not_found(format!("User {id} not found")))?;
    user.ledger.set_balance(credits, now_stamp());
    Ok(Json(user_json(user.id, &user.ledger)))
}

async fn requests(State(state): State<AppState>) -> Json<Value> {
    let store = state.store();
    // `now_ms` lets a client count only what began after a moment: a request is logged when it ends,
    // so one begun earlier by someone else can still arrive later.
    Json(
        json!({ "requests": store.requests.entries().collect::<Vec<_>>(), "now_ms": state.started.elapsed().as_millis() as u64 }),
    )
}

async fn clear_requests(State(state): State<AppState>) -> StatusCode {
    state.store().requests.clear();
    StatusCode::NO_CONTENT
}

async fn faults(State(state): State<AppState>) -> Json<Value> {
    Json(json!(state.store().faults))
}

async fn set_faults(State(state): State<AppState>, body: Bytes) -> ApiResult<Json<Value>> {
    let patch: FaultsPatch = serde_json::from_slice(&body)
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, format!("Invalid faults: {e}")))?;
    let mut store = state.store();
    store.faults.apply(patch);
    Ok(Json(json!(store.faults)))
}

async fn fail_project(State(state): State<AppState>, Path(project_id): Path<String>) -> ApiResult<Json<Value>> {
    let id = Id::from_path(&project_id, "project_id")?;
    let mut store = state.store();
    let speed = id.key().map_or(store.speed(), |k| store.speed_for(k));
    let project = id
        .key()
        .and_then(|k| store.projects.get(&k))
        .ok_or_else(|| ApiError::not_found(format!("Project {id} not found")))?;
    let user_id = project.user_id;
    let (project, ledger) = store.project_and_ledger(user_id, id)?;
    // A generation or regeneration, also a quiet one (`alt`), under which the project still shows `completed`.
    if !project.job.as_ref().is_some_and(|job| job.kind != JobKind::Upscale) {
        return Err(ApiError::conflict(format!("Project {id} is not generating (it is {})", project.status.as_str())));
    }
    generation::fail_now(project, ledger, std::time::Instant::now(), speed);
    Ok(Json(json!({"id": project.id, "status": project.status.as_str(), "error": project.error})))
}

async fn speed(State(state): State<AppState>) -> Json<Value> {
    Json(json!({"speed": state.store().speed()}))
}

/// A speed outside the range the job arithmetic holds in is a 400 (a number that breaks a rule); anything but
/// a number is a 422. JSON has no NaN or infinity, and a number too large for a float (`1e400`) is one of the
/// values refused, not malformed JSON.
fn speed_in(body: &Bytes) -> ApiResult<f64> {
    let out_of_range = || {
        ApiError::bad_request(format!("speed must be a number from {MIN_SPEED} to {MAX_SPEED}, as {{\"speed\": 40}}"))
    };
    let speed = match serde_json::from_slice::<Value>(body) {
        Ok(v) => v.get("speed").and_then(Value::as_f64),
        Err(e) if e.to_string().starts_with("number out of range") => return Err(out_of_range()),
        Err(_) => None,
    };
    let speed = speed
        .ok_or_else(|| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "speed must be a number, as {\"speed\": 40}"))?;
    if !speed_in_range(speed) {
        return Err(out_of_range());
    }
    Ok(speed)
}

async fn set_speed(State(state): State<AppState>, body: Bytes) -> ApiResult<Json<Value>> {
    let speed = speed_in(&body)?;
    state.store().set_speed(speed, std::time::Instant::now());
    Ok(Json(json!({"speed": speed})))
}

/// Lets one test watch a generation at a human pace while the rest of the run stays fast.
async fn set_project_speed(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let id = Id::from_path(&project_id, "project_id")?;
    let speed = speed_in(&body)?;
    let found = id.key().is_some_and(|k| state.store().set_project_speed(k, speed, std::time::Instant::now()));
    if !found {
        return Err(ApiError::not_found(format!("Project {id} not found")));
    }
    Ok(Json(json!({"id": project_id, "speed": speed})))
}

/// `{"seconds": N}`, N of job time (as at speed 1): more than 0, at most `MAX_ADVANCE_SECS` (longer than any job).
fn seconds_in(body: &Bytes) -> ApiResult<f64> {
    let secs = serde_json::from_slice::<Value>(body).ok().and_then(|v| v.get("seconds").and_then(Value::as_f64));
    let secs = secs.ok_or_else(|| {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "seconds must be a number, as {\"seconds\": 30}")
    })?;
    if !(secs > 0.0 && secs <= MAX_ADVANCE_SECS) {
        return Err(ApiError::bad_request(format!("seconds must be more than 0 and at most {MAX_ADVANCE_SECS}")));
    }
    Ok(secs)
}

/// Moves a project's running job ahead by an exact amount of job time, whatever its speed: a test stops a
/// job at a chosen step (frozen at the slowest speed, then moved) instead of sleeping and hoping the host
/// kept pace.
async fn advance_project(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let id = Id::from_path(&project_id, "project_id")?;
    let secs = seconds_in(&body)?;
    let mut store = state.store();
    let key = id
        .key()
        .filter(|k| store.projects.contains_key(k))
        .ok_or_else(|| ApiError::not_found(format!("Project {id} not found")))?;
    store.advance(key, secs, std::time::Instant::now())?;
    Ok(Json(json!({"id": key, "advanced_seconds": secs})))
}

/// `{"count": N}`, and `"token"` or `"user_id"` to name the account (default: demo-token's, else the first
/// user): gives it N projects more, with a past (see `store/seed.rs`).
async fn seed(State(state): State<AppState>, body: Bytes) -> ApiResult<Json<Value>> {
    let mut f = Fields::parse(&body, false)?;
    let count = f.req_int("count");
    let token = f.opt_str("token");
    let user_id = f.opt_int("user_id");
    f.finish()?;
    let count = from_0_to(count, "count", MAX_SEED)?;
    let mut store = state.store();
    let user = match (token, user_id) {
        (Some(_), Some(_)) => return Err(ApiError::bad_request("Name the account by token or by user_id, not both")),
        (Some(token), None) => {
            store.user_for_token(&token).ok_or_else(|| ApiError::not_found("No user has that token"))?
        }
        (None, Some(id)) => id
            .key()
            .filter(|k| store.users.contains_key(k))
            .ok_or_else(|| ApiError::not_found(format!("User {id} not found")))?,
        (None, None) => store.default_seed_user().ok_or_else(|| ApiError::not_found("No user to seed"))?,
    };
    let ids = store.seed(user, count, state.profile, std::time::Instant::now(), now_stamp())?;
    let projects = store.projects.values().filter(|p| p.user_id == user).count();
    Ok(Json(json!({
        "user_id": user,
        "count": ids.len(),
        "first_id": ids.first(),
        "last_id": ids.last(),
        "projects": projects,
    })))
}

/// A control's count (`name`, read by `Fields`) that must lie from 0 to `max`, or a 400 saying so.
fn from_0_to(value: Option<Id>, name: &str, max: u64) -> ApiResult<u64> {
    value
        .and_then(|n| u64::try_from(n.0).ok())
        .filter(|n| *n <= max)
        .ok_or_else(|| ApiError::bad_request(format!("{name} must be an integer from 0 to {max}")))
}

async fn list_page_size(State(state): State<AppState>) -> Json<Value> {
    Json(json!({"list_page_size": state.store().list_page_size}))
}

/// `{"list_page_size": N}`: projects per page of GET /scene-projects from the next request on; 0 is one answer.
async fn set_list_page_size(State(state): State<AppState>, body: Bytes) -> ApiResult<Json<Value>> {
    let mut f = Fields::parse(&body, false)?;
    let size = f.req_int("list_page_size");
    f.finish()?;
    let size = from_0_to(size, "list_page_size", MAX_PAGE_SIZE)?;
    state.store().list_page_size = size;
    Ok(Json(json!({"list_page_size": size})))
}
