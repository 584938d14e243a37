//! Failures tests can switch on through `/_sim/faults`: latency, 500s, 503s, 429s, revoked tokens, and
//! doomed generations.

use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

#[derive(Clone, Debug, Serialize)]
pub struct Faults {
    pub latency_ms: u64,
    pub error_500_count: u64,
    pub unavailable_count: u64,
    pub rate_limit_count: u64,
    pub revoked_count: u64,
    pub retry_after_seconds: u64,
    pub path_contains: Option<String>,
    pub fail_generation: bool,
    pub fail_at_percent: u8,
}

impl Default for Faults {
    fn default() -> Self {
        Faults {
            latency_ms: 0,
            error_500_count: 0,
            unavailable_count: 0,
            rate_limit_count: 0,
            revoked_count: 0,
            retry_after_seconds: 2,
            path_contains: None,
            fail_generation: false,
            fail_at_percent: 40,
        }
    }
}

/// A PUT body: each field given replaces the current one. `path_contains` is doubly optional so that
/// an explicit null clears the filter.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaultsPatch {
    latency_ms: Option<u64>,
    error_500_count: Option<u64>,
    unavailable_count: Option<u64>,
    rate_limit_count: Option<u64>,
    revoked_count: Option<u64>,
    retry_after_seconds: Option<u64>,
    #[serde(default, with = "double_option")]
    path_contains: Option<Option<String>>,
    fail_generation: Option<bool>,
    fail_at_percent: Option<u8>,
}

mod double_option {
    use serde::{Deserialize, Deserializer};
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
        Option::<String>::deserialize(d).map(Some)
    }
}

impl Faults {
    pub fn apply(&mut self, patch: FaultsPatch) {
        macro_rules! replace {
            ($($field:ident),*) => { $(if let Some(v) = patch.$field { self.$field = v; })* };
        }
        replace!(
            latency_ms,
            error_500_count,
            unavailable_count,
            rate_limit_count,
            revoked_count,
            retry_after_seconds,
            path_contains,
            fail_generation
        );
        if let Some(p) = patch.fail_at_percent {
            self.fail_at_percent = p.min(99);
        }
    }

    fn matches(&self, path: &str) -> bool {
        self.path_contains.as_deref().is_none_or(|needle| path.contains(needle))
    }

    /// The fault the next request on `path` meets, counting it down; `None` lets it through.
    pub fn take(&mut self, path: &str) -> (Duration, Option<ApiError>) {
        if !self.matches(path) {
            return (Duration::ZERO, None);
        }
        let delay = Duration::from_millis(self.latency_ms);
        if self.error_500_count > 0 {
            self.error_500_count -= 1;
            return (delay, Some(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error")));
        }
        let retry = || HeaderValue::from(self.retry_after_seconds);
        if self.unavailable_count > 0 {
            self.unavailable_count -= 1;
            let error = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "Service temporarily unavailable");
            return (delay, Some(error.with_header(header::RETRY_AFTER, retry())));
        }
        if self.rate_limit_count > 0 {
            self.rate_limit_count -= 1;
            let error = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "Too many requests");
            return (delay, Some(error.with_header(header::RETRY_AFTER, retry())));
        }
        // A token revoked mid-way: the service answers as it does to any token it does not know.
        if self.revoked_count > 0 {
            self.revoked_count -= 1;
            return (delay, Some(ApiError::unauthorized("Invalid or expired token")));
        }
        (delay, None)
    }
}
