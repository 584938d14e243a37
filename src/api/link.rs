//! The `Link` header (RFC 8288) of a list answer sent in pages: where the next page is.

/// The next page's address in a `Link` header (RFC 8288): `<url>; rel="next"`, among other links.
pub fn next_in_link_header(header: &str) -> Option<String> {
    header.split(',').find_map(|link| {
        let (target, params) = link.trim().split_once(';')?;
        let target = target.trim().strip_prefix('<')?.strip_suffix('>')?;
        let next = params.split(';').any(|p| {
            let (name, value) = p.split_once('=').unwrap_or((p, ""));
            name.trim().eq_ignore_ascii_case("rel")
                && value.trim().trim_matches('"').split_whitespace().any(|r| r.eq_ignore_ascii_case("next"))
        });
        (next && !target.is_empty()).then(|| target.to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_link_is_found_among_others_in_any_case_and_quoting() {
        let header = r#"<https://api.test/v1/scene-projects?page=1>; rel="prev", <https://api.test/v1/scene-projects?page=3>; rel="next""#;
        assert_eq!(next_in_link_header(header).as_deref(), Some("https://api.test/v1/scene-projects?page=3"));
        assert_eq!(next_in_link_header("</p?cursor=9>;REL=next").as_deref(), Some("/p?cursor=9"));
        assert_eq!(next_in_link_header(r#"<https://a/x>; rel="next last""#).as_deref(), Some("https://a/x"));
        for none in ["", "<https://a/x>; rel=\"prev\"", "https://a/x; rel=next", "<>; rel=next", "garbage"] {
            assert_eq!(next_in_link_header(none), None, "{none}");
        }
    }
}
