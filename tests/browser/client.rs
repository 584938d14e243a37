//! The real client (gloo-net, in a real browser) against a running storyreel-sim:
//! every endpoint, and every error class the browser can meet.

use crate::common::*;
use serde_json::json;
use storyreel::api::*;
use wasm_bindgen_test::*;

fn client_as(token: &str) -> Client {
    Client::new(&api_url(), token, 10_000)
}

fn new_project(scenes: u8) -> CreateProjectRequest {
    CreateProjectRequest {
        person_id: 1,
        story_idea: "A paper boat sails down a rainy street into the sea".into(),
        num_scenes: scenes,
        use_avatar_first_scene: true,
        use_avatar_last_scene: false,
    }
}

async fn wait_until_settled(client: &Client, id: i64) -> StatusReport {
    let mut last_progress = 0;
    for _ in 0..300 {
        let report = client.project_status(id).await.expect("status answers");
        if report.status == ProjectStatus::Completed {
            return report;
        }
        assert!(report.progress >= last_progress, "progress went back from {last_progress} to {}", report.progress);
        last_progress = report.progress;
        sleep(50).await;
    }
    panic!("project {id} did not complete");
}

#[wasm_bindgen_test]
async fn every_endpoint_through_a_whole_lifecycle() {
    let _page = one_at_a_time().await;
    let client = client_as("demo-token");

    let created = client.create_project(&new_project(2)).await.expect("create");
    assert_eq!(created.status, ProjectStatus::Proposed);
    assert_eq!(created.scenes.len(), 2, "the create response is read as the project it made");
    let id = created.id;

    let project = client.get_project(id).await.expect("get");
    assert_eq!(project.status, ProjectStatus::Proposed);
    assert!(project.use_avatar_first_scene);
    let scene_two = project.scenes.iter().find(|s| s.scene_number == 2).expect("scene 2").clone();
    let scene_two_id = scene_two.id.expect("scenes of a project carry ids");
    assert_ne!(scene_two_id, 2, "the simulator keeps scene ids and numbers apart");

    let listed = client
        .list_projects(&ProjectFilter { person_id: Some(1), status: Some("proposed".into()) })
        .await
        .expect("list");
    assert!(listed.iter().any(|p| p.id == id));
    assert!(listed.iter().all(|p| p.status == ProjectStatus::Proposed && p.person_id == Some(1)));
    let other_person = client.list_projects(&ProjectFilter { person_id: Some(2), status: None }).await.unwrap();
    assert!(other_person.iter().all(|p| p.id != id));

    let update = SceneUpdate { motion_prompt: Some("A slow dolly along the gutter".into()), ..SceneUpdate::default() };
    client.update_scene(id, scene_two_id, &update).await.expect("update scene");
    let edited = client.get_project(id).await.unwrap();
    let edited_two = edited.scenes.iter().find(|s| s.scene_number == 2).unwrap();
    assert_eq!(edited_two.motion_prompt, "A slow dolly along the gutter");
    assert_eq!(edited_two.description, scene_two.description, "fields not sent do not change");

    // The app acts on the acceptance alone and reads the new state from the project.
    client.approve_project(id, &ApproveRequest::confirmed("", "")).await.expect("approve");
    assert_ne!(client.get_project(id).await.unwrap().status, ProjectStatus::Proposed, "approved");

    let done = wait_until_settled(&client, id).await;
    assert_eq!(done.progress, 100);
    assert_eq!(done.total_duration_seconds, Some(20));
    assert_eq!(done.credits_used, Some(200));
    let first_cut = done.final_video_url.expect("a final video");

    let regen = RegenerateRequest {
        regenerate_image: false,
        regenerate_video: true,
        updated_image_prompt: None,
        updated_motion_prompt: Some("An orbit around the boat".into()),
    };
    client.regenerate_scene(id, 2, &regen).await.expect("regenerate by scene number");
    // Whether the status shows the regeneration is "not shown": wait for its result, a new address.
    let recut = wait_for_async("the re-stitched video", || {
        let (client, first_cut) = (client.clone(), first_cut.clone());
        async move {
            let status = client.project_status(id).await.ok()?;
            (status.status == ProjectStatus::Completed && status.final_video_url.as_ref() != Some(&first_cut))
                .then_some(status)
        }
    })
    .await;
    assert!(recut.final_video_url.is_some_and(|url| url != first_cut), "a re-stitched video has a new address");

    client.upscale_project(id).await.expect("upscale");
    let upscaled = wait_for_async("the upscaled video", || {
        let client = client.clone();
        async move { client.get_project(id).await.unwrap().final_video_url_upscaled }
    })
    .await;
    assert!(upscaled.starts_with("http"));
}

#[wasm_bindgen_test]
async fn a_rejected_token_is_unauthorized_and_never_echoed() {
    let _page = one_at_a_time().await;
    let error = client_as("not-a-real-token-1234").list_projects(&ProjectFilter::default()).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Unauthorized);
    assert!(!error.message.contains("not-a-real-token-1234"));
}

#[wasm_bindgen_test]
async fn invalid_input_is_a_bad_request_naming_the_field() {
    let _page = one_at_a_time().await;
    let mut short = new_project(3);
    short.story_idea = "Too short".into();
    let error = client_as("demo-token").create_project(&short).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::BadRequest);
    assert!(error.message.contains("story_idea"), "{}", error.message);
}

#[wasm_bindgen_test]
async fn missing_things_are_not_found() {
    let _page = one_at_a_time().await;
    let client = client_as("demo-token");
    assert_eq!(client.get_project(987_654_321).await.unwrap_err().kind, ErrorKind::NotFound);
    let mut stranger = new_project(2);
    stranger.person_id = 99;
    let error = client.create_project(&stranger).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::NotFound);
    assert!(error.message.contains("99"), "{}", error.message);
}

#[wasm_bindgen_test]
async fn another_users_project_is_not_found() {
    let _page = one_at_a_time().await;
    let mine = client_as("demo-token").create_project(&new_project(2)).await.unwrap();
    let theirs = client_as("other-token").get_project(mine.id).await.unwrap_err();
    assert_eq!(theirs.kind, ErrorKind::NotFound);
}

#[wasm_bindgen_test]
async fn short_credits_are_forbidden_and_editing_after_approval_conflicts() {
    let _page = one_at_a_time().await;
    let poor = client_as("other-token");
    sim_put("/_sim/users/2/credits", json!({"credits": 300})).await;
    let mut five = new_project(5);
    five.person_id = 11;
    let project = poor.create_project(&five).await.unwrap();
    let error = poor.approve_project(project.id, &ApproveRequest::confirmed("", "")).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Forbidden);
    assert_eq!(sim_get("/_sim/users/2").await["credits"], 300, "nothing reserved");

    let rich = client_as("demo-token");
    let project = rich.get_project(rich.create_project(&new_project(2)).await.unwrap().id).await.unwrap();
    rich.approve_project(project.id, &ApproveRequest::confirmed("", "")).await.unwrap();
    let scene_id = project.scenes[0].id.unwrap();
    let late = SceneUpdate { description: Some("too late".into()), ..SceneUpdate::default() };
    assert_eq!(rich.update_scene(project.id, scene_id, &late).await.unwrap_err().kind, ErrorKind::Conflict);
    let again = rich.approve_project(project.id, &ApproveRequest::confirmed("", "")).await.unwrap_err();
    let wrong_state = if sim_is_alt().await { ErrorKind::Conflict } else { ErrorKind::BadRequest };
    assert_eq!(again.kind, wrong_state, "approving twice is refused");
}

#[wasm_bindgen_test]
async fn server_errors_rate_limits_and_timeouts_are_told_apart() {
    let _page = one_at_a_time().await;
    let client = client_as("demo-token");
    let id = client.create_project(&new_project(2)).await.unwrap().id;
    let path = format!("/scene-projects/{id}/status");

    sim_put("/_sim/faults", json!({"error_500_count": 1, "path_contains": path})).await;
    assert_eq!(client.project_status(id).await.unwrap_err().kind, ErrorKind::Server { status: 500 });

    sim_put("/_sim/faults", json!({"rate_limit_count": 1, "retry_after_seconds": 3, "path_contains": path})).await;
    let limited = client.project_status(id).await.unwrap_err();
    assert_eq!(limited.kind, ErrorKind::RateLimited);
    // The alt profile sends an HTTP date in whole seconds, so 3 s from the service reads as 2 to 4 s here.
    let alt = sim_is_alt().await;
    let read_as = |asked: u64, got: Option<u64>| {
        if alt {
            got.is_some_and(|s| s + 1 >= asked && s <= asked + 1)
        } else {
            got == Some(asked)
        }
    };
    assert!(read_as(3, limited.retry_after_seconds), "Retry-After is read across origins: {limited:?}");

    // A 503's Retry-After counts the same; the client then waits it out before its next request.
    sim_put("/_sim/faults", json!({"unavailable_count": 1, "retry_after_seconds": 1, "path_contains": path})).await;
    let unavailable = client.project_status(id).await.unwrap_err();
    assert_eq!(unavailable.kind, ErrorKind::Server { status: 503 });
    assert!(read_as(1, unavailable.retry_after_seconds), "{unavailable:?}");
    assert!(!unavailable.may_have_landed(), "a 503 took nothing on");

    sim_put("/_sim/faults", json!({"latency_ms": 1500, "path_contains": path})).await;
    let impatient = Client::new(&api_url(), "demo-token", 300);
    let slow = impatient.project_status(id).await.unwrap_err();
    sim_put("/_sim/faults", json!({"latency_ms": 0, "path_contains": null})).await;
    assert_eq!(slow.kind, ErrorKind::Timeout);

    assert!(client.project_status(id).await.is_ok(), "faults are spent");
}

#[wasm_bindgen_test]
async fn an_unreachable_service_is_a_network_error() {
    let _page = one_at_a_time().await;
    let error = Client::new("http://127.0.0.1:9/api/v1", "demo-token", 5_000).get_project(1).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Network);
}

#[wasm_bindgen_test]
async fn a_success_that_is_not_json_is_a_decode_error() {
    let _page = one_at_a_time().await;
    // A data: URL answers 200 with its own text, standing in for a proxy page where the API should be.
    let error = Client::new("data:text/plain,", "demo-token", 5_000).get_project(1).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Decode);
}
