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
    /// Where links to the API itself (the list's next page) start: `--public-url` when given (`default`), else
    /// the origin the request was sent to (see `api::paging`).
    pub public_url: Option<String>,
    /// `http://` + the bound address, for a request without a usable `Host`.
    pub bound_origin: String,
    pub started: Instant,
    pub media_dir: std::path::PathBuf,
    pub profile: Profile,
}

pub type AppState = Arc<Shared>;

impl Shared {
    pub fn new(config: &Config, urls: Urls, bound_origin: String) -> Shared {
        let mut store = Store::new(&config.users, config.speed, config.fail_generation);
        store.list_page_size = config.page_size();
        if let Some(user) = store.default_seed_user().filter(|_| config.seed > 0) {
            let (instant, stamp) = (std::time::Instant::now(), crate::store::now_stamp());
            // A default user without persons gets none; the flag says so rather than stopping the server.
            if let Err(e) = store.seed(user, config.seed, config.profile, instant, stamp) {
                eprintln!("storyreel-sim: --seed {}: {}", config.seed, e.detail.as_str().unwrap_or_default());
            }
        }
        Shared {
            store: Mutex::new(store),
            urls,
            // Not used under `alt` (see main.rs's warning).
            public_url: config.public_url.clone().filter(|_| !config.profile.media_on_own_origin()),
            bound_origin,
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
