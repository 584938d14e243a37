//! Which clicks on links the app follows itself, decided over plain values so the rule is tested
//! natively: the click handler in `router` only reads them off the event and the `<a>`.

/// What a click on a link says: the event's button and keys, the link's attributes, and where
/// this page is.
#[derive(Clone, Copy, Debug, Default)]
pub struct LinkClick<'a> {
    /// The link's address as the browser resolved it (`a.href`): always absolute.
    pub href: &'a str,
    /// This page's origin (`location.origin`), e.g. `https://storyreel.example`.
    pub origin: &'a str,
    /// This page's path and query (`pathname + search`), without its fragment.
    pub here: &'a str,
    /// The `target` attribute, empty when absent.
    pub target: &'a str,
    /// The `rel` attribute, empty when absent.
    pub rel: &'a str,
    /// Whether the link has a `download` attribute (of any value).
    pub download: bool,
    /// `MouseEvent.button`: 0 is the primary button.
    pub button: i16,
    pub ctrl: bool,
    pub meta: bool,
    pub shift: bool,
    pub alt: bool,
    /// Someone before the router (the leave guard, a component) already handled the click.
    pub default_prevented: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkAction {
    /// Another address of this app: the router goes there itself (path, query and any `#fragment`).
    Navigate(String),
    /// A spot on this very page: the fragment, without its `#` and as the link wrote it (encoded).
    Fragment(String),
    /// A new tab or window, a download, another site, or a click someone else handled.
    LeaveToBrowser,
}

/// A click that asks only "open this": the primary button, no key held. Another button or a key asks
/// the browser for something else (a new tab or window, a download, "save as").
pub fn plain(click: &LinkClick) -> bool {
    click.button == 0 && !(click.ctrl || click.meta || click.shift || click.alt)
}

/// Whether the router follows a click on a link, and how. Everything a person can ask of a link
/// besides "go there, here" (a modified or middle click, `target`, `download`, `rel="external"`)
/// and every other origin is the browser's.
pub fn link_inside_app(click: &LinkClick) -> LinkAction {
    // Keywords of `target` and tokens of `rel` are ASCII case-insensitive in HTML.
    let own_tab = click.target.is_empty() || click.target.eq_ignore_ascii_case("_self");
    let external = click.rel.split_ascii_whitespace().any(|t| t.eq_ignore_ascii_case("external"));
    if click.default_prevented || !plain(click) || !own_tab || click.download || external {
        return LinkAction::LeaveToBrowser;
    }
    // The path must follow the origin at once: `https://app.example.evil/` is not `https://app.example`.
    let Some(address) = click.href.strip_prefix(click.origin).filter(|rest| rest.starts_with('/')) else {
        return LinkAction::LeaveToBrowser;
    };
    match address.split_once('#') {
        Some((page, fragment)) if page == click.here => LinkAction::Fragment(fragment.to_owned()),
        _ => LinkAction::Navigate(address.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use LinkAction::{Fragment, LeaveToBrowser, Navigate};

    const ORIGIN: &str = "https://storyreel.example";

    /// A plain primary click, on the projects list filtered by status.
    fn click(href: &str) -> LinkClick<'_> {
        LinkClick { href, origin: ORIGIN, here: "/?status_filter=failed", ..LinkClick::default() }
    }

    #[test]
    fn follows_plain_clicks_on_links_of_this_app() {
        let cases: &[(&str, LinkClick, LinkAction)] = &[
            ("another page", click("https://storyreel.example/persons"), Navigate("/persons".into())),
            ("with a query", click("https://storyreel.example/?person_id=3"), Navigate("/?person_id=3".into())),
            (
                "a spot on another page",
                click("https://storyreel.example/projects/4#scene-2"),
                Navigate("/projects/4#scene-2".into()),
            ),
            (
                "same path, other query, with a fragment",
                click("https://storyreel.example/?status_filter=ready#list"),
                Navigate("/?status_filter=ready#list".into()),
            ),
            (
                "this page again",
                click("https://storyreel.example/?status_filter=failed"),
                Navigate("/?status_filter=failed".into()),
            ),
            (
                "a spot on this page",
                click("https://storyreel.example/?status_filter=failed#main"),
                Fragment("main".into()),
            ),
            ("an empty fragment", click("https://storyreel.example/?status_filter=failed#"), Fragment("".into())),
            (
                "an encoded fragment",
                click("https://storyreel.example/?status_filter=failed#sc%C3%A8ne"),
                Fragment("sc%C3%A8ne".into()),
            ),
            (
                "target _self",
                LinkClick { target: "_self", ..click("https://storyreel.example/new") },
                Navigate("/new".into()),
            ),
            (
                "target _SELF",
                LinkClick { target: "_SELF", ..click("https://storyreel.example/new") },
                Navigate("/new".into()),
            ),
            (
                "rel noopener",
                LinkClick { rel: "noopener", ..click("https://storyreel.example/new") },
                Navigate("/new".into()),
            ),
        ];
        for (what, given, expected) in cases {
            assert_eq!(link_inside_app(given), *expected, "{what}");
        }
    }

    #[test]
    fn leaves_everything_else_to_the_browser() {
        let page = "https://storyreel.example/persons";
        let spot = "https://storyreel.example/?status_filter=failed#main";
        let cases: &[(&str, LinkClick)] = &[
            ("rel=external", LinkClick { rel: "external", ..click(page) }),
            ("rel with external among others", LinkClick { rel: "noopener EXTERNAL", ..click(page) }),
            ("download", LinkClick { download: true, ..click(page) }),
            ("download, to a spot on this page", LinkClick { download: true, ..click(spot) }),
            ("target _blank", LinkClick { target: "_blank", ..click(page) }),
            ("target _parent", LinkClick { target: "_parent", ..click(page) }),
            ("target _top", LinkClick { target: "_top", ..click(page) }),
            ("a named target", LinkClick { target: "preview", ..click(page) }),
            ("another origin", click("https://elsewhere.example/persons")),
            ("another scheme", click("http://storyreel.example/persons")),
            ("another port", click("https://storyreel.example:8443/persons")),
            ("a host that starts like ours", click("https://storyreel.example.evil/persons")),
            ("mailto", click("mailto:help@storyreel.example")),
            ("javascript", click("javascript:void(0)")),
            ("a blob", click("blob:https://storyreel.example/5e1f")),
            ("ctrl", LinkClick { ctrl: true, ..click(page) }),
            ("meta", LinkClick { meta: true, ..click(page) }),
            ("shift", LinkClick { shift: true, ..click(page) }),
            ("alt", LinkClick { alt: true, ..click(page) }),
            ("ctrl, to a spot on this page", LinkClick { ctrl: true, ..click(spot) }),
            ("middle button", LinkClick { button: 1, ..click(page) }),
            ("secondary button", LinkClick { button: 2, ..click(page) }),
            ("default prevented", LinkClick { default_prevented: true, ..click(page) }),
            ("default prevented, to a spot", LinkClick { default_prevented: true, ..click(spot) }),
        ];
        for (what, given) in cases {
            assert_eq!(link_inside_app(given), LeaveToBrowser, "{what}");
        }
    }
}
