//! Field deserialisers that never fail.
//!
//! The spec leaves many shapes "not shown", so a field of the wrong type, a `null` or a missing field
//! becomes the field's empty value instead of failing the whole response: one odd field must not hide
//! a project from the person who paid for it.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

fn value<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    Ok(Value::deserialize(d).unwrap_or(Value::Null))
}

pub(crate) fn int_of(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().filter(|f| f.is_finite()).map(|f| f.round() as i64)),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|f| f.is_finite()).map(|f| f.round() as i64),
        _ => None,
    }
}

pub(crate) fn string_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

pub fn int<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    Ok(int_of(&value(d)?).unwrap_or_default())
}

pub fn opt_int<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Ok(int_of(&value(d)?))
}

/// A percentage, clamped to 0..=100 whatever the service sends.
pub fn percent<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    Ok(int_of(&value(d)?).unwrap_or_default().clamp(0, 100) as u8)
}

pub fn string<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(string_of(&value(d)?).unwrap_or_default())
}

/// An optional string where an empty string means absent too (an empty URL is no URL).
pub fn opt_string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(string_of(&value(d)?).filter(|s| !s.trim().is_empty()))
}

pub fn boolean<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(match value(d)? {
        Value::Bool(b) => b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => matches!(s.trim().to_ascii_lowercase().as_str(), "true" | "1" | "yes"),
        _ => false,
    })
}

/// A list whose unreadable items are skipped rather than failing the list.
pub fn list<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<Vec<T>, D::Error> {
    Ok(match value(d)? {
        Value::Array(items) => items.into_iter().filter_map(|item| serde_json::from_value(item).ok()).collect(),
        _ => Vec::new(),
    })
}

/// A human message from a field whose shape is "not shown" (the status response's `error`):
/// a string, an object carrying a message, or anything else rendered compactly.
pub fn message<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let v = value(d)?;
    let text = match &v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Object(map) => ["message", "detail", "error", "reason"]
            .iter()
            .find_map(|k| map.get(*k).and_then(string_of))
            .or_else(|| Some(v.to_string())),
        other => Some(other.to_string()),
    };
    Ok(text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()))
}
