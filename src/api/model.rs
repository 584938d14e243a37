//! The Scene Projects API's objects (spec section 2) and request bodies (section 4), as serde types.
//!
//! Responses are read leniently (see `lenient`): extra fields are ignored, missing or mistyped ones
//! take their empty value. Requests are written exactly as the spec names them.

use super::lenient;
use super::open_enum::open_enum;
use serde::{Deserialize, Serialize};

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
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct Scene {
    #[serde(deserialize_with = "lenient::opt_int")]
    pub id: Option<i64>,
    #[serde(deserialize_with = "lenient::int")]
    pub scene_number: i64,
    #[serde(deserialize_with = "lenient::string")]
    pub description: String,
    #[serde(deserialize_with = "lenient::string")]
    pub image_prompt: String,
    #[serde(deserialize_with = "lenient::string")]
    pub motion_prompt: String,
    #[serde(deserialize_with = "lenient::string")]
    pub narration_text: String,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub image_url: Option<String>,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub video_url: Option<String>,
    pub status: SceneStatus,
}

/// The scene project object (2.1), from Get Project and List Projects.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct Project {
    #[serde(deserialize_with = "lenient::int")]
    pub id: i64,
    #[serde(deserialize_with = "lenient::string")]
    pub description: String,
    #[serde(deserialize_with = "lenient::string")]
    pub ideas: String,
    pub status: ProjectStatus,
    #[serde(deserialize_with = "lenient::percent")]
    pub progress: u8,
    #[serde(deserialize_with = "lenient::opt_int")]
    pub person_id: Option<i64>,
    #[serde(deserialize_with = "lenient::opt_int")]
    pub user_id: Option<i64>,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub final_video_url: Option<String>,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub final_video_url_upscaled: Option<String>,
    #[serde(deserialize_with = "lenient::opt_int")]
    pub total_duration_seconds: Option<i64>,
    #[serde(deserialize_with = "lenient::boolean")]
    pub use_avatar_first_scene: bool,
    #[serde(deserialize_with = "lenient::boolean")]
    pub use_avatar_last_scene: bool,
    #[serde(deserialize_with = "lenient::list")]
    pub scenes: Vec<Scene>,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub created_at: Option<String>,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub updated_at: Option<String>,
}

/// The create response (2.3).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct CreatedProject {
    #[serde(deserialize_with = "lenient::int")]
    pub id: i64,
    pub status: ProjectStatus,
    #[serde(deserialize_with = "lenient::string")]
    pub story_idea: String,
    #[serde(deserialize_with = "lenient::int")]
    pub num_scenes: i64,
    #[serde(deserialize_with = "lenient::opt_int")]
    pub person_id: Option<i64>,
    #[serde(deserialize_with = "lenient::list")]
    pub scenes: Vec<Scene>,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub created_at: Option<String>,
}

/// One scene's progress inside the status response (2.4).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct SceneProgress {
    #[serde(deserialize_with = "lenient::int")]
    pub scene_number: i64,
    pub image_status: AssetStatus,
    pub video_status: AssetStatus,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub image_url: Option<String>,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub video_url: Option<String>,
}

/// The status response (2.4); each field is present only when it applies.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct StatusReport {
    #[serde(deserialize_with = "lenient::int")]
    pub id: i64,
    pub status: ProjectStatus,
    #[serde(deserialize_with = "lenient::percent")]
    pub progress: u8,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub current_step: Option<String>,
    #[serde(deserialize_with = "lenient::list")]
    pub scenes: Vec<SceneProgress>,
    #[serde(deserialize_with = "lenient::opt_string")]
    pub final_video_url: Option<String>,
    #[serde(deserialize_with = "lenient::opt_int")]
    pub total_duration_seconds: Option<i64>,
    #[serde(deserialize_with = "lenient::opt_int")]
    pub credits_used: Option<i64>,
    #[serde(deserialize_with = "lenient::message")]
    pub error: Option<String>,
}

impl StatusReport {
    pub fn step(&self) -> Option<GenerationStep> {
        self.current_step.as_deref().map(GenerationStep::parse)
    }
}

/// The answer to approve (202), regenerate and upscale: a state change that has been accepted.
/// Regenerate's body is "not shown", so every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct Accepted {
    #[serde(deserialize_with = "lenient::opt_int")]
    pub id: Option<i64>,
    pub status: ProjectStatus,
    #[serde(deserialize_with = "lenient::opt_int")]
    pub progress: Option<i64>,
    #[serde(deserialize_with = "lenient::message")]
    pub message: Option<String>,
}

/// POST /stories/create (4.1).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CreateProjectRequest {
    pub person_id: i64,
    pub story_idea: String,
    pub num_scenes: u8,
    pub use_avatar_first_scene: bool,
    pub use_avatar_last_scene: bool,
}

/// PUT .../scenes/{scene_id} (4.4): only the fields that are `Some` are sent, so only they change.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SceneUpdate {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image_prompt: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub motion_prompt: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub narration_text: Option<String>,
}

impl SceneUpdate {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// POST .../approve (4.5). `confirm_credits` is always true: the type exists only after the person confirmed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ApproveRequest {
    pub confirm_credits: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub video_model: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image_model: Option<String>,
}

impl ApproveRequest {
    /// Blank model names mean "the service's default", which the spec expresses by leaving them out.
    pub fn confirmed(video_model: &str, image_model: &str) -> Self {
        let named = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        Self { confirm_credits: true, video_model: named(video_model), image_model: named(image_model) }
    }
}

/// POST .../scenes/{scene_number}/regenerate (4.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RegenerateRequest {
    pub regenerate_image: bool,
    pub regenerate_video: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_image_prompt: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_motion_prompt: Option<String>,
}

/// The list body's shape is "not shown": a bare array, or an object wrapping one under a common key.
pub fn projects_from_list_body(body: &serde_json::Value) -> Option<Vec<Project>> {
    let items = match body {
        serde_json::Value::Array(_) => body,
        serde_json::Value::Object(map) => ["projects", "items", "data", "results", "scene_projects"]
            .iter()
            .find_map(|k| map.get(*k).filter(|v| v.is_array()))?,
        _ => return None,
    };
    let serde_json::Value::Array(items) = items else { return None };
    Some(items.iter().filter_map(|item| Project::deserialize(item).ok()).collect())
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
