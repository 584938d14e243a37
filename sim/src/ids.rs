//! Integer ids as clients send them. A Python service accepts integers of any size, so an id too big for any
//! stored record is simply "not found", while text that is not an integer is a 422.

use std::fmt;

use crate::error::{ApiError, ApiResult, FieldError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Id(pub i128);

impl Id {
    /// The stored key this id could refer to; `None` when no record can have it (negative, or beyond u64).
    pub fn key(self) -> Option<u64> {
        u64::try_from(self.0).ok()
    }

    pub fn parse(text: &str) -> Option<Id> {
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Longer than i128 can hold: keep it as "some huge id", which is never found.
        Some(text.parse::<i128>().map(Id).unwrap_or(Id(i128::MAX)))
    }

    /// A path segment that must be an integer; `loc` names it in the 422 body.
    pub fn from_path(text: &str, name: &str) -> ApiResult<Id> {
        Id::parse(text).ok_or_else(|| {
            ApiError::unprocessable(vec![FieldError::new(
                &["path", name],
                "Input should be a valid integer, unable to parse string as an integer",
                "int_parsing",
            )])
        })
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_path_ids() {
        assert_eq!(Id::parse("42").and_then(Id::key), Some(42));
        assert_eq!(Id::parse("-3").map(|i| i.key()), Some(None));
        assert_eq!(Id::parse("99999999999999999999999999999999999999999999").map(|i| i.key()), Some(None));
        assert_eq!(Id::parse("4x"), None);
        assert_eq!(Id::parse(""), None);
    }
}
