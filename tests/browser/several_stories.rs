//! Several stories at once in the whole app shell, in a real browser, against storyreel-sim: a batch
//! kept mid-way (a reload while a story's request was under way) looks for that story's project
//! before anything could send it again.

use crate::common::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_story_sent_before_a_reload_is_found_among_the_projects_and_never_sent_again() {
    let _page = one_at_a_time().await;
    let made = new_project("demo-token", 1, 2).await;
    fresh_page("/new/several");
    signed_in_as("demo-token");
    // As the page kept it when the tab went away: the first story's request under way.
    let sent = js_sys::Date::now() as u64 - 5_000;
    let kept = serde_json::json!([
        { "id": 1, "idea": made.ideas, "scenes": "2", "person": "1", "state": { "Sending": sent } },
        { "id": 2, "idea": "A baker at dawn discovers a talking loaf", "scenes": "2", "person": "1", "state": "ToSend" },
    ]);
    let tab = web_sys::window().unwrap().session_storage().unwrap().unwrap();
    tab.set_item(storyreel::domain::keys::STORY_BATCH, &kept.to_string()).unwrap();
    let since = sim_now().await;
    let (root, _app) = mount_app();

    let review = wait_for("the story found", || link(&root, "Review story 1")).await;
    assert_eq!(review.get_attribute("href"), Some(format!("/projects/{}", made.id)));
    wait_for("the progress", || text(&root).contains("1 of 2 proposed").then_some(())).await;
    assert!(button(&root, "Remove story 2").is_some(), "the one not sent yet stays to send");
    until_requests_answered().await;
    assert_eq!(sim_request_count_since("POST", "/stories/create", since).await, 0, "nothing was sent");
}

#[wasm_bindgen_test]
async fn a_story_another_tab_sent_is_shown_as_that_tab_left_it_and_not_sent_here() {
    let _page = one_at_a_time().await;
    let made = new_project("demo-token", 1, 2).await;
    fresh_page("/new/several");
    signed_in_as("demo-token");
    // This tab's copy of the batch says "not sent yet"; another tab proposed it meanwhile.
    let idea = "A kite maker races the wind over the dunes";
    let batch = serde_json::json!([{ "id": 1, "idea": idea, "scenes": "2", "person": "1", "state": "ToSend" }]);
    let claims = serde_json::json!([[1, idea, { "Proposed": made.id }]]);
    let tab = web_sys::window().unwrap().session_storage().unwrap().unwrap();
    tab.set_item(storyreel::domain::keys::STORY_BATCH, &batch.to_string()).unwrap();
    tab.set_item(storyreel::domain::keys::STORY_BATCH_SENT, &claims.to_string()).unwrap();
    let since = sim_now().await;
    let (root, _app) = mount_app();

    let review = wait_for("the other tab's word", || link(&root, "Review story 1")).await;
    assert_eq!(review.get_attribute("href"), Some(format!("/projects/{}", made.id)));
    button(&root, "Propose all not sent yet").unwrap().click();
    wait_for("the progress", || text(&root).contains("1 of 1 proposed").then_some(())).await;
    until_requests_answered().await;
    assert_eq!(sim_request_count_since("POST", "/stories/create", since).await, 0, "nothing was sent");
}
