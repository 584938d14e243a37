//! JSON in and out through one type, serde_json's `Value`, read and written field by field.
//!
//! Models are read by hand rather than derived: a derive instantiates the parser once per type and
//! per field reader, which was 58 KB of the wasm for the same behaviour (issue 14).
//!
//! Reading never fails on one odd field. The spec leaves many shapes "not shown", so a field of the
//! wrong type, a `null` or a missing field becomes the field's empty value instead of failing the
//! whole response: one odd field must not hide a project from the person who paid for it.

pub use serde_json::{Map, Value};

pub trait FromJson: Sized {
    /// `None` only when the value is not an object at all.
    fn from_json(value: &Value) -> Option<Self>;
}

pub trait ToJson {
    fn to_json(&self) -> Value;
}

/// The JSON value of `text`, or `None` when it is not JSON (or nests deeper than `MAX_DEPTH`).
pub fn parse(text: &str) -> Option<Value> {
    engine::parse(text)
}

/// `value` as compact JSON text.
pub fn write(value: &Value) -> String {
    engine::write(value)
}

/// Deeper nesting is refused rather than followed: a hostile body must not exhaust the stack.
pub const MAX_DEPTH: usize = 128;

// In the browser the browser's own JSON.parse and JSON.stringify do the text, and only the walk to
// and from `Value` is wasm: serde_json's parser, writer and float tables were 30 KB of it (issue 14).
// Natively (the fast tests of every model) serde_json does the same job.
#[cfg(target_arch = "wasm32")]
mod engine {
    use super::{Map, Value, MAX_DEPTH};
    use js_sys::{Array, Object, Reflect, JSON};
    use wasm_bindgen::{JsCast, JsValue};

    pub fn parse(text: &str) -> Option<Value> {
        from_js(&JSON::parse(text).ok()?, 0)
    }

    pub fn write(value: &Value) -> String {
        JSON::stringify(&to_js(value)).ok().and_then(|s| s.as_string()).unwrap_or_default()
    }

    pub fn float_text(f: f64) -> String {
        js_sys::Number::from(f).to_string_with_radix(10).ok().and_then(|s| s.as_string()).unwrap_or_default()
    }

    fn from_js(v: &JsValue, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        Some(if let Some(b) = v.as_bool() {
            Value::Bool(b)
        } else if let Some(f) = v.as_f64() {
            // Whole numbers stay integers, as serde_json reads them.
            if f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0 {
                Value::from(f as i64)
            } else {
                serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)
            }
        } else if let Some(s) = v.as_string() {
            Value::String(s)
        } else if Array::is_array(v) {
            let items: Array = v.clone().unchecked_into();
            Value::Array(items.iter().map(|item| from_js(&item, depth + 1)).collect::<Option<_>>()?)
        } else if let Some(object) = v.dyn_ref::<Object>() {
            let mut map = Map::new();
            for key in Object::keys(object).iter() {
                let value = from_js(&Reflect::get(object, &key).ok()?, depth + 1)?;
                map.insert(key.as_string()?, value);
            }
            Value::Object(map)
        } else {
            Value::Null
        })
    }

    fn to_js(value: &Value) -> JsValue {
        match value {
            Value::Null => JsValue::NULL,
            Value::Bool(b) => JsValue::from_bool(*b),
            Value::Number(n) => JsValue::from_f64(n.as_f64().unwrap_or(0.0)),
            Value::String(s) => JsValue::from_str(s),
            Value::Array(items) => items.iter().map(to_js).collect::<Array>().into(),
            Value::Object(map) => {
                let object = Object::new();
                for (key, item) in map {
                    let _ = Reflect::set(&object, &JsValue::from_str(key), &to_js(item));
                }
                object.into()
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod engine {
    use super::Value;

    pub fn parse(text: &str) -> Option<Value> {
        serde_json::from_str(text).ok()
    }

    pub fn write(value: &Value) -> String {
        value.to_string()
    }

    pub fn float_text(f: f64) -> String {
        f.to_string()
    }
}

pub fn read<T: FromJson>(text: &str) -> Option<T> {
    T::from_json(&parse(text)?)
}

/// An object under construction; `None` values are left out, as the spec's optional fields are.
#[derive(Default)]
pub struct Object(Map<String, Value>);

impl Object {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.0.insert(key.to_owned(), value.into());
        self
    }

    pub fn with_some(self, key: &str, value: Option<impl Into<Value>>) -> Self {
        match value {
            Some(value) => self.with(key, value),
            None => self,
        }
    }

    pub fn done(self) -> Value {
        Value::Object(self.0)
    }
}

/// Any object, as it is (a map of drafts keyed by scene id).
impl FromJson for Map<String, Value> {
    fn from_json(value: &Value) -> Option<Self> {
        value.as_object().cloned()
    }
}

impl ToJson for Map<String, Value> {
    fn to_json(&self) -> Value {
        Value::Object(self.clone())
    }
}

static NULL: Value = Value::Null;

/// One object's fields, each read leniently.
#[derive(Clone, Copy)]
pub struct Fields<'a>(&'a Map<String, Value>);

impl<'a> Fields<'a> {
    pub fn of(value: &'a Value) -> Option<Self> {
        value.as_object().map(Fields)
    }

    pub fn get(self, key: &str) -> &'a Value {
        self.0.get(key).unwrap_or(&NULL)
    }

    pub fn int(self, key: &str) -> i64 {
        self.opt_int(key).unwrap_or_default()
    }

    pub fn opt_int(self, key: &str) -> Option<i64> {
        int_of(self.get(key))
    }

    /// A percentage, clamped to 0..=100 whatever the service sends.
    pub fn percent(self, key: &str) -> u8 {
        self.int(key).clamp(0, 100) as u8
    }

    pub fn string(self, key: &str) -> String {
        string_of(self.get(key)).unwrap_or_default()
    }

    /// An optional string where an empty string means absent too (an empty URL is no URL).
    pub fn opt_string(self, key: &str) -> Option<String> {
        string_of(self.get(key)).filter(|s| !s.trim().is_empty())
    }

    pub fn boolean(self, key: &str) -> bool {
        match self.get(key) {
            Value::Bool(b) => *b,
            Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
            Value::String(s) => matches!(s.trim().to_ascii_lowercase().as_str(), "true" | "1" | "yes"),
            _ => false,
        }
    }

    /// A list whose unreadable items are skipped rather than failing the list.
    pub fn list<T: FromJson>(self, key: &str) -> Vec<T> {
        match self.get(key) {
            Value::Array(items) => items.iter().filter_map(T::from_json).collect(),
            _ => Vec::new(),
        }
    }

    /// A human message from a field whose shape is "not shown" (the status response's `error`):
    /// a string, an object carrying a message, or anything else rendered compactly.
    pub fn message(self, key: &str) -> Option<String> {
        let value = self.get(key);
        let text = match value {
            Value::Null => None,
            Value::String(s) => Some(s.clone()),
            Value::Object(map) => ["message", "detail", "error", "reason"]
                .iter()
                .find_map(|k| map.get(*k).and_then(string_of))
                .or_else(|| Some(write(value))),
            other => Some(write(other)),
        };
        text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
    }
}

/// A whole number from a number or a numeric string; a fraction is rounded half away from zero.
pub fn int_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().filter(|f| f.is_finite()).map(|f| f.round() as i64)),
        Value::String(s) => int_in_text(s),
        _ => None,
    }
}

/// `[+-]digits[.digits]`, read without a float parser (the API's numbers are integers; a float
/// parser is 15 KB of the wasm).
fn int_in_text(text: &str) -> Option<i64> {
    let text = text.trim();
    let (negative, unsigned) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut n: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    if fraction.as_bytes().first().is_some_and(|d| *d >= b'5') {
        n = n.checked_add(1)?;
    }
    Some(if negative { -n } else { n })
}

pub fn string_of(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(match n.as_i64() {
            Some(i) => i.to_string(),
            None => engine::float_text(n.as_f64().unwrap_or_default()),
        }),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn whole_numbers_are_read_from_numbers_and_numeric_text() {
        for (value, expected) in [
            (json!(7), Some(7)),
            (json!(3.0), Some(3)),
            (json!(42.5), Some(43)),
            (json!(-2.5), Some(-3)),
            (json!("17"), Some(17)),
            (json!(" -4 "), Some(-4)),
            (json!("+8"), Some(8)),
            (json!("42.6"), Some(43)),
            (json!("42.4"), Some(42)),
            (json!(".5"), Some(1)),
            (json!("12abc"), None),
            (json!("1e3"), None),
            (json!("."), None),
            (json!("-"), None),
            (json!(""), None),
            (json!("99999999999999999999"), None),
            (json!(true), None),
            (json!(null), None),
        ] {
            assert_eq!(int_of(&value), expected, "{value}");
        }
    }

    #[test]
    fn text_that_is_not_json_or_nests_too_deep_is_refused() {
        assert_eq!(parse(r#"{"a": [1, 2.5, "x"]}"#), Some(json!({"a": [1, 2.5, "x"]})));
        for bad in ["", "{", "<html>502</html>", "[1,]"] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
        let deep = "[".repeat(MAX_DEPTH + 2) + &"]".repeat(MAX_DEPTH + 2);
        assert_eq!(parse(&deep), None);
        assert_eq!(string_of(&json!(2.5)).as_deref(), Some("2.5"));
        assert_eq!(string_of(&json!(-7)).as_deref(), Some("-7"));
    }

    #[test]
    fn objects_leave_out_what_is_absent() {
        let written = Object::new().with("a", 1).with_some("b", None::<String>).with_some("c", Some("x")).done();
        assert_eq!(written, json!({"a": 1, "c": "x"}));
    }

    #[test]
    fn a_value_that_is_not_an_object_has_no_fields() {
        assert!(Fields::of(&json!([1])).is_none());
        let object = json!({"n": "5", "b": "Yes", "s": 12, "e": ""});
        let fields = Fields::of(&object).unwrap();
        assert_eq!((fields.int("n"), fields.boolean("b"), fields.string("s")), (5, true, "12".to_owned()));
        assert_eq!((fields.opt_string("e"), fields.opt_int("missing")), (None, None));
    }
}
