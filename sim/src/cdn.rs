//! The `alt` profile's media: served from an origin of its own (a second listener) under a layout of its own,
//! `/cdn/v2/projects/{id}/final.webm?v=2&sig=...`, with links signed like a CDN's. The version is in the query,
//! so a client that drops or rewrites the query (or builds media URLs from the API's address) gets a 403 or a
//! 404 rather than the file.

use axum::extract::{Path, RawQuery, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::media;
use crate::store::AppState;
use crate::urls::MediaRef;

/// Where the layout starts on the media origin.
pub const ROOT: &str = "/cdn/v2";

/// Not a secret: the signature only makes URLs opaque, so they must be used exactly as given.
const KEY: &str = "storyreel-sim-cdn";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(&format!("{ROOT}/projects/{{project_id}}/{{*file}}"), get(asset))
        .fallback(|| async { media::missing() })
}

/// The part of a link after `{ROOT}/`, query and signature included.
pub fn link(project_id: u64, media: MediaRef) -> String {
    let (name, version) = name(media);
    let path = format!("projects/{project_id}/{name}");
    let query = version.map(|v| format!("v={v}&")).unwrap_or_default();
    let sig = sign(&path, version);
    format!("{path}?{query}sig={sig}")
}

fn name(media: MediaRef) -> (String, Option<u32>) {
    match media {
        MediaRef::Image { scene, version } => (format!("scenes/{scene}/image.svg"), Some(version)),
        MediaRef::Video { scene, version } => (format!("scenes/{scene}/clip.webm"), Some(version)),
        MediaRef::Final { version } => ("final.webm".into(), version),
        MediaRef::Upscaled { version } => ("final-hd.webm".into(), version),
    }
}

/// The file a path under `projects/{id}/` names, given the version from the query.
fn parse(file: &str, version: Option<u32>) -> Option<MediaRef> {
    let parts: Vec<&str> = file.split('/').collect();
    match (parts.as_slice(), version) {
        (["final.webm"], version) => Some(MediaRef::Final { version }),
        (["final-hd.webm"], version) => Some(MediaRef::Upscaled { version }),
        (["scenes", scene, "image.svg"], Some(version)) => {
            Some(MediaRef::Image { scene: scene.parse().ok()?, version })
        }
        (["scenes", scene, "clip.webm"], Some(version)) => {
            Some(MediaRef::Video { scene: scene.parse().ok()?, version })
        }
        _ => None,
    }
}

/// 16 hex digits of FNV-1a over the key, the path and the version.
fn sign(path: &str, version: Option<u32>) -> String {
    let text = format!("{KEY}|{path}|{}", version.map(|v| v.to_string()).unwrap_or_default());
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    format!("{hash:016x}")
}

/// `v` and `sig` from a query string; other parameters are ignored.
fn query_params(query: &str) -> (Option<&str>, Option<&str>) {
    let (mut version, mut sig) = (None, None);
    for pair in query.split('&') {
        match pair.split_once('=') {
            Some(("v", value)) => version = Some(value),
            Some(("sig", value)) => sig = Some(value),
            _ => {}
        }
    }
    (version, sig)
}

async fn asset(
    State(state): State<AppState>,
    Path((project_id, file)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    request: Request,
) -> Response {
    let (version, sig) = query_params(query.as_deref().unwrap_or_default());
    let version = match version.map(str::parse::<u32>) {
        None => None,
        Some(Ok(v)) => Some(v),
        Some(Err(_)) => return media::missing(),
    };
    let (Ok(project_id), Some(media)) = (project_id.parse::<u64>(), parse(&file, version)) else {
        return media::missing();
    };
    if sig != Some(sign(&format!("projects/{project_id}/{file}"), version).as_str()) {
        return ApiError::new(StatusCode::FORBIDDEN, "Invalid or missing signature: use media URLs exactly as given")
            .with_code("invalid_signature")
            .into_response();
    }
    media::serve(&state, project_id, media, request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_read_back_and_are_signed() {
        for media in [
            MediaRef::Image { scene: 2, version: 3 },
            MediaRef::Video { scene: 10, version: 1 },
            MediaRef::Final { version: Some(2) },
            MediaRef::Final { version: None },
            MediaRef::Upscaled { version: Some(1) },
        ] {
            let link = link(7, media);
            let (path, query) = link.split_once('?').unwrap();
            let (version, sig) = query_params(query);
            let version = version.map(|v| v.parse().unwrap());
            assert_eq!(parse(path.strip_prefix("projects/7/").unwrap(), version), Some(media), "{link}");
            assert_eq!(sig, Some(sign(path, version).as_str()));
        }
        assert!(link(7, MediaRef::Final { version: Some(2) }).starts_with("projects/7/final.webm?v=2&sig="));
        assert_ne!(sign("projects/7/final.webm", Some(1)), sign("projects/7/final.webm", Some(2)));
        assert_eq!(parse("scenes/1/image.svg", None), None, "scene files are always versioned");
    }
}
