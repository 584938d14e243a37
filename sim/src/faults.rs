//! Failures tests can switch on through `/_sim/faults`: latency, 500s, 503s, 429s, revoked tokens, answers held
//! after the work is done, and doomed generations.

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
    pub answer_late_count: u64,
    pub answer_late_ms: u64,
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
            answer_late_count: 0,
            // Longer than a client's usual timeout, so that it gives up first.
            answer_late_ms: 20_000,
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
    answer_late_count: Option<u64>,
    answer_late_ms: Option<u64>,
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
            answer_late_count,
            answer_late_ms,
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

    /// What the next request on `path` meets, counting its switch down.
    pub fn take(&mut self, path: &str) -> Plan {
        if !self.matches(path) {
            return Plan::default();
        }
        let delay = Duration::from_millis(self.latency_ms);
        let answer = |error| Plan { delay, fault: Some(error), hold: Duration::ZERO };
        if self.error_500_count > 0 {
            self.error_500_count -= 1;
            return answer(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error"));
        }
        let retry = HeaderValue::from(self.retry_after_seconds);
        if self.unavailable_count > 0 {
            self.unavailable_count -= 1;
            let error = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "Service temporarily unavailable");
            return answer(error.with_header(header::RETRY_AFTER, retry));
        }
        if self.rate_limit_count > 0 {
            self.rate_limit_count -= 1;
            let error = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "Too many requests");
            return answer(error.with_header(header::RETRY_AFTER, retry));
        }
        // A token revoked mid-way: the service answers as it does to any token it does not know.
        if self.revoked_count > 0 {
            self.revoked_count -= 1;
            return answer(ApiError::unauthorized("Invalid or expired token"));
        }
        // Counted only by requests that reach the handler: one answered by a fault above did no work to hold.
        let mut hold = Duration::ZERO;
        if self.answer_late_count > 0 {
            self.answer_late_count -= 1;
            hold = Duration::from_millis(self.answer_late_ms);
        }
        Plan { delay, fault: None, hold }
    }
}

/// What one request meets: a delay before it runs, then a fault that answers instead of the handler, or the
/// handler's answer held for `hold` after the handler has done its work.
#[derive(Debug, Default)]
pub struct Plan {
    pub delay: Duration,
    pub fault: Option<ApiError>,
    pub hold: Duration,
}
