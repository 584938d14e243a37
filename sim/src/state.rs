//! What every handler is given: the store behind its lock, and the fixed choices of this server (its media
//! addresses, profile, fixtures). It lives above the store, `urls.rs` and `views.rs`, so the store never imports
//! the code that writes it into responses.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use crate::config::{Config, Profile};
use crate::store::Store;
use crate::urls::Urls;
use crate::views::View;

pub struct Shared {
    store: Mutex<Store>,
    pub urls: Urls,
    pub started: Instant,
    pub media_dir: std::path::PathBuf,
    pub profile: Profile,
}

pub type AppState = Arc<Shared>;

impl Shared {
    pub fn new(config: &Config, urls: Urls) -> Shared {
        Shared {
            store: Mutex::new(Store::new(&config.users, config.speed, config.fail_generation)),
            urls,
            started: Instant::now(),
            media_dir: config.media_dir.clone(),
            profile: config.profile,
        }
    }

    /// Writes response bodies the way this server's profile answers.
    pub fn view(&self) -> View<'_> {
        View { urls: &self.urls, profile: self.profile }
    }

    pub fn store(&self) -> MutexGuard<'_, Store> {
        // A panicking handler leaves no half-made change worth refusing all later requests over.
        self.store.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
