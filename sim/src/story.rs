//! Scene proposals derived from a story idea: deterministic, readable, and visibly about the idea.
//! `samples` writes whole stories for seeded projects.

pub mod samples;

pub struct Proposal {
    pub description: String,
    pub image_prompt: String,
    pub motion_prompt: String,
    pub narration_text: String,
}

const BEATS: [(&str, &str); 6] = [
    ("Opening", "establishes the world of"),
    ("Setup", "introduces what is at stake in"),
    ("Rising action", "raises the tension of"),
    ("Turning point", "changes the course of"),
    ("Climax", "brings to a head"),
    ("Resolution", "brings to rest"),
];

const SHOTS: [&str; 5] =
    ["wide establishing shot", "medium shot", "close-up", "over-the-shoulder shot", "low-angle shot"];
const LIGHT: [&str; 4] = ["golden hour light", "soft overcast light", "moody blue dusk", "warm interior light"];
const MOTION: [&str; 5] = [
    "slow dolly-in towards the subject",
    "gentle pan from left to right",
    "handheld tracking shot following the action",
    "slow crane up revealing the scene",
    "static camera with subtle parallax",
];

/// The beat of scene `number` (1-based) in a story of `total` scenes: first is the opening, last the resolution.
fn beat(number: usize, total: usize) -> (&'static str, &'static str) {
    let last = BEATS.len() - 1;
    let index = if number == total { last } else { ((number - 1) * last).div_ceil(total - 1).min(last - 1) };
    BEATS[index]
}

pub fn excerpt(text: &str, max_chars: usize) -> String {
    let clean = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if clean.chars().count() <= max_chars {
        return clean;
    }
    let cut: String = clean.chars().take(max_chars).collect();
    let at_word = cut.rfind(' ').filter(|i| *i > max_chars / 2).map_or(cut.as_str(), |i| &cut[..i]);
    format!("{}…", at_word.trim_end_matches([',', ';', ':', '.']))
}

pub fn project_description(idea: &str, scenes: usize) -> String {
    format!("A {scenes}-scene story: {}", excerpt(idea, 120))
}

pub fn propose(idea: &str, total: usize, avatar_first: bool, avatar_last: bool) -> Vec<Proposal> {
    let gist = excerpt(idea, 80);
    (1..=total)
        .map(|n| {
            let (name, verb) = beat(n, total);
            let avatar = (n == 1 && avatar_first) || (n == total && avatar_last);
            let description = if avatar {
                format!("{name}: the narrator speaks to camera and {verb} \"{gist}\".")
            } else {
                format!("{name}: this scene {verb} \"{gist}\".")
            };
            let shot = if avatar { "talking-head portrait" } else { SHOTS[(n - 1) % SHOTS.len()] };
            Proposal {
                description,
                image_prompt: format!(
                    "Cinematic {shot}, {}, {gist}, scene {n} of {total}, 35mm film look",
                    LIGHT[(n - 1) % LIGHT.len()]
                ),
                motion_prompt: if avatar {
                    "subtle head movement, natural blinking, steady camera".into()
                } else {
                    MOTION[(n - 1) % MOTION.len()].into()
                },
                narration_text: narration(n, total, &gist),
            }
        })
        .collect()
}

fn narration(n: usize, total: usize, gist: &str) -> String {
    match n {
        1 => format!("It begins like this: {gist}."),
        _ if n == total => "And so the story comes to rest, changed by everything that came before.".into(),
        _ => format!("Chapter {n}: the story moves on, and nothing stays quite the same."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beats_open_and_resolve() {
        assert_eq!(beat(1, 2).0, "Opening");
        assert_eq!(beat(2, 2).0, "Resolution");
        let names: Vec<_> = (1..=5).map(|n| beat(n, 5).0).collect();
        assert_eq!(names, ["Opening", "Rising action", "Turning point", "Climax", "Resolution"]);
        let ten: Vec<_> = (1..=10).map(|n| beat(n, 10).0).collect();
        assert_eq!(ten.first(), Some(&"Opening"));
        assert_eq!(ten.last(), Some(&"Resolution"));
    }

    #[test]
    fn proposals_quote_the_idea_and_are_deterministic() {
        let a = propose("A lighthouse keeper befriends a whale", 3, true, false);
        assert_eq!(a.len(), 3);
        assert!(a[1].description.contains("A lighthouse keeper befriends a whale"));
        assert!(a[0].image_prompt.contains("talking-head"));
        assert_eq!(propose("A lighthouse keeper befriends a whale", 3, true, false)[2].image_prompt, a[2].image_prompt);
    }

    #[test]
    fn excerpts_cut_at_a_word() {
        assert_eq!(excerpt("one  two\nthree", 20), "one two three");
        assert_eq!(excerpt("alpha beta gamma delta", 14), "alpha beta…");
    }
}
