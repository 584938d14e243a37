//! The clock, and timestamps in the person's own time zone and language, as their browser formats them
//! (or formatted them before: `kept_times`).

use super::kept_times;
use crate::domain::project_list::utc_millis;
use std::cell::{Cell, OnceCell};
use wasm_bindgen::JsValue;

/// Milliseconds since 1970 by the browser's clock: the time every pure schedule and watch is fed.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// When this month began in the person's time zone (ms since 1970).
pub fn month_start_ms() -> u64 {
    let now = js_sys::Date::new_0();
    js_sys::Date::new_with_year_month_day(now.get_full_year(), now.get_month() as i32, 1).get_time() as u64
}

/// "22 Nov 2026, 14:05" (or however the person's locale writes it); `None` when unreadable.
pub fn local_time(timestamp: &str) -> Option<String> {
    written(utc_millis(timestamp)?, true)
}

/// A moment this device saw (ms since 1970): "14:05" within the last 12 hours, when the time alone
/// cannot be taken for another day's; "22 Nov 2026, 14:05" before that.
pub fn local_clock(at_ms: u64) -> String {
    written(at_ms as i64, now_ms().saturating_sub(at_ms) > 12 * 3_600_000).unwrap_or_default()
}

/// Writes the time of a state kept at `at_ms` ahead, in a task after the screen is drawn, so that a
/// return finds its "as of" line written (`kept_times`) and need not load the locale's data for it.
pub fn write_ahead(at_ms: u64) {
    AHEAD.set(Some(at_ms));
    super::later(|| {
        if let Some(at_ms) = AHEAD.take() {
            local_clock(at_ms);
        }
    });
}

thread_local! {
    // One formatter for each way of writing a moment (time only, with the date), made once:
    // `toLocaleString` with options makes a new one at every call, which for a list of 50 projects
    // was about 30 ms of its start (a CPU profile of the list on loopback). Each is made when first
    // needed: making one takes milliseconds (the browser loads its locale's data), and the list
    // needs only the one with the date.
    static FORMATS: [OnceCell<js_sys::Function>; 2] = const { [OnceCell::new(), OnceCell::new()] };
    // The last state kept, whose time `write_ahead` writes.
    static AHEAD: Cell<Option<u64>> = const { Cell::new(None) };
}

/// `Intl.DateTimeFormat` in the browser's own language and time zone (no locale given); its
/// `format`, bound to it.
fn formatter(with_date: bool) -> js_sys::Function {
    let options = js_sys::Object::new();
    // Setting a property of a plain object cannot fail.
    if with_date {
        let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
    }
    let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
    js_sys::Intl::DateTimeFormat::new(&js_sys::Array::new(), &options).format()
}

fn written(at_ms: i64, with_date: bool) -> Option<String> {
    if let Some(text) = kept_times::known(with_date, at_ms) {
        return Some(text);
    }
    let date = js_sys::Date::new(&JsValue::from_f64(at_ms as f64));
    // Out of the range a Date holds, `format` throws; such a moment is not written.
    if date.get_time().is_nan() {
        return None;
    }
    let text = FORMATS.with(|formats| {
        let format = formats[usize::from(with_date)].get_or_init(|| formatter(with_date));
        format.call1(&JsValue::UNDEFINED, &date).ok()?.as_string()
    })?;
    kept_times::learn(with_date, at_ms, &text);
    Some(text)
}
