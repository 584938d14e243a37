//! What the media URLs point to, served like signed storage links: no auth, Range requests, long caching
//! for versioned names. Images are drawn on request; videos come from the committed fixtures. The routes here
//! read the default layout (`/media/projects/...`); `cdn.rs` reads the `alt` one and serves through `serve`.

use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::error::ApiError;
use crate::model::Project;
use crate::state::AppState;
use crate::svg;
use crate::urls::{self, MediaRef};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/projects/{project_id}/scenes/{scene_number}/{file}", get(scene_asset))
        .route("/projects/{project_id}/{file}", get(final_asset))
        .fallback(|| async { missing() })
}

pub fn missing() -> Response {
    ApiError::not_found("Not Found").into_response()
}

async fn scene_asset(
    State(state): State<AppState>,
    Path((project_id, number, file)): Path<(String, String, String)>,
    request: Request,
) -> Response {
    let (Ok(project_id), Ok(number)) = (project_id.parse::<u64>(), number.parse::<u32>()) else {
        return missing();
    };
    match urls::storage_scene_file(number, &file) {
        Some(media) => serve(&state, project_id, media, request).await,
        None => missing(),
    }
}

async fn final_asset(
    State(state): State<AppState>,
    Path((project_id, file)): Path<(String, String)>,
    request: Request,
) -> Response {
    let Ok(project_id) = project_id.parse::<u64>() else {
        return missing();
    };
    match urls::storage_final_file(&file) {
        Some(media) => serve(&state, project_id, media, request).await,
        None => missing(),
    }
}

enum Asset {
    Image(String),
    /// A fixture file, and whether its name is versioned (so it never changes).
    Fixture(String, bool),
}

/// Answers with the file `media` names, if the project has made it. Any version made so far stays served, but
/// for the `alt` profile's final video: like a service that deletes the previous cut once a new one is there,
/// it serves only the latest (whether an old version is kept is not shown).
pub async fn serve(state: &AppState, project_id: u64, media: MediaRef, request: Request) -> Response {
    let found = {
        let mut store = state.store();
        store.settle_project(project_id, std::time::Instant::now());
        store.projects.get(&project_id).and_then(|p| asset(p, media, state.profile.keeps_latest_final_only()))
    };
    match found {
        Some(Asset::Image(svg)) => {
            let mut response = ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response();
            immutable(&mut response);
            response
        }
        Some(Asset::Fixture(name, versioned)) => serve_fixture(state, &name, request, versioned).await,
        None => missing(),
    }
}

fn asset(p: &Project, media: MediaRef, latest_final_only: bool) -> Option<Asset> {
    let scenes = p.scenes.len();
    let scene = |number: u32| p.scenes.iter().find(|s| s.number == number);
    match media {
        MediaRef::Image { scene: number, version } => {
            let s = scene(number).filter(|s| (1..=s.image.version).contains(&version))?;
            Some(Asset::Image(svg::scene_image(s, version)))
        }
        MediaRef::Video { scene: number, version } => {
            scene(number).filter(|s| (1..=s.video.version).contains(&version))?;
            Some(Asset::Fixture(format!("scene-{number:02}.webm"), true))
        }
        MediaRef::Final { version: None } => {
            (p.final_version > 0).then(|| Asset::Fixture(format!("final-{scenes}.webm"), false))
        }
        MediaRef::Final { version: Some(v) } => {
            let kept = if latest_final_only { v == p.final_version } else { (1..=p.final_version).contains(&v) };
            kept.then(|| Asset::Fixture(format!("final-{scenes}.webm"), true))
        }
        MediaRef::Upscaled { version: None } => {
            p.upscaled_of.is_some().then(|| Asset::Fixture(format!("final-{scenes}-upscaled.webm"), false))
        }
        MediaRef::Upscaled { version: Some(v) } => {
            (p.upscaled_of == Some(v)).then(|| Asset::Fixture(format!("final-{scenes}-upscaled.webm"), true))
        }
    }
}

async fn serve_fixture(state: &AppState, name: &str, request: Request, versioned: bool) -> Response {
    let path = state.media_dir.join(name);
    match ServeFile::new(&path).oneshot(request).await {
        Ok(response) if response.status() != StatusCode::NOT_FOUND => {
            let mut response = response.map(axum::body::Body::new);
            embeddable(&mut response);
            if versioned {
                immutable(&mut response);
            } else {
                response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            }
            response
        }
        _ => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("Media fixture {name} is missing; see sim/media/make-fixtures.sh"),
        )
        .into_response(),
    }
}

/// Storage links are embedded by apps on other origins, including pages that isolate themselves
/// with `Cross-Origin-Embedder-Policy: require-corp` (the browser test runner does).
fn embeddable(response: &mut Response) {
    response.headers_mut().insert(
        header::HeaderName::from_static("cross-origin-resource-policy"),
        HeaderValue::from_static("cross-origin"),
    );
}

fn immutable(response: &mut Response) {
    embeddable(response);
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
}
