//! The shell's look and access, in the whole app in a real browser against storyreel-sim: the theme
//! control sets `data-theme` and is remembered (through sign-out too), and a navigation inside the
//! app moves focus to the new page's heading and renames the tab, but the first page takes no focus.

use crate::common::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlSelectElement};

const THEME_KEY: &str = "storyreel.theme";

fn data_theme() -> Option<String> {
    document().document_element().unwrap().get_attribute("data-theme")
}

/// Picks the option whose value is `value`, as a person does, and fires `change`.
fn choose(select: &HtmlElement, value: &str) {
    select.unchecked_ref::<HtmlSelectElement>().set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    select.dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap()).unwrap();
}

fn chosen(select: &HtmlElement) -> String {
    select.unchecked_ref::<HtmlSelectElement>().value()
}

/// The focused element, when it is a heading: its text.
fn focused_heading() -> Option<String> {
    let active: Element = document().active_element()?;
    (active.tag_name() == "H1").then(|| active.text_content().unwrap_or_default().trim().to_owned())
}

#[wasm_bindgen_test]
async fn the_theme_control_sets_data_theme_and_is_remembered_through_sign_out() {
    let _page = one_at_a_time().await;
    fresh_page("/sign-in");
    let (root, app) = mount_app();
    let theme = wait_for("the theme control", || by_label(&root, "Theme")).await;
    assert_eq!(chosen(&theme), "system");
    assert_eq!(data_theme(), None, "the system's theme sets nothing");

    choose(&theme, "dark");
    assert_eq!(data_theme().as_deref(), Some("dark"));
    assert_eq!(stored(THEME_KEY), (Some("dark".into()), None), "kept on the device, not the tab");
    drop(app);
    document().document_element().unwrap().remove_attribute("data-theme").unwrap();

    // A reload: the stored choice is applied and shown again.
    let (root, _app) = mount_app();
    let theme = wait_for("the theme control", || by_label(&root, "Theme")).await;
    assert_eq!(chosen(&theme), "dark");
    assert_eq!(data_theme().as_deref(), Some("dark"));

    // Signing out takes the person's things away, not the device's look.
    type_into(&by_label(&root, "Access token").unwrap(), "demo-token");
    button(&root, "Sign in").unwrap().click();
    wait_for("the projects page", || heading(&root, "Your projects")).await;
    let header = root.query_selector("header").unwrap().unwrap();
    button(&header, "Sign out").unwrap().click();
    wait_for("the sign-in form", || by_label(&root, "Access token")).await;
    assert_eq!(stored("storyreel.token"), (None, None));
    assert_eq!(stored(THEME_KEY), (Some("dark".into()), None), "the theme outlives sign-out");

    choose(&by_label(&root, "Theme").unwrap(), "system");
    assert_eq!(data_theme(), None);
    assert_eq!(stored(THEME_KEY), (None, None), "the system's theme is stored as nothing");
}

#[wasm_bindgen_test]
async fn a_navigation_moves_focus_to_the_new_heading_and_renames_the_tab_but_the_first_page_does_not() {
    let _page = one_at_a_time().await;
    fresh_page("/sign-in");
    let (root, _app) = mount_app();
    let token = wait_for("the sign-in form", || by_label(&root, "Access token")).await;
    sleep(200).await;
    assert_eq!(focused_heading(), None, "a freshly loaded page leaves focus at its top");
    assert_eq!(document().title(), "Sign in · storyreel");

    type_into(&token, "demo-token");
    button(&root, "Sign in").unwrap().click();
    wait_for("focus on the projects heading", || (focused_heading()? == "Your projects").then_some(())).await;
    assert_eq!(document().title(), "Projects · storyreel");

    // A link in the header: focus leaves the link for the new page's heading.
    let nav = root.query_selector("nav").unwrap().unwrap();
    link(&nav, "New story").unwrap().click();
    wait_for("focus on the story form's heading", || (focused_heading()? == "New story").then_some(())).await;
    assert_eq!(document().title(), "New story · storyreel");
    let h1 = document().active_element().unwrap();
    assert_eq!(h1.get_attribute("tabindex").as_deref(), Some("-1"), "focusable from code, not a Tab stop");

    // A page whose heading comes later (after its read): focus the person moved meanwhile stays put.
    let project = new_project("demo-token", 1, 2).await;
    let to_project: HtmlElement = document().create_element("a").unwrap().unchecked_into();
    to_project.set_attribute("href", &format!("/projects/{}", project.id)).unwrap();
    root.append_child(&to_project).unwrap();
    to_project.click();
    let theme = by_label(&root, "Theme").unwrap();
    theme.focus().unwrap();
    wait_for("the project's first scene", || group(&root, "Scene 1")).await;
    sleep(300).await;
    assert_eq!(document().active_element().map(|a| a.id()).as_deref(), Some("theme"), "focus was not taken back");
    assert!(document().title().ends_with(" · storyreel") && !document().title().starts_with("New story"));
}
