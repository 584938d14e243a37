//! Who is signed in and which API they talk to, shared through context.
//!
//! The token lives only here and in web storage (only here when the browser refuses storage); it is
//! handed to `api::Client`, which puts it in the `Authorization` header and nowhere else.

use crate::api::{ApiError, Client, ErrorKind};
use crate::browser::storage::{self, Persistence};
use crate::browser::{kept_times, last_known};
use crate::config::Config;
use crate::domain::account::{fingerprint, owner, same_person};
use crate::domain::keys::{self, API_BASE_URL as BASE_URL_KEY, OWNER as OWNER_KEY, STORY_DRAFT, TOKEN as TOKEN_KEY};
use leptos::prelude::*;
use std::future::Future;
use std::pin::Pin;

type Answer<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

#[derive(Clone, Copy)]
pub struct Session {
    token: RwSignal<Option<String>>,
    api_base_url: RwSignal<String>,
    /// A message for the sign-in screen, e.g. why the person was sent there.
    notice: RwSignal<Option<String>>,
    config: StoredValue<Config>,
}

impl Session {
    /// Restores the session from storage; the person's API address override wins over config.json.
    pub fn restore(config: Config) -> Self {
        let api_base_url = storage::read_value(BASE_URL_KEY).unwrap_or_else(|| config.api_base_url.clone());
        Self {
            token: RwSignal::new(storage::read_value(TOKEN_KEY).filter(|t| !t.trim().is_empty())),
            api_base_url: RwSignal::new(api_base_url),
            notice: RwSignal::new(None),
            config: StoredValue::new(config),
        }
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

    pub fn poll_interval_ms(&self) -> u64 {
        self.config.with_value(|c| (c.poll_interval_seconds * 1000.0).round() as u64)
    }

    pub fn remembered_on_device(&self) -> bool {
        storage::home_of(TOKEN_KEY) == Persistence::Device
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

    /// Signing in as another person than the one whose things are kept (after a 401) drops the story
    /// draft, the only one another account could see, and the last known list and projects; a
    /// project's drafts wait for its owner. A renewed token of the same account keeps them, when the
    /// service showed whose it is (`user_id`).
    pub fn sign_in(&self, api_base_url: &str, token: &str, remember: bool, user_id: Option<i64>) {
        let persistence = if remember { Persistence::Device } else { Persistence::Tab };
        let owner = owner(token.trim(), user_id);
        if !same_person(storage::read_value(OWNER_KEY).as_deref(), &owner) {
            storage::remove(STORY_DRAFT);
            last_known::forget_all();
        }
        storage::write(OWNER_KEY, &owner, Persistence::Device);
        storage::write(TOKEN_KEY, token.trim(), persistence);
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
    pub fn sign_out(&self) {
        storage::clear_all_but(&keys::KEPT_AT_SIGN_OUT);
        kept_times::forget();
        self.notice.set(Some("You are signed out.".into()));
        self.token.set(None);
    }

    pub fn notice(&self) -> Option<String> {
        self.notice.get()
    }

    /// The one way pages talk to the service: `request` gets the signed-in person's client, taken
    /// now (before anything is awaited), and its error comes back as a `Failure`.
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
        answer.map_err(|e| self.failure(e))
    }

    /// A 401 signs the person out (the route guard then sends them to sign in and back, and their
    /// drafts stay in storage for their return); anything else is the page's to show.
    fn failure(&self, error: ApiError) -> Failure {
        if error.kind != ErrorKind::Unauthorized {
            return Failure::Show(error);
        }
        if self.signed_in_untracked() {
            storage::remove(TOKEN_KEY);
            self.notice.set(Some(
                "The service did not accept your access token (it may have expired). Sign in again to continue where you were."
                    .into(),
            ));
            self.token.set(None);
        }
        Failure::SignedOut
    }
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
