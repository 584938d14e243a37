//! JSON in and out through one small value type of our own, read and written field by field.
//!
//! Models are read by hand rather than derived: a derive instantiates the parser once per type and
//! per field reader, which was 58 KB of the wasm for the same behaviour (issue 14). The value type
//! is ours rather than serde_json's because its B-tree map was another 14 KB of the wasm, for
//! objects of a few keys each.
//!
//! Reading never fails on one odd field. The spec leaves many shapes "not shown", so a field of the
//! wrong type, a `null` or a missing field becomes the field's empty value instead of failing the
//! whole response: one odd field must not hide a project from the person who paid for it.

/// A JSON value. Numbers are `f64`, as in the browser, so any integer up to 2^53 is exact.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    Object(Map),
}

/// A JSON object's fields, in insertion order; the API's objects have a few keys each, so a list
/// searched in order is small and fast enough.
#[derive(Clone, Debug, Default)]
pub struct Map(Vec<(String, Value)>);

impl Map {
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets `key`, in its old place when it was there already; returns the value it replaced.
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, old)) => Some(std::mem::replace(old, value)),
            None => {
                self.0.push((key, value));
                None
            }
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let at = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(at).1)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &Value)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a String, &'a Value);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (String, Value)>, fn(&'a (String, Value)) -> Self::Item>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

/// Objects are equal whatever the order of their keys, as in JSON.
impl PartialEq for Map {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

/// Integers beyond this are not exact in an `f64` (nor in the browser's numbers).
const MAX_EXACT: f64 = 9_007_199_254_740_992.0;

impl Value {
    /// The field `key` of an object; `None` for a missing field or a value that is not an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object()?.get(key)
    }

    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(f) => Some(*f),
            _ => None,
        }
    }

    /// A whole number only, and only one an `f64` holds exactly (serde_json's integers, as before).
    pub fn as_i64(&self) -> Option<i64> {
        self.as_f64().filter(|f| f.fract() == 0.0 && f.abs() <= MAX_EXACT).map(|f| f as i64)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_owned())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<f64> for Value {
    fn from(f: f64) -> Self {
        Value::Number(f)
    }
}

// The API's integers are ids, counts and seconds, far below 2^53, so `as f64` is exact for them.
macro_rules! from_integer {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Self {
                Value::Number(n as f64)
            }
        }
    )*};
}
from_integer!(i32, i64, u8, u32, u64);

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(value: Option<T>) -> Self {
        value.map_or(Value::Null, Into::into)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(items: Vec<T>) -> Self {
        Value::Array(items.into_iter().map(Into::into).collect())
    }
}

impl From<Map> for Value {
    fn from(map: Map) -> Self {
        Value::Object(map)
    }
}

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
            Value::Number(f)
        } else if let Some(s) = v.as_string() {
            Value::String(s)
        } else if Array::is_array(v) {
            let items: Array = v.clone().unchecked_into();
            Value::Array(items.iter().map(|item| from_js(&item, depth + 1)).collect::<Option<_>>()?)
        } else if let Some(object) = v.dyn_ref::<Object>() {
            let mut fields = Vec::new();
            for key in Object::keys(object).iter() {
                let value = from_js(&Reflect::get(object, &key).ok()?, depth + 1)?;
                fields.push((key.as_string()?, value));
            }
            // Object.keys names each key once, so there is nothing for `Map::insert` to replace.
            Value::Object(Map(fields))
        } else {
            Value::Null
        })
    }

    fn to_js(value: &Value) -> JsValue {
        match value {
            Value::Null => JsValue::NULL,
            Value::Bool(b) => JsValue::from_bool(*b),
            Value::Number(f) => JsValue::from_f64(*f),
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

// serde_json's own map is used here only natively, so it costs the wasm nothing; whole numbers are
// written as integers ("5", not "5.0"), as the browser writes them.
#[cfg(not(target_arch = "wasm32"))]
mod engine {
    use super::Value;

    pub fn parse(text: &str) -> Option<Value> {
        serde_json::from_str::<serde_json::Value>(text).ok().map(Value::from)
    }

    pub fn write(value: &Value) -> String {
        to_serde(value).to_string()
    }

    pub fn float_text(f: f64) -> String {
        f.to_string()
    }

    fn to_serde(value: &Value) -> serde_json::Value {
        match value {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => (*b).into(),
            Value::Number(f) => match value.as_i64() {
                Some(i) => i.into(),
                None => serde_json::Number::from_f64(*f).map_or(serde_json::Value::Null, serde_json::Value::Number),
            },
            Value::String(s) => s.as_str().into(),
            Value::Array(items) => items.iter().map(to_serde).collect(),
            Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), to_serde(v))).collect(),
        }
    }
}

// Natively the engine's way in; in every build's tests, how `serde_json::json!` values become ours.
#[cfg(any(test, not(target_arch = "wasm32")))]
impl From<serde_json::Value> for Value {
    fn from(value: serde_json::Value) -> Self {
        match value {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap_or_default()),
            serde_json::Value::String(s) => Value::String(s),
            serde_json::Value::Array(items) => Value::Array(items.into_iter().map(Value::from).collect()),
            serde_json::Value::Object(map) => Value::Object(Map(map.into_iter().map(|(k, v)| (k, v.into())).collect())),
        }
    }
}

pub fn read<T: FromJson>(text: &str) -> Option<T> {
    T::from_json(&parse(text)?)
}

/// An object under construction; `None` values are left out, as the spec's optional fields are.
#[derive(Default)]
pub struct Object(Map);

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
impl FromJson for Map {
    fn from_json(value: &Value) -> Option<Self> {
        value.as_object().cloned()
    }
}

impl ToJson for Map {
    fn to_json(&self) -> Value {
        Value::Object(self.clone())
    }
}

static NULL: Value = Value::Null;

/// One object's fields, each read leniently.
#[derive(Clone, Copy)]
pub struct Fields<'a>(&'a Map);

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
            Value::Number(f) => *f != 0.0,
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
                .find_map(|k| map.get(k).and_then(string_of))
                .or_else(|| Some(write(value))),
            other => Some(write(other)),
        };
        text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
    }
}

/// A whole number from a number or a numeric string; a fraction is rounded half away from zero.
pub fn int_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(f) => Some(f.round() as i64).filter(|_| f.is_finite()),
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
        Value::Number(f) => Some(match value.as_i64() {
            Some(i) => i.to_string(),
            None => engine::float_text(*f),
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
            assert_eq!(int_of(&value.clone().into()), expected, "{value}");
        }
    }

    #[test]
    fn text_that_is_not_json_or_nests_too_deep_is_refused() {
        assert_eq!(parse(r#"{"a": [1, 2.5, "x"]}"#), Some(json!({"a": [1, 2.5, "x"]}).into()));
        for bad in ["", "{", "<html>502</html>", "[1,]"] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
        let deep = "[".repeat(MAX_DEPTH + 2) + &"]".repeat(MAX_DEPTH + 2);
        assert_eq!(parse(&deep), None);
        assert_eq!(string_of(&json!(2.5).into()).as_deref(), Some("2.5"));
        assert_eq!(string_of(&json!(-7).into()).as_deref(), Some("-7"));
    }

    #[test]
    fn objects_leave_out_what_is_absent() {
        let written = Object::new().with("a", 1).with_some("b", None::<String>).with_some("c", Some("x")).done();
        assert_eq!(written, Value::from(json!({"a": 1, "c": "x"})));
    }

    #[test]
    fn a_value_that_is_not_an_object_has_no_fields() {
        assert!(Fields::of(&json!([1]).into()).is_none());
        let object = json!({"n": "5", "b": "Yes", "s": 12, "e": ""}).into();
        let fields = Fields::of(&object).unwrap();
        assert_eq!((fields.int("n"), fields.boolean("b"), fields.string("s")), (5, true, "12".to_owned()));
        assert_eq!((fields.opt_string("e"), fields.opt_int("missing")), (None, None));
    }

    #[test]
    fn a_key_set_again_keeps_its_place() {
        let mut map = Map::new();
        map.insert("b".into(), 1.into());
        map.insert("a".into(), 2.into());
        assert_eq!(map.insert("b".into(), 3.into()), Some(Value::Number(1.0)));
        let keys: Vec<_> = map.iter().map(|(k, v)| (k.as_str(), v.as_i64())).collect();
        assert_eq!(keys, [("b", Some(3)), ("a", Some(2))]);
        assert_eq!((map.remove("b"), map.get("b"), map.len()), (Some(Value::Number(3.0)), None, 1));
    }

    #[test]
    fn whole_numbers_are_written_and_read_as_integers() {
        assert_eq!(write(&vec![5.0, 0.5, 1_700_000_000_000.0, -0.0].into()), "[5,0.5,1700000000000,0]");
        assert_eq!(
            (Value::from(3.0).as_i64(), Value::from(3.5).as_i64(), Value::from(1e300).as_i64()),
            (Some(3), None, None)
        );
        assert_eq!(Value::from(-9_007_199_254_740_992_i64).as_i64(), Some(-9_007_199_254_740_992));
    }
}
