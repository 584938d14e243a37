//! Thin wrappers over browser APIs, so components stay free of web-sys details.

pub mod carried_clicks;
pub mod download;
pub mod kept_times;
pub mod leave_guard;
pub mod listen;
pub mod local_time;
pub mod notify;
pub mod page;
pub mod shared_check;
pub mod storage;
pub mod tabs;
pub mod theme;
pub mod visibility;

/// Runs `f` in a task of its own, after the current one (and the drawing it leads to). One plain
/// function type for every caller: each closure type given to a timer is its own 1.8 KB of glue.
pub(crate) fn later(f: fn()) {
    gloo_timers::callback::Timeout::new(0, f).forget();
}
