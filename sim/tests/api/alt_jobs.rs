//! `--profile alt`: generation, failure, regeneration and upscale as another reasonable service shows them.

use std::collections::BTreeSet;
use std::time::Duration;

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
    let sim = Sim::alt(1.0).await;
    let id = sim.create(2).await;
    let proposed = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(proposed["scenes"][0]["status"], "pending", "the spec's value on proposal");
    assert_eq!(proposed["total_duration_seconds"], json!(null), "no video yet, so no duration");
    // The job stands still and is read every 5 s of its 230 (2 scenes), 2.5 s off every step's edge: each step
    // is read, however fast the host.
    sim.freeze(id).await;
    sim.approve(id).await;
    sim.advance(id, 2.5).await;

    let (mut steps, mut assets, mut scene_statuses) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    let mut reads = 0;
    let done = loop {
        let s = sim.status(id).await;
        if s["status"] == "completed" {
            break s;
        }
        assert_eq!(s["status"], "generating", "{s}");
        reads += 1;
        assert!(reads <= 46, "still not completed after 230 s of job time: {s}");
        steps.extend(words([s["current_step"].clone()]));
        for scene in s["scenes"].as_array().unwrap() {
            assets.extend(words([scene["image_status"].clone(), scene["video_status"].clone()]));
        }
        let p = sim.get(&format!("/scene-projects/{id}")).await.body;
        scene_statuses.extend(words(p["scenes"].as_array().unwrap().iter().map(|s| s["status"].clone())));
        assert_eq!(p["total_duration_seconds"], json!(null));
        sim.advance(id, 5.0).await;
    };
    assert_eq!(reads, 46);
    let all =
        ["queued_for_gpu", "rendering_keyframes", "generating_scene_videos", "synthesizing_voiceover", "compositing"];
    assert_eq!(steps, set(&all));
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

/// A completed project whose completion is over a second old: alt's `updated_at` has whole seconds, so only then
/// would a change made by the next request show in it.
async fn completed_a_second_ago(sim: &Sim) -> u64 {
    let id = sim.completed(2).await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    id
}

/// What a regeneration replaces, read from one project object: the final cut and scene 2's image and clip.
fn replaced(p: &Value) -> [Value; 3] {
    [p["final_video_url"].clone(), p["scenes"][1]["image_url"].clone(), p["scenes"][1]["video_url"].clone()]
}

#[tokio::test]
async fn a_regeneration_changes_nothing_in_the_project_until_it_ends() {
    let sim = Sim::alt(1000.0).await;
    let id = completed_a_second_ago(&sim).await;
    // The regeneration stands still until the test moves it.
    sim.freeze(id).await;
    let status_path = format!("/scene-projects/{id}/status");
    let before = sim.get(&format!("/scene-projects/{id}")).await.body;
    let status_before = sim.get(&status_path).await.body;
    let old = replaced(&before);
    let credits = sim.credits(1).await;

    let r = sim
        .post(&format!("/scene-projects/{id}/scenes/2/regenerate"), json!({"updated_image_prompt": "A storm"}))
        .await;
    assert_eq!(r.status, 202, "{}", r.body);
    assert_eq!(
        r.body,
        json!({"id": id, "scene_number": 2, "status": "regenerating", "message": format!("Scene 2 is being regenerated and the final video will be re-stitched. Use GET /scene-projects/{id}/status to track progress.")})
    );
    assert_eq!(sim.credits(1).await, credits - 100, "charged at once, as in the default profile");
    let r = sim.post(&format!("/scene-projects/{id}/scenes/1/regenerate"), json!({})).await;
    assert_eq!(
        (r.status, alt_error(&r)),
        (
            409,
            (
                "invalid_state",
                format!("Project {id} is busy: a scene regeneration is running; try again when it has finished")
                    .as_str()
            )
        )
    );

    // Read queued, in its clip and in its stitching (1, 51 and 101 s of 5 + 30 + 60 + 20), then past its end.
    for ahead in [1.0, 50.0, 50.0] {
        sim.advance(id, ahead).await;
        let mut s = sim.get(&status_path).await.body;
        let p = sim.get(&format!("/scene-projects/{id}")).await.body;
        assert_eq!(p, before, "nothing of the project changes while it runs: status, updated_at, prompts");
        // The status's credits_used counts the charge, made at once (as the balance shows it); nothing else.
        assert_eq!(s["credits_used"], 300);
        s["credits_used"] = status_before["credits_used"].clone();
        assert_eq!(s, status_before, "nor of its status: progress, scenes");
    }
    sim.advance(id, 20.0).await;
    let after = sim.get(&format!("/scene-projects/{id}")).await.body;
    let now = replaced(&after);
    assert!(now.iter().zip(&old).all(|(n, o)| n != o && n.is_string()), "all three change together: {now:?}");
    assert_eq!(after["status"], "completed");
    assert!(
        after["updated_at"].as_str() > before["updated_at"].as_str(),
        "{} then {}",
        before["updated_at"],
        after["updated_at"]
    );
    assert_eq!(after["scenes"][0], before["scenes"][0], "the other scene is untouched");
    assert_eq!(after["scenes"][1]["image_prompt"], "A storm", "the new prompt shows with the new image");
    assert_eq!(after["scenes"][1]["status"], "completed");
    let s = sim.get(&status_path).await.body;
    assert_eq!(s["final_video_url"], after["final_video_url"]);
    assert_eq!(s["scenes"][1]["image_url"], after["scenes"][1]["image_url"]);
    assert_eq!((status_before["credits_used"].as_i64(), s["credits_used"].as_i64()), (Some(200), Some(300)));
    // The new files are served, and the old image and clip; the old cut of the final video is gone.
    for url in replaced(&after).iter().chain(old.iter().skip(1)) {
        let r = sim.http.get(url.as_str().unwrap()).send().await.unwrap();
        assert_eq!(r.status(), 200, "{url}: served");
    }
    assert_eq!(sim.http.get(old[0].as_str().unwrap()).send().await.unwrap().status(), 404, "the old final video");
    sim.stop().await;
}

#[tokio::test]
async fn an_upscale_keeps_the_project_completed_until_the_upscaled_url_appears() {
    let sim = Sim::alt(1000.0).await;
    let id = completed_a_second_ago(&sim).await;
    // The upscale stands still until the test moves it: asked again, it is still running on any host.
    sim.freeze(id).await;
    let before = sim.get(&format!("/scene-projects/{id}")).await.body;
    let credits = sim.credits(1).await;
    let path = format!("/scene-projects/{id}/upscale");
    let r = sim.post(&path, json!(null)).await;
    assert_eq!(r.status, 202);
    assert_eq!(
        r.body,
        json!({"id": id, "status": "upscaling", "message": "Upscaling started; it may take 5 to 10 minutes."})
    );

    let s = sim.get(&format!("/scene-projects/{id}/status")).await.body;
    assert_eq!((s["status"].as_str(), s["progress"].as_u64()), (Some("completed"), Some(100)));
    assert_eq!(s["final_video_url"], before["final_video_url"]);
    let listed = sim.get("/scene-projects?status_filter=completed").await.body;
    assert_eq!(listed["items"][0]["id"], id);
    let r = sim.post(&path, json!({})).await;
    assert_eq!((r.status, alt_error(&r).0), (409, "invalid_state"), "one upscale at a time");
    assert!(alt_error(&r).1.contains("an upscale is running"));
    let r = sim.post(&format!("/scene-projects/{id}/scenes/1/regenerate"), json!({})).await;
    assert_eq!((r.status, alt_error(&r).0), (409, "invalid_state"));

    // 360 s of job time: a second before its end nothing shows of it, at its end the upscaled video.
    sim.advance(id, 359.0).await;
    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body, before, "nothing changes while it runs");
    sim.advance(id, 2.0).await;
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    let upscaled = p["final_video_url_upscaled"].as_str().expect("the upscaled video at the upscale's end").to_owned();
    assert_eq!(
        (&p["status"], &p["final_video_url"], &p["scenes"]),
        (&before["status"], &before["final_video_url"], &before["scenes"])
    );
    assert!(p["updated_at"].as_str() > before["updated_at"].as_str(), "updated_at moves when it ends");
    assert_eq!(sim.credits(1).await, credits, "free");
    assert_eq!(sim.http.get(&upscaled).send().await.unwrap().status(), 200);

    // A regeneration replaces the upscaled video (of the old cut) only when the new cut is there.
    sim.post(&format!("/scene-projects/{id}/scenes/1/regenerate"), json!({})).await;
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(p["final_video_url_upscaled"], upscaled.as_str());
    sim.advance(id, 1000.0).await;
    assert_ne!(sim.get(&format!("/scene-projects/{id}")).await.body["final_video_url"], before["final_video_url"]);
    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body["final_video_url_upscaled"], json!(null));
    // The earlier cut is gone once the new one is there; the new one is served.
    let old = before["final_video_url"].as_str().unwrap();
    assert_eq!(sim.http.get(old).header("range", "bytes=0-0").send().await.unwrap().status(), 404);
    let new = sim.get(&format!("/scene-projects/{id}")).await.body["final_video_url"].as_str().unwrap().to_owned();
    assert_eq!(sim.http.get(&new).header("range", "bytes=0-0").send().await.unwrap().status(), 206);
    sim.stop().await;
}

#[tokio::test]
async fn a_quiet_regeneration_can_still_fail() {
    let sim = Sim::alt(1000.0).await;
    let id = completed_a_second_ago(&sim).await;
    sim.freeze(id).await;
    let credits = sim.credits(1).await;
    let before = sim.get(&format!("/scene-projects/{id}")).await.body;
    let r =
        sim.post(&format!("/scene-projects/{id}/scenes/1/regenerate"), json!({"updated_motion_prompt": "pan"})).await;
    assert_eq!(r.status, 202);
    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body, before, "quiet while it runs");
    let r = sim.send(Method::POST, &format!("/_sim/projects/{id}/fail"), None, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let s = sim.get(&format!("/scene-projects/{id}/status")).await.body;
    assert_eq!(keys(&s), sorted(&["id", "status", "progress", "error"]));
    assert_eq!(s["status"], "failed");
    assert_eq!(sim.credits(1).await, credits, "a failed regeneration is refunded");
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(
        (p["status"].as_str(), p["scenes"][0]["motion_prompt"].as_str()),
        (Some("failed"), Some("pan")),
        "it ended"
    );
    let r = sim.send(Method::POST, &format!("/_sim/projects/{id}/fail"), None, None).await;
    assert_eq!((r.status, alt_error(&r).0), (409, "invalid_state"));
    sim.stop().await;
}
