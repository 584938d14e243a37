//! The colour theme a person chose for this device: the system's (light or dark, as the device is
//! set), or always light, or always dark. A device preference, not the person's data: it stays
//! through sign-out (`browser::theme`).

/// Where the choice is kept, in the device's storage.
pub const THEME_KEY: &str = "storyreel.theme";

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

    #[test]
    fn the_system_theme_stores_nothing_and_sets_no_attribute() {
        assert_eq!(ThemeChoice::System.value(), None);
        assert_eq!(ThemeChoice::Light.value(), Some("light"));
        assert_eq!(ThemeChoice::Dark.value(), Some("dark"));
        assert_eq!(ThemeChoice::default(), ThemeChoice::System);
        let labels: Vec<_> = ThemeChoice::ALL.iter().map(|c| c.label()).collect();
        assert_eq!(labels, ["System", "Light", "Dark"]);
    }
}
