use reqwest::Method;
use serde_json::json;

use crate::support::*;

#[tokio::test]
async fn every_endpoint_needs_a_bearer_token() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    let endpoints = [
        (Method::POST, "/stories/create".to_string()),
        (Method::GET, "/scene-projects".to_string()),
        (Method::GET, format!("/scene-projects/{id}")),
        (Method::GET, format!("/scene-projects/{id}/status")),
        (Method::PUT, format!("/scene-projects/{id}/scenes/101")),
        (Method::POST, format!("/scene-projects/{id}/approve")),
        (Method::POST, format!("/scene-projects/{id}/scenes/1/regenerate")),
        (Method::POST, format!("/scene-projects/{id}/upscale")),
    ];
    for (method, path) in endpoints {
        let r = sim.send(method.clone(), &path, None, Some("{}")).await;
        assert_eq!(r.status, 401, "{method} {path}");
        assert_eq!(detail(&r), "Not authenticated");
        assert_eq!(r.headers["www-authenticate"], "Bearer");
        assert_eq!(r.headers["content-type"], "application/json");

        let r = sim.send(method.clone(), &path, Some("stolen-token-123"), Some("{}")).await;
        assert_eq!(r.status, 401, "{method} {path}");
        assert_eq!(detail(&r), "Invalid or expired token");
        assert!(!r.body.to_string().contains("stolen-token-123"));
    }
    // The request was authenticated by nothing, so nothing changed.
    assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body["status"], "proposed");
    sim.stop().await;
}

#[tokio::test]
async fn only_the_bearer_scheme_is_accepted() {
    let sim = Sim::start(1.0).await;
    let r = sim
        .http
        .get(format!("{}/api/v1/scene-projects", sim.base))
        .header("authorization", "Basic ZGVtbzpkZW1v")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    assert_eq!(r.headers()["www-authenticate"], "Bearer");
    let r = sim
        .http
        .get(format!("{}/api/v1/scene-projects", sim.base))
        .header("authorization", "bearer demo-token")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "the scheme is case-insensitive");
    sim.stop().await;
}

#[tokio::test]
async fn another_users_project_is_not_found_and_never_leaked() {
    let sim = Sim::start(2000.0).await;
    let mine = sim.completed(2).await;
    let other = |m: Method, path: String, body: Option<&'static str>| {
        let sim = &sim;
        async move { sim.send(m, &path, Some(OTHER), body).await }
    };
    for (m, path, body) in [
        (Method::GET, format!("/scene-projects/{mine}"), None),
        (Method::GET, format!("/scene-projects/{mine}/status"), None),
        (Method::PUT, format!("/scene-projects/{mine}/scenes/101"), Some(r#"{"description":"hijacked"}"#)),
        (Method::POST, format!("/scene-projects/{mine}/approve"), Some(r#"{"confirm_credits":true}"#)),
        (Method::POST, format!("/scene-projects/{mine}/scenes/1/regenerate"), Some("{}")),
        (Method::POST, format!("/scene-projects/{mine}/upscale"), None),
    ] {
        let r = other(m.clone(), path.clone(), body).await;
        assert_eq!(r.status, 404, "{m} {path}");
        assert_eq!(detail(&r), format!("Project {mine} not found"));
        // The same answer as for a project that does not exist at all.
        let missing = other(m.clone(), path.replace(&format!("/{mine}"), "/424242"), body).await;
        assert_eq!(missing.status, 404);
    }
    let listed = sim.send(Method::GET, "/scene-projects", Some(OTHER), None).await;
    assert_eq!(listed.body, json!([]));
    // The other user's person ids are not usable either.
    let r = sim.post("/stories/create", json!({"person_id": 11, "story_idea": "An idea long enough"})).await;
    assert_eq!(r.status, 404);
    // Nothing the other user did changed the project or cost the owner anything.
    let p = sim.get(&format!("/scene-projects/{mine}")).await.body;
    assert!(!p["scenes"][0]["description"].as_str().unwrap().contains("hijacked"));
    assert_eq!(p["final_video_url_upscaled"], json!(null));
    assert_eq!(sim.credits(2).await, 300);
    sim.stop().await;
}

#[tokio::test]
async fn seeded_users_come_from_flags() {
    let sim = Sim::with(|c| {
        c.users = vec![storyreel_sim::UserSeed { token: "t-9".into(), user_id: 9, credits: 150, persons: vec![5] }];
    })
    .await;
    assert_eq!(
        sim.send(Method::GET, "/scene-projects", Some(DEMO), None).await.status,
        401,
        "the default seed is replaced"
    );
    let r = sim
        .send(
            Method::POST,
            "/stories/create",
            Some("t-9"),
            Some(r#"{"person_id":5,"story_idea":"Seeded by a flag","num_scenes":2}"#),
        )
        .await;
    assert_eq!(r.status, 201);
    assert_eq!(sim.get("/_sim/users/9").await.body["credits"], 150);
    sim.stop().await;
}
