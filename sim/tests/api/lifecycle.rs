use std::time::Duration;

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
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    let created = sim.get(&format!("/scene-projects/{id}")).await.body;

    let proposed = sim.get(&format!("/scene-projects/{id}/status")).await;
    assert_eq!(proposed.body, json!({"id": id, "status": "proposed", "progress": 0}));

    // The job stands still and is moved 5 s at a time through its 230 s (2 scenes), never onto a step's
    // edge (each lasts a multiple of 5 s; the first read is 2.5 s in): 46 reads, one inside every step,
    // however fast the host.
    sim.freeze(id).await;
    sim.approve(id).await;
    sim.advance(id, 2.5).await;
    let mut polls: Vec<Value> = Vec::new();
    loop {
        let body = sim.status(id).await;
        let done = body["status"] == "completed";
        polls.push(body);
        if done {
            break;
        }
        assert!(polls.len() <= 47, "still not completed after 230 s of job time: {}", polls.last().unwrap());
        sim.advance(id, 5.0).await;
    }
    assert_eq!(polls.len(), 47, "46 reads during the job, then its end");

    let mut last_progress = 0;
    let mut last_step = 0;
    let mut last_ranks = [[0u8; 2]; 2];
    let mut steps_seen = Vec::new();
    for (k, s) in polls[..polls.len() - 1].iter().enumerate() {
        assert_eq!(s["status"], "generating", "{s}");
        assert_eq!(keys(s), sorted(&["id", "status", "progress", "current_step", "scenes"]), "{s}");
        let progress = s["progress"].as_u64().unwrap();
        assert!(progress >= last_progress && progress <= 99, "progress {last_progress} then {progress}");
        // The share of the 230 s done, rounded down: read 2.5 + 5k s in.
        assert_eq!(progress, (250 + 500 * k as u64) / 230, "{s}");
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
    assert_eq!(steps_seen, [0, 1, 2, 3, 4], "every step, in order");

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

/// Each scene's own status and addresses in the project object, in scene order.
fn scene_progress(p: &Value) -> Vec<(String, bool, bool)> {
    let scenes = p["scenes"].as_array().unwrap();
    scenes
        .iter()
        .map(|s| (s["status"].as_str().unwrap().to_owned(), s["image_url"].is_string(), s["video_url"].is_string()))
        .collect()
}

#[tokio::test]
async fn the_scenes_show_their_progress_in_the_project_object() {
    let sim = Sim::start(100.0).await;
    let id = sim.create(2).await;
    sim.freeze(id).await;
    sim.approve(id).await;
    let project = format!("/scene-projects/{id}");
    let progress = |p: &Value| (p["status"].as_str().unwrap().to_owned(), p["progress"].as_u64().unwrap());

    // 2 scenes: queued 15 s, images 30 s each, videos 60 s each, narration 15 s, stitching 20 s.
    // 30 s in: scene 1's image is being made, scene 2 waits.
    sim.advance(id, 30.0).await;
    let p = sim.get(&project).await.body;
    assert_eq!(progress(&p), ("generating".into(), 13), "{p}");
    let expected = [("generating", false, false), ("pending", false, false)];
    assert_eq!(scene_progress(&p), expected.map(|(s, i, v)| (s.to_owned(), i, v)), "{p}");

    // 105 s in: both images are there, scene 1's clip is being made.
    sim.advance(id, 75.0).await;
    let p = sim.get(&project).await.body;
    assert_eq!(progress(&p), ("generating".into(), 45), "{p}");
    let expected = [("generating", true, false), ("generating", true, false)];
    assert_eq!(scene_progress(&p), expected.map(|(s, i, v)| (s.to_owned(), i, v)), "{p}");

    // 165 s in: scene 1 is done, scene 2's clip is being made; the final video is still to come.
    sim.advance(id, 60.0).await;
    let p = sim.get(&project).await.body;
    assert_eq!(progress(&p), ("generating".into(), 71), "{p}");
    let expected = [("completed", true, true), ("generating", true, false)];
    assert_eq!(scene_progress(&p), expected.map(|(s, i, v)| (s.to_owned(), i, v)), "{p}");
    assert_eq!(p["final_video_url"], json!(null));
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
