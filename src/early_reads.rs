//! The first reads of the page the app opens on, started by the shell as it starts.
//!
//! A project's review and video pages come with their own code (`page_code`), which arrives after
//! the main wasm has started; their reads would wait for it, then take their own round trips to the
//! service (a CORS preflight and the request: 300 ms on a 150 ms link). Started here, beside that
//! download, they are usually answered by the time the page runs, and the page takes the answer
//! instead of asking again. The answers are handed over as text, read by the page: their readers
//! stay in its code, not in the first load. Only for the first screen: a page opened later reads for
//! itself, and an answer nobody took is dropped once the person is elsewhere (it would be old when
//! they came back).

use crate::api::{ApiError, Client, Project};
use crate::browser::last_known;
use crate::routes::Screen;
use crate::session::{Failure, Session};
use futures_channel::oneshot;
use std::cell::RefCell;
use std::future::Future;

type Answer = oneshot::Receiver<Result<String, ApiError>>;

/// What was started, for which project; one app per tab, so one of each.
#[derive(Default)]
struct Started {
    project: Option<(i64, Answer)>,
    status: Option<(i64, Answer)>,
}

thread_local! {
    static STARTED: RefCell<Started> = RefCell::default();
}

/// A read started early for a page, or none: `or` says which answer the page gets.
#[derive(Default)]
pub struct Early(Option<Answer>);

impl Early {
    /// The answer read early; if there was no such read (or it ended without one), `now`'s.
    pub async fn or(self, now: impl Future<Output = Result<String, ApiError>>) -> Result<String, ApiError> {
        if let Some(started) = self.0 {
            if let Ok(answer) = started.await {
                return answer;
            }
        }
        now.await
    }
}

/// Starts the reads of `first`'s page if it is a project's and someone is signed in: the project for
/// both pages, its status for the video page (the reads each page makes first). Anything an earlier
/// shell started is dropped.
pub fn start(session: Session, first: Screen) {
    let mut started = Started::default();
    if let Some(id) = first.project_id().filter(|_| session.signed_in_untracked()) {
        started.project = Some((id, read(session, move |client| async move { client.project_text(id).await })));
        if first == Screen::Video(id) {
            started.status = Some((id, read(session, move |client| async move { client.status_text(id).await })));
        }
    }
    STARTED.set(started);
}

/// Project `id` as the service holds it now, kept as the last known one (every page that reads a
/// project reads it through here): the answer read at start-up if the app opened on its page and no
/// page took it yet, else read now. Only the pages call this, so the project's reader stays in their
/// code.
pub fn read_and_keep_project(session: Session, id: i64) -> impl Future<Output = Result<Project, Failure>> {
    let early = STARTED.with_borrow_mut(|s| take(&mut s.project, id));
    session
        .call(move |client| async move { last_known::keep_read_project(id, &early.or(client.project_text(id)).await?) })
}

/// Project `id`'s status read, if it was started for it and not taken yet; taken once.
pub fn status(id: i64) -> Early {
    STARTED.with_borrow_mut(|s| take(&mut s.status, id))
}

/// The person is on `screen` now: only its page may still take what was read for it (the review
/// page, to which the video page sends a project not yet approved, takes the project).
pub fn keep_for(screen: Screen) {
    STARTED.with_borrow_mut(|s| {
        keep_if(&mut s.project, |id| screen.project_id() == Some(id));
        keep_if(&mut s.status, |id| screen == Screen::Video(id));
    });
}

fn read<F>(session: Session, request: impl FnOnce(Client) -> F + 'static) -> Answer
where
    F: Future<Output = Result<String, ApiError>> + 'static,
{
    let (answer, started) = oneshot::channel();
    // The service's error goes to the page as it is, to be handled there as its own read's would be
    // (a 401 signs out there); signed out meanwhile, nothing is sent and the page reads for itself.
    let call = session.call(move |client| async move { Ok(request(client).await) });
    leptos::task::spawn_local(async move {
        if let Ok(read) = call.await {
            let _ = answer.send(read);
        }
    });
    started
}

fn take(started: &mut Option<(i64, Answer)>, id: i64) -> Early {
    match started.take() {
        Some((of, answer)) if of == id => Early(Some(answer)),
        other => {
            *started = other;
            Early(None)
        }
    }
}

fn keep_if(started: &mut Option<(i64, Answer)>, wanted: impl Fn(i64) -> bool) {
    if started.as_ref().is_some_and(|(of, _)| !wanted(*of)) {
        *started = None;
    }
}
