//! The words the API uses for steps and statuses. The default profile uses the pipeline's own names and the
//! spec's observed values; `alt` uses names the spec does not list (keeping the one step the spec shows,
//! `generating_scene_videos`, and the scene status `pending` it shows on proposal), so a client has to cope
//! with values it has never seen.

use crate::config::Profile;
use crate::model::{AssetStatus, Scene};
use crate::timeline::step;

/// A `current_step` value.
pub fn step(profile: Profile, step: &'static str) -> &'static str {
    match profile {
        Profile::Default => step,
        Profile::Alt => match step {
            step::QUEUED => "queued_for_gpu",
            step::IMAGES => "rendering_keyframes",
            step::NARRATION => "synthesizing_voiceover",
            step::STITCHING => "compositing",
            step::REGENERATING => "rerendering_scene",
            other => other,
        },
    }
}

/// An `image_status` or `video_status` value.
pub fn asset(profile: Profile, status: AssetStatus) -> &'static str {
    match (profile, status) {
        (Profile::Alt, AssetStatus::Pending) => "queued",
        (Profile::Alt, AssetStatus::Generating) => "rendering",
        _ => status.as_str(),
    }
}

/// A scene's own `status`.
pub fn scene(profile: Profile, scene: &Scene) -> &'static str {
    match (profile, scene.status()) {
        (Profile::Alt, "generating") => "in_progress",
        (_, status) => status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_words_are_the_pipelines_own() {
        assert_eq!(step(Profile::Default, step::QUEUED), "queued");
        assert_eq!(step(Profile::Alt, step::QUEUED), "queued_for_gpu");
        assert_eq!(step(Profile::Alt, step::VIDEOS), "generating_scene_videos", "the step the spec shows");
        assert_eq!(asset(Profile::Default, AssetStatus::Generating), "generating");
        assert_eq!(asset(Profile::Alt, AssetStatus::Generating), "rendering");
        assert_eq!(asset(Profile::Alt, AssetStatus::Completed), "completed");
    }
}
