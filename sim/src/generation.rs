//! Starting jobs on a project and applying their timelines to it: assets appear, progress rises, and the
//! project ends completed or failed (with refunds).

use std::time::Instant;

use crate::clock::Stamp;
use crate::ledger::{Ledger, CREDITS_PER_SCENE};
use crate::model::{Asset, AssetStatus, Project, ProjectStatus};
use crate::timeline::{self, step, Job, JobKind, Prompts, Work};

pub fn start_generation(p: &mut Project, now: Instant, at: Stamp, fail_at_percent: Option<u8>) {
    let mut job = Job::new(JobKind::Generate, timeline::generation_plan(p.scenes.len()), now, at);
    job.fail_at = fail_at_percent.map(|pct| job.total_secs() * f64::from(pct.min(99)) / 100.0);
    begin(p, job, ProjectStatus::Generating, at);
}

/// What a regeneration redoes, with which new prompts, and what it cost (charged already).
pub struct Regeneration {
    pub image: bool,
    pub video: bool,
    pub cost: i64,
    pub prompts: Prompts,
}

pub fn start_regeneration(p: &mut Project, r: Regeneration, now: Instant, at: Stamp, quiet: bool) {
    let scene = r.prompts.scene;
    let mut job =
        Job::new(JobKind::Regenerate { cost: r.cost }, timeline::regeneration_plan(scene, r.image, r.video), now, at);
    if quiet {
        // Its prompts show in the project when it ends, with its results.
        job.prompts = r.prompts;
        return begin_quietly(p, job);
    }
    give_prompts(p, r.prompts);
    let s = &mut p.scenes[scene];
    if r.image {
        s.image.status = AssetStatus::Pending;
    }
    if r.video {
        s.video.status = AssetStatus::Pending;
    }
    // The upscaled video shows the old cut; it would mislead once the scene changes.
    p.upscaled_of = None;
    p.error = None;
    begin(p, job, ProjectStatus::Generating, at);
}

pub fn start_upscale(p: &mut Project, now: Instant, at: Stamp, quiet: bool) {
    let job = Job::new(JobKind::Upscale, timeline::upscale_plan(), now, at);
    if quiet {
        return begin_quietly(p, job);
    }
    let progress = p.progress;
    begin(p, job, ProjectStatus::Upscaling, at);
    // The cut itself stays complete while it is upscaled.
    p.progress = progress;
    p.current_step = None;
}

/// The project stays exactly as it is while the job runs, `updated_at` included: a client reading it cannot
/// tell that the job began until it ends.
fn begin_quietly(p: &mut Project, mut job: Job) {
    job.quiet = true;
    p.job = Some(job);
}

fn give_prompts(p: &mut Project, prompts: Prompts) {
    let scene = &mut p.scenes[prompts.scene];
    if let Some(prompt) = prompts.image {
        scene.image_prompt = prompt;
    }
    if let Some(prompt) = prompts.motion {
        scene.motion_prompt = prompt;
    }
}

fn begin(p: &mut Project, job: Job, status: ProjectStatus, at: Stamp) {
    p.status = status;
    p.progress = 0;
    p.current_step = Some(job.segments[0].step);
    p.job = Some(job);
    p.touch(at);
}

/// Makes a running generation or regeneration fail at this moment.
pub fn fail_now(p: &mut Project, ledger: &mut Ledger, now: Instant, speed: f64) {
    if let Some(job) = p.job.as_mut() {
        if job.kind != JobKind::Upscale {
            job.fail_at = Some(job.elapsed(now, speed).min(job.total_secs() - 1e-6));
        }
    }
    settle(p, ledger, now, speed);
}

/// Brings the project up to `now`. Returns whether a job is still running.
pub fn settle(p: &mut Project, ledger: &mut Ledger, now: Instant, speed: f64) -> bool {
    let Some(mut job) = p.job.take() else {
        return false;
    };
    let mut secs = job.elapsed(now, speed);
    let failing = job.fail_at.filter(|f| secs >= *f);
    if let Some(f) = failing {
        secs = f;
    }
    while job.done < job.segments.len() && job.end_of(job.done) <= secs {
        // A quiet job's results are applied together when it finishes.
        if !job.quiet {
            complete(p, job.segments[job.done].work);
            p.touch(job.stamp_at(job.end_of(job.done), speed));
        }
        job.done += 1;
    }
    if job.done < job.segments.len() && !job.quiet {
        let segment = job.segments[job.done];
        if let Some(asset) = asset_of(p, segment.work) {
            if asset.status != AssetStatus::Generating {
                asset.status = AssetStatus::Generating;
                p.touch(job.stamp_at(job.start_of(job.done), speed));
            }
        }
        if job.kind != JobKind::Upscale {
            p.current_step = Some(segment.step);
            p.progress = p.progress.max(job.percent(secs));
        }
    }
    if failing.is_some() {
        fail(p, &mut job, ledger, secs, speed);
        false
    } else if job.done == job.segments.len() {
        finish(p, &mut job, speed);
        false
    } else {
        p.job = Some(job);
        true
    }
}

fn asset_of(p: &mut Project, work: Work) -> Option<&mut Asset> {
    match work {
        Work::Nothing => None,
        Work::Image(i) => Some(&mut p.scenes[i].image),
        Work::Video(i) => Some(&mut p.scenes[i].video),
    }
}

/// An asset's new version is ready.
fn complete(p: &mut Project, work: Work) {
    if let Some(asset) = asset_of(p, work) {
        asset.status = AssetStatus::Completed;
        asset.version += 1;
    }
}

fn finish(p: &mut Project, job: &mut Job, speed: f64) {
    if job.quiet {
        for segment in &job.segments {
            complete(p, segment.work);
        }
        if matches!(job.kind, JobKind::Regenerate { .. }) {
            // The upscaled video shows the old cut, which is replaced now.
            p.upscaled_of = None;
            give_prompts(p, std::mem::take(&mut job.prompts));
        }
    }
    match job.kind {
        JobKind::Generate | JobKind::Regenerate { .. } => p.final_version += 1,
        JobKind::Upscale => p.upscaled_of = Some(p.final_version),
    }
    p.status = ProjectStatus::Completed;
    p.progress = 100;
    p.current_step = None;
    p.touch(job.stamp_at(job.total_secs(), speed));
}

fn fail(p: &mut Project, job: &mut Job, ledger: &mut Ledger, secs: f64, speed: f64) {
    let at = job.stamp_at(secs, speed);
    let segment = job.segments[job.done];
    if let Some(asset) = asset_of(p, segment.work) {
        asset.status = AssetStatus::Failed;
    }
    p.error = Some(failure_message(p, job, segment.work));
    // Finished clips were delivered and stay charged; everything not produced is given back at once.
    let refund = match job.kind {
        JobKind::Generate => {
            let unfinished = p.scenes.iter().filter(|s| s.video.status != AssetStatus::Completed).count();
            unfinished as i64 * CREDITS_PER_SCENE
        }
        JobKind::Regenerate { cost } => cost,
        JobKind::Upscale => 0,
    };
    ledger.refund(refund, p.id, "refund: generation failed", at);
    p.credits_used -= refund;
    if job.quiet {
        // Its prompts show once it has ended, whichever way.
        give_prompts(p, std::mem::take(&mut job.prompts));
    }
    p.status = ProjectStatus::Failed;
    p.current_step = None;
    p.touch(at);
}

fn failure_message(p: &Project, job: &Job, work: Work) -> String {
    match work {
        Work::Image(i) => format!("Video generation failed for scene {}: the image model returned an error (simulated failure)", i + 1),
        Work::Video(i) => format!("Video generation failed for scene {}: the video model timed out (simulated failure)", i + 1),
        Work::Nothing => match job.segments[job.done].step {
            step::STITCHING => "Video generation failed while stitching the final video: the encoder stopped (simulated failure)".into(),
            step::NARRATION => "Video generation failed while generating the narration: the voice model returned an error (simulated failure)".into(),
            _ => {
                // Still queued: name the first scene the job would have worked on.
                let first = job.segments.iter().find_map(|s| match s.work {
                    Work::Image(i) | Work::Video(i) => Some(i + 1),
                    Work::Nothing => None,
                });
                format!("Video generation failed for scene {}: no worker could start the job (simulated failure)", first.unwrap_or(1).min(p.scenes.len()))
            }
        },
    }
}
