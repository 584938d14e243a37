//! Pure rules of the product, free of the browser so they are tested natively and fast.

pub mod credits;
pub mod lifecycle;
pub mod scene_edit;
pub mod story;
pub mod generation;
pub mod media;
pub mod polling;
pub mod revise;
pub mod list_filter;
pub mod project_list;
