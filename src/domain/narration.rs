//! How long a scene's narration takes to say, against the 10 seconds a scene lasts (spec 1). An
//! estimate from a stated rule, not a voice's real timing: about 2.5 words a second where words are
//! written with spaces; 4 Chinese characters, 8 kana, or 12 Thai, Lao, Khmer or Myanmar letters a
//! second where they are not; a number one word per digit (a decimal point said, a thousands comma
//! not); `% & + = @ # $ € £ ¥ °` one word each; emoji and punctuation silent; 0.3 s between sentences.
//! Scripts are told apart by code-point blocks: Unicode's tables would cost the first load bytes.

use crate::domain::credits::SECONDS_PER_SCENE;

const WORD_MS: u32 = 400;
const HAN_MS: u32 = 250;
const KANA_MS: u32 = 125;
const SOUTHEAST_ASIAN_MS: u32 = 83;
const SENTENCE_PAUSE_MS: u32 = 300;
const SCENE_MS: u32 = SECONDS_PER_SCENE * 1000;

/// What one character adds to the spoken time.
#[derive(Clone, Copy, PartialEq)]
enum Sound {
    /// Part of a word written between spaces: the word counts once, when it ends.
    Letter,
    /// Spoken alone, taking this long (a Han character, a kana, a digit, a symbol).
    Alone(u32),
    SentenceEnd,
    Silent,
}

fn sound(c: char) -> Sound {
    match c {
        '0'..='9' | '%' | '&' | '+' | '=' | '@' | '#' | '$' | '€' | '£' | '¥' | '°' => Sound::Alone(WORD_MS),
        '.' | '!' | '?' | '。' | '．' | '！' | '？' | '؟' | '।' | '॥' | '။' => Sound::SentenceEnd,
        // Apostrophes keep "don't" one word.
        '\'' | '’' => Sound::Letter,
        _ if c.is_ascii() => {
            if c.is_ascii_alphabetic() {
                Sound::Letter
            } else {
                Sound::Silent
            }
        }
        _ => match u32::from(c) {
            _ if is_digit(c) => Sound::Alone(WORD_MS),
            // 々 repeats the character before it, and is said like one.
            0x3005 | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F => Sound::Alone(HAN_MS),
            0x3040..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => Sound::Alone(KANA_MS),
            0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF => Sound::Alone(SOUTHEAST_ASIAN_MS),
            // Spaces and punctuation (Latin-1's, general, CJK's, full-width), arrows, symbols, emoji and
            // their joiners and variation selectors: not said.
            0x80..=0xBF
            | 0xD7
            | 0xF7
            | 0x2000..=0x2BFF
            | 0x3000..=0x303F
            | 0xFE00..=0xFE0F
            | 0xFF00..=0xFF0F
            | 0xFF1A..=0xFF20
            | 0xFF3B..=0xFF40
            | 0xFF5B..=0xFF65
            | 0x1F000..=0x1FAFF
            | 0xE0000..=0xE007F => Sound::Silent,
            // Every other script is written with spaces between words (Latin, Greek, Cyrillic, Arabic,
            // Hebrew, Devanagari, Hangul, ...).
            _ => Sound::Letter,
        },
    }
}

/// A digit of the scripts most written: ASCII, Arabic-Indic, Devanagari, Thai, full-width.
fn is_digit(c: char) -> bool {
    matches!(u32::from(c), 0x30..=0x39 | 0x0660..=0x0669 | 0x06F0..=0x06F9 | 0x0966..=0x096F | 0x0E50..=0x0E59 | 0xFF10..=0xFF19)
}

/// The estimated time, in milliseconds, to say `text`.
pub fn speaking_ms(text: &str) -> u32 {
    let chars: Vec<char> = text.chars().collect();
    let (mut ms, mut in_word, mut pause) = (0, false, false);
    for (i, &c) in chars.iter().enumerate() {
        let digit_on = |at: Option<usize>| at.and_then(|at| chars.get(at)).is_some_and(|&c| is_digit(c));
        let between_digits = digit_on(i.checked_sub(1)) && digit_on(Some(i + 1));
        let kind = match sound(c) {
            // 3.5 is "three point five"; 1,000 is said without its comma.
            Sound::SentenceEnd if matches!(c, '.' | '．') && between_digits => Sound::Alone(WORD_MS),
            Sound::Silent if c == ',' && between_digits => continue,
            kind => kind,
        };
        if kind != Sound::Letter && in_word {
            in_word = false;
        }
        let said = match kind {
            Sound::Letter if !in_word => {
                in_word = true;
                WORD_MS
            }
            Sound::Alone(t) => t,
            Sound::SentenceEnd => {
                pause = ms > 0;
                continue;
            }
            _ => continue,
        };
        if std::mem::take(&mut pause) {
            ms += SENTENCE_PAUSE_MS;
        }
        ms += said;
    }
    ms
}

/// Whether `text` likely takes longer to say than its scene lasts.
pub fn too_long(text: &str) -> bool {
    speaking_ms(text) > SCENE_MS
}

/// "about 7 s of 10", or "no narration"; never "about 0 s" for a word or two, nor "about 10 s" beside
/// the advice that it is too long (past 10 s it is rounded up).
pub fn describe(text: &str) -> String {
    match speaking_ms(text) {
        0 => format!("No narration · {SECONDS_PER_SCENE} s of silence"),
        ms if ms > SCENE_MS => format!("About {} s of {SECONDS_PER_SCENE} to say", ms.div_ceil(1000)),
        ms => format!("About {} s of {SECONDS_PER_SCENE} to say", ((ms + 500) / 1000).max(1)),
    }
}

/// Said beside a narration likely too long for its scene: a note, not an error; nothing is blocked.
pub const TOO_LONG: &str =
    "Likely longer than the scene's 10 seconds: the voice may be rushed or cut off. Shorten it if you can.";

/// The scene numbers, of (number, narration) pairs, whose narration is likely too long.
pub fn long_scenes<'a>(scenes: impl IntoIterator<Item = (i64, &'a str)>) -> Vec<i64> {
    scenes.into_iter().filter(|(_, text)| too_long(text)).map(|(n, _)| n).collect()
}

/// "Scenes 2 and 4 have narration likely longer than their 10 seconds", for a dialog; `None` for none.
pub fn warn_long(numbers: &[i64]) -> Option<String> {
    let (last, rest) = numbers.split_last()?;
    let listed = match rest {
        [] => format!("Scene {last} has narration likely longer than its"),
        _ => {
            let rest = rest.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            format!("Scenes {rest} and {last} have narration likely longer than their")
        }
    };
    Some(format!("{listed} {SECONDS_PER_SCENE} seconds: the voice may be rushed or cut off."))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(text: &str) -> f64 {
        f64::from(speaking_ms(text)) / 1000.0
    }

    #[test]
    fn english_is_two_and_a_half_words_a_second_with_a_pause_between_sentences() {
        assert_eq!(speaking_ms("The city wakes."), 1200);
        assert_eq!(speaking_ms("The city wakes. Rain falls."), 1200 + 300 + 800);
        // "don't" is one word; a trailing full stop adds no pause.
        assert_eq!(speaking_ms("Don't stop."), 800);
        let long = "word ".repeat(26);
        assert!(too_long(&long), "26 words is 10.4 s");
        assert!(!too_long(&"word ".repeat(25)), "25 words is exactly 10 s");
    }

    #[test]
    fn emoji_and_punctuation_are_silent() {
        assert_eq!(speaking_ms("🎬✨ — …"), 0);
        assert_eq!(speaking_ms("Hello 👋🏽 world!"), speaking_ms("Hello world"));
        assert_eq!(speaking_ms("👨‍👩‍👧 family"), WORD_MS);
    }

    #[test]
    fn chinese_is_four_characters_a_second() {
        assert_eq!(seconds("城市醒来了"), 1.25);
        assert_eq!(speaking_ms("城市醒来了。雨落下。"), 5 * 250 + 300 + 3 * 250);
        assert!(too_long(&"雨".repeat(41)));
    }

    #[test]
    fn japanese_kana_are_quicker_than_kanji() {
        assert_eq!(speaking_ms("あめ"), 250);
        assert_eq!(speaking_ms("雨がふる"), 250 + 3 * 125);
        assert_eq!(speaking_ms("カメラ"), 375);
        assert_eq!(speaking_ms("人々"), 500, "々 is said like the character it repeats");
    }

    #[test]
    fn arabic_hebrew_and_cyrillic_are_counted_by_words() {
        assert_eq!(speaking_ms("المدينة تستيقظ ببطء"), 3 * WORD_MS);
        assert_eq!(speaking_ms("העיר מתעוררת"), 2 * WORD_MS);
        assert_eq!(speaking_ms("Город просыпается."), 2 * WORD_MS);
        // An Arabic question mark ends a sentence like a Latin one.
        assert_eq!(speaking_ms("لماذا؟ لأن"), 2 * WORD_MS + 300);
    }

    #[test]
    fn thai_is_counted_by_letters() {
        assert_eq!(speaking_ms("เมือง"), 5 * SOUTHEAST_ASIAN_MS);
    }

    #[test]
    fn full_width_and_indic_sentence_ends_pause() {
        assert_eq!(speaking_ms("雨．風"), 250 + 300 + 250);
        assert_eq!(speaking_ms("नमस्ते॥ दुनिया"), 2 * WORD_MS + 300);
    }

    #[test]
    fn numbers_are_said_digit_by_digit_with_their_point_but_not_their_comma() {
        assert_eq!(speaking_ms("2024"), 4 * WORD_MS);
        assert_eq!(speaking_ms("3.5"), 3 * WORD_MS);
        assert_eq!(speaking_ms("1,000"), 4 * WORD_MS);
        // A full stop after a number still ends the sentence.
        assert_eq!(speaking_ms("In 1999. Then"), 6 * WORD_MS + 300);
        assert_eq!(speaking_ms("٣٤"), 2 * WORD_MS);
        // Points between other scripts' digits are said too, not taken for a sentence's end.
        assert_eq!(speaking_ms("٣.٥"), 3 * WORD_MS);
        assert_eq!(speaking_ms("３．５"), 3 * WORD_MS);
        assert_eq!(speaking_ms("๓๔"), 2 * WORD_MS);
    }

    #[test]
    fn symbols_are_words() {
        assert_eq!(speaking_ms("50%"), 3 * WORD_MS);
        assert_eq!(speaking_ms("Tom & Jerry"), 3 * WORD_MS);
        assert_eq!(speaking_ms("€5"), 2 * WORD_MS);
    }

    #[test]
    fn empty_text_takes_no_time() {
        assert_eq!(speaking_ms(""), 0);
        assert_eq!(speaking_ms("   \n "), 0);
        assert!(!too_long(""));
        assert_eq!(describe(""), "No narration · 10 s of silence");
    }

    #[test]
    fn described_in_whole_seconds_never_zero_for_a_word_never_10_when_too_long() {
        assert_eq!(describe("Hi"), "About 1 s of 10 to say");
        assert_eq!(describe(&"word ".repeat(17)), "About 7 s of 10 to say");
        assert_eq!(describe(&"word ".repeat(25)), "About 10 s of 10 to say");
        // 10.4 s: rounded up, so the time agrees with the advice beside it.
        assert_eq!(describe(&"word ".repeat(26)), "About 11 s of 10 to say");
    }

    #[test]
    fn the_long_scenes_are_named() {
        let long = "word ".repeat(30);
        let scenes = [(1, "Short."), (2, long.as_str()), (3, ""), (4, long.as_str())];
        let numbers = long_scenes(scenes);
        assert_eq!(numbers, vec![2, 4]);
        assert_eq!(
            warn_long(&numbers).unwrap(),
            "Scenes 2 and 4 have narration likely longer than their 10 seconds: the voice may be rushed or cut off."
        );
        assert_eq!(
            warn_long(&[3]).unwrap(),
            "Scene 3 has narration likely longer than its 10 seconds: the voice may be rushed or cut off."
        );
        assert_eq!(warn_long(&[1, 2, 5]).unwrap()[..17], *"Scenes 1, 2 and 5");
        assert_eq!(warn_long(&[]), None);
    }
}
