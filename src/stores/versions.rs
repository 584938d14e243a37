//! A project's versions on this device (`domain::versions`), and whether the service still keeps an
//! earlier one: asked with a ranged request for its first byte, so nothing large is downloaded.

use crate::api::Project;
use crate::browser::local_time::now_ms;
use crate::browser::storage::Worth;
use crate::domain::keys;
use crate::domain::versions::Versions;
use gloo_net::http::Request;

pub fn load(project_id: i64) -> Versions {
    super::read(&keys::versions(project_id)).unwrap_or_default()
}

/// Takes in a project just read from the service, storing only what is new.
pub fn see(project: &Project) -> Versions {
    let mut versions = load(project.id);
    if versions.see(project, now_ms()) {
        super::keep(&keys::versions(project.id), &versions, Worth::Cache);
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
