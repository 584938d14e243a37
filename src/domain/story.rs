//! The story form's rules, matching the API exactly (spec 4.1 and 8).

use crate::api::{CreateProjectRequest, Project};
use serde::{Deserialize, Serialize};

pub const MIN_IDEA_CHARS: usize = 10;
pub const MAX_IDEA_CHARS: usize = 1000;
pub const MIN_SCENES: u8 = 2;
pub const MAX_SCENES: u8 = 10;
pub const DEFAULT_SCENES: u8 = 5;

/// Length as the server counts it: Unicode scalar values (an emoji or a CJK character is one),
/// not the UTF-16 units a browser's `maxlength` counts. Surrounding space is not sent, so not counted.
pub fn idea_length(idea: &str) -> usize {
    idea.trim().chars().count()
}

pub fn check_idea(idea: &str) -> Result<(), String> {
    let n = idea_length(idea);
    if n == 0 {
        Err("Describe your story idea.".into())
    } else if n < MIN_IDEA_CHARS {
        Err(format!("Write at least {MIN_IDEA_CHARS} characters (now {n})."))
    } else if n > MAX_IDEA_CHARS {
        Err(format!("Keep it to {MAX_IDEA_CHARS} characters: remove {} (now {n}).", n - MAX_IDEA_CHARS))
    } else {
        Ok(())
    }
}

pub fn parse_scene_count(text: &str) -> Result<u8, String> {
    let range = format!("Choose {MIN_SCENES} to {MAX_SCENES} scenes.");
    match text.trim().parse::<i64>() {
        Ok(n) if (MIN_SCENES as i64..=MAX_SCENES as i64).contains(&n) => Ok(n as u8),
        Ok(_) => Err(range),
        Err(_) if text.trim().is_empty() => Err(format!("Enter the number of scenes. {range}")),
        Err(_) => Err(format!("Enter a whole number. {range}")),
    }
}

pub fn parse_person_id(text: &str) -> Result<i64, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if n > 0 => Ok(n),
        _ if text.trim().is_empty() => Err("Enter the id of the person (character) for this video.".into()),
        _ => Err("A person id is a whole number above 0.".into()),
    }
}

/// What the person typed into the new-story form, exactly, so it can be kept as a draft (a field an
/// older version did not keep takes its default).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StoryDraft {
    pub idea: String,
    pub person_id: String,
    pub num_scenes: String,
    pub use_avatar_first_scene: bool,
    pub use_avatar_last_scene: bool,
}

impl Default for StoryDraft {
    fn default() -> Self {
        Self {
            idea: String::new(),
            person_id: String::new(),
            num_scenes: DEFAULT_SCENES.to_string(),
            use_avatar_first_scene: false,
            use_avatar_last_scene: false,
        }
    }
}

/// Each field's problem, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoryProblems {
    pub idea: Option<String>,
    pub person_id: Option<String>,
    pub num_scenes: Option<String>,
}

impl StoryDraft {
    /// The form filled in as a project was created, to start again after a failure.
    pub fn from_project(project: &Project) -> Self {
        Self {
            idea: project.ideas.clone(),
            person_id: project.person_id.map(|id| id.to_string()).unwrap_or_default(),
            num_scenes: if project.scenes.is_empty() {
                DEFAULT_SCENES.to_string()
            } else {
                project.scenes.len().to_string()
            },
            use_avatar_first_scene: project.use_avatar_first_scene,
            use_avatar_last_scene: project.use_avatar_last_scene,
        }
    }

    /// Whether putting `other` in the form would lose a story the person began here: theirs has an
    /// idea and differs from `other` in anything but surrounding space.
    pub fn would_be_lost_to(&self, other: &StoryDraft) -> bool {
        let trimmed = |d: &StoryDraft| StoryDraft { idea: d.idea.trim().to_owned(), ..d.clone() };
        !self.idea.trim().is_empty() && trimmed(self) != trimmed(other)
    }

    pub fn request(&self) -> Result<CreateProjectRequest, StoryProblems> {
        let idea = check_idea(&self.idea);
        let person_id = parse_person_id(&self.person_id);
        let num_scenes = parse_scene_count(&self.num_scenes);
        match (idea, person_id, num_scenes) {
            (Ok(()), Ok(person_id), Ok(num_scenes)) => Ok(CreateProjectRequest {
                person_id,
                story_idea: self.idea.trim().to_owned(),
                num_scenes,
                use_avatar_first_scene: self.use_avatar_first_scene,
                use_avatar_last_scene: self.use_avatar_last_scene,
            }),
            (idea, person_id, num_scenes) => {
                Err(StoryProblems { idea: idea.err(), person_id: person_id.err(), num_scenes: num_scenes.err() })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idea_length_boundaries() {
        assert!(check_idea(&"a".repeat(9)).is_err());
        assert!(check_idea(&"a".repeat(10)).is_ok());
        assert!(check_idea(&"a".repeat(1000)).is_ok());
        let over = check_idea(&"a".repeat(1001)).unwrap_err();
        assert!(over.contains("remove 1"), "{over}");
    }

    #[test]
    fn counts_unicode_scalar_values_like_the_server() {
        assert_eq!(idea_length("🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊"), 10, "an emoji is one, though two UTF-16 units");
        assert!(check_idea("🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊").is_ok());
        assert_eq!(idea_length("狐狸穿过结冰的湖面"), 9);
        assert!(check_idea("狐狸穿过结冰的湖面").is_err());
        assert_eq!(idea_length("e\u{301}"), 2, "a combining mark is its own scalar value");
        assert!(check_idea(&"🌊".repeat(1000)).is_ok(), "1000 emoji is 2000 UTF-16 units yet allowed");
        assert!(check_idea(&"🌊".repeat(1001)).is_err());
    }

    #[test]
    fn whitespace_does_not_count() {
        assert_eq!(check_idea("   \n\t  "), Err("Describe your story idea.".into()));
        assert!(check_idea("   123456789   ").is_err());
        assert!(check_idea(" 1234567890 ").is_ok());
    }

    #[test]
    fn scene_count_boundaries() {
        assert!(parse_scene_count("1").is_err());
        assert_eq!(parse_scene_count("2"), Ok(2));
        assert_eq!(parse_scene_count(" 10 "), Ok(10));
        assert!(parse_scene_count("11").is_err());
        assert!(parse_scene_count("").unwrap_err().contains("Enter the number"));
        assert!(parse_scene_count("five").unwrap_err().contains("whole number"));
        assert!(parse_scene_count("2.5").is_err());
        assert!(parse_scene_count("-3").is_err());
    }

    #[test]
    fn a_draft_survives_a_reload_as_it_was_typed() {
        let draft = StoryDraft {
            idea: "Ünïcode fox 🦊".into(),
            person_id: "x".into(),
            num_scenes: "".into(),
            ..StoryDraft::default()
        };
        let back: StoryDraft = serde_json::from_str(&serde_json::to_string(&draft).unwrap()).unwrap();
        assert_eq!(back, draft, "even invalid or empty fields come back as typed");
        let older: StoryDraft = serde_json::from_str(r#"{"idea": "A fox", "use_avatar_first_scene": true}"#).unwrap();
        assert_eq!((older.idea.as_str(), older.num_scenes.as_str()), ("A fox", "5"));
        assert!(older.use_avatar_first_scene);
    }

    #[test]
    fn person_id_is_a_positive_integer() {
        assert_eq!(parse_person_id(" 7 "), Ok(7));
        for bad in ["", "0", "-1", "x", "1.5"] {
            assert!(parse_person_id(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_valid_draft_becomes_the_request_and_an_invalid_one_names_each_field() {
        let draft = StoryDraft {
            idea: "  A fox crosses a frozen lake  ".into(),
            person_id: "3".into(),
            num_scenes: "4".into(),
            use_avatar_first_scene: true,
            ..StoryDraft::default()
        };
        let request = draft.request().unwrap();
        assert_eq!(request.story_idea, "A fox crosses a frozen lake");
        assert_eq!((request.person_id, request.num_scenes, request.use_avatar_first_scene), (3, 4, true));
        let problems =
            StoryDraft { idea: "short".into(), person_id: "".into(), num_scenes: "11".into(), ..StoryDraft::default() }
                .request()
                .unwrap_err();
        assert!(problems.idea.is_some() && problems.person_id.is_some() && problems.num_scenes.is_some());
        assert_eq!(StoryDraft::default().num_scenes, "5", "default 5 scenes");
    }

    #[test]
    fn a_failed_project_refills_the_form_it_came_from() {
        let project: Project = serde_json::from_str(
            r#"{"id": 9, "ideas": "A robot learns to paint", "person_id": 3, "use_avatar_last_scene": true,
                "scenes": [{"scene_number": 1}, {"scene_number": 2}, {"scene_number": 3}]}"#,
        )
        .unwrap();
        let draft = StoryDraft::from_project(&project);
        assert_eq!(draft.request().unwrap().num_scenes, 3);
        assert_eq!((draft.idea.as_str(), draft.person_id.as_str()), ("A robot learns to paint", "3"));
        assert!(draft.use_avatar_last_scene && !draft.use_avatar_first_scene);
    }

    #[test]
    fn starting_from_a_project_asks_only_before_losing_a_story_begun_in_the_form() {
        let project = StoryDraft {
            idea: "A robot learns to paint".into(),
            person_id: "3".into(),
            num_scenes: "4".into(),
            ..StoryDraft::default()
        };
        let mine = StoryDraft { idea: "A fox learns to sail".into(), ..project.clone() };
        assert!(mine.would_be_lost_to(&project), "another idea");
        assert!(
            StoryDraft { num_scenes: "7".into(), ..project.clone() }.would_be_lost_to(&project),
            "same idea, other count"
        );
        assert!(StoryDraft { use_avatar_first_scene: true, ..project.clone() }.would_be_lost_to(&project));
        assert!(!project.would_be_lost_to(&project), "the same story: nothing to lose");
        assert!(!StoryDraft { idea: " A robot learns to paint\n".into(), ..project.clone() }.would_be_lost_to(&project));
        assert!(!StoryDraft::default().would_be_lost_to(&project), "an untouched form");
        assert!(!StoryDraft { idea: "  \n ".into(), person_id: "9".into(), ..StoryDraft::default() }
            .would_be_lost_to(&project));
    }
}
