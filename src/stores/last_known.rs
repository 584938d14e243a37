//! What the app last read for the signed-in person, the projects list and the projects they opened,
//! kept so a page can show it at once (marked as such) while the service is asked again. Kept as
//! the service's own text and read back by the same reader as a fresh answer, so a kept state can
//! hold nothing an answer could not. A sign-out clears it with everything else, and signing in as
//! another person drops it (`Session::sign_in`).

use crate::api::{read_list, read_project, ApiError, Project, ProjectFilter};
use crate::browser::local_time::local_clock;
use crate::browser::local_time::now_ms;
use crate::browser::local_time::write_ahead;
use crate::browser::storage;
use crate::domain::keys::{LAST_LIST, LAST_PROJECTS};
use crate::domain::last_known::{as_of, entries, remember, written, Check, Entry};

/// A kept answer, read, and when the device received it (ms since 1970).
pub struct Kept<T> {
    pub value: T,
    pub at_ms: u64,
}

/// The list is kept alone under its key, with the filter it was read with.
pub fn keep_list(filter: &ProjectFilter, answer: &str) {
    let at_ms = now_ms();
    keep(LAST_LIST, &[Entry { key: &filter.to_query(), at_ms, answer }]);
    write_ahead(at_ms);
}

/// The list last read with this filter (a list read with another is not this one).
pub fn list(filter: &ProjectFilter) -> Option<Kept<Vec<Project>>> {
    let text = storage::mine(LAST_LIST)?;
    let entry = entries(&text).into_iter().find(|e| e.key == filter.to_query())?;
    Some(Kept { value: read_list(entry.answer).ok()?, at_ms: entry.at_ms })
}

/// A project's answer (`Client::project_text`) read, and kept as the last known one if it reads
/// (`hooks::read_and_keep_project`, through which every page reads a project).
pub fn keep_read_project(id: i64, answer: &str) -> Result<Project, ApiError> {
    let project = read_project(answer)?;
    keep_project(id, answer);
    Ok(project)
}

/// The line that marks a kept state read at `at_ms`, in the person's own time, saying whether the
/// check of it failed.
pub fn marked(at_ms: u64, check_failed: bool) -> String {
    as_of(&local_clock(at_ms), if check_failed { Check::Failed } else { Check::UnderWay })
}

fn keep_project(id: i64, answer: &str) {
    let key = id.to_string();
    let text = storage::mine(LAST_PROJECTS).unwrap_or_default();
    let mut kept = entries(&text);
    let at_ms = now_ms();
    remember(&mut kept, Entry { key: &key, at_ms, answer });
    keep(LAST_PROJECTS, &kept);
    write_ahead(at_ms);
}

pub fn project(id: i64) -> Option<Kept<Project>> {
    let text = storage::mine(LAST_PROJECTS)?;
    let entry = entries(&text).into_iter().find(|e| e.key == id.to_string())?;
    let project = read_project(entry.answer).ok().filter(|p| p.id == id)?;
    Some(Kept { value: project, at_ms: entry.at_ms })
}

/// A project the service no longer shows is not kept either.
pub fn forget_project(id: i64) {
    if let Some(text) = storage::mine(LAST_PROJECTS) {
        let mut kept = entries(&text);
        kept.retain(|e| e.key != id.to_string());
        keep(LAST_PROJECTS, &kept);
    }
}

/// Kept where the sign-in is: a sign-in for this tab only leaves no list on the device. A copy the
/// next read makes again: it gives way when the storage is full.
fn keep(key: &str, kept: &[Entry<'_>]) {
    storage::keep_mine(key, &written(kept), storage::Worth::Cache);
}
