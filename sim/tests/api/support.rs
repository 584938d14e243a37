//! A real server on 127.0.0.1:0 per test and a small client for it.

use std::time::{Duration, Instant};

use reqwest::{header::HeaderMap, Method};
use serde_json::{json, Value};
use storyreel_sim::{Config, Profile, RunningServer};

pub const DEMO: &str = "demo-token";
pub const OTHER: &str = "other-token";

pub struct Sim {
    server: RunningServer,
    pub base: String,
    /// The media origin, `http://127.0.0.1:PORT`, when the profile has one (`alt`).
    pub media: Option<String>,
    pub http: reqwest::Client,
}

pub struct Reply {
    pub status: u16,
    pub body: Value,
    pub headers: HeaderMap,
}

impl Sim {
    pub async fn start(speed: f64) -> Sim {
        Sim::with(|c| c.speed = speed).await
    }

    pub async fn with(adjust: impl FnOnce(&mut Config)) -> Sim {
        let mut config = Config { addr: "127.0.0.1:0".parse().unwrap(), ..Config::default() };
        adjust(&mut config);
        let server = storyreel_sim::start(config).await.expect("server starts");
        Sim { base: server.url(), media: server.media_url(), server, http: reqwest::Client::new() }
    }

    /// A server answering with the `alt` profile (`--profile alt`).
    pub async fn alt(speed: f64) -> Sim {
        Sim::with(|c| {
            c.speed = speed;
            c.profile = Profile::Alt;
        })
        .await
    }

    pub async fn stop(self) {
        self.server.stop().await.unwrap();
    }

    /// Any request; `token` None sends no Authorization; `body` is sent raw when given.
    pub async fn send(&self, method: Method, path: &str, token: Option<&str>, body: Option<&str>) -> Reply {
        // API paths are written as in the spec, relative to /api/v1; a whole URL (media) is used as it is;
        // anything else is taken as given on the API's origin.
        let url = if path.starts_with("http://") {
            path.to_owned()
        } else if path.starts_with("/stories") || path.starts_with("/scene-projects") {
            format!("{}/api/v1{path}", self.base)
        } else {
            format!("{}{path}", self.base)
        };
        let mut request = self.http.request(method, url);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.header("content-type", "application/json").body(body.to_owned());
        }
        let response = request.send().await.expect("request reaches the server");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Reply { status, body, headers }
    }

    pub async fn get(&self, path: &str) -> Reply {
        self.send(Method::GET, path, Some(DEMO), None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Reply {
        self.send(Method::POST, path, Some(DEMO), Some(&body.to_string())).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Reply {
        self.send(Method::PUT, path, Some(DEMO), Some(&body.to_string())).await
    }

    /// A proposed project of the demo user; returns its id.
    pub async fn create(&self, scenes: u32) -> u64 {
        let r = self.post("/stories/create", json!({"person_id": 1, "story_idea": "A lighthouse keeper befriends a lonely whale", "num_scenes": scenes})).await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        r.body["id"].as_u64().unwrap()
    }

    pub async fn approve(&self, id: u64) {
        let r = self.post(&format!("/scene-projects/{id}/approve"), json!({"confirm_credits": true})).await;
        assert_eq!(r.status, 202, "{:?}", r.body);
    }

    /// A completed project of `scenes` scenes.
    pub async fn completed(&self, scenes: u32) -> u64 {
        let id = self.create(scenes).await;
        self.approve(id).await;
        self.wait_status(id, "completed").await;
        id
    }

    /// Polls the status endpoint until its status is `wanted`; panics after 20 s.
    pub async fn wait_status(&self, id: u64, wanted: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let r = self.get(&format!("/scene-projects/{id}/status")).await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            if r.body["status"] == wanted {
                return r.body;
            }
            assert!(Instant::now() < deadline, "project {id} never became {wanted}: {}", r.body);
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The status answer of project `id`, which must be 200.
    pub async fn status(&self, id: u64) -> Value {
        let r = self.get(&format!("/scene-projects/{id}/status")).await;
        assert_eq!(r.status, 200, "status of project {id}: {}", r.body);
        r.body
    }

    /// Gives project `id` its own speed (`PUT /_sim/projects/{id}/speed`), for this and its later jobs.
    pub async fn project_speed(&self, id: u64, speed: f64) {
        let r = self.put(&format!("/_sim/projects/{id}/speed"), json!({ "speed": speed })).await;
        assert_eq!(r.status, 200, "project {id} at speed {speed}: {}", r.body);
    }

    /// Project `id` at the slowest speed: its job, now and later, stands still until moved (`advance`), so
    /// what a test reads of it does not depend on how fast the host runs the test.
    pub async fn freeze(&self, id: u64) {
        self.project_speed(id, 1e-6).await;
    }

    /// Moves project `id`'s running job `secs` of job time ahead (`POST /_sim/projects/{id}/advance`).
    pub async fn advance(&self, id: u64, secs: f64) -> Value {
        let r = self.post(&format!("/_sim/projects/{id}/advance"), json!({ "seconds": secs })).await;
        assert_eq!(r.status, 200, "project {id} moved {secs} s ahead: {}", r.body);
        r.body
    }

    pub async fn credits(&self, user: u64) -> i64 {
        self.get(&format!("/_sim/users/{user}")).await.body["credits"].as_i64().unwrap()
    }
}

pub fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().expect("an object").keys().cloned().collect();
    k.sort();
    k
}

pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut k: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    k.sort();
    k
}

/// The message of a `{"detail": "..."}` body.
pub fn detail(r: &Reply) -> &str {
    r.body["detail"].as_str().unwrap_or_else(|| panic!("no detail message in {}", r.body))
}

/// The code and message of an `alt` profile error body, `{"error": {"code": "...", "message": "..."}}`, which
/// has nothing else in it.
pub fn alt_error(r: &Reply) -> (&str, &str) {
    assert_eq!(keys(&r.body), ["error"], "{}", r.body);
    assert_eq!(keys(&r.body["error"]), ["code", "message"], "{}", r.body);
    (r.body["error"]["code"].as_str().unwrap(), r.body["error"]["message"].as_str().unwrap())
}
