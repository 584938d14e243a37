//! The browser side of `domain::shared_status`: a Web Lock chooses the tab that checks a project's
//! status, a BroadcastChannel carries the text of its answers to the other tabs. Where the browser
//! lacks either, every tab checks for itself, as it did before.
//!
//! A tab posts its answers only once it knows another tab is there: each says `HELLO` as it joins and
//! is answered `HERE`. Alone (the usual case), a tab spends nothing on copying each answer to nobody
//! (in a profile of the benchmark's status answers: about 5% of one update's main-thread time).

use crate::browser::local_time::now_ms;
use crate::domain::polling::Ahead;
use crate::domain::shared_status::{channel_name, next_turn, AtTurn, Turn};
use js_sys::{Function, Object, Promise, Reflect};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use web_sys::{AbortController, BroadcastChannel, MessageEvent};

/// What a tab says on the channel besides answers (which are text): that it joined, and the reply.
const HELLO: bool = true;
const HERE: bool = false;

/// The lock this tab asked for: queued until granted, then held until released.
struct Lock {
    abort: AbortController,
    release: RefCell<Option<Function>>,
}

struct Inner {
    name: String,
    /// None where the browser has no BroadcastChannel or no Web Locks: every tab checks.
    channel: Option<BroadcastChannel>,
    /// Kept as long as the channel may call it.
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    on_news: RefCell<Option<Rc<dyn Fn()>>>,
    lock: RefCell<Option<Rc<Lock>>>,
    holds: Cell<bool>,
    /// The newest answer from another tab, until taken.
    latest: RefCell<Option<String>>,
    /// Another tab was heard on the channel: answers are worth posting.
    company: Cell<bool>,
    waiting_since: Cell<Option<u64>>,
}

/// One tab's part in a project's shared checks; `Clone` shares it. `close` when the page goes.
#[derive(Clone)]
pub struct SharedCheck(Rc<Inner>);

fn locks() -> Option<JsValue> {
    let navigator = Reflect::get(&web_sys::window()?.into(), &"navigator".into()).ok()?;
    Reflect::get(&navigator, &"locks".into()).ok().filter(JsValue::is_object)
}

/// Joins the checks of project `project_id` for `account` (this tab's sign-in, `Session::account`).
pub fn join_project(account: &str, project_id: i64) -> SharedCheck {
    let name = channel_name(account, project_id);
    let channel = locks().and_then(|_| BroadcastChannel::new(&name).ok());
    let inner = Rc::new_cyclic(|weak: &Weak<Inner>| {
        let weak = weak.clone();
        let on_message = channel.as_ref().map(|channel| {
            let heard = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let Some(inner) = weak.upgrade() else { return };
                inner.company.set(true);
                let data = event.data();
                if let Some(text) = data.as_string() {
                    *inner.latest.borrow_mut() = Some(text);
                    inner.tell();
                } else if data.as_bool() == Some(HELLO) {
                    inner.say(HERE);
                }
            });
            channel.set_onmessage(Some(heard.as_ref().unchecked_ref()));
            heard
        });
        Inner {
            name,
            channel,
            _on_message: on_message,
            on_news: RefCell::new(None),
            lock: RefCell::new(None),
            holds: Cell::new(false),
            latest: RefCell::new(None),
            company: Cell::new(false),
            waiting_since: Cell::new(None),
        }
    });
    inner.say(HELLO);
    SharedCheck(inner)
}

impl Inner {
    fn say(&self, word: bool) {
        if let Some(channel) = &self.channel {
            let _ = channel.post_message(&JsValue::from_bool(word));
        }
    }

    fn tell(&self) {
        // Taken out first: what it sets off may close this very check (an answer that moves the page on).
        let news = self.on_news.borrow().clone();
        if let Some(news) = news {
            news();
        }
    }
}

impl SharedCheck {
    /// Called when another tab's answer comes or this tab becomes the one that checks.
    pub fn on_news(&self, news: impl Fn() + 'static) {
        *self.0.on_news.borrow_mut() = Some(Rc::new(news));
    }

    /// This tab's check is due (`asked`: the person pressed "Check now"): ask the service, take
    /// another tab's answer (its text), or wait (`on_news` is told sooner if an answer or the lock
    /// comes), by `domain::shared_status::next_turn`. Queues for the lock first, if not queued already.
    pub fn turn(&self, shown: bool, asked: bool, interval_ms: u64) -> Ahead<String> {
        let inner = &self.0;
        if inner.channel.is_none() {
            return Ahead::Check;
        }
        self.enlist();
        let now = now_ms();
        let since = inner.waiting_since.get().unwrap_or(now);
        let fresh = inner.latest.borrow().is_some();
        let at = AtTurn { checks: inner.holds.get(), asked, shown, fresh, waited_ms: now.saturating_sub(since) };
        let turn = next_turn(at, interval_ms);
        if let Turn::Wait(ms) = turn {
            inner.waiting_since.set(Some(since));
            return Ahead::Wait(ms);
        }
        inner.waiting_since.set(None);
        // An answer older than the service's, once this tab asks, is never taken after it.
        match (turn, inner.latest.borrow_mut().take()) {
            (Turn::Take, Some(text)) => Ahead::Take(text),
            _ => Ahead::Check,
        }
    }

    /// Another tab's answer not yet taken, taken now.
    pub fn fresh(&self) -> Option<String> {
        self.0.latest.borrow_mut().take()
    }

    /// Gives the other tabs, if any was heard, the text of an answer this tab read from the service.
    pub fn share(&self, text: &str) {
        match &self.0.channel {
            Some(channel) if self.0.company.get() => {
                let _ = channel.post_message(&JsValue::from_str(text));
            }
            _ => {}
        }
    }

    /// Queues for the lock; when granted, this tab checks until it `step_down`s or closes.
    fn enlist(&self) {
        let inner = &self.0;
        if inner.lock.borrow().is_some() {
            return;
        }
        let (Some(locks), Ok(abort)) = (locks(), AbortController::new()) else { return };
        let lock = Rc::new(Lock { abort, release: RefCell::new(None) });
        let (weak, weak_lock): (Weak<Inner>, _) = (Rc::downgrade(inner), Rc::downgrade(&lock));
        let granted = Closure::once_into_js(move |_lock: JsValue| -> Promise {
            let (Some(inner), Some(lock)) = (weak.upgrade(), weak_lock.upgrade()) else {
                return Promise::resolve(&JsValue::UNDEFINED);
            };
            // Held until this promise settles: `step_down` resolves it; a closed tab lets it go. Its
            // release is kept before the news goes out, since what that sets off may step down at once.
            let held = Promise::new(&mut |resolve, _| *lock.release.borrow_mut() = Some(resolve));
            inner.holds.set(true);
            inner.tell();
            held
        });
        let options = Object::new();
        let _ = Reflect::set(&options, &"signal".into(), &lock.abort.signal());
        let request = Reflect::get(&locks, &"request".into()).ok().and_then(|f| f.dyn_into::<Function>().ok());
        let asked = request.and_then(|r| r.call3(&locks, &inner.name.as_str().into(), &options, &granted).ok());
        if let Some(Ok(asked)) = asked.map(JsCast::dyn_into::<Promise>) {
            // A request taken back (`step_down` while queued) rejects: caught, so nothing is logged.
            wasm_bindgen_futures::spawn_local(async move {
                let _ = wasm_bindgen_futures::JsFuture::from(asked).await;
            });
        }
        *inner.lock.borrow_mut() = Some(lock);
    }

    /// Leaves the lock's queue, or lets the lock go to the next tab: this tab no longer checks (its
    /// schedule came to rest).
    pub fn step_down(&self) {
        let inner = &self.0;
        if let Some(lock) = inner.lock.borrow_mut().take() {
            lock.abort.abort();
            if let Some(release) = lock.release.borrow_mut().take() {
                let _ = release.call0(&JsValue::UNDEFINED);
            }
        }
        inner.holds.set(false);
    }

    /// The page is gone: the lock goes to the next tab and the channel is closed.
    pub fn close(&self) {
        self.step_down();
        let inner = &self.0;
        inner.on_news.borrow_mut().take();
        if let Some(channel) = &inner.channel {
            channel.set_onmessage(None);
            channel.close();
        }
    }
}
