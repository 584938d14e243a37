//! The app's router in a real browser: links to a spot (`#id`, `/path#id`) end at that spot, not at
//! the top, and the links it must leave alone reach the browser untouched.

use crate::common::*;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

const SPOT: &str = "router-test-spot";

/// The sign-in screen, and below the app a page's worth of space then a heading to link to.
async fn app_with_a_far_spot() -> (HtmlElement, Unmount<impl Sized>, HtmlElement) {
    fresh_page("/sign-in");
    web_sys::window().unwrap().scroll_to_with_x_and_y(0.0, 0.0);
    let (root, app) = mount_app();
    wait_for("the sign-in screen", || heading(&root, "Sign in")).await;
    let far: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    far.set_inner_html(&format!(
        r##"<a href="#{SPOT}">To the spot</a> <a href="/nowhere#{SPOT}">To the spot of another page</a>
           <a href="/persons" download>Download the persons page</a>
           <a href="/persons" rel="external">The persons page, external</a>
           <a href="/persons" target="_blank">The persons page, in a new tab</a>
           <a href="/persons">The persons page</a>
           <div style="height: 4000px"></div><h2 id="{SPOT}" tabindex="-1">The spot</h2>
           <div style="height: 4000px"></div>"##
    ));
    root.append_child(&far).unwrap();
    (root, Unmount(Some(app)), far)
}

/// Unmounts the app, and leaves the next test's page at its top.
struct Unmount<T>(Option<T>);
impl<T> Drop for Unmount<T> {
    fn drop(&mut self) {
        drop(self.0.take());
        web_sys::window().unwrap().scroll_to_with_x_and_y(0.0, 0.0);
    }
}

fn spot() -> HtmlElement {
    document().get_element_by_id(SPOT).unwrap().unchecked_into()
}

/// The spot is at the top of the viewport (give or take a fraction of a pixel), the page scrolled
/// down to it, and it has focus.
fn at_the_spot() -> Option<()> {
    let window = web_sys::window().unwrap();
    let top = spot().get_bounding_client_rect().top();
    let height = window.inner_height().unwrap().as_f64().unwrap();
    let focused = document().active_element().is_some_and(|a| a == *spot());
    (window.scroll_y().unwrap() > 1000.0 && (-1.0..height).contains(&top) && focused).then_some(())
}

fn hash() -> String {
    web_sys::window().unwrap().location().hash().unwrap()
}

#[wasm_bindgen_test]
async fn a_link_to_a_spot_on_this_page_scrolls_there_and_history_has_it() {
    let _page = one_at_a_time().await;
    let (root, _app, far) = app_with_a_far_spot().await;
    link(&root, "To the spot").unwrap().click();
    wait_for("the page at the spot, focused", at_the_spot).await;
    assert_eq!(location_path(), "/sign-in", "the same page");
    assert_eq!(hash(), format!("#{SPOT}"));
    assert!(heading(&root, "Sign in").is_some(), "the screen stays");
    far.remove();
}

#[wasm_bindgen_test]
async fn a_link_to_a_spot_on_another_page_scrolls_there_not_to_the_top() {
    let _page = one_at_a_time().await;
    let (root, _app, far) = app_with_a_far_spot().await;
    link(&root, "To the spot of another page").unwrap().click();
    wait_for("the other page", || heading(&root, "Page not found")).await;
    wait_for("the page at the spot, focused", at_the_spot).await;
    assert_eq!(location_path(), "/nowhere");
    assert_eq!(hash(), format!("#{SPOT}"));
    far.remove();
}

/// Clicks a link, and from a listener after the router's says whether the router took the click;
/// that listener then stops the browser, so the test page stays (and nothing downloads).
fn router_took(link: &HtmlElement, ctrl: bool) -> bool {
    clicked(link, ctrl, 1).expect("the click reached the window")
}

/// As `router_took`, for a click that is the `detail`-th of a multiple click; `None` when nothing after
/// the app's first listeners heard it.
fn clicked(link: &HtmlElement, ctrl: bool, detail: i32) -> Option<bool> {
    let taken = Rc::new(Cell::new(None));
    let seen = taken.clone();
    let after_router = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
        seen.set(Some(e.default_prevented()));
        e.prevent_default();
    });
    let window = web_sys::window().unwrap();
    window.add_event_listener_with_callback("click", after_router.as_ref().unchecked_ref()).unwrap();
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_ctrl_key(ctrl);
    init.set_detail(detail);
    let click = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    link.dispatch_event(&click).unwrap();
    window.remove_event_listener_with_callback("click", after_router.as_ref().unchecked_ref()).unwrap();
    taken.get()
}

/// A double click whose first click changed the page (a dialog closed, a page opened) finds
/// something else with its second: something the person never pointed at, which must not act.
#[wasm_bindgen_test]
async fn the_rest_of_a_double_click_that_finds_something_new_is_dropped() {
    let _page = one_at_a_time().await;
    let (root, _app, far) = app_with_a_far_spot().await;
    let persons = link(&root, "The persons page").unwrap();
    let sign_in: HtmlElement = heading(&root, "Sign in").unwrap().unchecked_into();
    assert_eq!(clicked(&sign_in, false, 1), Some(false), "the first click, on the heading, is heard");
    assert_eq!(clicked(&persons, false, 2), None, "its second, on a link now there, is heard by nobody");
    assert_eq!(location_path(), "/sign-in", "and goes nowhere");
    // A double click on the link itself: both clicks reach it (the first goes, the second finds the
    // page already there).
    assert_eq!(clicked(&persons, false, 1), Some(true));
    assert_eq!(location_path(), "/persons");
    assert!(clicked(&persons, false, 2).is_some(), "the second click on the same link is heard");
    far.remove();
}

#[wasm_bindgen_test]
async fn downloads_external_links_new_tabs_and_modified_clicks_are_left_to_the_browser() {
    let _page = one_at_a_time().await;
    let (root, _app, far) = app_with_a_far_spot().await;
    for (name, ctrl) in [
        ("Download the persons page", false),
        ("The persons page, external", false),
        ("The persons page, in a new tab", false),
        ("The persons page", true),
    ] {
        assert!(!router_took(&link(&root, name).unwrap(), ctrl), "{name}, ctrl: {ctrl}");
        assert_eq!(location_path(), "/sign-in", "{name}, ctrl: {ctrl}: no pushState");
    }
    // The same check sees a link the router does follow.
    assert!(router_took(&link(&root, "The persons page").unwrap(), false));
    assert_eq!(location_path(), "/persons");
    far.remove();
}
