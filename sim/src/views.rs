//! The JSON bodies of spec section 2 (project, create response, status response) and of the answers the
//! spec does not show, written the way the server's profile answers.

use serde_json::{json, Map, Value};

use crate::clock::Stamp;
use crate::config::Profile;
use crate::model::{Project, ProjectStatus, Scene};
use crate::urls::Urls;
use crate::vocabulary;

/// Writes response bodies for one profile.
pub struct View<'a> {
    pub urls: &'a Urls,
    pub profile: Profile,
}

impl View<'_> {
    /// Spec 2.1. The two final URLs are always present (null until set); scene URLs only once the asset exists.
    pub fn project(&self, p: &Project) -> Value {
        json!({
            "id": p.id,
            "description": p.description,
            "ideas": p.idea,
            "status": p.status.as_str(),
            "progress": p.progress,
            "person_id": p.person_id,
            "user_id": p.user_id,
            "final_video_url": self.urls.final_video(p),
            "final_video_url_upscaled": self.urls.upscaled_video(p),
            "total_duration_seconds": total_duration(self.profile, p),
            "use_avatar_first_scene": p.use_avatar_first_scene,
            "use_avatar_last_scene": p.use_avatar_last_scene,
            "scenes": p.scenes.iter().map(|s| self.scene(p, s)).collect::<Vec<_>>(),
            "created_at": timestamp(self.profile, p.created_at),
            "updated_at": timestamp(self.profile, p.updated_at),
        })
    }

    pub fn scene(&self, p: &Project, s: &Scene) -> Value {
        let mut v = self.scene_texts(s);
        insert_some(&mut v, "id", Some(s.id));
        insert_some(&mut v, "image_url", self.urls.image(p, s));
        insert_some(&mut v, "video_url", self.urls.video(p, s));
        v
    }

    /// A scene's number, texts and status: all a proposal shows of it (spec 2.3); the project view adds
    /// its id and addresses.
    fn scene_texts(&self, s: &Scene) -> Value {
        json!({
            "scene_number": s.number,
            "description": s.description,
            "image_prompt": s.image_prompt,
            "motion_prompt": s.motion_prompt,
            "narration_text": s.narration_text,
            "status": vocabulary::scene(self.profile, s),
        })
    }

    /// Spec 2.3: the scenes carry no ids here; clients read them from the project.
    pub fn created(&self, p: &Project) -> Value {
        json!({
            "id": p.id,
            "status": p.status.as_str(),
            "story_idea": p.idea,
            "num_scenes": p.scenes.len(),
            "person_id": p.person_id,
            "scenes": p.scenes.iter().map(|s| self.scene_texts(s)).collect::<Vec<_>>(),
            "created_at": timestamp(self.profile, p.created_at),
        })
    }

    /// Spec 2.4, each field only when it applies.
    pub fn status(&self, p: &Project) -> Value {
        let mut v = json!({ "id": p.id, "status": p.status.as_str(), "progress": p.progress });
        match p.status {
            ProjectStatus::Generating => {
                insert_some(&mut v, "current_step", p.current_step.map(|s| vocabulary::step(self.profile, s)));
            }
            ProjectStatus::Failed => v["error"] = p.error.clone().unwrap_or_default().into(),
            // An upscale works on a finished cut, which stays available meanwhile.
            ProjectStatus::Completed | ProjectStatus::Upscaling => {
                insert_some(&mut v, "final_video_url", self.urls.final_video(p));
                v["total_duration_seconds"] = p.total_duration_seconds().into();
                v["credits_used"] = p.credits_used.into();
            }
            ProjectStatus::Draft | ProjectStatus::Creating | ProjectStatus::Proposed => {}
        }
        if status_lists_scenes(self.profile, p.status) {
            v["scenes"] = p.scenes.iter().map(|s| self.scene_status(p, s)).collect::<Vec<_>>().into();
        }
        v
    }

    fn scene_status(&self, p: &Project, s: &Scene) -> Value {
        let mut e = json!({
            "scene_number": s.number,
            "image_status": vocabulary::asset(self.profile, s.image.status),
            "video_status": vocabulary::asset(self.profile, s.video.status),
        });
        insert_some(&mut e, "image_url", self.urls.image(p, s));
        insert_some(&mut e, "video_url", self.urls.video(p, s));
        e
    }

    /// A page of the list of projects (not shown in the spec): a bare array, or in `alt`
    /// `{"items": [...], "total": n, "next": url}` with `total` the projects of all pages and `next` only when
    /// a page follows (the default profile gives it in the `Link` header alone).
    pub fn list(&self, projects: &[&Project], total: usize, next: Option<&str>) -> Value {
        let items: Vec<Value> = projects.iter().map(|p| self.project(p)).collect();
        match self.profile {
            Profile::Default => items.into(),
            Profile::Alt => {
                let mut page = json!({ "total": total, "items": items });
                insert_some(&mut page, "next", next);
                page
            }
        }
    }

    /// The answer to a scene edit (not shown): the scene, or in `alt` the whole project it belongs to.
    pub fn scene_updated(&self, p: &Project, index: usize) -> Value {
        match self.profile {
            Profile::Default => self.scene(p, &p.scenes[index]),
            Profile::Alt => self.project(p),
        }
    }

    /// The 202 answer to a regeneration (not shown). `alt` names the work rather than the project status and
    /// leaves the price to the balance.
    pub fn regeneration_accepted(&self, p: &Project, number: u32, cost: i64) -> Value {
        let id = p.id;
        let message = format!("Scene {number} is being regenerated and the final video will be re-stitched. Use GET /scene-projects/{id}/status to track progress.");
        match self.profile {
            Profile::Default => json!({
                "id": id, "scene_number": number, "status": "generating", "credits_charged": cost, "message": message,
            }),
            Profile::Alt => json!({ "id": id, "scene_number": number, "status": "regenerating", "message": message }),
        }
    }
}

/// ISO 8601 UTC: microseconds and `Z`, or in `alt` whole seconds and `+00:00`.
fn timestamp(profile: Profile, stamp: Stamp) -> String {
    match profile {
        Profile::Default => stamp.iso(),
        Profile::Alt => stamp.iso_seconds_offset(),
    }
}

/// The planned length always, or in `alt` null until a final video exists (the length of a file not yet made).
fn total_duration(profile: Profile, p: &Project) -> Value {
    match profile {
        Profile::Alt if p.final_version == 0 => Value::Null,
        _ => p.total_duration_seconds().into(),
    }
}

/// Which status answers list the scenes: while generating always; a failed project's in the default profile
/// (what was finished), a completed project's in `alt`.
fn status_lists_scenes(profile: Profile, status: ProjectStatus) -> bool {
    match status {
        ProjectStatus::Generating => true,
        ProjectStatus::Failed => profile == Profile::Default,
        ProjectStatus::Completed | ProjectStatus::Upscaling => profile == Profile::Alt,
        ProjectStatus::Draft | ProjectStatus::Creating | ProjectStatus::Proposed => false,
    }
}

fn insert_some(v: &mut Value, key: &str, value: Option<impl Into<Value>>) {
    if let (Some(map), Some(value)) = (v.as_object_mut(), value) {
        Map::insert(map, key.to_owned(), value.into());
    }
}
