//! The projects list in the whole app shell, in a real browser, against storyreel-sim: the filter
//! lives in the address, read through the router (the browser decodes it) and written back encoded.
#![cfg(target_arch = "wasm32")]

mod common;

use common::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn chosen_status(root: &web_sys::HtmlElement) -> String {
    by_label(root, "Status").expect("the status filter").unchecked_into::<web_sys::HtmlSelectElement>().value()
}

#[wasm_bindgen_test]
async fn the_filter_in_the_address_is_read_decoded_and_written_back_the_same() {
    let _page = one_at_a_time().await;
    fresh_page("/?person_id=1&status_filter=waiting+for+gpu%20%26%20co%2F2&utm_source=mail");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    wait_for("the projects page", || heading(&root, "Your projects")).await;

    let person = wait_for("the person filter", || by_label(&root, "Person id")).await;
    wait_for("the person id from the address", || (value_of(&person) == "1").then_some(())).await;
    assert_eq!(chosen_status(&root), "waiting for gpu & co/2", "a status this version does not offer is kept");
    // A status the service does not know: an empty list (default) or a refusal (alt), said plainly.
    let expected = if sim_is_alt().await { "The list could not be read" } else { "No project matches these filters." };
    wait_for("the filtered list's answer", || text(&root).contains(expected).then_some(())).await;

    type_into(&person, "7");
    button(&root, "Apply filters").unwrap().click();
    wait_for("the new address", || location_path().contains("person_id=7").then_some(())).await;
    assert_eq!(location_path(), "/?person_id=7&status_filter=waiting%20for%20gpu%20%26%20co/2");
    assert_eq!(chosen_status(&root), "waiting for gpu & co/2");

    link(&root, "Clear filters").unwrap().click();
    wait_for("the bare address", || (location_path() == "/").then_some(())).await;
    wait_for("the fields emptied", || value_of(&person).is_empty().then_some(())).await;
    assert_eq!(chosen_status(&root), "");
}

#[wasm_bindgen_test]
async fn a_person_id_that_is_not_a_number_is_explained_next_to_the_field() {
    let _page = one_at_a_time().await;
    fresh_page("/?status_filter=failed");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let person = wait_for("the person filter", || by_label(&root, "Person id")).await;
    type_into(&person, "seven");
    button(&root, "Apply filters").unwrap().click();
    wait_for("the message", || description_of(&root, &person).contains("whole number").then_some(())).await;
    assert_eq!(person.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(location_path(), "/?status_filter=failed", "nothing else changes");
    assert_eq!(value_of(&person), "seven", "what was typed is kept");
}
