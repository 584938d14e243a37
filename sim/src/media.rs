//! What the media URLs point to, served like signed storage links: no auth, Range requests, long caching
//! for versioned names. Images are drawn on request; videos come from the committed fixtures.

use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::error::ApiError;
use crate::model::Project;
use crate::store::AppState;
use crate::svg;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/projects/{project_id}/scenes/{scene_number}/{file}", get(scene_asset))
        .route("/projects/{project_id}/{file}", get(final_asset))
        .fallback(|| async { missing() })
}

fn missing() -> Response {
    ApiError::not_found("Not Found").into_response()
}

/// `prefix` + a version number + `suffix`, e.g. `image-v3.svg`.
fn version_in(file: &str, prefix: &str, suffix: &str) -> Option<u32> {
    file.strip_prefix(prefix)?.strip_suffix(suffix)?.parse().ok()
}

enum Asset {
    Image(String),
    Fixture(String),
}

async fn scene_asset(
    State(state): State<AppState>,
    Path((project_id, number, file)): Path<(String, String, String)>,
    request: Request,
) -> Response {
    let (Ok(project_id), Ok(number)) = (project_id.parse::<u64>(), number.parse::<u32>()) else {
        return missing();
    };
    let found = {
        let mut store = state.store();
        store.settle_project(project_id, std::time::Instant::now());
        let scene = store.projects.get(&project_id).and_then(|p| p.scenes.iter().find(|s| s.number == number));
        scene.and_then(|s| {
            if let Some(v) = version_in(&file, "image-v", ".svg").filter(|v| (1..=s.image.version).contains(v)) {
                Some(Asset::Image(svg::scene_image(s, v)))
            } else {
                version_in(&file, "video-v", ".webm")
                    .filter(|v| (1..=s.video.version).contains(v))
                    .map(|_| Asset::Fixture(format!("scene-{number:02}.webm")))
            }
        })
    };
    match found {
        Some(Asset::Image(svg)) => {
            let mut response = ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response();
            immutable(&mut response);
            response
        }
        Some(Asset::Fixture(name)) => serve_fixture(&state, &name, request, true).await,
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
    let found = {
        let mut store = state.store();
        store.settle_project(project_id, std::time::Instant::now());
        store.projects.get(&project_id).and_then(|p| final_fixture(p, &file))
    };
    match found {
        Some((name, versioned)) => serve_fixture(&state, &name, request, versioned).await,
        None => missing(),
    }
}

/// The fixture for a final-video file name, and whether the name is versioned (so never changes).
fn final_fixture(p: &Project, file: &str) -> Option<(String, bool)> {
    let scenes = p.scenes.len();
    let stitched = |v: u32| (1..=p.final_version).contains(&v);
    match file {
        "final.webm" if p.final_version > 0 => Some((format!("final-{scenes}.webm"), false)),
        "final-upscaled.webm" if p.upscaled_of.is_some() => Some((format!("final-{scenes}-upscaled.webm"), false)),
        _ => {
            if let Some(v) = version_in(file, "final-v", "-upscaled.webm") {
                (p.upscaled_of == Some(v)).then(|| (format!("final-{scenes}-upscaled.webm"), true))
            } else {
                version_in(file, "final-v", ".webm")
                    .filter(|v| stitched(*v))
                    .map(|_| (format!("final-{scenes}.webm"), true))
            }
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
