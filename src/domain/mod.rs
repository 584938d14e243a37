//! Pure rules of the product, free of the browser so they are tested natively and fast.

pub mod account;
pub mod announce;
pub mod captions;
pub mod credits;
pub mod follow_up;
pub mod generation;
pub mod keys;
pub mod last_known;
pub mod lifecycle;
pub mod list_filter;
pub mod media;
pub mod narration;
pub mod order;
pub mod paid_action;
pub mod persons;
pub mod polling;
pub mod project_list;
pub mod revise;
pub mod scene_edit;
pub mod script;
pub mod shared_status;
pub mod spending;
pub mod story;
pub mod theme;
pub mod title;
pub mod versions;
