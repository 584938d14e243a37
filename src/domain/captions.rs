//! Captions and chapters of the final video from its scenes, and the two files that carry them:
//! WebVTT (the player's `<track>`, a download) and SubRip (a download).
//!
//! Scene N is on screen where `media::scene_start_seconds` puts its chapter button, for 10 s. A gap
//! in the numbers (1, 3, 4) leaves the missing scene's 10 s without a caption instead of pulling the
//! later scenes earlier: the spec makes the number the scene's position, and a caption must never
//! disagree with the button that jumps to the same scene.

use super::credits::SECONDS_PER_SCENE;
use super::media::scene_start_seconds;
use super::order::scenes_in_order;
use crate::api::Scene;

/// Characters per caption line (code points: an emoji or an accent is never cut, as lines break
/// only between words).
const LINE: usize = 42;

#[derive(Clone, Debug, PartialEq)]
pub struct Cue {
    pub start_ms: u32,
    pub end_ms: u32,
    pub text: String,
}

/// Where scene `number` starts and ends, in milliseconds.
fn span(number: i64) -> (u32, u32) {
    // `as` saturates, so an absurd number lands at the far end instead of wrapping to the start.
    let start = (scene_start_seconds(number) * 1000.0) as u32;
    (start, start.saturating_add(SECONDS_PER_SCENE * 1000))
}

/// The text's words with one space between them: no line break, tab or run of spaces is left.
fn words(text: &str) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The narration in cues of at most two lines of at most `LINE` characters, broken between words;
/// a longer word has a line of its own, whole (the player wraps it).
fn cue_texts(text: &str) -> Vec<String> {
    let mut cues: Vec<String> = Vec::new();
    let mut len = 0;
    for word in text.split_whitespace() {
        let n = word.chars().count();
        match cues.last_mut() {
            Some(cue) if len + 1 + n <= LINE => {
                cue.push(' ');
                len += 1 + n;
                cue.push_str(word);
            }
            Some(cue) if !cue.contains('\n') => {
                cue.push('\n');
                len = n;
                cue.push_str(word);
            }
            _ => {
                cues.push(word.to_owned());
                len = n;
            }
        }
    }
    cues
}

/// Caption cues from the scenes' narration: scenes in the order `domain::order::scenes_in_order` gives,
/// each scene's narration spread over that scene's 10 s, in cues of at most two lines of about 42 characters.
///
/// A cue's time is in proportion to its length, so every character is on screen as long as any
/// other (a short last line does not stay as long as a full cue). A scene without narration has none.
pub fn caption_cues(scenes: &[Scene]) -> Vec<Cue> {
    timed(scenes, |s| cue_texts(&s.narration_text))
}

/// Chapter cues: one per scene, its description (or "Scene N" when it has none), over the scene's 10 s.
pub fn chapter_cues(scenes: &[Scene]) -> Vec<Cue> {
    timed(scenes, |s| {
        let text = words(&s.description);
        vec![if text.is_empty() { format!("Scene {}", s.scene_number) } else { text }]
    })
}

/// Each scene's texts, in order, over that scene's 10 s in proportion to their length.
fn timed(scenes: &[Scene], texts: fn(&Scene) -> Vec<String>) -> Vec<Cue> {
    let mut cues = Vec::new();
    for scene in scenes_in_order(scenes) {
        let (start, end) = span(scene.scene_number);
        let texts = texts(&scene);
        let total = texts.iter().map(|t| t.chars().count() as u64).sum::<u64>().max(1);
        let at = |chars: u64| start + (u64::from(end - start) * chars / total) as u32;
        let mut done = 0;
        for text in texts {
            let start_ms = at(done);
            done += text.chars().count() as u64;
            cues.push(Cue { start_ms, end_ms: at(done), text });
        }
    }
    cues
}

/// A WebVTT file ("WEBVTT" header, blank line, cues with HH:MM:SS.mmm --> HH:MM:SS.mmm).
///
/// Cue text is markup in WebVTT, so `&`, `<` and `>` are escaped (which also defuses `-->`).
pub fn webvtt(cues: &[Cue]) -> String {
    file(cues, true)
}

/// An SubRip file (numbered from 1, HH:MM:SS,mmm --> HH:MM:SS,mmm, blank line between cues).
///
/// SubRip has no escaping: an arrow `-->` in the text is written "→", and a cue with a line of
/// digits alone (which a lenient reader takes for the next cue's number) is written on one line.
pub fn srt(cues: &[Cue]) -> String {
    file(cues, false)
}

/// Either format: cues in the given order, each cue's text as lines with whitespace collapsed and no
/// blank line (a blank line ends a cue in both), a cue with no text left out.
fn file(cues: &[Cue], vtt: bool) -> String {
    let mut out = String::from(if vtt { "WEBVTT\n\n" } else { "" });
    let mut number = 0;
    for cue in cues.iter().filter(|c| !c.text.trim().is_empty()) {
        number += 1;
        if !vtt {
            digits(&mut out, number, 1);
            out.push('\n');
        }
        stamp(&mut out, cue.start_ms, vtt);
        out.push_str(" --> ");
        stamp(&mut out, cue.end_ms, vtt);
        let one_line =
            !vtt && cue.text.lines().map(str::trim).any(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()));
        let mut gap = '\n';
        for line in cue.text.lines() {
            for word in line.split_whitespace() {
                out.push(gap);
                gap = ' ';
                for c in word.chars() {
                    match c {
                        '&' if vtt => out.push_str("&amp;"),
                        '<' if vtt => out.push_str("&lt;"),
                        '>' if vtt => out.push_str("&gt;"),
                        '>' if out.ends_with("--") => {
                            out.truncate(out.len() - 2);
                            out.push('→');
                        }
                        c => out.push(c),
                    }
                }
            }
            if gap == ' ' && !one_line {
                gap = '\n';
            }
        }
        out.push_str("\n\n");
    }
    out
}

/// HH:MM:SS.mmm (WebVTT) or HH:MM:SS,mmm (SubRip).
fn stamp(out: &mut String, ms: u32, vtt: bool) {
    let s = ms / 1000;
    digits(out, s / 3600, 2);
    out.push(':');
    digits(out, s / 60 % 60, 2);
    out.push(':');
    digits(out, s % 60, 2);
    out.push(if vtt { '.' } else { ',' });
    digits(out, ms % 1000, 3);
}

/// `n` in decimal, with leading zeros to at least `width` digits.
fn digits(out: &mut String, n: u32, width: u32) {
    let mut place = 10u32.pow(width - 1);
    while place <= n / 10 {
        place *= 10;
    }
    while place > 0 {
        out.push(char::from(b'0' + (n / place % 10) as u8));
        place /= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(n: i64, narration: &str) -> Scene {
        Scene { scene_number: n, narration_text: narration.into(), ..Default::default() }
    }

    fn cue(start_ms: u32, end_ms: u32, text: &str) -> Cue {
        Cue { start_ms, end_ms, text: text.into() }
    }

    /// A strict reader of either format: header (WebVTT), then blocks of [number,] timing, text lines,
    /// each block ended by exactly one blank line. Gives (timing line, text) per cue.
    fn read(file: &str, vtt: bool) -> Vec<(String, String)> {
        let body = if vtt { file.strip_prefix("WEBVTT\n\n").expect("WebVTT header") } else { file };
        assert!(body.is_empty() || body.ends_with("\n\n"), "ends with a blank line: {file:?}");
        assert!(!body.contains("\n\n\n") && !body.contains('\r'), "{file:?}");
        body.split_terminator("\n\n")
            .enumerate()
            .map(|(i, block)| {
                let mut lines = block.lines();
                if !vtt {
                    assert_eq!(lines.next(), Some((i + 1).to_string().as_str()), "numbered from 1: {file:?}");
                }
                let timing = lines.next().expect("timing").to_owned();
                let text: Vec<&str> = lines.collect();
                assert!(!text.is_empty(), "{file:?}");
                assert!(text.iter().all(|l| !l.contains("-->")), "{file:?}");
                (timing, text.join("\n"))
            })
            .collect()
    }

    /// Every line of every cue, and the cues of a scene fill its 10 s end to end.
    fn check_shape(cues: &[Cue]) {
        for c in cues {
            assert!(c.start_ms < c.end_ms, "{c:?}");
            assert!(c.text.lines().count() <= 2, "{c:?}");
            for line in c.text.lines() {
                assert!(line.chars().count() <= LINE || !line.contains(' '), "{c:?}");
                assert!(!line.is_empty() && line.trim() == line, "{c:?}");
            }
        }
    }

    fn spoken(cues: &[Cue]) -> String {
        words(&cues.iter().map(|c| c.text.as_str()).collect::<Vec<_>>().join(" "))
    }

    #[test]
    fn ten_scenes_start_where_their_chapter_buttons_do_and_end_at_100_s() {
        let scenes: Vec<Scene> = (1..=10).map(|n| scene(n, &format!("Scene {n} speaks."))).collect();
        let cues = caption_cues(&scenes);
        assert_eq!(cues.len(), 10);
        for (n, c) in (1..=10).zip(&cues) {
            assert_eq!(f64::from(c.start_ms), scene_start_seconds(n) * 1000.0);
            assert_eq!(c.end_ms, c.start_ms + 10_000);
            assert_eq!(c.text, format!("Scene {n} speaks."));
        }
        assert_eq!(cues.last().unwrap().end_ms, 100_000);
        let chapters = chapter_cues(&scenes);
        assert_eq!(
            chapters.iter().map(|c| (c.start_ms, c.end_ms)).collect::<Vec<_>>(),
            cues.iter().map(|c| (c.start_ms, c.end_ms)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_gap_in_the_numbers_leaves_that_scenes_time_silent() {
        let cues = caption_cues(&[scene(1, "one"), scene(3, "three"), scene(4, "four")]);
        assert_eq!(cues, [cue(0, 10_000, "one"), cue(20_000, 30_000, "three"), cue(30_000, 40_000, "four")]);
        let chapters = chapter_cues(&[scene(1, ""), scene(3, ""), scene(4, "")]);
        assert_eq!(chapters[1], cue(20_000, 30_000, "Scene 3"));
    }

    #[test]
    fn repeated_and_unordered_numbers_give_each_scene_once_in_order() {
        let cues = caption_cues(&[scene(3, "third"), scene(1, "first"), scene(3, "again"), scene(2, "second")]);
        assert_eq!(cues, [cue(0, 10_000, "first"), cue(10_000, 20_000, "second"), cue(20_000, 30_000, "third")]);
        // Numbers the spec does not allow go where the chapter buttons put them.
        assert_eq!(caption_cues(&[scene(0, "zero")]), [cue(0, 10_000, "zero")]);
        assert_eq!(caption_cues(&[scene(-4, "minus")]), [cue(0, 10_000, "minus")]);
        let far = caption_cues(&[scene(i64::MAX, "far")]);
        assert_eq!((far[0].start_ms, far[0].end_ms), (u32::MAX, u32::MAX));
    }

    #[test]
    fn empty_or_blank_narration_gives_no_cue() {
        assert!(caption_cues(&[scene(1, ""), scene(2, "  \n\t \r\n ")]).is_empty());
        assert!(caption_cues(&[]).is_empty());
        assert_eq!(caption_cues(&[scene(1, ""), scene(2, "two")]), [cue(10_000, 20_000, "two")]);
        assert_eq!(webvtt(&[]), "WEBVTT\n\n");
        assert_eq!(srt(&[]), "");
    }

    #[test]
    fn long_narration_is_split_between_words_and_spread_by_length() {
        let text = "The lighthouse keeper climbed the stairs every evening at dusk, counting each of the \
                    one hundred and twelve steps, and at the top she lit the lamp that had guided ships \
                    home for a century, then sat by the window to watch the whale come back.";
        let cues = caption_cues(&[scene(2, text)]);
        check_shape(&cues);
        assert!(cues.len() >= 3, "{cues:?}");
        assert_eq!(spoken(&cues), words(text));
        assert_eq!(cues[0].start_ms, 10_000);
        assert_eq!(cues.last().unwrap().end_ms, 20_000);
        for pair in cues.windows(2) {
            assert_eq!(pair[0].end_ms, pair[1].start_ms, "no gap, no overlap");
        }
        // In proportion to length: a full cue lasts longer than the shorter last one.
        let long = &cues[0];
        let last = cues.last().unwrap();
        assert!(long.text.chars().count() > last.text.chars().count());
        assert!(long.end_ms - long.start_ms > last.end_ms - last.start_ms, "{cues:?}");
        // Two full lines of about 42 each, broken at a space.
        assert_eq!(long.text, "The lighthouse keeper climbed the stairs\nevery evening at dusk, counting each of");
    }

    #[test]
    fn whitespace_inside_narration_is_collapsed() {
        let cues = caption_cues(&[scene(1, "  Line one\r\n\r\n\nline   two\ttabbed \u{a0} ")]);
        assert_eq!(cues, [cue(0, 10_000, "Line one line two tabbed")]);
    }

    #[test]
    fn a_word_longer_than_a_line_comes_out_whole() {
        let word = "Pneumonoultramicroscopicsilicovolcanoconiosis-and-then-some";
        let cues = caption_cues(&[scene(1, &format!("A {word} here"))]);
        let texts: Vec<&str> = cues.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, [format!("A\n{word}").as_str(), "here"]);
        assert_eq!(caption_cues(&[scene(1, word)])[0].text, word);
        assert_eq!(
            spoken(&caption_cues(&[scene(1, &format!("{word} {word} {word}"))])),
            format!("{word} {word} {word}")
        );
    }

    #[test]
    fn emoji_and_combining_marks_count_as_characters_and_are_never_cut() {
        // 21 two-byte letters a word: two words and a space are 43 characters (86 bytes), one line each.
        let e = "é".repeat(21);
        let cues = caption_cues(&[scene(1, &format!("{e} {e}"))]);
        assert_eq!(cues[0].text, format!("{e}\n{e}"));
        let a = "a".repeat(20);
        assert_eq!(caption_cues(&[scene(1, &format!("{a} {a}"))])[0].text, format!("{a} {a}"), "41 fit");
        let family = "👩\u{200d}👩\u{200d}👧";
        let accent = "Cafe\u{301}";
        let text = format!("{family} {accent} 🎬🍿 {}", "🌊 ".repeat(40));
        let cues = caption_cues(&[scene(1, &text)]);
        check_shape(&cues);
        assert_eq!(spoken(&cues), words(&text));
        assert!(cues[0].text.starts_with(&format!("{family} {accent} 🎬🍿")));
    }

    #[test]
    fn right_to_left_text_keeps_its_words_and_order() {
        let arabic =
            "في البداية كان هناك حارس منارة يعيش وحيدا على جزيرة صغيرة في وسط البحر، وكل مساء كان يشعل المصباح";
        let hebrew = "שומר המגדלור טיפס במדרגות כל ערב";
        let cues = caption_cues(&[scene(1, arabic), scene(2, hebrew)]);
        check_shape(&cues);
        let first: Vec<&Cue> = cues.iter().filter(|c| c.end_ms <= 10_000).collect();
        assert!(first.len() >= 2);
        assert_eq!(spoken(&cues), format!("{arabic} {hebrew}"));
        assert_eq!(cues.last().unwrap(), &cue(10_000, 20_000, hebrew));
        let vtt = webvtt(&cues);
        assert!(vtt.contains(hebrew) && read(&vtt, true).len() == cues.len());
    }

    #[test]
    fn chapters_are_the_descriptions_or_the_scene_number() {
        let scenes = [
            Scene { scene_number: 2, description: " The  storm\nbreaks ".into(), ..Default::default() },
            Scene { scene_number: 1, description: "   ".into(), ..Default::default() },
            Scene { scene_number: 1, description: "a repeat".into(), ..Default::default() },
        ];
        assert_eq!(chapter_cues(&scenes), [cue(0, 10_000, "Scene 1"), cue(10_000, 20_000, "The storm breaks")]);
    }

    #[test]
    fn webvtt_has_its_header_and_dotted_timestamps() {
        let vtt = webvtt(&[cue(0, 4_500, "Hello\nthere"), cue(4_500, 99_999, "Bye")]);
        assert_eq!(
            vtt,
            "WEBVTT\n\n00:00:00.000 --> 00:00:04.500\nHello\nthere\n\n00:00:04.500 --> 00:01:39.999\nBye\n\n"
        );
        assert!(webvtt(&[cue(3_723_004, 3_723_005, "x")]).contains("01:02:03.004 --> 01:02:03.005"));
    }

    #[test]
    fn srt_is_numbered_from_one_with_comma_milliseconds() {
        let file = srt(&[cue(0, 4_500, "Hello\nthere"), cue(4_500, 99_999, "Bye")]);
        assert_eq!(file, "1\n00:00:00,000 --> 00:00:04,500\nHello\nthere\n\n2\n00:00:04,500 --> 00:01:39,999\nBye\n\n");
    }

    #[test]
    fn hostile_text_cannot_break_either_file() {
        let hostile = [
            cue(0, 1_000, "a --> b"),
            cue(1_000, 2_000, "first\n\nsecond\r\n\r\nthird"),
            cue(2_000, 3_000, "<b>bold</b> & <c.x>ruby</c> &amp;"),
            cue(3_000, 4_000, "The year was\n2024"),
            cue(4_000, 5_000, "2\n00:00:01,000 --> 00:00:02,000\ninjected"),
            cue(5_000, 6_000, " \n \r\n"),
            cue(6_000, 7_000, "WEBVTT\nNOTE x\n--->"),
        ];
        let vtt = read(&webvtt(&hostile), true);
        assert_eq!(vtt.len(), 6, "the empty cue is left out: {vtt:?}");
        assert_eq!(vtt[0], ("00:00:00.000 --> 00:00:01.000".into(), "a --&gt; b".into()));
        assert_eq!(vtt[1].1, "first\nsecond\nthird");
        assert_eq!(vtt[2].1, "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;c.x&gt;ruby&lt;/c&gt; &amp;amp;");
        assert_eq!(vtt[5], ("00:00:06.000 --> 00:00:07.000".into(), "WEBVTT\nNOTE x\n---&gt;".into()));

        let srt = read(&srt(&hostile), false);
        assert_eq!(srt.len(), 6);
        assert_eq!(srt[0], ("00:00:00,000 --> 00:00:01,000".into(), "a → b".into()));
        assert_eq!(srt[1].1, "first\nsecond\nthird");
        assert_eq!(srt[3].1, "The year was 2024", "no line of digits alone");
        assert_eq!(srt[4].1, "2 00:00:01,000 → 00:00:02,000 injected");
        assert_eq!(srt[5], ("00:00:06,000 --> 00:00:07,000".into(), "WEBVTT\nNOTE x\n-→".into()));
    }

    #[test]
    fn the_narration_survives_both_files() {
        let scenes: Vec<Scene> = (1..=10)
            .map(|n| scene(n, &format!("Scene {n} & <friends> say --> «مرحبا» 👋🏽 and the story moves on, {n} by {n}.")))
            .collect();
        let cues = caption_cues(&scenes);
        check_shape(&cues);
        let vtt = read(&webvtt(&cues), true);
        let srt = read(&srt(&cues), false);
        assert_eq!((vtt.len(), srt.len()), (cues.len(), cues.len()));
        assert!(vtt.last().unwrap().0.ends_with(" --> 00:01:40.000"), "{vtt:?}");
        for ((c, v), s) in cues.iter().zip(&vtt).zip(&srt) {
            assert_eq!(v.1.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"), c.text);
            assert_eq!(s.1.replace('→', "-->").replace('\n', " "), c.text.replace('\n', " "));
        }
    }
}
