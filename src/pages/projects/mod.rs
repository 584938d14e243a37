//! The signed-in home: the person's projects, filtered by what the address says, with the progress
//! of those under way kept fresh on the polling schedule while the tab is in view.

mod filters;
mod row;

use crate::api::{Project, ProjectFilter};
use crate::browser::page::set_title;
use crate::components::{MessageBanner, PageHeading, Tone};
use crate::domain::credits::describe_ms;
use crate::domain::polling::{outcome_after_error, Outcome};
use crate::domain::project_list::{any_in_motion, newest_first, thumbnail};
use crate::hooks::{use_poller, use_ready_mark, UsePollerOptions};
use crate::router::use_query_map;
use crate::routes;
use crate::session::{use_session, Failure};
use crate::stores::last_known;
use crate::stores::persons;
use filters::Filters;
use leptos::prelude::*;
use row::ProjectRow;

/// The list as last read, and the filter it was read with (a list for other filters is not shown);
/// `kept_at` when it is the list this device kept from before, not yet confirmed by the service.
#[derive(Clone, Debug, PartialEq)]
struct Listing {
    filter: ProjectFilter,
    projects: Vec<Project>,
    kept_at: Option<u64>,
}

/// What the page shows below the filters. Decided by a memo so that a refreshed list updates the
/// rows in place (keyed) instead of building them again, which would lose focus and reading place.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shown {
    Loading,
    Failed,
    Empty { filtered: bool },
    Rows,
}

#[component]
pub fn ProjectsPage() -> impl IntoView {
    set_title("Projects");
    let session = use_session();
    let query = use_query_map();
    let filter = Memo::new(move |_| query.with(|q| ProjectFilter::from_query(|key| q.get(key))));
    // The list this device read before with this filter, shown at once until the service answers.
    let kept = last_known::list(&filter.get_untracked()).map(|kept| Listing {
        filter: filter.get_untracked(),
        projects: kept.value,
        kept_at: Some(kept.at_ms),
    });
    let listing = RwSignal::new(kept);
    let problem = RwSignal::new(None::<String>);

    // One schedule for the page: reads at once, then every interval while a project is under way,
    // paused while the tab is hidden. Each read asks for the filter in the address at that moment.
    let poller = use_poller(
        UsePollerOptions { interval_ms: session.poll_interval_ms(), pause_while_hidden: true, ahead: None },
        move || {
            let filter = filter.get_untracked();
            session.call(move |client| async move { Ok((client.list_projects_as_read(&filter).await?, filter)) })
        },
        move |answer: Result<((Vec<Project>, String), ProjectFilter), Failure>| match answer {
            Ok(((projects, text), filter)) => {
                last_known::keep_list(&filter, &text);
                // Kept with the names, for the story form and the filter's next visit, which read no list.
                persons::see(&projects);
                let outcome = if any_in_motion(&projects) { Outcome::Answered } else { Outcome::Finished };
                problem.set(None);
                listing.set(Some(Listing { filter, projects, kept_at: None }));
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

    // The list for the filter in the address; a read that changed nothing notifies nobody.
    let current = Memo::new(move |_| {
        listing.with(|l| {
            let mut projects = l.as_ref().filter(|l| l.filter == filter.get())?.projects.clone();
            newest_first(&mut projects);
            Some(projects)
        })
    });
    // Each project once, in the list's order (an answer that repeats an id shows it once).
    let ids = Memo::new(move |_| {
        current.with(|all| {
            let mut ids = Vec::new();
            for p in all.iter().flatten() {
                if !ids.contains(&p.id) {
                    ids.push(p.id);
                }
            }
            ids
        })
    });
    let kept_at = move || listing.with(|l| l.as_ref().filter(|l| l.filter == filter.get()).and_then(|l| l.kept_at));
    let moving = Memo::new(move |_| current.with(|p| p.as_deref().is_some_and(any_in_motion)));
    let shown = Memo::new(move |_| match current.with(|p| p.as_ref().map(Vec::is_empty)) {
        None if problem.with(Option::is_some) => Shown::Failed,
        None => Shown::Loading,
        Some(true) => Shown::Empty { filtered: filter.with(ProjectFilter::narrows) },
        Some(false) => Shown::Rows,
    });
    // Usable as soon as a list shows, the kept one included; fresh once the service's answer shows.
    let listed = move || matches!(shown.get(), Shown::Rows | Shown::Empty { .. });
    use_ready_mark("projects", listed);
    use_ready_mark("projects-fresh", move || listed() && kept_at().is_none());
    let every = describe_ms(session.poll_interval_ms().max(1000));

    view! {
        <section class="page" aria-labelledby="projects-heading">
            <div class="page-head">
                <PageHeading id="projects-heading">"Your projects"</PageHeading>
                <a class="button primary" href=routes::NEW_STORY>
                    "New story"
                </a>
            </div>
            <Filters filter=filter />
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
            {move || match shown.get() {
                Shown::Failed => ().into_any(),
                Shown::Loading => view! { <p role="status">"Loading your projects…"</p> }.into_any(),
                Shown::Empty { filtered } => empty(filtered).into_any(),
                Shown::Rows => {
                    view! {
                        <ul class="project-list" aria-label="Projects, newest first">
                            {move || {
                                ids.get()
                                    .into_iter()
                                    .map(|id| view! { <Listed id=id projects=current /> })
                                    .collect_view()
                            }}
                        </ul>
                    }
                        .into_any()
                }
            }}
        </section>
    }
}

/// One project's row, rebuilt only when something it shows changed (a refresh that moved one
/// project's progress rebuilds that row alone).
#[component]
fn Listed(id: i64, projects: Memo<Option<Vec<Project>>>) -> impl IntoView {
    let shown = Memo::new_with_compare(
        move |_| projects.with(|all| all.iter().flatten().find(|p| p.id == id).cloned()),
        |before, now| before.map(|p| p.as_ref().map(row_key)) != now.map(|p| p.as_ref().map(row_key)),
    );
    move || shown.get().map(|project| view! { <ProjectRow project=project /> })
}

fn row_key(p: &Project) -> (String, u8, Option<String>, Option<String>) {
    (p.status.as_str().to_owned(), p.progress, p.updated_at.clone(), thumbnail(p))
}

fn empty(filtered: bool) -> impl IntoView {
    let (message, next, href) = if filtered {
        ("No project matches these filters.", "Clear filters", routes::HOME)
    } else {
        ("No projects yet.", "Start one: describe a story idea", routes::NEW_STORY)
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
