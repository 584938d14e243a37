//! Styles: a named image-prompt phrase and motion-prompt phrase, added to every scene's prompts when
//! the person applies one in review. What a style may be, and what applying it does to a scene.

use crate::domain::scene_edit::SceneText;
use serde::{Deserialize, Serialize};

pub const NAME_MAX: usize = 60;
pub const PHRASE_MAX: usize = 500;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Style {
    pub name: String,
    pub image: String,
    pub motion: String,
}

/// Each field's problem, none when it is fine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problems {
    pub name: Option<String>,
    pub image: Option<String>,
    pub motion: Option<String>,
}

impl Problems {
    pub fn any(&self) -> bool {
        self.name.is_some() || self.image.is_some() || self.motion.is_some()
    }
}

/// A name's or phrase's length as it is checked and counted: its characters (an accented letter or an
/// emoji is one), without the space around it, which is not kept.
pub fn length(text: &str) -> usize {
    text.trim().chars().count()
}

/// Whether `name` is taken by another of `styles` than the one at `except`: names are told apart as a
/// person reads them, so "Noir" and " noir " are one.
fn taken(name: &str, styles: &[Style], except: Option<usize>) -> bool {
    let wanted = name.trim().to_lowercase();
    styles.iter().enumerate().any(|(at, s)| Some(at) != except && s.name.trim().to_lowercase() == wanted)
}

/// What is wrong with a style's name among `styles` (the one at `except` being renamed).
pub fn name_problem(name: &str, styles: &[Style], except: Option<usize>) -> Option<String> {
    let used = length(name);
    if used == 0 {
        Some("Enter a name for the style".into())
    } else if used > NAME_MAX {
        Some(format!("A style's name can be at most {NAME_MAX} characters (now {used})"))
    } else if taken(name, styles, except) {
        Some(format!("A style named “{}” exists already: choose another name", name.trim()))
    } else {
        None
    }
}

fn phrase_problem(what: &str, phrase: &str) -> Option<String> {
    let used = length(phrase);
    (used > PHRASE_MAX).then(|| format!("The {what} phrase can be at most {PHRASE_MAX} characters (now {used})"))
}

/// What is wrong with a new style among `styles`.
pub fn check(style: &Style, styles: &[Style]) -> Problems {
    let blank = style.image.trim().is_empty() && style.motion.trim().is_empty();
    Problems {
        name: name_problem(&style.name, styles, None),
        image: if blank {
            Some("Enter an image phrase, a motion phrase or both".into())
        } else {
            phrase_problem("image", &style.image)
        },
        motion: phrase_problem("motion", &style.motion),
    }
}

/// `phrase` added to the end of `prompt`, unless the prompt holds it already (applying a style twice
/// adds it once).
fn added(prompt: &str, phrase: &str) -> String {
    let phrase = phrase.trim();
    if phrase.is_empty() || prompt.contains(phrase) {
        prompt.to_owned()
    } else if prompt.trim().is_empty() {
        phrase.to_owned()
    } else {
        format!("{}, {phrase}", prompt.trim_end())
    }
}

/// `text` with the style's phrases added to its image and motion prompts; its description and
/// narration are the person's story, not its look, and stay.
pub fn styled(text: &SceneText, style: &Style) -> SceneText {
    SceneText {
        image_prompt: added(&text.image_prompt, &style.image),
        motion_prompt: added(&text.motion_prompt, &style.motion),
        ..text.clone()
    }
}

/// "scene 2", "scenes 1 and 3", "scenes 1, 2 and 3".
pub fn scenes_named(numbers: &[i64]) -> String {
    let mut listed = numbers.iter().map(i64::to_string).collect::<Vec<_>>();
    let last = listed.pop().unwrap_or_default();
    match listed.is_empty() {
        true => format!("scene {last}"),
        false => format!("scenes {} and {last}", listed.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn style(name: &str, image: &str, motion: &str) -> Style {
        Style { name: name.into(), image: image.into(), motion: motion.into() }
    }

    #[test]
    fn a_style_adds_its_phrases_to_both_prompts_once_and_leaves_the_story_alone() {
        let text = SceneText {
            description: "A fox".into(),
            image_prompt: "A red fox on ice ".into(),
            motion_prompt: String::new(),
            narration_text: "Dawn.".into(),
        };
        let noir = style("Noir", " film noir, high contrast ", "slow dolly in");
        let once = styled(&text, &noir);
        assert_eq!(once.image_prompt, "A red fox on ice, film noir, high contrast");
        assert_eq!(once.motion_prompt, "slow dolly in", "an empty prompt takes the phrase alone");
        assert_eq!((once.description.as_str(), once.narration_text.as_str()), ("A fox", "Dawn."));
        assert_eq!(styled(&once, &noir), once, "applied twice, added once");
        assert_eq!(styled(&text, &style("Still", "", "")), text, "blank phrases add nothing");
    }

    #[test]
    fn a_name_is_needed_short_and_not_taken_as_a_person_reads_it() {
        let kept = [style("Noir", "film noir", ""), style("Pastel", "soft pastel", "")];
        assert_eq!(name_problem("  ", &kept, None).as_deref(), Some("Enter a name for the style"));
        assert!(name_problem(" noir ", &kept, None).unwrap().contains("“noir” exists already"));
        assert_eq!(name_problem("Noir", &kept, Some(0)), None, "renamed to itself");
        assert!(name_problem("Noir", &kept, Some(1)).is_some(), "renamed to another's");
        let long = "é".repeat(NAME_MAX + 1);
        assert!(name_problem(&long, &kept, None).unwrap().ends_with("(now 61)"), "counted in characters");
        assert_eq!(name_problem(&"é".repeat(NAME_MAX), &kept, None), None);
    }

    #[test]
    fn a_style_needs_a_phrase_and_each_has_a_limit() {
        let blank = check(&style("Calm", " ", ""), &[]);
        assert_eq!(blank.image.as_deref(), Some("Enter an image phrase, a motion phrase or both"));
        assert!(blank.any());
        assert!(!check(&style("Calm", "", "a slow pan"), &[]).any(), "a motion phrase alone is a style");
        let long = check(&style("Calm", "x", &"y".repeat(PHRASE_MAX + 1)), &[]);
        assert_eq!(long.motion.as_deref(), Some("The motion phrase can be at most 500 characters (now 501)"));
        assert_eq!((long.name, long.image), (None, None));
    }

    #[test]
    fn scenes_are_named_as_a_sentence_says_them() {
        assert_eq!(scenes_named(&[2]), "scene 2");
        assert_eq!(scenes_named(&[1, 3]), "scenes 1 and 3");
        assert_eq!(scenes_named(&[1, 2, 3]), "scenes 1, 2 and 3");
    }
}
