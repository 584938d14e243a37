//! `use_listing`: the list the page shows for the filter in the address, read at once and then on
//! the polling schedule (one read of every page an interval while a project is under way), and shown
//! meanwhile from what this tab read last, or the start of it the device kept.

use super::read::{in_order, read_list, ListRead};
use crate::api::{Project, ProjectFilter};
use crate::browser::local_time::now_ms;
use crate::domain::account::same_person;
use crate::domain::last_known::{bounded_list, MAX_KEPT_LIST_BYTES};
use crate::domain::polling::{outcome_after_error, Outcome};
use crate::domain::project_list::any_in_motion;
use crate::hooks::{use_poller, Poller, UsePollerOptions};
use crate::session::{use_session, Failure};
use crate::stores::last_known;
use crate::stores::persons;
use leptos::prelude::*;
use std::cell::RefCell;
use std::sync::Arc;

/// The list as last read (every project once, newest first), and the filter it was read with (a list
/// for other filters is not shown); `kept_at` when it is one read before, not yet confirmed by the
/// service; `reading` while pages after the first are still coming; `stopped`, why they stopped early.
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    pub filter: ProjectFilter,
    /// Shared, not copied: the page and the tab's memory of it hold one list of thousands.
    pub projects: Arc<Vec<Project>>,
    pub kept_at: Option<u64>,
    pub reading: bool,
    pub stopped: Option<String>,
}

thread_local! {
    /// The whole list this tab read last, for whom (`Session::owner`) and when: a return from a
    /// project shows it at once, at the page and place the person left, where the device keeps only
    /// its first projects. Another account signed in in this tab never sees it.
    static LAST_READ: RefCell<Option<(String, Listing, u64)>> = const { RefCell::new(None) };
}

type Answer = Result<(ListRead, ProjectFilter), Failure>;

pub struct ListingState {
    pub listing: RwSignal<Option<Listing>>,
    /// Why the last read failed, until one succeeds.
    pub problem: RwSignal<Option<String>>,
    pub poller: Poller<Answer>,
}

pub fn use_listing(filter: Memo<ProjectFilter>) -> ListingState {
    let session = use_session();
    // Shown at once: the list this tab read last with this filter, else the start of the one this
    // device kept, until the service answers.
    let start = filter.get_untracked();
    let reader = session.owner();
    let kept = LAST_READ
        .with_borrow(|last| last.clone().filter(|(o, l, _)| l.filter == start && same_person(Some(o), &reader)))
        .map(|(_, l, at)| Listing { kept_at: Some(at), reading: false, ..l })
        .or_else(|| {
            last_known::list(&start).map(|kept| Listing {
                filter: start.clone(),
                projects: Arc::new(in_order(kept.value)),
                kept_at: Some(kept.at_ms),
                reading: false,
                stopped: None,
            })
        });
    let listing = RwSignal::new(kept);
    let problem = RwSignal::new(None::<String>);

    // One schedule for the page: reads at once, then every interval while a project is under way,
    // paused while the tab is hidden. Each read asks for the filter in the address at that moment.
    let poller = use_poller(
        UsePollerOptions { interval_ms: session.poll_interval_ms(), pause_while_hidden: true, ahead: None },
        move || {
            let asked = filter.get_untracked();
            // The first of several pages is shown as it comes, unless the person has moved on, or the
            // page already shows more of this list (read before, or last interval): a person on its
            // fortieth page is not thrown back to the second while the rest is read again.
            let first_page = {
                let asked = asked.clone();
                move |projects: Vec<Project>| {
                    // Known at once: a person who goes to the story form while the rest is read finds them.
                    persons::see(&projects);
                    let fuller = listing.with_untracked(|shown| {
                        shown.as_ref().is_some_and(|l| l.filter == asked && l.projects.len() > projects.len())
                    });
                    if !fuller && filter.try_with_untracked(|now| *now == asked) == Some(true) {
                        let stopped = None;
                        listing.set(Some(Listing {
                            filter: asked.clone(),
                            projects: Arc::new(projects),
                            kept_at: None,
                            reading: true,
                            stopped,
                        }));
                    }
                }
            };
            session.call(move |client| async move { Ok((read_list(client, asked.clone(), first_page).await?, asked)) })
        },
        move |answer: Result<(ListRead, ProjectFilter), Failure>| match answer {
            Ok((ListRead { projects, first_text, stopped }, filter)) => {
                // The device keeps the start of the list for the next start: a screenful and more, never
                // the whole of a long one, which would fill its storage.
                if let Some(text) = bounded_list(&first_text, MAX_KEPT_LIST_BYTES) {
                    last_known::keep_list(&filter, &text);
                }
                // Kept with the names, for the story form and the filter's next visit, which read no list.
                persons::see(&projects);
                let outcome = match stopped.is_some() || any_in_motion(&projects) {
                    true => Outcome::Answered,
                    false => Outcome::Finished,
                };
                problem.set(None);
                let fresh = Listing { filter, projects: Arc::new(projects), kept_at: None, reading: false, stopped };
                LAST_READ.set(Some((reader.clone(), fresh.clone(), now_ms())));
                listing.set(Some(fresh));
                outcome
            }
            Err(Failure::SignedOut) => Outcome::GaveUp,
            Err(Failure::Show(e)) => {
                problem.set(Some(e.message.clone()));
                outcome_after_error(&e)
            }
        },
    );
    // Another filter is a new list: a fresh schedule, and an error about the old list would only mislead.
    // Not `use_effect`: the poller has already read the first filter, so this runs on changes only.
    Effect::watch(
        move || filter.get(),
        move |_, _, _| {
            problem.set(None);
            poller.restart();
        },
        false,
    );

    ListingState { listing, problem, poller }
}
