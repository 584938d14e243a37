use super::*;
use crate::json::{FromJson, ToJson, Value};
use serde_json::json;

fn project(value: serde_json::Value) -> Project {
    Project::from_json(&value.into()).expect("an object is always a project")
}

#[test]
fn reads_a_completed_project_as_the_spec_shows_it() {
    let p = project(json!({
        "id": 42, "description": "A fox at dawn", "ideas": "A fox crosses a frozen lake at dawn",
        "status": "completed", "progress": 100, "person_id": 7, "user_id": 3,
        "final_video_url": "https://storage.example/p/42/final.mp4", "final_video_url_upscaled": null,
        "total_duration_seconds": 50, "use_avatar_first_scene": true, "use_avatar_last_scene": false,
        "scenes": [{
            "id": 901, "scene_number": 1, "description": "Dawn", "image_prompt": "frozen lake",
            "motion_prompt": "slow pan", "narration_text": "It was cold.",
            "image_url": "https://storage.example/p/42/s1.png", "video_url": "https://storage.example/p/42/s1.mp4",
            "status": "completed"
        }],
        "created_at": "2026-11-01T10:00:00Z", "updated_at": "2026-11-01T10:09:00Z"
    }));
    assert_eq!(p.id, 42);
    assert_eq!(p.status, ProjectStatus::Completed);
    assert_eq!(p.progress, 100);
    assert_eq!(p.person_id, Some(7));
    assert_eq!(p.final_video_url.as_deref(), Some("https://storage.example/p/42/final.mp4"));
    assert_eq!(p.final_video_url_upscaled, None);
    assert_eq!(p.total_duration_seconds, Some(50));
    assert!(p.use_avatar_first_scene && !p.use_avatar_last_scene);
    let s = &p.scenes[0];
    assert_eq!((s.id, s.scene_number), (Some(901), 1));
    assert_eq!(s.status, SceneStatus::Completed);
    assert_eq!(s.video_url.as_deref(), Some("https://storage.example/p/42/s1.mp4"));
}

#[test]
fn reads_the_create_response() {
    let c = CreatedProject::from_json(&json!({
        "id": 5, "status": "proposed", "story_idea": "A fox crosses a lake", "num_scenes": 2, "person_id": 1,
        "scenes": [
            {"scene_number": 1, "description": "a", "image_prompt": "b", "motion_prompt": "c", "narration_text": "d", "status": "pending"},
            {"scene_number": 2, "description": "e", "image_prompt": "f", "motion_prompt": "g", "narration_text": "h", "status": "pending"}
        ],
        "created_at": "2026-11-01T10:00:00Z"
    }).into())
    .unwrap();
    assert_eq!((c.id, c.num_scenes, c.status), (5, 2, ProjectStatus::Proposed));
    assert_eq!(c.scenes.len(), 2);
    assert_eq!(c.scenes[1].scene_number, 2);
    assert_eq!(c.scenes[1].id, None, "create response scenes carry no id");
    assert_eq!(c.scenes[0].status, SceneStatus::Pending);
    for id in [json!(null), json!(0), json!(-3), json!("seven")] {
        assert_eq!(CreatedProject::from_json(&json!({"id": id, "status": "proposed"}).into()), None, "id {id}");
    }
    assert_eq!(CreatedProject::from_json(&json!({"status": "proposed"}).into()), None, "no id");
}

#[test]
fn reads_status_while_generating_and_when_completed() {
    let generating = StatusReport::from_json(&json!({
        "id": 5, "status": "generating", "progress": 40, "current_step": "generating_scene_videos",
        "scenes": [
            {"scene_number": 1, "image_status": "completed", "video_status": "generating", "image_url": "https://s/1.png"},
            {"scene_number": 2, "image_status": "pending", "video_status": "pending"}
        ]
    }).into())
    .unwrap();
    assert_eq!(generating.status, ProjectStatus::Generating);
    assert_eq!(generating.step(), Some(GenerationStep::GeneratingSceneVideos));
    assert_eq!(generating.scenes[0].video_status, AssetStatus::Generating);
    assert_eq!(generating.scenes[0].image_url.as_deref(), Some("https://s/1.png"));
    assert_eq!(generating.scenes[1].image_url, None);
    assert_eq!(generating.final_video_url, None);

    let done = StatusReport::from_json(
        &json!({
            "id": 5, "status": "completed", "progress": 100, "final_video_url": "https://s/final.mp4",
            "total_duration_seconds": 20, "credits_used": 200
        })
        .into(),
    )
    .unwrap();
    assert_eq!((done.progress, done.credits_used, done.total_duration_seconds), (100, Some(200), Some(20)));
    assert!(done.scenes.is_empty() && done.current_step.is_none());
}

#[test]
fn keeps_unknown_enum_values_instead_of_failing() {
    let r = StatusReport::from_json(
        &json!({
            "id": 1, "status": "queued_for_review", "progress": 3, "current_step": "warming_up_gpus",
            "scenes": [{"scene_number": 1, "image_status": "throttled", "video_status": "COMPLETED"}]
        })
        .into(),
    )
    .unwrap();
    assert_eq!(r.status, ProjectStatus::Unknown("queued_for_review".into()));
    assert_eq!(r.step(), Some(GenerationStep::Unknown("warming_up_gpus".into())));
    assert_eq!(r.scenes[0].image_status, AssetStatus::Unknown("throttled".into()));
    assert_eq!(r.scenes[0].video_status, AssetStatus::Completed, "casing is not specified");
}

#[test]
fn understands_the_upscaling_status() {
    let a = Accepted::from_json(&json!({"id": 9, "status": "upscaling", "message": "may take 5 to 10 minutes"}).into())
        .unwrap();
    assert_eq!(a.status, ProjectStatus::Upscaling);
    assert_eq!(a.message.as_deref(), Some("may take 5 to 10 minutes"));
}

#[test]
fn missing_null_and_mistyped_fields_take_empty_values() {
    let p = project(json!({"id": "17", "status": null, "progress": 250, "scenes": "oops", "final_video_url": "",
                           "use_avatar_first_scene": "true", "person_id": 3.0, "description": 12, "extra": {"x": 1}}));
    assert_eq!(p.id, 17, "a numeric string id is read");
    assert_eq!(p.status, ProjectStatus::default());
    assert_eq!(p.progress, 100, "progress is clamped");
    assert!(p.scenes.is_empty());
    assert_eq!(p.final_video_url, None, "an empty URL is no URL");
    assert!(p.use_avatar_first_scene);
    assert_eq!(p.person_id, Some(3));
    assert_eq!(p.description, "12");
    assert_eq!(project(json!({})), Project::default());
}

#[test]
fn negative_progress_is_clamped_to_zero() {
    assert_eq!(project(json!({"progress": -5})).progress, 0);
    assert_eq!(project(json!({"progress": 42.6})).progress, 43);
}

#[test]
fn an_unreadable_scene_is_skipped_not_fatal() {
    let p = project(json!({"scenes": [17, {"scene_number": 2, "description": "kept"}]}));
    assert_eq!(p.scenes.len(), 1);
    assert_eq!(p.scenes[0].description, "kept");
}

#[test]
fn the_error_field_of_any_shape_becomes_a_message() {
    let read =
        |e: serde_json::Value| StatusReport::from_json(&json!({"status": "failed", "error": e}).into()).unwrap().error;
    assert_eq!(read(json!("Scene 3 video failed")).as_deref(), Some("Scene 3 video failed"));
    assert_eq!(read(json!({"code": "E42", "message": "GPU lost"})).as_deref(), Some("GPU lost"));
    assert_eq!(read(json!({"code": "E42"})).as_deref(), Some(r#"{"code":"E42"}"#));
    assert_eq!(read(json!(null)), None);
    assert_eq!(read(json!("  ")), None);
}

#[test]
fn list_bodies_of_every_reasonable_shape() {
    let one = json!({"id": 1, "status": "proposed"});
    for body in [json!([one]), json!({"projects": [one]}), json!({"items": [one], "total": 1}), json!({"data": [one]})]
    {
        let projects = projects_from_list_body(&body.into()).expect("recognised");
        assert_eq!(projects.len(), 1);
        assert_eq!(projects[0].status, ProjectStatus::Proposed);
    }
    assert_eq!(projects_from_list_body(&json!({"unexpected": true}).into()), None);
    assert_eq!(projects_from_list_body(&json!("nope").into()), None);
}

#[test]
fn requests_are_written_with_the_spec_names() {
    let create = CreateProjectRequest {
        person_id: 1,
        story_idea: "A fox crosses a lake".into(),
        num_scenes: 3,
        use_avatar_first_scene: true,
        use_avatar_last_scene: false,
    };
    assert_eq!(
        create.to_json(),
        Value::from(json!({
            "person_id": 1, "story_idea": "A fox crosses a lake", "num_scenes": 3,
            "use_avatar_first_scene": true, "use_avatar_last_scene": false
        }))
    );
    assert_eq!(ApproveRequest::confirmed(" ", "").to_json(), Value::from(json!({"confirm_credits": true})));
    assert_eq!(
        ApproveRequest::confirmed("veo-3", " flux ").to_json(),
        Value::from(json!({"confirm_credits": true, "video_model": "veo-3", "image_model": "flux"}))
    );
    let update = SceneUpdate { motion_prompt: Some("zoom".into()), ..SceneUpdate::default() };
    assert_eq!(update.to_json(), Value::from(json!({"motion_prompt": "zoom"})));
    assert!(SceneUpdate::default().is_empty() && !update.is_empty());
    let regen = RegenerateRequest {
        regenerate_image: false,
        regenerate_video: true,
        updated_image_prompt: None,
        updated_motion_prompt: Some("orbit".into()),
    };
    assert_eq!(
        regen.to_json(),
        Value::from(json!({"regenerate_image": false, "regenerate_video": true, "updated_motion_prompt": "orbit"}))
    );
}

#[test]
fn open_enums_round_trip_their_text() {
    for s in ["draft", "creating", "proposed", "generating", "completed", "failed", "upscaling", "archived"] {
        assert_eq!(ProjectStatus::parse(s).as_str(), s);
    }
}
