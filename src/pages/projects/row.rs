//! One project in the list: thumbnail, title, facts, status and progress.

use super::choice::{ChooseBox, Chosen};
use crate::api::Project;
use crate::browser::local_time::local_time;
use crate::components::StatusBadge;
use crate::domain::lifecycle::can_approve;
use crate::domain::project_list::{in_motion, thumbnail, title};
use crate::routes;
use leptos::prelude::*;

/// `chosen`: the projects chosen for approval; a proposed row offers to choose it.
#[component]
pub fn ProjectRow(project: Project, chosen: Chosen) -> impl IntoView {
    let name = title(&project, 90);
    let choose =
        can_approve(&project.status).then(|| view! { <ChooseBox id=project.id title=name.clone() chosen=chosen /> });
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
            {choose}
            {match thumbnail(&project) {
                Some(src) => {
                    view! { <img class="thumb" src=src alt="" loading="lazy" width="96" height="54" /> }.into_any()
                }
                None => view! { <span class="thumb thumb-empty" aria-hidden="true"></span> }.into_any(),
            }} <div class="project-main">
                <a href=href>{name}</a>
                <p class="meta">
                    <span>{scenes}</span>
                    {person.map(|p| view! { <span>{p}</span> })}
                    {time("Created", project.created_at.clone())}
                    {time("Updated", project.updated_at.clone())}
                </p>
            </div> <div class="project-state">
                <StatusBadge status=status />
                {progress
                    .map(|p| {
                        view! {
                            <progress max="100" value=p aria-label=progress_label></progress>
                            <span class="progress-figure">{format!("{p}%")}</span>
                        }
                    })}
            </div>
        </li>
    }
}
