use crate::browser::page::set_title;
use crate::components::PageHeading;
use crate::routes;
use leptos::prelude::*;

/// The one not-found view: for an address the app does not know, or (`project`) for a project that
/// is not there, which may be another account's.
#[component]
pub fn NotFound(#[prop(optional)] project: bool) -> impl IntoView {
    let (title, why) = if project {
        ("Project not found", "This project does not exist, or it belongs to another account.")
    } else {
        ("Page not found", "There is nothing at this address. It may have been mistyped, or the link is out of date.")
    };
    set_title(title);
    view! {
        <section class="page narrow" aria-labelledby="not-found-heading">
            <PageHeading id="not-found-heading">{title}</PageHeading>
            <p>{why}</p>
            <p>
                <a href=routes::HOME>"Go to your projects"</a>
            </p>
        </section>
    }
}
