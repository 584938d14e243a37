use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;

fn regen(id: u64, n: &str) -> String {
    format!("/scene-projects/{id}/scenes/{n}/regenerate")
}

#[tokio::test]
async fn regenerating_a_scene_restitches_the_final_video() {
    let sim = Sim::start(1000.0).await;
    let id = sim.completed(3).await;
    let before = sim.get(&format!("/scene-projects/{id}")).await.body;
    let credits = sim.credits(1).await;
    // The regeneration stands still until moved: each step below is read where the test put it.
    sim.freeze(id).await;

    let r = sim
        .post(
            &regen(id, "2"),
            json!({"updated_image_prompt": "A storm over the lighthouse", "updated_motion_prompt": "whip pan"}),
        )
        .await;
    assert_eq!(r.status, 202, "{}", r.body);
    assert_eq!(r.body["id"], id);
    assert_eq!(r.body["scene_number"], 2);
    assert_eq!(r.body["status"], "generating");
    assert_eq!(r.body["credits_charged"], 100);
    assert!(r.body["message"].is_string());
    assert_eq!(sim.credits(1).await, credits - 100);
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(p["scenes"][1]["image_prompt"], "A storm over the lighthouse");
    assert_eq!(p["scenes"][1]["motion_prompt"], "whip pan");

    // Regeneration: queued 5 s, the image 30 s, the clip 60 s, stitching 20 s. Read inside each step.
    let mut steps = Vec::new();
    for ahead in [0.0, 10.0, 60.0, 35.0] {
        if ahead > 0.0 {
            sim.advance(id, ahead).await;
        }
        let s = sim.status(id).await;
        assert_eq!(s["status"], "generating", "{s}");
        for other in [0, 2] {
            assert_eq!(s["scenes"][other]["image_status"], "completed", "other scenes keep their assets: {s}");
            assert_eq!(s["scenes"][other]["video_url"], before["scenes"][other]["video_url"], "{s}");
        }
        let p = sim.get(&format!("/scene-projects/{id}")).await.body;
        assert_eq!(p["final_video_url"], before["final_video_url"], "the old cut until the new one is stitched");
        steps.push((
            s["current_step"].as_str().unwrap().to_owned(),
            s["scenes"][1]["image_status"].as_str().unwrap().to_owned(),
            s["scenes"][1]["video_status"].as_str().unwrap().to_owned(),
        ));
    }
    let expected = [
        ("queued", "pending", "pending"),
        ("regenerating_scene", "generating", "pending"),
        ("regenerating_scene", "completed", "generating"),
        ("stitching_final_video", "completed", "completed"),
    ];
    assert_eq!(steps, expected.map(|(a, b, c)| (a.to_owned(), b.to_owned(), c.to_owned())));

    sim.advance(id, 20.0).await;
    let done = sim.status(id).await;
    assert_eq!(done["status"], "completed", "{done}");
    assert_eq!(done["credits_used"], 400);
    assert_eq!(done["final_video_url"], format!("{}/media/projects/{id}/final-v2.webm", sim.base));
    let after = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_ne!(after["final_video_url"], before["final_video_url"]);
    assert_eq!(after["scenes"][0], before["scenes"][0]);
    assert_eq!(after["scenes"][1]["image_url"], format!("{}/media/projects/{id}/scenes/2/image-v2.svg", sim.base));
    assert_eq!(after["scenes"][1]["video_url"], format!("{}/media/projects/{id}/scenes/2/video-v2.webm", sim.base));
    assert_eq!(after["scenes"][1]["status"], "completed");
    assert!(after["updated_at"].as_str() > before["updated_at"].as_str());
    // The old cut's file is still there, as in storage.
    assert_eq!(sim.http.get(before["final_video_url"].as_str().unwrap()).send().await.unwrap().status(), 200);
    sim.stop().await;
}

#[tokio::test]
async fn regeneration_watched_step_by_step() {
    let sim = Sim::start(1000.0).await;
    let id = sim.completed(2).await;
    sim.freeze(id).await;
    // Image only: 5 + 30 + 20 s of job time, watched every 3 s of it (never on a step's edge).
    let r = sim.post(&regen(id, "1"), json!({"regenerate_video": false})).await;
    assert_eq!(r.body["credits_charged"], 20);
    let mut steps: Vec<String> = Vec::new();
    for _ in 0..=55 / 3 {
        let s = sim.status(id).await;
        assert_eq!(s["status"], "generating", "{s}");
        assert_eq!(s["scenes"][0]["video_status"], "completed", "the clip is kept");
        assert_eq!(s["scenes"][1]["image_status"], "completed");
        let step = s["current_step"].as_str().unwrap().to_owned();
        if steps.last() != Some(&step) {
            steps.push(step);
        }
        sim.advance(id, 3.0).await;
    }
    assert_eq!(sim.status(id).await["status"], "completed", "over after 55 s of job time");
    assert_eq!(steps, ["queued", "regenerating_scene", "stitching_final_video"]);
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert!(p["scenes"][0]["image_url"].as_str().unwrap().ends_with("image-v2.svg"));
    assert!(p["scenes"][0]["video_url"].as_str().unwrap().ends_with("video-v1.webm"));
    assert!(p["final_video_url"].as_str().unwrap().ends_with("final-v2.webm"));
    sim.stop().await;
}

#[tokio::test]
async fn regeneration_rules() {
    let sim = Sim::start(1000.0).await;
    let proposed = sim.create(2).await;
    let r = sim.post(&regen(proposed, "1"), json!({})).await;
    assert_eq!(r.status, 400);
    assert_eq!(detail(&r), "Only a completed project can have a scene regenerated (it is proposed)");

    let id = sim.completed(2).await;
    let credits = sim.credits(1).await;
    assert_eq!(sim.post(&regen(id, "3"), json!({})).await.status, 404, "no scene 3");
    let scene_id = sim.get(&format!("/scene-projects/{id}")).await.body["scenes"][0]["id"].as_u64().unwrap();
    assert_eq!(
        sim.post(&regen(id, &scene_id.to_string()), json!({})).await.status,
        404,
        "the path takes a number, not an id"
    );
    assert_eq!(sim.post(&regen(id, "99999999999999999999999"), json!({})).await.status, 404);
    assert_eq!(sim.post(&regen(id, "one"), json!({})).await.status, 422);
    assert_eq!(sim.post(&regen(999, "1"), json!({})).await.status, 404);
    let r = sim.post(&regen(id, "1"), json!({"regenerate_image": false, "regenerate_video": false})).await;
    assert_eq!(r.status, 400);
    assert!(detail(&r).contains("regenerate_image"));
    let r = sim.post(&regen(id, "1"), json!({"regenerate_image": "no", "updated_image_prompt": 3})).await;
    assert_eq!(r.status, 422);
    assert_eq!(r.body["detail"].as_array().unwrap().len(), 2);
    assert_eq!(sim.post(&regen(id, "1"), json!({"updated_motion_prompt": " "})).await.status, 400);
    assert_eq!(sim.credits(1).await, credits, "refusals charge nothing");

    sim.send(Method::PUT, "/_sim/users/1/credits", None, Some(r#"{"credits": 99}"#)).await;
    let r = sim.post(&regen(id, "1"), json!({})).await;
    assert_eq!(r.status, 403);
    assert_eq!(detail(&r), "Insufficient credits: regenerating this scene needs 100 credits and you have 99");
    assert_eq!(sim.credits(1).await, 99);
    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body["status"], "completed");

    // An empty body means: both assets, default prompts.
    sim.send(Method::PUT, "/_sim/users/1/credits", None, Some(r#"{"credits": 1000}"#)).await;
    // At speed 1000 the regeneration is over in a fifth of a second, sooner than the next request on a
    // busy machine: this project's work stands still from here, so the second request meets it.
    sim.freeze(id).await;
    let r = sim.send(Method::POST, &regen(id, "1"), Some(DEMO), None).await;
    assert_eq!((r.status, r.body["credits_charged"].clone()), (202, json!(100)));
    let r = sim.post(&regen(id, "2"), json!({})).await;
    assert_eq!(r.status, 400, "one regeneration at a time");
    assert!(detail(&r).contains("(it is generating)"));
    sim.stop().await;
}

#[tokio::test]
async fn stable_final_url_keeps_the_address() {
    let sim = Sim::with(|c| {
        c.speed = 1000.0;
        c.stable_final_url = true;
    })
    .await;
    let id = sim.completed(2).await;
    let first = sim.get(&format!("/scene-projects/{id}")).await.body["final_video_url"].clone();
    assert_eq!(first, format!("{}/media/projects/{id}/final.webm", sim.base));
    sim.post(&regen(id, "1"), json!({})).await;
    sim.wait_status(id, "completed").await;
    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body["final_video_url"], first);
    sim.stop().await;
}

async fn upscaled(sim: &Sim, id: u64) -> Value {
    sim.get(&format!("/scene-projects/{id}")).await.body["final_video_url_upscaled"].clone()
}

#[tokio::test]
async fn upscale_runs_once_and_is_free() {
    let sim = Sim::start(1000.0).await;
    let id = sim.completed(2).await;
    let credits = sim.credits(1).await;
    // The upscale stands still until moved: asked for again, it is still under way on any host.
    sim.freeze(id).await;
    let path = format!("/scene-projects/{id}/upscale");
    let r = sim.post(&path, json!(null)).await;
    assert_eq!(r.status, 202);
    let accepted =
        json!({"id": id, "status": "upscaling", "message": "Upscaling started; it may take 5 to 10 minutes."});
    assert_eq!(r.body, accepted);

    let status = sim.status(id).await;
    assert_eq!(status["status"], "upscaling");
    assert_eq!(status["progress"], 100, "the cut itself is complete");
    assert!(status["final_video_url"].is_string());
    let upscaling = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(upscaling["status"], "upscaling");
    assert_eq!(sim.get("/scene-projects?status_filter=upscaling").await.body[0]["id"], id);
    assert_eq!(upscaled(&sim, id).await, json!(null));

    let again = sim.send(Method::POST, &path, Some(DEMO), None).await;
    assert_eq!((again.status, again.body), (202, accepted), "asking again answers the same");
    // A job begun anew would have marked the project with a later `updated_at`.
    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body, upscaling, "no second job began");
    assert_eq!(sim.post(&regen(id, "1"), json!({})).await.status, 400, "no regeneration during an upscale");

    // One upscale's time, 360 s of job time, counted from the first request.
    sim.advance(id, 359.0).await;
    assert_eq!(sim.status(id).await["status"], "upscaling", "1 s of the upscale left");
    sim.advance(id, 2.0).await;
    assert_eq!(sim.status(id).await["status"], "completed");
    let url = upscaled(&sim, id).await;
    assert_eq!(url, format!("{}/media/projects/{id}/final-v1-upscaled.webm", sim.base));
    assert_eq!(sim.credits(1).await, credits);
    let big = sim.http.get(url.as_str().unwrap()).send().await.unwrap().bytes().await.unwrap().len();
    let small = sim
        .http
        .get(format!("{}/media/projects/{id}/final-v1.webm", sim.base))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap()
        .len();
    assert!(big > small, "the upscaled file is the larger one");

    // A regeneration makes a new cut; the old upscale no longer matches it.
    sim.post(&regen(id, "1"), json!({})).await;
    assert_eq!(upscaled(&sim, id).await, json!(null));
    sim.advance(id, 1000.0).await;
    assert_eq!(sim.status(id).await["status"], "completed");
    assert_eq!(upscaled(&sim, id).await, json!(null));
    // The default service keeps every cut it made.
    for cut in ["final-v1.webm", "final-v2.webm"] {
        let r = sim.http.get(format!("{}/media/projects/{id}/{cut}", sim.base)).send().await.unwrap();
        assert_eq!(r.status(), 200, "{cut}");
    }
    sim.stop().await;
}

#[tokio::test]
async fn upscale_needs_a_completed_project() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    let r = sim.post(&format!("/scene-projects/{id}/upscale"), json!({})).await;
    assert_eq!(r.status, 400);
    assert_eq!(detail(&r), "Only a completed project can be upscaled (it is proposed)");
    sim.approve(id).await;
    let r = sim.post(&format!("/scene-projects/{id}/upscale"), json!({})).await;
    assert_eq!(r.status, 400);
    assert_eq!(sim.post("/scene-projects/31337/upscale", json!({})).await.status, 404);
    assert_eq!(sim.post("/scene-projects/abc/upscale", json!({})).await.status, 422);
    sim.stop().await;
}
