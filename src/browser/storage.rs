//! Web storage that never fails loudly: a browser with storage disabled or full remembers nothing,
//! and the signal given to `report_refusals_to` turns true so the app can say so once.

use leptos::prelude::*;
use std::cell::Cell;

/// Where a value lives: `Device` survives closing the browser (localStorage), `Tab` does not (sessionStorage).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Persistence {
    Device,
    Tab,
}

thread_local! {
    // Any write anywhere may be the one refused, so the app's signal is reachable from here.
    static REFUSED: Cell<Option<RwSignal<bool>>> = const { Cell::new(None) };
}

/// `refused` becomes true when the browser refuses a write (storage blocked, private mode, quota exceeded).
pub fn report_refusals_to(refused: RwSignal<bool>) {
    REFUSED.with(|r| r.set(Some(refused)));
}

fn area(persistence: Persistence) -> Option<web_sys::Storage> {
    let window = web_sys::window()?;
    match persistence {
        Persistence::Device => window.local_storage().ok().flatten(),
        Persistence::Tab => window.session_storage().ok().flatten(),
    }
}

/// The value under `key` and where it was found, looking in this tab first.
pub fn read(key: &str) -> Option<(String, Persistence)> {
    [Persistence::Tab, Persistence::Device]
        .into_iter()
        .find_map(|p| area(p)?.get_item(key).ok().flatten().map(|value| (value, p)))
}

/// Where the value under `key` lives; this tab when it has none.
pub fn home_of(key: &str) -> Persistence {
    read(key).map_or(Persistence::Tab, |(_, home)| home)
}

pub fn read_value(key: &str) -> Option<String> {
    read(key).map(|(value, _)| value)
}

/// Stores `value` in one area. On failure the older value goes too: a stale copy must not come back.
pub fn put(key: &str, value: &str, persistence: Persistence) -> bool {
    let done = put_quietly(key, value, persistence);
    if !done {
        if let Some(refused) = REFUSED.with(Cell::get) {
            refused.set(true);
        }
    }
    done
}

fn put_quietly(key: &str, value: &str, persistence: Persistence) -> bool {
    let storage = area(persistence);
    let done = storage.as_ref().is_some_and(|s| s.set_item(key, value).is_ok());
    if let (false, Some(s)) = (done, storage) {
        let _ = s.remove_item(key);
    }
    done
}

/// Writes `value` in one area and removes it from the other, so a value has one home.
pub fn write(key: &str, value: &str, persistence: Persistence) -> bool {
    leave_other_area(key, persistence);
    put(key, value, persistence)
}

/// As `write`, for what the app can do without (a copy of an answer): a refusal is not reported,
/// since nothing the person made is lost.
pub fn keep(key: &str, value: &str, persistence: Persistence) -> bool {
    leave_other_area(key, persistence);
    put_quietly(key, value, persistence)
}

fn leave_other_area(key: &str, persistence: Persistence) {
    let other = match persistence {
        Persistence::Device => Persistence::Tab,
        Persistence::Tab => Persistence::Device,
    };
    if let Some(storage) = area(other) {
        let _ = storage.remove_item(key);
    }
}

pub fn remove(key: &str) {
    for storage in [Persistence::Tab, Persistence::Device].into_iter().filter_map(area) {
        let _ = storage.remove_item(key);
    }
}

/// Empties both areas (this origin is storyreel's alone) but for the value under `kept`.
pub fn clear_all_but(kept: &[&str]) {
    let values: Vec<_> = kept.iter().filter_map(|key| read(key).map(|v| (*key, v))).collect();
    for storage in [Persistence::Tab, Persistence::Device].into_iter().filter_map(area) {
        let _ = storage.clear();
    }
    for (key, (value, persistence)) in values {
        put(key, &value, persistence);
    }
}
