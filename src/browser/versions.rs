//! A project's versions on this device (`domain::versions`), and whether the service still keeps an
//! earlier one: asked with a ranged request for its first byte, so nothing large is downloaded.

use super::local_time::now_ms;
use super::storage::{self, Worth};
use crate::api::Project;
use crate::domain::keys;
use crate::domain::versions::Versions;
use gloo_net::http::Request;

pub fn load(project_id: i64) -> Versions {
    storage::mine(&keys::versions(project_id)).and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default()
}

/// Takes in a project just read from the service, storing only what is new.
pub fn see(project: &Project) -> Versions {
    let mut versions = load(project.id);
    if versions.see(project, now_ms()) {
        if let Ok(text) = serde_json::to_string(&versions) {
            storage::keep_mine(&keys::versions(project.id), &text, Worth::Cache);
        }
    }
    versions
}

/// Whether the file behind `url` is still there: `Some(false)` when the service says it is gone
/// (403, 404, 410), `None` when the answer does not tell (no connection, another status).
pub async fn still_kept(url: &str) -> Option<bool> {
    let controller = web_sys::AbortController::new().ok()?;
    // Past the browser's cache, which would answer for a file the service has since deleted.
    let request = Request::get(url)
        .header("Range", "bytes=0-0")
        .cache(web_sys::RequestCache::NoStore)
        .abort_signal(Some(&controller.signal()));
    let status = request.send().await.ok()?.status();
    // A server that ignores the range would send the whole file: the headers are all this needs.
    controller.abort();
    match status {
        200 | 206 => Some(true),
        403 | 404 | 410 => Some(false),
        _ => None,
    }
}
