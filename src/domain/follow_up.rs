//! Work the person asked for after the video was finished (an upscale, a scene regeneration),
//! followed to its result. The spec does not say whether the project's status shows such work, so
//! the app watches for the result itself: the upscaled address appearing, or the final video
//! changing, whatever the status says meanwhile.

use crate::api::{Project, ProjectStatus};
use serde::{Deserialize, Serialize};

/// How long a result may take before the app stops waiting and says so (the spec's typical
/// upscale is 5 to 10 minutes, generation 5 to 15).
pub const LIMIT_MS: u64 = 30 * 60 * 1000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Asked {
    Upscale,
    Regenerate { scene_number: i64 },
}

/// Stored on the device in the shape serde's derive has always written (`"Upscale"`, or
/// `{"Regenerate": {"scene_number": 3}}`, the scene's two addresses as a pair), so work asked for
/// before an update is still followed after it; work of a kind this version does not know is not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FollowUp {
    pub asked: Asked,
    #[serde(default)]
    pub asked_at: u64,
    /// The final video's address when the work was asked for; a new one is the result.
    #[serde(default)]
    final_before: Option<String>,
    /// The regenerated scene's image and clip addresses then: new ones are the result too, for a
    /// service that keeps the final video's address.
    #[serde(default)]
    scene_before: (Option<String>, Option<String>),
    /// The project was seen working since (a service that shows the work in its status); its
    /// return to `completed` is then the result, even behind an unchanged address.
    #[serde(default)]
    seen_working: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    UnderWay,
    Done,
    /// The status says the project failed: its reason is shown (over the video before, if there is one).
    Failed,
    /// Nothing changed within `LIMIT_MS`.
    GaveUp,
}

impl FollowUp {
    pub fn new(asked: Asked, project: Option<&Project>, now: u64) -> Self {
        let final_before = project.and_then(|p| p.final_video_url.clone());
        let scene_before = project.map(|p| scene_addresses(&asked, p)).unwrap_or_default();
        Self { asked, asked_at: now, final_before, scene_before, seen_working: false }
    }

    /// Takes in the status of each check.
    pub fn observe(&mut self, status: &ProjectStatus) {
        if !matches!(status, ProjectStatus::Completed | ProjectStatus::Failed) {
            self.seen_working = true;
        }
    }

    /// Where the work stands, given the project as last read.
    pub fn progress(&self, project: &Project, now: u64) -> Progress {
        // The status answer says so in its turn, with the reason: the page shows that answer's status, and
        // a check reads the status before the project, so a failure seen here first would end the
        // following while the page still showed "completed", and stop checking.
        if project.status == ProjectStatus::Failed {
            return Progress::UnderWay;
        }
        let settled = project.status == ProjectStatus::Completed;
        let done = match self.asked {
            Asked::Upscale => project.final_video_url_upscaled.as_deref().is_some_and(|u| !u.trim().is_empty()),
            Asked::Regenerate { .. } => {
                let replaced = project.final_video_url.is_some() && project.final_video_url != self.final_before;
                let remade = scene_addresses(&self.asked, project);
                let scene_remade = (remade.0.is_some() || remade.1.is_some()) && remade != self.scene_before;
                settled && (self.seen_working || replaced || scene_remade)
            }
        };
        match done {
            true => Progress::Done,
            false if now.saturating_sub(self.asked_at) >= LIMIT_MS => Progress::GaveUp,
            false => Progress::UnderWay,
        }
    }

    /// What happened, once it did.
    pub fn outcome(&self, progress: Progress) -> Option<String> {
        let what = match self.asked {
            Asked::Upscale => "upscaled video".to_owned(),
            Asked::Regenerate { scene_number } => format!("video with the regenerated scene {scene_number}"),
        };
        match progress {
            Progress::UnderWay | Progress::Failed => None,
            Progress::Done => Some(format!("The {what} is ready.")),
            Progress::GaveUp => Some(format!(
                "The {what} has not appeared within 30 minutes, so storyreel stopped waiting. The service may still finish it: reload this page later to check before asking again."
            )),
        }
    }
}

fn scene_addresses(asked: &Asked, project: &Project) -> (Option<String>, Option<String>) {
    let Asked::Regenerate { scene_number } = asked else { return (None, None) };
    project
        .scenes
        .iter()
        .find(|s| s.scene_number == *scene_number)
        .map(|s| (s.image_url.clone(), s.video_url.clone()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    fn project(status: ProjectStatus, final_url: Option<&str>, upscaled: Option<&str>) -> Project {
        Project {
            status,
            final_video_url: final_url.map(str::to_owned),
            final_video_url_upscaled: upscaled.map(str::to_owned),
            ..Project::default()
        }
    }

    #[test]
    fn an_upscale_is_done_when_its_address_appears_whatever_the_status() {
        let before = project(ProjectStatus::Completed, Some("https://m/final.webm"), None);
        let work = FollowUp::new(Asked::Upscale, Some(&before), 0);
        assert_eq!(work.progress(&before, MIN), Progress::UnderWay, "still completed, no upscale yet");
        let upscaling = project(ProjectStatus::Upscaling, Some("https://m/final.webm"), None);
        assert_eq!(work.progress(&upscaling, 2 * MIN), Progress::UnderWay);
        let blank = project(ProjectStatus::Completed, Some("https://m/final.webm"), Some("  "));
        assert_eq!(work.progress(&blank, 3 * MIN), Progress::UnderWay);
        for status in [ProjectStatus::Completed, ProjectStatus::Upscaling, ProjectStatus::Unknown("x".into())] {
            let done = project(status, Some("https://m/final.webm"), Some("https://m/final-4k.webm"));
            assert_eq!(work.progress(&done, 8 * MIN), Progress::Done);
        }
    }

    #[test]
    fn a_regeneration_is_done_when_the_final_video_changes_or_the_status_went_and_came_back() {
        let before = project(ProjectStatus::Completed, Some("https://m/final.webm?v=1"), None);
        // A service that keeps the project completed and only changes the address.
        let mut quiet = FollowUp::new(Asked::Regenerate { scene_number: 2 }, Some(&before), 0);
        quiet.observe(&ProjectStatus::Completed);
        assert_eq!(quiet.progress(&before, MIN), Progress::UnderWay);
        let replaced = project(ProjectStatus::Completed, Some("https://m/final.webm?v=2"), None);
        assert_eq!(quiet.progress(&replaced, 6 * MIN), Progress::Done);
        let gone = project(ProjectStatus::Completed, None, None);
        assert_eq!(quiet.progress(&gone, 6 * MIN), Progress::UnderWay, "no address is not a new one");

        // A service that keeps the project completed and the final address, and remakes the scene.
        let with_scene = |clip: &str| Project {
            scenes: vec![crate::api::Scene { scene_number: 2, video_url: Some(clip.to_owned()), ..Default::default() }],
            ..before.clone()
        };
        let stable = FollowUp::new(Asked::Regenerate { scene_number: 2 }, Some(&with_scene("https://m/2.webm?v=1")), 0);
        assert_eq!(stable.progress(&with_scene("https://m/2.webm?v=1"), MIN), Progress::UnderWay);
        assert_eq!(stable.progress(&with_scene("https://m/2.webm?v=2"), 6 * MIN), Progress::Done);

        // A service that shows the work in the status and keeps the same address.
        let mut loud = FollowUp::new(Asked::Regenerate { scene_number: 2 }, Some(&before), 0);
        let working = project(ProjectStatus::Generating, Some("https://m/final.webm?v=1"), None);
        loud.observe(&working.status);
        assert_eq!(loud.progress(&working, MIN), Progress::UnderWay);
        assert_eq!(loud.progress(&before, 5 * MIN), Progress::Done);
    }

    #[test]
    fn waiting_ends_after_the_limit_and_a_failed_project_waits_for_its_status() {
        let before = project(ProjectStatus::Completed, Some("https://m/final.webm"), None);
        let work = FollowUp::new(Asked::Upscale, Some(&before), 1_000);
        assert_eq!(work.progress(&before, 1_000 + LIMIT_MS - 1), Progress::UnderWay);
        assert_eq!(work.progress(&before, 1_000 + LIMIT_MS), Progress::GaveUp);
        assert!(work.outcome(Progress::GaveUp).unwrap().contains("30 minutes"));
        let failed = project(ProjectStatus::Failed, Some("https://m/final.webm"), None);
        assert_eq!(work.progress(&failed, 2_000), Progress::UnderWay, "until the status says so");
        assert_eq!(work.outcome(Progress::Failed), None);
    }

    #[test]
    fn it_survives_a_reload_as_json() {
        let work = FollowUp::new(Asked::Regenerate { scene_number: 3 }, None, 42);
        let back: FollowUp = serde_json::from_str(&serde_json::to_string(&work).unwrap()).unwrap();
        assert_eq!(back, work);
        // As an earlier version stored it.
        let stored = r#"{"asked":{"Regenerate":{"scene_number":3}},"asked_at":42,"final_before":"https://m/a.mp4","scene_before":[null,"https://m/s3.mp4"],"seen_working":true}"#;
        let old: FollowUp = serde_json::from_str(stored).unwrap();
        assert_eq!(old.asked, Asked::Regenerate { scene_number: 3 });
        assert_eq!(
            (old.final_before.as_deref(), old.scene_before.1.as_deref()),
            (Some("https://m/a.mp4"), Some("https://m/s3.mp4"))
        );
        assert!(old.seen_working && old.scene_before.0.is_none());
        let upscale: FollowUp = serde_json::from_str(
            r#"{"asked":"Upscale","asked_at":1,"final_before":null,"scene_before":[null,null],"seen_working":false}"#,
        )
        .unwrap();
        assert_eq!(upscale.asked, Asked::Upscale);
        assert!(
            serde_json::from_str::<FollowUp>(r#"{"asked":"Dance"}"#).is_err(),
            "work it does not know is not followed"
        );
        assert_eq!(back.outcome(Progress::Done).unwrap(), "The video with the regenerated scene 3 is ready.");
    }
}
