//! The schedule of a background job (generation, regeneration, upscale) as a list of timed segments.
//! A job's state is a pure function of elapsed time, read whenever the project is looked at: no task per
//! project, deterministic, and a thousand idle projects cost nothing.

use std::time::Instant;

use crate::clock::Stamp;

// Seconds at speed 1. A 5-scene project: 15 + 5 x 30 + 5 x 60 + 15 + 20 = 500 s, about 8 minutes.
pub const QUEUED_SECS: f64 = 15.0;
pub const IMAGE_SECS: f64 = 30.0;
pub const VIDEO_SECS: f64 = 60.0;
pub const NARRATION_SECS: f64 = 15.0;
pub const STITCH_SECS: f64 = 20.0;
pub const REGEN_QUEUED_SECS: f64 = 5.0;
pub const UPSCALE_SECS: f64 = 360.0;

/// The speeds a job's arithmetic stays finite and exact in. Changing speed divides the job time done so far by
/// the new speed (`Job::rebase`): at the slowest, the longest job (10 scenes, 950 s) becomes 30 years of wall
/// time, well within `Duration`, `Instant` and microsecond `Stamp`s, where a speed of 1e-300 overflows them (a
/// panic) and NaN or infinity poison every time after it. At the fastest a job is over within a millisecond;
/// beyond that nothing is left to see.
pub const MIN_SPEED: f64 = 1e-6;
pub const MAX_SPEED: f64 = 1e6;

/// The most job time `/_sim/projects/{id}/advance` moves a job at once: more than the longest job (950 s).
pub const MAX_ADVANCE_SECS: f64 = 1000.0;

pub fn speed_in_range(speed: f64) -> bool {
    (MIN_SPEED..=MAX_SPEED).contains(&speed)
}

pub mod step {
    pub const QUEUED: &str = "queued";
    pub const IMAGES: &str = "generating_scene_images";
    pub const VIDEOS: &str = "generating_scene_videos";
    pub const NARRATION: &str = "generating_narration";
    pub const STITCHING: &str = "stitching_final_video";
    pub const REGENERATING: &str = "regenerating_scene";
    pub const UPSCALING: &str = "upscaling_final_video";
}

/// What a segment produces when it ends; scene indexes are 0-based.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Work {
    Nothing,
    Image(usize),
    Video(usize),
}

#[derive(Clone, Copy, Debug)]
pub struct Segment {
    pub step: &'static str,
    pub work: Work,
    pub secs: f64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JobKind {
    Generate,
    Regenerate { cost: i64 },
    Upscale,
}

#[derive(Debug)]
pub struct Job {
    pub kind: JobKind,
    pub segments: Vec<Segment>,
    pub started: Instant,
    pub started_at: Stamp,
    /// No moment of the job is stamped earlier: the moment it was last moved ahead (`advance`), which is when
    /// what it skipped happened.
    pub not_before: Stamp,
    /// Segments already applied to the project.
    pub done: usize,
    /// Seconds (at speed 1) into the job at which it fails, if it is doomed.
    pub fail_at: Option<f64>,
    /// The project shows nothing of the job while it runs (it stays completed, with its assets and cut) and its
    /// results replace the old ones at once when it ends: the `alt` profile's regenerations and upscales.
    pub quiet: bool,
    /// A quiet regeneration's new prompts, given to its scene when it ends.
    pub prompts: Prompts,
}

/// New prompts sent with a regeneration, for the scene at `scene` (0-based).
#[derive(Debug, Default)]
pub struct Prompts {
    pub scene: usize,
    pub image: Option<String>,
    pub motion: Option<String>,
}

impl Job {
    pub fn new(kind: JobKind, segments: Vec<Segment>, started: Instant, started_at: Stamp) -> Job {
        Job {
            kind,
            segments,
            started,
            started_at,
            not_before: started_at,
            done: 0,
            fail_at: None,
            quiet: false,
            prompts: Prompts::default(),
        }
    }

    pub fn total_secs(&self) -> f64 {
        self.segments.iter().map(|s| s.secs).sum()
    }

    pub fn end_of(&self, index: usize) -> f64 {
        self.segments[..=index].iter().map(|s| s.secs).sum()
    }

    pub fn start_of(&self, index: usize) -> f64 {
        self.segments[..index].iter().map(|s| s.secs).sum()
    }

    /// Job time in speed-1 seconds.
    pub fn elapsed(&self, now: Instant, speed: f64) -> f64 {
        now.saturating_duration_since(self.started).as_secs_f64() * speed
    }

    /// Keeps the job where it is when the speed changes: only what is still to come runs at the new speed.
    pub fn rebase(&mut self, now: Instant, old_speed: f64, new_speed: f64) {
        let secs = self.elapsed(now, old_speed);
        let real_before = std::time::Duration::from_secs_f64(secs / new_speed);
        let shift = secs / old_speed - secs / new_speed;
        self.started = now.checked_sub(real_before).unwrap_or(self.started);
        self.started_at = self.started_at.plus_secs(shift);
    }

    /// Moves the job `secs` of job time ahead at `speed`, at the moment `at`: its start goes that much earlier,
    /// on both clocks, and what it skips is stamped `at` (at the slowest speed, 100 s of job time are three
    /// years of wall time). False, leaving it as it was, where the monotonic clock cannot go back so far.
    pub fn advance(&mut self, secs: f64, speed: f64, at: Stamp) -> bool {
        let real = secs / speed;
        let Some(started) = self.started.checked_sub(std::time::Duration::from_secs_f64(real)) else {
            return false;
        };
        self.started = started;
        self.started_at = self.started_at.plus_secs(-real);
        self.not_before = self.not_before.max(at);
        true
    }

    /// The wall-clock stamp of a moment of job time.
    pub fn stamp_at(&self, secs: f64, speed: f64) -> Stamp {
        self.started_at.plus_secs(secs / speed).max(self.not_before)
    }

    /// Percent done, capped at 99 until the job is applied as finished.
    pub fn percent(&self, secs: f64) -> u8 {
        ((secs / self.total_secs() * 100.0).floor() as i64).clamp(0, 99) as u8
    }
}

pub fn generation_plan(scenes: usize) -> Vec<Segment> {
    let mut plan = vec![Segment { step: step::QUEUED, work: Work::Nothing, secs: QUEUED_SECS }];
    plan.extend((0..scenes).map(|i| Segment { step: step::IMAGES, work: Work::Image(i), secs: IMAGE_SECS }));
    plan.extend((0..scenes).map(|i| Segment { step: step::VIDEOS, work: Work::Video(i), secs: VIDEO_SECS }));
    plan.push(Segment { step: step::NARRATION, work: Work::Nothing, secs: NARRATION_SECS });
    plan.push(Segment { step: step::STITCHING, work: Work::Nothing, secs: STITCH_SECS });
    plan
}

pub fn regeneration_plan(scene: usize, image: bool, video: bool) -> Vec<Segment> {
    let mut plan = vec![Segment { step: step::QUEUED, work: Work::Nothing, secs: REGEN_QUEUED_SECS }];
    if image {
        plan.push(Segment { step: step::REGENERATING, work: Work::Image(scene), secs: IMAGE_SECS });
    }
    if video {
        plan.push(Segment { step: step::REGENERATING, work: Work::Video(scene), secs: VIDEO_SECS });
    }
    plan.push(Segment { step: step::STITCHING, work: Work::Nothing, secs: STITCH_SECS });
    plan
}

pub fn upscale_plan() -> Vec<Segment> {
    vec![Segment { step: step::UPSCALING, work: Work::Nothing, secs: UPSCALE_SECS }]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_scenes_take_about_eight_minutes_at_speed_one() {
        let job = Job::new(JobKind::Generate, generation_plan(5), Instant::now(), Stamp(0));
        assert_eq!(job.total_secs(), 500.0);
        assert_eq!(job.percent(0.0), 0);
        assert_eq!(job.percent(250.0), 50);
        assert_eq!(job.percent(500.0), 99);
        assert_eq!(job.end_of(0), QUEUED_SECS);
        assert_eq!(job.start_of(1), QUEUED_SECS);
    }

    #[test]
    fn a_job_moved_ahead_is_that_much_further_at_any_speed() {
        let (start, at) = (Instant::now(), Stamp(1_764_000_000_000_000));
        for speed in [MIN_SPEED, 1.0, MAX_SPEED] {
            let mut job = Job::new(JobKind::Generate, generation_plan(2), start, at);
            assert!(job.advance(105.0, speed, at));
            assert!((job.elapsed(start, speed) - 105.0).abs() < 1e-6, "{speed}: {}", job.elapsed(start, speed));
            // What it skipped happened when it was moved; what is left is still to come.
            assert!((job.stamp_at(105.0, speed).0 - at.0).abs() <= 1, "{speed}");
            assert_eq!(job.stamp_at(15.0, speed), at, "{speed}");
            assert!(job.stamp_at(230.0, speed) > at, "{speed}");
        }
    }

    #[test]
    fn the_extreme_speeds_rebase_both_ways_without_moving_the_job() {
        let start = Instant::now();
        let mut job = Job::new(JobKind::Generate, generation_plan(10), start, Stamp(1_764_000_000_000_000));
        // 900 of the 950 s, at the fastest speed.
        let now = start + std::time::Duration::from_micros(900);
        job.rebase(now, MAX_SPEED, MIN_SPEED);
        assert!((job.elapsed(now, MIN_SPEED) - 900.0).abs() < 1e-3, "{}", job.elapsed(now, MIN_SPEED));
        // The 50 s of job time left last 50 million seconds, in stamps too.
        let left = job.stamp_at(job.total_secs(), MIN_SPEED).0 - job.stamp_at(900.0, MIN_SPEED).0;
        assert!((left - 50_000_000_000_000).abs() < 1_000, "{left}");
        job.rebase(now, MIN_SPEED, MAX_SPEED);
        assert!((job.elapsed(now, MAX_SPEED) - 900.0).abs() < 1e-3, "{}", job.elapsed(now, MAX_SPEED));
        assert!(!speed_in_range(MIN_SPEED / 2.0) && !speed_in_range(MAX_SPEED * 2.0) && !speed_in_range(f64::NAN));
        assert!(speed_in_range(MIN_SPEED) && speed_in_range(MAX_SPEED) && speed_in_range(1.0));
    }
}
