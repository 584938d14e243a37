//! The address as signals, kept in step with the browser's history: links inside the app, back
//! and forward, and navigation from code. Which screen an address shows is `routes::screen_for`.
//!
//! A few fixed routes need no route-matching engine, so leptos_router and its code (49 KB gzip) stay
//! out of the wasm. What pages use has leptos_router 0.8's names and shapes (`use_navigate`,
//! `NavigateOptions`, `use_location`, `use_query_map`, `ParamsMap`), so moving to it is a change of
//! imports; `provide_router` stands in for its `<Router>`.

mod link;
mod params;

pub use link::{link_inside_app, LinkAction, LinkClick};
pub use params::ParamsMap;

use leptos::ev;
use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// How a navigation from code goes, as leptos_router's (less `resolve`: every path here is absolute,
/// and `state`: nothing is kept in history entries).
#[derive(Clone, Debug)]
pub struct NavigateOptions {
    /// In place of the current history entry: back then skips the page that sent the person on.
    pub replace: bool,
    /// The new page starts at its top, or at the element its `#fragment` names, as a page the
    /// browser loaded would.
    pub scroll: bool,
}

impl Default for NavigateOptions {
    fn default() -> Self {
        Self { replace: false, scroll: true }
    }
}

/// Where the person is, with leptos_router's field names.
#[derive(Clone, Copy)]
pub struct Location {
    pub pathname: Memo<String>,
    /// The query string with its `?`, or empty.
    pub search: Memo<String>,
    pub query: Memo<ParamsMap>,
    /// The fragment with its `#`, or empty.
    pub hash: Memo<String>,
}

#[derive(Clone, Default, PartialEq)]
struct Url {
    path: String,
    search: String,
    hash: String,
}

#[derive(Clone, Copy)]
struct Router {
    url: RwSignal<Url>,
    location: Location,
    /// Whether the person has gone anywhere since the app started (a link, back or forward, a step
    /// such as signing in): a redirect while starting up is not a navigation of theirs.
    moved: StoredValue<bool>,
}

impl Router {
    fn navigate(&self, to: &str, options: &NavigateOptions) {
        let Some(window) = web_sys::window() else { return };
        stop_waiting_for_fragment();
        if !options.replace {
            let _ = self.moved.try_set_value(true);
        }
        crate::browser::page::note_focus_before_navigation();
        write_history(to, options.replace);
        self.read_address();
        if options.scroll {
            window.scroll_to_with_x_and_y(0.0, 0.0);
            if let Some((_, fragment)) = to.split_once('#') {
                show_fragment_once_drawn(fragment.to_owned());
            }
        }
    }

    /// A spot on this page, as the browser goes to it: a history entry (none for the spot it is
    /// already at), then the spot in view and, if it can take focus, focused.
    fn go_to_fragment(&self, fragment: &str) {
        stop_waiting_for_fragment();
        let again = self.url.try_with_untracked(|u| u.hash == format!("#{fragment}")).unwrap_or(false);
        let to = self.url.try_with_untracked(|u| format!("{}{}#{fragment}", u.path, u.search)).unwrap_or_default();
        if !again {
            let _ = self.moved.try_set_value(true);
        }
        write_history(&to, again);
        self.read_address();
        if !show_fragment(fragment) && (fragment.is_empty() || fragment.eq_ignore_ascii_case("top")) {
            // `#` and `#top` with no such element mean the top of the page.
            if let Some(window) = web_sys::window() {
                window.scroll_to_with_x_and_y(0.0, 0.0);
            }
        }
    }

    fn read_address(&self) {
        let Some(location) = web_sys::window().map(|w| w.location()) else { return };
        let url = Url {
            path: location.pathname().unwrap_or_default(),
            search: location.search().unwrap_or_default(),
            hash: location.hash().unwrap_or_default(),
        };
        // A listener may outlive a torn-down app (tests mount it many times): then there is nothing to set.
        if self.url.try_with_untracked(|u| *u != url) == Some(true) {
            self.url.set(url);
        }
    }
}

fn write_history(to: &str, replace: bool) {
    let Some(history) = web_sys::window().and_then(|w| w.history().ok()) else { return };
    let _ = match replace {
        true => history.replace_state_with_url(&JsValue::NULL, "", Some(to)),
        false => history.push_state_with_url(&JsValue::NULL, "", Some(to)),
    };
}

/// Starts following the address for the lifetime of the calling component (the app's shell) and
/// makes it available to every page below through `use_location`, `use_query_map` and `use_navigate`.
pub fn provide_router() -> Location {
    let url = RwSignal::new(Url::default());
    let location = Location {
        pathname: Memo::new(move |_| url.with(|u| u.path.clone())),
        search: Memo::new(move |_| url.with(|u| u.search.clone())),
        query: Memo::new(move |_| url.with(|u| ParamsMap::from_query(&u.search))),
        hash: Memo::new(move |_| url.with(|u| u.hash.clone())),
    };
    let router = Router { url, location, moved: StoredValue::new(false) };
    router.read_address();
    provide_context(router);
    let on_pop = window_event_listener(ev::popstate, move |_| {
        // Back and forward: the browser puts the scroll where it was.
        stop_waiting_for_fragment();
        let _ = router.moved.try_set_value(true);
        crate::browser::page::note_focus_before_navigation();
        router.read_address()
    });
    // Bubbling phase: the leave guard (capture phase) may cancel the click first.
    let on_click = window_event_listener(ev::click, move |e| match clicked_link(&e) {
        LinkAction::LeaveToBrowser => {}
        LinkAction::Navigate(to) => {
            e.prevent_default();
            router.navigate(&to, &NavigateOptions::default());
        }
        LinkAction::Fragment(fragment) => {
            e.prevent_default();
            router.go_to_fragment(&fragment);
        }
    });
    on_cleanup(move || {
        on_pop.remove();
        on_click.remove();
        stop_waiting_for_fragment();
    });
    location
}

/// Whether `e` is a plain click (`link::plain`): for a link that does its own work on one, such as a
/// download read by the app.
pub fn plain_click(e: &web_sys::MouseEvent) -> bool {
    link::plain(&pressed(e))
}

/// The click's button and keys, the rest of `LinkClick` empty.
fn pressed(e: &web_sys::MouseEvent) -> LinkClick<'static> {
    LinkClick {
        button: e.button(),
        ctrl: e.ctrl_key(),
        meta: e.meta_key(),
        shift: e.shift_key(),
        alt: e.alt_key(),
        ..LinkClick::default()
    }
}

/// Reads the click and its link into plain values for `link_inside_app`.
fn clicked_link(e: &web_sys::MouseEvent) -> LinkAction {
    let link = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("a[href]").ok().flatten())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    let (Some(link), Some(here)) = (link, web_sys::window().map(|w| w.location())) else {
        return LinkAction::LeaveToBrowser;
    };
    let (href, target, rel) = (link.href(), link.target(), link.rel());
    let origin = here.origin().unwrap_or_default();
    let page = format!("{}{}", here.pathname().unwrap_or_default(), here.search().unwrap_or_default());
    link_inside_app(&LinkClick {
        href: &href,
        origin: &origin,
        here: &page,
        target: &target,
        rel: &rel,
        download: link.has_attribute("download"),
        default_prevented: e.default_prevented(),
        ..pressed(e)
    })
}

pub fn use_location() -> Location {
    expect_context::<Router>().location
}

/// The decoded query; tracked, so a view follows the address.
pub fn use_query_map() -> Memo<ParamsMap> {
    use_location().query
}

/// Goes to a path of this app (with any query and fragment). Also `Copy`, unlike leptos_router's
/// (only `Clone`), so pages use it in several closures as they use signals; moving to leptos_router
/// means cloning it into each of those, where the compiler points.
pub fn use_navigate() -> impl Fn(&str, NavigateOptions) + Copy {
    let router = expect_context::<Router>();
    move |to: &str, options: NavigateOptions| router.navigate(to, &options)
}

/// Whether the person has gone anywhere since the app started (leptos_router has no such thing).
pub fn moved_since_start() -> bool {
    use_context::<Router>().and_then(|r| r.moved.try_get_value()).unwrap_or(false)
}

/// Scrolls to the element a fragment names and focuses it if it can take focus (a link, a field,
/// anything with a `tabindex`), as the browser does; false when there is no such element.
fn show_fragment(fragment: &str) -> bool {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return false };
    // The browser tries the fragment as written, then decoded.
    let Some(target) =
        document.get_element_by_id(fragment).or_else(|| document.get_element_by_id(&params::percent_decode(fragment)))
    else {
        return false;
    };
    target.scroll_into_view();
    if let Some(target) = target.dyn_ref::<web_sys::HtmlElement>() {
        // Does nothing to an element that cannot take focus, as the browser's own fragment navigation.
        let _ = target.focus();
    }
    true
}

thread_local! {
    // Looking for the element a navigation's fragment names, until it is drawn or the person goes elsewhere.
    static WAITING: RefCell<Option<web_sys::MutationObserver>> = const { RefCell::new(None) };
}

/// The new page is drawn after this task (effects run as microtasks), and a page that reads what it
/// shows draws its content later still: the spot is looked for once drawn, and as the page fills
/// in. Shown on an animation frame, after the page's heading has taken focus (and scrolled to it).
fn show_fragment_once_drawn(fragment: String) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let look = {
        let fragment = fragment.clone();
        move || {
            let fragment = fragment.clone();
            request_animation_frame(move || {
                if show_fragment(&fragment) {
                    stop_waiting_for_fragment();
                }
            });
        }
    };
    look();
    let decoded = params::percent_decode(&fragment);
    // Handed to JS, which frees it with the observer: it may stop the observer while running.
    let on_change = Closure::<dyn Fn()>::new(move || {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        if document.get_element_by_id(&fragment).or_else(|| document.get_element_by_id(&decoded)).is_some() {
            stop_waiting_for_fragment();
            look();
        }
    })
    .into_js_value();
    let Ok(observer) = web_sys::MutationObserver::new(on_change.unchecked_ref()) else { return };
    let options = web_sys::MutationObserverInit::new();
    options.set_child_list(true);
    options.set_subtree(true);
    if let Some(root) = document.document_element() {
        let _ = observer.observe_with_options(&root, &options);
    }
    WAITING.with(|w| *w.borrow_mut() = Some(observer));
}

fn stop_waiting_for_fragment() {
    if let Some(observer) = WAITING.with(|w| w.borrow_mut().take()) {
        observer.disconnect();
    }
}
