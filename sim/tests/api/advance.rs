//! `POST /_sim/projects/{id}/advance`: a running job moved ahead by exact job time, so a test reads a job at
//! the step it chose rather than after a sleep.

use reqwest::Method;
use serde_json::json;

use crate::support::*;

async fn advance_raw(sim: &Sim, id: u64, body: &str) -> Reply {
    sim.send(Method::POST, &format!("/_sim/projects/{id}/advance"), None, Some(body)).await
}

#[tokio::test]
async fn a_frozen_job_moves_exactly_as_far_as_it_is_told() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    sim.freeze(id).await;
    sim.approve(id).await;
    let s = sim.status(id).await;
    assert_eq!((s["current_step"].as_str(), s["progress"].as_u64()), (Some("queued"), Some(0)), "{s}");

    // 2 scenes: queued 15 s, images 30 s each, videos 60 s each, narration 15 s, stitching 20 s (230 s).
    let moved = sim.advance(id, 14.0).await;
    assert_eq!(moved, json!({"id": id, "advanced_seconds": 14.0}));
    let s = sim.status(id).await;
    assert_eq!(
        (s["current_step"].as_str(), s["progress"].as_u64()),
        (Some("queued"), Some(6)),
        "1 s of the queue left: {s}"
    );
    sim.advance(id, 1.0).await;
    let s = sim.status(id).await;
    assert_eq!(s["current_step"], "generating_scene_images", "{s}");
    assert_eq!(s["scenes"][0]["image_status"], "generating", "{s}");
    assert_eq!(s["scenes"][1]["image_status"], "pending", "{s}");

    // Several steps at once: each asset they made is there.
    sim.advance(id, 90.0).await;
    let s = sim.status(id).await;
    assert_eq!(
        (s["current_step"].as_str(), s["progress"].as_u64()),
        (Some("generating_scene_videos"), Some(45)),
        "{s}"
    );
    assert!(s["scenes"].as_array().unwrap().iter().all(|scene| scene["image_status"] == "completed"), "{s}");
    assert_eq!(s["scenes"][0]["video_status"], "generating", "{s}");

    // Beyond its end the job is over, with its final video.
    sim.advance(id, 1000.0).await;
    let s = sim.status(id).await;
    assert_eq!((s["status"].as_str(), s["progress"].as_u64()), (Some("completed"), Some(100)), "{s}");
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert!(p["updated_at"].as_str() > p["created_at"].as_str(), "{p}");
    sim.stop().await;
}

#[tokio::test]
async fn what_a_move_skips_happens_when_the_job_is_moved() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    sim.freeze(id).await;
    sim.approve(id).await;
    // A moment between the approval and the move, on the sim's clock: a ledger entry's.
    let r = sim.put("/_sim/users/1/credits", json!({"credits": 4000})).await;
    let between = r.body["ledger"].as_array().unwrap().last().unwrap()["at"].as_str().unwrap().to_owned();
    sim.advance(id, 1000.0).await;
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    // At the slowest speed its 230 s are seven years of wall time: stamped so, it would have ended long ago.
    assert!(p["updated_at"].as_str().unwrap() > between.as_str(), "ended at {}, after {between}", p["updated_at"]);
    sim.stop().await;
}

#[tokio::test]
async fn a_running_job_is_moved_at_its_own_speed_which_stays() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    sim.approve(id).await;
    // At speed 1 the job goes on meanwhile: 100 s ahead lands inside the videos (75 to 195 s) unless
    // 95 s pass before the control answers.
    sim.advance(id, 100.0).await;
    let s = sim.status(id).await;
    assert!(s["progress"].as_u64().unwrap() >= 43, "{s}");
    assert_eq!(s["current_step"], "generating_scene_videos", "{s}");
    assert_eq!(sim.send(Method::GET, "/_sim/speed", None, None).await.body["speed"], 1.0);
    sim.stop().await;
}

#[tokio::test]
async fn only_a_job_under_way_is_moved_by_a_positive_time() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    let r = advance_raw(&sim, id, r#"{"seconds": 10}"#).await;
    assert_eq!((r.status, detail(&r)), (409, format!("Project {id} has no job under way (it is proposed)").as_str()));
    assert_eq!(advance_raw(&sim, 999, r#"{"seconds": 10}"#).await.status, 404);
    assert_eq!(advance_raw(&sim, id, r#"{"seconds": 10}"#).await.status, 409);
    sim.approve(id).await;
    for raw in ["0", "-5", "1000.5", "1e300"] {
        let r = advance_raw(&sim, id, &format!(r#"{{"seconds": {raw}}}"#)).await;
        assert_eq!(r.status, 400, "{raw}: {}", r.body);
        assert_eq!(detail(&r), "seconds must be more than 0 and at most 1000");
    }
    for body in [r#"{"seconds": "ten"}"#, "{}", "[10]", "ten"] {
        assert_eq!(advance_raw(&sim, id, body).await.status, 422, "{body}");
    }
    let s = sim.get(&format!("/scene-projects/{id}/status")).await.body;
    assert_eq!(s["current_step"], "queued", "a refusal moves nothing: {s}");
    sim.advance(id, 1000.0).await;
    let r = advance_raw(&sim, id, r#"{"seconds": 10}"#).await;
    assert_eq!((r.status, detail(&r)), (409, format!("Project {id} has no job under way (it is completed)").as_str()));
    sim.stop().await;
}

#[tokio::test]
async fn alt_moves_its_quiet_jobs_too() {
    let sim = Sim::alt(1.0).await;
    let id = sim.create(2).await;
    sim.freeze(id).await;
    sim.approve(id).await;
    sim.advance(id, 1000.0).await;
    let done = sim.get(&format!("/scene-projects/{id}")).await.body;
    let r = sim.post(&format!("/scene-projects/{id}/scenes/1/regenerate"), json!({})).await;
    assert_eq!(r.status, 202, "{}", r.body);
    // A quiet regeneration shows nothing until it ends; moved past its end, it has ended.
    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body, done);
    sim.advance(id, 1000.0).await;
    let after = sim.get(&format!("/scene-projects/{id}")).await.body;
    for url in ["final_video_url", "image_url", "video_url"] {
        let (was, is) = match url {
            "final_video_url" => (&done[url], &after[url]),
            _ => (&done["scenes"][0][url], &after["scenes"][0][url]),
        };
        assert!(
            was.as_str().unwrap().contains("v=1") && is.as_str().unwrap().contains("v=2"),
            "{url}: {was} then {is}"
        );
    }
    sim.stop().await;
}
