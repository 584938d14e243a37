//! Bearer-token authentication: the token names the user every handler acts for.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::error::ApiError;
use crate::state::AppState;

/// The authenticated user's id.
pub struct UserId(pub u64);

impl FromRequestParts<AppState> for UserId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let header = parts.headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok());
        let Some(header) = header.map(str::trim).filter(|h| !h.is_empty()) else {
            return Err(ApiError::unauthorized("Not authenticated"));
        };
        let token = match header.split_once(' ') {
            Some((scheme, token)) if scheme.eq_ignore_ascii_case("bearer") => token.trim(),
            _ => {
                return Err(ApiError::unauthorized("Invalid authentication scheme; use Authorization: Bearer <token>"))
            }
        };
        state
            .store()
            .user_for_token(token)
            .map(UserId)
            .ok_or_else(|| ApiError::unauthorized("Invalid or expired token"))
    }
}
