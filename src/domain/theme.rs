//! The colour theme a person chose for this device: the system's (light or dark, as the device is
//! set), or always light, or always dark. A device preference, not the person's data: it stays
//! through sign-out (`browser::theme`).

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    /// In the order the control offers them.
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark];

    /// The stored (or chosen) value; anything else, or nothing, is the system's theme.
    pub fn parse(value: Option<&str>) -> Self {
        match value.map(str::trim) {
            Some("light") => Self::Light,
            Some("dark") => Self::Dark,
            _ => Self::System,
        }
    }

    /// What is stored and set as `data-theme` on `<html>`; the system's theme is no value (nothing
    /// stored, no attribute), so the stylesheet follows `prefers-color-scheme`.
    pub fn value(self) -> Option<&'static str> {
        match self {
            Self::System => None,
            Self::Light => Some("light"),
            Self::Dark => Some("dark"),
        }
    }

    /// The option's value in the control (the system's theme needs one too).
    pub fn option_value(self) -> &'static str {
        self.value().unwrap_or("system")
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::System => "System",
            Self::Light => "Light",
            Self::Dark => "Dark",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_choice_is_read_back_and_anything_else_is_the_system_theme() {
        for choice in ThemeChoice::ALL {
            assert_eq!(ThemeChoice::parse(Some(choice.option_value())), choice);
            assert_eq!(ThemeChoice::parse(choice.value()), choice);
        }
        assert_eq!(ThemeChoice::parse(None), ThemeChoice::System);
        assert_eq!(ThemeChoice::parse(Some("")), ThemeChoice::System);
        assert_eq!(ThemeChoice::parse(Some("Dark")), ThemeChoice::System, "only what the app writes");
        assert_eq!(ThemeChoice::parse(Some("sepia")), ThemeChoice::System);
        assert_eq!(ThemeChoice::parse(Some(" dark\n")), ThemeChoice::Dark);
    }

    const TOKENS: &str = include_str!("../../style/tokens.css");

    #[test]
    fn the_system_theme_stores_nothing_and_sets_no_attribute_so_the_stylesheet_follows_the_device() {
        let root = TOKENS.split(":root {").nth(1).and_then(|rest| rest.split('}').next()).expect(":root { … }");
        assert!(root.contains("color-scheme: light dark;"), "without data-theme, the device's scheme applies");
        assert_eq!(ThemeChoice::System.value(), None);
        for choice in [ThemeChoice::Light, ThemeChoice::Dark] {
            let value = choice.value().expect("a chosen theme is stored and set");
            let rule = format!(":root[data-theme=\"{value}\"] {{ color-scheme: {value}; }}");
            assert!(
                TOKENS.contains(&rule),
                "{choice:?} sets data-theme=\"{value}\", which the stylesheet must apply: {rule}"
            );
        }
        let system = ThemeChoice::System.option_value();
        assert!(!TOKENS.contains(&format!("data-theme=\"{system}\"")), "the system's theme is no attribute");
        let labels: Vec<_> = ThemeChoice::ALL.iter().map(|c| c.label()).collect();
        assert_eq!(labels, ["System", "Light", "Dark"]);
    }

    /// The light and the dark colour of a `--name: light-dark(#rrggbb, #rrggbb);` token.
    fn pair(name: &str) -> [[u8; 3]; 2] {
        let start = format!("--{name}: light-dark(");
        let rest = TOKENS.split(&start).nth(1).unwrap_or_else(|| panic!("--{name} is no light-dark() pair"));
        let inner = rest.split(')').next().unwrap();
        let rgb = |hex: &str| {
            let hex =
                hex.trim().strip_prefix('#').filter(|h| h.len() == 6).unwrap_or_else(|| panic!("--{name}: {hex}"));
            [0, 2, 4].map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        };
        let (light, dark) = inner.split_once(',').unwrap_or_else(|| panic!("--{name}: {inner}"));
        [rgb(light), rgb(dark)]
    }

    /// WCAG 2.2 relative luminance and contrast ratio.
    fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
        let luminance = |c: [u8; 3]| {
            let [r, g, b] = c.map(|v| {
                let v = f64::from(v) / 255.0;
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            });
            0.2126 * r + 0.7152 * g + 0.0722 * b
        };
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn contrast_meets_wcag_aa_in_both_themes() {
        assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
        assert!((contrast([119, 119, 119], [255, 255, 255]) - 4.48).abs() < 0.01, "#777 on white, a known 4.48:1");
        let fills = ["bg", "surface", "danger-bg", "info-bg", "ok-bg", "warn-bg"];
        // (text, what it sits on, the least ratio): what tokens.css promises, and what main.css pairs.
        let mut checks: Vec<(&str, &str, f64)> = Vec::new();
        for fill in fills {
            checks.extend([("text", fill, 4.5), ("muted", fill, 4.5)]);
        }
        for fill in ["bg", "surface"] {
            checks.extend([("control-border", fill, 3.0), ("focus-color", fill, 3.0)]);
            for colour in ["accent", "danger", "ok", "warn"] {
                checks.push((colour, fill, 4.5));
            }
        }
        checks.extend([("accent-text", "accent", 4.5), ("danger", "danger-bg", 4.5), ("ok", "ok-bg", 4.5)]);
        for (fg, bg, least) in checks {
            for (theme, (f, b)) in ["light", "dark"].into_iter().zip(pair(fg).into_iter().zip(pair(bg))) {
                let ratio = contrast(f, b);
                assert!(ratio >= least, "--{fg} on --{bg} in the {theme} theme: {ratio:.2}:1, under {least}:1");
            }
        }
    }
}
