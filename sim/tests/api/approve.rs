use std::sync::Arc;

use reqwest::Method;
use serde_json::json;

use crate::support::*;

#[tokio::test]
async fn approve_reserves_credits_and_starts_generation() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(3).await;
    let before = sim.get(&format!("/scene-projects/{id}")).await.body;
    let r = sim
        .post(
            &format!("/scene-projects/{id}/approve"),
            json!({"confirm_credits": true, "video_model": "veo-x", "image_model": "flux-y", "extra": 1}),
        )
        .await;
    assert_eq!(r.status, 202);
    assert_eq!(
        r.body,
        json!({"id": id, "status": "generating", "progress": 0, "message": format!("Generation started. Use GET /scene-projects/{id}/status to track progress.")})
    );
    assert_eq!(sim.credits(1).await, 5000 - 300, "100 per scene, reserved at once");
    let ledger = sim.get("/_sim/users/1").await.body["ledger"].clone();
    assert_eq!(ledger[0]["amount"], -300);
    assert_eq!(ledger[0]["project_id"], id);
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(p["status"], "generating");
    assert!(p["updated_at"].as_str() > before["updated_at"].as_str());

    let r = sim.post(&format!("/scene-projects/{id}/approve"), json!({"confirm_credits": true})).await;
    assert_eq!(r.status, 400);
    assert_eq!(detail(&r), "Project is not in proposed state (it is generating)");
    assert_eq!(sim.credits(1).await, 4700, "a refused approval reserves nothing");
    sim.stop().await;
}

#[tokio::test]
async fn approval_needs_explicit_confirmation() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    let path = format!("/scene-projects/{id}/approve");

    let r = sim.post(&path, json!({"confirm_credits": false})).await;
    assert_eq!(r.status, 400);
    assert!(detail(&r).contains("confirm"), "{}", r.body);

    let r = sim.post(&path, json!({"video_model": "v"})).await;
    assert_eq!(r.status, 422);
    assert_eq!(r.body["detail"][0]["loc"], json!(["body", "confirm_credits"]));
    assert_eq!(sim.send(Method::POST, &path, Some(DEMO), None).await.status, 422, "no body");
    assert_eq!(sim.post(&path, json!({"confirm_credits": "true"})).await.status, 422, "a string is not a boolean");
    assert_eq!(sim.post(&path, json!({"confirm_credits": 1})).await.status, 422);
    assert_eq!(sim.post(&path, json!({"confirm_credits": true, "video_model": 7})).await.status, 422);
    assert_eq!(sim.send(Method::POST, &path, Some(DEMO), Some("{confirm_credits: true}")).await.status, 422);

    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body["status"], "proposed");
    assert_eq!(sim.credits(1).await, 5000);
    assert_eq!(sim.post("/scene-projects/777/approve", json!({"confirm_credits": true})).await.status, 404);
    sim.stop().await;
}

#[tokio::test]
async fn a_short_balance_is_403_and_reserves_nothing() {
    let sim = Sim::start(1.0).await;
    let create = |scenes: u32| {
        let body = json!({"person_id": 11, "story_idea": "The other user's story", "num_scenes": scenes}).to_string();
        let sim = &sim;
        async move { sim.send(Method::POST, "/stories/create", Some(OTHER), Some(&body)).await.body["id"].as_u64().unwrap() }
    };
    let five = create(5).await;
    let r = sim
        .send(
            Method::POST,
            &format!("/scene-projects/{five}/approve"),
            Some(OTHER),
            Some(r#"{"confirm_credits": true}"#),
        )
        .await;
    assert_eq!(r.status, 403);
    assert_eq!(detail(&r), "Insufficient credits: this approval needs 500 credits and you have 300");
    assert_eq!(sim.credits(2).await, 300);
    assert!(sim.get("/_sim/users/2").await.body["ledger"].as_array().unwrap().is_empty());
    let p = sim.send(Method::GET, &format!("/scene-projects/{five}"), Some(OTHER), None).await.body;
    assert_eq!(p["status"], "proposed");

    // Exactly the balance is enough.
    let three = create(3).await;
    let r = sim
        .send(
            Method::POST,
            &format!("/scene-projects/{three}/approve"),
            Some(OTHER),
            Some(r#"{"confirm_credits": true}"#),
        )
        .await;
    assert_eq!(r.status, 202);
    assert_eq!(sim.credits(2).await, 0);

    // A top-up through the control endpoint makes the first approvable.
    let r = sim.send(Method::PUT, "/_sim/users/2/credits", None, Some(r#"{"credits": 500}"#)).await;
    assert_eq!((r.status, r.body["credits"].clone()), (200, json!(500)));
    let r = sim
        .send(
            Method::POST,
            &format!("/scene-projects/{five}/approve"),
            Some(OTHER),
            Some(r#"{"confirm_credits": true}"#),
        )
        .await;
    assert_eq!(r.status, 202);
    assert_eq!(sim.credits(2).await, 0);
    sim.stop().await;
}

#[tokio::test]
async fn racing_approvals_start_generation_once() {
    let sim = Arc::new(Sim::start(1.0).await);
    let id = sim.create(4).await;
    let mut racers = tokio::task::JoinSet::new();
    for _ in 0..12 {
        let sim = sim.clone();
        racers.spawn(async move {
            sim.post(&format!("/scene-projects/{id}/approve"), json!({"confirm_credits": true})).await.status
        });
    }
    let mut statuses = racers.join_all().await;
    statuses.sort();
    assert_eq!(statuses, [202, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    assert_eq!(sim.credits(1).await, 5000 - 400, "credits reserved once");
    assert_eq!(sim.get("/_sim/users/1").await.body["ledger"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn control_endpoints_for_users() {
    let sim = Sim::start(1.0).await;
    let r = sim.send(Method::GET, "/_sim/users/1", None, None).await;
    assert_eq!(r.status, 200);
    assert_eq!((r.body["id"].clone(), r.body["credits"].clone()), (json!(1), json!(5000)));
    assert_eq!(sim.send(Method::GET, "/_sim/users/3", None, None).await.status, 404);
    assert_eq!(sim.send(Method::PUT, "/_sim/users/1/credits", None, Some(r#"{"credits": -5}"#)).await.status, 400);
    assert_eq!(sim.send(Method::PUT, "/_sim/users/1/credits", None, Some(r#"{"credits": "5"}"#)).await.status, 422);
    assert_eq!(
        sim.send(Method::PUT, "/_sim/users/1/credits", None, Some(r#"{"credits": 42}"#)).await.body["credits"],
        42
    );
    assert_eq!(sim.credits(1).await, 42);
    let r = sim.send(Method::GET, "/_sim/health", None, None).await;
    assert_eq!((r.status, r.body.clone()), (200, json!("ok")));
    sim.stop().await;
}
