//! Small reusable views.

mod error_banner;
mod require_sign_in;
mod status_badge;

pub use error_banner::ErrorBanner;
pub use require_sign_in::RequireSignIn;
pub use status_badge::StatusBadge;
