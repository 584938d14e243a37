//! The clock, and timestamps in the person's own time zone and language, as their browser formats them.

use crate::domain::project_list::utc_millis;
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
    written(utc_millis(timestamp)? as f64, true)
}

/// A moment this device saw (ms since 1970): "14:05" within the last 12 hours, when the time alone
/// cannot be taken for another day's; "22 Nov 2026, 14:05" before that.
pub fn local_clock(at_ms: u64) -> String {
    written(at_ms as f64, now_ms().saturating_sub(at_ms) > 12 * 3_600_000).unwrap_or_default()
}

fn written(at_ms: f64, with_date: bool) -> Option<String> {
    let date = js_sys::Date::new(&JsValue::from_f64(at_ms));
    // Out of the range a Date holds, toLocaleString says "Invalid Date" instead of failing.
    if date.get_time().is_nan() {
        return None;
    }
    let options = js_sys::Object::new();
    if with_date {
        js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into()).ok()?;
    }
    js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into()).ok()?;
    // `undefined` as the locale means the browser's own; js-sys only offers a string parameter.
    let format: js_sys::Function = js_sys::Reflect::get(&date, &"toLocaleString".into()).ok()?.into();
    format.call2(&date, &JsValue::UNDEFINED, &options).ok()?.as_string()
}
