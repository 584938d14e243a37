//! Web storage that never fails loudly: a browser with storage disabled or full remembers what it can,
//! and the signal given to `report_refusals_to` says so once something the person would miss was not kept.
//!
//! Two kinds of values live here. How the device is set up (the theme, the API address) stays on the
//! device whoever signs in. Everything of the person lives where their token lives (`home`): on the
//! device after "Remember me", else in this tab alone, so a tab-only sign-in leaves nothing once the tab
//! is closed. While nobody is signed in here, nothing of anybody is read or written: an answer that
//! comes after a sign-out writes nothing back.

use leptos::prelude::*;
use std::cell::Cell;
use wasm_bindgen::JsCast;

/// Where a value lives: `Device` survives closing the browser (localStorage), `Tab` does not (sessionStorage).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Persistence {
    Device,
    Tab,
}

impl Persistence {
    fn other(self) -> Self {
        match self {
            Self::Device => Self::Tab,
            Self::Tab => Self::Device,
        }
    }
}

/// How much a value is worth when the storage is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worth {
    /// The person would miss it (drafts, names, the ledger, a paid action not yet confirmed): caches
    /// give way for it, and the person is told when it still could not be kept.
    Kept,
    /// A copy the next read makes again (`keys::is_cache`): it gives way, and nobody is told.
    Cache,
}

/// Said when the browser keeps nothing for this site (storage blocked, or a private window with no room).
const BLOCKED: &str = "This browser does not let storyreel keep anything on this device: your sign-in and drafts last only until you reload or leave this page.";
/// Said when the storage is full, even with the caches given up.
const FULL: &str = "This browser's storage for storyreel is full: your latest changes could not be kept on this device, and last only until you reload or leave this page. What was kept before stays as it was.";

thread_local! {
    // Any write anywhere may be the one refused, so the app's signal is reachable from here.
    static REFUSED: Cell<Option<RwSignal<Option<String>>>> = const { Cell::new(None) };
    static HOME: Cell<Option<Persistence>> = const { Cell::new(None) };
}

/// `refused` says why, once the browser refuses to keep something the person would miss.
pub fn report_refusals_to(refused: RwSignal<Option<String>>) {
    REFUSED.with(|r| r.set(Some(refused)));
}

fn report(why: &'static str) {
    if let Some(refused) = REFUSED.with(Cell::get) {
        // Blocked says more than full (nothing at all is kept), so it is not replaced by it.
        if refused.with_untracked(|r| r.as_deref() != Some(BLOCKED)) {
            refused.set(Some(why.to_owned()));
        }
    }
}

/// Where the things of the person signed in here live (`Session` keeps it), or none when nobody is.
pub fn set_home(home: Option<Persistence>) {
    HOME.with(|h| h.set(home));
}

pub fn home() -> Option<Persistence> {
    HOME.with(Cell::get)
}

fn area(persistence: Persistence) -> Option<web_sys::Storage> {
    let window = web_sys::window()?;
    match persistence {
        Persistence::Device => window.local_storage().ok().flatten(),
        Persistence::Tab => window.session_storage().ok().flatten(),
    }
}

/// The value under `key` in one area.
pub fn read_in(key: &str, persistence: Persistence) -> Option<String> {
    area(persistence)?.get_item(key).ok().flatten()
}

/// The value under `key` and where it was found, looking in this tab first.
pub fn read(key: &str) -> Option<(String, Persistence)> {
    [Persistence::Tab, Persistence::Device].into_iter().find_map(|p| read_in(key, p).map(|value| (value, p)))
}

/// Where the value under `key` lives, if anywhere.
pub fn found_in(key: &str) -> Option<Persistence> {
    read(key).map(|(_, home)| home)
}

/// A value of the device's setup (the theme, the API address).
pub fn read_value(key: &str) -> Option<String> {
    read(key).map(|(value, _)| value)
}

/// The person's value under `key`: in this tab, and on the device too when their things live there.
pub fn mine(key: &str) -> Option<String> {
    let home = home()?;
    read_in(key, Persistence::Tab).or_else(|| (home == Persistence::Device).then(|| read_in(key, home)).flatten())
}

/// Keeps the person's `value` where their token lives; nothing while nobody is signed in here. On the
/// device, an older copy in this tab goes; the device's own copy is never touched from a tab-only
/// sign-in, since it may be another account's.
pub fn keep_mine(key: &str, value: &str, worth: Worth) -> bool {
    let Some(home) = home() else { return false };
    put(key, value, home, worth) && {
        if home == Persistence::Device {
            remove_in(key, Persistence::Tab);
        }
        true
    }
}

/// Removes the person's value: from this tab, and from the device when their things live there.
pub fn forget_mine(key: &str) {
    remove_in(key, Persistence::Tab);
    if home() == Some(Persistence::Device) {
        remove_in(key, Persistence::Device);
    }
}

/// As `keep_mine`, and in this tab too (read first, so another tab editing the same thing cannot
/// replace what this one shows): a draft.
pub fn keep_draft(key: &str, value: &str) -> bool {
    let Some(home) = home() else { return false };
    let in_tab = put(key, value, Persistence::Tab, Worth::Kept);
    in_tab & (home == Persistence::Tab || put(key, value, Persistence::Device, Worth::Kept))
}

/// Stores `value` in one area. A refused write leaves the value before it: what was kept stays kept.
/// When the storage is full, a value the person would miss has the caches give way and is tried again.
pub fn put(key: &str, value: &str, persistence: Persistence, worth: Worth) -> bool {
    let Some(storage) = area(persistence) else {
        if worth == Worth::Kept {
            report(BLOCKED);
        }
        return false;
    };
    let refused = match storage.set_item(key, value) {
        Ok(()) => return true,
        Err(e) => e,
    };
    if worth == Worth::Cache {
        return false;
    }
    let full = refused.dyn_ref::<web_sys::DomException>().is_some_and(|e| e.name() == "QuotaExceededError");
    // Caches give way, in both areas: the quota is the origin's.
    if full && give_way() && storage.set_item(key, value).is_ok() {
        return true;
    }
    // A storage that holds nothing at all refuses even the smallest write: then nothing is kept.
    let nothing_fits = storage.length().unwrap_or(0) == 0;
    report(if full && !nothing_fits { FULL } else { BLOCKED });
    false
}

/// Removes every cache from both areas; false when there was none.
fn give_way() -> bool {
    let mut gave = false;
    for storage in [Persistence::Tab, Persistence::Device].into_iter().filter_map(area) {
        for key in keys_of(&storage).into_iter().filter(|k| crate::domain::keys::is_cache(k)) {
            gave |= storage.remove_item(&key).is_ok();
        }
    }
    gave
}

/// Writes a value of the device's setup in one area and removes it from the other, so it has one home.
pub fn write(key: &str, value: &str, persistence: Persistence) -> bool {
    put(key, value, persistence, Worth::Kept) && {
        remove_in(key, persistence.other());
        true
    }
}

pub fn remove_in(key: &str, persistence: Persistence) {
    if let Some(storage) = area(persistence) {
        let _ = storage.remove_item(key);
    }
}

pub fn remove(key: &str) {
    remove_in(key, Persistence::Tab);
    remove_in(key, Persistence::Device);
}

/// storyreel's keys in one area (this origin is storyreel's alone, but a browser extension may write).
pub fn keys_in(persistence: Persistence) -> Vec<String> {
    area(persistence).map(|s| keys_of(&s)).unwrap_or_default()
}

fn keys_of(storage: &web_sys::Storage) -> Vec<String> {
    let count = storage.length().unwrap_or(0);
    (0..count).filter_map(|i| storage.key(i).ok().flatten()).filter(|k| k.starts_with("storyreel.")).collect()
}

/// Empties one area but for the values under `kept`.
pub fn clear_but(persistence: Persistence, kept: &[&str]) {
    let Some(storage) = area(persistence) else { return };
    for key in keys_of(&storage).into_iter().filter(|k| !kept.contains(&k.as_str())) {
        let _ = storage.remove_item(&key);
    }
}

/// Moves every value `mine` accepts from one area to the other: what belongs to the person goes where
/// their token now lives. A value that does not fit stays where it was.
pub fn move_all(from: Persistence, mine: impl Fn(&str) -> bool) {
    let Some(storage) = area(from) else { return };
    for key in keys_of(&storage).into_iter().filter(|k| mine(k)) {
        if let Some(value) = read_in(&key, from) {
            if put(&key, &value, from.other(), Worth::Kept) {
                let _ = storage.remove_item(&key);
            }
        }
    }
}
