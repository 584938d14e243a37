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

/// `2026-11-23T17:05:09+00:00`: whole seconds and a numeric offset.
fn is_alt_timestamp(t: &serde_json::Value) -> bool {
    let t = t.as_str().unwrap_or_default();
    t.len() == 25
        && t.ends_with("+00:00")
        && t[..19].char_indices().all(|(i, c)| match i {
            4 | 7 => c == '-',
            10 => c == 'T',
            13 | 16 => c == ':',
            _ => c.is_ascii_digit(),
        })
}

#[tokio::test]
async fn lists_are_wrapped_with_a_total() {
    let sim = Sim::alt(1.0).await;
    assert_eq!(sim.get("/scene-projects").await.body, json!({"items": [], "total": 0}));
    let a = sim.create(2).await;
    let b = sim.create(3).await;
    sim.approve(b).await;
    let r = sim.get("/scene-projects").await;
    assert_eq!(r.status, 200);
    assert_eq!(keys(&r.body), ["items", "total"]);
    assert_eq!(r.body["total"], 2);
    assert_eq!(r.body["items"][0], sim.get(&format!("/scene-projects/{b}")).await.body);
    assert_eq!(r.body["items"][1]["id"], a);
    let r = sim.get("/scene-projects?status_filter=proposed&person_id=1").await;
    assert_eq!((r.body["total"].clone(), r.body["items"][0]["id"].clone()), (json!(1), json!(a)));
    assert_eq!(sim.get("/scene-projects?status_filter=draft").await.body, json!({"items": [], "total": 0}));
    let r = sim.get("/scene-projects?status_filter=archived").await;
    assert_eq!((r.status, alt_error(&r).0), (400, "validation_error"), "an unknown status is refused");
    sim.stop().await;
}

#[tokio::test]
async fn scene_ids_are_large_descending_and_unrelated_to_numbers() {
    let sim = Sim::alt(2000.0).await;
    let first = sim.create(2).await;
    let id = sim.create(3).await;
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    let ids: Vec<u64> = p["scenes"].as_array().unwrap().iter().map(|s| s["id"].as_u64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "descending with the scene number: {ids:?}");
    assert!(ids.iter().all(|i| *i > 1 << 31), "beyond 32-bit signed integers: {ids:?}");
    let other = sim.get(&format!("/scene-projects/{first}")).await.body["scenes"][0]["id"].as_u64().unwrap();
    assert!(!ids.contains(&other));
    assert!(sim.post("/stories/create", json!({"person_id": 1, "story_idea": "Ten chars or more"})).await.body
        ["scenes"][0]
        .get("id")
        .is_none());

    // Update Scene takes the id, and answers with the whole project.
    let r = sim.put(&format!("/scene-projects/{id}/scenes/{}", ids[1]), json!({"description": "A storm"})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["id"], id);
    assert_eq!(r.body["scenes"][1]["description"], "A storm");
    assert_eq!(r.body["scenes"][1]["scene_number"], 2);
    assert_eq!(r.body, sim.get(&format!("/scene-projects/{id}")).await.body);
    let r = sim.put(&format!("/scene-projects/{id}/scenes/2"), json!({"description": "x"})).await;
    assert_eq!((r.status, alt_error(&r)), (404, ("not_found", format!("Scene 2 not found in project {id}").as_str())));

    // Regenerate Scene takes the number.
    sim.approve(id).await;
    sim.wait_status(id, "completed").await;
    let r = sim.post(&format!("/scene-projects/{id}/scenes/{}/regenerate", ids[1]), json!({})).await;
    assert_eq!((r.status, alt_error(&r).0), (404, "not_found"), "an id is not a scene number");
    let r = sim.post(&format!("/scene-projects/{id}/scenes/2/regenerate"), json!({})).await;
    assert_eq!(r.status, 202, "{}", r.body);
    assert_eq!(keys(&r.body), sorted(&["id", "scene_number", "status", "message"]));
    assert_eq!((r.body["scene_number"].clone(), r.body["status"].clone()), (json!(2), json!("regenerating")));
    sim.stop().await;
}

#[tokio::test]
async fn timestamps_have_an_offset_and_whole_seconds() {
    let sim = Sim::alt(1.0).await;
    let created =
        sim.post("/stories/create", json!({"person_id": 1, "story_idea": "A clock that runs backwards"})).await;
    assert!(is_alt_timestamp(&created.body["created_at"]), "{}", created.body["created_at"]);
    let id = created.body["id"].as_u64().unwrap();
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert!(is_alt_timestamp(&p["created_at"]) && is_alt_timestamp(&p["updated_at"]), "{p}");
    assert_eq!(p["created_at"], created.body["created_at"]);
    sim.approve(id).await;
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert!(is_alt_timestamp(&p["updated_at"]), "{p}");
    assert!(p["updated_at"].as_str() >= p["created_at"].as_str());
    sim.stop().await;
}
