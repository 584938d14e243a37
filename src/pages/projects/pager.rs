//! The list a page at a time (`domain::list_pages`): where the person is, and links to the first,
//! previous, next and last pages, in the address like the filters, so back and forward step through
//! them and the oldest project is one link away.

use crate::api::ProjectFilter;
use crate::domain::list_pages::{page_count, page_range};
use crate::routes;
use leptos::prelude::*;

#[component]
pub fn Pager(
    filter: Memo<ProjectFilter>,
    #[prop(into)] search: Signal<String>,
    page: Memo<usize>,
    count: Memo<usize>,
) -> impl IntoView {
    let pages = move || page_count(count.get());
    let href = move |to: usize| routes::projects_at(&filter.get(), &search.get(), to);
    // A link where it leads elsewhere; where it would lead here, its words alone (no dead link to Tab to).
    let step = move |label: &'static str, to: Box<dyn Fn() -> Option<usize> + Send + Sync>| {
        move || match to() {
            Some(to) => view! { <a href=href(to)>{label}</a> }.into_any(),
            None => view! { <span class="muted">{label}</span> }.into_any(),
        }
    };
    let shown = move || {
        let range = page_range(page.get(), count.get());
        format!("Projects {} to {} of {}", range.start + 1, range.end, count.get())
    };
    view! {
        <Show when=move || { pages() > 1 }>
            <nav class="pager" aria-label="Pages of the list">
                <p>{shown}</p>
                <ul>
                    <li>{step("First page", Box::new(move || (page.get() > 1).then_some(1)))}</li>
                    <li>{step("Previous page", Box::new(move || (page.get() > 1).then(|| page.get() - 1)))}</li>
                    <li aria-current="page">{move || format!("Page {} of {}", page.get(), pages())}</li>
                    <li>{step("Next page", Box::new(move || (page.get() < pages()).then(|| page.get() + 1)))}</li>
                    <li>{step("Last page", Box::new(move || (page.get() < pages()).then(pages)))}</li>
                </ul>
            </nav>
        </Show>
    }
}
