//! The projects list's two filters as they live in the URL's query string, so a filtered view can be
//! bookmarked, shared, and walked back and forward through history.

use crate::api::ProjectFilter;
use crate::domain::story::parse_person_id;

/// The statuses offered as filters, in the order a person thinks of a project's life.
pub const STATUS_CHOICES: [&str; 7] = ["proposed", "generating", "upscaling", "completed", "failed", "creating", "draft"];

/// Reads `?person_id=3&status_filter=generating` (with or without the `?`). Values that cannot be
/// a filter (a person id that is not a positive whole number, an empty status) are left out, so a
/// mangled link still opens a list rather than an error.
pub fn parse(search: &str) -> ProjectFilter {
    let mut filter = ProjectFilter::default();
    for pair in search.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = decode(value);
        let value = value.trim();
        match decode(key).as_str() {
            "person_id" => filter.person_id = parse_person_id(value).ok(),
            "status_filter" if !value.is_empty() => filter.status = Some(value.to_owned()),
            _ => {}
        }
    }
    filter
}

/// The query string for a filter: empty when nothing is filtered, otherwise starting with `?`.
pub fn to_search(filter: &ProjectFilter) -> String {
    let mut parts = Vec::new();
    if let Some(id) = filter.person_id {
        parts.push(format!("person_id={id}"));
    }
    if let Some(status) = filter.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        parts.push(format!("status_filter={}", crate::routes::encode_component(status)));
    }
    if parts.is_empty() { String::new() } else { format!("?{}", parts.join("&")) }
}

/// Whether the filter narrows the list at all (otherwise it is every project).
pub fn narrows(filter: &ProjectFilter) -> bool {
    filter.person_id.is_some() || filter.status.is_some()
}

/// The filter the form's fields describe, or the message to show next to the person id field.
pub fn from_fields(person_id: &str, status: &str) -> Result<ProjectFilter, String> {
    let person_id = match person_id.trim() {
        "" => None,
        text => Some(parse_person_id(text)?),
    };
    let status = Some(status.trim().to_owned()).filter(|s| !s.is_empty());
    Ok(ProjectFilter { person_id, status })
}

/// Percent-decoding as browsers encode form values (`+` is a space); a broken escape stays as typed.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = (bytes[i] == b'%').then(|| text.get(i + 1..i + 3)).flatten().filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
        let escaped = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], escaped) {
            (_, Some(byte)) => {
                out.push(byte);
                i += 3;
                continue;
            }
            (b'+', _) => out.push(b' '),
            (b, _) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(person_id: Option<i64>, status: Option<&str>) -> ProjectFilter {
        ProjectFilter { person_id, status: status.map(str::to_owned) }
    }

    #[test]
    fn every_filter_survives_the_round_trip_through_the_url() {
        let cases = [
            filter(None, None),
            filter(Some(3), None),
            filter(None, Some("generating")),
            filter(Some(12), Some("failed")),
            filter(None, Some("waiting for gpu & co/2")),
            filter(Some(7), Some("état")),
        ];
        for case in cases {
            assert_eq!(parse(&to_search(&case)), case, "{}", to_search(&case));
        }
    }

    #[test]
    fn no_filter_is_the_bare_home_address() {
        assert_eq!(to_search(&filter(None, None)), "");
        assert_eq!(to_search(&filter(None, Some("  "))), "");
        assert_eq!(to_search(&filter(Some(2), Some("completed"))), "?person_id=2&status_filter=completed");
        assert!(!narrows(&parse("")));
        assert!(narrows(&parse("?person_id=2")) && narrows(&parse("?status_filter=failed")));
    }

    #[test]
    fn links_written_by_hand_or_by_a_form_are_read() {
        assert_eq!(parse("person_id=4&status_filter=proposed"), filter(Some(4), Some("proposed")));
        assert_eq!(parse("?status_filter=&person_id="), filter(None, None));
        assert_eq!(parse("?status_filter=waiting+for+gpu&utm_source=mail"), filter(None, Some("waiting for gpu")));
        assert_eq!(parse("?person%5Fid=5"), filter(Some(5), None));
    }

    #[test]
    fn a_mangled_link_still_opens_a_list() {
        assert_eq!(parse("?person_id=abc&status_filter=failed"), filter(None, Some("failed")));
        assert_eq!(parse("?person_id=-1"), filter(None, None));
        assert_eq!(parse("?person_id=0"), filter(None, None));
        assert_eq!(parse("?status_filter=100%"), filter(None, Some("100%")));
        assert_eq!(parse("?status_filter=%zz%4"), filter(None, Some("%zz%4")));
        assert_eq!(parse("?status_filter=%+5a"), filter(None, Some("% 5a")));
        assert_eq!(parse("?status_filter=%FF"), filter(None, Some("\u{FFFD}")));
        assert_eq!(parse("&&=&person_id"), filter(None, None));
    }

    #[test]
    fn the_form_accepts_an_empty_or_positive_person_id() {
        assert_eq!(from_fields(" ", ""), Ok(filter(None, None)));
        assert_eq!(from_fields("3", "completed"), Ok(filter(Some(3), Some("completed"))));
        assert_eq!(from_fields("3.5", ""), Err("A person id is a whole number above 0.".into()));
        assert_eq!(from_fields("0", "failed"), Err("A person id is a whole number above 0.".into()));
    }
}
