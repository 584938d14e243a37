//! "Start a new story from this one": the story form, filled in as this project was created. A story
//! the person had begun in the form is replaced only when they say so, in the app's own dialog.

use crate::api::Project;
use crate::components::{part_missing, with_code, CodeFor, ConfirmDialog};
use crate::domain::keys;
use crate::domain::story::StoryDraft;
use crate::domain::title::shorten;
use crate::hooks::use_effect;
use crate::router::use_navigate;
use crate::routes;
use crate::split_code::split_code;
use crate::stores::drafts;
use leptos::prelude::*;

// Only the button is on the page from the start: what a press does (the draft in the form read and
// compared, the story written into it, the question) is a split point, so a page watching a
// generation (most visits on a slow link) starts without its code: the draft's serde reader and
// writer and the dialog, 2 KB brotli of that page's parts. It comes 3 s after start with the
// pages' code (page_code.rs), or with the first press.
split_code!(new_story_from, preload_new_story_from, (project: RwSignal<Option<Project>>, presses: RwSignal<u32>) =>
    view! { <StartFrom project=project presses=presses /> });

const START_FROM: CodeFor = CodeFor { loading: "Loading the new story…", missing: start_from_missing };

fn start_from_missing(retry: Callback<()>) -> AnyView {
    part_missing("The new story could not be started: check the connection.", retry)
}

#[component]
pub fn NewStoryFrom(project: RwSignal<Option<Project>>) -> impl IntoView {
    let presses = RwSignal::new(0u32);
    // Set by the first press, and kept: the code, once here, stays mounted and takes each press.
    let pressed = Memo::new(move |_| presses.get() > 0);
    view! {
        <button
            type="button"
            class="button"
            disabled=move || project.with(Option::is_none)
            on:click=move |_| presses.update(|n| *n += 1)
        >
            "Start a new story from this one"
        </button>
        {move || pressed.get().then(|| with_code(move || new_story_from(project, presses), START_FROM))}
    }
}

/// Acts on each press of the offer once, the one that brought this code included (also when it came
/// only on "Try again"): to the form at once, or first the question when a story of the person's own
/// would be lost.
#[component]
fn StartFrom(project: RwSignal<Option<Project>>, presses: RwSignal<u32>) -> impl IntoView {
    let navigate = use_navigate();
    let open = RwSignal::new(false);
    // The idea of the story already in the form, named in the question.
    let theirs = RwSignal::new(String::new());
    let go = Callback::new(move |replace: bool| {
        if let Some(p) = project.get_untracked().filter(|_| replace) {
            drafts::save(keys::STORY_DRAFT, &StoryDraft::from_project(&p));
        }
        open.set(false);
        navigate(routes::NEW_STORY, Default::default());
    });
    let taken = StoredValue::new(0u32);
    use_effect(move || {
        let pressed = presses.get();
        if pressed == taken.get_value() {
            return;
        }
        taken.set_value(pressed);
        let Some(p) = project.get_untracked() else { return };
        let ours = StoryDraft::from_project(&p);
        match drafts::load::<StoryDraft>(keys::STORY_DRAFT).filter(|d| d.would_be_lost_to(&ours)) {
            Some(draft) => {
                theirs.set(shorten(draft.idea.trim(), 120));
                open.set(true);
            }
            None => go.run(true),
        }
    });
    view! {
        <ConfirmDialog
            open=open
            title="Replace the story you began?"
            confirm_label="Replace my draft"
            busy=false
            error={None::<String>}
            on_confirm=Callback::new(move |_| go.run(true))
            other=("Keep my draft", Callback::new(move |_| go.run(false)))
        >
            <p>
                "The new-story form holds a story you have not sent yet: “"<bdi>{theirs}</bdi>
                "”. Replace it with this project's story, or keep yours and go to the form."
            </p>
        </ConfirmDialog>
    }
}
