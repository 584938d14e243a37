//! Several stories at once: ideas added one a line or from a file, each checked as the story form
//! checks it, proposed one after another with the progress said, and kept with what became of each
//! across a reload (`domain::story_batch`). A story whose answer was lost is looked for among the
//! newest projects before anything may send it again.

mod adding;
mod story_row;

use crate::api::{ApiError, ProjectFilter};
use crate::browser::local_time::now_ms;
use crate::browser::page::set_title;
use crate::components::{focus_error_summary, ErrorSummary, PageHeading};
use crate::domain::keys::STORY_BATCH;
use crate::domain::story_batch::{found_among, next_to_send, progress, State, Story};
use crate::hooks::use_effect;
use crate::routes;
use crate::session::{use_session, Failure, Session};
use crate::stores::{drafts, proposals};
use adding::Adding;
use leptos::prelude::*;
use leptos::task::spawn_local;
use story_row::{field_id, Stories, StoryRow};

#[component]
pub fn SeveralStoriesPage() -> impl IntoView {
    set_title("Several stories");
    let session = use_session();
    let stories: Stories = RwSignal::new(drafts::load(STORY_BATCH).unwrap_or_default());
    let sending = RwSignal::new(false);
    let tried = RwSignal::new(false);
    use_effect(move || {
        stories.with(|s| match s.is_empty() {
            true => drafts::clear(STORY_BATCH),
            false => {
                drafts::save(STORY_BATCH, s);
            }
        })
    });
    // A reload or a sign-in round trip mid-way: what was under way is looked for first.
    if stories.with_untracked(|s| s.iter().any(Story::in_doubt)) {
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
            while let Some(n) = stories.try_with_untracked(|s| next_to_send(s)).flatten() {
                send_one(session, stories, n).await;
            }
            sending.try_set(false);
        });
    };
    let send_again = Callback::new(move |n: usize| {
        if sending.get_untracked() {
            return;
        }
        sending.set(true);
        spawn_local(async move {
            send_one(session, stories, n).await;
            sending.try_set(false);
        });
    });
    let look_again = Callback::new(move |()| spawn_local(look_for_doubtful(session, stories)));
    let count = Memo::new(move |_| stories.with(Vec::len));

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
                (count.get() > 0)
                    .then(|| {
                        view! {
                            <form class="form" on:submit=propose_all novalidate>
                                <h2>"Your stories"</h2>
                                <ol class="story-batch">
                                    <For
                                        each=move || 0..count.get()
                                        key=|n| *n
                                        children=move |n| {
                                            view! {
                                                <StoryRow
                                                    n=n
                                                    stories=stories
                                                    shown=tried
                                                    busy=sending
                                                    send_again=send_again
                                                    look_again=look_again
                                                />
                                            }
                                        }
                                    />
                                </ol>
                                <p role="status">{move || stories.with(|s| progress(s))}</p>
                                <button type="submit" class="button primary" disabled=move || sending.get()>
                                    {move || if sending.get() { "Proposing…" } else { "Propose all not sent yet" }}
                                </button>
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
                found.push((field_id(n, field), format!("Story {}: {problem}", n + 1)));
            }
        }
    }
    found
}

fn set_state(stories: Stories, n: usize, state: State) {
    stories.try_update(|s| {
        if let Some(story) = s.get_mut(n) {
            story.state = state;
        }
    });
}

/// Sends story `n`, kept as sending before its request leaves: a reload finds it and looks for its
/// project rather than sending it again.
async fn send_one(session: Session, stories: Stories, n: usize) {
    let Some(story) = stories.with_untracked(|s| s.get(n).cloned()) else { return };
    let Ok(request) = story.draft().request() else { return };
    let sent = now_ms();
    set_state(stories, n, State::Sending(sent));
    stories.with_untracked(|s| drafts::save(STORY_BATCH, s));
    match session.call(move |client| async move { client.create_project(&request).await }).await {
        Ok(created) => {
            proposals::keep_first(&created);
            set_state(stories, n, State::Proposed(created.id));
        }
        // The sign-in ended: kept as sending, and looked for when the person is back.
        Err(Failure::SignedOut) => {}
        Err(Failure::Show(e)) if e.may_have_landed() => {
            set_state(stories, n, State::Unsure(sent));
            look_for_doubtful(session, stories).await;
        }
        Err(Failure::Show(e)) => set_state(stories, n, State::Failed(refusal(&e))),
    }
}

fn refusal(e: &ApiError) -> String {
    e.after("Not proposed")
}

/// Looks for each story in doubt among the newest projects: one found is proposed, with its link;
/// one not found stays in doubt (it may still come), to look for again or send again on the
/// person's word.
async fn look_for_doubtful(session: Session, stories: Stories) {
    let read = session.call(|client| async move { client.list_page(&ProjectFilter::default(), None).await }).await;
    let Ok(page) = read else { return };
    let doubtful: Vec<usize> =
        stories.with_untracked(|s| s.iter().enumerate().filter(|(_, s)| s.in_doubt()).map(|(n, _)| n).collect());
    for n in doubtful {
        let found = stories.with_untracked(|s| found_among(s, n, &page.projects));
        let state = match (found, stories.with_untracked(|s| s[n].state.clone())) {
            (Some(id), _) => State::Proposed(id),
            (None, State::Sending(at)) => State::Unsure(at),
            (None, state) => state,
        };
        set_state(stories, n, state);
    }
}
