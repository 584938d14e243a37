use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;

async fn create(sim: &Sim, body: Value) -> Reply {
    sim.post("/stories/create", body).await
}

#[tokio::test]
async fn creates_a_proposed_project_with_scenes_from_the_idea() {
    let sim = Sim::start(1.0).await;
    let idea = "A retired astronaut teaches her grandson to read the stars";
    let r = create(&sim, json!({"person_id": 2, "story_idea": idea})).await;
    assert_eq!(r.status, 201);
    assert_eq!(r.headers["content-type"], "application/json");
    let b = &r.body;
    assert_eq!(keys(b), sorted(&["id", "status", "story_idea", "num_scenes", "person_id", "scenes", "created_at"]));
    assert_eq!(b["status"], "proposed");
    assert_eq!(b["story_idea"], idea);
    assert_eq!(b["num_scenes"], 5, "the default");
    assert_eq!(b["person_id"], 2);
    assert!(b["created_at"].as_str().unwrap().ends_with('Z'));
    let scenes = b["scenes"].as_array().unwrap();
    assert_eq!(scenes.len(), 5);
    for (i, s) in scenes.iter().enumerate() {
        assert_eq!(
            keys(s),
            sorted(&["scene_number", "description", "image_prompt", "motion_prompt", "narration_text", "status"])
        );
        assert_eq!(s["scene_number"], i + 1);
        assert_eq!(s["status"], "pending");
        assert!(s["description"].as_str().unwrap().contains(idea), "{s}");
        assert!(s["image_prompt"].as_str().unwrap().contains(idea));
        assert!(!s["motion_prompt"].as_str().unwrap().is_empty());
        assert!(!s["narration_text"].as_str().unwrap().is_empty());
    }
    // Deterministic: the same idea proposes the same scenes.
    let again = create(&sim, json!({"person_id": 2, "story_idea": idea})).await;
    assert_eq!(again.body["scenes"], b["scenes"]);
    assert_ne!(again.body["id"], b["id"]);
    sim.stop().await;
}

#[tokio::test]
async fn story_idea_length_counts_unicode_scalar_values() {
    let sim = Sim::start(1.0).await;
    let idea = |s: &str| json!({"person_id": 1, "story_idea": s});

    let r = create(&sim, idea("123456789")).await;
    assert_eq!(r.status, 400);
    assert_eq!(detail(&r), "story_idea must be between 10 and 1000 characters (got 9)");

    // 10 scalar values, 13 UTF-8 bytes, 11 UTF-16 units.
    let emoji = "🐋 whale ho";
    assert_eq!(emoji.chars().count(), 10);
    assert_eq!(create(&sim, idea(emoji)).await.status, 201);
    assert_eq!(create(&sim, idea("🐋🐋🐋🐋🐋🐋🐋🐋🐋")).await.status, 400, "nine emoji are nine characters");

    assert_eq!(create(&sim, idea(&"a".repeat(1000))).await.status, 201);
    let r = create(&sim, idea(&"a".repeat(1001))).await;
    assert_eq!(r.status, 400);
    assert!(detail(&r).contains("story_idea") && detail(&r).contains("1001"));
    assert_eq!(create(&sim, idea(&"é".repeat(1000))).await.status, 201, "2000 bytes, 1000 characters");

    let r = create(&sim, idea("            ")).await;
    assert_eq!(r.status, 400);
    assert!(detail(&r).contains("story_idea"));
    sim.stop().await;
}

#[tokio::test]
async fn num_scenes_is_two_to_ten() {
    let sim = Sim::start(1.0).await;
    for n in [1, 11, 0, -3] {
        let r = create(&sim, json!({"person_id": 1, "story_idea": "Ten chars or more", "num_scenes": n})).await;
        assert_eq!(r.status, 400, "{n}");
        assert!(detail(&r).starts_with("num_scenes must be between 2 and 10"), "{}", r.body);
    }
    let r = sim
        .send(
            Method::POST,
            "/stories/create",
            Some(DEMO),
            Some(r#"{"person_id": 1, "story_idea": "Ten chars or more", "num_scenes": 99999999999999999999999}"#),
        )
        .await;
    assert_eq!(r.status, 400, "a huge number is out of range, not a type error");
    for n in [2, 10] {
        let r = create(&sim, json!({"person_id": 1, "story_idea": "Ten chars or more", "num_scenes": n})).await;
        assert_eq!(r.status, 201);
        assert_eq!(r.body["scenes"].as_array().unwrap().len(), n);
        assert_eq!(r.body["num_scenes"], n);
    }
    sim.stop().await;
}

#[tokio::test]
async fn unknown_persons_are_not_found() {
    let sim = Sim::start(1.0).await;
    let r = create(&sim, json!({"person_id": 99, "story_idea": "Ten chars or more"})).await;
    assert_eq!(r.status, 404);
    assert_eq!(detail(&r), "Person 99 not found");
    let r = sim
        .send(
            Method::POST,
            "/stories/create",
            Some(DEMO),
            Some(r#"{"person_id": 99999999999999999999999, "story_idea": "Ten chars or more"}"#),
        )
        .await;
    assert_eq!(r.status, 404, "{}", r.body);
    assert_eq!(sim.get("/scene-projects").await.body, json!([]), "nothing was created");
    sim.stop().await;
}

#[tokio::test]
async fn malformed_bodies_are_422_with_field_errors() {
    let sim = Sim::start(1.0).await;
    let raw = |body: &'static str| sim.send(Method::POST, "/stories/create", Some(DEMO), Some(body));

    let r = raw("").await;
    assert_eq!(r.status, 422);
    assert_eq!(r.body["detail"][0]["loc"], json!(["body"]));
    assert_eq!(r.body["detail"][0]["type"], "missing");

    let r = raw(r#"{"person_id": 1, "story_idea": "broken"#).await;
    assert_eq!(r.status, 422);
    assert_eq!(r.body["detail"][0]["type"], "json_invalid");

    let r = raw(r#"["person_id", 1]"#).await;
    assert_eq!(r.status, 422);

    let r = raw(r#"{"story_idea": "Ten chars or more"}"#).await;
    assert_eq!(r.status, 422);
    assert_eq!(r.body["detail"][0]["loc"], json!(["body", "person_id"]));
    assert_eq!(r.body["detail"][0]["type"], "missing");

    let r = raw(r#"{"person_id": "1", "story_idea": 12345678901, "num_scenes": 2.5, "use_avatar_first_scene": "yes", "use_avatar_last_scene": 1}"#).await;
    assert_eq!(r.status, 422);
    let locs: Vec<Value> = r.body["detail"].as_array().unwrap().iter().map(|e| e["loc"][1].clone()).collect();
    assert_eq!(
        locs,
        [
            json!("person_id"),
            json!("story_idea"),
            json!("num_scenes"),
            json!("use_avatar_first_scene"),
            json!("use_avatar_last_scene")
        ]
    );
    for e in r.body["detail"].as_array().unwrap() {
        assert!(e["msg"].is_string() && e["type"].is_string());
    }

    let r = raw(r#"{"person_id": null, "story_idea": "Ten chars or more"}"#).await;
    assert_eq!(r.status, 422, "null is not an id");
    assert_eq!(sim.get("/scene-projects").await.body, json!([]));
    sim.stop().await;
}

#[tokio::test]
async fn unknown_fields_are_ignored_and_flags_are_stored() {
    let sim = Sim::start(1.0).await;
    let r = create(
        &sim,
        json!({"person_id": 3, "story_idea": "Ten chars or more", "num_scenes": 3, "use_avatar_first_scene": true, "style": "noir", "num_scenes_extra": [1]}),
    )
    .await;
    assert_eq!(r.status, 201);
    let p = sim.get(&format!("/scene-projects/{}", r.body["id"])).await.body;
    assert_eq!(p["use_avatar_first_scene"], true);
    assert_eq!(p["use_avatar_last_scene"], false);
    assert_eq!(p["ideas"], "Ten chars or more");
    assert_eq!(p["person_id"], 3);
    assert!(p.get("style").is_none());
    sim.stop().await;
}
