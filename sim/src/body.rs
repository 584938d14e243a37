//! Reading JSON request bodies field by field, so type errors come back as FastAPI-style 422 lists that name
//! each field. Types are strict: no string-to-number or number-to-boolean coercion. An explicit `null` for an
//! optional field means "not sent". Unknown fields are ignored.

use serde_json::{Map, Value};

use crate::error::{ApiError, ApiResult, FieldError};
use crate::ids::Id;

pub struct Fields {
    map: Map<String, Value>,
    errors: Vec<FieldError>,
}

impl Fields {
    /// `empty_is_object` lets endpoints whose fields are all optional accept an empty body.
    pub fn parse(bytes: &[u8], empty_is_object: bool) -> ApiResult<Fields> {
        let blank = bytes.iter().all(u8::is_ascii_whitespace);
        if blank {
            if empty_is_object {
                return Ok(Fields { map: Map::new(), errors: Vec::new() });
            }
            return Err(ApiError::unprocessable(vec![FieldError::new(&["body"], "Field required", "missing")]));
        }
        match serde_json::from_slice::<Value>(bytes) {
            Ok(Value::Object(map)) => Ok(Fields { map, errors: Vec::new() }),
            Ok(_) => Err(ApiError::unprocessable(vec![FieldError::new(
                &["body"],
                "Input should be a valid dictionary or object",
                "model_attributes_type",
            )])),
            Err(e) => Err(ApiError::unprocessable(vec![FieldError::new(
                &["body"],
                format!("JSON decode error: {e}"),
                "json_invalid",
            )])),
        }
    }

    fn present(&self, name: &str) -> Option<&Value> {
        self.map.get(name).filter(|v| !v.is_null())
    }

    fn missing(&mut self, name: &str) {
        self.errors.push(FieldError::new(&["body", name], "Field required", "missing"));
    }

    fn wrong(&mut self, name: &str, msg: &str, kind: &'static str) {
        self.errors.push(FieldError::new(&["body", name], msg, kind));
    }

    pub fn opt_str(&mut self, name: &str) -> Option<String> {
        match self.present(name)? {
            Value::String(s) => Some(s.clone()),
            _ => {
                self.wrong(name, "Input should be a valid string", "string_type");
                None
            }
        }
    }

    pub fn req_str(&mut self, name: &str) -> Option<String> {
        if self.present(name).is_none() {
            self.missing(name);
        }
        self.opt_str(name)
    }

    pub fn opt_bool(&mut self, name: &str) -> Option<bool> {
        match self.present(name)? {
            Value::Bool(b) => Some(*b),
            _ => {
                self.wrong(name, "Input should be a valid boolean", "bool_type");
                None
            }
        }
    }

    pub fn req_bool(&mut self, name: &str) -> Option<bool> {
        if self.present(name).is_none() {
            self.missing(name);
        }
        self.opt_bool(name)
    }

    /// Integers beyond 64 bits still parse (as a Python service would take them) so they can be reported as
    /// "not found" or "out of range" rather than as a type error.
    pub fn opt_int(&mut self, name: &str) -> Option<Id> {
        let value = self.present(name)?;
        let parsed = match value {
            Value::Number(n) => n
                .as_i64()
                .map(i128::from)
                .or_else(|| n.as_u64().map(i128::from))
                .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 1e37).map(|f| f as i128)),
            _ => None,
        };
        if parsed.is_none() {
            let msg = match value {
                Value::Number(_) => "Input should be a valid integer, got a number with a fractional part",
                _ => "Input should be a valid integer",
            };
            self.wrong(name, msg, "int_type");
        }
        parsed.map(Id)
    }

    pub fn req_int(&mut self, name: &str) -> Option<Id> {
        if self.present(name).is_none() {
            self.missing(name);
        }
        self.opt_int(name)
    }

    /// Ends reading: a 422 listing every field that was missing or of the wrong type.
    pub fn finish(self) -> ApiResult<()> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(ApiError::unprocessable(self.errors))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collects_every_type_error() {
        let mut f = Fields::parse(br#"{"a": "1", "b": 2.5, "c": 3, "d": null, "e": 1e20}"#, false).unwrap();
        assert_eq!(f.req_int("a"), None);
        assert_eq!(f.req_int("b"), None);
        assert_eq!(f.req_int("c"), Some(Id(3)));
        assert_eq!(f.opt_int("d"), None);
        assert_eq!(f.req_int("e"), Some(Id(100_000_000_000_000_000_000)));
        assert_eq!(f.req_str("missing"), None);
        let err = f.finish().unwrap_err();
        assert_eq!(err.detail.as_array().unwrap().len(), 3);
    }

    #[test]
    fn empty_bodies_and_non_objects() {
        assert!(Fields::parse(b"  ", true).is_ok());
        assert_eq!(Fields::parse(b"", false).err().unwrap().status.as_u16(), 422);
        assert_eq!(Fields::parse(b"[1]", true).err().unwrap().status.as_u16(), 422);
        assert_eq!(Fields::parse(b"{\"a\":", true).err().unwrap().status.as_u16(), 422);
    }
}
