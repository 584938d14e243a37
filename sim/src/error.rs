//! Error responses in FastAPI's shape: `{"detail": "message"}`, or a list of field errors for 422.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub detail: Value,
    pub headers: Vec<(header::HeaderName, HeaderValue)>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { status, detail: Value::String(message.into()), headers: Vec::new() }
    }
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, message)
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }
    pub fn unauthorized(message: &str) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, message)
            .with_header(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"))
    }
    pub fn unprocessable(errors: Vec<FieldError>) -> Self {
        let list = errors.into_iter().map(|e| json!({"loc": e.loc, "msg": e.msg, "type": e.kind})).collect();
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, detail: Value::Array(list), headers: Vec::new() }
    }
    pub fn with_header(mut self, name: header::HeaderName, value: HeaderValue) -> Self {
        self.headers.push((name, value));
        self
    }
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
        let mut response = (self.status, Json(json!({ "detail": self.detail }))).into_response();
        for (name, value) in self.headers {
            response.headers_mut().insert(name, value);
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
