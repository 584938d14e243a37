//! Moments as the person's browser wrote them (`browser::local_time`), kept so that a later visit
//! writes the same moments without asking the browser's locale data again. What is kept, in which
//! order, and for which language and time zone it holds.

use super::last_known::{entries, written, Entry};

/// Enough for the list's projects and the kept pages' "as of" times, few enough to read back in a
/// fraction of a millisecond.
pub const MAX_KEPT: usize = 200;

/// One moment as written: with its date or the time alone, the moment (ms since 1970), and the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenTime {
    pub with_date: bool,
    pub at_ms: u64,
    pub text: String,
}

/// The "as of" times of the states kept (the list and `MAX_PROJECTS` projects): each keep writes a
/// new one, and the older ones are shown no more.
pub const MAX_CLOCKS: usize = 1 + super::last_known::MAX_PROJECTS;

const ZONE: &str = "zone";
const WITH_DATE: &str = "d";
const TIME_ONLY: &str = "t";

/// `moments` written down for `zone` (the language and time-zone offsets that wrote them), the first
/// `MAX_KEPT` only, to be read back by `read`.
pub fn write(zone: &str, moments: &[WrittenTime]) -> String {
    let header = Entry { key: ZONE, at_ms: 0, answer: zone };
    let kept = moments.iter().take(MAX_KEPT).map(|m| Entry {
        key: if m.with_date { WITH_DATE } else { TIME_ONLY },
        at_ms: m.at_ms,
        answer: &m.text,
    });
    written(&std::iter::once(header).chain(kept).collect::<Vec<_>>())
}

/// Puts `moment` first among `moments`, dropping the time-only ones beyond `MAX_CLOCKS`.
pub fn add(moments: &mut Vec<WrittenTime>, moment: WrittenTime) {
    moments.insert(0, moment);
    let mut clocks = 0;
    moments.retain(|m| {
        clocks += usize::from(!m.with_date);
        m.with_date || clocks <= MAX_CLOCKS
    });
}

/// The moments kept in `text`, if it was written for `zone`: another language or time zone writes
/// them otherwise, so then there are none.
pub fn read(text: &str, zone: &str) -> Vec<WrittenTime> {
    let kept = entries(text);
    match kept.split_first() {
        Some((header, moments)) if header.key == ZONE && header.answer == zone => moments
            .iter()
            .filter(|e| e.key == WITH_DATE || e.key == TIME_ONLY)
            .map(|e| WrittenTime { with_date: e.key == WITH_DATE, at_ms: e.at_ms, text: e.answer.to_owned() })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moment(with_date: bool, at_ms: u64, text: &str) -> WrittenTime {
        WrittenTime { with_date, at_ms, text: text.to_owned() }
    }

    #[test]
    fn moments_written_for_a_zone_read_back_in_that_zone_only() {
        let moments =
            [moment(true, 1_764_000_000_000, "24 Nov 2025, 16:00"), moment(false, 1_764_000_060_000, "16:01")];
        let text = write("en-GB 0 -60", &moments);
        assert_eq!(read(&text, "en-GB 0 -60"), moments);
        assert_eq!(read(&text, "en-US 300 240"), [], "another language or time zone writes them otherwise");
        assert_eq!(read(&text, "en-GB 0 -60 "), []);
    }

    #[test]
    fn a_moment_added_comes_first_and_only_the_newest_clocks_stay() {
        let mut moments = vec![moment(true, 1, "a")];
        for at in 2..2 + MAX_CLOCKS as u64 + 3 {
            add(&mut moments, moment(false, at, "clock"));
        }
        add(&mut moments, moment(true, 100, "b"));
        assert_eq!(moments[0], moment(true, 100, "b"));
        let clocks: Vec<_> = moments.iter().filter(|m| !m.with_date).map(|m| m.at_ms).collect();
        assert_eq!(clocks.len(), MAX_CLOCKS);
        assert_eq!(clocks[0], 1 + MAX_CLOCKS as u64 + 3, "the newest first");
        assert!(moments.contains(&moment(true, 1, "a")), "dated moments are not clocks");
    }

    #[test]
    fn nothing_readable_is_no_moments() {
        assert_eq!(read("", "en"), []);
        assert_eq!(read("not kept by us", "en"), []);
        // Moments without their zone are not taken for this one's.
        let headless = written(&[Entry { key: "d", at_ms: 1, answer: "1 Jan 1970" }]);
        assert_eq!(read(&headless, "en"), []);
    }

    #[test]
    fn at_most_max_kept_are_written_the_first_ones() {
        let many: Vec<_> = (0..MAX_KEPT as u64 + 5).map(|i| moment(true, i, &i.to_string())).collect();
        let back = read(&write("en", &many), "en");
        assert_eq!(back.len(), MAX_KEPT);
        assert_eq!(back[0], many[0]);
        assert_eq!(back[MAX_KEPT - 1], many[MAX_KEPT - 1]);
    }
}
