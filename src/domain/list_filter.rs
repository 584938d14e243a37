//! The projects list's filter form: which statuses it offers and what its fields mean.

use crate::api::ProjectFilter;
use crate::domain::story::parse_person_id;

/// The statuses offered as filters, in the order a person thinks of a project's life.
pub const STATUS_CHOICES: [&str; 7] =
    ["proposed", "generating", "upscaling", "completed", "failed", "creating", "draft"];

/// The filter the form's fields describe, or the message to show next to the person id field.
pub fn from_fields(person_id: &str, status: &str) -> Result<ProjectFilter, String> {
    let person_id = match person_id.trim() {
        "" => None,
        text => Some(parse_person_id(text)?),
    };
    let status = Some(status.trim().to_owned()).filter(|s| !s.is_empty());
    Ok(ProjectFilter { person_id, status })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(person_id: Option<i64>, status: Option<&str>) -> ProjectFilter {
        ProjectFilter { person_id, status: status.map(str::to_owned) }
    }

    #[test]
    fn the_form_accepts_an_empty_or_positive_person_id() {
        assert_eq!(from_fields(" ", ""), Ok(filter(None, None)));
        assert_eq!(from_fields("3", "completed"), Ok(filter(Some(3), Some("completed"))));
        assert_eq!(from_fields("3.5", ""), Err("A person id is a whole number above 0.".into()));
        assert_eq!(from_fields("0", "failed"), Err("A person id is a whole number above 0.".into()));
    }
}
