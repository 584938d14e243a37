//! The signed-in home: the person's projects.

use crate::api::{ApiError, Project, ProjectFilter};
use crate::browser::page::set_title;
use crate::components::{ErrorBanner, StatusBadge};
use crate::routes;
use crate::session::use_session;
use leptos::prelude::*;

#[component]
pub fn ProjectsPage() -> impl IntoView {
    set_title("Projects");
    let session = use_session();
    let projects = LocalResource::new(move || {
        let client = session.client();
        async move {
            let client = client.ok_or_else(ApiError::network)?;
            let result = client.list_projects(&ProjectFilter::default()).await;
            if let Err(e) = &result {
                session.check(e);
            }
            result
        }
    });

    view! {
        <section class="page" aria-labelledby="projects-heading">
            <div class="page-head">
                <h1 id="projects-heading">"Your projects"</h1>
            </div>
            {move || match projects.get() {
                None => view! { <p role="status">"Loading your projects…"</p> }.into_any(),
                Some(Err(e)) => view! {
                    <ErrorBanner message=Signal::derive(move || Some(e.message.clone())) />
                    <button type="button" class="button" on:click=move |_| projects.refetch()>"Try again"</button>
                }.into_any(),
                Some(Ok(list)) if list.is_empty() => view! { <p class="empty">"No projects yet."</p> }.into_any(),
                Some(Ok(list)) => view! {
                    <ul class="project-list">{list.into_iter().map(project_row).collect_view()}</ul>
                }.into_any(),
            }}
        </section>
    }
}

fn project_row(project: Project) -> impl IntoView {
    let title = if project.description.trim().is_empty() { project.ideas.clone() } else { project.description.clone() };
    let status = project.status.clone();
    view! {
        <li class="project-row">
            <a href=routes::project(project.id)>{shorten(&title, 90)}</a>
            <StatusBadge status=status />
            <span class="muted">{format!("{} scenes", project.scenes.len())}</span>
        </li>
    }
}

fn shorten(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return if text.is_empty() { "Untitled project".into() } else { text.into() };
    }
    format!("{}…", text.chars().take(max - 1).collect::<String>().trim_end())
}
