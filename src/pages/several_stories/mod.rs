//! Several stories at once: ideas added one a line or from a file, each checked as the story form
//! checks it, proposed one after another with the progress said, and kept with what became of each
//! across a reload (`domain::story_batch`). A story whose answer was lost is looked for among the
//! newest projects before anything may send it again.

mod adding;
mod story_row;

use crate::api::ProjectFilter;
use crate::browser::local_time::now_ms;
use crate::browser::page::set_title;
use crate::components::{focus_error_summary, left_field, ErrorSummary, PageHeading};
use crate::domain::keys::{STORY_BATCH, STORY_BATCH_SENT};
use crate::domain::story_batch::{claimed, found_among, next_to_send, note, progress, Claims, State, Story};
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
            true => {
                drafts::clear(STORY_BATCH);
                drafts::clear(STORY_BATCH_SENT);
            }
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

/// What became of story `id`, noted in the page and among the claims every tab reads. False when the
/// browser would not keep the claim.
fn set_state(stories: Stories, id: u64, state: State) -> bool {
    let Some(story) = stories
        .try_update(|s| {
            let story = s.iter_mut().find(|s| s.id == id)?;
            story.state = state;
            Some(story.clone())
        })
        .flatten()
    else {
        return true;
    };
    let mut claims: Claims = drafts::load(STORY_BATCH_SENT).unwrap_or_default();
    note(&mut claims, &story);
    drafts::save(STORY_BATCH_SENT, &claims)
}

/// Sends story `id`, kept as sending before its request leaves: a reload finds it and looks for its
/// project rather than sending it again. False when the rest should wait: the sign-in ended, or the
/// browser would not keep the note that it was sent.
async fn send_one(session: Session, stories: Stories, id: u64) -> bool {
    let Some(story) = stories.try_with_untracked(|s| s.iter().find(|s| s.id == id).cloned()).flatten() else {
        return true;
    };
    // Another tab of this device sent it (or made it) meanwhile: that tab's word stands.
    let claims: Claims = drafts::load(STORY_BATCH_SENT).unwrap_or_default();
    if let Some(theirs) = claimed(&claims, &story).filter(|s| !matches!(s, State::Failed(_))) {
        set_state(stories, id, theirs);
        return true;
    }
    // Changed since "Propose all" checked it: said beside it, and the rest go on.
    let request = match story.draft().request() {
        Ok(request) => request,
        Err(_) => {
            set_state(stories, id, State::Failed("Not sent: put this story right first".into()));
            return true;
        }
    };
    let sent = now_ms();
    if !set_state(stories, id, State::Sending(sent)) {
        set_state(
            stories,
            id,
            State::Failed("Not sent: this browser's storage is full, so storyreel could not keep a note that it was sent (which keeps it from being made twice). Remove some stories, or free some space".into()),
        );
        return false;
    }
    match session.call(move |client| async move { client.create_project(&request).await }).await {
        Ok(created) => {
            proposals::keep_first(&created);
            set_state(stories, id, State::Proposed(created.id));
            true
        }
        // The sign-in ended: kept as sending, so the page looks for it when the person is back.
        Err(Failure::SignedOut) => false,
        Err(Failure::Show(e)) if e.may_have_landed() => {
            set_state(stories, id, State::Unsure(sent));
            look_for_doubtful(session, stories).await;
            true
        }
        Err(Failure::Show(e)) => {
            set_state(stories, id, State::Failed(e.after("Not proposed")));
            true
        }
    }
}

/// Looks for each story in doubt among the newest projects: one found is proposed, with its link;
/// one not found stays in doubt (it may still come), to look for again or send again on the
/// person's word.
async fn look_for_doubtful(session: Session, stories: Stories) {
    let read = session.call(|client| async move { client.list_page(&ProjectFilter::default(), None).await }).await;
    let Ok(page) = read else { return };
    let Some(doubtful) = stories.try_with_untracked(|s| {
        s.iter().enumerate().filter(|(_, s)| s.in_doubt()).map(|(n, s)| (n, s.id)).collect::<Vec<_>>()
    }) else {
        return;
    };
    for (n, id) in doubtful {
        if let Some(found) = stories.try_with_untracked(|s| found_among(s, n, &page.projects)).flatten() {
            set_state(stories, id, State::Proposed(found));
        }
    }
}
