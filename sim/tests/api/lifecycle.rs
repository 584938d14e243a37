use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::support::*;

const STEPS: [&str; 5] =
    ["queued", "generating_scene_images", "generating_scene_videos", "generating_narration", "stitching_final_video"];

/// One asset's status in a status response, as a rank: pending < generating < completed.
fn rank(status: &Value) -> u8 {
    match status.as_str().unwrap() {
        "pending" => 0,
        "generating" => 1,
        "completed" => 2,
        other => panic!("unexpected asset status {other}"),
    }
}

#[tokio::test]
async fn a_project_goes_from_proposed_to_completed() {
    // 2 scenes take 230 s at speed 1, so about 4.6 s here: at speed 200 (1.2 s) a full test run's
    // browsers beside this left time for only 20 polls, one each 60 ms instead of 5.
    let sim = Sim::start(50.0).await;
    let id = sim.create(2).await;
    let created = sim.get(&format!("/scene-projects/{id}")).await.body;

    let proposed = sim.get(&format!("/scene-projects/{id}/status")).await;
    assert_eq!(proposed.body, json!({"id": id, "status": "proposed", "progress": 0}));

    sim.approve(id).await;
    let mut polls: Vec<Value> = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let r = sim.get(&format!("/scene-projects/{id}/status")).await;
        assert_eq!(r.status, 200);
        let done = r.body["status"] == "completed";
        polls.push(r.body);
        if done {
            break;
        }
        assert!(Instant::now() < deadline, "never completed");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(polls.len() > 20, "enough polls to watch the steps ({})", polls.len());

    let mut last_progress = 0;
    let mut last_step = 0;
    let mut last_ranks = [[0u8; 2]; 2];
    let mut steps_seen = Vec::new();
    for s in &polls[..polls.len() - 1] {
        assert_eq!(s["status"], "generating", "{s}");
        assert_eq!(keys(s), sorted(&["id", "status", "progress", "current_step", "scenes"]), "{s}");
        let progress = s["progress"].as_u64().unwrap();
        assert!(progress >= last_progress && progress <= 99, "progress {last_progress} then {progress}");
        last_progress = progress;
        let step = STEPS.iter().position(|n| *n == s["current_step"]).unwrap_or_else(|| panic!("unknown step {s}"));
        assert!(step >= last_step, "steps go forward: {s}");
        last_step = step;
        if steps_seen.last() != Some(&step) {
            steps_seen.push(step);
        }
        for (i, scene) in s["scenes"].as_array().unwrap().iter().enumerate() {
            assert_eq!(scene["scene_number"], i + 1);
            let (image, video) = (rank(&scene["image_status"]), rank(&scene["video_status"]));
            assert!(video == 0 || image == 2, "a video starts only after its image: {scene}");
            assert_eq!(scene.get("image_url").is_some(), image == 2, "{scene}");
            assert_eq!(scene.get("video_url").is_some(), video == 2, "{scene}");
            assert!(image >= last_ranks[i][0] && video >= last_ranks[i][1], "assets never go back");
            last_ranks[i] = [image, video];
            // All images come before any video.
            if step == 2 {
                assert_eq!(image, 2);
            }
        }
    }
    assert!(steps_seen.contains(&1) && steps_seen.contains(&2), "saw images then videos: {steps_seen:?}");

    let done = polls.last().unwrap();
    let project = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(
        done,
        &json!({
            "id": id, "status": "completed", "progress": 100,
            "final_video_url": format!("{}/media/projects/{id}/final-v1.webm", sim.base),
            "total_duration_seconds": 20, "credits_used": 200,
        })
    );
    assert_eq!(project["status"], "completed");
    assert_eq!(project["progress"], 100);
    assert_eq!(project["final_video_url"], done["final_video_url"]);
    assert_eq!(project["final_video_url_upscaled"], json!(null));
    assert!(project["updated_at"].as_str() > created["updated_at"].as_str());
    assert_eq!(project["created_at"], created["created_at"]);
    for s in project["scenes"].as_array().unwrap() {
        assert_eq!(s["status"], "completed");
        let n = s["scene_number"].as_u64().unwrap();
        assert_eq!(s["image_url"], format!("{}/media/projects/{id}/scenes/{n}/image-v1.svg", sim.base));
        assert_eq!(s["video_url"], format!("{}/media/projects/{id}/scenes/{n}/video-v1.webm", sim.base));
    }
    let video = sim.http.get(done["final_video_url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(video.status(), 200);
    assert_eq!(video.headers()["content-type"], "video/webm");

    let listed = sim.get("/scene-projects?status_filter=completed").await.body;
    assert_eq!(listed[0]["id"], id);
    assert_eq!(sim.credits(1).await, 4800, "a completed project keeps its reservation as the charge");
    sim.stop().await;
}

#[tokio::test]
async fn the_scenes_show_their_progress_in_the_project_object() {
    let sim = Sim::start(100.0).await;
    let id = sim.create(2).await;
    sim.approve(id).await;
    // Images end at (15 + 60) / 100 s; the first video is then under way.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(p["status"], "generating");
    let statuses: Vec<&str> = p["scenes"].as_array().unwrap().iter().map(|s| s["status"].as_str().unwrap()).collect();
    assert!(statuses.iter().all(|s| ["generating", "completed"].contains(s)), "{statuses:?}");
    assert!(p["scenes"][0]["image_url"].is_string());
    assert_eq!(p["final_video_url"], json!(null));
    let progress = p["progress"].as_u64().unwrap();
    assert!((30..=99).contains(&progress), "{progress}");
    sim.stop().await;
}

#[tokio::test]
async fn speed_one_is_realistic() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(5).await;
    sim.approve(id).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let s = sim.get(&format!("/scene-projects/{id}/status")).await.body;
    assert_eq!(s["current_step"], "queued");
    assert_eq!(s["progress"], 0);
    assert!(s["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["image_status"] == "pending" && s["video_status"] == "pending"));
    sim.stop().await;
}
