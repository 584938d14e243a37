//! What serde's attributes cannot say about the API's answers: the readers for fields whose shape
//! the spec leaves open or that a service may send empty.

use serde::de::Error;
use serde::{Deserialize, Deserializer};

/// A project's `id`: without it the project cannot be opened, and 0 or below is no project.
pub fn id<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    positive(d, "id")
}

/// A scene's `scene_number`, its position from 1: without it the scene cannot be placed or regenerated.
pub fn scene_number<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    positive(d, "scene_number")
}

/// Serde's own words for a wrong type say what was expected but not where; the field's name is added.
fn positive<'de, D: Deserializer<'de>>(d: D, field: &str) -> Result<i64, D::Error> {
    match i64::deserialize(d) {
        Ok(n) if n > 0 => Ok(n),
        Ok(n) => Err(D::Error::custom(format_args!("`{field}` is {n}, not a number above 0"))),
        Err(e) => Err(D::Error::custom(format_args!("`{field}`: {e}"))),
    }
}

/// `null` read as the field's empty value, as a missing field is (with `#[serde(default)]`).
pub fn null_default<'de, D: Deserializer<'de>, T: Deserialize<'de> + Default>(d: D) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// An optional text where an empty one means absent too (an empty URL is no URL).
pub fn non_blank<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<String>::deserialize(d)?.filter(|s| !s.trim().is_empty()))
}

/// A percentage, an integer clamped to 0..=100 whatever the service sends; `null` is 0.
pub fn percent<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    Ok(Option::<i64>::deserialize(d)?.unwrap_or_default().clamp(0, 100) as u8)
}

/// A human message from a field whose shape is "not shown" (the status response's `error`): a
/// string, an object carrying a message (read as an error body is), or anything else as its JSON
/// text on one line.
pub fn message<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
    let text = raw.get().trim();
    Ok(match super::extract_message(text).0 {
        Some(message) => Some(message),
        None if text == "null" || text.starts_with('"') => None,
        None => Some(super::error::shorten(text)),
    })
}
