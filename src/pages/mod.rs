//! One module per screen; a screen that grows becomes a folder split where its view changes.

mod new_story;
mod persons;
mod project;
mod projects;
mod several_stories;
mod sign_in;
mod spending;
mod styles;
mod video;

pub use new_story::NewStoryPage;
pub use persons::PersonsPage;
pub use project::ProjectPage;
pub use projects::{preload_approve_several, ProjectsPage};
pub use several_stories::SeveralStoriesPage;
pub use sign_in::SignInPage;
pub use spending::SpendingPage;
pub use styles::StylesPage;
pub use video::{preload_finished_part, VideoPage};
