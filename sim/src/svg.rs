//! A scene's "generated" image: an SVG drawn from its number, description and prompt.

use crate::model::Scene;
use crate::story::excerpt;

pub fn scene_image(scene: &Scene, version: u32) -> String {
    let hue = (scene.number * 36 + version * 17) % 360;
    let lines = wrap(&excerpt(&scene.description, 180), 44);
    let text: String = lines
        .iter()
        .take(4)
        .enumerate()
        .map(|(i, line)| {
            format!(r##"<text x="40" y="{}" font-size="22" fill="#fff">{}</text>"##, 190 + i * 30, escape(line))
        })
        .collect();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" font-family="sans-serif">
<rect width="640" height="360" fill="hsl({hue},55%,32%)"/>
<circle cx="540" cy="90" r="60" fill="hsl({hue},70%,60%)" opacity="0.5"/>
<text x="40" y="120" font-size="64" font-weight="bold" fill="#fff">Scene {number}</text>
{text}
<text x="40" y="340" font-size="13" fill="#fff" opacity="0.7">{prompt}</text>
<text x="600" y="340" font-size="13" fill="#fff" opacity="0.7" text-anchor="end">v{version}</text>
</svg>
"##,
        number = scene.number,
        prompt = escape(&excerpt(&scene.image_prompt, 80)),
    )
}

fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_and_escapes() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
