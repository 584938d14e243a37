//! What the video page is waiting for, and its words for it: the notice, how long it has taken
//! against how long it usually takes, and the calm word when progress stands still. One answer for
//! all three, so an upscale is never timed as a generation (the page once said "Generating for
//! 2 days since you approved it. It usually takes 5 to 15 minutes" while a scene was regenerated).

use super::credits::describe_duration;
use super::follow_up::Asked;

/// The work under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Work {
    Generation,
    Upscale,
    /// A scene being regenerated, and the video then put together again; the scene's number when
    /// it was asked for on this device.
    Regeneration(Option<i64>),
}

/// Since when it is timed: the approval or the request this device made, else since the page
/// began watching (work asked for elsewhere, or before this device kept the time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Since {
    Approved(u64),
    Asked(u64),
    Watching(u64),
}

impl From<&Asked> for Work {
    fn from(asked: &Asked) -> Self {
        match asked {
            Asked::Upscale => Work::Upscale,
            Asked::Regenerate { scene_number } => Work::Regeneration(Some(*scene_number)),
        }
    }
}

impl Work {
    /// The notice at the top of the page; none for the generation the page itself is about.
    pub fn notice(&self) -> Option<String> {
        Some(match self {
            Work::Generation => return None,
            Work::Upscale => "Upscaling: a higher-resolution copy is being made (5 to 10 minutes). It will appear here as the \"Upscaled\" version.".to_owned(),
            Work::Regeneration(Some(n)) => format!(
                "Scene {n} is being regenerated, then the video is put together again (a few minutes). The video below plays as it was until the new one replaces it."
            ),
            Work::Regeneration(None) => "A scene is being regenerated, then the video is put together again. The video below plays as it was until the new one replaces it.".to_owned(),
        })
    }

    /// How long the work has taken, and how long it usually does (the spec's typical times; it
    /// gives none for a regeneration).
    pub fn elapsed(&self, since: Since, now: u64) -> String {
        let took = |at: u64| describe_duration(u32::try_from(now.saturating_sub(at) / 1000).unwrap_or(u32::MAX));
        let usual = match self {
            Work::Generation => "Generation usually takes 5 to 15 minutes.",
            Work::Upscale => "An upscale usually takes 5 to 10 minutes.",
            Work::Regeneration(_) => "The video is put together again after it.",
        };
        let doing = match self {
            Work::Generation => "Generating".to_owned(),
            Work::Upscale => "Upscaling".to_owned(),
            Work::Regeneration(Some(n)) => format!("Regenerating scene {n}"),
            Work::Regeneration(None) => "Regenerating a scene".to_owned(),
        };
        match since {
            Since::Approved(at) => format!("{doing} for {} since you approved it. {usual}", took(at)),
            Since::Asked(at) => format!("{doing} for {} since you asked. {usual}", took(at)),
            Since::Watching(at) => format!("Watching for {}. {usual}", took(at)),
        }
    }

    /// Said once progress has stood still for a few minutes (`generation::StallWatch`).
    pub fn stall_note(&self) -> &'static str {
        match self {
            Work::Generation => "Progress has not moved for a few minutes. That is normal: generation can take up to 15 minutes, and this page keeps checking.",
            Work::Upscale => "Progress has not moved for a few minutes. That is normal: an upscale can take up to 10 minutes, and this page keeps checking.",
            Work::Regeneration(_) => "Progress has not moved for a few minutes. That is normal: the scene and then the whole video are made again, and this page keeps checking.",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    #[test]
    fn generation_is_timed_from_the_approval_when_this_device_made_it() {
        let at = 1_000 * MIN;
        assert_eq!(
            Work::Generation.elapsed(Since::Approved(at), at + 3 * MIN),
            "Generating for 3 min since you approved it. Generation usually takes 5 to 15 minutes."
        );
        assert_eq!(
            Work::Generation.elapsed(Since::Watching(at), at + 90_000),
            "Watching for 1 min 30 s. Generation usually takes 5 to 15 minutes."
        );
        assert_eq!(Work::Generation.notice(), None);
    }

    #[test]
    fn work_asked_for_after_the_video_is_timed_from_the_asking_with_its_own_typical_time() {
        let asked = 5_000 * MIN;
        let upscale = Work::from(&Asked::Upscale);
        assert_eq!(
            upscale.elapsed(Since::Asked(asked), asked + 2 * MIN),
            "Upscaling for 2 min since you asked. An upscale usually takes 5 to 10 minutes."
        );
        assert!(upscale.notice().unwrap().starts_with("Upscaling: a higher-resolution copy"));
        assert!(upscale.stall_note().contains("up to 10 minutes"));

        let regeneration = Work::from(&Asked::Regenerate { scene_number: 2 });
        let words = regeneration.elapsed(Since::Asked(asked), asked + 45_000);
        assert_eq!(words, "Regenerating scene 2 for 45 s since you asked. The video is put together again after it.");
        let notice = regeneration.notice().unwrap();
        assert!(
            notice.starts_with("Scene 2 is being regenerated") && notice.contains("The video below plays as it was")
        );
        for work in [upscale, regeneration] {
            assert!(!work.stall_note().contains("15 minutes"), "{work:?} is not timed as a generation");
        }
    }

    #[test]
    fn work_seen_but_not_asked_here_is_timed_from_the_watching() {
        let opened = 7 * MIN;
        assert_eq!(
            Work::Regeneration(None).elapsed(Since::Watching(opened), opened + MIN),
            "Watching for 1 min. The video is put together again after it."
        );
        assert!(Work::Regeneration(None).notice().unwrap().contains("The video below plays as it was"));
        assert_eq!(
            Work::Upscale.elapsed(Since::Watching(opened), opened),
            "Watching for 0 s. An upscale usually takes 5 to 10 minutes."
        );
    }

    #[test]
    fn a_clock_set_back_counts_nothing_rather_than_wrapping() {
        assert_eq!(
            Work::Upscale.elapsed(Since::Asked(10 * MIN), MIN),
            "Upscaling for 0 s since you asked. An upscale usually takes 5 to 10 minutes."
        );
    }
}
