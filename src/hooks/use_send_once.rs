//! One request per confirmation, for every action that spends credits or starts work (approve,
//! regenerate, upscale). When it may be sent, and again, is `domain::paid_action`'s to say; this
//! hook sends what the page hands it and re-reads the project when the answer did not tell.
//!
//! The action is marked as sent before the request starts. A refusal (a 4xx) clears it: nothing was
//! done. When the request may have reached the service anyway (no answer, a timeout, a 5xx, an
//! unreadable success), it is never sent again by itself: the project is re-read, patiently, until
//! it tells whether the work began; only a project that shows no sign of it lets the person send again.
//! When the project could not be read before sending either, there is nothing to compare with: a
//! regeneration under a service that keeps the project `completed` would show no sign, so the first
//! re-read becomes the comparison and the action stays unsent until the project moves.

use crate::api::{ApiError, Client, ErrorKind};
use crate::domain::paid_action::{PaidAction, Reference, Sending};
use crate::session::{use_session, Failure, Session};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::future::Future;
use std::pin::Pin;

/// Re-reads after an uncertain answer: soon, then less often, while the page stays open.
const RECHECK_MS: [u32; 5] = [1_000, 2_000, 4_000, 8_000, 15_000];

#[derive(Clone, Copy)]
pub struct SendOnce {
    /// True while the action may not be sent: under way, uncertain, or done.
    pub sent: Signal<bool>,
    pub error: RwSignal<Option<String>>,
    state: RwSignal<Sending>,
    project_id: i64,
    session: Session,
}

/// What the page does with an answer: the work began, or the service refused it.
pub struct Outcomes {
    pub started: Box<dyn FnOnce()>,
    pub refused: Box<dyn FnOnce(ApiError)>,
    /// Said when a re-read shows it did not begin, e.g. "nothing was reserved; you can approve again".
    pub not_begun: &'static str,
}

type Request = Box<dyn FnOnce(Client) -> Pin<Box<dyn Future<Output = Result<(), ApiError>>>>>;

pub fn use_send_once(project_id: i64) -> SendOnce {
    let state = RwSignal::new(Sending::Idle);
    SendOnce {
        // A memo: a move between states that both refuse (in flight to landed) re-renders nothing.
        sent: Memo::new(move |_| !state.get().may_send()).into(),
        error: RwSignal::new(None),
        state,
        project_id,
        session: use_session(),
    }
}

impl SendOnce {
    /// Sends `request` (given the signed-in person's client) unless this action may not be sent now.
    pub fn send<F>(self, action: PaidAction, request: impl FnOnce(Client) -> F + 'static, outcomes: Outcomes)
    where
        F: Future<Output = Result<(), ApiError>> + 'static,
    {
        // Boxed, so that the wasm carries the send logic once, not once per page that sends.
        self.send_boxed(action, Box::new(move |client| Box::pin(request(client))), outcomes)
    }

    fn send_boxed(self, action: PaidAction, request: Request, outcomes: Outcomes) {
        let Self { state, error, project_id, session, .. } = self;
        if !state.get_untracked().may_send() {
            return;
        }
        // Before anything is awaited, so that a second click in the same turn already finds it sent.
        state.set(Sending::InFlight);
        error.set(None);
        let read = move |client: Client| async move { client.get_project(project_id).await };
        spawn_local(async move {
            let mut reference = Reference::Nothing;
            if action.reads_before() {
                reference = session.call(read).await.map_or(Reference::Nothing, Reference::BeforeSending);
            }
            let answer = match session.call(request).await {
                Ok(()) => Ok(()),
                // The session ended and the page is going away: touch none of its signals.
                Err(Failure::SignedOut) => return,
                Err(Failure::Show(e)) => Err(e),
            };
            let now = Sending::answered(&answer);
            state.set(now);
            let e = match answer {
                Ok(()) => return (outcomes.started)(),
                Err(e) if now == Sending::Idle => return (outcomes.refused)(e),
                Err(e) => e,
            };
            error.set(Some(format!(
                "storyreel could not confirm that the service received this ({}), so it is checking the project before anything is sent again.",
                cause(&e)
            )));
            for (attempt, wait) in RECHECK_MS.iter().chain(std::iter::repeat(&15_000)).enumerate() {
                TimeoutFuture::new(*wait).await;
                // The page was closed: stop checking.
                if state.is_disposed() {
                    return;
                }
                match session.call(read).await {
                    Ok(p) => {
                        let now = Sending::rechecked(action, &reference, &p);
                        state.set(now);
                        match now {
                            Sending::Landed => return (outcomes.started)(),
                            Sending::Idle => {
                                return error.set(Some(format!(
                                    "The project shows it did not start, so {}.",
                                    outcomes.not_begun
                                )))
                            }
                            _ if reference == Reference::Nothing => error.set(Some(UNTOLD.to_owned())),
                            _ => {}
                        }
                        reference = reference.then(action, p);
                    }
                    Err(Failure::SignedOut) => return,
                    Err(Failure::Show(e)) if attempt >= 1 => error.set(Some(
                        e.after("storyreel still cannot tell whether the service received this and keeps checking"),
                    )),
                    Err(_) => {}
                }
            }
        });
    }
}

/// Said while an uncertain regeneration or upscale is checked without a project from before it to
/// compare with (that read failed too), for a service that shows the project `completed` meanwhile.
const UNTOLD: &str = "storyreel cannot tell yet whether the service started this: the project could not be read just before it was sent, and it does not show the work under way. It keeps checking and shows the new video once it is there. If nothing changes within a few minutes, reload the page before sending it again.";

fn cause(e: &ApiError) -> &'static str {
    match e.kind {
        ErrorKind::Timeout => "no answer came in time",
        ErrorKind::Decode => "its answer could not be read",
        ErrorKind::Network => "the connection failed",
        _ => "it answered with an error",
    }
}
