//! The projects list's filter form: which statuses it offers and what its fields mean. Each field
//! changes the filter by itself (there is no Apply step), so each is read against the filter the
//! address holds now.

use crate::api::ProjectFilter;
use crate::domain::story::parse_person_id;

/// The statuses offered as filters, in the order a person thinks of a project's life.
pub const STATUS_CHOICES: [&str; 7] =
    ["proposed", "generating", "upscaling", "completed", "failed", "creating", "draft"];

/// How long the person id field waits after the last keystroke before filtering, so typing "12"
/// reads one list, not two.
pub const PERSON_PAUSE_MS: u32 = 400;

/// The person id the field's text means (`None` when empty), or the message to show next to it.
pub fn person_from_field(text: &str) -> Result<Option<i64>, String> {
    match text.trim() {
        "" => Ok(None),
        text => parse_person_id(text).map(Some),
    }
}

/// The filter once the person id field reads `text`: the current one with that person, or the
/// message for the field (and the list stays as it is).
pub fn with_person(current: &ProjectFilter, text: &str) -> Result<ProjectFilter, String> {
    Ok(ProjectFilter { person_id: person_from_field(text)?, ..current.clone() })
}

/// The filter once a status is chosen ("" for any status).
pub fn with_status(current: &ProjectFilter, status: &str) -> ProjectFilter {
    let status = Some(status.trim().to_owned()).filter(|s| !s.is_empty());
    ProjectFilter { status, ..current.clone() }
}

/// Whether the field's text already says what the address says: then the field is left alone
/// while the person types ("07" is not rewritten to "7" under their cursor).
pub fn field_agrees(text: &str, current: &ProjectFilter) -> bool {
    person_from_field(text) == Ok(current.person_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(person_id: Option<i64>, status: Option<&str>) -> ProjectFilter {
        ProjectFilter { person_id, status: status.map(str::to_owned) }
    }

    #[test]
    fn the_person_field_accepts_an_empty_or_positive_id_and_keeps_the_status() {
        let now = filter(Some(4), Some("failed"));
        assert_eq!(with_person(&now, " "), Ok(filter(None, Some("failed"))));
        assert_eq!(with_person(&now, "3"), Ok(filter(Some(3), Some("failed"))));
        assert_eq!(with_person(&now, "3.5"), Err("A person id is a whole number above 0.".into()));
        assert_eq!(with_person(&now, "0"), Err("A person id is a whole number above 0.".into()));
    }

    #[test]
    fn choosing_a_status_keeps_the_person_and_any_status_clears_it() {
        let now = filter(Some(4), Some("failed"));
        assert_eq!(with_status(&now, "completed"), filter(Some(4), Some("completed")));
        assert_eq!(with_status(&now, ""), filter(Some(4), None));
    }

    #[test]
    fn the_field_agrees_with_the_address_when_it_means_the_same_person() {
        assert!(field_agrees("07", &filter(Some(7), None)));
        assert!(field_agrees("", &filter(None, Some("failed"))));
        assert!(!field_agrees("8", &filter(Some(7), None)));
        assert!(!field_agrees("abc", &filter(None, None)));
    }
}
