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

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                Ok(Self::parse(&$crate::api::lenient::null_default::<D, String>(d)?))
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    };
}

pub(crate) use open_enum;
