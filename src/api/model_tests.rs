use super::*;
use crate::api::ApiError;

/// As the client reads an answer: serde_json over the body's text, natively as in the browser.
fn read<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| ApiError::decode_because(&e).message)
}

fn project(text: &str) -> Project {
    read(text).unwrap()
}

#[test]
fn reads_a_completed_project_as_the_spec_shows_it() {
    let p = project(
        r#"{
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
    }"#,
    );
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
    let c: Project = read(
        r#"{
        "id": 5, "status": "proposed", "story_idea": "A fox crosses a lake", "num_scenes": 2, "person_id": 1,
        "scenes": [
            {"scene_number": 1, "description": "a", "image_prompt": "b", "motion_prompt": "c", "narration_text": "d", "status": "pending"},
            {"scene_number": 2, "description": "e", "image_prompt": "f", "motion_prompt": "g", "narration_text": "h", "status": "pending"}
        ],
        "created_at": "2026-11-01T10:00:00Z"
    }"#,
    )
    .unwrap();
    assert_eq!((c.id, c.scenes.len(), c.status), (5, 2, ProjectStatus::Proposed));
    assert_eq!((c.ideas.as_str(), c.person_id), ("A fox crosses a lake", Some(1)));
    assert_eq!(c.scenes.len(), 2);
    assert_eq!(c.scenes[1].scene_number, 2);
    assert_eq!(c.scenes[1].id, None, "create response scenes carry no id");
    assert_eq!(c.scenes[0].status, SceneStatus::Pending);
}

#[test]
fn a_project_without_a_usable_id_is_refused_naming_the_field() {
    for id in ["null", "0", "-3", r#""seven""#, r#""17""#, "4.5"] {
        let why = read::<Project>(&format!(r#"{{"id": {id}, "status": "proposed"}}"#)).unwrap_err();
        assert!(why.contains("`id`"), "id {id}: {why}");
    }
    for body in [r#"{"status": "proposed"}"#, r#"{"ID": 5}"#] {
        let why = read::<Project>(body).unwrap_err();
        assert_eq!(
            why,
            "The service sent an answer storyreel could not read (missing field `id`); try again in a moment."
        );
    }
    assert!(read::<StatusReport>(r#"{"status": "generating"}"#).unwrap_err().contains("missing field `id`"));
}

#[test]
fn a_scene_without_a_usable_number_is_refused_naming_the_field() {
    for number in [r#""two""#, "null", "0", "true", "1.5"] {
        let body = format!(r#"{{"id": 3, "scenes": [{{"scene_number": 1}}, {{"scene_number": {number}}}]}}"#);
        let why = read::<Project>(&body).unwrap_err();
        assert!(why.contains("`scene_number`"), "{number}: {why}");
        assert!(!why.contains("line"), "a plain message: {why}");
        let status = format!(r#"{{"id": 3, "status": "generating", "scenes": [{{"scene_number": {number}}}]}}"#);
        assert!(read::<StatusReport>(&status).unwrap_err().contains("`scene_number`"), "{number}");
    }
    let why = read::<Project>(r#"{"id": 3, "scenes": [{"description": "no number"}]}"#).unwrap_err();
    assert!(why.contains("missing field `scene_number`"), "{why}");
}

#[test]
fn reads_status_while_generating_and_when_completed() {
    let generating: StatusReport = read(
        r#"{
        "id": 5, "status": "generating", "progress": 40, "current_step": "generating_scene_videos",
        "scenes": [
            {"scene_number": 1, "image_status": "completed", "video_status": "generating", "image_url": "https://s/1.png"},
            {"scene_number": 2, "image_status": "pending", "video_status": "pending"}
        ]
    }"#,
    )
    .unwrap();
    assert_eq!(generating.status, ProjectStatus::Generating);
    assert_eq!(generating.step(), Some(GenerationStep::GeneratingSceneVideos));
    assert_eq!(generating.scenes[0].video_status, AssetStatus::Generating);
    assert_eq!(generating.scenes[0].image_url.as_deref(), Some("https://s/1.png"));
    assert_eq!(generating.scenes[1].image_url, None);
    assert_eq!(generating.final_video_url, None);

    let done: StatusReport = read(
        r#"{"id": 5, "status": "completed", "progress": 100, "final_video_url": "https://s/final.mp4",
            "total_duration_seconds": 20, "credits_used": 200}"#,
    )
    .unwrap();
    assert_eq!((done.progress, done.credits_used, done.total_duration_seconds), (100, Some(200), Some(20)));
    assert!(done.scenes.is_empty() && done.current_step.is_none());
}

#[test]
fn keeps_unknown_enum_values_instead_of_failing() {
    let r: StatusReport = read(
        r#"{"id": 1, "status": "queued_for_review", "progress": 3, "current_step": "warming_up_gpus",
            "scenes": [{"scene_number": 1, "image_status": "throttled", "video_status": "COMPLETED"}]}"#,
    )
    .unwrap();
    assert_eq!(r.status, ProjectStatus::Unknown("queued_for_review".into()));
    assert_eq!(r.step(), Some(GenerationStep::Unknown("warming_up_gpus".into())));
    assert_eq!(r.scenes[0].image_status, AssetStatus::Unknown("throttled".into()));
    assert_eq!(r.scenes[0].video_status, AssetStatus::Completed, "casing is not specified");
    let p = project(r#"{"id": 1, "status": "archived", "scenes": [{"scene_number": 1, "status": "rendering"}]}"#);
    assert_eq!(
        (p.status, &p.scenes[0].status),
        (ProjectStatus::Unknown("archived".into()), &SceneStatus::Unknown("rendering".into()))
    );
    assert_eq!(project(r#"{"id": 1, "status": null}"#).status, ProjectStatus::default());
}

#[test]
fn understands_the_upscaling_status() {
    assert_eq!(project(r#"{"id": 9, "status": "upscaling"}"#).status, ProjectStatus::Upscaling);
    assert_eq!(read::<StatusReport>(r#"{"id": 9, "status": "Upscaling "}"#).unwrap().status, ProjectStatus::Upscaling);
}

#[test]
fn extra_fields_and_missing_or_null_optional_fields_are_accepted() {
    let p = project(
        r#"{"id": 17, "status": null, "progress": 250, "scenes": null, "final_video_url": "", "description": null,
            "person_id": null, "use_avatar_first_scene": null, "extra": {"x": [1, 2.5, "y"]}, "version": 2}"#,
    );
    assert_eq!(p.id, 17);
    assert_eq!(p.status, ProjectStatus::default());
    assert_eq!(p.progress, 100, "progress is clamped");
    assert!(p.scenes.is_empty());
    assert_eq!(p.final_video_url, None, "an empty URL is no URL");
    assert_eq!((p.description.as_str(), p.person_id, p.use_avatar_first_scene), ("", None, false));
    assert_eq!(project(r#"{"id": 1}"#), Project { id: 1, ..Project::default() });
    let s: StatusReport = read(
        r#"{"id": 2, "status": "generating", "progress": null, "current_step": " ", "scenes": [{"scene_number": 1}]}"#,
    )
    .unwrap();
    assert_eq!((s.progress, s.step(), s.scenes[0].image_status.clone()), (0, None, AssetStatus::default()));
}

#[test]
fn fields_of_the_wrong_type_are_no_longer_read_into_something_else() {
    for body in [
        r#"{"id": 1, "use_avatar_first_scene": "yes"}"#,
        r#"{"id": 1, "use_avatar_first_scene": 1}"#,
        r#"{"id": 1, "description": 12}"#,
        r#"{"id": 1, "progress": "40"}"#,
        r#"{"id": 1, "person_id": 3.5}"#,
        r#"{"id": 1, "scenes": "oops"}"#,
    ] {
        assert!(read::<Project>(body).is_err(), "{body}");
    }
    assert!(read::<Project>("[]").is_err() && read::<Project>("<html>").is_err());
}

#[test]
fn negative_progress_is_clamped_to_zero() {
    assert_eq!(project(r#"{"id": 1, "progress": -5}"#).progress, 0);
}

#[test]
fn the_error_field_of_any_shape_becomes_a_message() {
    let read =
        |e: &str| read::<StatusReport>(&format!(r#"{{"id": 1, "status": "failed", "error": {e}}}"#)).unwrap().error;
    assert_eq!(read(r#""Scene 3 video failed""#).as_deref(), Some("Scene 3 video failed"));
    assert_eq!(read(r#"{"code": "E42", "message": "GPU lost"}"#).as_deref(), Some("GPU lost"));
    assert_eq!(read(r#"{"reason": "quota"}"#).as_deref(), Some("quota"));
    assert_eq!(read(r#"{"code":"E42"}"#).as_deref(), Some(r#"{"code":"E42"}"#));
    assert_eq!(read("{\n  \"code\": 42,\n  \"retry\": false\n}").as_deref(), Some(r#"{ "code": 42, "retry": false }"#));
    assert_eq!(read(r#"["GPU lost", "retrying"]"#).as_deref(), Some("GPU lost; retrying"));
    assert_eq!(read("42").as_deref(), Some("42"));
    assert_eq!(read("null"), None);
    assert_eq!(read(r#""  ""#), None);
}

#[test]
fn list_bodies_of_every_reasonable_shape() {
    let one = r#"{"id": 1, "status": "proposed"}"#;
    for body in [
        format!("[{one}]"),
        format!(r#"{{"projects": [{one}]}}"#),
        format!(r#"{{"total": 1, "items": [{one}], "page": {{"n": 1}}}}"#),
        format!(r#"{{"data": [{one}]}}"#),
        format!(r#"{{"results": [{one}]}}"#),
        format!(r#"{{"scene_projects": [{one}], "next": null}}"#),
        format!(r#"{{"data": null, "projects": [{one}]}}"#),
    ] {
        let ProjectList { projects, .. } = read::<ProjectList>(&body).unwrap_or_else(|e| panic!("{body}: {e}"));
        assert_eq!(projects.len(), 1);
        assert_eq!(projects[0].status, ProjectStatus::Proposed);
    }
    assert_eq!(read::<ProjectList>("[]").unwrap(), ProjectList::default());
    assert!(read::<ProjectList>(r#"{"unexpected": true}"#).unwrap_err().contains("missing field `projects`"));
    assert!(read::<ProjectList>(r#""nope""#).is_err());
    let why = read::<ProjectList>(r#"{"projects": [{"id": 1}, {"status": "proposed"}]}"#).unwrap_err();
    assert!(why.contains("missing field `id`"), "a project without its id is named, not hidden: {why}");
}

#[test]
fn a_paged_list_says_where_its_next_page_is_whatever_else_it_holds() {
    let one = r#"{"id": 1, "status": "proposed"}"#;
    let next = |body: String| read::<ProjectList>(&body).unwrap_or_else(|e| panic!("{body}: {e}")).next;
    assert_eq!(
        next(format!(r#"{{"items": [{one}], "next": "https://api.test/v1/scene-projects?page=2"}}"#)).as_deref(),
        Some("https://api.test/v1/scene-projects?page=2")
    );
    assert_eq!(
        next(format!(r#"{{"next_url": " /v1/p?cursor=abc ", "projects": [{one}]}}"#)).as_deref(),
        Some("/v1/p?cursor=abc")
    );
    assert_eq!(next(format!(r#"{{"data": [{one}], "next_page_url": "/p?page=3"}}"#)).as_deref(), Some("/p?page=3"));
    for unusable in [
        r#""next": null"#,
        r#""next": """#,
        r#""next": 2"#,
        r#""next": {"cursor": "x"}"#,
        r#""next": ["a"]"#,
        r#""next": true"#,
    ] {
        assert_eq!(next(format!(r#"{{"items": [{one}], {unusable}}}"#)), None, "{unusable}");
    }
    assert_eq!(next(format!("[{one}]")), None);
}

#[test]
fn requests_are_written_with_the_spec_names() {
    let write = |body: &dyn erased::Body| body.text();
    let create = CreateProjectRequest {
        person_id: 1,
        story_idea: "A fox crosses a lake".into(),
        num_scenes: 3,
        use_avatar_first_scene: true,
        use_avatar_last_scene: false,
    };
    assert_eq!(
        write(&create),
        r#"{"person_id":1,"story_idea":"A fox crosses a lake","num_scenes":3,"use_avatar_first_scene":true,"use_avatar_last_scene":false}"#
    );
    assert_eq!(write(&ApproveRequest::confirmed(" ", "")), r#"{"confirm_credits":true}"#);
    assert_eq!(
        write(&ApproveRequest::confirmed("veo-3", " flux ")),
        r#"{"confirm_credits":true,"video_model":"veo-3","image_model":"flux"}"#
    );
    let update = SceneUpdate { motion_prompt: Some("zoom".into()), ..SceneUpdate::default() };
    assert_eq!(write(&update), r#"{"motion_prompt":"zoom"}"#);
    assert!(SceneUpdate::default().is_empty() && !update.is_empty());
    let regen = RegenerateRequest {
        regenerate_image: false,
        regenerate_video: true,
        updated_image_prompt: None,
        updated_motion_prompt: Some("orbit".into()),
    };
    assert_eq!(write(&regen), r#"{"regenerate_image":false,"regenerate_video":true,"updated_motion_prompt":"orbit"}"#);
}

mod erased {
    pub trait Body {
        fn text(&self) -> String;
    }

    impl<T: serde::Serialize> Body for T {
        fn text(&self) -> String {
            serde_json::to_string(self).unwrap()
        }
    }
}

#[test]
fn open_enums_round_trip_their_text() {
    for s in ["draft", "creating", "proposed", "generating", "completed", "failed", "upscaling", "archived"] {
        assert_eq!(ProjectStatus::parse(s).as_str(), s);
        let written = serde_json::to_string(&ProjectStatus::parse(s)).unwrap();
        assert_eq!(written, format!("\"{s}\""));
        assert_eq!(serde_json::from_str::<ProjectStatus>(&written).unwrap().as_str(), s);
    }
}

#[test]
fn a_list_read_one_project_at_a_time_reads_as_one_read_whole() {
    // `read_list` and `Client::list_page` read the list's items apart (ProjectList<&RawValue>), then each.
    let one =
        r#"{"id": 1, "status": "proposed", "scenes": [{"scene_number": 1, "narration_text": "a \"quoted\" [word]"}]}"#;
    let two = r#"{"id": 2, "status": "completed"}"#;
    for body in [format!("[{one}, {two}]"), format!(r#"{{"items": [{one}, {two}], "next": null}}"#)] {
        let whole = read::<ProjectList>(&body).unwrap().projects;
        assert_eq!(crate::api::read_list(&body).unwrap(), whole, "{body}");
    }
    assert_eq!(crate::api::read_list("[]").unwrap(), Vec::<Project>::new());
    let why = crate::api::read_list(r#"[{"id": 1}, {"status": "proposed"}]"#).unwrap_err().message;
    assert!(why.contains("missing field `id`"), "the project without its id is named: {why}");
    assert!(crate::api::read_list(r#"{"unexpected": true}"#).is_err());
}
