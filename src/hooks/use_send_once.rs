//! One request per confirmation, for every action that spends credits or starts work (approve,
//! regenerate, upscale).
//!
//! `sent` is set before the request starts. A refusal (a 4xx) clears it: nothing was done. When
//! the request may have reached the service anyway (no answer, a timeout, a 5xx, an unreadable
//! success), it is never sent again by itself: the project is re-read, patiently, until it tells
//! whether the work began; only a project that shows no sign of it lets the person send again.

use crate::api::{ApiError, ApproveRequest, ErrorKind, Project, RegenerateRequest};
use crate::session::{use_session, Session};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Re-reads after an uncertain answer: soon, then less often, while the page stays open.
const RECHECK_MS: [u32; 5] = [1_000, 2_000, 4_000, 8_000, 15_000];

#[derive(Clone, Copy)]
pub struct SendOnce {
    pub sent: RwSignal<bool>,
    pub error: RwSignal<Option<String>>,
    project_id: i64,
    session: Session,
}

/// The work asked for. An enum, not a closure, so the wasm carries the send logic once.
pub enum Work {
    Approve(ApproveRequest),
    Regenerate(i64, RegenerateRequest),
    Upscale,
}

/// What the page does with an answer: the work began, or the service refused it.
pub struct Outcomes {
    pub started: Box<dyn FnOnce()>,
    pub refused: Box<dyn FnOnce(ApiError)>,
    /// Whether the project re-read after an uncertain answer shows that the work began, given the
    /// project as it was just before the request (when it could be read; never for approval).
    pub began: fn(Option<&Project>, &Project) -> bool,
    /// Said when a re-read shows it did not begin, e.g. "nothing was reserved; you can approve again".
    pub not_begun: &'static str,
}

pub fn use_send_once(project_id: i64) -> SendOnce {
    SendOnce { sent: RwSignal::new(false), error: RwSignal::new(None), project_id, session: use_session() }
}

impl SendOnce {
    pub fn send(self, work: Work, outcomes: Outcomes) {
        let Self { sent, error, project_id, session } = self;
        if sent.get_untracked() {
            return;
        }
        let client = match session.client() {
            Ok(client) => client,
            Err(e) => return error.set(Some(e.message)),
        };
        sent.set(true);
        error.set(None);
        spawn_local(async move {
            // What the project looked like before, so that work which began and even finished while
            // no answer came still shows as a change. Not for approval: the spec refuses it from any
            // status but proposed, so the status alone tells, and the paid path gains no request.
            let before = match work {
                Work::Approve(_) => None,
                _ => client.get_project(project_id).await.ok(),
            };
            let answer = match &work {
                Work::Approve(request) => client.approve_project(project_id, request).await,
                Work::Regenerate(scene_number, request) => {
                    client.regenerate_scene(project_id, *scene_number, request).await
                }
                Work::Upscale => client.upscale_project(project_id).await,
            };
            match answer {
                Ok(_) => (outcomes.started)(),
                // A 401 ends the session and unmounts the page: touch none of its signals.
                Err(e) if session.sign_out_if_rejected(&e) => {}
                Err(e) if e.may_have_landed() => {
                    error.set(Some(format!(
                        "storyreel could not confirm that the service received this ({}), so it is checking the project before anything is sent again.",
                        cause(&e)
                    )));
                    for (attempt, wait) in RECHECK_MS.iter().chain(std::iter::repeat(&15_000)).enumerate() {
                        TimeoutFuture::new(*wait).await;
                        // The page was closed: stop checking.
                        if sent.try_get_untracked().is_none() {
                            return;
                        }
                        match client.get_project(project_id).await {
                            Ok(p) if (outcomes.began)(before.as_ref(), &p) => return (outcomes.started)(),
                            Ok(_) => {
                                sent.set(false);
                                return error.set(Some(format!(
                                    "The project shows it did not start, so {}.",
                                    outcomes.not_begun
                                )));
                            }
                            Err(e) if session.sign_out_if_rejected(&e) => return,
                            Err(e) if attempt >= 1 => error.set(Some(e.after(
                                "storyreel still cannot tell whether the service received this and keeps checking",
                            ))),
                            Err(_) => {}
                        }
                    }
                }
                Err(e) => {
                    sent.set(false);
                    (outcomes.refused)(e);
                }
            }
        });
    }
}

fn cause(e: &ApiError) -> &'static str {
    match e.kind {
        ErrorKind::Timeout => "no answer came in time",
        ErrorKind::Decode => "its answer could not be read",
        ErrorKind::Network => "the connection failed",
        _ => "it answered with an error",
    }
}
