//! Thin wrappers over browser APIs, so components stay free of web-sys details.

pub mod storage;
pub mod drafts;
pub mod leave_guard;
pub mod page;
pub mod notify;
pub mod poller;
pub mod visibility;
pub mod approvals;
pub mod local_time;
