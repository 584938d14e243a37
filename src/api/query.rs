//! The projects list's filter, which the app's address and GET /scene-projects (4.2) write with the
//! same names: one type turns it into a query string and back.

/// The two optional filters of GET /scene-projects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProjectFilter {
    pub person_id: Option<i64>,
    pub status: Option<String>,
}

const PERSON_ID: &str = "person_id";
const STATUS: &str = "status_filter";

impl ProjectFilter {
    /// Reads the filter from decoded query parameters (the router's query map). Values that cannot
    /// be a filter (a person id that is not a positive whole number, an empty status) are left out,
    /// so a mangled link still opens a list rather than an error.
    pub fn from_query(param: impl Fn(&str) -> Option<String>) -> Self {
        let value = |key| param(key).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        Self {
            person_id: value(PERSON_ID).and_then(|v| v.parse::<i64>().ok()).filter(|id| *id > 0),
            status: value(STATUS),
        }
    }

    /// `?person_id=3&status_filter=failed`, or empty when nothing is filtered: for the app's address.
    pub fn to_query(&self) -> String {
        let parts: Vec<String> = self.pairs().iter().map(|(k, v)| format!("{k}={}", encode_component(v))).collect();
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }

    /// The parameters, not yet encoded: the API's request hands them to the browser's URL encoding.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if let Some(id) = self.person_id {
            pairs.push((PERSON_ID, id.to_string()));
        }
        if let Some(status) = self.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            pairs.push((STATUS, status.to_owned()));
        }
        pairs
    }

    /// Whether the filter narrows the list at all (otherwise it is every project).
    pub fn narrows(&self) -> bool {
        self.person_id.is_some() || self.status.is_some()
    }

    /// Whether `project` is one the service lists for this filter: its person, and its status value
    /// as written (4.2: "filter by project status value").
    pub fn admits(&self, project: &super::model::Project) -> bool {
        let status = self.status.as_deref().map(str::trim).filter(|s| !s.is_empty());
        self.person_id.is_none_or(|id| project.person_id == Some(id))
            && status.is_none_or(|s| project.status.as_str().eq_ignore_ascii_case(s))
    }
}

/// Percent-encodes everything but unreserved characters and `/`, for a value inside a query.
pub fn encode_component(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn filter(person_id: Option<i64>, status: Option<&str>) -> ProjectFilter {
        ProjectFilter { person_id, status: status.map(str::to_owned) }
    }

    fn read(pairs: &[(&str, &str)]) -> ProjectFilter {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        ProjectFilter::from_query(|key| map.get(key).cloned())
    }

    #[test]
    fn no_filter_is_the_bare_address_and_no_query_ends_in_an_ampersand() {
        assert_eq!(filter(None, None).to_query(), "");
        assert_eq!(filter(None, Some("  ")).to_query(), "");
        assert_eq!(filter(Some(2), None).to_query(), "?person_id=2");
        assert_eq!(filter(None, Some("failed")).to_query(), "?status_filter=failed");
        assert_eq!(filter(Some(2), Some("completed")).to_query(), "?person_id=2&status_filter=completed");
        assert!(!filter(None, None).narrows());
        assert!(filter(Some(2), None).narrows() && filter(None, Some("failed")).narrows());
    }

    #[test]
    fn values_are_encoded_so_they_come_back_whole() {
        assert_eq!(
            filter(None, Some("waiting for gpu & co/2")).to_query(),
            "?status_filter=waiting%20for%20gpu%20%26%20co/2"
        );
        assert_eq!(filter(None, Some("état")).to_query(), "?status_filter=%C3%A9tat");
        assert_eq!(filter(None, Some("a=b#c?d+e")).to_query(), "?status_filter=a%3Db%23c%3Fd%2Be");
    }

    #[test]
    fn decoded_parameters_are_read_and_odd_ones_left_out() {
        assert_eq!(read(&[("person_id", "4"), ("status_filter", "proposed")]), filter(Some(4), Some("proposed")));
        assert_eq!(
            read(&[("person_id", " 4 "), ("status_filter", " waiting for gpu ")]),
            filter(Some(4), Some("waiting for gpu"))
        );
        assert_eq!(read(&[("status_filter", ""), ("person_id", "")]), filter(None, None));
        assert_eq!(read(&[("person_id", "abc"), ("status_filter", "failed")]), filter(None, Some("failed")));
        for bad in ["-1", "0", "3.5", "99999999999999999999999999999"] {
            assert_eq!(read(&[("person_id", bad)]), filter(None, None), "{bad}");
        }
        assert_eq!(read(&[("utm_source", "mail")]), filter(None, None));
    }

    #[test]
    fn a_filter_admits_the_projects_the_service_would_list_for_it() {
        use super::super::model::{Project, ProjectStatus};
        let p = Project { id: 1, person_id: Some(3), status: ProjectStatus::Failed, ..Default::default() };
        assert!(ProjectFilter::default().admits(&p));
        assert!(ProjectFilter { person_id: Some(3), status: Some("failed".into()) }.admits(&p));
        assert!(ProjectFilter { person_id: None, status: Some(" FAILED ".into()) }.admits(&p));
        assert!(!ProjectFilter { person_id: Some(4), status: None }.admits(&p));
        assert!(!ProjectFilter { person_id: None, status: Some("completed".into()) }.admits(&p));
        assert!(!ProjectFilter { person_id: None, status: Some("paused".into()) }.admits(&p));
    }
}
