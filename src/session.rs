//! Who is signed in and which API they talk to, shared through context.
//!
//! The token lives only here and in web storage (only here when the browser refuses storage); it is
//! handed to `api::Client`, which puts it in the `Authorization` header and nowhere else.
//!
//! A sign-in reaches every tab of the browser: signing out in one, or signing in there as another
//! account, ends it in the others within the moment the browser takes to tell them (`browser::tabs`).

use crate::api::{ApiError, Client, ErrorKind};
use crate::browser::kept_times;
use crate::browser::storage::{self, Persistence, Worth};
use crate::browser::tabs::{self, News};
use crate::config::Config;
use crate::domain::account::{fingerprint, owner, same_person};
use crate::domain::keys::{
    self, API_BASE_URL as BASE_URL_KEY, KEPT_AT_SIGN_OUT, KEPT_TIMES, LAST_LIST, LAST_PROJECTS, OWNER as OWNER_KEY,
    STORY_BATCH, STORY_BATCH_SENT, STORY_DRAFT, TOKEN as TOKEN_KEY,
};
use crate::domain::tab_words::{sign_out_word, signed_out};
use leptos::prelude::*;
use std::future::Future;
use std::pin::Pin;

type Answer<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

#[derive(Clone, Copy)]
pub struct Session {
    token: RwSignal<Option<String>>,
    /// Whose things this tab reads and writes (`account::owner`); kept after a 401, for their return.
    owner: StoredValue<String>,
    api_base_url: RwSignal<String>,
    /// A message for the sign-in screen, e.g. why the person was sent there.
    notice: RwSignal<Option<String>>,
    config: StoredValue<Config>,
}

impl Session {
    /// Restores the session from storage; the person's API address override wins over config.json.
    pub fn restore(config: Config) -> Self {
        let api_base_url = storage::read_value(BASE_URL_KEY).unwrap_or_else(|| config.api_base_url.clone());
        // The person's things live where their token does; after a 401 the token is gone, and their
        // things wait where the owner key is.
        let home = storage::found_in(TOKEN_KEY).or_else(|| storage::found_in(OWNER_KEY));
        storage::set_home(home);
        Self {
            token: RwSignal::new(storage::mine(TOKEN_KEY).filter(|t| !t.trim().is_empty())),
            owner: StoredValue::new(storage::mine(OWNER_KEY).unwrap_or_default()),
            api_base_url: RwSignal::new(api_base_url),
            notice: RwSignal::new(None),
            config: StoredValue::new(config),
        }
    }

    /// Hears the other tabs from now on: the shell calls it once, as it starts.
    pub fn follow_other_tabs(self) {
        tabs::listen_to_other_tabs();
        tabs::hear(move |news| self.heard(news));
    }

    pub fn signed_in(&self) -> bool {
        self.token.with(Option::is_some)
    }

    pub fn signed_in_untracked(&self) -> bool {
        self.token.with_untracked(Option::is_some)
    }

    /// Whose sign-in this tab holds, as `account::fingerprint` of its token (not the token): tabs
    /// signed in with the same token share what they read.
    pub fn account_untracked(&self) -> String {
        self.token.with_untracked(|t| fingerprint(t.as_deref().unwrap_or_default()))
    }

    pub fn api_base_url(&self) -> String {
        self.api_base_url.get()
    }

    pub fn api_base_url_untracked(&self) -> String {
        self.api_base_url.get_untracked()
    }

    pub fn default_api_base_url(&self) -> String {
        self.config.with_value(|c| c.api_base_url.clone())
    }

    /// Whose things this tab reads and writes: what a tab keeps in memory is shown to them alone.
    pub fn owner(&self) -> String {
        self.owner.get_value()
    }

    pub fn poll_interval_ms(&self) -> u64 {
        self.config.with_value(|c| (c.poll_interval_seconds * 1000.0).round() as u64)
    }

    /// Whether the person's things live on the device (after "Remember me", kept through a 401).
    pub fn remembered_on_device(&self) -> bool {
        storage::home() == Some(Persistence::Device)
    }

    /// A client for a token and address not yet accepted, to check them before signing in.
    pub fn client_for(&self, api_base_url: &str, token: &str) -> Client {
        // At most 3600 s (`Config::sanitised`), so the milliseconds fit a u32.
        Client::new(api_base_url, token, self.config.with_value(|c| c.request_timeout_seconds) as u32 * 1000)
    }

    /// A client for the signed-in person; signed out, the error (a 401, like the service's).
    fn client(&self) -> Result<Client, ApiError> {
        let token = self.token.get_untracked().ok_or_else(ApiError::signed_out)?;
        Ok(self.client_for(&self.api_base_url.get_untracked(), &token))
    }

    /// The person's things go where their token goes: the device with "Remember me", else this tab.
    /// Signing in as another person than the one whose things are kept there (after a 401) drops the
    /// story draft, the only one another account could see, and the last known list and projects; a
    /// project's drafts wait for its owner. A renewed token of the same account keeps them, when the
    /// service showed whose it is (`user_id`). A tab-only sign-in never touches the device's things,
    /// which may be another account's, signed in in another tab.
    pub fn sign_in(&self, api_base_url: &str, token: &str, remember: bool, user_id: Option<i64>) {
        let home = if remember { Persistence::Device } else { Persistence::Tab };
        let owner = owner(token.trim(), user_id);
        let device_free = storage::read_in(TOKEN_KEY, Persistence::Device).is_none();
        for area in [Persistence::Tab, Persistence::Device] {
            let kept = storage::read_in(OWNER_KEY, area);
            let same = same_person(kept.as_deref(), &owner);
            if !same && (area == home || area == Persistence::Tab) {
                forget_person_in(area);
            }
            // The same person's things from before (a 401, or "Remember me" chosen otherwise) come along,
            // unless the device is another tab's sign-in.
            if area != home && kept.is_some() && same && (area == Persistence::Tab || device_free) {
                storage::move_all(area, |k| {
                    ![TOKEN_KEY, OWNER_KEY].contains(&k)
                        && !KEPT_AT_SIGN_OUT.contains(&k)
                        && !keys::another_accounts(k, &owner)
                });
                storage::clear_but(area, &KEPT_AT_SIGN_OUT);
            }
        }
        storage::set_home(Some(home));
        storage::keep_mine(OWNER_KEY, &owner, Worth::Kept);
        storage::keep_mine(TOKEN_KEY, token.trim(), Worth::Kept);
        self.owner.set_value(owner);

        if api_base_url == self.default_api_base_url() {
            storage::remove(BASE_URL_KEY);
        } else {
            storage::write(BASE_URL_KEY, api_base_url, Persistence::Device);
        }
        self.api_base_url.set(api_base_url.to_owned());
        self.notice.set(None);
        self.token.set(Some(token.trim().to_owned()));
    }

    /// Leaves nothing of the person on this device (in this tab's storage and the device's), the names
    /// they gave person ids included: on a shared device a sign-out is how a person takes their things
    /// away, and names like "Mum" or a client's name say something about them. A 401 keeps the names,
    /// for the same account only (`browser::persons`). The API address and the theme stay: they say how
    /// this device is set up, not who used it.
    /// Every other tab of the person signs out too (`heard`).
    pub fn sign_out(&self) {
        // The owner key first: a tab told of the token's removal then finds it gone as well, which
        // tells a sign-out from a 401 (`heard`).
        if storage::home() == Some(Persistence::Device) {
            storage::remove(OWNER_KEY);
            storage::clear_but(Persistence::Device, &KEPT_AT_SIGN_OUT);
        }
        storage::clear_but(Persistence::Tab, &KEPT_AT_SIGN_OUT);
        tabs::say(&sign_out_word(&self.owner.get_value()));
        self.end("You are signed out.");
    }

    /// This tab's sign-in ends: nothing of the person is read or written here from now on, and the
    /// route guard sends the page to sign in, keeping its address to come back to (its timers and
    /// checks end with it).
    fn end(&self, notice: &str) {
        storage::set_home(None);
        kept_times::forget();
        self.notice.set(Some(notice.to_owned()));
        self.token.set(None);
    }

    /// The person signed out in another tab: what is theirs in this one goes too.
    fn signed_out_elsewhere(&self) {
        storage::clear_but(Persistence::Tab, &KEPT_AT_SIGN_OUT);
        self.end("You signed out in another tab.");
    }

    /// What another tab did, for this tab's sign-in.
    fn heard(&self, news: &News) {
        let owner = self.owner.get_value();
        match news {
            News::Said(text) => {
                // Even when a 401 has ended this tab's sign-in already: the person's things in it go too.
                if let Some(out) = signed_out(text) {
                    if !owner.is_empty() && same_person(Some(out), &owner) && storage::home().is_some() {
                        self.signed_out_elsewhere();
                    }
                }
            }
            News::Stored(key) => {
                let ours = key.as_deref().is_none_or(|k| k == TOKEN_KEY || k == OWNER_KEY);
                if !ours || storage::home() != Some(Persistence::Device) || !self.signed_in_untracked() {
                    return;
                }
                let token = storage::read_in(TOKEN_KEY, Persistence::Device);
                if token == self.token.get_untracked() {
                    return;
                }
                let now = storage::read_in(OWNER_KEY, Persistence::Device);
                match (token, now) {
                    // The same account signed in again in another tab, with a renewed token: taken on here.
                    (Some(token), Some(now)) if same_person(Some(&now), &owner) => {
                        self.owner.set_value(now);
                        self.token.set(Some(token));
                    }
                    (Some(_), _) => {
                        self.end("Another account signed in to storyreel in another tab, so you were signed out here.")
                    }
                    (None, None) => self.signed_out_elsewhere(),
                    // A 401 in another tab: the token is no longer accepted here either.
                    (None, Some(_)) => self.expired(),
                }
            }
        }
    }

    pub fn notice(&self) -> Option<String> {
        self.notice.get()
    }

    /// The one way pages talk to the service: `request` gets the signed-in person's client, taken
    /// now (before anything is awaited), and its error comes back as a `Failure`.
    /// An answer that comes after the sign-in ended (here or in another tab) is dropped, as
    /// `Failure::SignedOut`: nothing of it is shown, and nothing of the person is written back.
    pub fn call<T: 'static, F>(self, request: impl FnOnce(Client) -> F) -> impl Future<Output = Result<T, Failure>>
    where
        F: Future<Output = Result<T, ApiError>> + 'static,
    {
        // Boxed, so that the wasm carries the waiting once per kind of answer, not once per page.
        self.answer(self.client().map(|client| Box::pin(request(client)) as Answer<T>))
    }

    async fn answer<T>(self, answer: Result<Answer<T>, ApiError>) -> Result<T, Failure> {
        let answer = match answer {
            Ok(answer) => answer.await,
            Err(e) => Err(e),
        };
        match answer {
            _ if self.ended() => Err(Failure::SignedOut),
            answer => answer.map_err(|e| self.failure(e)),
        }
    }

    /// Not generic, so the wasm carries it once: no sign-in now, or a session gone with its app (a
    /// test's unmounted shell).
    fn ended(&self) -> bool {
        self.token.try_with_untracked(Option::is_none).unwrap_or(true)
    }

    /// A 401 signs the person out (the route guard then sends them to sign in and back, and their
    /// drafts stay in storage for their return); anything else is the page's to show.
    fn failure(&self, error: ApiError) -> Failure {
        if error.kind != ErrorKind::Unauthorized {
            return Failure::Show(error);
        }
        if self.signed_in_untracked() {
            storage::forget_mine(TOKEN_KEY);
            self.expired();
        }
        Failure::SignedOut
    }

    /// The token is no longer accepted: the person's things stay where they are, for their return.
    fn expired(&self) {
        self.notice.set(Some(
            "The service did not accept your access token (it may have expired). Sign in again to continue where you were."
                .into(),
        ));
        self.token.set(None);
    }
}

/// Drops the things of the person who signed in before from one area, when another signs in there.
fn forget_person_in(area: Persistence) {
    for key in [STORY_DRAFT, STORY_BATCH, STORY_BATCH_SENT, LAST_LIST, LAST_PROJECTS, KEPT_TIMES] {
        storage::remove_in(key, area);
    }
    kept_times::forget();
}

/// Why a `Session::call` brought no answer.
#[derive(Clone, Debug)]
pub enum Failure {
    /// The person was signed out and will be brought back: the page is going away, so the caller
    /// touches none of its state.
    SignedOut,
    /// Anything else: the page shows it.
    Show(ApiError),
}

pub fn use_session() -> Session {
    expect_context::<Session>()
}
