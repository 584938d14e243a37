//! Small reusable views.

mod banner;
mod confirm_dialog;
mod not_found;
mod person_choice;
mod require_sign_in;
mod scene_editor;
mod status_badge;
mod text_field;
mod video_player;

pub use banner::{Banner, MessageBanner, Tone};
pub use confirm_dialog::ConfirmDialog;
pub use not_found::NotFound;
pub use person_choice::PersonChoice;
pub use require_sign_in::RequireSignIn;
pub use scene_editor::SceneEditor;
pub use status_badge::StatusBadge;
pub use text_field::TextField;
pub use video_player::{Clip, VideoPlayer};
