use crate::browser::page::set_title;
use crate::routes;
use leptos::prelude::*;

#[component]
pub fn NotFound() -> impl IntoView {
    set_title("Not found");
    view! {
        <section class="page narrow" aria-labelledby="not-found-heading">
            <h1 id="not-found-heading">"Page not found"</h1>
            <p>"There is nothing at this address. It may have been mistyped, or the link is out of date."</p>
            <p><a href=routes::HOME>"Go to your projects"</a></p>
        </section>
    }
}
