//! The only code that speaks HTTP: one async method per endpoint of the spec (section 4).

use super::boot_reads;
use super::error::{hidden, retry_after_seconds, ApiError};
use super::link::next_in_link_header;
use super::model::*;
use super::query::ProjectFilter;
use gloo_net::http::{Method, RequestBuilder};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen_futures::JsFuture;

/// The longest a request is held back for the service's `Retry-After`: a longer wait is said in the
/// message, and the person's next try goes out after this.
const MAX_HOLD_MS: f64 = 60_000.0;
/// Projects of one list answer read between two pauses (`Client::list_page`): 2,000 took 18.8 ms natively
/// (release build, this machine), so a task of 200 is about 2 ms there; the wasm's own figure per task is
/// not measured apart (the list benchmark's longest task, 99 ms at 1x, is the whole answer's text).
const PROJECTS_A_TASK: usize = 200;

thread_local! {
    /// When the service said it may be asked again (ms since the epoch): it is one service, so the
    /// wait it asks for holds for every request, whichever page sends it.
    static NOT_BEFORE: Cell<f64> = const { Cell::new(0.0) };
}

/// Knows where the API is and who is asking. Cheap to clone; build one per action from the session.
#[derive(Clone, PartialEq, Eq)]
pub struct Client {
    base_url: String,
    token: String,
    timeout_ms: u32,
}

// The token must never reach a log line, so Debug shows only where the client points.
impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client").field("base_url", &self.base_url).finish_non_exhaustive()
    }
}

impl Client {
    pub fn new(base_url: &str, token: &str, timeout_ms: u32) -> Self {
        Self { base_url: base_url.trim().trim_end_matches('/').to_owned(), token: token.trim().to_owned(), timeout_ms }
    }

    /// The create response (2.3), read as the project it made.
    pub async fn create_project(&self, request: &CreateProjectRequest) -> Result<Project, ApiError> {
        read(&self.send(Method::POST, "/stories/create", Some(body(request))).await?)
    }

    pub async fn list_projects(&self, filter: &ProjectFilter) -> Result<Vec<Project>, ApiError> {
        self.list_projects_as_read(filter).await.map(|(list, _)| list)
    }

    /// The list and the text it was read from, which the device keeps as the last known list.
    pub async fn list_projects_as_read(&self, filter: &ProjectFilter) -> Result<(Vec<Project>, String), ApiError> {
        self.list_page(filter, None).await.map(|page| (page.projects, page.text))
    }

    /// One page of the list: the first (`at` none) with the filter as parameters, or the one at an
    /// address a page before gave. A service that sends the list in pages says where the next is in
    /// the body or a `Link` header; it is followed only on the API's own origin, which is the only one
    /// the token goes to.
    pub async fn list_page(&self, filter: &ProjectFilter, at: Option<&str>) -> Result<ListPage, ApiError> {
        // The filter goes as parameters, never inside the path: gloo-net adds its own (empty) query
        // after an `&`, which left every filtered request ending in `&`.
        let (url, query) = match at {
            Some(at) => (at.to_owned(), Vec::new()),
            None => (format!("{}/scene-projects", self.base_url), filter.pairs()),
        };
        let answer = self.exchange(Method::GET, &url, &query, None).await?;
        let list = read::<ProjectList<&RawValue>>(&answer.text)?;
        let mut projects = Vec::with_capacity(list.projects.len());
        for (n, project) in list.projects.iter().enumerate() {
            // One answer may hold thousands (12 MB for 2,000): read in one go, it held the page for a
            // long task (163 ms at 1x); a few hundred a task leave it free for the person's keys between.
            if n > 0 && n % PROJECTS_A_TASK == 0 {
                gloo_timers::future::TimeoutFuture::new(0).await;
            }
            projects.push(read::<Project>(project.get())?);
        }
        let next = list.next.or_else(|| answer.link.as_deref().and_then(next_in_link_header));
        let next = next.map(|next| match same_origin(&next, &answer.url, &self.base_url) {
            Some(url) => Next::At(url),
            None => Next::Elsewhere,
        });
        Ok(ListPage { projects, text: answer.text, next })
    }

    pub async fn get_project(&self, id: i64) -> Result<Project, ApiError> {
        read_project(&self.project_text(id).await?)
    }

    /// The project's answer as sent, for `read_project` where it is used: in the pages' own code, not
    /// the first load (`hooks::read_and_keep_project`).
    pub async fn project_text(&self, id: i64) -> Result<String, ApiError> {
        self.send(Method::GET, &format!("/scene-projects/{id}"), None).await
    }

    /// The response body is "not shown"; callers re-read the project when they need the new state.
    pub async fn update_scene(&self, project_id: i64, scene_id: i64, update: &SceneUpdate) -> Result<(), ApiError> {
        accepted(
            &self
                .send(Method::PUT, &format!("/scene-projects/{project_id}/scenes/{scene_id}"), Some(body(update)))
                .await?,
        )
    }

    pub async fn approve_project(&self, id: i64, request: &ApproveRequest) -> Result<(), ApiError> {
        accepted(&self.send(Method::POST, &format!("/scene-projects/{id}/approve"), Some(body(request))).await?)
    }

    pub async fn project_status(&self, id: i64) -> Result<StatusReport, ApiError> {
        read_status(&self.status_text(id).await?)
    }

    /// The status answer as sent, for `read_status` where it is used (as `project_text`); the tab
    /// that checks shares this text with the others.
    pub async fn status_text(&self, id: i64) -> Result<String, ApiError> {
        self.send(Method::GET, &format!("/scene-projects/{id}/status"), None).await
    }

    /// `scene_number` is the scene's position, which the spec's path uses, never the scene id.
    pub async fn regenerate_scene(
        &self,
        project_id: i64,
        scene_number: i64,
        request: &RegenerateRequest,
    ) -> Result<(), ApiError> {
        let path = format!("/scene-projects/{project_id}/scenes/{scene_number}/regenerate");
        accepted(&self.send(Method::POST, &path, Some(body(request))).await?)
    }

    pub async fn upscale_project(&self, id: i64) -> Result<(), ApiError> {
        accepted(&self.send(Method::POST, &format!("/scene-projects/{id}/upscale"), None).await?)
    }

    /// One request, answered with the body's text. Not generic, so the wasm carries it once.
    async fn send(&self, method: Method, path: &str, body: Option<String>) -> Result<String, ApiError> {
        let url = format!("{}{path}", self.base_url);
        self.exchange(method, &url, &[], body).await.map(|answer| answer.text)
    }

    async fn exchange(
        &self,
        method: Method,
        url: &str,
        query: &[(&str, String)],
        body: Option<String>,
    ) -> Result<Exchanged, ApiError> {
        let now = js_sys::Date::now();
        let hold = NOT_BEFORE.get().min(now + MAX_HOLD_MS) - now;
        if hold > 0.0 {
            gloo_timers::future::TimeoutFuture::new(hold as u32).await;
        }
        let reads = method == Method::GET;
        let controller = web_sys::AbortController::new().map_err(|_| ApiError::network())?;
        let timed_out = Rc::new(Cell::new(false));
        // Dropping the timer at the end of this function cancels it.
        let _timer = {
            let (controller, timed_out) = (controller.clone(), timed_out.clone());
            gloo_timers::callback::Timeout::new(self.timeout_ms, move || {
                timed_out.set(true);
                controller.abort();
            })
        };
        let builder = RequestBuilder::new(url)
            .method(method)
            .query(query.iter().map(|(k, v)| (*k, v.as_str())))
            .header("Accept", "application/json")
            .header("Authorization", &format!("Bearer {}", self.token))
            .abort_signal(Some(&controller.signal()));
        let request = match body {
            Some(body) => builder.header("Content-Type", "application/json").body(body),
            None => builder.build(),
        }
        .map_err(|_| ApiError::network())?;
        let fail = |timed_out: &Cell<bool>| if timed_out.get() { ApiError::timeout() } else { ApiError::network() };
        let sent_to = request.url();

        // The same read started by index.html before the app ran is taken instead of sent again.
        // This request's timer ends it too, as it would the request.
        let started = reads.then(|| boot_reads::take(&sent_to, &self.token, &controller.signal())).flatten();
        let (response, text) = match started {
            Some(started) => boot_reads::answer(&JsFuture::from(started).await.map_err(|_| fail(&timed_out))?),
            None => {
                let response = request.send().await.map_err(|_| fail(&timed_out))?;
                let text = response.text().await.map_err(|_| fail(&timed_out))?;
                (response, text)
            }
        };
        if !response.ok() {
            let now = js_sys::Date::now();
            let retry_after = response.headers().get("retry-after");
            let retry_after = retry_after.and_then(|v| retry_after_seconds(&v, now, js_sys::Date::parse));
            let error = ApiError::from_response_hiding(response.status(), retry_after, &text, &self.token);
            if let Some(seconds) = error.retry_after_seconds {
                NOT_BEFORE.set(now + seconds as f64 * 1000.0);
            }
            return Err(error);
        }
        // Whatever reads this text later (a decode error quoting it, the copy kept on the device, the
        // one shared with other tabs) has no token to give away.
        let link = response.headers().get("link");
        Ok(Exchanged { text: hidden(text, &self.token), link, url: sent_to })
    }
}

/// What one request brought back: the body's text, its `Link` header, and the address it was sent to.
struct Exchanged {
    text: String,
    link: Option<String>,
    url: String,
}

/// A page of the list (`Client::list_page`).
pub struct ListPage {
    pub projects: Vec<Project>,
    /// The answer as sent, which the device keeps (the first page's) as the last known list.
    pub text: String,
    pub next: Option<Next>,
}

/// Where the service said the list goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// An address on the API's origin, resolved.
    At(String),
    /// Another origin (or no address at all): not followed, the token stays with the API.
    Elsewhere,
}

/// `next` resolved against the page it came from, if it is on the API's origin (`base`, itself
/// resolved against the app's address when it is a path on this site).
fn same_origin(next: &str, page: &str, base: &str) -> Option<String> {
    let here = web_sys::window()?.location().href().ok()?;
    let api = web_sys::Url::new_with_base(base, &here).ok()?;
    let next = web_sys::Url::new_with_base(next, page).ok()?;
    let web = matches!(next.protocol().as_str(), "https:" | "http:");
    (web && next.origin() == api.origin()).then(|| next.href())
}

fn body(request: &impl Serialize) -> String {
    // Writing a struct of strings, integers and booleans to a String cannot fail.
    serde_json::to_string(request).unwrap_or_default()
}

/// The answer to a scene edit (4.4, "not shown"), approve (4.5), regenerate (4.7, "not shown") and
/// upscale (4.8): the app acts on the success alone and re-reads the project for its state, so any JSON is an acceptance (a proxy's
/// page is not). No model for them: a reader the app has no use for would only cost the wasm.
fn accepted(body: &str) -> Result<(), ApiError> {
    read::<serde::de::IgnoredAny>(body).map(drop)
}

/// A list answer's text (one kept on the device, too), read as the service's answer is.
pub fn read_list(body: &str) -> Result<Vec<Project>, ApiError> {
    read::<ProjectList<&RawValue>>(body)?.projects.iter().map(|project| read(project.get())).collect()
}

/// A project answer's text (one kept on the device, too), read as the service's answer is.
pub fn read_project(body: &str) -> Result<Project, ApiError> {
    read(body)
}

/// A status answer's text (one another tab read, too), read as the service's answer is.
pub fn read_status(body: &str) -> Result<StatusReport, ApiError> {
    read(body)
}

/// The answer the spec describes, or why the body is not it. An empty success body (e.g. 204) reads
/// as an empty object, which an answer whose every field is optional accepts.
fn read<'a, T: Deserialize<'a>>(body: &'a str) -> Result<T, ApiError> {
    let body = if body.trim().is_empty() { "{}" } else { body };
    serde_json::from_str(body).map_err(|e| ApiError::decode_because(&e))
}
