//! Error responses. The default shape is FastAPI's: `{"detail": "message"}`, or a list of field errors for 422.
//! Each error also carries a code, which the `alt` profile answers with instead (see `alt_errors.rs`).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub detail: Value,
    pub headers: Vec<(header::HeaderName, HeaderValue)>,
}

/// The code that names a state conflict: 400 here (the spec's answer for approve), 409 in the `alt` profile.
pub const INVALID_STATE: &str = "invalid_state";
/// The code of schema errors: 422 here (FastAPI's), 400 in the `alt` profile.
pub const VALIDATION: &str = "validation_error";

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { status, code: code_for(status), detail: Value::String(message.into()), headers: Vec::new() }
    }
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
    /// The request is fine but the project's state forbids it now; the spec answers approve with 400.
    pub fn wrong_state(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message).with_code(INVALID_STATE)
    }
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, message)
    }
    pub fn insufficient_credits(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message).with_code("insufficient_credits")
    }
    pub fn unauthorized(message: &str) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, message)
            .with_header(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"))
    }
    pub fn unprocessable(errors: Vec<FieldError>) -> Self {
        let list = errors.into_iter().map(|e| json!({"loc": e.loc, "msg": e.msg, "type": e.kind})).collect();
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: VALIDATION,
            detail: Value::Array(list),
            headers: Vec::new(),
        }
    }
    pub fn with_header(mut self, name: header::HeaderName, value: HeaderValue) -> Self {
        self.headers.push((name, value));
        self
    }
    pub fn with_code(mut self, code: &'static str) -> Self {
        self.code = code;
        self
    }

    /// One line for any error: the message, or each field error as `body.story_idea: Field required`.
    fn message(&self) -> String {
        match &self.detail {
            Value::String(message) => message.clone(),
            Value::Array(list) => list
                .iter()
                .map(|e| {
                    let loc: Vec<String> = e["loc"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|part| part.as_str().map_or_else(|| part.to_string(), str::to_owned))
                        .collect();
                    format!("{}: {}", loc.join("."), e["msg"].as_str().unwrap_or_default())
                })
                .collect::<Vec<_>>()
                .join("; "),
            other => other.to_string(),
        }
    }
}

/// The code of an error that has no more specific one.
pub fn code_for(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "invalid_request",
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        409 => INVALID_STATE,
        413 => "payload_too_large",
        422 => VALIDATION,
        429 => "rate_limited",
        500 => "internal_error",
        _ => "error",
    }
}

/// What an error response says, kept beside the default body so the `alt` profile can answer it its own way.
#[derive(Clone, Debug)]
pub struct Described {
    pub code: &'static str,
    pub message: String,
}

/// One entry of a 422 body; `loc` is e.g. `["body", "story_idea"]` or `["path", "project_id"]`.
#[derive(Debug)]
pub struct FieldError {
    pub loc: Vec<Value>,
    pub msg: String,
    pub kind: &'static str,
}

impl FieldError {
    pub fn new(loc: &[&str], msg: impl Into<String>, kind: &'static str) -> Self {
        FieldError { loc: loc.iter().map(|s| Value::from(*s)).collect(), msg: msg.into(), kind }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let described = Described { code: self.code, message: self.message() };
        let mut response = (self.status, Json(json!({ "detail": self.detail }))).into_response();
        for (name, value) in self.headers {
            response.headers_mut().insert(name, value);
        }
        response.extensions_mut().insert(described);
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_errors_read_as_one_line() {
        let e = ApiError::unprocessable(vec![
            FieldError::new(&["body", "story_idea"], "Field required", "missing"),
            FieldError::new(&["path", "project_id"], "Input should be a valid integer", "int_parsing"),
        ]);
        assert_eq!(e.code, VALIDATION);
        assert_eq!(e.message(), "body.story_idea: Field required; path.project_id: Input should be a valid integer");
        assert_eq!(ApiError::wrong_state("no").status, StatusCode::BAD_REQUEST);
        assert_eq!(ApiError::new(StatusCode::TOO_MANY_REQUESTS, "slow down").code, "rate_limited");
    }
}
