//! When this device approved a project, so "generating for 6 min" survives a reload.

use crate::browser::storage::{self, Worth};
use crate::domain::keys;

pub fn remember(project_id: i64, at_ms: u64) {
    storage::keep_mine(&keys::approved_at(project_id), &at_ms.to_string(), Worth::Cache);
}

pub fn approved_at(project_id: i64) -> Option<u64> {
    storage::mine(&keys::approved_at(project_id))?.parse().ok()
}
