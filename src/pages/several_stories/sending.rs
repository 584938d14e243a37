//! Sending the stories of a batch one at a time, each noted before its request leaves, and looking
//! for those whose answer was lost among the newest projects.

use super::story_row::Stories;
use crate::api::ProjectFilter;
use crate::browser::local_time::now_ms;
use crate::domain::keys::STORY_BATCH_SENT;
use crate::domain::story_batch::{claimed, found_among, note, Claims, State};
use crate::session::{Failure, Session};
use crate::stores::{drafts, proposals};
use leptos::prelude::*;

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
pub async fn send_one(session: Session, stories: Stories, id: u64) -> bool {
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
pub async fn look_for_doubtful(session: Session, stories: Stories) {
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
