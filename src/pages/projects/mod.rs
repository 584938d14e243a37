//! The signed-in home: the person's projects, filtered by what the address says, searched on the
//! device as they type, shown a page at a time, with the progress of those under way kept fresh on
//! the polling schedule (one read of the list an interval) while the tab is in view. A customer may
//! have thousands: nothing here grows faster than the list.

mod filters;
mod pager;
mod read;
mod row;

use crate::api::{Project, ProjectFilter};
use crate::browser::local_time::now_ms;
use crate::browser::page::set_title;
use crate::components::{MessageBanner, PageHeading, Tone};
use crate::domain::credits::describe_ms;
use crate::domain::last_known::{bounded_list, MAX_KEPT_LIST_BYTES};
use crate::domain::list_pages::{clamp_page, page_from_query, page_range};
use crate::domain::polling::{outcome_after_error, Outcome};
use crate::domain::project_list::{any_in_motion, thumbnail};
use crate::domain::project_search::{how_many, matches, searchable, words};
use crate::hooks::{use_debounce, use_effect, use_kept_scroll, use_poller, use_ready_mark, UsePollerOptions};
use crate::router::{use_navigate, use_query_map, NavigateOptions};
use crate::routes;
use crate::session::{use_session, Failure};
use crate::stores::last_known;
use crate::stores::persons;
use filters::Filters;
use leptos::prelude::*;
use pager::Pager;
use read::{in_order, read_list, ListRead};
use row::ProjectRow;
use std::cell::RefCell;
use std::sync::Arc;

/// The list as last read (every project once, newest first), and the filter it was read with (a list
/// for other filters is not shown); `kept_at` when it is one read before, not yet confirmed by the
/// service; `reading` while pages after the first are still coming; `stopped`, why they stopped early.
#[derive(Clone, Debug, PartialEq)]
struct Listing {
    filter: ProjectFilter,
    /// Shared, not copied: the page and the tab's memory of it hold one list of thousands.
    projects: Arc<Vec<Project>>,
    kept_at: Option<u64>,
    reading: bool,
    stopped: Option<String>,
}

thread_local! {
    /// The whole list this tab read last, and when: a return from a project shows it at once, at the
    /// page and place the person left, where the device keeps only its first projects.
    static LAST_READ: RefCell<Option<(Listing, u64)>> = const { RefCell::new(None) };
}

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
    // Shown at once: the list this tab read last with this filter, else the start of the one this
    // device kept, until the service answers.
    let start = filter.get_untracked();
    let kept = LAST_READ
        .with_borrow(|last| last.clone().filter(|(l, _)| l.filter == start))
        .map(|(l, at)| Listing { kept_at: Some(at), reading: false, ..l })
        .or_else(|| {
            last_known::list(&start).map(|kept| Listing {
                filter: start.clone(),
                projects: Arc::new(in_order(kept.value)),
                kept_at: Some(kept.at_ms),
                reading: false,
                stopped: None,
            })
        });
    let listing = RwSignal::new(kept);
    let problem = RwSignal::new(None::<String>);

    // One schedule for the page: reads at once, then every interval while a project is under way,
    // paused while the tab is hidden. Each read asks for the filter in the address at that moment.
    let poller = use_poller(
        UsePollerOptions { interval_ms: session.poll_interval_ms(), pause_while_hidden: true, ahead: None },
        move || {
            let filter = filter.get_untracked();
            // The first of several pages is shown as it comes, unless the person has moved on.
            let first_page = {
                let filter = filter.clone();
                move |projects: Vec<Project>| {
                    if filter == filter_now(query) {
                        let stopped = None;
                        listing.set(Some(Listing {
                            filter: filter.clone(),
                            projects: Arc::new(projects),
                            kept_at: None,
                            reading: true,
                            stopped,
                        }));
                    }
                }
            };
            session
                .call(move |client| async move { Ok((read_list(client, filter.clone(), first_page).await?, filter)) })
        },
        move |answer: Result<(ListRead, ProjectFilter), Failure>| match answer {
            Ok((ListRead { projects, first_text, stopped }, filter)) => {
                // The device keeps the start of the list for the next start: a screenful and more, never
                // the whole of a long one, which would fill its storage.
                if let Some(text) = bounded_list(&first_text, MAX_KEPT_LIST_BYTES) {
                    last_known::keep_list(&filter, &text);
                }
                // Kept with the names, for the story form and the filter's next visit, which read no list.
                persons::see(&projects);
                let outcome = match stopped.is_some() || any_in_motion(&projects) {
                    true => Outcome::Answered,
                    false => Outcome::Finished,
                };
                problem.set(None);
                let fresh = Listing { filter, projects: Arc::new(projects), kept_at: None, reading: false, stopped };
                LAST_READ.set(Some((fresh.clone(), now_ms())));
                listing.set(Some(fresh));
                outcome
            }
            Err(Failure::SignedOut) => Outcome::GaveUp,
            Err(Failure::Show(e)) => {
                problem.set(Some(e.message.clone()));
                outcome_after_error(&e)
            }
        },
    );
    // Another filter is a new list: a fresh schedule, and an error about the old list would only mislead.
    // Not `use_effect`: the poller has already read the first filter, so this runs on changes only.
    Effect::watch(
        move || filter.get(),
        move |_, _, _| {
            problem.set(None);
            poller.restart();
        },
        false,
    );

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

    // The list for the filter in the address; a read that changed nothing notifies nobody.
    let current = move |f: &dyn Fn(&[Project]) -> usize| {
        listing.with(|l| l.as_ref().filter(|l| l.filter == filter.get()).map(|l| f(&l.projects)))
    };
    let total = Memo::new(move |_| current(&|p| p.len()).unwrap_or(0));
    let searched = Memo::new(move |_| search.with(|s| words(s)));
    // Each project's words, folded once a list while the person searches, not at every key.
    let index = Memo::new(move |_| match searched.with(Vec::is_empty) {
        true => Vec::new(),
        false => listing.with(|l| l.as_ref().map(|l| l.projects.iter().map(searchable).collect()).unwrap_or_default()),
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
            listing.with(|l| {
                l.as_ref().map(|l| found[range].iter().filter_map(|i| l.projects.get(*i).cloned()).collect::<Vec<_>>())
            })
        })
    });

    let kept_at = move || listing.with(|l| l.as_ref().filter(|l| l.filter == filter.get()).and_then(|l| l.kept_at));
    let reading = move || listing.with(|l| l.as_ref().is_some_and(|l| l.reading));
    let stopped = Signal::derive(move || listing.with(|l| l.as_ref().and_then(|l| l.stopped.clone())));
    let moving = Memo::new(move |_| listing.with(|l| l.as_ref().is_some_and(|l| any_in_motion(&l.projects))));
    let shown = Memo::new(move |_| match (current(&|p| p.len()), count.get()) {
        (None, _) if problem.with(Option::is_some) => Shown::Failed,
        (None, _) => Shown::Loading,
        (Some(_), 0) => {
            Shown::Empty { filtered: filter.with(ProjectFilter::narrows), searched: searched.with(|w| !w.is_empty()) }
        }
        _ => Shown::Rows,
    });
    // Usable as soon as a list shows, the kept one included; fresh once the service's answer shows.
    let listed = move || matches!(shown.get(), Shown::Rows | Shown::Empty { .. });
    use_ready_mark("projects", listed);
    use_ready_mark("projects-fresh", move || listed() && kept_at().is_none());
    // Back from a project: the page it was opened from, where it was on that page.
    let here = Signal::derive(move || routes::projects_at(&filter.get(), &address_search.get(), page.get()));
    use_kept_scroll(here, Signal::derive(move || shown.get() == Shown::Rows));
    let every = describe_ms(session.poll_interval_ms().max(1000));

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
                                children=|project| view! { <ProjectRow project=project /> }
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

/// The filter the address holds now (a read that started with another is not shown).
fn filter_now(query: Memo<crate::router::ParamsMap>) -> ProjectFilter {
    query.with_untracked(|q| ProjectFilter::from_query(|key| q.get(key)))
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
