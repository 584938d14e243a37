//! `use_paid_actions`: the paid actions of one project's page (approve, regenerate, upscale), one
//! request per confirmation across clicks, retries, reloads and tabs. When an action may be sent, and
//! when it has been shown, is `domain::paid_action`'s to say; this hook keeps its record
//! (`browser::unconfirmed`) before the request leaves, ends it on the service's answer, and while an
//! answer that did not tell leaves it standing, re-reads the project on the poll schedule until the
//! project shows the work or the work's usual time has passed.
//!
//! One a page (it re-reads the project for all of them): the page creates it and hands it to each
//! paid control. Every tab showing the project hears the record come and go.

use crate::api::{ApiError, Client, ErrorKind, Project};
use crate::browser::local_time::{local_clock, now_ms};
use crate::browser::storage::{self, Persistence};
use crate::browser::tabs;
use crate::domain::follow_up::FollowUp;
use crate::domain::paid_action::{recheck_ms, Answered, Paid, Standing, Unconfirmed};
use crate::domain::spending::{approval, regeneration};
use crate::session::{use_session, Failure, Session};
use crate::stores::{follow_ups, spending, unconfirmed};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::future::Future;
use std::pin::Pin;

type Request = Box<dyn FnOnce(Client) -> Pin<Box<dyn Future<Output = Result<(), ApiError>>>>>;

/// What a tab's own sending does once its action is shown.
type OnShown = Box<dyn FnOnce()>;

#[derive(Clone, Copy)]
pub struct PaidActions {
    /// The record standing for this project, this tab's or another's, as storage holds it.
    record: RwSignal<Option<Unconfirmed>>,
    /// Whether that record's usual time has passed with nothing shown.
    lapsed: RwSignal<bool>,
    /// This tab's own request is under way.
    sending: RwSignal<bool>,
    /// A re-reading of the project is under way in this tab.
    checking: StoredValue<bool>,
    /// What this tab's own sending does once its action is shown (the dialog closes, the page moves
    /// on), by the record's moment of sending.
    started: StoredValue<Option<(u64, OnShown)>, LocalStorage>,
    /// What the page does when a record ends with the work shown, in any tab: follows the work, or
    /// reads the project again.
    shown: Callback<Option<FollowUp>>,
    project_id: i64,
    session: Session,
}

/// What the page does with an answer to its own request: the work began, or the service refused it;
/// and, when it asks, that the answer did not tell (the record stands, and the project is re-read).
pub struct Outcomes {
    pub started: Box<dyn FnOnce()>,
    pub refused: Box<dyn FnOnce(ApiError)>,
    pub unsure: Option<Box<dyn FnOnce()>>,
}

/// `shown` is called in every tab showing the project when a record of it ends with the work shown,
/// with the work to follow (an upscale, a regeneration) when there is one.
pub fn use_paid_actions(project_id: i64, shown: Callback<Option<FollowUp>>) -> PaidActions {
    let session = use_session();
    unconfirmed::keep_copies_of_other_tabs_records();
    // A sign-in for this tab alone has only the records it was told of: it asks the account's others.
    if storage::home() == Some(Persistence::Tab) {
        unconfirmed::ask_other_tabs();
    }
    let record = unconfirmed::load(project_id);
    let lapsed = record.as_ref().is_some_and(|r| r.lapsed(now_ms()));
    let paid = PaidActions {
        record: RwSignal::new(record),
        lapsed: RwSignal::new(lapsed),
        sending: RwSignal::new(false),
        checking: StoredValue::new(false),
        started: StoredValue::new_local(None),
        shown,
        project_id,
        session,
    };
    let hearing = tabs::hear(move |news| {
        if !paid.record.is_disposed() && unconfirmed::touched(news, project_id) {
            paid.reread_record();
        }
    });
    on_cleanup(move || tabs::stop_hearing(hearing));
    paid.check_while_standing();
    paid
}

impl PaidActions {
    /// Whether a paid action may be offered now: nothing sent here is under way, and no record stands
    /// but one whose usual time has passed.
    pub fn offered(self) -> bool {
        !self.sending.get() && (self.record.with(Option::is_none) || self.lapsed.get())
    }

    /// For a dialog's confirm button: not while anything sent on this project awaits its answer.
    pub fn busy(self) -> Signal<bool> {
        Signal::derive(move || !self.offered())
    }

    /// What the page says of a standing record: what was sent when, and what happens next.
    pub fn notice(self) -> Signal<Option<String>> {
        Signal::derive(move || {
            let lapsed = self.lapsed.get();
            self.record.with(|r| {
                let r = r.as_ref()?;
                let sent = local_clock(r.sent_at);
                Some(if lapsed { r.lapsed_text(&sent) } else { r.waiting_text(&sent) })
            })
        })
    }

    /// Said in a paid dialog while a lapsed record stands: sending again may be charged twice.
    pub fn warning(self) -> Signal<Option<String>> {
        Signal::derive(move || {
            let lapsed = self.lapsed.get();
            self.record.with(|r| r.as_ref().filter(|_| lapsed).map(|r| r.resend_warning(&local_clock(r.sent_at))))
        })
    }

    /// Sends `request` (given the signed-in person's client) unless a paid action on this project may
    /// not be sent now (then false, and no outcome comes). `error` is where the dialog says what became of it.
    pub fn send<F>(
        self,
        paid: Paid,
        title: &str,
        request: impl FnOnce(Client) -> F + 'static,
        outcomes: Outcomes,
        error: RwSignal<Option<String>>,
    ) -> bool
    where
        F: Future<Output = Result<(), ApiError>> + 'static,
    {
        // Boxed, so that the wasm carries the send logic once, not once per page that sends.
        self.send_boxed(paid, title, Box::new(move |client| Box::pin(request(client))), outcomes, error)
    }

    fn send_boxed(
        self,
        paid: Paid,
        title: &str,
        request: Request,
        outcomes: Outcomes,
        error: RwSignal<Option<String>>,
    ) -> bool {
        // Storage first, as another tab may have sent meanwhile.
        self.reread_record();
        if !self.offered_untracked() {
            return false;
        }
        // Before anything is awaited, so that a second click in the same turn already finds it sent;
        // and kept before the request leaves, so a reload or another tab finds it too.
        let Self { record, sending, started, project_id, session, .. } = self;
        let mut sent = Unconfirmed::new(paid, now_ms(), title);
        sending.set(true);
        error.set(None);
        unconfirmed::save(project_id, &sent);
        record.set(Some(sent.clone()));
        self.lapsed.set(false);
        started.set_value(Some((sent.sent_at, outcomes.started)));
        spawn_local(async move {
            if paid.reads_before() {
                if let Ok(before) = read_project(session, project_id).await {
                    if sent.compare_with(&before)
                        && unconfirmed::load(project_id).is_some_and(|r| r.sent_at == sent.sent_at)
                    {
                        unconfirmed::save(project_id, &sent);
                    }
                }
            }
            let answer = match session.call(request).await {
                Ok(()) => Ok(()),
                // The session ended and the page is going away: touch none of its signals. A 401 refused
                // the request (nothing was done), and the person's things stay for their return: the
                // record ends. An answer dropped because the sign-in ended elsewhere may have landed:
                // its record stays (a sign-out removes it with everything else).
                Err(Failure::SignedOut) => {
                    if storage::home().is_some() {
                        self.end(&sent);
                    }
                    return;
                }
                Err(Failure::Show(e)) => Err(e),
            };
            sending.try_set(false);
            match (Answered::from(&answer), answer) {
                (Answered::Took, _) => self.confirm(&sent),
                (Answered::Refused, Err(e)) => {
                    self.end(&sent);
                    started.try_update_value(|s| s.take());
                    (outcomes.refused)(e);
                }
                // Another tab saw the work shown (and ended the record) while this one waited for its answer.
                (_, _) if unconfirmed::load(project_id).is_none_or(|r| r.sent_at != sent.sent_at) => {
                    self.record.try_set(None);
                    self.ended_elsewhere(sent);
                }
                (_, answer) => {
                    let cause = answer.err().map_or("", |e| cause(&e));
                    error.try_set(Some(format!(
                        "storyreel could not confirm that the service received this ({cause}), so nothing that spends credits is sent on this project until the project shows it. {}",
                        self.notice().get_untracked().unwrap_or_default()
                    )));
                    self.check_while_standing();
                    if let Some(unsure) = outcomes.unsure {
                        unsure();
                    }
                }
            }
        });
        true
    }

    fn offered_untracked(self) -> bool {
        untrack(|| self.offered())
    }

    /// Takes the record as storage holds it now (another tab may have changed it). One that went
    /// while this tab waited for it was ended by the tab that saw the work shown.
    fn reread_record(self) {
        let now = unconfirmed::load(self.project_id);
        let was = self.record.get_untracked();
        if now == was {
            return;
        }
        self.lapsed.set(now.as_ref().is_some_and(|r| r.lapsed(now_ms())));
        self.record.set(now.clone());
        match (was, now) {
            (Some(was), None) if !self.sending.get_untracked() => self.ended_elsewhere(was),
            (_, Some(_)) => self.check_while_standing(),
            _ => {}
        }
    }

    /// The service took the action on, by its answer or as the project shows: the record ends, the
    /// ledger notes the charge (once, whichever tab notes it), and the work is followed.
    fn confirm(self, sent: &Unconfirmed) {
        let charge = match sent.paid {
            Paid::Approve { scenes } => Some(approval(scenes, sent.sent_at)),
            Paid::Regenerate { scene_number, video } => Some(regeneration(scene_number, video, sent.sent_at)),
            Paid::Upscale => None,
        };
        if let Some(charge) = charge {
            spending::charge(self.project_id, (!sent.title.is_empty()).then_some(sent.title.as_str()), charge);
        }
        // Saved before the record goes, so the tabs that see it go find the work to follow.
        if let Some(work) = &sent.follow {
            follow_ups::save(self.project_id, work);
        }
        self.end(sent);
        self.after_shown(sent, sent.follow.clone());
    }

    /// The record ends, unless it is already another (sent again after it lapsed).
    fn end(self, sent: &Unconfirmed) {
        if unconfirmed::load(self.project_id).is_some_and(|r| r.sent_at == sent.sent_at) {
            unconfirmed::clear(self.project_id);
        }
        // The page may be gone meanwhile.
        self.record.try_maybe_update(|r| {
            let ends = r.as_ref().is_some_and(|r| r.sent_at == sent.sent_at);
            if ends {
                *r = None;
            }
            (ends, ())
        });
        self.sending.try_set(false);
    }

    /// A record another tab ended, with the work shown or refused. Shown, that tab kept the work to
    /// follow; when it has seen the work through already and dropped it (a regeneration whose new video
    /// came with the first sign of it), only the project tells which: this tab follows the work too,
    /// and says it is done, rather than reading the project again in silence.
    fn ended_elsewhere(self, was: Unconfirmed) {
        let kept = follow_ups::load(self.project_id);
        if kept.is_some() || was.follow.is_none() {
            return self.after_shown(&was, kept);
        }
        let Self { session, project_id, .. } = self;
        spawn_local(async move {
            let shown = read_project(session, project_id).await.is_ok_and(|now| was.shown_by(&now));
            self.after_shown(&was, if shown { was.follow.clone() } else { None });
        });
    }

    fn after_shown(self, sent: &Unconfirmed, work: Option<FollowUp>) {
        if let Some(started) = self.started.try_update_value(|s| s.take_if(|(at, _)| *at == sent.sent_at)).flatten() {
            (started.1)();
        }
        if !self.record.is_disposed() {
            self.shown.run(work);
        }
    }

    /// While a record stands and this tab has no answer of its own to wait for, re-reads the project:
    /// soon, then on the poll schedule, until the project shows the work. Past the usual time it
    /// goes on checking (the work may still come) and the page offers to send again.
    fn check_while_standing(self) {
        if self.checking.try_get_value() != Some(false) || self.record.with_untracked(Option::is_none) {
            return;
        }
        self.checking.set_value(true);
        let Self { session, project_id, .. } = self;
        let interval_ms = session.poll_interval_ms();
        spawn_local(async move {
            let (mut attempt, mut following) = (0, None);
            loop {
                TimeoutFuture::new(recheck_ms(attempt, interval_ms)).await;
                attempt = attempt.saturating_add(1);
                // The page was closed, or the record ended: stop checking.
                if self.record.is_disposed() || self.record.with_untracked(Option::is_none) {
                    break;
                }
                if self.sending.get_untracked() {
                    continue;
                }
                let read = read_project(session, project_id).await;
                let (Ok(project), Some(mut standing)) = (read, unconfirmed::load(project_id)) else {
                    if self.record.is_disposed() {
                        break;
                    }
                    continue;
                };
                // A record sent again after it lapsed is re-read soon again, as the first was.
                if following.replace(standing.sent_at).is_some_and(|at| at != standing.sent_at) {
                    attempt = 1;
                }
                if standing.compare_with(&project) {
                    unconfirmed::save(project_id, &standing);
                }
                match standing.judge(&project, now_ms()) {
                    Standing::Shown => {
                        self.confirm(&standing);
                        break;
                    }
                    judged => {
                        self.lapsed.try_set(judged == Standing::Lapsed);
                    }
                }
            }
            self.checking.try_set_value(false);
        });
    }
}

/// The project as the service holds it now, to compare with the record.
fn read_project(session: Session, id: i64) -> impl Future<Output = Result<Project, Failure>> {
    session.call(move |c: Client| async move { c.get_project(id).await })
}

fn cause(e: &ApiError) -> &'static str {
    match e.kind {
        ErrorKind::Timeout => "no answer came in time",
        ErrorKind::Decode => "its answer could not be read",
        ErrorKind::Network => "the connection failed",
        _ => "it answered with an error",
    }
}
