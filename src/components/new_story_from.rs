//! "Start a new story from this one": the story form, filled in as this project was created. A story
//! the person had begun in the form is replaced only when they say so, in the app's own dialog.

use crate::api::Project;
use crate::browser::drafts;
use crate::components::code::split_code;
use crate::components::{with_code, Banner, CodeFor, ConfirmDialog, Tone};
use crate::domain::keys;
use crate::domain::story::StoryDraft;
use crate::domain::title::shorten;
use crate::router::use_navigate;
use crate::routes;
use leptos::prelude::*;

// The question comes up only when the form holds a story of the person's own, so its dialog is a split
// point: a page watching a generation (most visits on a slow link) starts without it (4 KB brotli of
// that page's 60). Its code comes 3 s after start with the pages' (page_code.rs), or when first asked.
split_code!(replace_draft, preload_replace_draft, (open: RwSignal<bool>, theirs: RwSignal<String>, go: Callback<bool>) =>
    view! { <ReplaceDraft open=open theirs=theirs go=go /> });

const REPLACE_DRAFT: CodeFor = CodeFor { loading: "Loading the question…", missing: replace_draft_missing };

fn replace_draft_missing(retry: Callback<()>) -> AnyView {
    view! {
        <Banner tone=Tone::Error>"The question about your draft could not be loaded: check the connection."</Banner>
        <button type="button" class="button" on:click=move |_| retry.run(())>
            "Try again"
        </button>
    }
    .into_any()
}

#[component]
pub fn NewStoryFrom(project: RwSignal<Option<Project>>) -> impl IntoView {
    let navigate = use_navigate();
    let open = RwSignal::new(false);
    // Set the first time the question is needed, and kept: the dialog, once here, stays mounted.
    let asked = RwSignal::new(false);
    // The idea of the story already in the form, named in the question.
    let theirs = RwSignal::new(String::new());
    let go = Callback::new(move |replace: bool| {
        if let Some(p) = project.get_untracked().filter(|_| replace) {
            drafts::save(keys::STORY_DRAFT, &StoryDraft::from_project(&p));
        }
        open.set(false);
        navigate(routes::NEW_STORY, Default::default());
    });
    let start = move |_| {
        let Some(p) = project.get_untracked() else { return };
        let ours = StoryDraft::from_project(&p);
        match drafts::load::<StoryDraft>(keys::STORY_DRAFT).filter(|d| d.would_be_lost_to(&ours)) {
            Some(draft) => {
                theirs.set(shorten(draft.idea.trim(), 120));
                asked.set(true);
                open.set(true);
            }
            None => go.run(true),
        }
    };
    view! {
        <button type="button" class="button" disabled=move || project.with(Option::is_none) on:click=start>
            "Start a new story from this one"
        </button>
        {move || asked.get().then(|| with_code(move || replace_draft(open, theirs, go), REPLACE_DRAFT))}
    }
}

#[component]
fn ReplaceDraft(open: RwSignal<bool>, theirs: RwSignal<String>, go: Callback<bool>) -> impl IntoView {
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
