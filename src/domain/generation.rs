//! Words for what generation is doing, and when waiting deserves a calm word of reassurance.

use super::lifecycle::humanise;
use crate::api::{AssetStatus, GenerationStep, Project, SceneProgress, StatusReport};

/// Progress that has not moved for this long earns a note that generation can take 15 minutes.
pub const STALL_AFTER_MS: u64 = 5 * 60 * 1000;

pub fn step_label(step: &GenerationStep) -> String {
    match step {
        GenerationStep::Queued => "Waiting for a free slot".into(),
        GenerationStep::GeneratingSceneImages => "Drawing the scene images".into(),
        GenerationStep::GeneratingSceneVideos => "Animating the scenes".into(),
        GenerationStep::GeneratingNarration => "Recording the narration".into(),
        GenerationStep::StitchingFinalVideo => "Putting the final video together".into(),
        GenerationStep::RegeneratingScene => "Regenerating a scene".into(),
        GenerationStep::Unknown(word) if word.trim().is_empty() => "Working".into(),
        GenerationStep::Unknown(word) => humanise(word),
    }
}

pub fn asset_label(status: &AssetStatus) -> String {
    match status {
        AssetStatus::Pending => "Waiting".into(),
        AssetStatus::Generating => "In progress".into(),
        AssetStatus::Completed => "Done".into(),
        AssetStatus::Failed => "Failed".into(),
        AssetStatus::Unknown(word) if word.trim().is_empty() => "Unknown".into(),
        AssetStatus::Unknown(word) => humanise(word),
    }
}

/// A scene image's text alternative: what the scene shows, in the words the story gave it.
pub fn image_alt(scene_number: i64, description: &str) -> String {
    match description.trim() {
        "" => format!("Scene {scene_number} image"),
        d => format!("Scene {scene_number} image: {d}"),
    }
}

/// Remembers when progress last moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StallWatch {
    progress: u8,
    since: u64,
}

impl StallWatch {
    pub fn new(progress: u8, now: u64) -> Self {
        Self { progress, since: now }
    }

    pub fn observe(&mut self, progress: u8, now: u64) {
        if progress != self.progress {
            *self = Self::new(progress, now);
        }
    }

    pub fn stalled(&self, now: u64) -> bool {
        now.saturating_sub(self.since) >= STALL_AFTER_MS
    }
}

/// A row per scene, from everything the app knows: the status answer's rows, completed with the
/// project object's scenes and addresses (a failed status answer carries no scenes at all, and a
/// service may put addresses in only one of the two). An asset whose state no answer states counts
/// as done once it has an address. One row per scene number: a number the answer repeats is shown
/// once, as first stated.
pub fn scene_progress(report: Option<&StatusReport>, project: Option<&Project>) -> Vec<SceneProgress> {
    let mut rows: Vec<SceneProgress> = Vec::new();
    for row in report.map(|r| r.scenes.as_slice()).unwrap_or_default() {
        if !rows.iter().any(|r| r.scene_number == row.scene_number) {
            rows.push(row.clone());
        }
    }
    for scene in project.map(|p| p.scenes.as_slice()).unwrap_or_default() {
        let at = match rows.iter().position(|r| r.scene_number == scene.scene_number) {
            Some(at) => at,
            None => {
                rows.push(SceneProgress { scene_number: scene.scene_number, ..SceneProgress::default() });
                rows.len() - 1
            }
        };
        let row = &mut rows[at];
        row.image_url = row.image_url.take().or_else(|| scene.image_url.clone());
        row.video_url = row.video_url.take().or_else(|| scene.video_url.clone());
    }
    let unstated = |status: &AssetStatus| matches!(status, AssetStatus::Unknown(word) if word.trim().is_empty());
    let has = |url: &Option<String>| url.as_deref().is_some_and(|u| !u.trim().is_empty());
    for row in &mut rows {
        if unstated(&row.image_status) && has(&row.image_url) {
            row.image_status = AssetStatus::Completed;
        }
        if unstated(&row.video_status) && has(&row.video_url) {
            row.video_status = AssetStatus::Completed;
        }
    }
    super::order::sort_by_key(&mut rows, |s| s.scene_number);
    rows
}

/// What had finished when generation failed, in one sentence.
pub fn finished_before_failure(rows: &[SceneProgress]) -> String {
    let done: Vec<String> =
        rows.iter().filter(|s| s.video_status == AssetStatus::Completed).map(|s| s.scene_number.to_string()).collect();
    match (done.len(), rows.len()) {
        (_, 0) => "storyreel does not know which scenes had finished.".to_owned(),
        (0, _) => "No scene had finished.".to_owned(),
        (d, t) if d == t => "Every scene had finished; the final video was not put together.".to_owned(),
        _ => format!("Finished before it failed: scene {}.", done.join(", ")),
    }
}

/// Said over a video that was there before work on it failed (a scene's regeneration): the video is
/// still the person's, and the reason is the service's own, or that it gave none.
pub fn change_failed(reason: Option<&str>) -> String {
    let reason = reason.map(|r| r.trim().trim_end_matches('.')).filter(|r| !r.is_empty());
    let reason = reason.unwrap_or("the service did not say why");
    format!("The change to this video failed: {reason}. The video below is the one you had before.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_change_gives_the_services_reason_once_and_keeps_the_video() {
        assert_eq!(
            change_failed(Some("The video model timed out. ")),
            "The change to this video failed: The video model timed out. The video below is the one you had before."
        );
        for none in [None, Some(""), Some("  ")] {
            assert_eq!(
                change_failed(none),
                "The change to this video failed: the service did not say why. The video below is the one you had before."
            );
        }
    }

    #[test]
    fn known_steps_are_named_and_unknown_ones_read_plainly() {
        assert_eq!(step_label(&GenerationStep::parse("generating_scene_videos")), "Animating the scenes");
        assert_eq!(step_label(&GenerationStep::parse("waiting_for_GPU")), "Waiting for gpu");
        assert_eq!(step_label(&GenerationStep::parse("  ")), "Working");
        assert_eq!(asset_label(&AssetStatus::parse("completed")), "Done");
        assert_eq!(asset_label(&AssetStatus::parse("queued_remote")), "Queued remote");
    }

    #[test]
    fn an_image_is_described_by_its_scene() {
        assert_eq!(image_alt(2, " A lantern glows "), "Scene 2 image: A lantern glows");
        assert_eq!(image_alt(3, "  "), "Scene 3 image");
    }

    #[test]
    fn only_progress_that_stands_still_for_five_minutes_is_a_stall() {
        let minute = 60_000;
        let mut watch = StallWatch::new(10, 0);
        watch.observe(10, 4 * minute);
        assert!(!watch.stalled(4 * minute));
        assert!(watch.stalled(5 * minute));
        watch.observe(11, 5 * minute);
        assert!(!watch.stalled(9 * minute), "movement starts the count again");
        assert!(watch.stalled(10 * minute));
    }

    fn scene(n: i64, image: Option<&str>, video: Option<&str>) -> crate::api::Scene {
        crate::api::Scene {
            scene_number: n,
            image_url: image.map(str::to_owned),
            video_url: video.map(str::to_owned),
            ..Default::default()
        }
    }

    #[test]
    fn a_failed_status_without_scenes_reads_what_finished_from_the_project() {
        let report = StatusReport { status: crate::api::ProjectStatus::Failed, ..Default::default() };
        let project = Project {
            scenes: vec![scene(2, None, None), scene(1, Some("https://m/1.png"), Some("https://m/1.webm"))],
            ..Default::default()
        };
        let rows = scene_progress(Some(&report), Some(&project));
        assert_eq!(rows.iter().map(|r| r.scene_number).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(rows[0].video_status, AssetStatus::Completed);
        assert_eq!(rows[0].image_url.as_deref(), Some("https://m/1.png"));
        assert_eq!(rows[1].video_status, AssetStatus::default());
        assert_eq!(finished_before_failure(&rows), "Finished before it failed: scene 1.");
    }

    #[test]
    fn status_rows_keep_their_words_and_gain_the_projects_addresses() {
        let report = StatusReport {
            scenes: vec![SceneProgress {
                scene_number: 1,
                image_status: AssetStatus::Completed,
                video_status: AssetStatus::Generating,
                ..Default::default()
            }],
            ..Default::default()
        };
        // Scene 1 is being made again: its old clip is shown, but it is not called done.
        let project = Project {
            scenes: vec![scene(1, Some("https://m/1.png"), Some("https://m/old.webm"))],
            ..Default::default()
        };
        let rows = scene_progress(Some(&report), Some(&project));
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].video_status, AssetStatus::Generating);
        assert_eq!(rows[0].video_url.as_deref(), Some("https://m/old.webm"));
        assert_eq!(rows[0].image_url.as_deref(), Some("https://m/1.png"));
        assert_eq!(scene_progress(None, None), Vec::new());
    }

    #[test]
    fn the_failure_sentence_covers_none_some_and_all() {
        let row = |n, done: bool| SceneProgress {
            scene_number: n,
            video_status: if done { AssetStatus::Completed } else { AssetStatus::Pending },
            ..Default::default()
        };
        assert_eq!(finished_before_failure(&[]), "storyreel does not know which scenes had finished.");
        assert_eq!(finished_before_failure(&[row(1, false), row(2, false)]), "No scene had finished.");
        assert_eq!(
            finished_before_failure(&[row(1, true), row(2, false), row(3, true)]),
            "Finished before it failed: scene 1, 3."
        );
        assert_eq!(
            finished_before_failure(&[row(1, true), row(2, true)]),
            "Every scene had finished; the final video was not put together."
        );
    }

    #[test]
    fn a_repeated_scene_number_is_one_row() {
        let report = StatusReport {
            scenes: vec![
                SceneProgress { scene_number: 2, image_status: AssetStatus::Completed, ..SceneProgress::default() },
                SceneProgress { scene_number: 1, ..SceneProgress::default() },
                SceneProgress { scene_number: 2, image_status: AssetStatus::Failed, ..SceneProgress::default() },
            ],
            ..StatusReport::default()
        };
        let rows = scene_progress(Some(&report), None);
        assert_eq!(rows.iter().map(|r| r.scene_number).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(rows[1].image_status, AssetStatus::Completed, "as first stated");
    }
}
