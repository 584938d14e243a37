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

/// The most of a list answer kept for the next start: a screenful of rows is what that start shows
/// before the service answers, and a whole list of thousands of projects (12 MB) would not fit the
/// browser's storage (5 MB in most), crowding out what the person would miss.
pub const MAX_KEPT_LIST_BYTES: usize = 256 * 1024;

/// A list answer bounded for keeping: the answer itself when it is small enough, else a bare JSON
/// array of its first projects, as many as fit in `max_bytes` (none, when not even the array fits),
/// cut from the answer's own text at its items' boundaries, so each is kept verbatim. The list is the
/// answer (a bare array) or the first array in an object holding it (`{"items": [...], ...}`).
pub fn bounded_list(answer: &str, max_bytes: usize) -> Option<String> {
    if answer.len() <= max_bytes {
        return Some(answer.to_owned());
    }
    let bytes = answer.as_bytes();
    let open = answer.find('[')?;
    // Only an array that is the answer, or a value of the object that is the answer.
    let before = answer[..open].trim_start();
    if !(before.is_empty() || before.starts_with('{')) {
        return None;
    }
    let mut kept = String::from("[");
    let (mut depth, mut in_string, mut escaped, mut item_start) = (0usize, false, false, open + 1);
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    // The list's last item, which no comma follows.
                    take(&mut kept, answer[item_start..i].trim(), max_bytes);
                    break;
                }
            }
            b',' if depth == 1 => {
                if !take(&mut kept, answer[item_start..i].trim(), max_bytes) {
                    break;
                }
                item_start = i + 1;
            }
            _ => {}
        }
    }
    kept.push(']');
    (kept.len() <= max_bytes).then_some(kept)
}

/// Adds `item` to the array begun in `kept` if it fits within `max_bytes` with the closing bracket.
fn take(kept: &mut String, item: &str, max_bytes: usize) -> bool {
    let fits = !item.is_empty() && kept.len() + item.len() + 2 <= max_bytes;
    if fits {
        if kept.len() > 1 {
            kept.push(',');
        }
        kept.push_str(item);
    }
    fits
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

    #[test]
    fn a_large_list_is_kept_as_its_first_projects_verbatim_within_the_bound() {
        let item =
            |i: usize| format!(r#"{{"id":{i},"ideas":"a \"quoted\" [idea], {{with}} brackets","scenes":[{{"n":1}}]}}"#);
        let items: Vec<String> = (1..=2000).map(item).collect();
        let bare = format!("[{}]", items.join(","));
        let kept = bounded_list(&bare, 10_000).unwrap();
        assert!(kept.len() <= 10_000);
        let values: Vec<serde_json::Value> = serde_json::from_str(&kept).unwrap();
        assert!(values.len() > 50, "about a screenful and more: {}", values.len());
        assert_eq!(kept, format!("[{}]", items[..values.len()].join(",")), "the first ones, verbatim");
        let wrapped = format!(r#"{{"items": [ {} ], "next": "https://api.test/x?page=2"}}"#, items.join(" , "));
        assert_eq!(bounded_list(&wrapped, 10_000).unwrap(), kept, "wrapped or not, the same projects");
        assert_eq!(bounded_list(&bare[..300], 100_000).as_deref(), Some(&bare[..300]), "small enough: as is");
        let few = format!(r#"{{"items": [{}, {}], "note": "{}"}}"#, item(1), item(2), "x".repeat(20_000));
        assert_eq!(bounded_list(&few, 10_000).unwrap(), format!("[{},{}]", item(1), item(2)), "the last item too");
    }

    #[test]
    fn an_answer_that_is_no_list_keeps_nothing_when_too_large() {
        assert_eq!(bounded_list(&format!(r#""{}""#, "x".repeat(500)), 100), None);
        assert_eq!(bounded_list(&format!("[{}]", "7".repeat(500)), 100).as_deref(), Some("[]"));
        assert_eq!(bounded_list(&"x".repeat(500), 100), None);
    }
}
