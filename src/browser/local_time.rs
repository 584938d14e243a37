//! The clock, and timestamps in the person's own time zone and language, as their browser formats them.

use crate::domain::project_list::utc_millis;
use wasm_bindgen::JsValue;

/// Milliseconds since 1970 by the browser's clock: the time every pure schedule and watch is fed.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// "22 Nov 2026, 14:05" (or however the person's locale writes it); `None` when unreadable.
pub fn local_time(timestamp: &str) -> Option<String> {
    let date = js_sys::Date::new(&JsValue::from_f64(utc_millis(timestamp)? as f64));
    // Out of the range a Date holds, toLocaleString says "Invalid Date" instead of failing.
    if date.get_time().is_nan() {
        return None;
    }
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into()).ok()?;
    js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into()).ok()?;
    // `undefined` as the locale means the browser's own; js-sys only offers a string parameter.
    let format: js_sys::Function = js_sys::Reflect::get(&date, &"toLocaleString".into()).ok()?.into();
    format.call2(&date, &JsValue::UNDEFINED, &options).ok()?.as_string()
}
