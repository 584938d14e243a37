//! Small reusable views.

mod banner;
mod budget_outlook;
mod code;
mod confirm_dialog;
mod error_summary;
mod media_download;
mod new_story_from;
mod not_found;
mod page_heading;
mod person_choice;
mod require_sign_in;
mod scene_editor;
mod script_files;
mod status_badge;
mod text_field;
mod video_player;

pub use banner::{Banner, MessageBanner, Tone};
pub use budget_outlook::BudgetOutlook;
pub use code::{part_missing, with_code, CodeFor, PAGE_CODE};
pub use confirm_dialog::ConfirmDialog;
pub use error_summary::{focus_error_summary, left_field, listed, note_left, ErrorSummary};
pub use media_download::MediaDownload;
pub use new_story_from::{preload_new_story_from, NewStoryFrom};
pub use not_found::NotFound;
pub use page_heading::PageHeading;
pub use person_choice::PersonChoice;
pub use require_sign_in::RequireSignIn;
pub use scene_editor::SceneEditor;
pub use script_files::ScriptFiles;
pub use status_badge::StatusBadge;
pub use text_field::TextField;
pub use video_player::{Clip, VideoPlayer};
