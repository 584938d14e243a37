//! The app's URLs in one place, and the rule for where sign-in may send a person back to.

use crate::api::{encode_component, ProjectFilter};

pub const HOME: &str = "/";
pub const SIGN_IN: &str = "/sign-in";
pub const NEW_STORY: &str = "/new";
pub const SEVERAL_STORIES: &str = "/new/several";
pub const PERSONS: &str = "/persons";
pub const SPENDING: &str = "/spending";
pub const STYLES: &str = "/styles";

/// The screen an address shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    SignIn,
    Projects,
    NewStory,
    SeveralStories,
    Persons,
    Spending,
    Styles,
    Project(i64),
    Video(i64),
    /// `/projects/<not an id>…`: said as a missing project, not a missing page.
    NoSuchProject,
    NotFound,
}

impl Screen {
    /// Every screen but signing in and a missing page shows the person's things: those wait for a sign-in.
    pub fn needs_sign_in(self) -> bool {
        !matches!(self, Screen::SignIn | Screen::NotFound)
    }

    /// The project a screen is about: its review and its video page.
    pub fn project_id(self) -> Option<i64> {
        match self {
            Screen::Project(id) | Screen::Video(id) => Some(id),
            _ => None,
        }
    }
}

/// The screen for a path (without query or fragment). A trailing slash is forgiven; a project id
/// is a positive whole number that fits an `i64` (letters, `-3` or 30 digits are no project).
pub fn screen_for(path: &str) -> Screen {
    let trimmed = path.trim_end_matches('/');
    let mut parts = trimmed.split('/').skip(1);
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (None, ..) => Screen::Projects,
        (Some("sign-in"), None, ..) => Screen::SignIn,
        (Some("new"), None, ..) => Screen::NewStory,
        (Some("new"), Some("several"), None, ..) => Screen::SeveralStories,
        (Some("persons"), None, ..) => Screen::Persons,
        (Some("spending"), None, ..) => Screen::Spending,
        (Some("styles"), None, ..) => Screen::Styles,
        (Some("projects"), Some(id), rest, None) => {
            let id = Some(id).filter(|id| id.bytes().all(|b| b.is_ascii_digit())).and_then(|id| id.parse().ok());
            match (id.filter(|id: &i64| *id > 0), rest) {
                (Some(id), None) => Screen::Project(id),
                (Some(id), Some("video")) => Screen::Video(id),
                (None, None | Some("video")) => Screen::NoSuchProject,
                _ => Screen::NotFound,
            }
        }
        _ => Screen::NotFound,
    }
}

/// The projects list, filtered.
pub fn projects(filter: &ProjectFilter) -> String {
    format!("{HOME}{}", filter.to_query())
}

/// The address's keys for what the list shows of its projects (the filter's are `ProjectFilter`'s).
pub const SEARCH: &str = "q";
pub const PAGE: &str = "page";

/// The projects list, filtered, searched for `search` and at `page` (the first, and a blank search,
/// are left out of the address).
pub fn projects_at(filter: &ProjectFilter, search: &str, page: usize) -> String {
    let mut pairs = filter.pairs();
    if !search.trim().is_empty() {
        pairs.push((SEARCH, search.trim().to_owned()));
    }
    if page > 1 {
        pairs.push((PAGE, page.to_string()));
    }
    let query: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={}", encode_component(v))).collect();
    if query.is_empty() {
        HOME.to_owned()
    } else {
        format!("{HOME}?{}", query.join("&"))
    }
}

pub fn project(id: i64) -> String {
    format!("/projects/{id}")
}

pub fn project_video(id: i64) -> String {
    format!("/projects/{id}/video")
}

/// The page that fits a project's state.
pub fn project_page(id: i64, status: &crate::api::ProjectStatus) -> String {
    match crate::domain::lifecycle::stage_for(status) {
        crate::domain::lifecycle::Stage::Review => project(id),
        crate::domain::lifecycle::Stage::Video => project_video(id),
    }
}

/// The sign-in page, remembering where the person was (a path of this app, never a token).
pub fn sign_in_returning_to(path: &str) -> String {
    let path = safe_return_path(path);
    if path == HOME {
        SIGN_IN.to_owned()
    } else {
        format!("{SIGN_IN}?return_to={}", encode_component(&path))
    }
}

/// Only a path inside this app is a place to return to: anything else (another origin, `//host`,
/// a `javascript:` URL, the sign-in page itself) returns home.
pub fn safe_return_path(candidate: &str) -> String {
    let path = candidate.trim();
    let inside = path.starts_with('/') && !path.starts_with("//") && !path.contains('\\') && !path.contains(':');
    let is_sign_in =
        path == SIGN_IN || path.starts_with(&format!("{SIGN_IN}?")) || path.starts_with(&format!("{SIGN_IN}/"));
    if inside && !is_sign_in {
        path.to_owned()
    } else {
        HOME.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_project_s_screens_name_it_and_no_other_does() {
        assert_eq!(screen_for("/projects/42").project_id(), Some(42));
        assert_eq!(screen_for("/projects/42/video").project_id(), Some(42));
        for path in ["/", "/sign-in", "/new", "/persons", "/spending", "/styles", "/projects/x", "/nowhere"] {
            assert_eq!(screen_for(path).project_id(), None, "{path}");
        }
    }

    #[test]
    fn each_address_shows_its_screen() {
        for (path, screen) in [
            ("/", Screen::Projects),
            ("", Screen::Projects),
            ("/sign-in", Screen::SignIn),
            ("/sign-in/", Screen::SignIn),
            ("/new", Screen::NewStory),
            ("/new/several", Screen::SeveralStories),
            ("/new/several/x", Screen::NotFound),
            ("/persons", Screen::Persons),
            ("/persons/1", Screen::NotFound),
            ("/spending", Screen::Spending),
            ("/styles", Screen::Styles),
            ("/styles/x", Screen::NotFound),
            ("/projects/42", Screen::Project(42)),
            ("/projects/42/video", Screen::Video(42)),
            ("/projects/42/video/", Screen::Video(42)),
            ("/projects/abc", Screen::NoSuchProject),
            ("/projects/-3/video", Screen::NoSuchProject),
            ("/projects/0", Screen::NoSuchProject),
            ("/projects/+4", Screen::NoSuchProject),
            ("/projects/999999999999999999999999999999", Screen::NoSuchProject),
            ("/projects", Screen::NotFound),
            ("/projects/42/edit", Screen::NotFound),
            ("/projects/42/video/extra", Screen::NotFound),
            ("/new/x", Screen::NotFound),
            ("/nowhere", Screen::NotFound),
        ] {
            assert_eq!(screen_for(path), screen, "{path:?}");
        }
        assert_eq!(screen_for(&project_video(7)), Screen::Video(7));
    }

    #[test]
    fn only_signing_in_and_a_missing_page_are_shown_without_a_sign_in() {
        let open = [Screen::SignIn, Screen::NotFound];
        for screen in [
            Screen::Projects,
            Screen::NewStory,
            Screen::SeveralStories,
            Screen::Persons,
            Screen::Spending,
            Screen::Styles,
            Screen::Project(4),
            Screen::Video(4),
            Screen::NoSuchProject,
        ] {
            assert!(screen.needs_sign_in(), "{screen:?}");
        }
        assert!(open.iter().all(|s| !s.needs_sign_in()));
    }

    #[test]
    fn returns_only_to_paths_of_this_app() {
        assert_eq!(safe_return_path("/projects/4/video"), "/projects/4/video");
        assert_eq!(safe_return_path("/?status_filter=failed"), "/?status_filter=failed");
        for bad in [
            "https://evil.example/",
            "//evil.example",
            "/\\evil.example",
            "javascript:alert(1)",
            "",
            "projects/4",
            "/sign-in",
            "/sign-in?return_to=/x",
        ] {
            assert_eq!(safe_return_path(bad), "/", "{bad:?}");
        }
    }

    #[test]
    fn sign_in_link_carries_the_return_path_encoded() {
        assert_eq!(
            sign_in_returning_to("/projects/4?tab=a b&x=1"),
            "/sign-in?return_to=/projects/4%3Ftab%3Da%20b%26x%3D1"
        );
        assert_eq!(sign_in_returning_to("/"), "/sign-in");
        assert_eq!(sign_in_returning_to("https://evil.example"), "/sign-in");
    }

    #[test]
    fn the_list_address_holds_its_filter_search_and_page_and_nothing_needless() {
        let filter = ProjectFilter { person_id: Some(3), status: Some("failed".into()) };
        assert_eq!(projects_at(&filter, " paper boat ", 4), "/?person_id=3&status_filter=failed&q=paper%20boat&page=4");
        assert_eq!(projects_at(&ProjectFilter::default(), "  ", 1), "/");
        assert_eq!(projects_at(&ProjectFilter::default(), "fox", 1), "/?q=fox");
        assert_eq!(screen_for("/"), Screen::Projects);
    }
}
