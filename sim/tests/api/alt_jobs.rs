//! `--profile alt`: generation, failure, regeneration and upscale as another reasonable service shows them.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;

fn words(values: impl IntoIterator<Item = Value>) -> BTreeSet<String> {
    values.into_iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[tokio::test]
async fn generation_uses_steps_and_statuses_the_spec_does_not_list() {
    // 2 scenes take 230 s at speed 1, so 2.3 s here: the shortest step (15 s) lasts 150 ms.
    let sim = Sim::alt(100.0).await;
    let id = sim.create(2).await;
    let proposed = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(proposed["scenes"][0]["status"], "pending", "the spec's value on proposal");
    assert_eq!(proposed["total_duration_seconds"], json!(null), "no video yet, so no duration");
    sim.approve(id).await;

    let (mut steps, mut assets, mut scene_statuses) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    let deadline = Instant::now() + Duration::from_secs(20);
    let done = loop {
        let s = sim.get(&format!("/scene-projects/{id}/status")).await.body;
        if s["status"] == "completed" {
            break s;
        }
        assert_eq!(s["status"], "generating", "{s}");
        steps.extend(words([s["current_step"].clone()]));
        for scene in s["scenes"].as_array().unwrap() {
            assets.extend(words([scene["image_status"].clone(), scene["video_status"].clone()]));
        }
        let p = sim.get(&format!("/scene-projects/{id}")).await.body;
        scene_statuses.extend(words(p["scenes"].as_array().unwrap().iter().map(|s| s["status"].clone())));
        if p["status"] == "generating" {
            assert_eq!(p["total_duration_seconds"], json!(null));
        }
        assert!(Instant::now() < deadline, "never completed");
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    assert!(
        set(&["queued_for_gpu", "rendering_keyframes", "generating_scene_videos", "compositing"]).is_subset(&steps),
        "{steps:?}"
    );
    assert!(steps.is_subset(&set(&[
        "queued_for_gpu",
        "rendering_keyframes",
        "generating_scene_videos",
        "synthesizing_voiceover",
        "compositing"
    ])));
    assert_eq!(assets, set(&["queued", "rendering", "completed"]));
    assert!(scene_statuses.contains("in_progress") && !scene_statuses.contains("generating"), "{scene_statuses:?}");

    // A completed project's status carries its scenes too.
    assert_eq!(
        keys(&done),
        sorted(&["id", "status", "progress", "final_video_url", "total_duration_seconds", "credits_used", "scenes"])
    );
    for (i, scene) in done["scenes"].as_array().unwrap().iter().enumerate() {
        assert_eq!(keys(scene), sorted(&["scene_number", "image_status", "video_status", "image_url", "video_url"]));
        assert_eq!(scene["scene_number"], i + 1);
        assert_eq!(
            (scene["image_status"].as_str(), scene["video_status"].as_str()),
            (Some("completed"), Some("completed"))
        );
    }
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(done["scenes"][1]["video_url"], p["scenes"][1]["video_url"]);
    assert_eq!(p["total_duration_seconds"], 20);
    assert_eq!(p["scenes"][0]["status"], "completed");
    sim.stop().await;
}

#[tokio::test]
async fn a_failed_projects_status_has_only_the_error_and_its_object_keeps_finished_scenes() {
    let sim = Sim::alt(1000.0).await;
    // At 70 % of a 2-scene generation (161 of 230 s) scene 1's clip is done and scene 2's is being made.
    let r =
        sim.send(Method::PUT, "/_sim/faults", None, Some(r#"{"fail_generation": true, "fail_at_percent": 70}"#)).await;
    assert_eq!(r.status, 200);
    let id = sim.create(2).await;
    sim.approve(id).await;
    let s = sim.wait_status(id, "failed").await;
    assert_eq!(keys(&s), sorted(&["id", "status", "progress", "error"]), "{s}");
    assert_eq!(s["error"], "Video generation failed for scene 2: the video model timed out (simulated failure)");

    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(p["status"], "failed");
    let first = &p["scenes"][0];
    assert_eq!(first["status"], "completed");
    assert!(first["image_url"].is_string() && first["video_url"].is_string(), "{first}");
    let second = &p["scenes"][1];
    assert_eq!(second["status"], "failed");
    assert!(second["image_url"].is_string() && second.get("video_url").is_none(), "{second}");
    assert_eq!(p["final_video_url"], json!(null));
    assert_eq!(p["total_duration_seconds"], json!(null));
    let clip = sim.http.get(first["video_url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(clip.status(), 200, "a finished clip stays fetchable");
    sim.stop().await;
}
