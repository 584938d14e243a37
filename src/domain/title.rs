//! How a project is named wherever it appears: headings, the tab's title, the projects list.

use crate::api::{Project, ProjectStatus};

/// Its description, else its story idea, else "Untitled project 4"; "Project 4" while it is not
/// read yet.
pub fn project_title(id: i64, project: Option<&Project>) -> String {
    project_title_within(id, project, usize::MAX)
}

/// The same, its own text shortened to `max_chars` for a list.
pub fn project_title_within(id: i64, project: Option<&Project>, max_chars: usize) -> String {
    let Some(p) = project else { return format!("Project {id}") };
    let text = if p.description.trim().is_empty() { p.ideas.trim() } else { p.description.trim() };
    if text.is_empty() {
        format!("Untitled project {id}")
    } else {
        shorten(text, max_chars)
    }
}

/// At most `max_chars` characters, cut on a character boundary with an ellipsis.
pub fn shorten(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_owned();
    }
    format!("{}…", text.chars().take(max_chars.saturating_sub(1)).collect::<String>().trim_end())
}

/// The tab's title on the video page, so the state shows while the person works elsewhere.
pub fn tab_title(name: &str, status: Option<(&ProjectStatus, u8)>) -> String {
    match status {
        Some((ProjectStatus::Completed, _)) => "✓ Ready".to_owned(),
        Some((ProjectStatus::Failed, _)) => format!("Failed · {name}"),
        Some((_, progress)) => format!("{progress}% · {name}"),
        None => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_project_is_named_by_its_description_then_its_idea() {
        let mut p = Project { id: 9, ..Project::default() };
        assert_eq!(project_title(9, None), "Project 9");
        assert_eq!(project_title(9, Some(&p)), "Untitled project 9");
        p.ideas = "  A fox learns to sail  ".into();
        assert_eq!(project_title(9, Some(&p)), "A fox learns to sail");
        p.description = " Fox at sea ".into();
        assert_eq!(project_title(9, Some(&p)), "Fox at sea");
    }

    #[test]
    fn shortening_keeps_whole_characters() {
        assert_eq!(shorten("A fox learns to sail", 100), "A fox learns to sail");
        assert_eq!(shorten("A fox learns to sail", 10), "A fox lea…");
        assert_eq!(shorten("Fox 🦊 at sea", 5), "Fox…");
        assert_eq!(shorten("Fox 🦊 at sea", 6), "Fox 🦊…");
    }

    #[test]
    fn the_tab_tells_the_state() {
        assert_eq!(tab_title("Fox", None), "Fox");
        assert_eq!(tab_title("Fox", Some((&ProjectStatus::Generating, 40))), "40% · Fox");
        assert_eq!(tab_title("Fox", Some((&ProjectStatus::Completed, 100))), "✓ Ready");
        assert_eq!(tab_title("Fox", Some((&ProjectStatus::Failed, 60))), "Failed · Fox");
        assert_eq!(tab_title("Fox", Some((&ProjectStatus::Unknown("paused".into()), 5))), "5% · Fox");
    }
}
