//! `use_poller`: drives a pure `PollSchedule` in the browser, in the style of leptos-use's
//! `use_interval_fn`. It owns one gloo-timers timeout, the tab-visibility listener and their
//! cleanup; an answer that arrives after its owner is gone, or after a restart, is dropped unread.

use crate::browser::local_time::now_ms;
use crate::browser::visibility;
pub use crate::domain::polling::Ahead;
use crate::domain::polling::{timer_ms, Outcome, PollSchedule};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::{Rc, Weak};

pub struct UsePollerOptions<T> {
    pub interval_ms: u64,
    /// No checks while the tab is hidden (a list nobody looks at); otherwise checks go on and the
    /// tab coming back into view only re-checks a stale answer at once.
    pub pause_while_hidden: bool,
    /// Asked before each check, and on a `nudge`: whether to check, to take an answer that came
    /// another way at once, or, when due, to wait (until a `nudge`, or the time given). What the other
    /// way is, is the caller's (`use_shared_status`: another tab's answers).
    pub ahead: Option<Box<dyn Fn(Moment) -> Ahead<T>>>,
}

/// When `UsePollerOptions::ahead` is asked.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// On a `nudge`, with no check due.
    NotDue,
    /// The schedule's check is due.
    Due,
    /// The person asked for a check ("Check now", "Read again").
    Asked,
}

/// What a view shows of the schedule: "checked 12 s ago · next check in 18 s", reconnecting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PollState {
    pub last_answer_at: Option<u64>,
    pub next_at: Option<u64>,
    pub in_flight: bool,
    /// The check under way is the person's ("Check now").
    pub asked: bool,
    pub reconnecting: bool,
    pub rate_limited: bool,
    /// Until when the service asked not to be asked (the person's check waits till then).
    pub wait_until: Option<u64>,
}

impl From<&PollSchedule> for PollState {
    fn from(s: &PollSchedule) -> Self {
        Self {
            last_answer_at: s.last_answer_at(),
            next_at: s.next_at(),
            in_flight: s.in_flight(),
            asked: s.asked_in_flight(),
            reconnecting: s.reconnecting(),
            rate_limited: s.rate_limited(),
            wait_until: s.wait_until(),
        }
    }
}

/// The handle `use_poller` gives back; `Copy`, so views and callbacks take it freely.
pub struct Poller<T: 'static> {
    run: StoredValue<Rc<Run<T>>, LocalStorage>,
    pub state: ReadSignal<PollState>,
}

impl<T> Clone for Poller<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Poller<T> {}

impl<T: 'static> Poller<T> {
    /// "Check now": at once, unless a check is under way or the service asked to wait.
    pub fn check_now(&self) {
        self.with_round(|round| {
            let started = round.schedule.borrow_mut().check_now(now_ms());
            started.then(|| tick_when(round, Moment::Asked));
        });
    }

    /// Reads at once, also after the schedule finished; not while a check is under way, not before
    /// a `Retry-After` has passed.
    pub fn read_again(&self) {
        self.with_round(|round| {
            let started = round.schedule.borrow_mut().read_again(now_ms());
            started.then(|| tick_when(round, Moment::Asked));
        });
    }

    /// Something the `ahead` rule goes by changed (an answer came another way): it is asked again at
    /// once; an answer it gives is taken, due or not.
    pub fn nudge(&self) {
        self.with_round(tick);
    }

    /// A fresh schedule (first check at once) for what the checks now ask about; an answer to the
    /// old one is dropped.
    pub fn restart(&self) {
        if let Some(run) = self.run.try_get_value() {
            run.start();
        }
    }

    fn with_round(&self, f: impl FnOnce(&Rc<Round<T>>)) {
        if let Some(round) = self.run.try_get_value().and_then(|run| run.round.borrow().clone()) {
            f(&round);
        }
    }
}

type Check<T> = Box<dyn Fn() -> Pin<Box<dyn Future<Output = T>>>>;

/// What stays across restarts: how to check and what to do with an answer.
struct Run<T> {
    interval_ms: u64,
    /// Sends one request; called only when the schedule allows, so never twice at once.
    check: Check<T>,
    /// Takes an answer in and says what it means for the schedule.
    apply: Box<dyn Fn(T) -> Outcome>,
    ahead: Option<Box<dyn Fn(Moment) -> Ahead<T>>>,
    state: WriteSignal<PollState>,
    round: RefCell<Option<Rc<Round<T>>>>,
}

/// One schedule, from its first check until it is stopped or replaced.
struct Round<T> {
    run: Weak<Run<T>>,
    schedule: RefCell<PollSchedule>,
    timer: RefCell<Option<Timeout>>,
    alive: Cell<bool>,
}

impl<T: 'static> Run<T> {
    fn start(self: &Rc<Self>) {
        self.stop();
        let round = Rc::new(Round {
            run: Rc::downgrade(self),
            schedule: RefCell::new(PollSchedule::new(self.interval_ms, now_ms())),
            timer: RefCell::new(None),
            alive: Cell::new(true),
        });
        *self.round.borrow_mut() = Some(round.clone());
        tick(&round);
    }

    fn stop(&self) {
        if let Some(round) = self.round.borrow_mut().take() {
            round.alive.set(false);
            round.schedule.borrow_mut().stop();
            round.timer.borrow_mut().take();
        }
    }

    fn current(&self) -> Option<Rc<Round<T>>> {
        self.round.borrow().clone()
    }

    fn became_visible(&self) {
        let Some(round) = self.current() else { return };
        if round.schedule.borrow_mut().became_visible(now_ms()) {
            tick(&round);
        } else {
            // A pause may have let the timer lapse: set it again for the check still due.
            arm(&round);
        }
        self.state.set(PollState::from(&*round.schedule.borrow()));
    }

    fn pause(&self) {
        let Some(round) = self.current() else { return };
        round.schedule.borrow_mut().pause();
        round.timer.borrow_mut().take();
        self.state.set(PollState::from(&*round.schedule.borrow()));
    }
}

/// Checks at once, then as the schedule says, until the calling component goes away.
pub fn use_poller<T, F>(
    options: UsePollerOptions<T>,
    check: impl Fn() -> F + 'static,
    apply: impl Fn(T) -> Outcome + 'static,
) -> Poller<T>
where
    T: 'static,
    F: Future<Output = T> + 'static,
{
    let (state, set_state) = signal(PollState::default());
    let run = Rc::new(Run {
        interval_ms: options.interval_ms,
        check: Box::new(move || Box::pin(check())),
        apply: Box::new(apply),
        ahead: options.ahead,
        state: set_state,
        round: RefCell::new(None),
    });
    run.start();
    if options.pause_while_hidden {
        if visibility::is_hidden() {
            // Opened in a background tab: the first read lands, the next waits until the tab is seen.
            run.pause();
        }
        let run = run.clone();
        visibility::on_change(move |visible| if visible { run.became_visible() } else { run.pause() });
    } else {
        let run = run.clone();
        visibility::on_change(move |visible| {
            if visible {
                run.became_visible()
            }
        });
    }
    let stored = StoredValue::new_local(run);
    on_cleanup(move || {
        if let Some(run) = stored.try_get_value() {
            run.stop();
        }
    });
    Poller { run: stored, state }
}

fn tick<T: 'static>(round: &Rc<Round<T>>) {
    tick_when(round, Moment::Due);
}

/// Checks if the schedule says a check is due (`Moment::Due` is then what `ahead` is told, or
/// `moment` if the person asked), or takes what `ahead` offers.
fn tick_when<T: 'static>(round: &Rc<Round<T>>, moment: Moment) {
    let Some(run) = round.run.upgrade() else { return };
    round.timer.borrow_mut().take();
    let due = round.schedule.borrow().next_delay(now_ms()) == Some(0);
    let moment = if due { moment } else { Moment::NotDue };
    let ahead = run.ahead.as_ref().map_or(Ahead::Check, |ahead| ahead(moment));
    if let Ahead::Take(answer) = ahead {
        // As "Check now": never for a schedule that came to rest (an answer that came another way after
        // the one that finished it is older, and would undo it).
        let taken = {
            let mut schedule = round.schedule.borrow_mut();
            schedule.due_at_once(now_ms()) && schedule.begin(now_ms())
        };
        return if taken { settle(round, &run, answer) } else { arm(round) };
    }
    if let (Ahead::Wait(ms), true) = (&ahead, due) {
        // Still due, and not in flight: "Check now" stays open meanwhile.
        return arm_in(round, *ms);
    }
    if !round.schedule.borrow_mut().begin(now_ms()) {
        arm(round);
        return;
    }
    run.state.set(PollState::from(&*round.schedule.borrow()));
    let request = (run.check)();
    let weak = Rc::downgrade(round);
    wasm_bindgen_futures::spawn_local(async move {
        let answer = request.await;
        let Some(round) = weak.upgrade().filter(|r| r.alive.get()) else { return };
        let Some(run) = round.run.upgrade() else { return };
        settle(&round, &run, answer);
    });
}

fn settle<T: 'static>(round: &Rc<Round<T>>, run: &Run<T>, answer: T) {
    let outcome = (run.apply)(answer);
    round.schedule.borrow_mut().finish(now_ms(), outcome);
    // Giving up may mean the page is being taken down (a 401): leave its state alone.
    if round.alive.get() && outcome != Outcome::GaveUp {
        run.state.set(PollState::from(&*round.schedule.borrow()));
        arm(round);
    }
}

fn arm<T: 'static>(round: &Rc<Round<T>>) {
    if let Some(delay) = round.schedule.borrow().next_delay(now_ms()) {
        arm_in(round, delay);
    }
}

fn arm_in<T: 'static>(round: &Rc<Round<T>>, delay: u64) {
    let weak = Rc::downgrade(round);
    // Capped (`timer_ms`): a longer delay given to the browser as is would fire at once, and spin.
    let timeout = Timeout::new(timer_ms(delay), move || {
        if let Some(round) = weak.upgrade() {
            tick(&round);
        }
    });
    *round.timer.borrow_mut() = Some(timeout);
}
