//! One module per screen.

mod not_found;
mod projects;
mod sign_in;

pub use not_found::NotFound;
pub use projects::ProjectsPage;
pub use sign_in::SignInPage;
