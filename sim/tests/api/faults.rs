use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::json;

use crate::support::*;

async fn set_faults(sim: &Sim, body: serde_json::Value) -> Reply {
    let r = sim.send(Method::PUT, "/_sim/faults", None, Some(&body.to_string())).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r
}

#[tokio::test]
async fn faults_are_off_by_default_and_replaced_field_by_field() {
    let sim = Sim::start(1.0).await;
    let r = sim.send(Method::GET, "/_sim/faults", None, None).await;
    assert_eq!(
        r.body,
        json!({"latency_ms": 0, "error_500_count": 0, "unavailable_count": 0, "rate_limit_count": 0, "revoked_count": 0, "answer_late_count": 0, "answer_late_ms": 20000, "retry_after_seconds": 2, "path_contains": null, "fail_generation": false, "fail_at_percent": 40})
    );
    let r = set_faults(&sim, json!({"latency_ms": 5, "path_contains": "/status"})).await;
    assert_eq!(
        (r.body["latency_ms"].clone(), r.body["path_contains"].clone(), r.body["retry_after_seconds"].clone()),
        (json!(5), json!("/status"), json!(2))
    );
    let r = set_faults(&sim, json!({"path_contains": null})).await;
    assert_eq!((r.body["latency_ms"].clone(), r.body["path_contains"].clone()), (json!(5), json!(null)));
    assert_eq!(
        sim.send(Method::PUT, "/_sim/faults", None, Some(r#"{"latency": 5}"#)).await.status,
        422,
        "a misspelt switch is an error, not a no-op"
    );
    assert_eq!(sim.send(Method::PUT, "/_sim/faults", None, Some(r#"{"latency_ms": "5"}"#)).await.status, 422);
    sim.stop().await;
}

#[tokio::test]
async fn error_500s_hit_the_next_matching_requests_and_change_nothing() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    set_faults(&sim, json!({"error_500_count": 2, "path_contains": "/status"})).await;
    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.status, 200, "other paths are untouched");
    for _ in 0..2 {
        let r = sim.get(&format!("/scene-projects/{id}/status")).await;
        assert_eq!(r.status, 500);
        assert_eq!(r.body, json!({"detail": "Internal server error"}));
    }
    assert_eq!(sim.get(&format!("/scene-projects/{id}/status")).await.status, 200);

    set_faults(&sim, json!({"error_500_count": 1, "path_contains": null})).await;
    let r = sim.post(&format!("/scene-projects/{id}/approve"), json!({"confirm_credits": true})).await;
    assert_eq!(r.status, 500);
    assert_eq!(
        sim.get(&format!("/scene-projects/{id}")).await.body["status"],
        "proposed",
        "a failed request had no effect"
    );
    assert_eq!(sim.credits(1).await, 5000);
    sim.stop().await;
}

#[tokio::test]
async fn rate_limits_answer_429_with_retry_after() {
    let sim = Sim::start(1.0).await;
    set_faults(&sim, json!({"rate_limit_count": 1, "retry_after_seconds": 7})).await;
    let r = sim
        .http
        .get(format!("{}/api/v1/scene-projects", sim.base))
        .bearer_auth(DEMO)
        .header("origin", "http://app.example")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    assert_eq!(r.headers()["retry-after"], "7");
    assert!(
        r.headers()["access-control-expose-headers"].to_str().unwrap().contains("retry-after"),
        "a browser app can read it"
    );
    assert_eq!(r.json::<serde_json::Value>().await.unwrap(), json!({"detail": "Too many requests"}));
    assert_eq!(sim.get("/scene-projects").await.status, 200);
    sim.stop().await;
}

#[tokio::test]
async fn latency_slows_matching_requests() {
    let sim = Sim::start(1.0).await;
    // A request that matches is answered no sooner than its latency, however fast the host.
    set_faults(&sim, json!({"latency_ms": 300, "path_contains": "/scene-projects"})).await;
    let t = Instant::now();
    assert_eq!(sim.get("/scene-projects").await.status, 200);
    assert!(t.elapsed() >= Duration::from_millis(300), "{:?}", t.elapsed());

    // Which requests a latency holds is told by whether they are answered at all, never by how long an answer
    // took on a busy host: a minute on the matching paths is longer than any wait here.
    set_faults(&sim, json!({"latency_ms": 60_000})).await;
    let created = tokio::time::timeout(Duration::from_secs(30), sim.create(2)).await;
    assert!(created.is_ok(), "/stories/create does not match: answered without the minute's wait");
    let impatient = reqwest::Client::builder().timeout(Duration::from_secs(2)).build().unwrap();
    let held = impatient.get(format!("{}/api/v1/scene-projects", sim.base)).bearer_auth(DEMO).send().await;
    assert!(held.as_ref().is_err_and(reqwest::Error::is_timeout), "/scene-projects is held: {held:?}");
    set_faults(&sim, json!({"latency_ms": 0})).await;
    sim.stop().await;
}

#[tokio::test]
async fn a_request_the_client_gave_up_on_is_still_logged_as_499() {
    let sim = Sim::start(1.0).await;
    set_faults(&sim, json!({"latency_ms": 1000, "path_contains": "/scene-projects"})).await;
    let impatient = reqwest::Client::builder().timeout(Duration::from_millis(200)).build().unwrap();
    let sent = impatient.get(format!("{}/api/v1/scene-projects", sim.base)).bearer_auth(DEMO).send().await;
    assert!(sent.is_err(), "the client timed out");
    set_faults(&sim, json!({"latency_ms": 0})).await;
    let log = sim.get("/_sim/requests").await.body;
    let statuses: Vec<_> = log["requests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["path"] == "/api/v1/scene-projects")
        .map(|r| r["status"].clone())
        .collect();
    assert_eq!(statuses, vec![json!(499)]);
    sim.stop().await;
}

#[tokio::test]
async fn a_doomed_generation_fails_midway_and_refunds_what_was_not_made() {
    let sim = Sim::start(400.0).await;
    set_faults(&sim, json!({"fail_generation": true})).await;
    let id = sim.create(5).await;
    sim.approve(id).await;
    assert_eq!(sim.credits(1).await, 4500);
    let failed = sim.wait_status(id, "failed").await;
    assert_eq!(keys(&failed), sorted(&["id", "status", "progress", "error", "scenes"]));
    // 40% of 500 s is 200 s: the images are done and scene 1's clip is being made.
    assert_eq!(failed["progress"], 40);
    assert!(failed["error"].as_str().unwrap().starts_with("Video generation failed for scene 1: "), "{failed}");
    let scenes = failed["scenes"].as_array().unwrap();
    assert_eq!(scenes[0]["video_status"], "failed");
    assert!(scenes.iter().all(|s| s["image_status"] == "completed" && s["image_url"].is_string()));
    assert!(scenes[1..].iter().all(|s| s["video_status"] == "pending"));
    // No clip was finished, so everything comes back.
    assert_eq!(sim.credits(1).await, 5000);
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(p["status"], "failed");
    assert_eq!(p["scenes"][0]["status"], "failed");
    assert_eq!(p["final_video_url"], json!(null));
    // Nothing runs on after the failure: no job is left to move, and the status is the same.
    let moved =
        sim.send(Method::POST, &format!("/_sim/projects/{id}/advance"), None, Some(r#"{"seconds": 1000}"#)).await;
    assert_eq!(moved.status, 409, "{}", moved.body);
    assert_eq!(sim.status(id).await, failed, "a failed project stays put");
    assert_eq!(sim.post(&format!("/scene-projects/{id}/approve"), json!({"confirm_credits": true})).await.status, 400);
    sim.stop().await;
}

#[tokio::test]
async fn failing_late_charges_the_finished_clips() {
    let sim = Sim::with(|c| {
        c.speed = 400.0;
        c.fail_generation = true;
    })
    .await;
    set_faults(&sim, json!({"fail_at_percent": 80})).await;
    let id = sim.create(5).await;
    sim.approve(id).await;
    let failed = sim.wait_status(id, "failed").await;
    // 80% of 500 s is 400 s: clips 1-3 finished (165 + 3 x 60 = 345 s), clip 4 under way.
    assert!(failed["error"].as_str().unwrap().starts_with("Video generation failed for scene 4: "), "{failed}");
    let done: Vec<bool> =
        failed["scenes"].as_array().unwrap().iter().map(|s| s["video_status"] == "completed").collect();
    assert_eq!(done, [true, true, true, false, false]);
    assert_eq!(sim.credits(1).await, 5000 - 300);
    let ledger = sim.get("/_sim/users/1").await.body["ledger"].clone();
    assert_eq!(ledger[1]["amount"], 200);
    sim.stop().await;
}

#[tokio::test]
async fn a_project_can_be_failed_on_demand() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(3).await;
    let r = sim.send(Method::POST, &format!("/_sim/projects/{id}/fail"), None, None).await;
    assert_eq!(r.status, 409, "only a generating project can fail");
    sim.approve(id).await;
    let r = sim.send(Method::POST, &format!("/_sim/projects/{id}/fail"), None, None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["status"], "failed");
    assert!(r.body["error"].as_str().unwrap().starts_with("Video generation failed for scene 1: "));
    let s = sim.get(&format!("/scene-projects/{id}/status")).await.body;
    assert_eq!(s["status"], "failed");
    assert_eq!(s["error"], r.body["error"]);
    assert_eq!(sim.credits(1).await, 5000);
    assert_eq!(sim.send(Method::POST, &format!("/_sim/projects/{id}/fail"), None, None).await.status, 409);
    assert_eq!(sim.send(Method::POST, "/_sim/projects/404/fail", None, None).await.status, 404);
    sim.stop().await;
}

#[tokio::test]
async fn a_failed_regeneration_refunds_it() {
    let sim = Sim::start(200.0).await;
    let id = sim.completed(2).await;
    sim.send(Method::PUT, "/_sim/users/1/credits", None, Some(r#"{"credits": 100}"#)).await;
    assert_eq!(sim.post(&format!("/scene-projects/{id}/scenes/2/regenerate"), json!({})).await.status, 202);
    assert_eq!(sim.credits(1).await, 0);
    let r = sim.send(Method::POST, &format!("/_sim/projects/{id}/fail"), None, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body["error"].as_str().unwrap().starts_with("Video generation failed"));
    assert_eq!(sim.credits(1).await, 100);
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(p["status"], "failed");
    assert!(p["final_video_url"].is_string(), "the previous cut is still there");
    sim.stop().await;
}

#[tokio::test]
async fn the_request_log_records_api_calls_without_secrets() {
    let sim = Sim::start(1.0).await;
    sim.create(2).await;
    sim.send(Method::GET, "/scene-projects?person_id=1", Some("wrong-secret"), None).await;
    sim.http
        .request(Method::OPTIONS, format!("{}/api/v1/scene-projects", sim.base))
        .header("origin", "http://a.example")
        .header("access-control-request-method", "GET")
        .send()
        .await
        .unwrap();
    sim.send(Method::GET, "/_sim/health", None, None).await;
    let log = sim.send(Method::GET, "/_sim/requests", None, None).await.body;
    let entries = log["requests"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{log}");
    assert_eq!(
        (entries[0]["method"].clone(), entries[0]["path"].clone(), entries[0]["status"].clone()),
        (json!("POST"), json!("/api/v1/stories/create"), json!(201))
    );
    assert_eq!(
        (entries[1]["path"].clone(), entries[1]["status"].clone()),
        (json!("/api/v1/scene-projects"), json!(401))
    );
    assert!(entries[0]["at_ms"].as_u64().unwrap() <= entries[1]["at_ms"].as_u64().unwrap());
    assert!(
        entries[1]["at_ms"].as_u64().unwrap() <= log["now_ms"].as_u64().unwrap(),
        "now_ms is the same clock, read later"
    );
    let text = log.to_string();
    assert!(!text.contains("wrong-secret") && !text.contains(DEMO));
    assert_eq!(sim.send(Method::DELETE, "/_sim/requests", None, None).await.status, 204);
    assert_eq!(sim.send(Method::GET, "/_sim/requests", None, None).await.body["requests"], json!([]));
    sim.stop().await;
}

#[tokio::test]
async fn refunds_show_in_the_balance_without_looking_at_the_project() {
    let sim = Sim::with(|c| {
        c.speed = 100.0;
        c.fail_generation = true;
    })
    .await;
    let id = sim.create(2).await;
    sim.freeze(id).await;
    sim.approve(id).await;
    assert_eq!(sim.credits(1).await, 4800);
    // The failure is at 40% of 230 s. The control moves the job's clock past it and applies nothing: the
    // balance, read before anything looks at the project, is what finds the failure and its refund.
    sim.advance(id, 100.0).await;
    assert_eq!(sim.credits(1).await, 5000, "the balance is read first");
    assert_eq!(sim.get("/scene-projects").await.body[0]["status"], "failed");
    sim.stop().await;
}

#[tokio::test]
async fn the_speed_can_change_without_a_running_job_jumping() {
    // The run's speed is the slowest: the job stands still, 100 s of its 230 in (43 %).
    let sim = Sim::start(0.000_001).await;
    let id = sim.create(2).await;
    sim.approve(id).await;
    sim.advance(id, 100.0).await;
    let bad = sim.send(Method::PUT, "/_sim/speed", None, Some(r#"{"speed": 0}"#)).await;
    assert_eq!(bad.status, 400);
    assert_eq!(sim.status(id).await["progress"], 43);
    // The job began 10^8 s of wall time ago at the old speed: read at the new one from there it would be
    // over. Kept where it was, it moves 1 % in 38 minutes at a speed of 0.001.
    let r = sim.send(Method::PUT, "/_sim/speed", None, Some(r#"{"speed": 0.001}"#)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let right_after = sim.status(id).await;
    assert_eq!((right_after["status"].as_str(), right_after["progress"].as_u64()), (Some("generating"), Some(43)));
    let r = sim.send(Method::PUT, "/_sim/speed", None, Some(r#"{"speed": 1000000}"#)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    sim.wait_status(id, "completed").await;
    assert_eq!(sim.send(Method::GET, "/_sim/speed", None, None).await.body["speed"], 1_000_000.0);
    sim.stop().await;
}

#[tokio::test]
async fn one_project_can_run_at_its_own_speed() {
    let sim = Sim::start(1.0).await;
    let slow = sim.create(2).await;
    let fast = sim.create(2).await;
    sim.approve(slow).await;
    sim.approve(fast).await;
    let r = sim.send(Method::PUT, &format!("/_sim/projects/{fast}/speed"), None, Some(r#"{"speed": 100000}"#)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let missing = sim.send(Method::PUT, "/_sim/projects/99999/speed", None, Some(r#"{"speed": 5}"#)).await;
    assert_eq!(missing.status, 404);
    // A global change afterwards leaves the project's own speed alone.
    sim.send(Method::PUT, "/_sim/speed", None, Some(r#"{"speed": 1}"#)).await;
    sim.wait_status(fast, "completed").await;
    // 230 s at speed 1: a slow host could not have got through it meanwhile.
    assert_eq!(sim.status(slow).await["status"], "generating");
    sim.stop().await;
}

#[tokio::test]
async fn unavailable_and_revoked_answer_503_with_retry_after_and_401() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    set_faults(
        &sim,
        json!({"unavailable_count": 1, "revoked_count": 1, "retry_after_seconds": 4, "path_contains": "/approve"}),
    )
    .await;
    let r = sim.post(&format!("/scene-projects/{id}/approve"), json!({"confirm_credits": true})).await;
    assert_eq!((r.status, r.body.clone()), (503, json!({"detail": "Service temporarily unavailable"})));
    assert_eq!(r.headers["retry-after"], "4");
    let r = sim.post(&format!("/scene-projects/{id}/approve"), json!({"confirm_credits": true})).await;
    assert_eq!((r.status, r.body.clone()), (401, json!({"detail": "Invalid or expired token"})));
    assert_eq!(sim.credits(1).await, 5000, "neither reserved anything");
    assert_eq!(sim.post(&format!("/scene-projects/{id}/approve"), json!({"confirm_credits": true})).await.status, 202);
    sim.stop().await;
}
