//! Enums the spec leaves open: a value nobody listed is kept as `Unknown(text)`, never an error.

macro_rules! open_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant,)+
            /// A value this version of storyreel does not know, kept as the service sent it.
            Unknown(String),
        }

        impl $name {
            /// Matches case-insensitively and ignores surrounding space, since casing is not specified.
            pub fn parse(text: &str) -> Self {
                match text.trim().to_ascii_lowercase().as_str() {
                    $($text => Self::$variant,)+
                    _ => Self::Unknown(text.trim().to_owned()),
                }
            }

            pub fn as_str(&self) -> &str {
                match self {
                    $(Self::$variant => $text,)+
                    Self::Unknown(text) => text,
                }
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::Unknown(String::new())
            }
        }
    };
}

pub(crate) use open_enum;
