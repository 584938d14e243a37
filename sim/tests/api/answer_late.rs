//! `answer_late_count`: the handler runs and its work is done, then the answer is held for `answer_late_ms`; a
//! client that gives up meanwhile leaves the work done, and the request log still has the request.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;

async fn set_faults(sim: &Sim, body: Value) -> Value {
    let r = sim.send(Method::PUT, "/_sim/faults", None, Some(&body.to_string())).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
}

async fn late_count(sim: &Sim) -> u64 {
    sim.send(Method::GET, "/_sim/faults", None, None).await.body["answer_late_count"].as_u64().unwrap()
}

/// The demo user's ledger entries for `project` with `reason` (charges are negative).
async fn charges(sim: &Sim, project: u64, reason: &str) -> Vec<i64> {
    let ledger = sim.send(Method::GET, "/_sim/users/1", None, None).await.body["ledger"].clone();
    let entries = ledger.as_array().unwrap().iter();
    entries
        .filter(|e| e["project_id"] == project && e["reason"] == reason)
        .map(|e| e["amount"].as_i64().unwrap())
        .collect()
}

/// A client that gives up long before a held answer (20 s by default) comes, and long after any other.
fn impatient() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_millis(3000)).build().unwrap()
}

/// The request sent; the future owns it, so it borrows nothing.
fn post_with(
    client: &reqwest::Client,
    sim: &Sim,
    path: &str,
    body: Value,
) -> impl std::future::Future<Output = reqwest::Result<reqwest::Response>> {
    client.post(format!("{}/api/v1{path}", sim.base)).bearer_auth(DEMO).json(&body).send()
}

/// The log's entries for `path`, waiting (with a deadline) until there are `count`: a request is logged when it
/// ends, and one whose client went away ends when the server notices.
async fn logged(sim: &Sim, path: &str, count: usize) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let log = sim.send(Method::GET, "/_sim/requests", None, None).await.body;
        let found: Vec<Value> =
            log["requests"].as_array().unwrap().iter().filter(|r| r["path"] == path).cloned().collect();
        if found.len() >= count {
            return found;
        }
        assert!(Instant::now() < deadline, "{path} never logged {count} times: {log}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Approves a project with its answer held 5 s: the project generates and the credits are reserved while the
/// answer has not come, then it comes, 202 as ever.
async fn approval_is_done_before_its_late_answer(sim: &Sim) {
    let id = sim.create(2).await;
    let credits = sim.credits(1).await;
    set_faults(sim, json!({"answer_late_count": 1, "answer_late_ms": 5000, "path_contains": "/approve"})).await;
    let (client, url) = (sim.http.clone(), format!("{}/api/v1/scene-projects/{id}/approve", sim.base));
    let sent = Instant::now();
    let pending = tokio::spawn(async move {
        let r = client.post(url).bearer_auth(DEMO).json(&json!({"confirm_credits": true})).send().await.unwrap();
        (r.status().as_u16(), sent.elapsed())
    });
    let status_path = format!("/scene-projects/{id}/status");
    let deadline = Instant::now() + Duration::from_secs(5);
    while sim.get(&status_path).await.body["status"] != "generating" {
        assert!(Instant::now() < deadline, "the approval never took effect");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(charges(sim, id, "approve").await, [-200], "reserved once");
    assert_eq!(sim.credits(1).await, credits - 200);
    assert!(!pending.is_finished(), "the answer is still held");

    let (status, took) = pending.await.unwrap();
    assert_eq!(status, 202);
    assert!(took >= Duration::from_millis(5000), "held {took:?}");
    // In the server's own order: the read that saw the project generating ended before the approval did.
    let log = sim.send(Method::GET, "/_sim/requests", None, None).await.body["requests"].clone();
    let last = log.as_array().unwrap().last().unwrap().clone();
    let approve_path = format!("/api/v1/scene-projects/{id}/approve");
    assert_eq!((last["path"].as_str(), last["status"].as_u64()), (Some(approve_path.as_str()), Some(202)));
    assert_eq!(late_count(sim).await, 0);
}

#[tokio::test]
async fn an_approval_is_done_before_its_late_answer_comes() {
    let sim = Sim::start(1.0).await;
    approval_is_done_before_its_late_answer(&sim).await;
    sim.stop().await;
}

#[tokio::test]
async fn alt_an_approval_is_done_before_its_late_answer_comes() {
    let sim = Sim::alt(1.0).await;
    approval_is_done_before_its_late_answer(&sim).await;
    sim.stop().await;
}

/// A regeneration whose client times out while its answer is held: charged once, started, logged as 499.
async fn regeneration_stays_done_when_the_client_gives_up(sim: &Sim) -> u64 {
    let id = sim.completed(2).await;
    sim.send(Method::PUT, &format!("/_sim/projects/{id}/speed"), None, Some(r#"{"speed": 1}"#)).await;
    let faults = set_faults(sim, json!({"answer_late_count": 1, "path_contains": "/regenerate"})).await;
    assert_eq!(faults["answer_late_ms"], 20_000, "the default");
    let path = format!("/scene-projects/{id}/scenes/2/regenerate");
    let sent = post_with(&impatient(), sim, &path, json!({})).await;
    assert!(sent.unwrap_err().is_timeout(), "the client gave up");
    assert_eq!(charges(sim, id, "regenerate scene").await, [-100], "charged once");
    let log = logged(sim, &format!("/api/v1{path}"), 1).await;
    assert_eq!(log.iter().map(|r| r["status"].as_u64().unwrap()).collect::<Vec<_>>(), [499]);
    assert_eq!(late_count(sim).await, 0);
    id
}

#[tokio::test]
async fn a_regeneration_whose_client_gave_up_stays_charged_and_started() {
    let sim = Sim::start(500.0).await;
    let id = regeneration_stays_done_when_the_client_gives_up(&sim).await;
    let s = sim.get(&format!("/scene-projects/{id}/status")).await.body;
    assert_eq!(
        (s["status"].as_str(), s["scenes"][1]["video_status"].as_str()),
        (Some("generating"), Some("pending")),
        "{s}"
    );
    sim.stop().await;
}

#[tokio::test]
async fn alt_a_regeneration_whose_client_gave_up_stays_charged_and_running() {
    let sim = Sim::alt(500.0).await;
    let id = regeneration_stays_done_when_the_client_gives_up(&sim).await;
    // The project shows nothing of it (quiet), but it runs: another is refused as busy, and nothing charged.
    let r = sim.post(&format!("/scene-projects/{id}/scenes/1/regenerate"), json!({})).await;
    assert_eq!((r.status, alt_error(&r).0), (409, "invalid_state"), "{}", r.body);
    assert!(alt_error(&r).1.contains("a scene regeneration is running"));
    assert_eq!(charges(&sim, id, "regenerate scene").await, [-100]);
    sim.stop().await;
}

#[tokio::test]
async fn the_count_goes_down_only_on_matching_requests_that_reach_the_handler() {
    let sim = Sim::start(1.0).await;
    let ids = [sim.create(2).await, sim.create(2).await, sim.create(2).await];
    set_faults(&sim, json!({"answer_late_count": 2, "error_500_count": 1, "path_contains": "/approve"})).await;
    let client = impatient();
    let status = client.get(format!("{}/api/v1/scene-projects/{}/status", sim.base, ids[0])).bearer_auth(DEMO);
    assert_eq!(status.send().await.unwrap().status(), 200, "another path is not held");
    let approve =
        |id: u64| post_with(&client, &sim, &format!("/scene-projects/{id}/approve"), json!({"confirm_credits": true}));
    assert_eq!(approve(ids[0]).await.unwrap().status(), 500, "a fault answering first holds nothing");
    assert_eq!(late_count(&sim).await, 2);
    for (n, id) in ids[..2].iter().enumerate() {
        assert!(approve(*id).await.unwrap_err().is_timeout(), "approval {n} held");
        assert_eq!(late_count(&sim).await, 1 - n as u64);
    }
    assert_eq!(approve(ids[2]).await.unwrap().status(), 202, "the third answers at once");
    for id in ids {
        assert_eq!(sim.get(&format!("/scene-projects/{id}/status")).await.body["status"], "generating");
        assert_eq!(charges(&sim, id, "approve").await, [-200]);
    }
    sim.stop().await;
}
