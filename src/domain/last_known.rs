//! The last known state: what the app read before, shown at once while the service is asked again,
//! and marked as such. Which kept answers stay, how they are written down, and how a page says that
//! what it shows is not live.

/// Projects kept beside the list: the ones opened last. Enough to reopen those in hand, few enough
/// that the device never fills with them (a 10-scene project's answer is about 10 KB).
pub const MAX_PROJECTS: usize = 8;

/// Between entries, and between an entry's parts. JSON text never holds a raw control character
/// (inside strings they are escaped), so the service's answer is kept verbatim: read back once, by
/// the same reader as a fresh answer, rather than escaped into and parsed out of another JSON text.
const ENTRY_END: char = '\u{1e}';
const PART_END: char = '\u{1f}';

/// One kept answer: what it answered (the list's filter, a project's id), when this device received
/// it (ms since 1970), and the service's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    pub key: &'a str,
    pub at_ms: u64,
    pub answer: &'a str,
}

/// The entries kept in `text`, newest first; a torn or foreign entry is skipped, not misread.
pub fn entries(text: &str) -> Vec<Entry<'_>> {
    text.split(ENTRY_END)
        .filter_map(|entry| {
            let mut parts = entry.splitn(3, PART_END);
            let (key, at_ms, answer) = (parts.next()?, parts.next()?.parse().ok()?, parts.next()?);
            Some(Entry { key, at_ms, answer })
        })
        .collect()
}

/// `entries` written down again, to be read back by `entries`.
pub fn written(entries: &[Entry<'_>]) -> String {
    let mut text = String::new();
    for (i, e) in entries.iter().enumerate() {
        if i > 0 {
            text.push(ENTRY_END);
        }
        text.push_str(e.key);
        text.push(PART_END);
        text.push_str(&e.at_ms.to_string());
        text.push(PART_END);
        text.push_str(e.answer);
    }
    text
}

/// Puts `entry` first among the kept answers, in place of an older one under the same key, and
/// drops the oldest beyond `MAX_PROJECTS`.
pub fn remember<'a>(kept: &mut Vec<Entry<'a>>, entry: Entry<'a>) {
    kept.retain(|old| old.key != entry.key);
    kept.insert(0, entry);
    kept.truncate(MAX_PROJECTS);
}

/// Where the check of a kept state stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    UnderWay,
    Failed,
}

/// The line that marks a kept state, `clock` being when it was read ("14:02").
pub fn as_of(clock: &str, check: Check) -> String {
    match check {
        Check::UnderWay => format!("As of {clock} · checking…"),
        Check::Failed => format!("As of {clock} · not checked: the service did not answer"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: &str, answer: &'static str) -> Entry<'static> {
        Entry { key: Box::leak(key.to_owned().into_boxed_str()), at_ms: 1_764_000_000_000, answer }
    }

    #[test]
    fn kept_answers_read_back_as_written_whatever_their_text_holds() {
        let pretty = "{\n  \"id\": 4,\n  \"ideas\": \"a \\u001e b, tabs\\t and · «quotes»\"\n}";
        let kept = vec![entry("4", pretty), entry("status=completed&page=2", "[]"), entry("9", "")];
        assert_eq!(entries(&written(&kept)), kept);
    }

    #[test]
    fn nothing_kept_or_a_torn_entry_reads_as_nothing_rather_than_as_something_else() {
        assert_eq!(entries(""), []);
        assert_eq!(entries("{\"id\":4}"), [], "an older format's text");
        let torn = format!("{}\u{1e}4\u{1f}not a time\u{1f}{{}}", written(&[entry("3", "{}")]));
        assert_eq!(entries(&torn), [entry("3", "{}")]);
    }

    #[test]
    fn the_newest_answer_comes_first_and_replaces_the_older_one_of_its_project() {
        let mut kept = vec![entry("1", "a"), entry("2", "b")];
        remember(&mut kept, entry("2", "b2"));
        assert_eq!(kept, [entry("2", "b2"), entry("1", "a")]);
        remember(&mut kept, entry("3", "c"));
        assert_eq!(kept, [entry("3", "c"), entry("2", "b2"), entry("1", "a")]);
    }

    #[test]
    fn no_more_than_a_few_projects_are_kept_the_oldest_going_first() {
        let mut kept = Vec::new();
        for id in 1..=MAX_PROJECTS + 3 {
            remember(&mut kept, entry(&id.to_string(), "{}"));
        }
        assert_eq!(kept.len(), MAX_PROJECTS);
        assert_eq!(kept.first().map(|e| e.key), Some((MAX_PROJECTS + 3).to_string().as_str()));
        assert_eq!(kept.last().map(|e| e.key), Some("4"), "1, 2 and 3 went");
    }

    #[test]
    fn a_kept_state_says_when_it_was_read_and_that_it_is_not_live() {
        assert_eq!(as_of("14:02", Check::UnderWay), "As of 14:02 · checking…");
        assert!(as_of("14:02", Check::Failed).starts_with("As of 14:02 · not checked"));
    }
}
