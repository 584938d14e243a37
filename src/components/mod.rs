//! Small reusable views.

mod confirm_dialog;
mod error_banner;
mod scene_editor;
mod require_sign_in;
mod status_badge;
mod video_player;

pub use confirm_dialog::ConfirmDialog;
pub use error_banner::ErrorBanner;
pub use scene_editor::SceneEditor;
pub use require_sign_in::RequireSignIn;
pub use status_badge::StatusBadge;
pub use video_player::{Clip, VideoPlayer};
