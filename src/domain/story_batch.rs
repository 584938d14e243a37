//! Several stories at once: ideas one a line, or read from a `.txt` or `.csv` file (idea, scenes,
//! person), each checked as the story form checks it, created one after another, and kept with what
//! became of each across a reload. A story whose answer was lost is looked for among the newest
//! projects before it may be sent again, so none is ever created twice.

use crate::api::Project;
use crate::domain::project_list::utc_millis;
use crate::domain::story::{StoryDraft, StoryProblems};
use serde::{Deserialize, Serialize};

/// At most this many stories a batch: each is a form of its own on the page, and the batch is kept
/// whole in the browser's storage, both of which a file of thousands of lines would overwhelm.
pub const MAX_STORIES: usize = 100;

/// One story of the batch, as typed, and what became of it; `id` tells it apart for as long as it is
/// in the batch (its number on the page changes when one before it is removed).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Story {
    pub id: u64,
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
            id: 0,
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

/// Adds `more` to the batch, each with an id of its own, never one a story sent before had (`claims`):
/// a story added again after the first was cleared is a story of its own. Refused whole when the batch
/// would pass `MAX_STORIES`. Says how many were added.
pub fn add(stories: &mut Vec<Story>, more: Vec<Story>, claims: &Claims) -> Result<usize, String> {
    let after = stories.len() + more.len();
    if after > MAX_STORIES {
        return Err(format!(
            "Up to {MAX_STORIES} stories at a time: these would make {after}. Propose or remove some first, or add fewer."
        ));
    }
    let mut next = stories.iter().map(|s| s.id).chain(claims.iter().map(|(id, ..)| *id)).max().unwrap_or(0);
    let n = more.len();
    stories.extend(more.into_iter().map(|mut s| {
        next += 1;
        s.id = next;
        s
    }));
    Ok(n)
}

/// The ideas of a text, one a line (blank lines skipped).
pub fn from_lines(text: &str, scenes: &str, person: &str) -> Vec<Story> {
    let text = text.trim_start_matches('\u{feff}');
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| Story::new(l, scenes, person)).collect()
}

/// The stories of a CSV file: idea, then optionally scenes and person, a header row ("idea", …)
/// skipped; a missing scenes or person takes the ones given. Fields are split by commas, or by
/// semicolons when the first line has no comma (as some spreadsheets write); quoted fields may hold
/// separators, line breaks and doubled quotes.
pub fn from_csv(text: &str, scenes: &str, person: &str) -> Result<Vec<Story>, String> {
    let text = text.trim_start_matches('\u{feff}').replace("\r\n", "\n");
    let first = text.lines().next().unwrap_or_default();
    let separator = if !first.contains(',') && first.contains(';') { ';' } else { ',' };
    let rows = csv_rows(&text, separator)?;
    let header = rows.first().and_then(|r| r.first()).is_some_and(|c| c.trim().eq_ignore_ascii_case("idea"));
    Ok(rows
        .into_iter()
        .skip(usize::from(header))
        .filter(|r| r.first().is_some_and(|idea| !idea.trim().is_empty()))
        .map(|r| {
            let or = |i: usize, given: &str| {
                r.get(i).map(|c| c.trim()).filter(|c| !c.is_empty()).unwrap_or(given).to_owned()
            };
            Story::new(&r[0], &or(1, scenes), &or(2, person))
        })
        .collect())
}

fn csv_rows(text: &str, separator: char) -> Result<Vec<Vec<String>>, String> {
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
            (false, c) if c == separator => row.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(format!(
            "The file has a quote that is never closed, in row {}: nothing was added. Close it, or remove it, and choose the file again.",
            rows.len() + 1
        ));
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    Ok(rows)
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

/// What was sent of the batch by every tab of this device: each story sent, by id and idea, with
/// what became of it, oldest first. Kept apart from the batch, which each tab writes whole, and only
/// ever merged into (also when a tab's batch is emptied), so one tab's copy of the batch never undoes
/// another's sending.
pub type Claims = Vec<(u64, String, State)>;

/// The claims kept: the newest this many, far more than a batch holds.
pub const MAX_CLAIMS: usize = 10 * MAX_STORIES;

/// What a tab of this device made of `story`, if it sent it: not this tab's to send again.
pub fn claimed(claims: &Claims, story: &Story) -> Option<State> {
    claims.iter().find(|(id, idea, _)| *id == story.id && *idea == story.idea).map(|(_, _, state)| state.clone())
}

/// Notes what became of `story` once it was sent (a story never sent is no claim).
pub fn note(claims: &mut Claims, story: &Story) {
    if matches!(story.state, State::ToSend) {
        return;
    }
    claims.retain(|(id, idea, _)| !(*id == story.id && *idea == story.idea));
    claims.push((story.id, story.idea.clone(), story.state.clone()));
    let over = claims.len().saturating_sub(MAX_CLAIMS);
    claims.drain(..over);
}

/// The project a story in doubt became, among `projects` (the newest): the same idea and person,
/// made no earlier than a minute before it was sent (a clock may differ that much), and not one
/// another story of the batch already is.
pub fn found_among(stories: &[Story], at: usize, projects: &[Project]) -> Option<i64> {
    let story = stories.get(at)?;
    let (State::Sending(sent) | State::Unsure(sent)) = story.state else { return None };
    let claimed = |id: i64| stories.iter().any(|s| s.state == State::Proposed(id));
    let (idea, person) = (story.idea.trim(), story.person.trim().parse::<i64>().ok());
    projects
        .iter()
        .filter(|p| p.ideas.trim() == idea && (person.is_none() || p.person_id == person) && !claimed(p.id))
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
        let stories = from_csv(text, "5", "1").unwrap();
        assert_eq!(stories.len(), 3, "{stories:?}");
        assert_eq!(stories[0], Story::new("A baker, at dawn, \"rises\"", "4", "7"));
        assert_eq!(stories[1], Story::new("A fisherman mends his nets", "5", "1"));
        assert_eq!(stories[2], Story::new("Two lines\nin one idea", "6", "1"));
        assert_eq!(from_csv("One idea without a header row", "5", "1").unwrap().len(), 1);
        let semicolons = from_csv("idea;scenes;person\r\n\"A baker; at dawn\r\nrises\";3;2\r\n", "5", "1").unwrap();
        assert_eq!(semicolons, [Story::new("A baker; at dawn\nrises", "3", "2")]);
        let unclosed = from_csv("idea\nA fine idea\n\"A quote never closed, then\nmore lines", "5", "1");
        assert!(unclosed.unwrap_err().contains("never closed, in row 3"));
        assert_eq!(
            from_lines("\u{feff}A first idea of enough length", "5", "1")[0].idea,
            "A first idea of enough length"
        );
    }

    #[test]
    fn each_story_added_gets_an_id_of_its_own_and_the_batch_has_a_limit() {
        let mut stories = Vec::new();
        assert_eq!(
            add(
                &mut stories,
                from_lines("An idea of a good length\nAnother of a good length", "5", "1"),
                &Claims::new()
            ),
            Ok(2)
        );
        stories.remove(0);
        assert_eq!(add(&mut stories, from_lines("A third one, long enough", "5", "1"), &Claims::new()), Ok(1));
        assert_eq!(
            stories.iter().map(|s| s.id).collect::<Vec<_>>(),
            [2, 3],
            "never an id reused while its story is there"
        );
        let many = "An idea of a good length\n".repeat(MAX_STORIES - 1);
        assert!(add(&mut stories, from_lines(&many, "5", "1"), &Claims::new())
            .unwrap_err()
            .starts_with("Up to 100 stories at a time"));
        assert_eq!(stories.len(), 2, "nothing added of a batch that would pass the limit");
        // Story 3 proposed, then cleared from the batch: the same idea added again is a new story.
        let mut claims = Claims::new();
        stories[1].state = State::Proposed(9);
        note(&mut claims, &stories[1]);
        stories.pop();
        assert_eq!(add(&mut stories, from_lines("A third one, long enough", "5", "1"), &claims), Ok(1));
        assert_eq!(stories[1].id, 4, "never the id of a story sent before");
        assert_eq!(claimed(&claims, &stories[1]), None);
    }

    #[test]
    fn a_story_another_tab_sent_is_claimed_by_its_id_and_idea() {
        let mut stories = from_lines("An idea of a good length\nAnother of a good length", "5", "1");
        (stories[0].id, stories[1].id) = (1, 2);
        let mut claims = Claims::new();
        note(&mut claims, &stories[0]);
        assert!(claims.is_empty(), "a story not sent is no claim");
        stories[1].state = State::Sending(7);
        note(&mut claims, &stories[1]);
        stories[1].state = State::Proposed(40);
        note(&mut claims, &stories[1]);
        assert_eq!(claims.len(), 1);
        assert_eq!(claimed(&claims, &stories[1]), Some(State::Proposed(40)));
        let mut other = stories[1].clone();
        other.idea = "Another tab's story with the same id".into();
        assert_eq!(claimed(&claims, &other), None, "the same id with another idea is another story");
        for id in 10..10 + MAX_CLAIMS as u64 {
            note(&mut claims, &Story { id, state: State::Proposed(1), ..Story::default() });
        }
        assert_eq!(claims.len(), MAX_CLAIMS);
        assert_eq!(claims.first().map(|c| c.0), Some(10), "the oldest went first");
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
        stories[1].idea = format!("{IDEA} \n");
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
