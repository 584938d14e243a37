use crate::browser::page::current_path;
use crate::hooks::use_effect;
use crate::router::{use_navigate, NavigateOptions};
use crate::routes;
use crate::session::use_session;
use leptos::prelude::*;

/// Shows its children only to a signed-in person; anyone else (or anyone whose token just expired)
/// goes to sign-in and comes back here afterwards.
#[component]
pub fn RequireSignIn(children: ChildrenFn) -> impl IntoView {
    let session = use_session();
    let navigate = use_navigate();
    use_effect(move || {
        if !session.signed_in() {
            let to = routes::sign_in_returning_to(&current_path());
            navigate(&to, NavigateOptions { replace: true, ..Default::default() });
        }
    });
    // Rendered once: when the session ends later, the navigation above replaces the page through
    // the router, rather than this guard tearing the page down under its own pending updates.
    session.signed_in_untracked().then(|| children())
}
