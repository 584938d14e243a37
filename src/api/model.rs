//! The Scene Projects API's objects (spec section 2) and request bodies (section 4).
//!
//! Responses are read leniently (see `crate::json`): extra fields are ignored, missing or mistyped
//! ones take their empty value. Requests are written exactly as the spec names them.

use super::open_enum::open_enum;
use crate::json::{Fields, FromJson, Object, ToJson, Value};

open_enum! {
    /// Project status (spec section 3), plus `upscaling` which the upscale response uses.
    ProjectStatus {
        Draft => "draft",
        Creating => "creating",
        Proposed => "proposed",
        Generating => "generating",
        Completed => "completed",
        Failed => "failed",
        Upscaling => "upscaling",
    }
}

open_enum! {
    /// A scene's status in the project object; only `pending` and `completed` were observed.
    SceneStatus {
        Pending => "pending",
        Generating => "generating",
        Completed => "completed",
        Failed => "failed",
    }
}

open_enum! {
    /// A scene asset's (image or video) status in the status response.
    AssetStatus {
        Pending => "pending",
        Generating => "generating",
        Completed => "completed",
        Failed => "failed",
    }
}

open_enum! {
    /// What generation is doing now; the spec shows only `generating_scene_videos`.
    GenerationStep {
        Queued => "queued",
        GeneratingSceneImages => "generating_scene_images",
        GeneratingSceneVideos => "generating_scene_videos",
        GeneratingNarration => "generating_narration",
        StitchingFinalVideo => "stitching_final_video",
        RegeneratingScene => "regenerating_scene",
    }
}

/// A scene inside a project (2.2) or a create response (2.3, where it has no id yet).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    pub id: Option<i64>,
    pub scene_number: i64,
    pub description: String,
    pub image_prompt: String,
    pub motion_prompt: String,
    pub narration_text: String,
    pub image_url: Option<String>,
    pub video_url: Option<String>,
    pub status: SceneStatus,
}

impl FromJson for Scene {
    fn from_json(value: &Value) -> Option<Self> {
        let f = Fields::of(value)?;
        Some(Self {
            id: f.opt_int("id"),
            scene_number: f.int("scene_number"),
            description: f.string("description"),
            image_prompt: f.string("image_prompt"),
            motion_prompt: f.string("motion_prompt"),
            narration_text: f.string("narration_text"),
            image_url: f.opt_string("image_url"),
            video_url: f.opt_string("video_url"),
            status: SceneStatus::parse(&f.string("status")),
        })
    }
}

/// The scene project object (2.1), from Get Project and List Projects.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Project {
    pub id: i64,
    pub description: String,
    pub ideas: String,
    pub status: ProjectStatus,
    pub progress: u8,
    pub person_id: Option<i64>,
    pub user_id: Option<i64>,
    pub final_video_url: Option<String>,
    pub final_video_url_upscaled: Option<String>,
    pub total_duration_seconds: Option<i64>,
    pub use_avatar_first_scene: bool,
    pub use_avatar_last_scene: bool,
    pub scenes: Vec<Scene>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
}

impl FromJson for Project {
    fn from_json(value: &Value) -> Option<Self> {
        let f = Fields::of(value)?;
        Some(Self {
            id: f.int("id"),
            description: f.string("description"),
            ideas: f.string("ideas"),
            status: ProjectStatus::parse(&f.string("status")),
            progress: f.percent("progress"),
            person_id: f.opt_int("person_id"),
            user_id: f.opt_int("user_id"),
            final_video_url: f.opt_string("final_video_url"),
            final_video_url_upscaled: f.opt_string("final_video_url_upscaled"),
            total_duration_seconds: f.opt_int("total_duration_seconds"),
            use_avatar_first_scene: f.boolean("use_avatar_first_scene"),
            use_avatar_last_scene: f.boolean("use_avatar_last_scene"),
            scenes: f.list("scenes"),
            created_at: f.opt_string("created_at"),
            updated_at: f.opt_string("updated_at"),
        })
    }
}

/// The create response (2.3).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CreatedProject {
    pub id: i64,
    pub status: ProjectStatus,
    pub story_idea: String,
    pub num_scenes: i64,
    pub person_id: Option<i64>,
    pub scenes: Vec<Scene>,
    pub created_at: Option<String>,
}

impl FromJson for CreatedProject {
    fn from_json(value: &Value) -> Option<Self> {
        let f = Fields::of(value)?;
        // Without its id the new project cannot be opened: the answer is unreadable, not project 0.
        let id = f.opt_int("id").filter(|id| *id > 0)?;
        Some(Self {
            id,
            status: ProjectStatus::parse(&f.string("status")),
            story_idea: f.string("story_idea"),
            num_scenes: f.int("num_scenes"),
            person_id: f.opt_int("person_id"),
            scenes: f.list("scenes"),
            created_at: f.opt_string("created_at"),
        })
    }
}

/// One scene's progress inside the status response (2.4).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SceneProgress {
    pub scene_number: i64,
    pub image_status: AssetStatus,
    pub video_status: AssetStatus,
    pub image_url: Option<String>,
    pub video_url: Option<String>,
}

impl FromJson for SceneProgress {
    fn from_json(value: &Value) -> Option<Self> {
        let f = Fields::of(value)?;
        Some(Self {
            scene_number: f.int("scene_number"),
            image_status: AssetStatus::parse(&f.string("image_status")),
            video_status: AssetStatus::parse(&f.string("video_status")),
            image_url: f.opt_string("image_url"),
            video_url: f.opt_string("video_url"),
        })
    }
}

/// The status response (2.4); each field is present only when it applies.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatusReport {
    pub id: i64,
    pub status: ProjectStatus,
    pub progress: u8,
    pub current_step: Option<String>,
    pub scenes: Vec<SceneProgress>,
    pub final_video_url: Option<String>,
    pub total_duration_seconds: Option<i64>,
    pub credits_used: Option<i64>,
    pub error: Option<String>,
}

impl FromJson for StatusReport {
    fn from_json(value: &Value) -> Option<Self> {
        let f = Fields::of(value)?;
        Some(Self {
            id: f.int("id"),
            status: ProjectStatus::parse(&f.string("status")),
            progress: f.percent("progress"),
            current_step: f.opt_string("current_step"),
            scenes: f.list("scenes"),
            final_video_url: f.opt_string("final_video_url"),
            total_duration_seconds: f.opt_int("total_duration_seconds"),
            credits_used: f.opt_int("credits_used"),
            error: f.message("error"),
        })
    }
}

impl StatusReport {
    pub fn step(&self) -> Option<GenerationStep> {
        self.current_step.as_deref().map(GenerationStep::parse)
    }
}

/// The answer to approve (202), regenerate and upscale: a state change that has been accepted.
/// Regenerate's body is "not shown", so every field is optional.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Accepted {
    pub id: Option<i64>,
    pub status: ProjectStatus,
    pub progress: Option<i64>,
    pub message: Option<String>,
}

impl FromJson for Accepted {
    fn from_json(value: &Value) -> Option<Self> {
        let f = Fields::of(value)?;
        Some(Self {
            id: f.opt_int("id"),
            status: ProjectStatus::parse(&f.string("status")),
            progress: f.opt_int("progress"),
            message: f.message("message"),
        })
    }
}

/// POST /stories/create (4.1).
#[derive(Clone, Debug, PartialEq)]
pub struct CreateProjectRequest {
    pub person_id: i64,
    pub story_idea: String,
    pub num_scenes: u8,
    pub use_avatar_first_scene: bool,
    pub use_avatar_last_scene: bool,
}

impl ToJson for CreateProjectRequest {
    fn to_json(&self) -> Value {
        Object::new()
            .with("person_id", self.person_id)
            .with("story_idea", self.story_idea.as_str())
            .with("num_scenes", self.num_scenes)
            .with("use_avatar_first_scene", self.use_avatar_first_scene)
            .with("use_avatar_last_scene", self.use_avatar_last_scene)
            .done()
    }
}

/// PUT .../scenes/{scene_id} (4.4): only the fields that are `Some` are sent, so only they change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SceneUpdate {
    pub description: Option<String>,
    pub image_prompt: Option<String>,
    pub motion_prompt: Option<String>,
    pub narration_text: Option<String>,
}

impl SceneUpdate {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

impl ToJson for SceneUpdate {
    fn to_json(&self) -> Value {
        Object::new()
            .with_some("description", self.description.as_deref())
            .with_some("image_prompt", self.image_prompt.as_deref())
            .with_some("motion_prompt", self.motion_prompt.as_deref())
            .with_some("narration_text", self.narration_text.as_deref())
            .done()
    }
}

/// POST .../approve (4.5). `confirm_credits` is always true: the type exists only after the person confirmed.
#[derive(Clone, Debug, PartialEq)]
pub struct ApproveRequest {
    pub confirm_credits: bool,
    pub video_model: Option<String>,
    pub image_model: Option<String>,
}

impl ApproveRequest {
    /// Blank model names mean "the service's default", which the spec expresses by leaving them out.
    pub fn confirmed(video_model: &str, image_model: &str) -> Self {
        let named = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        Self { confirm_credits: true, video_model: named(video_model), image_model: named(image_model) }
    }
}

impl ToJson for ApproveRequest {
    fn to_json(&self) -> Value {
        Object::new()
            .with("confirm_credits", self.confirm_credits)
            .with_some("video_model", self.video_model.as_deref())
            .with_some("image_model", self.image_model.as_deref())
            .done()
    }
}

/// POST .../scenes/{scene_number}/regenerate (4.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegenerateRequest {
    pub regenerate_image: bool,
    pub regenerate_video: bool,
    pub updated_image_prompt: Option<String>,
    pub updated_motion_prompt: Option<String>,
}

impl ToJson for RegenerateRequest {
    fn to_json(&self) -> Value {
        Object::new()
            .with("regenerate_image", self.regenerate_image)
            .with("regenerate_video", self.regenerate_video)
            .with_some("updated_image_prompt", self.updated_image_prompt.as_deref())
            .with_some("updated_motion_prompt", self.updated_motion_prompt.as_deref())
            .done()
    }
}

/// The list body's shape is "not shown": a bare array, or an object wrapping one under a common key.
pub fn projects_from_list_body(body: &Value) -> Option<Vec<Project>> {
    let items = match body {
        Value::Array(_) => body,
        Value::Object(map) => ["projects", "items", "data", "results", "scene_projects"]
            .iter()
            .find_map(|k| map.get(k).filter(|v| v.is_array()))?,
        _ => return None,
    };
    let Value::Array(items) = items else { return None };
    Some(items.iter().filter_map(Project::from_json).collect())
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
