//! The moments this tab's browser has written (`local_time`), kept beside the last known state: a
//! returning visit writes its kept list's times from here instead of loading the locale's data, which
//! the first `Intl` use in a tab costs (11-15 ms at 1x; with this, the returning list of 50 starts in
//! 0.90 of the time, docs/benchmark.md). Kept where the sign-in is, and cleared with the last known
//! state.

use crate::browser::storage;
use crate::domain::kept_times::{add, read, write, WrittenTime};
use crate::domain::keys::KEPT_TIMES;
use std::cell::RefCell;

struct Known {
    /// Newest first (`add`): `write` keeps the first `MAX_KEPT`.
    moments: Vec<WrittenTime>,
    saving: bool,
}

thread_local! {
    static KNOWN: RefCell<Option<Known>> = const { RefCell::new(None) };
}

/// The language and the time-zone offsets (January's and July's, so summer time too) the browser
/// writes moments in. Intl's own name of the zone would load the very data this spares.
fn zone() -> String {
    let language = web_sys::window().and_then(|w| w.navigator().language()).unwrap_or_default();
    let year = js_sys::Date::new_0().get_full_year();
    // Whole minutes, written as integers: a float written out costs the app 15 KB of formatting code.
    let offset = |month| js_sys::Date::new_with_year_month_day(year, month, 1).get_timezone_offset() as i32;
    format!("{language} {} {}", offset(0), offset(6))
}

fn with_known<T>(f: impl FnOnce(&mut Known) -> T) -> T {
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        f(known.get_or_insert_with(|| {
            let kept = storage::mine(KEPT_TIMES).map(|text| read(&text, &zone())).unwrap_or_default();
            Known { moments: kept, saving: false }
        }))
    })
}

/// How the browser wrote `at_ms` (with its date or not), if it is kept. Moments before 1970, which no
/// project has, are not kept.
pub fn known(with_date: bool, at_ms: i64) -> Option<String> {
    let at_ms = u64::try_from(at_ms).ok()?;
    with_known(|known| {
        let moment = known.moments.iter().find(|m| m.with_date == with_date && m.at_ms == at_ms)?;
        Some(moment.text.clone())
    })
}

/// Keeps `text` as how the browser writes `at_ms`, a moment not kept yet (`known` said so). Stored in
/// a task of its own, once for all the moments a screen writes together, after that screen is drawn.
pub fn learn(with_date: bool, at_ms: i64, text: &str) {
    let Ok(at_ms) = u64::try_from(at_ms) else { return };
    let save_due = with_known(|known| {
        add(&mut known.moments, WrittenTime { with_date, at_ms, text: text.to_owned() });
        !std::mem::replace(&mut known.saving, true)
    });
    if save_due {
        super::later(save);
    }
}

fn save() {
    let text = with_known(|known| {
        known.saving = false;
        write(&zone(), &known.moments)
    });
    storage::keep_mine(KEPT_TIMES, &text, storage::Worth::Cache);
}

/// Forgets the moments read from storage (a sign-out, another person signing in, whose storage is
/// cleared by the session): the next are read again from where the new sign-in keeps them.
pub fn forget() {
    KNOWN.with(|known| *known.borrow_mut() = None);
}
