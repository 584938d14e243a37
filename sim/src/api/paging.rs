//! The projects list in pages (`--list-page-size`, `/_sim/list-page-size`; 100 a page under `alt`): where a
//! page starts and the link to the next one. A page starts after the last project of the one before, by its
//! place in the list's order (`created_at`, then id, newest first), not at an offset: projects created meanwhile
//! go to the top, before every cursor, so following the links still visits every project once.

use axum::http::{header, HeaderMap};

use crate::clock::Stamp;
use crate::model::Project;
use crate::state::Shared;

/// The place of the last project of a page in the list's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    created: Stamp,
    id: u64,
}

impl Cursor {
    pub fn after(p: &Project) -> Cursor {
        Cursor { created: p.created_at, id: p.id }
    }

    /// 32 hex digits, opaque to clients: they follow the link as given.
    pub fn encode(self) -> String {
        format!("{:016x}{:016x}", self.created.0 as u64, self.id)
    }

    pub fn parse(text: &str) -> Option<Cursor> {
        if text.len() != 32 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let created = u64::from_str_radix(&text[..16], 16).ok()? as i64;
        let id = u64::from_str_radix(&text[16..], 16).ok()?;
        Some(Cursor { created: Stamp(created), id })
    }

    /// Whether `p` is listed after the cursor (newest first).
    pub fn is_before(self, p: &Project) -> bool {
        (p.created_at, p.id) >= (self.created, self.id)
    }
}

/// The origin links to the API start with: `--public-url` when given (`default` profile), else the one the
/// request was sent to (its `Host`), else the bound address.
pub fn origin(state: &Shared, headers: &HeaderMap) -> String {
    if let Some(url) = &state.public_url {
        return url.clone();
    }
    let authority = |b: u8| b.is_ascii_alphanumeric() || b".-_:[]".contains(&b);
    headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty() && h.bytes().all(authority))
        .map_or_else(|| state.bound_origin.clone(), |host| format!("http://{host}"))
}

/// The next page's absolute URL: the same path and filters, and the cursor.
pub fn next_url(origin: &str, path: &str, filters: &[(&str, Option<&str>)], cursor: Cursor) -> String {
    let mut query: Vec<String> =
        filters.iter().filter_map(|(name, value)| value.map(|v| format!("{name}={}", encoded(v)))).collect();
    query.push(format!("cursor={}", cursor.encode()));
    format!("{origin}{path}?{}", query.join("&"))
}

/// A query value percent-encoded but for RFC 3986's unreserved characters.
fn encoded(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_read_back_and_links_keep_the_filters() {
        let cursor = Cursor { created: Stamp(1_780_000_000_123_456), id: 4021 };
        assert_eq!(Cursor::parse(&cursor.encode()), Some(cursor));
        for bad in ["", "2", "zz", &"g".repeat(32), &"0".repeat(31)] {
            assert_eq!(Cursor::parse(bad), None, "{bad}");
        }
        let url = next_url(
            "http://127.0.0.1:8787",
            "/api/v1/scene-projects",
            &[("person_id", Some("2")), ("status_filter", Some("a b&c")), ("other", None)],
            cursor,
        );
        assert_eq!(
            url,
            format!(
                "http://127.0.0.1:8787/api/v1/scene-projects?person_id=2&status_filter=a%20b%26c&cursor={}",
                cursor.encode()
            )
        );
    }
}
