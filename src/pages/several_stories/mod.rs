//! Several stories at once: ideas added one a line or from a file, each checked as the story form
//! checks it, proposed one after another with the progress said, and kept with what became of each
//! across a reload (`domain::story_batch`). A story whose answer was lost is looked for among the
//! newest projects before anything may send it again.

mod adding;
mod sending;
mod story_row;

use crate::browser::page::set_title;
use crate::components::{focus_error_summary, left_field, ErrorSummary, PageHeading};
use crate::domain::keys::{STORY_BATCH, STORY_BATCH_SENT};
use crate::domain::story_batch::{claimed, next_to_send, progress, Claims, State, Story};
use crate::hooks::use_effect;
use crate::routes;
use crate::session::use_session;
use crate::stores::drafts;
use adding::Adding;
use leptos::prelude::*;
use leptos::task::spawn_local;
use sending::{look_for_doubtful, send_one};
use story_row::{field_id, Stories, StoryRow};

#[component]
pub fn SeveralStoriesPage() -> impl IntoView {
    set_title("Several stories");
    let session = use_session();
    let mut kept: Vec<Story> = drafts::load(STORY_BATCH).unwrap_or_default();
    let claims: Claims = drafts::load(STORY_BATCH_SENT).unwrap_or_default();
    // What any tab sent stands; and after a reload or a sign-in round trip mid-way nothing of this tab
    // is sending now, so what was is in doubt, and looked for first.
    for story in &mut kept {
        if let Some(state) = claimed(&claims, story) {
            story.state = state;
        }
        if let State::Sending(at) = story.state {
            story.state = State::Unsure(at);
        }
    }
    let doubtful = kept.iter().any(Story::in_doubt);
    let stories: Stories = RwSignal::new(kept);
    let sending = RwSignal::new(false);
    let tried = RwSignal::new(false);
    // The fields the person has left: a field's problem shows once it was left, or once they tried to
    // propose (GOV.UK's pattern).
    let left = RwSignal::new(Vec::<String>::new());
    let note_left = move |ev: leptos::ev::FocusEvent| {
        if let Some(id) = left_field(&ev).filter(|id| id.starts_with("story-")) {
            left.update(|l| {
                if !l.contains(&id) {
                    l.push(id);
                }
            });
        }
    };
    use_effect(move || {
        stories.with(|s| match s.is_empty() {
            // The claims stay: another tab may still hold these stories, not sent there.
            true => drafts::clear(STORY_BATCH),
            false => {
                drafts::save(STORY_BATCH, s);
            }
        })
    });
    if doubtful {
        spawn_local(look_for_doubtful(session, stories));
    }

    let summary = Signal::derive(move || match tried.get() {
        false => Vec::new(),
        true => stories.with(|s| problems_of_those_to_send(s)),
    });
    let propose_all = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if sending.get_untracked() {
            return;
        }
        tried.set(true);
        if stories.with_untracked(|s| !problems_of_those_to_send(s).is_empty()) {
            focus_error_summary();
            return;
        }
        sending.set(true);
        spawn_local(async move {
            while let Some(id) = stories.try_with_untracked(|s| next_to_send(s).map(|n| s[n].id)).flatten() {
                if !send_one(session, stories, id).await {
                    break;
                }
            }
            sending.try_set(false);
        });
    };
    let send_again = Callback::new(move |id: u64| {
        if sending.get_untracked() {
            return;
        }
        sending.set(true);
        spawn_local(async move {
            send_one(session, stories, id).await;
            sending.try_set(false);
        });
    });
    let look_again = Callback::new(move |()| spawn_local(look_for_doubtful(session, stories)));
    let ids = Memo::new(move |_| stories.with(|s| s.iter().map(|s| s.id).collect::<Vec<_>>()));
    let any_proposed = Memo::new(move |_| stories.with(|s| s.iter().any(|s| matches!(s.state, State::Proposed(_)))));

    view! {
        <section class="page narrow" aria-labelledby="several-heading">
            <PageHeading id="several-heading">"Several stories"</PageHeading>
            <p class="help">
                "Each story is proposed on its own, one after another; proposals are free, and you review each before anything is spent. "
                <a href=routes::NEW_STORY>"One story"</a>
            </p>
            <Adding stories=stories />
            <ErrorSummary problems=summary />
            {move || {
                (!ids.with(Vec::is_empty))
                    .then(|| {
                        view! {
                            <form class="form" on:submit=propose_all on:focusout=note_left novalidate>
                                <h2>"Your stories"</h2>
                                <ol class="story-batch">
                                    // Keyed by the story, not its place: a removed story's row goes, and
                                    // the next one's does not slide under the pointer of a double click.
                                    <For
                                        each=move || ids.get()
                                        key=|id| *id
                                        children=move |id| {
                                            view! {
                                                <StoryRow
                                                    id=id
                                                    stories=stories
                                                    tried=tried
                                                    left=left
                                                    busy=sending
                                                    send_again=send_again
                                                    look_again=look_again
                                                />
                                            }
                                        }
                                    />
                                </ol>
                                <p role="status">{move || stories.with(|s| progress(s))}</p>
                                <div class="actions">
                                    <button type="submit" class="button primary" disabled=move || sending.get()>
                                        {move || {
                                            if sending.get() { "Proposing…" } else { "Propose all not sent yet" }
                                        }}
                                    </button>
                                    {move || {
                                        any_proposed
                                            .get()
                                            .then(|| {
                                                view! {
                                                    <button
                                                        type="button"
                                                        class="button"
                                                        disabled=move || sending.get()
                                                        on:click=move |_| {
                                                            stories
                                                                .update(|s| {
                                                                    s.retain(|s| !matches!(s.state, State::Proposed(_)))
                                                                })
                                                        }
                                                    >
                                                        "Clear the proposed ones"
                                                    </button>
                                                }
                                            })
                                    }}
                                </div>
                            </form>
                        }
                    })
            }}
        </section>
    }
}

/// The problems of every story still to send, by field, as the error summary lists them.
fn problems_of_those_to_send(stories: &[Story]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (n, story) in stories.iter().enumerate().filter(|(_, s)| s.state == State::ToSend) {
        let p = story.problems();
        for (field, problem) in [("idea", p.idea), ("scenes", p.num_scenes), ("person", p.person_id)] {
            if let Some(problem) = problem {
                found.push((field_id(story.id, field), format!("Story {}: {problem}", n + 1)));
            }
        }
    }
    found
}
