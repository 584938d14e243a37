//! The JSON bodies of spec section 2: project, create response and status response.

use serde_json::{json, Map, Value};

use crate::model::{Project, ProjectStatus, Scene};
use crate::urls::Urls;

/// Spec 2.1. The two final URLs are always present (null until set); scene URLs only once the asset exists.
pub fn project(p: &Project, urls: &Urls) -> Value {
    json!({
        "id": p.id,
        "description": p.description,
        "ideas": p.idea,
        "status": p.status.as_str(),
        "progress": p.progress,
        "person_id": p.person_id,
        "user_id": p.user_id,
        "final_video_url": urls.final_video(p),
        "final_video_url_upscaled": urls.upscaled_video(p),
        "total_duration_seconds": p.total_duration_seconds(),
        "use_avatar_first_scene": p.use_avatar_first_scene,
        "use_avatar_last_scene": p.use_avatar_last_scene,
        "scenes": p.scenes.iter().map(|s| scene(p, s, urls)).collect::<Vec<_>>(),
        "created_at": p.created_at.iso(),
        "updated_at": p.updated_at.iso(),
    })
}

pub fn scene(p: &Project, s: &Scene, urls: &Urls) -> Value {
    let mut v = json!({
        "id": s.id,
        "scene_number": s.number,
        "description": s.description,
        "image_prompt": s.image_prompt,
        "motion_prompt": s.motion_prompt,
        "narration_text": s.narration_text,
        "status": s.status(),
    });
    insert_some(&mut v, "image_url", urls.image(p, s));
    insert_some(&mut v, "video_url", urls.video(p, s));
    v
}

/// Spec 2.3: the scenes carry no ids here; clients read them from the project.
pub fn created(p: &Project) -> Value {
    json!({
        "id": p.id,
        "status": p.status.as_str(),
        "story_idea": p.idea,
        "num_scenes": p.scenes.len(),
        "person_id": p.person_id,
        "scenes": p.scenes.iter().map(|s| json!({
            "scene_number": s.number,
            "description": s.description,
            "image_prompt": s.image_prompt,
            "motion_prompt": s.motion_prompt,
            "narration_text": s.narration_text,
            "status": s.status(),
        })).collect::<Vec<_>>(),
        "created_at": p.created_at.iso(),
    })
}

/// Spec 2.4, each field only when it applies.
pub fn status(p: &Project, urls: &Urls) -> Value {
    let mut v = json!({ "id": p.id, "status": p.status.as_str(), "progress": p.progress });
    let per_scene = || {
        p.scenes
            .iter()
            .map(|s| {
                let mut e = json!({
                    "scene_number": s.number,
                    "image_status": s.image.status.as_str(),
                    "video_status": s.video.status.as_str(),
                });
                insert_some(&mut e, "image_url", urls.image(p, s));
                insert_some(&mut e, "video_url", urls.video(p, s));
                e
            })
            .collect::<Vec<_>>()
    };
    match p.status {
        ProjectStatus::Generating => {
            insert_some(&mut v, "current_step", p.current_step);
            v["scenes"] = per_scene().into();
        }
        ProjectStatus::Failed => {
            v["error"] = p.error.clone().unwrap_or_default().into();
            v["scenes"] = per_scene().into();
        }
        // An upscale works on a finished cut, which stays available meanwhile.
        ProjectStatus::Completed | ProjectStatus::Upscaling => {
            insert_some(&mut v, "final_video_url", urls.final_video(p));
            v["total_duration_seconds"] = p.total_duration_seconds().into();
            v["credits_used"] = p.credits_used.into();
        }
        ProjectStatus::Proposed => {}
    }
    v
}

fn insert_some(v: &mut Value, key: &str, value: Option<impl Into<Value>>) {
    if let (Some(map), Some(value)) = (v.as_object_mut(), value) {
        Map::insert(map, key.to_owned(), value.into());
    }
}
