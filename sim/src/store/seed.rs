//! An account given many projects at once, with a past (`--seed`, `POST /_sim/seed`): every status, texts of
//! realistic length, dates over the past year. Each project is drawn from its own number in the account's
//! seeded sequence, so the same count gives the same projects, and seeding 10 then 10 gives what 20 gives.
//!
//! Their histories are played through the same job code as live projects (`generation`), at speed 1 and ending
//! long before now, so a completed or failed project's assets, versions, progress, error and credits are exactly
//! what the simulator would have left. Generating and upscaling projects have real jobs, started a while ago at
//! the server's speed, and move on like any other.

use std::time::{Duration, Instant};

use super::Store;
use crate::clock::Stamp;
use crate::config::Profile;
use crate::error::{ApiError, ApiResult};
use crate::generation::{self, Regeneration};
use crate::ledger::{Ledger, CREDITS_PER_SCENE, REGENERATE_IMAGE_ONLY_COST, REGENERATE_VIDEO_COST};
use crate::model::{Project, ProjectStatus, Scene};
use crate::scene_ids;
use crate::story;
use crate::story::samples::{Cast, Rng};
use crate::timeline::Prompts;

const DAY: f64 = 86_400.0;

/// Each kind's share, out of 1000.
const KINDS: [(ProjectStatus, u64); 7] = [
    (ProjectStatus::Completed, 780),
    (ProjectStatus::Proposed, 70),
    (ProjectStatus::Failed, 50),
    (ProjectStatus::Generating, 30),
    (ProjectStatus::Upscaling, 20),
    (ProjectStatus::Draft, 25),
    (ProjectStatus::Creating, 25),
];

fn draw_kind(rng: &mut Rng) -> ProjectStatus {
    let mut at = rng.below(1000);
    for (kind, share) in KINDS {
        if at < share {
            return kind;
        }
        at -= share;
    }
    ProjectStatus::Completed
}

/// The moment and the profile a batch is seeded with, and the server's speed for its running jobs.
struct Now {
    instant: Instant,
    stamp: Stamp,
    speed: f64,
    profile: Profile,
}

impl Store {
    /// The account seeding gives projects to when none is named: demo-token's, else the first user given.
    pub fn default_seed_user(&self) -> Option<u64> {
        self.default_user
    }

    /// Gives `user_id` `count` projects more and returns their ids, oldest first. Ids follow `created_at`
    /// within the batch, as a service's would; running jobs (generating, upscaling) are among the newest.
    pub fn seed(
        &mut self,
        user_id: u64,
        count: u64,
        profile: Profile,
        instant: Instant,
        stamp: Stamp,
    ) -> ApiResult<Vec<u64>> {
        let persons = match self.users.get(&user_id) {
            Some(user) => user.persons.clone(),
            None => return Err(ApiError::not_found(format!("User {user_id} not found"))),
        };
        if persons.is_empty() && count > 0 {
            return Err(ApiError::bad_request(format!(
                "User {user_id} has no persons to give projects to (--user TOKEN:ID:CREDITS:PERSON_ID,...)"
            )));
        }
        let now = Now { instant, stamp, speed: self.speed, profile };
        let first = self.seeded.get(&user_id).copied().unwrap_or(0);
        let mut batch: Vec<(Project, bool)> =
            (first..first + count).map(|k| seeded_project(k, user_id, &persons, &now)).collect();
        self.seeded.insert(user_id, first + count);
        batch.sort_by_key(|(p, _)| p.created_at);
        let mut ids = Vec::with_capacity(batch.len());
        for (mut project, running) in batch {
            project.id = self.next_project_id();
            let serials = project.scenes.iter().map(|_| self.next_scene_id()).collect();
            for (scene, id) in project.scenes.iter_mut().zip(scene_ids::for_scenes(profile, serials)) {
                scene.id = id;
            }
            if running {
                self.mark_active(project.id);
            }
            ids.push(project.id);
            self.projects.insert(project.id, project);
        }
        Ok(ids)
    }
}

/// The `k`-th seeded project of an account (its id and scene ids are given when the batch is stored), and
/// whether it has a job running.
fn seeded_project(k: u64, user_id: u64, persons: &[u64], now: &Now) -> (Project, bool) {
    let mut rng = Rng::new(k);
    let kind = draw_kind(&mut rng);
    let total = rng.between(2, 10) as usize;
    let person_id = rng.pick(persons);
    let cast = Cast::draw(&mut rng);
    let idea = cast.idea(&mut rng);
    let (avatar_first, avatar_last) = (rng.chance(30), rng.chance(20));
    let proposals = match kind {
        // Not proposed yet: no scenes.
        ProjectStatus::Draft | ProjectStatus::Creating => Vec::new(),
        _ => cast.scenes(&mut rng, total, avatar_first, avatar_last),
    };
    // Anywhere from 6 hours to a year ago, so a whole history fits before now.
    let created = now.stamp.plus_secs(-(0.25 * DAY + rng.unit() * 364.5 * DAY));
    let scenes =
        proposals.into_iter().zip(1..).map(|(proposal, number)| Scene::proposed(0, number, proposal)).collect();
    let mut p = Project::proposed(0, (user_id, person_id), idea, scenes, (avatar_first, avatar_last), created);
    // A project not proposed yet has no scenes, but its description names the scenes asked for.
    p.description = story::project_description(&p.idea, total);
    let running = match kind {
        ProjectStatus::Draft => {
            p.status = ProjectStatus::Draft;
            false
        }
        ProjectStatus::Creating => {
            // Its proposals were never made: it stays creating (no job of the simulator makes them).
            p.status = ProjectStatus::Creating;
            p.touch(created.plus_secs(rng.between(1, 20) as f64));
            false
        }
        ProjectStatus::Proposed => {
            if rng.chance(40) {
                // Some scene was edited after the proposal.
                let edited = later(&mut rng, p.updated_at, now.stamp);
                p.touch(edited);
            }
            false
        }
        ProjectStatus::Completed => {
            completed_history(&mut p, &cast, &mut rng, now);
            false
        }
        ProjectStatus::Failed => {
            let at_percent = rng.between(3, 97) as u8;
            approve(&mut p, &mut rng, now, Some(at_percent));
            false
        }
        ProjectStatus::Generating => {
            generating(&mut p, &mut rng, now);
            true
        }
        ProjectStatus::Upscaling => {
            completed_history(&mut p, &cast, &mut rng, now);
            upscaling(&mut p, &mut rng, now);
            true
        }
    };
    (p, running)
}

/// A moment after `from`: a minute to two days later, and never more than a quarter of the time left until
/// `now`, so a whole history (a few steps and jobs of at most 16 minutes each) ends before now.
fn later(rng: &mut Rng, from: Stamp, now: Stamp) -> Stamp {
    let left = (now.0 - from.0) as f64 / 1e6;
    let most = (2.0 * DAY).min(left / 4.0).max(60.0);
    from.plus_secs(60.0 + rng.unit() * (most - 60.0))
}

/// Plays the job just started on `p` to its end at speed 1, as if long ago: the real job code leaves the
/// assets, versions, progress, error and refunds (`credits_used`) it would leave. The refunds go to a ledger
/// of no one's: seeded projects were paid for before the simulator started.
fn play(p: &mut Project, now: &Now) {
    let secs = p.job.as_ref().map_or(0.0, |job| job.total_secs());
    generation::settle(p, &mut Ledger::new(0), now.instant + Duration::from_secs_f64(secs + 1.0), 1.0);
}

/// Approval some time after the proposal, and the generation played to its end: completed, or failed at
/// `fail_at_percent`.
fn approve(p: &mut Project, rng: &mut Rng, now: &Now, fail_at_percent: Option<u8>) {
    let at = later(rng, p.updated_at, now.stamp);
    p.credits_used = CREDITS_PER_SCENE * p.scenes.len() as i64;
    generation::start_generation(p, now.instant, at, fail_at_percent);
    play(p, now);
}

/// Generated, then perhaps a scene or two regenerated, then perhaps upscaled: each asset and cut version the
/// simulator serves.
fn completed_history(p: &mut Project, cast: &Cast, rng: &mut Rng, now: &Now) {
    approve(p, rng, now, None);
    let regenerations = if rng.chance(20) { rng.between(1, 2) } else { 0 };
    for _ in 0..regenerations {
        let index = rng.below(p.scenes.len() as u64) as usize;
        let video = rng.chance(70);
        let image = !video || rng.chance(50);
        let cost = if video { REGENERATE_VIDEO_COST } else { REGENERATE_IMAGE_ONLY_COST };
        let prompt = image.then(|| cast.new_image_prompt(rng, index + 1, p.scenes.len()));
        let prompts = Prompts { scene: index, image: prompt, motion: None };
        let at = later(rng, p.updated_at, now.stamp);
        p.credits_used += cost;
        generation::start_regeneration(p, Regeneration { image, video, cost, prompts }, now.instant, at, false);
        play(p, now);
    }
    if rng.chance(25) {
        let at = later(rng, p.updated_at, now.stamp);
        generation::start_upscale(p, now.instant, at, false);
        play(p, now);
    }
}

/// Approved lately, its generation under way at the server's speed (up to 95 % of it done), moving on from
/// here like any other. Proposed a while before it was approved, within the past year whatever the speed.
fn generating(p: &mut Project, rng: &mut Rng, now: &Now) {
    p.credits_used = CREDITS_PER_SCENE * p.scenes.len() as i64;
    generation::start_generation(p, now.instant, now.stamp, None);
    let started = under_way(p, rng.unit() * 0.95, now.stamp.plus_secs(-363.0 * DAY), now);
    let proposed = started.plus_secs(-(60.0 + rng.unit() * DAY));
    p.created_at = proposed.max(now.stamp.plus_secs(-364.0 * DAY));
    p.updated_at = p.created_at.advanced_to(started);
    generation::settle(p, &mut Ledger::new(0), now.instant, now.speed);
}

/// A completed project whose upscale runs now (up to 95 % of it done), started after its history. Under `alt`
/// the upscale is quiet: the project shows `completed`, unchanged, until it is done.
fn upscaling(p: &mut Project, rng: &mut Rng, now: &Now) {
    let before = p.updated_at;
    let quiet = now.profile.quiet_jobs();
    generation::start_upscale(p, now.instant, now.stamp, quiet);
    let started = under_way(p, rng.unit() * 0.95, before, now);
    if !quiet {
        p.updated_at = before.advanced_to(started);
    }
    generation::settle(p, &mut Ledger::new(0), now.instant, now.speed);
}

/// Moves the start of the job just begun on `p` back, as if `share` of it had passed at the server's speed,
/// but not before `since`: at a very slow speed a job started within the past year is only a little way in.
/// Returns when it began on the wall clock.
fn under_way(p: &mut Project, share: f64, since: Stamp, now: &Now) -> Stamp {
    let job = p.job.as_mut().expect("a job was just started");
    let room = (now.stamp.0 - since.0).max(0) as f64 / 1e6;
    let real = (share * job.total_secs() / now.speed).min(room);
    if let Some(started) = now.instant.checked_sub(Duration::from_secs_f64(real)) {
        job.started = started;
        job.started_at = now.stamp.plus_secs(-real);
        job.not_before = job.started_at;
    }
    job.started_at
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::default_users;

    fn store() -> Store {
        Store::new(&default_users(), 1.0, false)
    }

    #[test]
    fn the_same_count_gives_the_same_projects_and_batches_add_up() {
        let (instant, stamp) = (Instant::now(), Stamp(1_780_000_000_000_000));
        let texts = |store: &Store| {
            let mut all: Vec<(String, Stamp, &'static str)> =
                store.projects.values().map(|p| (p.idea.clone(), p.created_at, p.status.as_str())).collect();
            all.sort();
            all
        };
        let mut a = store();
        a.seed(1, 30, Profile::Default, instant, stamp).unwrap();
        let mut b = store();
        b.seed(1, 10, Profile::Default, instant, stamp).unwrap();
        b.seed(1, 20, Profile::Default, instant, stamp).unwrap();
        assert_eq!(texts(&a), texts(&b));
        let mut c = store();
        c.seed(2, 30, Profile::Default, instant, stamp).unwrap();
        assert!(c.projects.values().all(|p| [11, 12].contains(&p.person_id) && p.user_id == 2));
    }

    #[test]
    fn ids_follow_creation_and_histories_end_before_now() {
        let mut s = store();
        let stamp = crate::store::now_stamp();
        let ids = s.seed(1, 300, Profile::Default, Instant::now(), stamp).unwrap();
        assert_eq!(ids.len(), 300);
        let created: Vec<Stamp> = ids.iter().map(|id| s.projects[id].created_at).collect();
        assert!(created.windows(2).all(|w| w[0] <= w[1]));
        for p in s.projects.values() {
            assert!(p.created_at <= p.updated_at && p.updated_at <= stamp, "{}", p.id);
            assert!(p.created_at >= stamp.plus_secs(-365.0 * DAY), "{}", p.id);
        }
        // Each failed project says why, is charged at most its scenes, and one that failed before its last
        // scene was made got the rest back. (Which project the map lists first is not the same each run:
        // all of them are checked.)
        let failed: Vec<&Project> = s.projects.values().filter(|p| p.status == ProjectStatus::Failed).collect();
        assert!(!failed.is_empty(), "some failed");
        for p in &failed {
            assert!(p.error.as_deref().unwrap().contains("(simulated failure)"), "{}", p.id);
            assert!(p.credits_used <= CREDITS_PER_SCENE * p.scenes.len() as i64, "{}", p.id);
        }
        assert!(failed.iter().any(|p| p.credits_used < CREDITS_PER_SCENE * p.scenes.len() as i64), "a refund");
    }

    #[test]
    fn an_account_without_persons_gets_none() {
        let users = [crate::config::UserSeed { token: "t".into(), user_id: 7, credits: 0, persons: vec![] }];
        let mut s = Store::new(&users, 1.0, false);
        assert!(s.seed(7, 1, Profile::Default, Instant::now(), Stamp(0)).is_err());
        assert!(s.seed(8, 1, Profile::Default, Instant::now(), Stamp(0)).is_err());
        assert_eq!(s.default_seed_user(), Some(7));
    }
}
