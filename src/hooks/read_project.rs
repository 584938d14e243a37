//! A project read from the service and kept on the device as the last known one.

use crate::api::Project;
use crate::session::{Failure, Session};
use crate::stores::last_known;
use std::future::Future;

/// Project `id` as the service holds it now, kept as the last known one: every page that reads a
/// project reads it through here. Only the pages call this, so the project's reader stays in their
/// code, not in the first load.
pub fn read_and_keep_project(session: Session, id: i64) -> impl Future<Output = Result<Project, Failure>> {
    session.call(move |client| async move { last_known::keep_read_project(id, &client.project_text(id).await?) })
}
