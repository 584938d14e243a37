//! `use_shared_status`: a project's status checked on the polling schedule (`use_poller`) by one of
//! the tabs that show it, the others taking its answers (`browser::shared_check`: a Web Lock chooses
//! the tab that asks, a BroadcastChannel carries its answers). The cross-tab protocol lives here;
//! `use_poller` only offers the `ahead` rule it plugs into.

use crate::api::{read_status, Project, StatusReport};
use crate::browser::shared_check;
use crate::domain::polling::{Ahead, Outcome};
use crate::hooks::{use_poller, Moment, Poller, UsePollerOptions};
use crate::session::{use_session, Failure};
use leptos::prelude::on_cleanup;

/// A status answer, and the project when it was read with it.
pub type StatusAnswer = Result<(StatusReport, Option<Project>), Failure>;

/// Checks project `id`'s status, shared with the other tabs of this sign-in that show it. While
/// `reading_project()` (work is followed), this tab reads the project with each status too, since
/// only the project carries the new addresses; `answered()` says this tab already shows an answer.
pub fn use_shared_status(
    id: i64,
    reading_project: impl Fn() -> bool + 'static,
    answered: impl Fn() -> bool + 'static,
    apply: impl Fn(StatusAnswer) -> Outcome + 'static,
) -> Poller<StatusAnswer> {
    let session = use_session();
    let shared = shared_check::join_project(&session.account_untracked(), id);
    let interval_ms = session.poll_interval_ms();
    let reading_project = std::rc::Rc::new(reading_project);
    let ahead = {
        let (shared, reading_project) = (shared.clone(), reading_project.clone());
        move |moment: Moment| {
            // Another tab's answer, older than this tab's own next one, is dropped.
            if reading_project() {
                shared.fresh();
                return Ahead::Check;
            }
            let heard = match moment {
                // Not due: another tab's answer is shown as it comes, and nothing else changes.
                Moment::NotDue => shared.fresh().map_or(Ahead::Check, Ahead::Take),
                // "Check now" asks the service, even in a tab that does not check.
                Moment::Asked => shared.turn(true, true, interval_ms),
                Moment::Due => shared.turn(answered(), false, interval_ms),
            };
            match heard {
                Ahead::Take(text) => read_status(&text).map_or(Ahead::Check, |r| Ahead::Take(Ok((r, None)))),
                Ahead::Check => Ahead::Check,
                Ahead::Wait(ms) => Ahead::Wait(ms),
            }
        }
    };
    let check = {
        let shared = shared.clone();
        move || {
            let with_project = reading_project();
            let shared = shared.clone();
            session.call(move |client| async move {
                let text = client.status_text(id).await?;
                let status = read_status(&text)?;
                shared.share(&text);
                let fresh = match with_project {
                    true => client.get_project(id).await.ok(),
                    false => None,
                };
                Ok((status, fresh))
            })
        }
    };
    let settled = {
        let shared = shared.clone();
        move |answer: StatusAnswer| {
            let outcome = apply(answer);
            // At rest, this tab no longer checks: the lock goes to a tab that still does.
            if matches!(outcome, Outcome::Finished | Outcome::GaveUp) {
                shared.step_down();
            }
            outcome
        }
    };
    let poller = use_poller(
        UsePollerOptions { interval_ms, pause_while_hidden: false, ahead: Some(Box::new(ahead)) },
        check,
        settled,
    );
    shared.on_news(move || poller.nudge());
    let shared = send_wrapper::SendWrapper::new(shared);
    on_cleanup(move || shared.close());
    poller
}
