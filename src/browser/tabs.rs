//! News from storyreel's other tabs in this browser: a change they made to the device's storage (the
//! browser's `storage` event), or a word said on one BroadcastChannel, which reaches the tabs whose
//! sign-in lives in their own tab only (their storage is their own, and fires no event elsewhere).
//! Where the browser has no BroadcastChannel, only the storage events come.

use super::listen::{listen, Phase};
use leptos::prelude::on_cleanup;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{BroadcastChannel, MessageEvent, StorageEvent};

const CHANNEL: &str = "storyreel";

/// What another tab did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// It changed the device's storage under `key`, or cleared it all (`None`).
    Stored(Option<String>),
    /// It said `text` on the channel.
    Said(String),
}

type Hearer = Rc<dyn Fn(&News)>;

struct Tabs {
    channel: Option<BroadcastChannel>,
    /// Each with its number, to stop hearing.
    hearers: Vec<(u32, Hearer)>,
    next: u32,
    /// The names `hear_once` was called with.
    once: Vec<&'static str>,
}

thread_local! {
    static TABS: RefCell<Option<Tabs>> = const { RefCell::new(None) };
}

fn tell(news: News) {
    // Copied out first: a hearer may stop hearing, or start another, as it hears.
    let hearers: Vec<Hearer> =
        TABS.with_borrow(|t| t.iter().flat_map(|t| &t.hearers).map(|(_, h)| h.clone()).collect());
    for hear in hearers {
        hear(&news);
    }
}

/// Listens until the calling component (the app's shell) is cleaned up. Through `listen`, whose one
/// closure type every listener of the app shares (each type is its own glue in the wasm).
pub fn listen_to_other_tabs() {
    let channel = BroadcastChannel::new(CHANNEL).ok();
    if let Some(channel) = &channel {
        listen(channel, "message", Phase::Bubble, |e: MessageEvent| {
            if let Some(text) = e.data().as_string() {
                tell(News::Said(text));
            }
        });
    }
    if let Some(window) = web_sys::window() {
        listen(&window, "storage", Phase::Bubble, |e: StorageEvent| {
            // Only the device's storage is shared: a tab's own never changes under it.
            let device = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
            if e.storage_area().is_some_and(|area| Some(area) == device) {
                tell(News::Stored(e.key()));
            }
        });
    }
    TABS.set(Some(Tabs { channel, hearers: Vec::new(), next: 0, once: Vec::new() }));
    on_cleanup(|| {
        if let Some(channel) = TABS.take().and_then(|t| t.channel) {
            channel.close();
        }
    });
}

/// Calls `hear` with each piece of news until the returned number is given to `stop_hearing`.
pub fn hear(hear: impl Fn(&News) + 'static) -> u32 {
    TABS.with_borrow_mut(|tabs| {
        let Some(tabs) = tabs else { return 0 };
        tabs.next += 1;
        tabs.hearers.push((tabs.next, Rc::new(hear)));
        tabs.next
    })
}

/// As `hear`, once for as long as the tab listens, however often it is asked (by each page that mounts).
pub fn hear_once(name: &'static str, hear: impl Fn(&News) + 'static) {
    let first = TABS.with_borrow_mut(|tabs| {
        let tabs = tabs.as_mut()?;
        (!tabs.once.contains(&name)).then(|| tabs.once.push(name))
    });
    if first.is_some() {
        self::hear(hear);
    }
}

pub fn stop_hearing(number: u32) {
    TABS.with_borrow_mut(|tabs| {
        if let Some(tabs) = tabs {
            tabs.hearers.retain(|(n, _)| *n != number);
        }
    });
}

/// Says `text` to every other tab of storyreel in this browser (not to this one).
pub fn say(text: &str) {
    TABS.with_borrow(|tabs| {
        if let Some(channel) = tabs.as_ref().and_then(|t| t.channel.as_ref()) {
            let _ = channel.post_message(&JsValue::from_str(text));
        }
    });
}
