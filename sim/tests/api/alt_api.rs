//! `--profile alt`: the API's answers where the spec says "not shown", the other reasonable way.

use reqwest::Method;
use serde_json::json;

use crate::support::*;

#[tokio::test]
async fn the_control_surface_says_which_profile_runs() {
    let sim = Sim::start(1.0).await;
    let r = sim.send(Method::GET, "/_sim/profile", None, None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body, json!({"profile": "default", "storage_url": format!("{}/media", sim.base)}));
    sim.stop().await;

    let sim = Sim::alt(1.0).await;
    let r = sim.send(Method::GET, "/_sim/profile", None, None).await;
    assert_eq!(r.body["profile"], "alt");
    sim.stop().await;
}

#[tokio::test]
async fn errors_have_a_code_and_a_message_everywhere() {
    let sim = Sim::alt(1.0).await;
    let id = sim.create(2).await;

    let r = sim.send(Method::GET, "/scene-projects", None, None).await;
    assert_eq!((r.status, alt_error(&r)), (401, ("unauthorized", "Not authenticated")));
    assert_eq!(r.headers["www-authenticate"], "Bearer");
    assert_eq!(r.headers["content-type"], "application/json");
    let r = sim.send(Method::GET, "/scene-projects", Some("stolen-token-123"), None).await;
    assert_eq!((r.status, alt_error(&r)), (401, ("unauthorized", "Invalid or expired token")));

    let r = sim.get("/scene-projects/999").await;
    assert_eq!((r.status, alt_error(&r)), (404, ("not_found", "Project 999 not found")));
    let r = sim.get("/scene-projects/1/nonsense").await;
    assert_eq!((r.status, alt_error(&r).0), (404, "not_found"));
    let r = sim.send(Method::DELETE, &format!("/scene-projects/{id}"), Some(DEMO), None).await;
    assert_eq!((r.status, alt_error(&r).0), (405, "method_not_allowed"));

    let r = sim.post("/stories/create", json!({"person_id": 1, "story_idea": "short"})).await;
    assert_eq!(
        (r.status, alt_error(&r)),
        (400, ("invalid_request", "story_idea must be between 10 and 1000 characters (got 5)"))
    );
    let r = sim.post("/stories/create", json!({"person_id": 99, "story_idea": "A long enough idea"})).await;
    assert_eq!((r.status, alt_error(&r)), (404, ("not_found", "Person 99 not found")));
    let big = format!(r#"{{"person_id": 1, "story_idea": "{}"}}"#, "x".repeat(3 * 1024 * 1024));
    let r = sim.send(Method::POST, "/stories/create", Some(DEMO), Some(&big)).await;
    assert_eq!((r.status, alt_error(&r).0), (413, "payload_too_large"));

    let r = sim.send(Method::POST, "/_sim/projects/999/fail", None, None).await;
    assert_eq!((r.status, alt_error(&r)), (404, ("not_found", "Project 999 not found")));
    let r = sim.send(Method::GET, "/", None, None).await;
    assert_eq!(r.status, 404);
    assert!(alt_error(&r).1.contains("--serve-app"), "{}", r.body);
    let r = sim
        .http
        .get(format!("{}/api/v1/scene-projects", sim.base))
        .header("origin", "https://storyreel.example")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["access-control-allow-origin"], "*", "errors are readable cross-origin too");
    sim.stop().await;
}

#[tokio::test]
async fn schema_errors_are_400_and_state_conflicts_409() {
    let sim = Sim::alt(2000.0).await;
    let id = sim.create(2).await;
    let approve = format!("/scene-projects/{id}/approve");

    let r = sim.post(&approve, json!({"video_model": "v"})).await;
    assert_eq!((r.status, alt_error(&r)), (400, ("validation_error", "body.confirm_credits: Field required")));
    let r = sim.send(Method::POST, &approve, Some(DEMO), Some("{confirm_credits: true}")).await;
    assert_eq!((r.status, alt_error(&r).0), (400, "validation_error"));
    let r = sim.post(&approve, json!({"confirm_credits": "true", "image_model": 3})).await;
    assert_eq!(
        (r.status, alt_error(&r).1),
        (
            400,
            "body.confirm_credits: Input should be a valid boolean; body.image_model: Input should be a valid string"
        )
    );
    let r = sim.get("/scene-projects/abc").await;
    assert_eq!((r.status, alt_error(&r).0), (400, "validation_error"));
    let r = sim.get("/scene-projects?person_id=abc").await;
    assert_eq!((r.status, alt_error(&r).0), (400, "validation_error"));
    let r = sim.post(&approve, json!({"confirm_credits": false})).await;
    assert_eq!((r.status, alt_error(&r).0), (400, "invalid_request"), "a rule, not the state");

    let r = sim.post(&format!("/scene-projects/{id}/upscale"), json!({})).await;
    assert_eq!(
        (r.status, alt_error(&r)),
        (409, ("invalid_state", "Only a completed project can be upscaled (it is proposed)"))
    );
    let r = sim.post(&format!("/scene-projects/{id}/scenes/1/regenerate"), json!({})).await;
    assert_eq!((r.status, alt_error(&r).0), (409, "invalid_state"));

    sim.approve(id).await;
    let r = sim.post(&approve, json!({"confirm_credits": true})).await;
    assert_eq!(
        (r.status, alt_error(&r)),
        (409, ("invalid_state", "Project is not in proposed state (it is generating)"))
    );
    sim.wait_status(id, "completed").await;
    let r = sim.post(&approve, json!({"confirm_credits": true})).await;
    assert_eq!((r.status, alt_error(&r).0), (409, "invalid_state"));

    let five = sim
        .send(
            Method::POST,
            "/stories/create",
            Some(OTHER),
            Some(r#"{"person_id": 11, "story_idea": "The other user's story", "num_scenes": 5}"#),
        )
        .await
        .body["id"]
        .as_u64()
        .unwrap();
    let r = sim
        .send(
            Method::POST,
            &format!("/scene-projects/{five}/approve"),
            Some(OTHER),
            Some(r#"{"confirm_credits": true}"#),
        )
        .await;
    assert_eq!(
        (r.status, alt_error(&r)),
        (403, ("insufficient_credits", "Insufficient credits: this approval needs 500 credits and you have 300"))
    );

    let r = sim.send(Method::PUT, "/_sim/faults", None, Some(r#"{"latency": 5}"#)).await;
    assert_eq!((r.status, alt_error(&r).0), (400, "validation_error"), "the controls answer the same way");
    let log = sim.send(Method::GET, "/_sim/requests", None, None).await.body;
    let logged: Vec<u64> = log["requests"].as_array().unwrap().iter().map(|e| e["status"].as_u64().unwrap()).collect();
    assert!(!logged.contains(&422), "the log shows the status the client got: {logged:?}");
    sim.stop().await;
}

#[tokio::test]
async fn injected_faults_answer_the_alt_way_with_a_retry_date() {
    let sim = Sim::alt(1.0).await;
    let r = sim.send(Method::PUT, "/_sim/faults", None, Some(r#"{"error_500_count": 1, "rate_limit_count": 1}"#)).await;
    assert_eq!(r.status, 200);
    let r = sim.get("/scene-projects").await;
    assert_eq!((r.status, alt_error(&r)), (500, ("internal_error", "Internal server error")));
    let r = sim.get("/scene-projects").await;
    assert_eq!((r.status, alt_error(&r)), (429, ("rate_limited", "Too many requests")));
    // An HTTP date (IMF-fixdate), not a number of seconds: `Tue, 24 Nov 2026 17:05:11 GMT`.
    let date = r.headers["retry-after"].to_str().unwrap();
    assert!(date.parse::<u64>().is_err(), "{date}");
    let parts: Vec<&str> = date.split(' ').collect();
    assert_eq!(parts.len(), 6, "{date}");
    assert!(parts[0].ends_with(',') && parts[5] == "GMT" && parts[4].len() == 8, "{date}");
    assert_eq!(sim.get("/scene-projects").await.status, 200);
    sim.stop().await;
}
