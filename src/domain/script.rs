//! A project as a script the person keeps: Markdown text, and the names its files are saved under.

use super::order::scenes_in_order;
use super::title::project_title;
use crate::api::Project;

/// Longest file stem, in bytes: file systems allow 255, and the extension and a browser's " (1)"
/// must fit after it.
const MAX_STEM_BYTES: usize = 100;

/// The project as Markdown: its title, its idea, and each scene's number and four texts, scenes in
/// the order the person sees them. Every text is the service's, shown as text: none becomes markup
/// or a link of the script's.
pub fn markdown(project: &Project) -> String {
    let mut out = String::from("# ");
    for c in project_title(project.id, Some(project)).chars() {
        // A heading is one line, and a "#" in it could close it early ("Fox ##").
        let c = if c.is_control() { ' ' } else { c };
        if c == '#' || inline_mark(c) {
            out.push('\\');
        }
        out.push(c);
    }
    section(&mut out, "## Story idea", &project.ideas);
    for scene in scenes_in_order(&project.scenes) {
        out.push_str("\n\n## Scene ");
        out.push_str(&scene.scene_number.to_string());
        section(&mut out, "### Description", &scene.description);
        section(&mut out, "### Image prompt", &scene.image_prompt);
        section(&mut out, "### Motion prompt", &scene.motion_prompt);
        section(&mut out, "### Narration", &scene.narration_text);
    }
    out.push('\n');
    out
}

/// Whether `c` could start markup a renderer makes a link, an image, HTML or a code span of: `[` and
/// `]` (links, images, references: "[x](javascript:…)"), `<` (tags, comments, autolinks: "<img
/// src=x onerror=…>", "<javascript:…>"), "`" (in a code span the other escapes would show), `&` (an
/// entity: "&lt;" is text, not "<"), and a backslash, which would otherwise undo the escape after
/// it. Each is written escaped, and so shown as it is. Emphasis may still render. A bare "https://…"
/// stays as written: GitHub's Markdown links it (it joins the text before it looks, so no escape can
/// stop that), with its target as its text.
fn inline_mark(c: char) -> bool {
    matches!(c, '[' | ']' | '<' | '`' | '\\' | '&')
}

/// A heading and the service's text under it as a block quote, every line of it quoted (blank ones
/// too), so nothing in it can end the quote or start a heading, rule, list or code block of the
/// script's own, nor anything inline but emphasis (`inline_mark`).
fn section(out: &mut String, heading: &str, text: &str) {
    out.push_str("\n\n");
    out.push_str(heading);
    let text = text.trim();
    if text.is_empty() {
        out.push_str("\n\n*None.*");
        return;
    }
    out.push_str("\n\n>");
    // Where the line is: 0 at its start (indentation, which would make a code block, is dropped),
    // 1 in its leading digits ("1." starts a list), 2 past its first mark.
    let mut at = 0;
    let mut after_cr = false;
    for c in text.chars() {
        // Markdown ends a line at "\n", "\r\n" and a lone "\r" alike.
        if c == '\n' && after_cr {
            after_cr = false;
            continue;
        }
        after_cr = c == '\r';
        if c == '\n' || after_cr {
            out.push_str("\n>");
            at = 0;
            continue;
        }
        if at == 0 && c.is_whitespace() {
            continue;
        }
        if at == 0 {
            out.push(' ');
        }
        if at < 2 && c.is_ascii_digit() {
            at = 1;
        } else {
            // A backslash makes a line's first mark literal: "#", "-", ">", "```", "1." and the like.
            if (at < 2 && c.is_ascii_punctuation()) || inline_mark(c) {
                out.push('\\');
            }
            at = 2;
        }
        out.push(c);
    }
}

/// The name of one of the project's files: `<stem>.md`, `<stem>.srt`, `<stem>.vtt`.
pub fn file_name(project: &Project, extension: &str) -> String {
    format!("{}.{extension}", file_stem(project))
}

/// The name of project `id`'s files, without extension, also before the project is read.
pub fn file_stem_for(id: i64, project: Option<&Project>) -> String {
    project.map_or_else(|| format!("storyreel-project-{id}"), file_stem)
}

/// The name of the project's files, without extension: its title with no path, reserved or control
/// characters, no leading or trailing dots, at most `MAX_STEM_BYTES`; `storyreel-project-<id>` when
/// nothing is left.
pub fn file_stem(project: &Project) -> String {
    let mut stem = String::new();
    for c in project_title(project.id, Some(project)).chars() {
        // Direction marks and overrides could make "x\u{202E}dm.exe" read as a different extension.
        if matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') {
            continue;
        }
        let c = if c.is_whitespace() || c.is_control() || r#"/\:*?"<>|"#.contains(c) { ' ' } else { c };
        if stem.len() + c.len_utf8() > MAX_STEM_BYTES {
            break;
        }
        if c != ' ' || !stem.ends_with(' ') {
            stem.push(c);
        }
    }
    let stem = stem.trim_matches(|c| c == '.' || c == ' ');
    // Windows refuses these device names as a file's name, whatever follows a dot.
    let device = stem.split('.').next().unwrap_or_default().trim_end().as_bytes();
    let reserved = match device {
        [a, b, c] => [b"CON", b"PRN", b"AUX", b"NUL"].iter().any(|d| d.eq_ignore_ascii_case(&[*a, *b, *c])),
        [a, b, c, n] => n.is_ascii_digit() && [b"COM", b"LPT"].iter().any(|d| d.eq_ignore_ascii_case(&[*a, *b, *c])),
        _ => false,
    };
    match stem {
        "" => format!("storyreel-project-{}", project.id),
        _ if reserved => format!("storyreel-{stem}"),
        _ => stem.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Scene;

    fn scene(number: i64, narration: &str) -> Scene {
        Scene {
            scene_number: number,
            description: format!("Scene {number} seen"),
            image_prompt: format!("image {number}"),
            motion_prompt: format!("motion {number}"),
            narration_text: narration.into(),
            ..Scene::default()
        }
    }

    fn project(description: &str) -> Project {
        Project { id: 42, description: description.into(), ideas: "A fox learns to sail".into(), ..Project::default() }
    }

    /// The top-level structure a Markdown reader sees: lines that are not inside a block quote.
    fn outline(md: &str) -> Vec<&str> {
        md.lines().filter(|l| !l.is_empty() && !l.starts_with('>')).collect()
    }

    #[test]
    fn the_script_has_the_title_the_idea_and_each_scene_in_order() {
        let mut p = project("Fox at sea");
        p.scenes = vec![scene(2, "The sea is wide."), scene(1, "A fox wakes."), scene(2, "A repeat.")];
        let md = markdown(&p);
        assert_eq!(
            md,
            "# Fox at sea\n\n## Story idea\n\n> A fox learns to sail\n\n\
             ## Scene 1\n\n### Description\n\n> Scene 1 seen\n\n### Image prompt\n\n> image 1\n\n\
             ### Motion prompt\n\n> motion 1\n\n### Narration\n\n> A fox wakes.\n\n\
             ## Scene 2\n\n### Description\n\n> Scene 2 seen\n\n### Image prompt\n\n> image 2\n\n\
             ### Motion prompt\n\n> motion 2\n\n### Narration\n\n> The sea is wide.\n"
        );
        assert!(!md.contains("A repeat."), "a repeated scene number is one scene, the first answer's");
    }

    #[test]
    fn empty_texts_say_so_and_odd_text_comes_through_whole() {
        let mut p = Project { id: 7, ..Project::default() };
        p.scenes = vec![Scene {
            scene_number: 1, narration_text: "مرحبا بالعالم 🦊".into(), ..Scene::default()
        }];
        let md = markdown(&p);
        assert!(md.starts_with("# Untitled project 7\n\n## Story idea\n\n*None.*\n\n## Scene 1"), "{md}");
        assert!(md.contains("### Description\n\n*None.*\n\n"), "{md}");
        assert!(md.contains("### Narration\n\n> مرحبا بالعالم 🦊\n"), "{md}");
        assert_eq!(markdown(&project("A title\nover two lines")).lines().next(), Some("# A title over two lines"));
        assert_eq!(markdown(&project("Tabbed\ttitle")).lines().next(), Some("# Tabbed title"));
    }

    #[test]
    fn text_from_the_service_stays_inside_its_section() {
        let hostile = "# Not a heading\n---\n\n```\ncode?\n```\n   indented\n1. not a list\n> nested\r## after a CR\r\n- item\n<div>";
        let mut p = project("Fox");
        p.ideas = hostile.into();
        p.scenes = vec![scene(1, hostile)];
        let md = markdown(&p);
        assert_eq!(
            outline(&md),
            [
                "# Fox",
                "## Story idea",
                "## Scene 1",
                "### Description",
                "### Image prompt",
                "### Motion prompt",
                "### Narration"
            ],
            "{md}"
        );
        let quoted =
            "> \\# Not a heading\n> \\---\n>\n> \\`\\`\\`\n> code?\n> \\`\\`\\`\n> indented\n> 1\\. not a list\n\
                      > \\> nested\n> \\## after a CR\n> \\- item\n> \\<div>";
        assert!(md.contains(&format!("### Narration\n\n{quoted}\n")), "{md}");
        assert!(md.contains(&format!("## Story idea\n\n{quoted}\n\n## Scene 1")), "{md}");
        assert!(markdown(&project("Fox")).contains("> A fox learns to sail"), "plain text is left as it is");
    }

    /// The characters of `md` that stand unescaped (after an even run of backslashes) and are one of
    /// `marks`: what a renderer would read as markup.
    fn unescaped(md: &str, marks: &[char]) -> Vec<char> {
        let mut backslashes = 0;
        let mut found = Vec::new();
        for c in md.chars() {
            if marks.contains(&c) && backslashes % 2 == 0 {
                found.push(c);
            }
            backslashes = if c == '\\' { backslashes + 1 } else { 0 };
        }
        found
    }

    const HOSTILE: [&str; 12] = [
        "<img src=x onerror=alert(1)>",
        "A fox <script>alert(document.cookie)</script> sails",
        "See [the video](javascript:alert(1)) now",
        "![tracker](https://evil.example/pixel.png)",
        "Go to <javascript:alert(1)> or <https://evil.example>",
        "[x][1] then\n[1]: javascript:alert(1)",
        r"Already \[escaped](javascript:alert(1)) \<b>",
        "<!-- hidden --> and <a href=\"javascript:alert(1)\">click</a>",
        "Use `<b>` here",
        "&lt;script&gt; and &#60;img&#62; and &amp;",
        "[link\nover lines](javascript:x)",
        "<\u{0}x>",
    ];

    #[test]
    fn no_service_text_becomes_html_or_a_link() {
        for text in HOSTILE {
            let mut p = project(text);
            p.ideas = text.into();
            p.scenes = vec![Scene { scene_number: 1, narration_text: text.into(), ..scene(1, "") }];
            let md = markdown(&p);
            assert_eq!(unescaped(&md, &['[', ']', '<', '`']), Vec::<char>::new(), "{text:?} became:\n{md}");
        }
    }

    #[test]
    fn hostile_text_is_written_escaped_and_so_shown_as_it_is() {
        let narration = |text: &str| {
            let mut p = project("Fox");
            p.scenes = vec![scene(1, text)];
            let md = markdown(&p);
            md.split_once("### Narration\n\n").unwrap().1.trim_end().to_owned()
        };
        assert_eq!(narration("<img src=x onerror=alert(1)>"), r"> \<img src=x onerror=alert(1)>");
        assert_eq!(narration("A fox <script>alert(1)</script> sails"), r"> A fox \<script>alert(1)\</script> sails");
        assert_eq!(narration("See [it](javascript:alert(1))"), r"> See \[it\](javascript:alert(1))");
        assert_eq!(narration("![t](https://evil.example/p.png)"), r"> \!\[t\](https://evil.example/p.png)");
        assert_eq!(narration("Go <javascript:alert(1)>"), r"> Go \<javascript:alert(1)>");
        // A backslash of the service's own is written as one, so it cannot undo the escape after it.
        assert_eq!(narration(r"x \[a](javascript:b)"), r"> x \\\[a\](javascript:b)");
        assert_eq!(narration(r"C:\films\fox"), r"> C:\\films\\fox");
        // An entity stays as typed.
        assert_eq!(narration("&lt;b&gt; &#60; Fox & hound"), r"> \&lt;b\&gt; \&#60; Fox \& hound");
        assert_eq!(narration("Use `<b>` here"), r"> Use \`\<b>\` here");
        assert_eq!(narration("Plain words, (with brackets) and 3 > 2."), "> Plain words, (with brackets) and 3 > 2.");
    }

    #[test]
    fn a_hostile_title_is_one_plain_heading() {
        let first = |title: &str| markdown(&project(title)).lines().next().unwrap().to_owned();
        assert_eq!(first("<img src=x onerror=alert(1)>"), r"# \<img src=x onerror=alert(1)>");
        assert_eq!(first("[Fox](javascript:alert(1))"), r"# \[Fox\](javascript:alert(1))");
        assert_eq!(first("Fox ##"), r"# Fox \#\#", "not a closing sequence");
        assert_eq!(first("C# & F#"), r"# C\# \& F\#");
        assert_eq!(first("Fox\n<script>"), r"# Fox \<script>");
        for text in HOSTILE {
            let md = markdown(&project(text));
            let title = md.lines().next().unwrap();
            assert_eq!(unescaped(title, &['[', ']', '<', '`']), Vec::<char>::new(), "{title}");
        }
    }

    #[test]
    fn the_file_stem_is_the_title_made_safe() {
        let stem = |title: &str| file_stem(&project(title));
        assert_eq!(stem("Fox at sea"), "Fox at sea");
        assert_eq!(stem("../../etc/passwd"), "etc passwd");
        assert_eq!(stem(r#"a/b\c:d*e?f"g<h>i|j"#), "a b c d e f g h i j");
        assert_eq!(stem("  ...hidden.  "), "hidden");
        assert_eq!(stem("tab\tand\nnew\u{0}line\u{7f}"), "tab and new line");
        assert_eq!(stem("CON"), "storyreel-CON");
        assert_eq!(stem("con.txt"), "storyreel-con.txt");
        assert_eq!(stem("lpt1"), "storyreel-lpt1");
        assert_eq!(stem("Console"), "Console");
        assert_eq!(stem("Fox 🦊 at sea"), "Fox 🦊 at sea");
        assert_eq!(stem("ثعلب في البحر"), "ثعلب في البحر");
        assert_eq!(stem("photo\u{202E}gpj.exe"), "photogpj.exe", "no override can disguise the extension");
        assert_eq!(stem("/?*"), "storyreel-project-42");
        assert_eq!(stem(".."), "storyreel-project-42");
        assert_eq!(file_stem(&Project { id: 3, ..Project::default() }), "Untitled project 3");
        assert_eq!(file_name(&project("../x"), "srt"), "x.srt");
    }

    #[test]
    fn a_long_title_is_cut_on_a_character_boundary() {
        let stem = file_stem(&project(&"🦊".repeat(60)));
        assert_eq!(stem, "🦊".repeat(25), "100 bytes: 25 four-byte characters");
        let stem = file_stem(&project(&format!("{} and more", "a".repeat(99))));
        assert_eq!(stem, "a".repeat(99), "no trailing space");
        let stem = file_stem(&project(&format!("{}🦊b", "a".repeat(98))));
        assert_eq!(stem, "a".repeat(98), "cut where the first character does not fit");
    }
}
