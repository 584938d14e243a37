//! Several stories at once: ideas one a line, or read from a `.txt` or `.csv` file (idea, scenes,
//! person), each checked as the story form checks it, created one after another, and kept with what
//! became of each across a reload. A story whose answer was lost is looked for among the newest
//! projects before it may be sent again, so none is ever created twice.

use crate::api::Project;
use crate::domain::project_list::utc_millis;
use crate::domain::story::{StoryDraft, StoryProblems};
use serde::{Deserialize, Serialize};

/// One story of the batch, as typed, and what became of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Story {
    pub idea: String,
    pub scenes: String,
    pub person: String,
    pub state: State,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum State {
    #[default]
    ToSend,
    /// Its request left at this moment (ms since 1970): kept before it leaves, so a reload mid-way
    /// finds it and looks for the project before sending again.
    Sending(u64),
    /// No answer told whether it was made: looked for among the newest projects.
    Unsure(u64),
    /// Refused, with why: kept, and sent again only on the person's word.
    Failed(String),
    Proposed(i64),
}

impl Story {
    pub fn new(idea: &str, scenes: &str, person: &str) -> Self {
        Story {
            idea: idea.trim().to_owned(),
            scenes: scenes.trim().to_owned(),
            person: person.trim().to_owned(),
            state: State::ToSend,
        }
    }

    /// The story form's own checks, field by field.
    pub fn problems(&self) -> StoryProblems {
        self.draft().request().err().unwrap_or_default()
    }

    pub fn draft(&self) -> StoryDraft {
        StoryDraft {
            idea: self.idea.clone(),
            person_id: self.person.clone(),
            num_scenes: self.scenes.clone(),
            ..Default::default()
        }
    }

    /// Whether the answer to its request is awaited or unknown: it may exist, and is not sent again
    /// until it is found or known not to be.
    pub fn in_doubt(&self) -> bool {
        matches!(self.state, State::Sending(_) | State::Unsure(_))
    }
}

/// The ideas of a text, one a line (blank lines skipped).
pub fn from_lines(text: &str, scenes: &str, person: &str) -> Vec<Story> {
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| Story::new(l, scenes, person)).collect()
}

/// The stories of a CSV file: idea, then optionally scenes and person, a header row ("idea", …)
/// skipped; a missing scenes or person takes the ones given. Quoted fields may hold commas, line
/// breaks and doubled quotes.
pub fn from_csv(text: &str, scenes: &str, person: &str) -> Vec<Story> {
    let rows = csv_rows(text.trim_start_matches('\u{feff}'));
    let header = rows.first().and_then(|r| r.first()).is_some_and(|c| c.trim().eq_ignore_ascii_case("idea"));
    rows.into_iter()
        .skip(usize::from(header))
        .filter(|r| r.first().is_some_and(|idea| !idea.trim().is_empty()))
        .map(|r| {
            let or = |i: usize, given: &str| {
                r.get(i).map(|c| c.trim()).filter(|c| !c.is_empty()).unwrap_or(given).to_owned()
            };
            Story::new(&r[0], &or(1, scenes), &or(2, person))
        })
        .collect()
}

fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let (mut rows, mut row, mut field) = (Vec::new(), Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}

/// "2 of 5 proposed".
pub fn progress(stories: &[Story]) -> String {
    let done = stories.iter().filter(|s| matches!(s.state, State::Proposed(_))).count();
    format!("{done} of {} proposed", stories.len())
}

/// The next story "Propose all" sends: one not sent yet. A failed one waits for its own "Send again".
pub fn next_to_send(stories: &[Story]) -> Option<usize> {
    stories.iter().position(|s| s.state == State::ToSend)
}

/// The project a story in doubt became, among `projects` (the newest): the same idea and person,
/// made no earlier than a minute before it was sent (a clock may differ that much), and not one
/// another story of the batch already is.
pub fn found_among(stories: &[Story], at: usize, projects: &[Project]) -> Option<i64> {
    let story = stories.get(at)?;
    let (State::Sending(sent) | State::Unsure(sent)) = story.state else { return None };
    let claimed = |id: i64| stories.iter().any(|s| s.state == State::Proposed(id));
    let person = story.person.parse::<i64>().ok();
    projects
        .iter()
        .filter(|p| p.ideas.trim() == story.idea && (person.is_none() || p.person_id == person) && !claimed(p.id))
        .find(|p| {
            let made = p.created_at.as_deref().and_then(utc_millis);
            made.is_none_or(|made| made >= sent as i64 - 60_000)
        })
        .map(|p| p.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    const IDEA: &str = "A lighthouse keeper befriends a lost whale";

    fn project(id: i64, ideas: &str, person: i64, created_at: Option<&str>) -> Project {
        Project {
            id,
            ideas: ideas.into(),
            person_id: Some(person),
            created_at: created_at.map(str::to_owned),
            ..Default::default()
        }
    }

    #[test]
    fn lines_are_ideas_and_blank_ones_are_skipped() {
        let stories = from_lines("  First idea of many words \n\n\tSecond idea, also long\n", "3", "2");
        assert_eq!(
            stories.iter().map(|s| s.idea.as_str()).collect::<Vec<_>>(),
            ["First idea of many words", "Second idea, also long"]
        );
        assert!(stories.iter().all(|s| s.scenes == "3" && s.person == "2" && s.state == State::ToSend));
    }

    #[test]
    fn a_csv_gives_each_story_its_scenes_and_person_or_the_ones_given() {
        let text = "\u{feff}idea,scenes,person\r\n\"A baker, at dawn, \"\"rises\"\"\",4,7\r\nA fisherman mends his nets,,\n\"Two lines\nin one idea\",6\n,3,1\n";
        let stories = from_csv(text, "5", "1");
        assert_eq!(stories.len(), 3, "{stories:?}");
        assert_eq!(stories[0], Story::new("A baker, at dawn, \"rises\"", "4", "7"));
        assert_eq!(stories[1], Story::new("A fisherman mends his nets", "5", "1"));
        assert_eq!(stories[2], Story::new("Two lines\nin one idea", "6", "1"));
        assert_eq!(from_csv("One idea without a header row", "5", "1").len(), 1);
    }

    #[test]
    fn each_story_is_checked_as_the_form_checks_it() {
        let short = Story::new("Too short", "5", "1");
        assert!(short.problems().idea.is_some_and(|m| m.contains("at least 10")));
        let bad = Story::new(IDEA, "12", "x");
        let problems = bad.problems();
        assert!(problems.idea.is_none() && problems.num_scenes.is_some() && problems.person_id.is_some());
        assert_eq!(Story::new(IDEA, "5", "1").problems(), StoryProblems::default());
    }

    #[test]
    fn the_next_sent_is_one_not_sent_yet_never_a_failed_or_doubtful_one() {
        let mut stories = from_lines(&format!("{IDEA}\n{IDEA} again\n{IDEA} thrice"), "5", "1");
        stories[0].state = State::Failed("Not found".into());
        stories[1].state = State::Unsure(5);
        assert_eq!(next_to_send(&stories), Some(2));
        stories[2].state = State::Proposed(9);
        assert_eq!(next_to_send(&stories), None);
        assert_eq!(progress(&stories), "1 of 3 proposed");
        assert!(stories[1].in_doubt() && !stories[0].in_doubt());
    }

    #[test]
    fn a_story_in_doubt_is_found_by_its_idea_person_and_time_and_never_twice() {
        let sent = utc_millis("2026-12-06T10:00:00Z").unwrap() as u64;
        let mut stories = vec![Story::new(IDEA, "5", "1"), Story::new(IDEA, "5", "1")];
        stories[0].state = State::Unsure(sent);
        stories[1].state = State::Sending(sent);
        let projects = [
            project(30, IDEA, 1, Some("2026-12-06T10:00:02Z")),
            project(20, IDEA, 2, Some("2026-12-06T10:00:01Z")),
            project(10, IDEA, 1, Some("2026-12-01T09:00:00Z")),
        ];
        assert_eq!(found_among(&stories, 0, &projects), Some(30));
        stories[0].state = State::Proposed(30);
        assert_eq!(found_among(&stories, 1, &projects), None, "another person's, or made days before, is not it");
        assert_eq!(
            found_among(&stories, 1, &[project(31, IDEA, 1, None)]),
            Some(31),
            "no time shown: the idea and person tell"
        );
        assert_eq!(found_among(&stories, 0, &projects), None, "only a story in doubt is looked for");
    }
}
