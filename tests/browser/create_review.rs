//! The story form and the scene editor in the whole app, in a real browser, against storyreel-sim.

use crate::common::*;
use serde_json::json;
use storyreel::api::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn the_story_form_checks_each_field_once_left_sums_up_a_send_with_problems_and_creates_the_project() {
    let _page = one_at_a_time().await;
    fresh_page("/new");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let idea = wait_for("the story form", || by_label(&root, "Story idea")).await;

    type_into(&idea, "Too short");
    // Nothing is flagged while the person is still typing, least of all the fields not reached yet.
    let person = by_label(&root, "Person id").unwrap();
    assert!(!description_of(&root, &idea).contains("at least"), "not while typing");
    assert!(!description_of(&root, &person).contains("Enter the id"), "nor in a field not reached yet");
    leave(&idea);
    wait_for("the idea error", || {
        description_of(&root, &idea).contains("at least 10 characters (now 9)").then_some(())
    })
    .await;
    assert!(description_of(&root, &idea).contains("9 / 1000"));

    type_into(&idea, "🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊");
    wait_for("the emoji idea accepted", || (!description_of(&root, &idea).contains("at least")).then_some(())).await;
    assert!(description_of(&root, &idea).contains("10 / 1000"), "an emoji counts as one, as on the server");

    type_into(&person, "abc");
    leave(&person);
    wait_for("the person error", || description_of(&root, &person).contains("whole number").then_some(())).await;
    let scenes = by_label(&root, "Number of scenes").unwrap();
    type_into(&scenes, "11");
    leave(&scenes);
    wait_for("the scenes error", || description_of(&root, &scenes).contains("2 to 10").then_some(())).await;

    // Sent with problems: nothing is sent; a summary above the form takes the focus and links each
    // problem to its field (GOV.UK's pattern); the button stays enabled, so trying it says why.
    let propose = button(&root, "Propose scenes").unwrap();
    assert!(!is_disabled(&propose), "the button says why by being tried");
    propose.click();
    let summary =
        wait_for("the summary focused", || focused().filter(|f| f.class_list().contains("error-summary"))).await;
    let said = summary.text_content().unwrap_or_default();
    assert!(said.starts_with("There is a problem"), "{said}");
    let links = summary.query_selector_all("a").unwrap();
    assert_eq!(links.length(), 2, "the person and the scenes: {said}");
    let to_person: web_sys::HtmlElement = wasm_bindgen::JsCast::unchecked_into(links.item(0).unwrap());
    assert_eq!(to_person.get_attribute("href").as_deref(), Some("#person-id"));
    to_person.click();
    assert_eq!(focused().map(|f| f.id()).as_deref(), Some("person-id"), "the link takes the person to the field");
    assert_eq!(location_path(), "/new", "and leaves the address as it is");

    type_into(&idea, "A fox crosses a frozen lake at dawn");
    type_into(&person, "1");
    type_into(&scenes, "3");
    wait_for("the cost", || text(&root).contains("3 scenes × 10 s = 30 s of video · about 300 credits").then_some(()))
        .await;
    let submit = button(&root, "Propose scenes").unwrap();
    assert!(!is_disabled(&submit));
    submit.click();

    wait_for("the review page", || location_path().starts_with("/projects/").then_some(())).await;
    wait_for("three scenes", || group(&root, "Scene 3").map(|_| ())).await;
    assert!(text(&root).contains("A fox crosses a frozen lake at dawn"));
    assert_eq!(stored("storyreel.draft.story"), (None, None), "the draft is cleared once the project exists");
}

#[wasm_bindgen_test]
async fn the_typed_story_survives_a_reload_and_a_refused_request() {
    let _page = one_at_a_time().await;
    fresh_page("/new");
    signed_in_as("demo-token");
    let (root, app) = mount_app();
    let idea = wait_for("the story form", || by_label(&root, "Story idea")).await;
    type_into(&idea, "A robot learns to paint sunsets");
    type_into(&by_label(&root, "Person id").unwrap(), "99");
    // A reload comes in a later task than the typing; by then the draft is kept where the sign-in is:
    // this tab's, since the person did not ask to be remembered on the device.
    wait_for("the draft in this tab", || stored("storyreel.draft.story").1.filter(|d| d.contains("99"))).await;
    assert_eq!(stored("storyreel.draft.story").0, None, "nothing of a tab-only sign-in on the device");
    drop(app);

    let (root, _app) = mount_app();
    let idea = wait_for("the story form again", || by_label(&root, "Story idea")).await;
    assert_eq!(value_of(&idea), "A robot learns to paint sunsets");
    let person = by_label(&root, "Person id").unwrap();
    assert_eq!(value_of(&person), "99");

    button(&root, "Propose scenes").unwrap().click();
    wait_for("the service's answer next to the person field", || {
        description_of(&root, &person).contains("Person 99 not found").then_some(())
    })
    .await;
    assert_eq!(value_of(&idea), "A robot learns to paint sunsets", "nothing typed is lost");
    assert!(location_path().starts_with("/new"));
}

#[wasm_bindgen_test]
async fn scene_edits_are_kept_as_drafts_and_a_save_sends_only_the_changes() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 3).await;
    let scene_two = project.scenes.iter().find(|s| s.scene_number == 2).unwrap().clone();
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, app) = mount_app();

    let scene = wait_for("scene 2", || group(&root, "Scene 2")).await;
    assert!(group(&root, "Scene 3").unwrap().text_content().unwrap().contains("talking head"));
    let motion = by_label(&scene, "Motion prompt").unwrap();
    type_into(&motion, "A slow crane shot over the waves");
    wait_for("the unsaved mark", || text(&scene).contains("Unsaved changes").then_some(())).await;
    assert!(text(&root).contains("Save or discard your changes to scene 2"));
    // Approval waits for saved scenes; its button stays enabled and, tried, says why above the form and
    // links to what to do (GOV.UK's error summary).
    let approve = button(&root, "Approve and generate…").unwrap();
    assert!(!is_disabled(&approve));
    approve.click();
    let summary =
        wait_for("the summary focused", || focused().filter(|f| f.class_list().contains("error-summary"))).await;
    let said = summary.text_content().unwrap_or_default();
    assert!(said.contains("Scene 2 has unsaved changes: save or discard them"), "{said}");
    assert!(root.query_selector("dialog[open]").unwrap().is_none(), "no dialog: nothing can be reserved");
    let to_save: web_sys::HtmlElement =
        wasm_bindgen::JsCast::unchecked_into(summary.query_selector("a").unwrap().unwrap());
    to_save.click();
    assert_eq!(focused().and_then(|f| f.text_content()).as_deref(), Some("Save scene 2"), "the link leads to the save");
    drop(app);

    let (root, _app) = mount_app();
    // The project kept from the first visit shows first, read-only; the service's answer makes it editable.
    let scene = wait_for("scene 2, editable, after a reload", || {
        group(&root, "Scene 2").filter(|scene| by_label(scene, "Motion prompt").is_some())
    })
    .await;
    assert_eq!(value_of(&by_label(&scene, "Motion prompt").unwrap()), "A slow crane shot over the waves");

    sim_get("/_sim/requests").await;
    button(&scene, "Save scene 2").unwrap().click();
    wait_for("saved", || text(&scene).contains("Saved.").then_some(())).await;
    assert!(root.query_selector(".error-summary").unwrap().is_none(), "nothing stands in approval's way");

    let saved = Client::new(&api_url(), "demo-token", 10_000).get_project(project.id).await.unwrap();
    let saved_two = saved.scenes.iter().find(|s| s.scene_number == 2).unwrap();
    assert_eq!(saved_two.motion_prompt, "A slow crane shot over the waves");
    assert_eq!(saved_two.description, scene_two.description);
    let path = format!("/scene-projects/{}/scenes/{}", project.id, scene_two.id.unwrap());
    assert_eq!(sim_request_count("PUT", &path).await, 1);
}

/// The texts of scene 2 as the service holds them.
async fn scene_two_saved(project_id: i64) -> (String, String) {
    let saved = Client::new(&api_url(), "demo-token", 10_000).get_project(project_id).await.unwrap();
    let two = saved.scenes.into_iter().find(|s| s.scene_number == 2).unwrap();
    (two.description, two.motion_prompt)
}

#[wasm_bindgen_test]
async fn a_scene_is_undone_and_redone_across_saves_and_goes_back_to_its_proposal_after_a_reload() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 3).await;
    let proposed = project.scenes.iter().find(|s| s.scene_number == 2).unwrap().clone();
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, app) = mount_app();
    let scene = wait_for("scene 2, editable", || {
        group(&root, "Scene 2").filter(|scene| by_label(scene, "Motion prompt").is_some())
    })
    .await;
    let undo = button(&scene, "Undo in scene 2").unwrap();
    let redo = button(&scene, "Redo in scene 2").unwrap();
    let to_proposal = button(&scene, "Back to the proposal in scene 2").unwrap();
    assert!(is_disabled(&undo) && is_disabled(&redo) && is_disabled(&to_proposal), "nothing to undo yet");

    // Two steps: typing in one field (in two goes, one step until it is left), then in another.
    let motion = by_label(&scene, "Motion prompt").unwrap();
    let description = by_label(&scene, "Description").unwrap();
    type_into(&motion, "A slow");
    type_into(&motion, "A slow crane shot");
    leave(&motion);
    type_into(&description, "The keeper climbs the stairs");
    button(&scene, "Save scene 2").unwrap().click();
    wait_for("saved", || text(&scene).contains("Saved.").then_some(())).await;
    assert_eq!(scene_two_saved(project.id).await, ("The keeper climbs the stairs".into(), "A slow crane shot".into()));

    // Undo reaches across the save: the text goes back, unsaved, until saved again.
    undo.click();
    wait_for("undone", || text(&scene).contains("Undone: unsaved changes").then_some(())).await;
    assert_eq!(value_of(&description), proposed.description);
    assert_eq!(value_of(&motion), "A slow crane shot", "one step at a time");
    redo.click();
    wait_for("redone, as saved", || text(&scene).contains("Redone: as saved.").then_some(())).await;
    assert_eq!(value_of(&description), "The keeper climbs the stairs");
    assert!(is_disabled(&redo));
    undo.click();
    undo.click();
    wait_for("both undone", || (value_of(&motion) == proposed.motion_prompt).then_some(())).await;
    assert_eq!(value_of(&description), proposed.description);
    assert!(is_disabled(&undo), "the visit's first text: nothing before it");
    button(&scene, "Save scene 2").unwrap().click();
    wait_for("saved again", || text(&scene).contains("Saved.").then_some(())).await;
    assert_eq!(scene_two_saved(project.id).await, (proposed.description.clone(), proposed.motion_prompt.clone()));

    // Saved edits, then a reload: this visit's steps are gone, the proposal read first is kept.
    type_into(&motion, "A drone circles the lighthouse");
    button(&scene, "Save scene 2").unwrap().click();
    wait_for("saved a third time", || text(&scene).contains("Saved.").then_some(())).await;
    drop(app);
    let (root, _app) = mount_app();
    let scene = wait_for("scene 2 after a reload", || {
        group(&root, "Scene 2").filter(|scene| by_label(scene, "Motion prompt").is_some())
    })
    .await;
    assert!(is_disabled(&button(&scene, "Undo in scene 2").unwrap()), "a new visit");
    let to_proposal = button(&scene, "Back to the proposal in scene 2").unwrap();
    assert!(!is_disabled(&to_proposal));
    to_proposal.click();
    wait_for("back to the proposal", || text(&scene).contains("Back to the proposal: unsaved changes").then_some(()))
        .await;
    assert_eq!(value_of(&by_label(&scene, "Motion prompt").unwrap()), proposed.motion_prompt);
    assert!(is_disabled(&to_proposal), "it is the proposal now");
    // That too is a step: undone, the saved text is back.
    button(&scene, "Undo in scene 2").unwrap().click();
    wait_for("the saved text", || text(&scene).contains("Undone: as saved.").then_some(())).await;
    assert_eq!(value_of(&by_label(&scene, "Motion prompt").unwrap()), "A drone circles the lighthouse");
    assert_eq!(scene_two_saved(project.id).await.1, "A drone circles the lighthouse", "nothing sent unasked");
}

#[wasm_bindgen_test]
async fn approval_states_its_cost_and_a_double_click_sends_one_request() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    let before = sim_get("/_sim/users/1").await["credits"].as_i64().unwrap();
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();

    let approve = wait_for("the approve button", || button(&root, "Approve and generate…")).await;
    // Focused first, as a keyboard does: the dialog gives focus back to it when it closes.
    approve.focus().unwrap();
    approve.click();
    let confirm = wait_for("the confirmation", || button(&root, "Reserve 200 credits and generate")).await;
    assert!(text(&root).contains("reserves about 200 credits from your balance immediately"));
    confirm.click();
    confirm.click();

    wait_for("the generation view", || (location_path() == format!("/projects/{}/video", project.id)).then_some(()))
        .await;
    // The dialog closes as the app navigates: its opener went with the review page, so focus stays on
    // the new page's heading, also after the dialog's close event (a task later).
    let on_heading = || document().active_element().is_some_and(|a| a.id() == "video-heading");
    wait_for("focus on the video page's heading", || on_heading().then_some(())).await;
    sleep(300).await;
    assert!(on_heading(), "focus stayed on the heading: {:?}", document().active_element().map(|a| a.outer_html()));
    assert_eq!(sim_request_count("POST", &format!("/scene-projects/{}/approve", project.id)).await, 1);
    let after = sim_get("/_sim/users/1").await["credits"].as_i64().unwrap();
    assert!(before - after >= 200, "credits reserved: {before} → {after}");
    // The scene editor's fields (the finished video's regenerate dialogs have a "Motion prompt" too).
    assert!(root.query_selector("#scene-1-motion-prompt").unwrap().is_none(), "the scene editor is gone");
}

#[wasm_bindgen_test]
async fn the_narration_says_its_speaking_time_and_a_long_one_is_named_before_approval() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 3).await;
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let scene = wait_for("scene 2, editable", || {
        group(&root, "Scene 2").filter(|scene| by_label(scene, "Narration").is_some())
    })
    .await;
    let narration = by_label(&scene, "Narration").unwrap();

    type_into(&narration, "The whale sings to the keeper.");
    wait_for("the time, read with the field", || {
        description_of(&root, &narration).contains("About 2 s of 10 to say").then_some(())
    })
    .await;
    assert!(!text(&scene).contains("Likely longer"));

    // 30 words: about 12 s. Advice beside the field, said politely; the field is not marked invalid.
    type_into(&narration, &"The whale sings a long and patient song ".repeat(4));
    wait_for("the advice", || description_of(&root, &narration).contains("Likely longer than the scene").then_some(()))
        .await;
    let advice = root.query_selector("#scene-2-narration-advice").unwrap().unwrap();
    assert_eq!(advice.get_attribute("role").as_deref(), Some("status"));
    assert_eq!(narration.get_attribute("aria-invalid").as_deref(), Some("false"));
    assert!(description_of(&root, &narration).contains("About 13 s of 10 to say"));
    button(&scene, "Save scene 2").unwrap().click();
    wait_for("saved", || text(&scene).contains("Saved.").then_some(())).await;

    button(&root, "Approve and generate…").unwrap().click();
    wait_for("the confirmation", || button(&root, "Reserve 300 credits and generate")).await;
    assert!(text(&root).contains("Scene 2 has narration likely longer than its 10 seconds"));
    assert!(!is_disabled(&button(&root, "Reserve 300 credits and generate").unwrap()), "nothing is blocked");
}

#[wasm_bindgen_test]
async fn short_credits_are_said_plainly_and_the_project_stays_reviewable() {
    let _page = one_at_a_time().await;
    sim_put("/_sim/users/2/credits", json!({"credits": 300})).await;
    let project = new_project("other-token", 11, 5).await;
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("other-token");
    let (root, _app) = mount_app();

    wait_for("the approve button", || button(&root, "Approve and generate…")).await.click();
    wait_for("the confirmation", || button(&root, "Reserve 500 credits and generate")).await.click();
    // One sentence: the service's words about credits, then what it means.
    wait_for("the refusal", || {
        text(&root).contains("so nothing was reserved and your scenes are unchanged.").then_some(())
    })
    .await;
    assert!(text(&root).contains("Insufficient credits"), "{}", text(&root));
    assert_eq!(sim_get("/_sim/users/2").await["credits"], 300);
    button(&root, "Cancel").unwrap().click();
    assert!(by_label(&group(&root, "Scene 1").unwrap(), "Description").is_some(), "still editable");
}

#[wasm_bindgen_test]
async fn approving_a_project_that_moved_on_refreshes_it_and_explains() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    wait_for("the approve button", || button(&root, "Approve and generate…")).await.click();
    let confirm = wait_for("the confirmation", || button(&root, "Reserve 200 credits and generate")).await;

    // Approved elsewhere (another tab) while this page still shows it as proposed.
    Client::new(&api_url(), "demo-token", 10_000)
        .approve_project(project.id, &ApproveRequest::confirmed("", ""))
        .await
        .unwrap();
    confirm.click();
    wait_for("the explanation", || text(&root).contains("can no longer be approved").then_some(())).await;
    // Generating or, with a fast simulator, already completed: read-only either way.
    wait_for("the refreshed project", || text(&root).contains("can no longer be edited").then_some(())).await;
    assert!(text(&root).contains("can no longer be approved"), "the explanation outlives the refresh");
}

#[wasm_bindgen_test]
async fn an_approval_that_times_out_is_never_sent_again_by_itself() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    let approve_path = format!("/scene-projects/{}/approve", project.id);
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, app) = mount_app_with(storyreel::config::Config { request_timeout_seconds: 1, ..config() });
    sim_put("/_sim/faults", json!({"latency_ms": 2500, "path_contains": approve_path})).await;

    wait_for("the approve button", || button(&root, "Approve and generate…")).await.click();
    let confirm = wait_for("the confirmation", || button(&root, "Reserve 200 credits and generate")).await;
    confirm.click();
    let checking = "could not confirm that the service received this";
    wait_for("the uncertainty explained", || text(&root).contains(checking).then_some(())).await;
    assert!(is_disabled(&confirm), "no second approval while the project is checked");
    confirm.click();
    // The project, re-read, is still proposed, which does not tell that the approval never arrived: the
    // page says what is known, and offers no approval until the project shows it or a minute has passed.
    let standing = "The approval sent at";
    wait_for("the approval said to be unconfirmed", || text(&root).contains(standing).then_some(())).await;
    assert!(text(&root).contains("starts generating within about a minute"), "{}", text(&root));
    assert!(is_disabled(&confirm));
    // A reload finds it standing too.
    drop((root, app));
    let (root, _app) = mount_app_with(storyreel::config::Config { request_timeout_seconds: 1, ..config() });
    wait_for("the approval still unconfirmed", || text(&root).contains(standing).then_some(())).await;
    let approve = wait_for("the approve button", || button(&root, "Approve and generate…")).await;
    assert!(is_disabled(&approve), "no approval offered while one may be under way");
    sim_put("/_sim/faults", json!({"latency_ms": 0, "path_contains": null})).await;
    assert_eq!(sim_request_count("POST", &approve_path).await, 1, "nothing was sent again by itself");
}

#[wasm_bindgen_test]
async fn the_models_typed_for_an_approval_survive_an_expired_token() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    let approve_path = format!("/scene-projects/{}/approve", project.id);
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    wait_for("the approve button", || button(&root, "Approve and generate…")).await.click();
    let video = wait_for("the video model field", || by_label(&root, "Video model")).await;
    type_into(&video, "veo-3-fast");
    // The token lapses as the approval goes: the service answers 401, once.
    sim_put("/_sim/faults", json!({"revoked_count": 1, "path_contains": approve_path})).await;
    wait_for("the confirmation", || button(&root, "Reserve 200 credits and generate")).await.click();
    let token = wait_for("sign-in", || by_label(&root, "Access token")).await;
    type_into(&token, "demo-token");
    button(&root, "Sign in").unwrap().click();
    wait_for("the approve button again", || button(&root, "Approve and generate…").filter(|b| !is_disabled(b)))
        .await
        .click();
    let video = wait_for("the video model field again", || by_label(&root, "Video model")).await;
    assert_eq!(value_of(&video), "veo-3-fast", "what was typed is still there");
    assert_eq!(sim_request_count("POST", &approve_path).await, 1, "the refused approval, and no other");
}

#[wasm_bindgen_test]
async fn the_story_survives_an_expired_token_and_the_sign_in_round_trip() {
    let _page = one_at_a_time().await;
    fresh_page("/new");
    // A token that has expired since the person signed in: the service answers 401 on the next request.
    signed_in_as("expired-token-1111");
    let (root, _app) = mount_app();
    let idea = wait_for("the story form", || by_label(&root, "Story idea")).await;
    type_into(&idea, "A clockmaker builds a heart of gears");
    type_into(&by_label(&root, "Person id").unwrap(), "1");
    button(&root, "Propose scenes").unwrap().click();

    let token = wait_for("sign-in", || by_label(&root, "Access token")).await;
    assert!(text(&root).contains("did not accept your access token"));
    type_into(&token, "demo-token");
    button(&root, "Sign in").unwrap().click();
    let idea_again = wait_for("the story form again", || by_label(&root, "Story idea")).await;
    assert_eq!(location_path(), "/new");
    assert_eq!(value_of(&idea_again), "A clockmaker builds a heart of gears");
    assert_eq!(value_of(&by_label(&root, "Person id").unwrap()), "1");
}

#[wasm_bindgen_test]
async fn a_double_click_on_propose_scenes_creates_one_project() {
    let _page = one_at_a_time().await;
    fresh_page("/new");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let idea = wait_for("the story form", || by_label(&root, "Story idea")).await;
    type_into(&idea, "A lantern festival drifts down the river");
    type_into(&by_label(&root, "Person id").unwrap(), "1");
    type_into(&by_label(&root, "Number of scenes").unwrap(), "2");
    let submit = wait_for("the form ready", || button(&root, "Propose scenes").filter(|b| !is_disabled(b))).await;
    let since = sim_now().await;

    // Both clicks land before the page re-renders: the second finds the button still enabled.
    submit.click();
    submit.click();
    wait_for("the review page", || location_path().starts_with("/projects/").then_some(())).await;
    wait_for("its scenes", || group(&root, "Scene 2").map(|_| ())).await;
    assert_eq!(
        sim_request_count_since("POST", "/stories/create", since).await,
        1,
        "a double click creates one project"
    );
}

#[wasm_bindgen_test]
async fn a_double_click_on_save_sends_one_save() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    let scene_one = project.scenes.iter().find(|s| s.scene_number == 1).unwrap().clone();
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let scene = wait_for("scene 1", || group(&root, "Scene 1")).await;
    type_into(&by_label(&scene, "Narration").unwrap(), "The whale sings back");
    let save = wait_for("the save button", || button(&scene, "Save scene 1").filter(|b| !is_disabled(b))).await;

    save.click();
    save.click();
    wait_for("saved", || text(&scene).contains("Saved.").then_some(())).await;
    let path = format!("/scene-projects/{}/scenes/{}", project.id, scene_one.id.unwrap());
    assert_eq!(sim_request_count("PUT", &path).await, 1, "a double click saves once");
}

#[wasm_bindgen_test]
async fn a_project_that_could_not_be_read_is_read_again_on_try_again() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    sim_put(
        "/_sim/faults",
        json!({"error_500_count": 100, "path_contains": format!("/scene-projects/{}", project.id)}),
    )
    .await;
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    assert!(text(&root).contains("Loading the project…"), "{}", text(&root));

    let again = wait_for("Try again", || button(&root, "Try again")).await;
    assert!(text(&root).contains("problem on its side"), "{}", text(&root));
    // The next read fails too, slowly. A click while a read is under way reads again once that one has
    // answered (as leptos' LocalResource did), so what shows is from a read begun after the last click.
    sim_put("/_sim/faults", json!({"error_500_count": 1, "latency_ms": 500})).await;
    let path = format!("/scene-projects/{}", project.id);
    let before = sim_request_count("GET", &path).await;
    again.click();
    sleep(100).await;
    again.click();
    wait_for("the project", || group(&root, "Scene 2").map(|_| ())).await;
    assert!(button(&root, "Try again").is_none());
    assert_eq!(sim_request_count("GET", &path).await - before, 2, "one read after the other, never two at once");
    sim_put("/_sim/faults", json!({"latency_ms": 0, "path_contains": null})).await;
}
