//! The Scene Projects API's objects (spec section 2) and request bodies (section 4).
//!
//! Answers are read by serde: extra fields are ignored, and a field the spec marks optional, or whose
//! shape it does not show, may be missing or `null`. A field the app cannot work without (a project's
//! `id`, a scene's `scene_number`) missing or of the wrong type refuses the answer, naming the field.
//! Each type derives only what it is used for: answers are only read, requests only written.

use super::lenient;
use super::open_enum::open_enum;
use serde::de::value::SeqAccessDeserializer;
use serde::de::{Error, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::marker::PhantomData;

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

/// A scene inside a project (2.2) or a create response (2.3, where it has no id yet), or a status
/// response's scene row (2.4, `SceneProgress`: its number, asset statuses and addresses).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct Scene {
    #[serde(default)]
    pub id: Option<i64>,
    #[serde(deserialize_with = "lenient::scene_number")]
    pub scene_number: i64,
    #[serde(default, deserialize_with = "lenient::null_default")]
    pub description: String,
    #[serde(default, deserialize_with = "lenient::null_default")]
    pub image_prompt: String,
    #[serde(default, deserialize_with = "lenient::null_default")]
    pub motion_prompt: String,
    #[serde(default, deserialize_with = "lenient::null_default")]
    pub narration_text: String,
    #[serde(default, deserialize_with = "lenient::non_blank")]
    pub image_url: Option<String>,
    #[serde(default, deserialize_with = "lenient::non_blank")]
    pub video_url: Option<String>,
    /// The full list of scene status values is "not shown".
    #[serde(default)]
    pub status: SceneStatus,
    /// In the status response only.
    #[serde(default)]
    pub image_status: AssetStatus,
    #[serde(default)]
    pub video_status: AssetStatus,
}

/// The scene project object (2.1), from Get Project and List Projects; the create response (2.3) is
/// read as one too, its `story_idea` as `ideas` (its `num_scenes` is the count of its scenes): one
/// reader in the wasm for both.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct Project {
    #[serde(deserialize_with = "lenient::id")]
    pub id: i64,
    #[serde(default, deserialize_with = "lenient::null_default")]
    pub description: String,
    #[serde(default, alias = "story_idea", deserialize_with = "lenient::null_default")]
    pub ideas: String,
    #[serde(default)]
    pub status: ProjectStatus,
    #[serde(default, deserialize_with = "lenient::percent")]
    pub progress: u8,
    #[serde(default)]
    pub person_id: Option<i64>,
    #[serde(default)]
    pub user_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient::non_blank")]
    pub final_video_url: Option<String>,
    #[serde(default, deserialize_with = "lenient::non_blank")]
    pub final_video_url_upscaled: Option<String>,
    #[serde(default)]
    pub total_duration_seconds: Option<i64>,
    #[serde(default, deserialize_with = "lenient::null_default")]
    pub use_avatar_first_scene: bool,
    #[serde(default, deserialize_with = "lenient::null_default")]
    pub use_avatar_last_scene: bool,
    #[serde(default, deserialize_with = "lenient::null_default")]
    pub scenes: Vec<Scene>,
    #[serde(default)]
    pub created_at: Option<String>,
    #[serde(default)]
    pub updated_at: Option<String>,
}

/// One scene's progress inside the status response (2.4): read as a `Scene`, whose `image_status`
/// and `video_status` are this row's, so the wasm carries one scene reader for both answers.
pub type SceneProgress = Scene;

/// The status response (2.4); each field but `id` and `status` is present only when it applies.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct StatusReport {
    pub id: i64,
    #[serde(default)]
    pub status: ProjectStatus,
    #[serde(default, deserialize_with = "lenient::percent")]
    pub progress: u8,
    /// The full list of steps is "not shown": kept as text, read by `step`.
    #[serde(default, deserialize_with = "lenient::non_blank")]
    pub current_step: Option<String>,
    #[serde(default, deserialize_with = "lenient::null_default")]
    pub scenes: Vec<SceneProgress>,
    #[serde(default, deserialize_with = "lenient::non_blank")]
    pub final_video_url: Option<String>,
    #[serde(default)]
    pub total_duration_seconds: Option<i64>,
    #[serde(default)]
    pub credits_used: Option<i64>,
    /// Its shape is "not shown".
    #[serde(default, deserialize_with = "lenient::message")]
    pub error: Option<String>,
}

impl StatusReport {
    pub fn step(&self) -> Option<GenerationStep> {
        self.current_step.as_deref().map(GenerationStep::parse)
    }
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
/// Read in one pass rather than as an untagged enum: that would read each project a second way (twice
/// the code) and hide why a project was refused behind "did not match any variant". A wrapped list
/// may say where its next page is (`next`, `next_url` or `next_page_url`: an address).
///
/// The app reads each project apart (`ProjectList<&RawValue>`, then one project at a time), so that a
/// list of thousands is read in short tasks between which the page stays responsive.
#[derive(Debug, PartialEq)]
pub struct ProjectList<T = Project> {
    pub projects: Vec<T>,
    pub next: Option<String>,
}

impl<T> Default for ProjectList<T> {
    fn default() -> Self {
        Self { projects: Vec::new(), next: None }
    }
}

const LIST_KEYS: [&str; 5] = ["projects", "items", "data", "results", "scene_projects"];
const NEXT_KEYS: [&str; 3] = ["next", "next_url", "next_page_url"];

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ProjectList<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ListVisitor(PhantomData))
    }
}

struct ListVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ListVisitor<T> {
    type Value = ProjectList<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of projects, bare or under `projects`, `items`, `data`, `results` or `scene_projects`")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<ProjectList<T>, A::Error> {
        let projects = Vec::deserialize(SeqAccessDeserializer::new(seq))?;
        Ok(ProjectList { projects, next: None })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ProjectList<T>, A::Error> {
        let (mut found, mut next) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            if found.is_none() && LIST_KEYS.contains(&key.as_str()) {
                found = map.next_value::<Option<Vec<T>>>()?;
            } else if next.is_none() && NEXT_KEYS.contains(&key.as_str()) {
                next = map.next_value::<Address>()?.0;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        let projects = found.ok_or_else(|| A::Error::missing_field("projects"))?;
        Ok(ProjectList { projects, next })
    }
}

/// An address, if the value is text that is not blank; anything else (a cursor object, a number, null)
/// is no address the app can follow.
struct Address(Option<String>);

impl<'de> Deserialize<'de> for Address {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = IgnoredOrText::deserialize(d)?;
        Ok(Address(value.0.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())))
    }
}

struct IgnoredOrText(Option<String>);

impl<'de> Deserialize<'de> for IgnoredOrText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = IgnoredOrText;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any value")
            }
            fn visit_str<E: Error>(self, v: &str) -> Result<IgnoredOrText, E> {
                Ok(IgnoredOrText(Some(v.to_owned())))
            }
            fn visit_bool<E: Error>(self, _: bool) -> Result<IgnoredOrText, E> {
                Ok(IgnoredOrText(None))
            }
            fn visit_i64<E: Error>(self, _: i64) -> Result<IgnoredOrText, E> {
                Ok(IgnoredOrText(None))
            }
            fn visit_u64<E: Error>(self, _: u64) -> Result<IgnoredOrText, E> {
                Ok(IgnoredOrText(None))
            }
            fn visit_f64<E: Error>(self, _: f64) -> Result<IgnoredOrText, E> {
                Ok(IgnoredOrText(None))
            }
            fn visit_unit<E: Error>(self) -> Result<IgnoredOrText, E> {
                Ok(IgnoredOrText(None))
            }
            fn visit_none<E: Error>(self) -> Result<IgnoredOrText, E> {
                Ok(IgnoredOrText(None))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<IgnoredOrText, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(IgnoredOrText(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<IgnoredOrText, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(IgnoredOrText(None))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
