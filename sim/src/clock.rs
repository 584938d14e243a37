//! Wall-clock timestamps as the API writes them: ISO 8601, UTC, microseconds, `Z` (the `alt` profile: whole
//! seconds and `+00:00`), and HTTP dates for headers.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Microseconds since the Unix epoch; a plain integer so timestamps order and compare exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stamp(pub i64);

impl Stamp {
    pub fn from_system(t: SystemTime) -> Stamp {
        let since = t.duration_since(UNIX_EPOCH).unwrap_or(Duration::ZERO);
        Stamp(since.as_micros() as i64)
    }

    pub fn plus_secs(self, secs: f64) -> Stamp {
        Stamp(self.0 + (secs * 1e6) as i64)
    }

    /// A later stamp than `self`, so updated_at visibly changes even for two changes within one microsecond.
    pub fn advanced_to(self, t: Stamp) -> Stamp {
        Stamp(t.0.max(self.0 + 1))
    }

    pub fn iso(self) -> String {
        let micros = self.0.rem_euclid(1_000_000);
        format!("{}.{micros:06}Z", self.date_time())
    }

    /// Whole seconds and a numeric offset, as in `2024-02-29T12:34:56+00:00` (the `alt` profile's timestamps).
    pub fn iso_seconds_offset(self) -> String {
        format!("{}+00:00", self.date_time())
    }

    /// `2024-02-29T12:34:56`, the part every format shares.
    fn date_time(self) -> String {
        let secs = self.0.div_euclid(1_000_000);
        let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let (y, m, d) = civil_from_days(days);
        format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", rem / 3600, rem % 3600 / 60, rem % 60)
    }

    /// An HTTP date (RFC 9110's IMF-fixdate), as in `Retry-After: Sun, 06 Nov 1994 08:49:37 GMT`.
    pub fn http_date(self) -> String {
        const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
        const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
        let secs = self.0.div_euclid(1_000_000);
        let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let (y, m, d) = civil_from_days(days);
        format!(
            "{}, {d:02} {} {y:04} {:02}:{:02}:{:02} GMT",
            WEEKDAYS[days.rem_euclid(7) as usize],
            MONTHS[m as usize - 1],
            rem / 3600,
            rem % 3600 / 60,
            rem % 60
        )
    }
}

// Howard Hinnant's days-to-civil algorithm; avoids a date crate for one conversion.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

impl serde::Serialize for Stamp {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.iso())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_iso_8601_utc() {
        assert_eq!(Stamp(0).iso(), "1970-01-01T00:00:00.000000Z");
        assert_eq!(Stamp(1_709_210_096_123_456).iso(), "2024-02-29T12:34:56.123456Z");
        assert_eq!(Stamp(1_709_210_096_123_456).iso_seconds_offset(), "2024-02-29T12:34:56+00:00");
        assert_eq!(Stamp(-1).iso(), "1969-12-31T23:59:59.999999Z");
        assert_eq!(Stamp(5).advanced_to(Stamp(3)), Stamp(6));
    }

    #[test]
    fn formats_http_dates() {
        assert_eq!(Stamp(784_111_777_000_000).http_date(), "Sun, 06 Nov 1994 08:49:37 GMT");
        assert_eq!(Stamp(1_709_210_096_123_456).http_date(), "Thu, 29 Feb 2024 12:34:56 GMT");
    }
}
