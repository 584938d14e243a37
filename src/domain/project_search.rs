//! Finding projects on the device as the person types: every word of the search must be somewhere in a
//! project's title, idea or scenes' narrations. Each project's text is folded once per list read, so
//! each key only scans; 2,000 projects of 6 KB are about 12 MB to scan (a few ms; docs/benchmark.md).

use crate::api::Project;

/// Text as searched: ASCII letters lowered, everything else as it is. (Unicode case folding would bring
/// its tables into the wasm; ideas in other scripts are matched as typed.)
pub fn fold(text: &str) -> String {
    text.to_ascii_lowercase()
}

/// What a project is found by: its title and idea, and every scene's narration, folded.
pub fn searchable(project: &Project) -> String {
    let mut text = String::with_capacity(project.description.len() + project.ideas.len() + 64 * project.scenes.len());
    for part in [&project.description, &project.ideas] {
        text.push_str(part);
        text.push('\n');
    }
    for scene in &project.scenes {
        text.push_str(&scene.narration_text);
        text.push('\n');
    }
    fold(&text)
}

/// The words of a search: split at white space, folded; none for a blank search.
pub fn words(search: &str) -> Vec<String> {
    search.split_whitespace().map(fold).collect()
}

/// Whether every word is in `text` (a project's `searchable` text).
pub fn matches(text: &str, words: &[String]) -> bool {
    words.iter().all(|w| text.contains(w.as_str()))
}

/// "12 projects match "fox"", said beside the search box.
pub fn how_many(found: usize, of: usize, search: &str) -> String {
    let search = search.trim();
    match found {
        0 => format!("No project of {of} matches \u{201c}{search}\u{201d}."),
        1 => format!("1 project of {of} matches \u{201c}{search}\u{201d}."),
        n => format!("{n} projects of {of} match \u{201c}{search}\u{201d}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Scene;

    fn project(id: i64, ideas: &str, narrations: &[&str]) -> Project {
        let scenes = narrations
            .iter()
            .enumerate()
            .map(|(i, n)| Scene { scene_number: i as i64 + 1, narration_text: (*n).into(), ..Default::default() })
            .collect();
        Project { id, ideas: ideas.into(), scenes, ..Default::default() }
    }

    #[test]
    fn every_word_must_be_found_in_the_idea_or_a_narration_whatever_the_case() {
        let fox = searchable(&project(1, "A Fox crosses the frozen LAKE", &["The ice sings at dawn."]));
        assert!(matches(&fox, &words("fox")));
        assert!(matches(&fox, &words("  lake   ICE ")));
        assert!(matches(&fox, &words("dawn fox")));
        assert!(!matches(&fox, &words("fox owl")));
        assert!(matches(&fox, &words("")), "a blank search finds everything");
    }

    #[test]
    fn words_of_other_scripts_are_found_as_typed() {
        let text = searchable(&project(2, "Ein Fuchs überquert den See", &["Лиса идёт"]));
        assert!(matches(&text, &words("überquert")));
        assert!(matches(&text, &words("Лиса")));
    }

    #[test]
    fn two_thousand_projects_are_searched_in_one_pass_each() {
        let all: Vec<String> = (0..2000)
            .map(|i| searchable(&project(i, &format!("story {i} of a paper boat"), &["It sails far away."; 10])))
            .collect();
        let found = all.iter().filter(|t| matches(t, &words("story 1999"))).count();
        assert_eq!(found, 1);
        assert_eq!(all.iter().filter(|t| matches(t, &words("BOAT sails"))).count(), 2000);
    }

    #[test]
    fn the_count_says_how_many_of_how_many_match() {
        assert_eq!(how_many(0, 2000, " fox "), "No project of 2000 matches \u{201c}fox\u{201d}.");
        assert_eq!(how_many(1, 2000, "fox"), "1 project of 2000 matches \u{201c}fox\u{201d}.");
        assert_eq!(how_many(12, 2000, "fox"), "12 projects of 2000 match \u{201c}fox\u{201d}.");
    }
}
