//! Wiring that pages compose, in the style of leptos-use: one hook per file, each owning its timers,
//! listeners and requests, cleaned up with the component that called it.

mod read_project;
mod scene_orders;
mod use_clock;
mod use_debounce;
mod use_effect;
mod use_kept_scroll;
mod use_paid_actions;
mod use_poller;
mod use_ready_mark;
mod use_retry;
mod use_scene_edit;
mod use_shared_status;
mod use_task;
mod use_text_track;
mod use_timeout_fn;

pub use read_project::read_and_keep_project;
pub use scene_orders::{Orders, Outcome, SceneOrder};
pub use use_clock::use_clock;
pub use use_debounce::{use_debounce, Debounced};
pub use use_effect::use_effect;
pub use use_kept_scroll::use_kept_scroll;
pub use use_paid_actions::{use_paid_actions, Outcomes, PaidActions};
pub use use_poller::{use_poller, Ahead, Moment, PollState, Poller, UsePollerOptions};
pub use use_ready_mark::use_ready_mark;
pub use use_retry::{use_retry, Attempt};
pub use use_scene_edit::{use_scene_edit, SaveState, SceneEdit};
pub use use_shared_status::{use_shared_status, StatusAnswer};
pub use use_task::{use_load, use_task, Task};
pub use use_text_track::use_text_track;
pub use use_timeout_fn::use_timeout_fn;
