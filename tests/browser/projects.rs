//! The projects list in the whole app shell, in a real browser, against storyreel-sim: the filter
//! lives in the address, read through the router (the browser decodes it) and written back encoded.

use crate::common::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

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

    // Typing filters once it pauses: "7" then "72" is one new list and one step back, not two.
    // Both keys in one turn, so a loaded host cannot stretch the gap between them past the pause.
    type_into(&person, "7");
    type_into(&person, "72");
    assert!(location_path().contains("person_id=1"), "nothing changes while typing");
    wait_for("the new address", || location_path().contains("person_id=72").then_some(())).await;
    assert_eq!(location_path(), "/?person_id=72&status_filter=waiting%20for%20gpu%20%26%20co/2");
    sleep(600).await;
    assert_eq!(value_of(&person), "72");
    assert_eq!(chosen_status(&root), "waiting for gpu & co/2");
    // One step back is the address before typing: neither "7" nor the pause made a step of its own.
    // (Counting `history.length` cannot tell: Chromium stops it at 50, which a whole run reaches.)
    web_sys::window().unwrap().history().unwrap().back().unwrap();
    wait_for("the address before typing", || location_path().contains("person_id=1&").then_some(())).await;
    wait_for("the person id back in the field", || (value_of(&person) == "1").then_some(())).await;

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
    wait_for("the message", || description_of(&root, &person).contains("whole number").then_some(())).await;
    assert_eq!(person.get_attribute("aria-invalid").as_deref(), Some("true"));
    sleep(600).await;
    assert_eq!(location_path(), "/?status_filter=failed", "nothing else changes");
    assert_eq!(value_of(&person), "seven", "what was typed is kept");

    // Fixed, the message goes and the list follows.
    type_into(&person, "3");
    wait_for("the address with the person", || (location_path() == "/?person_id=3&status_filter=failed").then_some(()))
        .await;
    assert_eq!(person.get_attribute("aria-invalid").as_deref(), Some("false"));
    assert!(!description_of(&root, &person).contains("whole number"));
}

#[wasm_bindgen_test]
async fn a_status_filters_as_soon_as_it_is_chosen_and_keeps_the_person() {
    let _page = one_at_a_time().await;
    fresh_page("/?person_id=2");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let status = wait_for("the status filter", || by_label(&root, "Status")).await;
    let select = status.unchecked_ref::<web_sys::HtmlSelectElement>();
    select.set_value("completed");
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    select.dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap()).unwrap();
    assert_eq!(location_path(), "/?person_id=2&status_filter=completed", "at once, with no Apply step");
    assert!(button(&root, "Apply filters").is_none(), "there is no Apply button");
    assert_eq!(value_of(&by_label(&root, "Person id").unwrap()), "2");
}

/// What `toLocaleString` writes for a moment in the browser's own language and time zone, with the
/// date: how the list wrote each time before it kept one formatter for all of them.
fn as_the_browser_writes(millis: f64) -> String {
    let date = js_sys::Date::new(&millis.into());
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into()).unwrap();
    js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into()).unwrap();
    let write: js_sys::Function = js_sys::Reflect::get(&date, &"toLocaleString".into()).unwrap().into();
    write.call2(&date, &wasm_bindgen::JsValue::UNDEFINED, &options).unwrap().as_string().unwrap()
}

#[wasm_bindgen_test]
async fn each_project_s_times_are_written_in_the_browser_s_language_and_time_zone() {
    let _page = one_at_a_time().await;
    new_project("demo-token", 1, 2).await;
    fresh_page("/");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let times = wait_for("the projects' times", || {
        let times = root.query_selector_all(".project-row time").ok()?;
        (times.length() > 1).then_some(times)
    })
    .await;
    for i in 0..times.length() {
        let time = times.item(i).unwrap().unchecked_into::<web_sys::Element>();
        let at = time.get_attribute("datetime").expect("the moment, as the service wrote it");
        let millis = storyreel::domain::project_list::utc_millis(&at).expect("a moment the app reads");
        assert_eq!(time.text_content().unwrap(), as_the_browser_writes(millis as f64), "{at}");
    }
}

/// The checkbox of project `id`'s row, found by its name as a screen reader gives it.
fn choice_of(root: &web_sys::HtmlElement, id: i64) -> Option<web_sys::HtmlElement> {
    let input = project_row(root, id)?.query_selector("input[type=checkbox]").ok()??;
    let name = input.get_attribute("aria-label").unwrap_or_default();
    assert!(name.starts_with("Choose ") && name.ends_with(" for approval"), "{name}");
    input.dyn_into().ok()
}

#[wasm_bindgen_test]
async fn projects_chosen_in_the_list_are_approved_one_request_each_and_the_page_says_what_became_of_them() {
    let _page = one_at_a_time().await;
    let first = new_project("demo-token", 1, 2).await;
    let second = new_project("demo-token", 1, 3).await;
    fresh_page("/");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let since = sim_now().await;
    set_checked(&wait_for("the first project's box", || choice_of(&root, first.id)).await, true);
    set_checked(&choice_of(&root, second.id).unwrap(), true);
    wait_for("the choice said", || text(&root).contains("2 projects chosen for approval").then_some(())).await;
    button(&root, "Approve 2 chosen…").unwrap().click();

    let confirm = wait_for("the dialog read", || button(&root, "Reserve 500 credits and approve 2")).await;
    assert!(text(&root).contains("In all: about 500 credits for 2 projects."), "{}", text(&root));
    confirm.click();
    confirm.click();
    let report = wait_for("the report", || heading(&root, "Approval of the chosen projects")).await;
    wait_for("the report's line", || text(&root).contains("2 started").then_some(())).await;
    wait_for("the report focused", || (focused().as_ref() == Some(&report)).then_some(())).await;
    for id in [first.id, second.id] {
        let path = format!("/scene-projects/{id}/approve");
        assert_eq!(sim_request_count_since("POST", &path, since).await, 1, "one approval of {id}");
    }
    assert!(!text(&root).contains("chosen for approval"), "nothing is left chosen");
}
