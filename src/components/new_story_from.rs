//! "Start a new story from this one": the story form, filled in as this project was created. A story
//! the person had begun in the form is replaced only when they say so, in the app's own dialog.

use crate::api::Project;
use crate::browser::drafts;
use crate::components::ConfirmDialog;
use crate::domain::keys;
use crate::domain::story::StoryDraft;
use crate::domain::title::shorten;
use crate::router::use_navigate;
use crate::routes;
use leptos::prelude::*;

#[component]
pub fn NewStoryFrom(project: RwSignal<Option<Project>>) -> impl IntoView {
    let navigate = use_navigate();
    let open = RwSignal::new(false);
    // The idea of the story already in the form, named in the question.
    let theirs = RwSignal::new(String::new());
    let go = move |replace: bool| {
        if let Some(p) = project.get_untracked().filter(|_| replace) {
            drafts::save(keys::STORY_DRAFT, &StoryDraft::from_project(&p));
        }
        open.set(false);
        navigate(routes::NEW_STORY, Default::default());
    };
    let start = move |_| {
        let Some(p) = project.get_untracked() else { return };
        let ours = StoryDraft::from_project(&p);
        match drafts::load::<StoryDraft>(keys::STORY_DRAFT).filter(|d| d.would_be_lost_to(&ours)) {
            Some(draft) => {
                theirs.set(shorten(draft.idea.trim(), 120));
                open.set(true);
            }
            None => go(true),
        }
    };
    view! {
        <button type="button" class="button" disabled=move || project.with(Option::is_none) on:click=start>
            "Start a new story from this one"
        </button>
        <ConfirmDialog
            open=open
            title="Replace the story you began?"
            confirm_label="Replace my draft"
            busy=false
            error={None::<String>}
            on_confirm=Callback::new(move |_| go(true))
            other=("Keep my draft", Callback::new(move |_| go(false)))
        >
            <p>
                "The new-story form holds a story you have not sent yet: “"<bdi>{theirs}</bdi>
                "”. Replace it with this project's story, or keep yours and go to the form."
            </p>
        </ConfirmDialog>
    }
}
