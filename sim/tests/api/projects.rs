use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;

fn ids(list: &Value) -> Vec<u64> {
    list.as_array().unwrap().iter().map(|p| p["id"].as_u64().unwrap()).collect()
}

#[tokio::test]
async fn lists_the_users_projects_newest_first_with_filters() {
    let sim = Sim::start(1.0).await;
    assert_eq!(sim.get("/scene-projects").await.body, json!([]));
    let a = sim.create(2).await;
    let b = sim
        .post("/stories/create", json!({"person_id": 2, "story_idea": "Another ten chars", "num_scenes": 2}))
        .await
        .body["id"]
        .as_u64()
        .unwrap();
    let c = sim.create(3).await;
    sim.approve(c).await;

    let all = sim.get("/scene-projects").await;
    assert_eq!(all.status, 200);
    assert_eq!(ids(&all.body), [c, b, a]);
    assert_eq!(all.body[0], sim.get(&format!("/scene-projects/{c}")).await.body, "list items are full project objects");

    assert_eq!(ids(&sim.get("/scene-projects?person_id=2").await.body), [b]);
    assert_eq!(ids(&sim.get("/scene-projects?person_id=1").await.body), [c, a]);
    assert_eq!(ids(&sim.get("/scene-projects?status_filter=proposed").await.body), [b, a]);
    assert_eq!(ids(&sim.get("/scene-projects?status_filter=generating&person_id=1").await.body), [c]);
    assert_eq!(sim.get("/scene-projects?status_filter=archived").await.body, json!([]));
    assert_eq!(sim.get("/scene-projects?person_id=99999999999999999999999").await.body, json!([]));
    assert_eq!(
        ids(&sim.get("/scene-projects?person_id=&status_filter=").await.body),
        [c, b, a],
        "empty filters are no filters"
    );

    let r = sim.get("/scene-projects?person_id=abc").await;
    assert_eq!(r.status, 422);
    assert_eq!(r.body["detail"][0]["loc"], json!(["query", "person_id"]));
    sim.stop().await;
}

#[tokio::test]
async fn get_returns_the_whole_project() {
    let sim = Sim::start(1.0).await;
    let first = sim.create(2).await;
    let id = sim.create(3).await;
    let r = sim.get(&format!("/scene-projects/{id}")).await;
    assert_eq!(r.status, 200);
    let p = &r.body;
    assert_eq!(
        keys(p),
        sorted(&[
            "id",
            "description",
            "ideas",
            "status",
            "progress",
            "person_id",
            "user_id",
            "final_video_url",
            "final_video_url_upscaled",
            "total_duration_seconds",
            "use_avatar_first_scene",
            "use_avatar_last_scene",
            "scenes",
            "created_at",
            "updated_at"
        ])
    );
    assert_eq!(
        (p["status"].clone(), p["progress"].clone(), p["user_id"].clone()),
        (json!("proposed"), json!(0), json!(1))
    );
    assert_eq!(p["final_video_url"], json!(null));
    assert_eq!(p["final_video_url_upscaled"], json!(null));
    assert_eq!(p["total_duration_seconds"], 30);
    assert_eq!(p["created_at"], p["updated_at"]);
    assert!(p["description"].as_str().unwrap().contains("lighthouse"));
    // Scene ids are global and never equal to scene numbers: project 1 had 101-102, so this one has 103-105.
    let scenes = p["scenes"].as_array().unwrap();
    assert_eq!(scenes.iter().map(|s| s["id"].as_u64().unwrap()).collect::<Vec<_>>(), [103, 104, 105]);
    assert_eq!(sim.get(&format!("/scene-projects/{first}")).await.body["scenes"][0]["id"], 101);
    for s in scenes {
        assert_eq!(
            keys(s),
            sorted(&["id", "scene_number", "description", "image_prompt", "motion_prompt", "narration_text", "status"])
        );
    }
    sim.stop().await;
}

#[tokio::test]
async fn odd_project_ids() {
    let sim = Sim::start(1.0).await;
    sim.create(2).await;
    for path in [
        "/scene-projects/999",
        "/scene-projects/0",
        "/scene-projects/-1",
        "/scene-projects/99999999999999999999999999",
        "/scene-projects/999999999999999999999999999999999999999999999999/status",
    ] {
        let r = sim.get(path).await;
        assert_eq!(r.status, 404, "{path}");
        assert!(detail(&r).contains("not found"));
    }
    for path in ["/scene-projects/abc", "/scene-projects/1.5/status", "/scene-projects/1e3"] {
        let r = sim.get(path).await;
        assert_eq!(r.status, 422, "{path}");
        assert_eq!(r.body["detail"][0]["loc"], json!(["path", "project_id"]));
    }
    let r = sim.get("/scene-projects/1/nonsense").await;
    assert_eq!(r.status, 404);
    assert_eq!(r.headers["content-type"], "application/json");
    let r = sim.send(Method::DELETE, "/scene-projects/1", Some(DEMO), None).await;
    assert_eq!(r.status, 405);
    sim.stop().await;
}

#[tokio::test]
async fn edits_change_only_the_fields_sent_while_proposed() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    let before = sim.get(&format!("/scene-projects/{id}")).await.body;
    let scene = &before["scenes"][1];
    let sid = scene["id"].as_u64().unwrap();

    let r = sim
        .put(
            &format!("/scene-projects/{id}/scenes/{sid}"),
            json!({"image_prompt": "A red kite over the sea", "narration_text": "", "colour": "red"}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["id"], sid);
    assert_eq!(r.body["scene_number"], 2);
    assert_eq!(r.body["image_prompt"], "A red kite over the sea");
    assert_eq!(r.body["narration_text"], "");
    assert_eq!(r.body["description"], scene["description"]);
    assert_eq!(r.body["motion_prompt"], scene["motion_prompt"]);
    assert!(r.body.get("colour").is_none());

    let after = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert_eq!(after["scenes"][1], r.body);
    assert_eq!(after["scenes"][0], before["scenes"][0]);
    assert!(after["updated_at"].as_str() > before["updated_at"].as_str(), "updated_at moves on an edit");

    let r = sim.put(&format!("/scene-projects/{id}/scenes/{sid}"), json!({})).await;
    assert_eq!((r.status, r.body.clone()), (200, after["scenes"][1].clone()), "an empty edit changes nothing");
    let r = sim.send(Method::PUT, &format!("/scene-projects/{id}/scenes/{sid}"), Some(DEMO), None).await;
    assert_eq!(r.status, 200, "no body at all is an empty edit");

    let r = sim
        .put(&format!("/scene-projects/{id}/scenes/{sid}"), json!({"description": 42, "motion_prompt": ["x"]}))
        .await;
    assert_eq!(r.status, 422);
    assert_eq!(r.body["detail"].as_array().unwrap().len(), 2);
    let r = sim.put(&format!("/scene-projects/{id}/scenes/{sid}"), json!({"image_prompt": "   "})).await;
    assert_eq!(r.status, 400);
    assert_eq!(detail(&r), "image_prompt must not be blank");
    let r = sim.put(&format!("/scene-projects/{id}/scenes/{sid}"), json!({"description": "x".repeat(2001)})).await;
    assert_eq!(r.status, 400);
    assert_eq!(
        sim.get(&format!("/scene-projects/{id}")).await.body["scenes"][1],
        after["scenes"][1],
        "refused edits change nothing"
    );
    sim.stop().await;
}

#[tokio::test]
async fn edits_need_a_scene_id_of_that_project() {
    let sim = Sim::start(1.0).await;
    let a = sim.create(2).await; // scenes 101, 102
    let b = sim.create(2).await; // scenes 103, 104
    let edit = json!({"description": "changed"});
    assert_eq!(
        sim.put(&format!("/scene-projects/{a}/scenes/103"), edit.clone()).await.status,
        404,
        "a scene of another project"
    );
    let r = sim.put(&format!("/scene-projects/{a}/scenes/1"), edit.clone()).await;
    assert_eq!(r.status, 404, "a scene number is not a scene id");
    assert_eq!(detail(&r), format!("Scene 1 not found in project {a}"));
    assert_eq!(sim.put(&format!("/scene-projects/{a}/scenes/99999999999999999999999"), edit.clone()).await.status, 404);
    assert_eq!(sim.put(&format!("/scene-projects/{a}/scenes/x"), edit.clone()).await.status, 422);
    assert_eq!(sim.put(&format!("/scene-projects/{b}/scenes/103"), edit).await.status, 200);
    sim.stop().await;
}

#[tokio::test]
async fn edits_are_refused_once_approved() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    sim.approve(id).await;
    let r = sim.put(&format!("/scene-projects/{id}/scenes/101"), json!({"description": "too late"})).await;
    assert_eq!(r.status, 409);
    assert_eq!(detail(&r), "Scenes can only be edited while the project is proposed (it is generating)");
    assert_ne!(sim.get(&format!("/scene-projects/{id}")).await.body["scenes"][0]["description"], "too late");
    sim.stop().await;
}
