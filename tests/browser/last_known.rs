//! The last known state, kept in a task after the answer it keeps is shown: only for the person
//! still signed in when that task runs.

use crate::common::*;
use storyreel::api::ProjectFilter;
use storyreel::browser::last_known;
use wasm_bindgen_test::*;

const LIST: &str = "storyreel.last_known.list";

fn sign_out() {
    web_sys::window().unwrap().session_storage().unwrap().unwrap().remove_item("storyreel.token").unwrap();
}

#[wasm_bindgen_test]
async fn a_list_read_is_kept_for_the_person_signed_in_and_for_nobody_after_them() {
    let _page = one_at_a_time().await;
    let all = ProjectFilter::default();
    fresh_page("/");
    signed_in_as("demo-token");
    last_known::keep_list(&all, "[]".to_owned());
    wait_for("the list kept", || last_known::list(&all)).await;

    // Signed out before the keeping task ran: the sign-out cleared everything, and so it stays.
    fresh_page("/");
    signed_in_as("demo-token");
    last_known::keep_list(&all, "[]".to_owned());
    sign_out();
    sleep(100).await;
    assert_eq!(stored(LIST), (None, None), "nothing kept after the sign-out");

    // Someone else signed in meanwhile: their page must not start from the other person's list.
    signed_in_as("demo-token");
    last_known::keep_list(&all, "[]".to_owned());
    signed_in_as("other-token");
    sleep(100).await;
    assert_eq!(stored(LIST), (None, None), "nothing kept for the next person");
    fresh_page("/");
}
