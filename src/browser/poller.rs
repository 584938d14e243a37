//! Drives a `PollSchedule` in the browser with a single gloo-timers timeout. The owner stops it
//! when it goes away; an answer that arrives after that is dropped unread, so nothing touches a
//! page that no longer exists.

use crate::domain::polling::{Outcome, PollSchedule};
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::{Rc, Weak};

type Check<T> = Box<dyn Fn() -> Pin<Box<dyn Future<Output = T>>>>;

pub struct Poller<T: 'static> {
    inner: Rc<Inner<T>>,
}

struct Inner<T> {
    schedule: RefCell<PollSchedule>,
    timer: RefCell<Option<Timeout>>,
    alive: Cell<bool>,
    /// Sends one request; runs only when the schedule allows, so never twice at once.
    check: Check<T>,
    /// Takes the answer in while the owner is alive and says what it means for the schedule.
    apply: Box<dyn Fn(T) -> Outcome>,
    /// Told every time the schedule changes, for "next check in 18 s".
    on_change: Box<dyn Fn(&PollSchedule)>,
}

pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

impl<T: 'static> Poller<T> {
    /// Checks at once, then as the schedule says.
    pub fn start<F>(interval_ms: u64, check: impl Fn() -> F + 'static, apply: impl Fn(T) -> Outcome + 'static, on_change: impl Fn(&PollSchedule) + 'static) -> Self
    where
        F: Future<Output = T> + 'static,
    {
        let inner = Rc::new(Inner {
            schedule: RefCell::new(PollSchedule::new(interval_ms, now_ms())),
            timer: RefCell::new(None),
            alive: Cell::new(true),
            check: Box::new(move || Box::pin(check())),
            apply: Box::new(apply),
            on_change: Box::new(on_change),
        });
        tick(&inner);
        Self { inner }
    }

    pub fn check_now(&self) {
        let started = self.inner.schedule.borrow_mut().check_now(now_ms());
        if started {
            tick(&self.inner);
        }
    }

    /// Reads at once, also after the schedule finished; not once stopped, not while a check is
    /// under way, not before a `Retry-After` has passed.
    pub fn read_again(&self) {
        if !self.inner.alive.get() {
            return;
        }
        let started = self.inner.schedule.borrow_mut().read_again(now_ms());
        if started {
            tick(&self.inner);
        }
    }

    pub fn became_visible(&self) {
        let started = self.inner.schedule.borrow_mut().became_visible(now_ms());
        if started {
            tick(&self.inner);
        } else {
            // A pause may have let the timer lapse: set it again for the check still due.
            arm(&self.inner);
        }
        (self.inner.on_change)(&self.inner.schedule.borrow());
    }

    /// No checks while the tab is hidden, until `became_visible`.
    pub fn pause(&self) {
        self.inner.schedule.borrow_mut().pause();
        self.inner.timer.borrow_mut().take();
        (self.inner.on_change)(&self.inner.schedule.borrow());
    }

    pub fn stop(&self) {
        self.inner.alive.set(false);
        self.inner.schedule.borrow_mut().stop();
        self.inner.timer.borrow_mut().take();
    }
}

fn tick<T: 'static>(inner: &Rc<Inner<T>>) {
    inner.timer.borrow_mut().take();
    if !inner.schedule.borrow_mut().begin(now_ms()) {
        arm(inner);
        return;
    }
    (inner.on_change)(&inner.schedule.borrow());
    let request = (inner.check)();
    let weak = Rc::downgrade(inner);
    wasm_bindgen_futures::spawn_local(async move {
        let answer = request.await;
        let Some(inner) = weak.upgrade().filter(|i| i.alive.get()) else { return };
        let outcome = (inner.apply)(answer);
        inner.schedule.borrow_mut().finish(now_ms(), outcome);
        // Giving up may mean the page is being taken down (a 401): leave its state alone.
        if inner.alive.get() && outcome != Outcome::GaveUp {
            (inner.on_change)(&inner.schedule.borrow());
            arm(&inner);
        }
    });
}

fn arm<T: 'static>(inner: &Rc<Inner<T>>) {
    let Some(delay) = inner.schedule.borrow().next_delay(now_ms()) else { return };
    let weak: Weak<Inner<T>> = Rc::downgrade(inner);
    let timeout = Timeout::new(delay.min(u64::from(u32::MAX)) as u32, move || {
        if let Some(inner) = weak.upgrade() {
            tick(&inner);
        }
    });
    *inner.timer.borrow_mut() = Some(timeout);
}
