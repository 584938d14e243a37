//! The texts of seeded projects (`/_sim/seed`, `--seed`): story ideas, scene texts and narrations built from
//! word lists by a small generator of our own, the same for the same seed on every machine. Each project draws
//! its own cast (who, where, what happens), so its idea and narrations share distinctive words with some
//! projects and not with others, and a search over them finds distinct subsets.

use std::ops::RangeInclusive;

use super::{beat, Proposal, LIGHT, MOTION, SHOTS};

/// SplitMix64: small, fast, statistically sound for this, and no crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x5EED_0F57_0125);
        rng.next_u64();
        rng
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`; `n` must be above 0.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// `N` different items (`items` must have at least `N`).
    pub fn picks<T: Copy, const N: usize>(&mut self, items: &[T]) -> [T; N] {
        let mut chosen = [0usize; N];
        for i in 0..N {
            chosen[i] = loop {
                let at = self.below(items.len() as u64) as usize;
                if !chosen[..i].contains(&at) {
                    break at;
                }
            };
        }
        chosen.map(|i| items[i])
    }
}

/// Words a story idea takes (`story_idea` is 10 to 1000 characters; these stay well within).
pub const IDEA_WORDS: RangeInclusive<usize> = 20..=120;
/// Words a narration takes.
pub const NARRATION_WORDS: RangeInclusive<usize> = 12..=40;
/// Words of a scene description, an image prompt and a motion prompt.
pub const DESCRIPTION_WORDS: RangeInclusive<usize> = 18..=40;
pub const IMAGE_PROMPT_WORDS: RangeInclusive<usize> = 20..=42;
pub const MOTION_PROMPT_WORDS: RangeInclusive<usize> = 8..=18;

const HEROES: [&str; 40] = [
    "lighthouse keeper",
    "retired astronaut",
    "young beekeeper",
    "apprentice clockmaker",
    "night-shift nurse",
    "street violinist",
    "stubborn grandmother",
    "runaway robot",
    "marine biologist",
    "small-town baker",
    "forgotten circus clown",
    "teenage skateboarder",
    "deep-sea diver",
    "shy librarian",
    "aging boxer",
    "wandering cartographer",
    "mountain rescue dog",
    "bicycle courier",
    "sleepless detective",
    "travelling puppeteer",
    "orphaned fox cub",
    "glassblower",
    "jazz pianist",
    "volcano researcher",
    "ferry captain",
    "retired schoolteacher",
    "tea farmer",
    "hot-air balloonist",
    "museum night guard",
    "lonely whale",
    "city pigeon",
    "widowed fisherman",
    "ambitious chef",
    "blind sculptor",
    "ten-year-old inventor",
    "weary firefighter",
    "snowplough driver",
    "late-night radio host",
    "forest ranger",
    "tailor",
];

const PLACES: [&str; 40] = [
    "on a storm-battered island",
    "in a neon-lit night market",
    "in a snowed-in mountain village",
    "aboard a rusting cargo ship",
    "in the ruins of an old observatory",
    "beneath a flooded cathedral",
    "in a desert town with a single petrol station",
    "on the last tram of the night",
    "in a greenhouse colony on Mars",
    "in a floating city above the clouds",
    "along a frozen canal in Amsterdam",
    "in a crowded Tokyo ramen bar",
    "in a sleepy Sicilian harbour",
    "deep inside a bamboo forest",
    "in an abandoned amusement park",
    "on a night train across Siberia",
    "in a Victorian botanical garden",
    "at a roadside diner on Route 66",
    "in a lantern-lit fishing village",
    "on a research station in Antarctica",
    "in a bustling Marrakesh souk",
    "inside a giant hollow oak",
    "in a library that never closes",
    "on a rooftop garden in Lagos",
    "on the rooftops of old Lisbon",
    "in a drowned village revealed by drought",
    "in a windmill on the Dutch polders",
    "in a cliffside monastery in Bhutan",
    "in an underwater coral city",
    "in a Parisian flea market",
    "on a Scottish sheep farm",
    "at a carnival in Rio",
    "in a quiet Kyoto temple garden",
    "in a mining town in the Andes",
    "on a houseboat on the Mekong",
    "in an arctic ice hotel",
    "in a city run by clockwork",
    "in a sunflower field at harvest time",
    "in a Brooklyn laundromat",
    "at a crumbling seaside pier",
];

const INCITING: [&str; 20] = [
    "discovers a map hidden inside a music box",
    "receives a letter posted forty years ago",
    "finds a door that was not there yesterday",
    "hears a radio broadcast from the future",
    "inherits a garden that blooms only at midnight",
    "catches a fish that can speak",
    "finds a camera full of photographs of tomorrow",
    "wakes up to find the sea has vanished",
    "is handed a key by a stranger who then disappears",
    "notices that every clock in town has stopped",
    "digs up a tin box of childhood promises",
    "hears a whale singing in the harbour",
    "follows a trail of paper cranes",
    "finds a ticket for a train that no longer runs",
    "is asked to guard a mysterious egg",
    "builds a machine that records dreams",
    "finds a message in a bottle addressed to them",
    "sees their own reflection wave back",
    "discovers that the moon has a tiny door",
    "loses their shadow in a card game",
];

const OBJECTS: [&str; 16] = [
    "brass compass",
    "music box",
    "rusty key",
    "paper crane",
    "faded photograph",
    "unsent letter",
    "storm lantern",
    "pocket watch",
    "wooden flute",
    "glass marble",
    "red scarf",
    "silver locket",
    "folded map",
    "tin whistle",
    "cracked teacup",
    "notebook of sketches",
];

const GOALS: [&str; 20] = [
    "to return a lost compass to its owner",
    "to win back an old friend's trust",
    "to finish a song before the winter festival",
    "to deliver a parcel across the city before dawn",
    "to find the person who wrote the letter",
    "to save the family business from closing",
    "to reach the summit before the storm",
    "to light the harbour beacon one last time",
    "to bring colour back to a grey town",
    "to find a home for a stray dog",
    "to repair the broken carousel",
    "to learn what really happened to their grandfather",
    "to cook the perfect meal for a stranger",
    "to map the river to its source",
    "to set a caged bird free",
    "to keep a promise made years ago",
    "to win the regional dance contest",
    "to plant a forest before they leave",
    "to teach a robot how to laugh",
    "to get everyone home safely",
];

const COMPANIONS: [&str; 20] = [
    "a talking crow",
    "an old friend from school",
    "a grumpy neighbour",
    "a stray cat called Pepper",
    "a mischievous younger brother",
    "a retired magician",
    "a tiny robot made of spare parts",
    "a kind bus driver",
    "a ghost who is afraid of the dark",
    "a three-legged dog",
    "a sarcastic parrot",
    "a wise street sweeper",
    "a nervous goat",
    "a childhood imaginary friend",
    "an elderly neighbour with a secret",
    "a lost tourist",
    "a pair of identical twins",
    "a clumsy apprentice wizard",
    "a hermit crab",
    "a travelling storyteller",
];

const OBSTACLES: [&str; 15] = [
    "a rival who wants the same prize",
    "a storm that cuts off every road",
    "a memory that keeps slipping away",
    "a city council that wants to demolish everything",
    "an old fear of deep water",
    "a deadline that keeps moving closer",
    "a misunderstanding nobody wants to admit",
    "a power cut across the whole district",
    "a debt that must be repaid by Friday",
    "a fog so thick no one can find the way",
    "a curse that turns spoken words into birds",
    "a broken leg and a very long staircase",
    "a landlord with other plans",
    "a flood rising through the streets",
    "a secret that could hurt someone they love",
];

const TONES: [&str; 10] = [
    "The tone is warm and hopeful, with gentle humour.",
    "It should feel like a quiet folk tale told by the fire.",
    "Keep it playful and colourful, suitable for children.",
    "Make it tense and atmospheric, like a noir film.",
    "The mood is bittersweet and nostalgic.",
    "It should feel dreamlike, with soft focus and slow pacing.",
    "Give it the energy of a fast-paced adventure.",
    "The style is whimsical, like a hand-painted storybook.",
    "It is a gentle comedy with a touching ending.",
    "The atmosphere is eerie but never frightening.",
];

const ENDINGS: [&str; 8] = [
    "with a celebration under the stars",
    "with a quiet goodbye at the station",
    "when the whole town comes together",
    "with a surprise that changes everything",
    "where it began, but with everything changed",
    "with the first snowfall of the year",
    "with a letter finally answered",
    "at sunrise, with a new beginning",
];

const MOTIFS: [&str; 12] = [
    "red umbrellas",
    "paper lanterns",
    "falling leaves",
    "chalk drawings on walls",
    "flocks of starlings",
    "a yellow bicycle",
    "jars of fireflies",
    "handwritten postcards",
    "origami boats",
    "church bells",
    "kites over the rooftops",
    "a tune someone keeps humming",
];

const TIMES: [&str; 8] = [
    "early morning mist",
    "the blue hour",
    "golden evening light",
    "the middle of the night",
    "a summer thunderstorm",
    "the first light of dawn",
    "a hazy afternoon",
    "a snowy twilight",
];

const PALETTES: [&str; 8] = [
    "teal and orange",
    "muted pastels",
    "deep blues and silver",
    "warm ochres and reds",
    "black and white with a single splash of colour",
    "soft greens and creams",
    "faded Polaroid tones",
    "rich jewel tones",
];

const MOMENTS: [&str; 8] = [
    "laughs for the first time in years",
    "shares a meal with a stranger",
    "writes a letter they never send",
    "dances alone in the kitchen",
    "stops to watch the rain",
    "teaches someone a card trick",
    "fixes something that was broken",
    "looks at an old photograph for a long time",
];

const STYLE_NOTES: [&str; 6] = [
    "Each scene should end on a small visual surprise.",
    "Avoid dialogue; let the images and the narration carry the story.",
    "The narrator speaks directly to the audience.",
    "The music should swell in the final scene.",
    "Every scene should show the changing seasons.",
    "Use long, unhurried shots and very few cuts.",
];

const OPENERS: [&str; 12] = [
    "That morning",
    "By nightfall",
    "Years later",
    "For a moment",
    "Just before dawn",
    "At first",
    "In the silence that followed",
    "Long after the others had gone",
    "When the bells rang",
    "Without a word",
    "Once again",
    "Somewhere below",
];

const NARRATION_ACTIONS: [&str; 12] = [
    "held the {object} close and listened",
    "walked on without looking back",
    "wondered whether anyone else remembered",
    "felt the wind change direction",
    "understood what the {object} had been trying to say",
    "counted the lights across the water",
    "laughed, and the sound surprised everyone",
    "made a promise to keep going",
    "noticed {motif} once more",
    "followed the path nobody else had taken",
    "let the door close softly behind them",
    "finally said what had to be said",
];

const REFLECTIONS: [&str; 10] = [
    "Some journeys begin long before the first step.",
    "Nothing stays lost forever.",
    "It was the smallest things that mattered most.",
    "Nobody said it would be easy.",
    "And for once, that was enough.",
    "Every ending hides another beginning.",
    "The night was longer than it had ever been.",
    "Home was closer than it seemed.",
    "Even the sea seemed to hold its breath.",
    "Somewhere, someone was waiting for them.",
];

const NARRATION_TIMES: [&str; 6] = [
    "already dark",
    "nearly morning",
    "quieter than ever",
    "raining again",
    "the longest night of the year",
    "suddenly very cold",
];

const SCENE_ACTIONS: [&str; 12] = [
    "arrives",
    "searches for clues",
    "argues with {companion}",
    "waits out the rain",
    "climbs higher than ever before",
    "makes a difficult choice",
    "finds an unexpected ally",
    "loses the {object}",
    "races against the clock",
    "shares a quiet moment with {companion}",
    "hides from the crowd",
    "finds the {object} again",
];

const VISUALS: [&str; 12] = [
    "Rain streaks across the window as the light fades.",
    "Dust hangs in a shaft of sunlight.",
    "A crowd parts to let them through.",
    "Lanterns sway in the wind.",
    "Snow settles on their shoulders.",
    "Waves crash against the rocks below.",
    "Steam rises from a cup of tea on the table.",
    "Long shadows stretch across the floor.",
    "Neon signs flicker in the puddles.",
    "Birds scatter from the rooftops.",
    "A single candle lights the room.",
    "Fog rolls in and swallows the street.",
];

const WEATHER: [&str; 8] = [
    "light rain",
    "drifting fog",
    "falling snow",
    "clear sky",
    "heat haze",
    "gusting wind",
    "thunderclouds",
    "still air",
];
const LENSES: [&str; 6] = [
    "35mm film look",
    "anamorphic lens flare",
    "shallow depth of field",
    "85mm portrait lens",
    "wide-angle 24mm lens",
    "tilt-shift miniature effect",
];
const TEXTURES: [&str; 6] =
    ["fine film grain", "soft bloom", "crisp detail", "painterly texture", "volumetric fog", "subtle vignette"];
const STYLES: [&str; 6] = [
    "hand-painted animation background",
    "photorealistic",
    "watercolour illustration",
    "moody oil painting",
    "stop-motion miniature look",
    "1970s Kodachrome photograph",
];
const SUBJECT_MOTIONS: [&str; 8] = [
    "the subject turns slowly towards the camera",
    "hair and coat moving in the wind",
    "the subject walks out of frame",
    "hands reaching for something just out of view",
    "a slow breath and a small smile",
    "the subject looks up at the sky",
    "footsteps splashing through puddles",
    "the subject stands perfectly still",
];
const AMBIENT: [&str; 8] = [
    "leaves drifting past the lens",
    "rain falling steadily",
    "birds crossing the sky",
    "candle flames flickering",
    "waves rolling in the background",
    "snowflakes swirling",
    "dust motes floating in the light",
    "clouds racing overhead",
];
const PACES: [&str; 4] =
    ["slow and calm pacing", "smooth ten-second take", "gentle ease-out at the end", "steady rhythm"];

/// Who the story is about, where, and what happens: drawn once per project, so its texts agree.
pub struct Cast {
    hero: &'static str,
    place: &'static str,
    inciting: &'static str,
    object: &'static str,
    goal: &'static str,
    companion: &'static str,
    obstacle: &'static str,
    tone: &'static str,
    ending: &'static str,
    motif: &'static str,
    palette: &'static str,
}

impl Cast {
    pub fn draw(rng: &mut Rng) -> Cast {
        Cast {
            hero: rng.pick(&HEROES),
            place: rng.pick(&PLACES),
            inciting: rng.pick(&INCITING),
            object: rng.pick(&OBJECTS),
            goal: rng.pick(&GOALS),
            companion: rng.pick(&COMPANIONS),
            obstacle: rng.pick(&OBSTACLES),
            tone: rng.pick(&TONES),
            ending: rng.pick(&ENDINGS),
            motif: rng.pick(&MOTIFS),
            palette: rng.pick(&PALETTES),
        }
    }

    fn a_hero(&self) -> String {
        let article = if self.hero.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
        format!("{article} {}", self.hero)
    }

    fn the_hero(&self) -> String {
        format!("the {}", self.hero)
    }

    /// `{object}`, `{companion}` and `{motif}` in a template, filled with this cast's.
    fn fill(&self, template: &str) -> String {
        template.replace("{object}", self.object).replace("{companion}", self.companion).replace("{motif}", self.motif)
    }

    /// A story idea of 20 to 120 words: who, where and what happens first, then what they want, what stands in
    /// the way, and notes on tone and style, as a person types one.
    pub fn idea(&self, rng: &mut Rng) -> String {
        let words = between(rng, &IDEA_WORDS);
        let mut sentences = vec![
            capitalised(&format!("{} {} {}.", self.a_hero(), self.place, self.inciting)),
            format!("Together with {}, they set out {}.", self.companion, self.goal),
            format!("Standing in their way is {}.", self.obstacle),
        ];
        let [time, other_time] = rng.picks(&TIMES);
        let [moment, other_moment] = rng.picks(&MOMENTS);
        let [note, other_note] = rng.picks(&STYLE_NOTES);
        let mut extras = vec![
            self.tone.to_owned(),
            format!("The story ends {}.", self.ending),
            format!("There is a recurring motif of {}.", self.motif),
            format!("Show {} in {time}.", self.the_hero()),
            format!("Include a moment where {} {moment}.", self.the_hero()),
            format!("The colour palette should lean towards {}.", self.palette),
            format!("The {} matters more than anyone expects.", self.object),
            note.to_owned(),
            other_note.to_owned(),
            format!("Keep {} in the background until the middle of the story.", self.companion),
            format!("Much of it takes place {} in {other_time}.", self.place),
            format!("Halfway through, {} {other_moment}.", self.the_hero()),
        ];
        shuffle(rng, &mut extras);
        sentences.extend(extras);
        fill_to(sentences, words, &IDEA_WORDS)
    }

    /// The proposals of a project of `total` scenes: realistic lengths, the cast in every text.
    pub fn scenes(&self, rng: &mut Rng, total: usize, avatar_first: bool, avatar_last: bool) -> Vec<Proposal> {
        (1..=total)
            .map(|n| {
                let avatar = (n == 1 && avatar_first) || (n == total && avatar_last);
                Proposal {
                    description: self.description(rng, n, total, avatar),
                    image_prompt: self.image_prompt(rng, n, total, avatar),
                    motion_prompt: self.motion_prompt(rng, avatar),
                    narration_text: self.narration(rng),
                }
            })
            .collect()
    }

    fn description(&self, rng: &mut Rng, n: usize, total: usize, avatar: bool) -> String {
        let words = between(rng, &DESCRIPTION_WORDS);
        let (name, verb) = beat(n, total);
        let action = self.fill(rng.pick(&SCENE_ACTIONS));
        let mut sentences = vec![if avatar {
            format!("{name}: the narrator speaks to camera and {verb} the tale of {} {}.", self.a_hero(), self.place)
        } else {
            format!("{name}: {} {action} {}.", capitalised(&self.the_hero()), self.place)
        }];
        let [visual, second, third] = rng.picks(&VISUALS);
        let mut more = vec![
            visual.to_owned(),
            second.to_owned(),
            format!("The {} is never far from view.", self.object),
            format!("This scene {verb} the search {}.", self.goal),
            third.to_owned(),
            format!("In the distance, {} watches and waits.", self.companion),
        ];
        shuffle(rng, &mut more);
        sentences.extend(more);
        fill_to(sentences, words, &DESCRIPTION_WORDS)
    }

    fn image_prompt(&self, rng: &mut Rng, n: usize, total: usize, avatar: bool) -> String {
        let words = between(rng, &IMAGE_PROMPT_WORDS);
        let shot = if avatar { "talking-head portrait" } else { SHOTS[(n - 1) % SHOTS.len()] };
        let mut parts = vec![
            format!("Cinematic {shot} of {} {}", self.a_hero(), self.place),
            LIGHT[(n - 1) % LIGHT.len()].to_owned(),
            format!("{} palette", self.palette),
            rng.pick(&WEATHER).to_owned(),
            rng.pick(&LENSES).to_owned(),
            rng.pick(&TEXTURES).to_owned(),
            rng.pick(&STYLES).to_owned(),
            format!("{} in the foreground", self.fill("the {object}")),
            format!("{} in the background", self.motif),
            "highly detailed".to_owned(),
            format!("scene {n} of {total}"),
        ];
        shuffle(rng, &mut parts[1..10]);
        cut_list(&parts, words, &IMAGE_PROMPT_WORDS)
    }

    fn motion_prompt(&self, rng: &mut Rng, avatar: bool) -> String {
        let words = between(rng, &MOTION_PROMPT_WORDS);
        let parts = if avatar {
            vec![
                "subtle head movement".to_owned(),
                "natural blinking".to_owned(),
                "steady camera".to_owned(),
                rng.pick(&AMBIENT).to_owned(),
                rng.pick(&PACES).to_owned(),
                "soft focus on the background".to_owned(),
            ]
        } else {
            let [ambient, more] = rng.picks(&AMBIENT);
            vec![
                rng.pick(&MOTION).to_owned(),
                rng.pick(&SUBJECT_MOTIONS).to_owned(),
                ambient.to_owned(),
                rng.pick(&PACES).to_owned(),
                more.to_owned(),
            ]
        };
        cut_list(&parts, words, &MOTION_PROMPT_WORDS)
    }

    /// A narration of 12 to 40 words.
    pub fn narration(&self, rng: &mut Rng) -> String {
        let words = between(rng, &NARRATION_WORDS);
        let [opener, second, third] = rng.picks(&OPENERS);
        let [action, other_action] = rng.picks(&NARRATION_ACTIONS);
        let [reflection, other_reflection] = rng.picks(&REFLECTIONS);
        let sentences = vec![
            format!("{opener}, {} {}.", self.the_hero(), self.fill(action)),
            reflection.to_owned(),
            format!("{second}, {} {}.", self.companion, self.fill(other_action)),
            format!("{}, it was {}.", capitalised(self.place), rng.pick(&NARRATION_TIMES)),
            other_reflection.to_owned(),
            format!("{third}, the {} {}.", self.object, rng.pick(&["waited", "shone", "was gone", "felt warm"])),
        ];
        fill_to(sentences, words, &NARRATION_WORDS)
    }

    /// A new image prompt, as a person sends with a regeneration.
    pub fn new_image_prompt(&self, rng: &mut Rng, n: usize, total: usize) -> String {
        self.image_prompt(rng, n, total, false)
    }
}

fn between(rng: &mut Rng, range: &RangeInclusive<usize>) -> usize {
    rng.between(*range.start() as u64, *range.end() as u64) as usize
}

fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i as u64 + 1) as usize);
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Whole sentences, in order, until the text has `target` words, skipping any that would take it past the
/// range; when they run out below it, the next one is cut short. Ends with a full stop.
fn fill_to(sentences: Vec<String>, target: usize, range: &RangeInclusive<usize>) -> String {
    let text = pick_parts(&sentences, target, range, " ");
    format!("{}.", text.trim_end_matches([',', ';', ':', '.']))
}

/// Comma-separated parts, chosen as `fill_to` chooses sentences.
fn cut_list(parts: &[String], target: usize, range: &RangeInclusive<usize>) -> String {
    pick_parts(parts, target, range, ", ").trim_end_matches(',').to_owned()
}

/// The parts joined by `separator`, chosen as `fill_to` says. Parts are words separated by single spaces, so
/// they are counted by their spaces (splitting every candidate was most of the time seeding takes).
fn pick_parts(parts: &[String], target: usize, range: &RangeInclusive<usize>, separator: &str) -> String {
    let count = |part: &str| part.bytes().filter(|b| *b == b' ').count() + 1;
    let (mut chosen, mut left, mut words) = (Vec::with_capacity(parts.len()), Vec::new(), 0);
    for part in parts {
        if words >= target {
            break;
        }
        let n = count(part);
        if words + n <= *range.end() {
            chosen.push(part.as_str());
            words += n;
        } else {
            left.push(part.as_str());
        }
    }
    let mut text = chosen.join(separator);
    for part in left {
        if words >= *range.start() {
            break;
        }
        let cut: Vec<&str> = part.split(' ').take(range.end() - words).collect();
        words += cut.len();
        if !text.is_empty() {
            text.push_str(separator);
        }
        text.push_str(&cut.join(" "));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str) -> usize {
        text.split_whitespace().count()
    }

    #[test]
    fn the_same_seed_gives_the_same_texts() {
        let texts = |seed| {
            let mut rng = Rng::new(seed);
            let cast = Cast::draw(&mut rng);
            let idea = cast.idea(&mut rng);
            (idea, cast.scenes(&mut rng, 4, true, false).pop().unwrap().narration_text)
        };
        assert_eq!(texts(7), texts(7));
        assert_ne!(texts(7), texts(8));
    }

    #[test]
    fn texts_stay_within_their_lengths() {
        let mut rng = Rng::new(1);
        for _ in 0..500 {
            let cast = Cast::draw(&mut rng);
            let idea = cast.idea(&mut rng);
            assert!(IDEA_WORDS.contains(&count(&idea)), "{idea}");
            assert!(idea.chars().count() <= 1000 && idea.ends_with('.'), "{idea}");
            let total = rng.between(2, 10) as usize;
            for p in cast.scenes(&mut rng, total, true, true) {
                assert!(NARRATION_WORDS.contains(&count(&p.narration_text)), "{}", p.narration_text);
                assert!(DESCRIPTION_WORDS.contains(&count(&p.description)), "{}", p.description);
                assert!(IMAGE_PROMPT_WORDS.contains(&count(&p.image_prompt)), "{}", p.image_prompt);
                assert!(MOTION_PROMPT_WORDS.contains(&count(&p.motion_prompt)), "{}", p.motion_prompt);
            }
        }
    }

    #[test]
    fn draws_are_spread_evenly() {
        let mut rng = Rng::new(3);
        let mut seen = [0u32; 10];
        for _ in 0..10_000 {
            seen[rng.below(10) as usize] += 1;
        }
        assert!(seen.iter().all(|n| (900..1100).contains(n)), "{seen:?}");
        assert!((0..1000).map(|_| rng.unit()).all(|u| (0.0..1.0).contains(&u)));
    }
}
