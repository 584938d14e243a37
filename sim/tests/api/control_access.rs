//! `/_sim` answers requests without an Origin and those from the app's origins only; `/api/v1` stays open.

use reqwest::Method;

use crate::support::*;

const STRANGER: &str = "http://evil.example";
const APP: &str = "http://127.0.0.1:8000";

/// A request to the simulator's origin as a page on `origin` would send it (`content-type` text/plain, so a
/// browser sends it without a preflight).
async fn from(sim: &Sim, method: Method, path: &str, origin: &str, body: Option<&str>) -> reqwest::Response {
    let mut request = sim.http.request(method, format!("{}{path}", sim.base)).header("origin", origin);
    if let Some(body) = body {
        request = request.header("content-type", "text/plain").body(body.to_owned());
    }
    request.send().await.unwrap()
}

async fn preflight(sim: &Sim, path: &str, origin: &str) -> reqwest::Response {
    sim.http
        .request(Method::OPTIONS, format!("{}{path}", sim.base))
        .header("origin", origin)
        .header("access-control-request-method", "PUT")
        .header("access-control-request-headers", "content-type")
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn another_origin_is_refused_before_anything_is_done() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    sim.approve(id).await;
    let faults = sim.send(Method::GET, "/_sim/faults", None, None).await.body;

    let r = from(&sim, Method::PUT, "/_sim/users/1/credits", STRANGER, Some(r#"{"credits": 999999}"#)).await;
    assert_eq!(r.status(), 403);
    assert!(r.headers().get("access-control-allow-origin").is_none(), "the page cannot read the answer");
    let body: serde_json::Value = r.json().await.unwrap();
    assert!(body["detail"].as_str().unwrap().contains("--app-origin"), "{body}");
    let r = from(&sim, Method::PUT, "/_sim/faults", STRANGER, Some(r#"{"error_500_count": 5}"#)).await;
    assert_eq!(r.status(), 403);
    let r = from(&sim, Method::POST, &format!("/_sim/projects/{id}/fail"), STRANGER, Some("")).await;
    assert_eq!(r.status(), 403);
    let r = from(&sim, Method::PUT, "/_sim/speed", STRANGER, Some(r#"{"speed": 100000}"#)).await;
    assert_eq!(r.status(), 403);
    for path in ["/_sim/users/1", "/_sim/requests", "/_sim/health", "/_sim/no-such-control"] {
        assert_eq!(from(&sim, Method::GET, path, STRANGER, None).await.status(), 403, "{path}");
    }
    assert_eq!(from(&sim, Method::DELETE, "/_sim/requests", STRANGER, None).await.status(), 403);
    let r = preflight(&sim, "/_sim/faults", STRANGER).await;
    assert_eq!(r.status(), 403, "no preflight lets it in");
    assert!(r.headers().get("access-control-allow-origin").is_none());

    // Nothing was done: the same requests without an Origin see everything as it was.
    assert_eq!(sim.credits(1).await, 4800);
    assert_eq!(sim.send(Method::GET, "/_sim/faults", None, None).await.body, faults);
    assert_eq!(sim.get(&format!("/scene-projects/{id}/status")).await.body["status"], "generating");
    assert_eq!(sim.send(Method::GET, "/_sim/speed", None, None).await.body["speed"], 1.0);
    sim.stop().await;
}

#[tokio::test]
async fn an_app_origin_is_let_in_with_cors_for_it_alone() {
    let sim = Sim::with(|c| c.app_origins = vec![APP.to_owned()]).await;
    let r = preflight(&sim, "/_sim/users/1/credits", APP).await;
    assert!([200, 204].contains(&r.status().as_u16()), "{}", r.status());
    assert_eq!(r.headers()["access-control-allow-origin"], APP);
    assert!(r.headers()["access-control-allow-methods"].to_str().unwrap().contains("PUT"));
    let r = sim
        .http
        .put(format!("{}/_sim/users/1/credits", sim.base))
        .header("origin", APP)
        .header("content-type", "application/json")
        .body(r#"{"credits": 1234}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["access-control-allow-origin"], APP);
    assert_eq!(sim.credits(1).await, 1234);
    assert_eq!(from(&sim, Method::GET, "/_sim/health", "http://127.0.0.1:8001", None).await.status(), 403);
    assert_eq!(from(&sim, Method::GET, "/_sim/health", "http://localhost:8000", None).await.status(), 403);
    let two = sim
        .http
        .get(format!("{}/_sim/health", sim.base))
        .header("origin", APP)
        .header("origin", STRANGER)
        .send()
        .await
        .unwrap();
    assert_eq!(two.status(), 403, "every Origin sent must be the app's");
    sim.stop().await;
}

#[tokio::test]
async fn with_serve_app_the_simulators_own_origin_is_the_apps() {
    let dir = std::env::temp_dir().join(format!("storyreel-sim-own-origin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>storyreel</title>").unwrap();
    let app_dir = dir.clone();
    let served = Sim::with(move |c| c.serve_app = Some(app_dir)).await;
    let own = served.base.clone();
    assert_eq!(from(&served, Method::GET, "/_sim/health", &own, None).await.status(), 200);
    assert_eq!(from(&served, Method::GET, "/_sim/health", STRANGER, None).await.status(), 403);
    served.stop().await;
    std::fs::remove_dir_all(dir).unwrap();

    let plain = Sim::start(1.0).await;
    let own = plain.base.clone();
    assert_eq!(from(&plain, Method::GET, "/_sim/health", &own, None).await.status(), 403, "no app served here");
    plain.stop().await;
}

#[tokio::test]
async fn the_api_stays_open_to_every_origin() {
    let sim = Sim::start(1.0).await;
    let r = sim
        .http
        .get(format!("{}/api/v1/scene-projects", sim.base))
        .bearer_auth(DEMO)
        .header("origin", STRANGER)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    let r = preflight(&sim, "/api/v1/scene-projects/1/scenes/101", STRANGER).await;
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    sim.stop().await;
}

#[tokio::test]
async fn alt_refuses_in_its_own_shape() {
    let sim = Sim::alt(1.0).await;
    let r = from(&sim, Method::PUT, "/_sim/faults", STRANGER, Some(r#"{"latency_ms": 5}"#)).await;
    let reply = Reply { status: r.status().as_u16(), headers: r.headers().clone(), body: r.json().await.unwrap() };
    assert_eq!(reply.status, 403);
    assert_eq!(alt_error(&reply).0, "forbidden");
    assert_eq!(sim.send(Method::GET, "/_sim/faults", None, None).await.body["latency_ms"], 0);
    sim.stop().await;
}
