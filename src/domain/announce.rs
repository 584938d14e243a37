//! What the video page says aloud about generation: a new step, each quarter passed, the end. A
//! screen reader hears a sentence when something worth hearing happened, never on every check.

use super::generation::step_label;
use crate::api::{GenerationStep, ProjectStatus, StatusReport};

/// The part of a status answer that announcements depend on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Heard {
    pub status: ProjectStatus,
    pub step: Option<GenerationStep>,
    /// As the service said it; read leniently here, so a figure out of range is not trusted.
    pub progress: i64,
}

impl From<&StatusReport> for Heard {
    fn from(r: &StatusReport) -> Self {
        Self { status: r.status.clone(), step: r.step(), progress: i64::from(r.progress) }
    }
}

/// 0 below 25 %, then 1, 2, 3 at 25, 50 and 75 %; 100 % before completion is still the last quarter,
/// so completion is announced as such and not as a fourth quarter.
fn quarter(progress: i64) -> i64 {
    progress.clamp(0, 99) / 25
}

fn step_words(h: &Heard) -> String {
    h.step.as_ref().map(step_label).unwrap_or_else(|| "Working".into())
}

/// The sentence to announce when `next` follows `previous`, or nothing. The first answer a page gets
/// is not announced: the page itself shows it when it opens.
pub fn announcement(previous: Option<&Heard>, next: &Heard) -> Option<String> {
    let previous = previous?;
    let changed = previous.status != next.status;
    match next.status {
        ProjectStatus::Completed if changed => return Some("Generation finished: your video is ready.".into()),
        ProjectStatus::Failed if changed => return Some("Generation failed.".into()),
        ProjectStatus::Completed | ProjectStatus::Failed => return None,
        _ => {}
    }
    let percent = next.progress.clamp(0, 99);
    // Compared as words, so an absent step and a blank or unknown one that reads the same are one step.
    if step_words(previous) != step_words(next) {
        return Some(format!("{} · {percent}% done", step_words(next)));
    }
    (quarter(next.progress) > quarter(previous.progress)).then(|| format!("{percent}% done · {}", step_words(next)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heard(step: &str, progress: i64) -> Heard {
        Heard { status: ProjectStatus::Generating, step: Some(GenerationStep::parse(step)), progress }
    }

    #[test]
    fn a_new_step_is_announced_with_its_progress() {
        let said = announcement(Some(&heard("queued", 3)), &heard("generating_scene_images", 6));
        assert_eq!(said.as_deref(), Some("Drawing the scene images · 6% done"));
    }

    #[test]
    fn each_quarter_is_announced_once_when_crossed() {
        let images = |p| heard("generating_scene_images", p);
        assert_eq!(announcement(Some(&images(20)), &images(24)), None);
        assert_eq!(
            announcement(Some(&images(24)), &images(25)).as_deref(),
            Some("25% done · Drawing the scene images")
        );
        assert_eq!(announcement(Some(&images(25)), &images(49)), None);
        assert_eq!(
            announcement(Some(&images(49)), &images(52)).as_deref(),
            Some("52% done · Drawing the scene images")
        );
        assert_eq!(
            announcement(Some(&images(74)), &images(75)).as_deref(),
            Some("75% done · Drawing the scene images")
        );
        assert_eq!(announcement(Some(&images(75)), &images(99)), None, "no fourth quarter before completion");
    }

    #[test]
    fn a_jump_over_several_quarters_is_announced_once() {
        let said = announcement(Some(&heard("generating_scene_videos", 10)), &heard("generating_scene_videos", 80));
        assert_eq!(said.as_deref(), Some("80% done · Animating the scenes"));
    }

    #[test]
    fn a_new_step_and_a_new_quarter_at_once_make_one_sentence() {
        let said = announcement(Some(&heard("generating_scene_images", 40)), &heard("generating_scene_videos", 55));
        assert_eq!(said.as_deref(), Some("Animating the scenes · 55% done"));
    }

    #[test]
    fn unknown_steps_are_announced_in_plain_words_and_blank_ones_are_no_new_step() {
        let said = announcement(Some(&heard("queued", 5)), &heard("waiting_for_GPU", 5));
        assert_eq!(said.as_deref(), Some("Waiting for gpu · 5% done"));
        let none = Heard { step: None, ..heard("", 5) };
        assert_eq!(announcement(Some(&none), &heard("  ", 6)), None);
        assert_eq!(announcement(Some(&heard("  ", 6)), &none), None);
    }

    #[test]
    fn progress_out_of_range_is_held_within_0_and_99() {
        let videos = |p| heard("generating_scene_videos", p);
        assert_eq!(announcement(Some(&videos(60)), &videos(140)).as_deref(), Some("99% done · Animating the scenes"));
        assert_eq!(announcement(Some(&videos(140)), &videos(150)), None);
        assert_eq!(announcement(Some(&videos(-5)), &videos(-1)), None);
        assert_eq!(announcement(Some(&videos(-5)), &videos(30)).as_deref(), Some("30% done · Animating the scenes"));
        assert_eq!(announcement(Some(&videos(30)), &videos(-5)), None, "going back is not news");
    }

    #[test]
    fn completion_and_failure_are_announced_once() {
        let done = Heard { status: ProjectStatus::Completed, step: None, progress: 100 };
        let failed = Heard { status: ProjectStatus::Failed, ..heard("generating_scene_videos", 40) };
        let working = heard("stitching_final_video", 97);
        assert_eq!(announcement(Some(&working), &done).as_deref(), Some("Generation finished: your video is ready."));
        assert_eq!(announcement(Some(&done), &done), None);
        assert_eq!(announcement(Some(&working), &failed).as_deref(), Some("Generation failed."));
        assert_eq!(announcement(Some(&failed), &failed), None);
    }

    #[test]
    fn nothing_new_says_nothing_and_the_first_answer_is_not_announced() {
        let now = heard("generating_scene_videos", 60);
        assert_eq!(announcement(Some(&now), &now.clone()), None);
        assert_eq!(announcement(Some(&now), &heard("generating_scene_videos", 61)), None);
        assert_eq!(announcement(None, &now), None);
        let report = StatusReport { status: ProjectStatus::Generating, progress: 30, ..StatusReport::default() };
        assert_eq!(Heard::from(&report), Heard { status: ProjectStatus::Generating, step: None, progress: 30 });
    }
}
