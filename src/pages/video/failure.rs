//! A failed generation: why, what had finished, and what the person can do next.

use crate::api::{Project, SceneProgress, StatusReport};
use crate::browser::drafts;
use crate::components::{Banner, Tone};
use crate::domain::generation::finished_before_failure;
use crate::domain::story::StoryDraft;
use crate::router::use_location;
use crate::routes;
use leptos::prelude::*;

#[component]
pub fn Failure(
    report: StatusReport,
    project: RwSignal<Option<Project>>,
    #[prop(into)] rows: Signal<Vec<SceneProgress>>,
) -> impl IntoView {
    let reason =
        report.error.clone().filter(|e| !e.trim().is_empty()).unwrap_or_else(|| "The service did not say why.".into());
    let finished = move || rows.with(|rows| finished_before_failure(rows));
    let location = use_location();
    let start_again = move |_| {
        let Some(p) = project.get_untracked() else { return };
        let existing =
            drafts::load::<StoryDraft>(drafts::story_key()).filter(|d| !d.idea.trim().is_empty() && d.idea != p.ideas);
        let replace = existing.is_none()
            || web_sys::window()
                .and_then(|w| {
                    w.confirm_with_message("This replaces the story you had started in the new-story form. Continue?")
                        .ok()
                })
                .unwrap_or(false);
        if replace {
            drafts::save(drafts::story_key(), &StoryDraft::from_project(&p));
        }
        location.push(routes::NEW_STORY);
    };
    view! {
        <h2>"Generation failed"</h2>
        <Banner tone=Tone::Error>{reason}</Banner>
        <p>{finished}</p>
        <h3>"What you can do"</h3>
        <ul>
            <li>"Your scene texts are kept on the project page."</li>
            <li>"Whether the reserved credits come back is up to the service: check your balance there."</li>
            <li><button type="button" class="button" disabled=move || project.with(Option::is_none) on:click=start_again>"Start a new story from this idea"</button></li>
        </ul>
    }
}
