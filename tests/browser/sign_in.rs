//! The sign-in screen in the whole app shell, in a real browser, against storyreel-sim.

use crate::common::*;
use wasm_bindgen_test::*;

const TOKEN_KEY: &str = "storyreel.token";

async fn sign_in_form(root: &web_sys::HtmlElement) -> web_sys::HtmlElement {
    wait_for("the sign-in form", || by_label(root, "Access token")).await
}

#[wasm_bindgen_test]
async fn a_visitor_is_sent_to_sign_in_and_back_to_where_they_were() {
    let _page = one_at_a_time().await;
    fresh_page("/?from=bookmark");
    let (root, _app) = mount_app();
    let token = sign_in_form(&root).await;
    assert!(location_path().starts_with("/sign-in?return_to="), "{}", location_path());

    type_into(&token, "demo-token");
    set_checked(&by_label(&root, "Remember me on this device").unwrap(), true);
    button(&root, "Sign in").unwrap().click();

    wait_for("the projects page", || heading(&root, "Your projects")).await;
    assert_eq!(location_path(), "/?from=bookmark");
    assert_eq!(stored(TOKEN_KEY), (Some("demo-token".into()), None), "remembered on this device");
    assert!(!location_path().contains("demo-token"), "the token never enters a URL");

    button(&root, "Sign out").unwrap().click();
    wait_for("the sign-in form again", || by_label(&root, "Access token")).await;
    assert!(text(&root).contains("You are signed out."));
    assert_eq!(stored(TOKEN_KEY), (None, None));
}

#[wasm_bindgen_test]
async fn without_remember_me_the_token_lives_only_in_this_tab() {
    let _page = one_at_a_time().await;
    fresh_page("/sign-in");
    let (root, _app) = mount_app();
    type_into(&sign_in_form(&root).await, "demo-token");
    button(&root, "Sign in").unwrap().click();
    wait_for("the projects page", || heading(&root, "Your projects")).await;
    assert_eq!(stored(TOKEN_KEY), (None, Some("demo-token".into())));
}

#[wasm_bindgen_test]
async fn a_wrong_token_is_explained_next_to_the_field_and_kept() {
    let _page = one_at_a_time().await;
    fresh_page("/sign-in");
    let (root, _app) = mount_app();
    let token = sign_in_form(&root).await;
    type_into(&token, "wrong-token-5678");
    button(&root, "Sign in").unwrap().click();

    wait_for("the token error", || description_of(&root, &token).contains("did not accept").then_some(())).await;
    assert_eq!(token.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(value_of(&token), "wrong-token-5678", "what was typed is kept");
    assert!(!text(&root).contains("wrong-token-5678"), "the token is never shown");
    assert_eq!(stored(TOKEN_KEY), (None, None));
    assert!(location_path().starts_with("/sign-in"));
}

#[wasm_bindgen_test]
async fn a_bad_api_address_is_refused_before_any_request() {
    let _page = one_at_a_time().await;
    fresh_page("/sign-in");
    let (root, _app) = mount_app();
    type_into(&sign_in_form(&root).await, "demo-token");
    let address = by_label(&root, "API address").unwrap();
    type_into(&address, "api.example.com");
    button(&root, "Sign in").unwrap().click();
    wait_for("the address error", || description_of(&root, &address).contains("must start with").then_some(())).await;
    assert_eq!(stored(TOKEN_KEY), (None, None));
    // The summary above the form names it, has the focus, and leads to the field.
    let summary =
        wait_for("the summary focused", || focused().filter(|f| f.class_list().contains("error-summary"))).await;
    let link: web_sys::HtmlElement = wasm_bindgen::JsCast::unchecked_into(
        summary.query_selector("a[href='#api-base-url']").unwrap().expect("a link to the field"),
    );
    assert!(link.text_content().unwrap_or_default().contains("must start with"));
    link.click();
    assert_eq!(focused().map(|f| f.id()).as_deref(), Some("api-base-url"));
}

#[wasm_bindgen_test]
async fn an_unreachable_api_address_is_explained_next_to_it() {
    let _page = one_at_a_time().await;
    fresh_page("/sign-in");
    let (root, _app) = mount_app();
    type_into(&sign_in_form(&root).await, "demo-token");
    let address = by_label(&root, "API address").unwrap();
    type_into(&address, "http://127.0.0.1:9/api/v1");
    button(&root, "Sign in").unwrap().click();
    wait_for("the address error", || {
        description_of(&root, &address).contains("No Scene Projects API answered").then_some(())
    })
    .await;
}

#[wasm_bindgen_test]
async fn an_expired_token_sends_the_person_to_sign_in_and_back() {
    let _page = one_at_a_time().await;
    fresh_page("/?filter=mine");
    web_sys::window().unwrap().local_storage().unwrap().unwrap().set_item(TOKEN_KEY, "expired-token-0000").unwrap();
    let (root, _app) = mount_app();

    let token = sign_in_form(&root).await;
    wait_for("the expiry notice", || text(&root).contains("did not accept your access token").then_some(())).await;
    assert_eq!(stored(TOKEN_KEY), (None, None), "the rejected token is forgotten");

    type_into(&token, "demo-token");
    button(&root, "Sign in").unwrap().click();
    wait_for("the projects page", || heading(&root, "Your projects")).await;
    assert_eq!(location_path(), "/?filter=mine");
}

#[wasm_bindgen_test]
async fn a_double_click_on_sign_in_checks_the_token_once() {
    let _page = one_at_a_time().await;
    // Back to the story form, which reads nothing: every project list read is the check.
    fresh_page("/sign-in?return_to=%2Fnew");
    let (root, _app) = mount_app();
    type_into(&sign_in_form(&root).await, "demo-token");
    let since = sim_now().await;

    let submit = button(&root, "Sign in").unwrap();
    submit.click();
    submit.click();
    wait_for("the story form", || heading(&root, "New story")).await;
    assert_eq!(location_path(), "/new");
    assert_eq!(sim_request_count_since("GET", "/scene-projects", since).await, 1, "a double click checks once");
}

#[wasm_bindgen_test]
async fn another_account_signed_in_in_the_same_tab_never_sees_the_list_the_first_one_read() {
    let _page = one_at_a_time().await;
    let first = new_project("demo-token", 1, 2).await;
    let second = new_project("other-token", 11, 2).await;
    fresh_page("/");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    wait_for("the first account's list", || project_row(&root, first.id)).await;
    wait_for("its whole read", || {
        (!text(&root).contains("checking…") && !text(&root).contains("Reading the rest")).then_some(())
    })
    .await;

    button(&root, "Sign out").unwrap().click();
    type_into(&sign_in_form(&root).await, "other-token");
    // Slow answers: what the list shows before the service answers is what the tab kept.
    sim_put("/_sim/faults", serde_json::json!({"latency_ms": 1500, "path_contains": "/scene-projects"})).await;
    button(&root, "Sign in").unwrap().click();
    let shown_the_first = std::cell::Cell::new(false);
    let listed = wait_for("the second account's list", || {
        shown_the_first.set(shown_the_first.get() || project_row(&root, first.id).is_some());
        project_row(&root, second.id)
    })
    .await;
    sim_put("/_sim/faults", serde_json::json!({"latency_ms": 0, "path_contains": null})).await;
    assert!(listed.is_connected());
    assert!(!shown_the_first.get(), "the first account's project was shown to the second");
    assert!(project_row(&root, first.id).is_none());
}
