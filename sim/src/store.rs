//! All mutable state behind one lock: users and their ledgers, projects, id counters, faults, request log.
//! It hands out projects; how they are written into responses (addresses, bodies) is decided above it, in
//! `urls.rs` and `views.rs`, so the store never imports them. `seed` gives an account many projects at once.

mod seed;

use std::collections::{BTreeSet, HashMap};
use std::time::{Instant, SystemTime};

use crate::clock::Stamp;
use crate::config::UserSeed;
use crate::error::{ApiError, ApiResult};
use crate::faults::Faults;
use crate::generation;
use crate::ids::Id;
use crate::ledger::Ledger;
use crate::model::Project;
use crate::request_log::RequestLog;

pub struct User {
    pub id: u64,
    pub persons: Vec<u64>,
    pub ledger: Ledger,
}

pub struct Store {
    pub users: HashMap<u64, User>,
    tokens: HashMap<String, u64>,
    pub projects: HashMap<u64, Project>,
    /// Projects with a running job, so bringing state up to date skips the idle ones.
    active: BTreeSet<u64>,
    next_project_id: u64,
    next_scene_id: u64,
    pub faults: Faults,
    pub requests: RequestLog,
    speed: f64,
    /// Projects given their own speed, so one test can watch at a human pace while others run fast.
    project_speeds: HashMap<u64, f64>,
    /// How many projects each user has been seeded with (`seed`), so the next batch goes on from there.
    seeded: HashMap<u64, u64>,
    /// The user seeding is for when none is named: demo-token's, else the first one given.
    default_user: Option<u64>,
    /// Projects per page of the list; 0 lists them all in one answer.
    pub list_page_size: u64,
}

impl Store {
    pub fn new(users: &[UserSeed], speed: f64, fail_generation: bool) -> Store {
        let mut store = Store {
            users: HashMap::new(),
            tokens: HashMap::new(),
            projects: HashMap::new(),
            active: BTreeSet::new(),
            next_project_id: 1,
            // Scene ids start far from scene numbers so a client mixing them up fails loudly.
            next_scene_id: 101,
            faults: Faults { fail_generation, ..Faults::default() },
            requests: RequestLog::default(),
            speed,
            project_speeds: HashMap::new(),
            seeded: HashMap::new(),
            default_user: users.iter().find(|u| u.token == "demo-token").or(users.first()).map(|u| u.user_id),
            list_page_size: 0,
        };
        for seed in users {
            store.tokens.insert(seed.token.clone(), seed.user_id);
            let user = store.users.entry(seed.user_id).or_insert_with(|| User {
                id: seed.user_id,
                persons: Vec::new(),
                ledger: Ledger::new(seed.credits),
            });
            user.persons.extend(&seed.persons);
        }
        store
    }

    pub fn user_for_token(&self, token: &str) -> Option<u64> {
        self.tokens.get(token).copied()
    }

    pub fn next_project_id(&mut self) -> u64 {
        let id = self.next_project_id;
        self.next_project_id += 1;
        id
    }

    pub fn next_scene_id(&mut self) -> u64 {
        let id = self.next_scene_id;
        self.next_scene_id += 1;
        id
    }

    /// The user's project, brought up to date, or a 404 that says the same whether it is missing or someone
    /// else's.
    pub fn project_mut(&mut self, user_id: u64, id: Id) -> ApiResult<&mut Project> {
        Ok(self.project_and_ledger(user_id, id)?.0)
    }

    /// The project and its owner's ledger, borrowed together for operations that charge or refund.
    pub fn project_and_ledger(&mut self, user_id: u64, id: Id) -> ApiResult<(&mut Project, &mut Ledger)> {
        let key = id.key().filter(|k| self.projects.get(k).is_some_and(|p| p.user_id == user_id));
        let key = key.ok_or_else(|| ApiError::not_found(format!("Project {id} not found")))?;
        self.settle_project(key, Instant::now());
        let project = self.projects.get_mut(&key).expect("checked above");
        let ledger = &mut self.users.get_mut(&user_id).expect("projects belong to seeded users").ledger;
        Ok((project, ledger))
    }

    pub fn mark_active(&mut self, project_id: u64) {
        self.active.insert(project_id);
    }

    /// Applies a running job's timeline up to `now`. State is settled where it is read (a project when it is
    /// looked at, a user's projects before their balance is), so a request costs the same with 1,000 projects.
    pub fn settle_project(&mut self, id: u64, now: Instant) {
        if !self.active.contains(&id) {
            return;
        }
        let speed = self.speed_for(id);
        let running = match self.projects.get_mut(&id) {
            Some(p) => {
                let ledger = &mut self.users.get_mut(&p.user_id).expect("projects belong to seeded users").ledger;
                generation::settle(p, ledger, now, speed)
            }
            None => false,
        };
        if !running {
            self.active.remove(&id);
        }
    }

    /// Settles every running job of a user: their list and their balance (refunds of failures) depend on them.
    pub fn settle_user(&mut self, user_id: u64, now: Instant) {
        let ids: Vec<u64> = self
            .active
            .iter()
            .copied()
            .filter(|id| self.projects.get(id).is_some_and(|p| p.user_id == user_id))
            .collect();
        for id in ids {
            self.settle_project(id, now);
        }
    }

    pub fn speed(&self) -> f64 {
        self.speed
    }

    pub fn speed_for(&self, project_id: u64) -> f64 {
        self.project_speeds.get(&project_id).copied().unwrap_or(self.speed)
    }

    /// Running jobs keep their progress; the rest of their time passes at the new speed.
    /// Projects with a speed of their own keep it.
    pub fn set_speed(&mut self, speed: f64, now: Instant) {
        let active: Vec<u64> = self.active.iter().copied().filter(|id| !self.project_speeds.contains_key(id)).collect();
        for id in active {
            self.rebase(id, speed, now);
        }
        self.speed = speed;
    }

    /// One project's speed, for this and every later job of it. False if there is no such project.
    pub fn set_project_speed(&mut self, project_id: u64, speed: f64, now: Instant) -> bool {
        if !self.projects.contains_key(&project_id) {
            return false;
        }
        self.rebase(project_id, speed, now);
        self.project_speeds.insert(project_id, speed);
        true
    }

    /// Moves a project's running job `secs` of job time ahead at its speed: a 409 if no job of it is under way.
    /// As with time that passes, what that time brought is applied where the project (or its owner's balance) is
    /// next read.
    pub fn advance(&mut self, project_id: u64, secs: f64, now: Instant) -> ApiResult<()> {
        self.settle_project(project_id, now);
        let speed = self.speed_for(project_id);
        let project = self.projects.get_mut(&project_id).expect("the caller found it");
        let status = project.status.as_str();
        let Some(job) = project.job.as_mut() else {
            return Err(ApiError::conflict(format!("Project {project_id} has no job under way (it is {status})")));
        };
        if !job.advance(secs, speed, now_stamp()) {
            return Err(ApiError::bad_request(format!(
                "This host's clock cannot move a job {secs} s ahead at speed {speed}"
            )));
        }
        Ok(())
    }

    fn rebase(&mut self, project_id: u64, speed: f64, now: Instant) {
        self.settle_project(project_id, now);
        let old = self.speed_for(project_id);
        if let Some(job) = self.projects.get_mut(&project_id).and_then(|p| p.job.as_mut()) {
            job.rebase(now, old, speed);
        }
    }
}

pub fn now_stamp() -> Stamp {
    Stamp::from_system(SystemTime::now())
}
