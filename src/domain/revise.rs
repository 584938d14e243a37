//! Changing a finished video: what a scene regeneration sends, and what each state offers.

use crate::api::{Project, ProjectStatus, RegenerateRequest, Scene};
use serde::{Deserialize, Serialize};

/// What the person chose in the regenerate dialog. Kept as a draft, so that a sign-in in between (an
/// expired token) loses nothing typed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RegenerateChoice {
    pub image_prompt: String,
    pub motion_prompt: String,
    pub image: bool,
    pub video: bool,
}

impl RegenerateChoice {
    pub fn for_scene(scene: &Scene) -> Self {
        Self {
            image_prompt: scene.image_prompt.clone(),
            motion_prompt: scene.motion_prompt.clone(),
            image: true,
            video: true,
        }
    }

    /// The request, sending a prompt only when it changed; or what is wrong.
    pub fn request(&self, scene: &Scene) -> Result<RegenerateRequest, &'static str> {
        if !self.image && !self.video {
            return Err("Choose the image, the video, or both.");
        }
        if self.image_prompt.trim().is_empty() || self.motion_prompt.trim().is_empty() {
            return Err("A prompt cannot be empty.");
        }
        let changed = |new: &str, old: &str| (new.trim() != old.trim()).then(|| new.trim().to_owned());
        Ok(RegenerateRequest {
            regenerate_image: self.image,
            regenerate_video: self.video,
            updated_image_prompt: changed(&self.image_prompt, &scene.image_prompt),
            updated_motion_prompt: changed(&self.motion_prompt, &scene.motion_prompt),
        })
    }
}

/// A scene can be regenerated once the project is completed, and not while another job runs.
pub fn can_regenerate(status: &ProjectStatus) -> bool {
    *status == ProjectStatus::Completed
}

/// Upscaling is offered for a completed project that has no upscaled version yet.
pub fn can_upscale(project: &Project) -> bool {
    project.status == ProjectStatus::Completed
        && project.final_video_url_upscaled.as_deref().is_none_or(|u| u.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_survives_its_draft() {
        let mut choice = RegenerateChoice::for_scene(&scene());
        choice.motion_prompt = "a slow pan".into();
        choice.image = false;
        let stored = serde_json::to_string(&choice).unwrap();
        assert_eq!(serde_json::from_str::<RegenerateChoice>(&stored).unwrap(), choice);
    }

    fn scene() -> Scene {
        Scene {
            id: Some(205),
            scene_number: 2,
            image_prompt: "A harbour at dawn".into(),
            motion_prompt: "slow pan".into(),
            ..Default::default()
        }
    }

    #[test]
    fn only_changed_prompts_are_sent() {
        let s = scene();
        let mut choice = RegenerateChoice::for_scene(&s);
        let unchanged = choice.request(&s).unwrap();
        assert_eq!((unchanged.updated_image_prompt, unchanged.updated_motion_prompt), (None, None));
        assert!(unchanged.regenerate_image && unchanged.regenerate_video);

        choice.motion_prompt = "  fast dolly-in ".into();
        choice.image_prompt = "A harbour at dawn ".into();
        let r = choice.request(&s).unwrap();
        assert_eq!(r.updated_motion_prompt.as_deref(), Some("fast dolly-in"));
        assert_eq!(r.updated_image_prompt, None, "surrounding spaces are not a change");
        let json = serde_json::to_string(&r).unwrap();
        assert!(!json.contains("updated_image_prompt"), "unchanged prompts are left out of the body: {json}");
    }

    #[test]
    fn at_least_one_asset_and_no_empty_prompt() {
        let s = scene();
        let mut choice = RegenerateChoice { image: false, video: false, ..RegenerateChoice::for_scene(&s) };
        assert!(choice.request(&s).is_err());
        choice.video = true;
        let r = choice.request(&s).unwrap();
        assert!(!r.regenerate_image && r.regenerate_video);
        choice.image_prompt = "  ".into();
        assert!(choice.request(&s).is_err());
    }

    #[test]
    fn what_each_state_offers() {
        assert!(can_regenerate(&ProjectStatus::Completed));
        for other in [
            ProjectStatus::Proposed,
            ProjectStatus::Generating,
            ProjectStatus::Upscaling,
            ProjectStatus::Failed,
            ProjectStatus::Unknown("x".into()),
        ] {
            assert!(!can_regenerate(&other), "{other:?}");
        }
        let mut p = Project { status: ProjectStatus::Completed, ..Default::default() };
        assert!(can_upscale(&p));
        p.final_video_url_upscaled = Some("https://cdn.example/up.mp4".into());
        assert!(!can_upscale(&p), "already upscaled");
        p.final_video_url_upscaled = None;
        p.status = ProjectStatus::Upscaling;
        assert!(!can_upscale(&p), "already upscaling");
    }
}
