//! When this device approved a project, so "generating for 6 min" survives a reload.

use super::storage::{self, Persistence};

fn key(project_id: i64) -> String {
    format!("storyreel.approved_at.{project_id}")
}

pub fn remember(project_id: i64, at_ms: u64) {
    storage::write(&key(project_id), &at_ms.to_string(), Persistence::Device);
}

pub fn approved_at(project_id: i64) -> Option<u64> {
    storage::read_value(&key(project_id))?.parse().ok()
}
