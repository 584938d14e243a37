//! What earlier versions of storyreel kept on the device, as they wrote it, must still load. The
//! texts are today's writers' output: natively (keys sorted) and in the browser (JSON.stringify keeps
//! the order the fields were set in; integer-like keys come first, ascending).

use crate::api::{Project, ProjectStatus, Scene};
use crate::domain::follow_up::{Asked, FollowUp};
use crate::domain::persons::Persons;
use crate::domain::revise::RegenerateChoice;
use crate::domain::scene_edit::{SceneDraft, SceneText};
use crate::domain::story::StoryDraft;
use std::collections::BTreeMap;

fn load<T: serde::de::DeserializeOwned>(text: &str) -> T {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("stored text no longer loads ({e}): {text}"))
}

#[test]
fn story_drafts() {
    let expected = StoryDraft {
        idea: "A fox crosses a frozen lake 🦊 \"quoted\"".into(),
        person_id: "3".into(),
        num_scenes: "4".into(),
        use_avatar_first_scene: true,
        use_avatar_last_scene: false,
    };
    for text in [
        r#"{"idea":"A fox crosses a frozen lake 🦊 \"quoted\"","num_scenes":"4","person_id":"3","use_avatar_first_scene":true,"use_avatar_last_scene":false}"#,
        r#"{"idea":"A fox crosses a frozen lake 🦊 \"quoted\"","person_id":"3","num_scenes":"4","use_avatar_first_scene":true,"use_avatar_last_scene":false}"#,
    ] {
        assert_eq!(load::<StoryDraft>(text), expected);
    }
    let typed =
        r#"{"idea":"","person_id":"x","num_scenes":"","use_avatar_first_scene":false,"use_avatar_last_scene":false}"#;
    assert_eq!(
        load::<StoryDraft>(typed),
        StoryDraft { person_id: "x".into(), num_scenes: "".into(), ..StoryDraft::default() }
    );
}

fn text(s: &str) -> SceneText {
    SceneText {
        description: format!("{s} d"),
        image_prompt: format!("{s} i"),
        motion_prompt: format!("{s} m"),
        narration_text: format!("{s} n"),
    }
}

#[test]
fn scene_drafts_keyed_by_scene_id() {
    for text_ in [
        r#"{"901":{"base":{"description":"base d","image_prompt":"base i","motion_prompt":"base m","narration_text":"base n"},"description":"mine d","image_prompt":"mine i","motion_prompt":"mine m","narration_text":"mine n"},"902":{"description":"old d","image_prompt":"old i","motion_prompt":"old m","narration_text":"old n"}}"#,
        r#"{"901":{"description":"mine d","image_prompt":"mine i","motion_prompt":"mine m","narration_text":"mine n","base":{"description":"base d","image_prompt":"base i","motion_prompt":"base m","narration_text":"base n"}},"902":{"description":"old d","image_prompt":"old i","motion_prompt":"old m","narration_text":"old n"}}"#,
    ] {
        #[derive(serde::Deserialize)]
        struct SceneDrafts(#[serde(with = "crate::keyed")] Vec<(i64, SceneDraft)>);
        let SceneDrafts(all) = load(text_);
        assert_eq!(
            all,
            [
                (901, SceneDraft { text: text("mine"), base: Some(text("base")) }),
                (902, SceneDraft { text: text("old"), base: None })
            ]
        );
    }
}

#[test]
fn regenerate_choices() {
    let expected = RegenerateChoice {
        image_prompt: "lake at dusk".into(),
        motion_prompt: "slow orbit".into(),
        image: false,
        video: true,
    };
    for text in [
        r#"{"image":false,"image_prompt":"lake at dusk","motion_prompt":"slow orbit","video":true}"#,
        r#"{"image_prompt":"lake at dusk","motion_prompt":"slow orbit","image":false,"video":true}"#,
    ] {
        assert_eq!(load::<RegenerateChoice>(text), expected);
    }
}

#[test]
fn follow_ups() {
    const AT: u64 = 1_764_072_000_000;
    let fresh = FollowUp::new(Asked::Regenerate { scene_number: 3 }, None, AT);
    let stored = r#"{"asked":{"Regenerate":{"scene_number":3}},"asked_at":1764072000000,"final_before":null,"scene_before":[null,null],"seen_working":false}"#;
    assert_eq!(load::<FollowUp>(stored), fresh);

    let project = Project {
        final_video_url: Some("https://m/final.mp4".into()),
        scenes: vec![Scene { scene_number: 3, video_url: Some("https://m/s3.mp4".into()), ..Scene::default() }],
        ..Project::default()
    };
    let mut working = FollowUp::new(Asked::Regenerate { scene_number: 3 }, Some(&project), AT);
    working.observe(&ProjectStatus::Generating);
    let stored = r#"{"asked":{"Regenerate":{"scene_number":3}},"asked_at":1764072000000,"final_before":"https://m/final.mp4","scene_before":[null,"https://m/s3.mp4"],"seen_working":true}"#;
    assert_eq!(load::<FollowUp>(stored), working);

    let upscale = FollowUp::new(Asked::Upscale, Some(&project), 42);
    let stored = r#"{"asked":"Upscale","asked_at":42,"final_before":"https://m/final.mp4","scene_before":[null,null],"seen_working":false}"#;
    assert_eq!(load::<FollowUp>(stored), upscale);
}

#[test]
fn persons() {
    for text in [r#"{"10":"שרה","2":"Narrator Ada 🎙️","7":""}"#, r#"{"2":"Narrator Ada 🎙️","7":"","10":"שרה"}"#]
    {
        let persons: Persons = load(text);
        let known: BTreeMap<i64, &str> = persons.known().iter().map(|(id, n)| (*id, n.as_str())).collect();
        assert_eq!(known, BTreeMap::from([(2, "Narrator Ada 🎙️"), (7, ""), (10, "שרה")]));
    }
}

#[test]
fn the_deployed_config_file() {
    let config: crate::config::Config = load(include_str!("../config.json"));
    let config = config.sanitised();
    assert_eq!(config.api_base_url, "http://127.0.0.1:8787/api/v1");
    assert_eq!((config.poll_interval_seconds, config.request_timeout_seconds), (30.0, 30));
}
