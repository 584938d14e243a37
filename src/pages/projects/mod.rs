//! The signed-in home: the person's projects, filtered by what the address says, searched on the
//! device as they type, shown a page at a time, with the progress of those under way kept fresh on
//! the polling schedule (one read of the list an interval) while the tab is in view. A customer may
//! have thousands: nothing here grows faster than the list.

mod approve_several;
mod choice;
mod filters;
mod listing;
mod pager;
mod read;
mod row;

use crate::api::{Project, ProjectFilter};
use crate::browser::page::set_title;
use crate::components::{MessageBanner, PageHeading, Tone};
use crate::domain::credits::describe_ms;
use crate::domain::list_pages::{clamp_page, page_from_query, page_range};
use crate::domain::project_list::{any_in_motion, thumbnail};
use crate::domain::project_search::{how_many, matches, searchable, words};
use crate::hooks::{use_debounce, use_effect, use_kept_scroll, use_ready_mark};
use crate::router::{use_navigate, use_query_map, NavigateOptions};
use crate::routes;
use crate::session::use_session;
use crate::stores::last_known;
pub use approve_several::preload_approve_several;
use choice::{ChoiceBar, Chosen};
use filters::Filters;
use leptos::prelude::*;
use listing::{use_listing, ListingState};
use pager::Pager;
use row::ProjectRow;
use std::sync::Arc;

/// What the page shows below the filters. Decided by a memo so that a refreshed list updates the
/// rows in place (keyed) instead of building them again, which would lose focus and reading place.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shown {
    Loading,
    Failed,
    Empty { filtered: bool, searched: bool },
    Rows,
}

/// Waits this long after the last key before the search goes into the address; the list follows
/// every key at once.
const SEARCH_PAUSE_MS: u32 = 400;

#[component]
pub fn ProjectsPage() -> impl IntoView {
    set_title("Projects");
    let session = use_session();
    let navigate = use_navigate();
    let query = use_query_map();
    let filter = Memo::new(move |_| query.with(|q| ProjectFilter::from_query(|key| q.get(key))));
    let address_search = Memo::new(move |_| query.with(|q| q.get(routes::SEARCH).unwrap_or_default()));
    let ListingState { listing, problem, poller } = use_listing(filter);

    // The search as typed: the list follows each key; the address follows once typing pauses (in
    // place, not a step of history per word), and the box follows the address (back, forward, a link).
    let search = RwSignal::new(address_search.get_untracked());
    let written = StoredValue::new(address_search.get_untracked());
    let to_address = use_debounce(SEARCH_PAUSE_MS, move || {
        let typed = search.get_untracked();
        if typed.trim() != address_search.get_untracked().trim() {
            written.set_value(typed.trim().to_owned());
            let to = routes::projects_at(&filter.get_untracked(), &typed, 1);
            navigate(&to, NavigateOptions { replace: true, scroll: false });
        }
    });
    use_effect(move || {
        search.track();
        to_address.call();
    });
    use_effect(move || {
        let at = address_search.get();
        if at != written.get_value() && at.trim() != search.get_untracked().trim() {
            written.set_value(at.clone());
            search.set(at);
        }
    });

    // The projects for the filter in the address: the list read with it; until that comes, the whole
    // list this page holds, narrowed on the device, so a status or person chosen answers at once.
    let projects = Memo::new(move |_| {
        listing.with(|l| {
            let l = l.as_ref()?;
            let wanted = filter.get();
            if l.filter == wanted {
                return Some(l.projects.clone());
            }
            let whole = !l.filter.narrows() && !l.reading && l.stopped.is_none();
            whole.then(|| Arc::new(l.projects.iter().filter(|p| wanted.admits(p)).cloned().collect()))
        })
    });
    // Narrowed here, not yet read from the service with that filter.
    let narrowed_here = move || listing.with(|l| l.as_ref().is_some_and(|l| l.filter != filter.get()));
    let total = Memo::new(move |_| projects.with(|p| p.as_ref().map_or(0, |p| p.len())));
    let searched = Memo::new(move |_| search.with(|s| words(s)));
    // Whether there is a search at all: a memo of its own, so a key that changes the words changes
    // nothing the index reads.
    let searching = Memo::new(move |_| searched.with(|w| !w.is_empty()));
    // Each project's words, folded once a list while the person searches, not at every key.
    let index = Memo::new(move |_| match !searching.get() {
        true => Vec::new(),
        false => projects.with(|p| p.as_ref().map(|p| p.iter().map(searchable).collect()).unwrap_or_default()),
    });
    let found = Memo::new(move |_| {
        searched.with(|w| match w.is_empty() {
            true => (0..total.get()).collect::<Vec<usize>>(),
            false => index.with(|i| i.iter().enumerate().filter(|(_, t)| matches(t, w)).map(|(n, _)| n).collect()),
        })
    });
    let count = Memo::new(move |_| found.with(Vec::len));
    let found_line = Signal::derive(move || {
        let total = total.get();
        match searched.with(Vec::is_empty) {
            true => String::new(),
            false => how_many(count.get(), total, &search.get()),
        }
    });
    // The page in the address; the first while a new search has not reached it.
    let page = Memo::new(move |_| {
        let asked = match search.with(|s| s.trim() == address_search.with(|a| a.trim().to_owned())) {
            true => query.with(|q| page_from_query(q.get(routes::PAGE).as_deref())),
            false => 1,
        };
        clamp_page(asked, count.get())
    });
    let rows = Memo::new(move |_| {
        let range = page_range(page.get(), count.get());
        found.with(|found| {
            projects.with(|p| {
                p.as_ref().map(|p| found[range].iter().filter_map(|i| p.get(*i).cloned()).collect::<Vec<_>>())
            })
        })
    });

    let kept_at = move || listing.with(|l| l.as_ref().filter(|l| l.filter == filter.get()).and_then(|l| l.kept_at));
    let reading = move || listing.with(|l| l.as_ref().is_some_and(|l| l.reading));
    let stopped = Signal::derive(move || listing.with(|l| l.as_ref().and_then(|l| l.stopped.clone())));
    let moving = Memo::new(move |_| listing.with(|l| l.as_ref().is_some_and(|l| any_in_motion(&l.projects))));
    let shown = Memo::new(move |_| match (projects.with(Option::is_some), count.get()) {
        (false, _) if problem.with(Option::is_some) => Shown::Failed,
        (false, _) => Shown::Loading,
        (true, 0) => {
            Shown::Empty { filtered: filter.with(ProjectFilter::narrows), searched: searched.with(|w| !w.is_empty()) }
        }
        _ => Shown::Rows,
    });
    // Usable as soon as a list shows, the kept one included; fresh once the service's answer shows.
    let listed = move || matches!(shown.get(), Shown::Rows | Shown::Empty { .. });
    use_ready_mark("projects", listed);
    use_ready_mark("projects-fresh", move || listed() && kept_at().is_none() && !narrowed_here());
    // Back from a project: the page it was opened from, where it was on that page. That page may be
    // out of reach at first (the start kept on the device, or the service's first pages of many): the
    // place is restored once the page the address asks for shows, not on the page it was clamped to.
    let asked = Memo::new(move |_| query.with(|q| page_from_query(q.get(routes::PAGE).as_deref())));
    let here = Signal::derive(move || routes::projects_at(&filter.get(), &address_search.get(), asked.get()));
    use_kept_scroll(here, Signal::derive(move || shown.get() == Shown::Rows && page.get() == asked.get()));
    let every = describe_ms(session.poll_interval_ms().max(1000));
    let chosen: Chosen = RwSignal::new(Default::default());

    view! {
        <section class="page" aria-labelledby="projects-heading">
            <div class="page-head">
                <PageHeading id="projects-heading">"Your projects"</PageHeading>
                <a class="button primary" href=routes::NEW_STORY>
                    "New story"
                </a>
            </div>
            <Filters filter=filter search=search found=found_line />
            <div class="list-tools">
                <p class="muted">
                    {move || {
                        moving.get().then(|| format!("Progress refreshes every {every} while a project is under way."))
                    }}
                </p>
                <button type="button" class="button secondary" on:click=move |_| poller.read_again()>
                    "Refresh list"
                </button>
            </div>
            <ChoiceBar chosen=chosen reload=Callback::new(move |()| poller.read_again()) />
            <MessageBanner
                tone=Tone::Error
                message=Signal::derive(move || problem.get().map(|m| format!("The list could not be read: {m}")))
            />
            <MessageBanner
                tone=Tone::Warning
                message=Signal::derive(move || {
                    kept_at().map(|at| last_known::marked(at, problem.with(Option::is_some)))
                })
            />
            <MessageBanner tone=Tone::Warning message=stopped />
            <p class="muted" role="status">
                {move || reading().then_some("Reading the rest of your projects…")}
            </p>
            {move || match shown.get() {
                Shown::Failed => ().into_any(),
                Shown::Loading => view! { <p role="status">"Loading your projects…"</p> }.into_any(),
                Shown::Empty { filtered, searched } => empty(filtered, searched).into_any(),
                Shown::Rows => {
                    view! {
                        <ul class="project-list" aria-label="Projects, newest first">
                            <For
                                each=move || rows.get().unwrap_or_default()
                                key=|p| (p.id, row_key(p))
                                children=move |project| view! { <ProjectRow project=project chosen=chosen /> }
                            />
                        </ul>
                        <Pager filter=filter search=search page=page count=count />
                    }
                        .into_any()
                }
            }}
        </section>
    }
}

/// What a row shows that a new answer may change: a row is drawn again only when this does.
fn row_key(p: &Project) -> (String, u8, Option<String>, Option<String>) {
    (p.status.as_str().to_owned(), p.progress, p.updated_at.clone(), thumbnail(p))
}

fn empty(filtered: bool, searched: bool) -> impl IntoView {
    let (message, next, href) = match (filtered, searched) {
        (_, true) => ("No project matches this search.", "Clear the search", routes::HOME),
        (true, false) => ("No project matches these filters.", "Clear filters", routes::HOME),
        (false, false) => ("No projects yet.", "Start one: describe a story idea", routes::NEW_STORY),
    };
    view! {
        <div class="empty">
            <p>{message}</p>
            <p>
                <a href=href>{next}</a>
            </p>
        </div>
    }
}
