//! The signed-in home: the person's projects, filtered by what the address says, with the progress
//! of those under way kept fresh on the polling schedule while the tab is in view.

use crate::api::{ApiError, Project, ProjectFilter, ProjectStatus};
use crate::browser::local_time::local_time;
use crate::browser::page::set_title;
use crate::browser::poller::Poller;
use crate::browser::visibility;
use crate::components::{ErrorBanner, StatusBadge};
use crate::domain::credits::describe_ms;
use crate::domain::lifecycle::label;
use crate::domain::list_filter::{self, STATUS_CHOICES};
use crate::domain::polling::{outcome_after_error, Outcome};
use crate::domain::project_list::{any_in_motion, in_motion, newest_first, thumbnail, title};
use crate::routes;
use crate::session::use_session;
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};

/// The list as last read, and the filter it was read with (a list for other filters is not shown).
#[derive(Clone, Debug, PartialEq)]
struct Listing {
    filter: ProjectFilter,
    projects: Vec<Project>,
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
    let location = use_location();
    let filter = Memo::new(move |_| list_filter::parse(&location.search.get()));
    let listing = RwSignal::new(None::<Listing>);
    let problem = RwSignal::new(None::<String>);
    // "Refresh list" asks the current schedule to read again; it never starts a second one.
    let read_again = Trigger::new();

    // The list for the filter in the address; a read that changed nothing notifies nobody.
    let current = Memo::new(move |_| listing.with(|l| l.as_ref().filter(|l| l.filter == filter.get()).map(|l| l.projects.clone())));
    let moving = Memo::new(move |_| current.with(|p| p.as_deref().is_some_and(any_in_motion)));
    let shown = Memo::new(move |_| match current.with(|p| p.as_ref().map(Vec::is_empty)) {
        None if problem.with(Option::is_some) => Shown::Failed,
        None => Shown::Loading,
        Some(true) => Shown::Empty { filtered: filter.with(list_filter::narrows) },
        Some(false) => Shown::Rows,
    });
    let every = describe_ms(session.poll_interval_ms().max(1000));

    view! {
        <section class="page" aria-labelledby="projects-heading">
            <div class="page-head">
                <h1 id="projects-heading">"Your projects"</h1>
                <a class="button primary" href=routes::NEW_STORY>"New story"</a>
            </div>
            <Filters filter=filter />
            {move || {
                let filter = filter.get();
                // Only a new filter starts a new schedule, never a signal read while starting one.
                untrack(move || view! { <Refresher filter=filter listing=listing problem=problem read_again=read_again /> })
            }}
            <div class="list-tools">
                <p class="muted">
                    {move || moving.get().then(|| format!("Progress refreshes every {every} while a project is under way."))}
                </p>
                <button type="button" class="button secondary" on:click=move |_| read_again.notify()>"Refresh list"</button>
            </div>
            <ErrorBanner message=Signal::derive(move || problem.get().map(|m| format!("The list could not be read: {m}"))) />
            {move || match shown.get() {
                Shown::Failed => ().into_any(),
                Shown::Loading => view! { <p role="status">"Loading your projects…"</p> }.into_any(),
                Shown::Empty { filtered } => empty(filtered).into_any(),
                Shown::Rows => view! {
                    <ul class="project-list" aria-label="Projects, newest first">
                        <For each=move || current.get().unwrap_or_default() key=row_key let:project>
                            <ProjectRow project=project />
                        </For>
                    </ul>
                }.into_any(),
            }}
        </section>
    }
}

/// A row is rebuilt only when something it shows changed.
fn row_key(p: &Project) -> (i64, String, u8, Option<String>, Option<String>) {
    (p.id, p.status.as_str().to_owned(), p.progress, p.updated_at.clone(), thumbnail(p))
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
            <p><a href=href>{next}</a></p>
        </div>
    }
}

/// Owns the list's schedule for one filter: reads at once, then every interval while a project is
/// under way, paused while the tab is hidden, stopped when this goes away.
#[component]
fn Refresher(filter: ProjectFilter, listing: RwSignal<Option<Listing>>, problem: RwSignal<Option<String>>, read_again: Trigger) -> impl IntoView {
    let session = use_session();
    // An error about another filter's list would only mislead.
    problem.set(None);
    let read_with = filter.clone();
    let apply = move |answer: Result<Vec<Project>, ApiError>| match answer {
        Ok(mut projects) => {
            newest_first(&mut projects);
            let outcome = if any_in_motion(&projects) { Outcome::Answered } else { Outcome::Finished };
            problem.set(None);
            listing.set(Some(Listing { filter: filter.clone(), projects }));
            outcome
        }
        Err(e) if !session.check(&e) => Outcome::GaveUp,
        Err(e) => {
            problem.set(Some(e.message.clone()));
            outcome_after_error(&e.kind)
        }
    };
    let poller = Poller::start(
        session.poll_interval_ms(),
        move || {
            let (client, filter) = (session.client(), read_with.clone());
            async move {
                match client {
                    Some(client) => client.list_projects(&filter).await,
                    None => Err(ApiError::network()),
                }
            }
        },
        apply,
        |_| {},
    );
    if visibility::is_hidden() {
        // Opened in a background tab: the first read lands, the next waits until the tab is seen.
        poller.pause();
    }
    let poller = StoredValue::new_local(poller);
    visibility::on_change(move |visible| poller.with_value(|p| if visible { p.became_visible() } else { p.pause() }));
    Effect::watch(move || read_again.track(), move |_, _, _| poller.with_value(Poller::read_again), false);
    on_cleanup(move || poller.with_value(Poller::stop));
}

#[component]
fn Filters(filter: Memo<ProjectFilter>) -> impl IntoView {
    let navigate = use_navigate();
    let person = RwSignal::new(String::new());
    let status = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let person_field = NodeRef::<leptos::html::Input>::new();
    // The fields follow the address, so back, forward and a shared link all show what is filtered.
    Effect::new(move |_| {
        let f = filter.get();
        person.set(f.person_id.map(|id| id.to_string()).unwrap_or_default());
        status.set(f.status.unwrap_or_default());
        problem.set(None);
    });
    // A status from a link that this version does not offer is still shown, and kept.
    let choices = move || {
        let mut choices: Vec<String> = STATUS_CHOICES.iter().map(|s| (*s).to_owned()).collect();
        if let Some(other) = filter.with(|f| f.status.clone()).filter(|s| !STATUS_CHOICES.contains(&s.as_str())) {
            choices.push(other);
        }
        choices
    };
    let apply = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match list_filter::from_fields(&person.get_untracked(), &status.get_untracked()) {
            Ok(f) => {
                problem.set(None);
                navigate(&format!("{}{}", routes::HOME, list_filter::to_search(&f)), Default::default());
            }
            Err(message) => {
                problem.set(Some(message));
                // Focus on the field reads its error out (aria-describedby) to a screen-reader user.
                if let Some(input) = person_field.get_untracked() {
                    let _ = input.focus();
                }
            }
        }
    };

    view! {
        <form class="filters" role="search" aria-label="Filter projects" on:submit=apply novalidate>
            <div class="field">
                <label for="filter-person">"Person id"</label>
                <input id="filter-person" node_ref=person_field type="text" inputmode="numeric" autocomplete="off" placeholder="Any"
                    aria-describedby="filter-person-error"
                    aria-invalid=move || problem.with(Option::is_some).to_string()
                    prop:value=person
                    on:input=move |ev| { problem.set(None); person.set(event_target_value(&ev)); } />
                <p id="filter-person-error" class="field-error">{move || problem.get()}</p>
            </div>
            <div class="field">
                <label for="filter-status">"Status"</label>
                <select id="filter-status" on:change=move |ev| status.set(event_target_value(&ev))>
                    <option value="" prop:selected=move || status.with(String::is_empty)>"Any status"</option>
                    {move || choices().into_iter().map(|value| {
                        let text = label(&ProjectStatus::parse(&value));
                        let chosen = value.clone();
                        view! { <option value=value prop:selected=move || status.get() == chosen>{text}</option> }
                    }).collect_view()}
                </select>
            </div>
            <div class="filter-actions">
                <button type="submit" class="button">"Apply filters"</button>
                {move || filter.with(list_filter::narrows).then(|| view! { <a href=routes::HOME>"Clear filters"</a> })}
            </div>
        </form>
    }
}

#[component]
fn ProjectRow(project: Project) -> impl IntoView {
    let name = title(&project, 90);
    let href = routes::project_page(project.id, &project.status);
    let status = project.status.clone();
    let progress = in_motion(&project.status).then_some(project.progress);
    let scenes = match project.scenes.len() {
        1 => "1 scene".to_owned(),
        n => format!("{n} scenes"),
    };
    let person = project.person_id.map(|id| format!("person {id}"));
    let time = |label: &'static str, at: Option<String>| {
        let at = at?;
        let shown = local_time(&at)?;
        Some(view! { <span>{label}" "<time datetime=at>{shown}</time></span> })
    };
    let progress_label = format!("Progress of {name}");
    view! {
        <li class="project-row">
            {match thumbnail(&project) {
                Some(src) => view! { <img class="thumb" src=src alt="" loading="lazy" width="96" height="54" /> }.into_any(),
                None => view! { <span class="thumb thumb-empty" aria-hidden="true"></span> }.into_any(),
            }}
            <div class="project-main">
                <a href=href>{name}</a>
                <p class="meta">
                    <span>{scenes}</span>
                    {person.map(|p| view! { <span>{p}</span> })}
                    {time("Created", project.created_at.clone())}
                    {time("Updated", project.updated_at.clone())}
                </p>
            </div>
            <div class="project-state">
                <StatusBadge status=status />
                {progress.map(|p| view! {
                    <progress max="100" value=p aria-label=progress_label></progress>
                    <span class="progress-figure">{format!("{p}%")}</span>
                })}
            </div>
        </li>
    }
}
