//! One module per screen.

mod new_story;
mod not_found;
mod project;
mod projects;
mod revise;
mod sign_in;
mod video;

pub use new_story::NewStoryPage;
pub use not_found::NotFound;
pub use project::ProjectPage;
pub use projects::ProjectsPage;
pub use sign_in::SignInPage;
pub use video::VideoPage;
