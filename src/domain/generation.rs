//! Words for what generation is doing, and when waiting deserves a calm word of reassurance.

use super::lifecycle::humanise;
use crate::api::{AssetStatus, GenerationStep};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_steps_are_named_and_unknown_ones_read_plainly() {
        assert_eq!(step_label(&GenerationStep::parse("generating_scene_videos")), "Animating the scenes");
        assert_eq!(step_label(&GenerationStep::parse("waiting_for_GPU")), "Waiting for gpu");
        assert_eq!(step_label(&GenerationStep::parse("  ")), "Working");
        assert_eq!(asset_label(&AssetStatus::parse("completed")), "Done");
        assert_eq!(asset_label(&AssetStatus::parse("queued_remote")), "Queued remote");
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
}
