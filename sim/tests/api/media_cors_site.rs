use reqwest::Method;
use serde_json::json;

use crate::support::*;

#[tokio::test]
async fn media_is_served_with_types_ranges_and_versions() {
    let sim = Sim::start(2000.0).await;
    let id = sim.completed(2).await;
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;

    let image = sim.http.get(p["scenes"][1]["image_url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(image.status(), 200);
    assert_eq!(image.headers()["content-type"], "image/svg+xml");
    assert_eq!(image.headers()["cross-origin-resource-policy"], "cross-origin", "embeddable under COEP");
    let svg = image.text().await.unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("Scene 2") && svg.contains("lighthouse"), "{svg}");

    let clip = sim.http.get(p["scenes"][0]["video_url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(clip.status(), 200);
    assert_eq!(clip.headers()["content-type"], "video/webm");
    assert_eq!(clip.headers()["cross-origin-resource-policy"], "cross-origin");
    assert_eq!(&clip.bytes().await.unwrap()[..4], &[0x1A, 0x45, 0xDF, 0xA3], "a WebM (EBML) file");

    let url = p["final_video_url"].as_str().unwrap();
    let part = sim.http.get(url).header("range", "bytes=100-199").send().await.unwrap();
    assert_eq!(part.status(), 206);
    assert!(part.headers()["content-range"].to_str().unwrap().starts_with("bytes 100-199/"));
    assert_eq!(part.bytes().await.unwrap().len(), 100);
    let head = sim.http.head(url).send().await.unwrap();
    assert_eq!(head.headers()["accept-ranges"], "bytes");

    for missing in [
        format!("/media/projects/{id}/final-v2.webm"),
        format!("/media/projects/{id}/final-v1-upscaled.webm"),
        format!("/media/projects/{id}/scenes/1/image-v2.svg"),
        format!("/media/projects/{id}/scenes/3/video-v1.webm"),
        "/media/projects/999/final-v1.webm".to_string(),
        "/media/projects/99999999999999999999999/final-v1.webm".to_string(),
        "/media/elsewhere".to_string(),
    ] {
        assert_eq!(sim.send(Method::GET, &missing, None, None).await.status, 404, "{missing}");
    }
    sim.stop().await;
}

#[tokio::test]
async fn media_urls_use_the_public_url() {
    let sim = Sim::with(|c| {
        c.speed = 2000.0;
        c.public_url = Some("https://cdn.example".into());
    })
    .await;
    let id = sim.completed(2).await;
    let status = sim.get(&format!("/scene-projects/{id}/status")).await.body;
    assert_eq!(status["final_video_url"], format!("https://cdn.example/media/projects/{id}/final-v1.webm"));
    sim.stop().await;
}

#[tokio::test]
async fn cors_lets_a_browser_app_on_another_origin_in() {
    let sim = Sim::start(1.0).await;
    let preflight = sim
        .http
        .request(Method::OPTIONS, format!("{}/api/v1/scene-projects/1/approve", sim.base))
        .header("origin", "http://localhost:8080")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "authorization,content-type")
        .send()
        .await
        .unwrap();
    assert!([200, 204].contains(&preflight.status().as_u16()), "{}", preflight.status());
    let h = preflight.headers();
    assert_eq!(h["access-control-allow-origin"], "*");
    let methods = h["access-control-allow-methods"].to_str().unwrap().to_ascii_uppercase();
    for m in ["GET", "POST", "PUT", "DELETE", "OPTIONS"] {
        assert!(methods.contains(m), "{methods}");
    }
    let headers = h["access-control-allow-headers"].to_str().unwrap().to_ascii_lowercase();
    assert!(headers.contains("authorization") && headers.contains("content-type"), "{headers}");

    let r = sim
        .http
        .get(format!("{}/api/v1/scene-projects", sim.base))
        .bearer_auth(DEMO)
        .header("origin", "https://storyreel.example")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    let r = sim
        .http
        .get(format!("{}/api/v1/scene-projects", sim.base))
        .header("origin", "https://storyreel.example")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    assert_eq!(r.headers()["access-control-allow-origin"], "*", "errors are readable cross-origin too");
    let r = sim
        .http
        .get(format!("{}/media/projects/1/final-v1.webm", sim.base))
        .header("origin", "https://storyreel.example")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    sim.stop().await;
}

#[tokio::test]
async fn without_an_app_the_root_is_a_short_404() {
    let sim = Sim::start(1.0).await;
    let r = sim.send(Method::GET, "/", None, None).await;
    assert_eq!(r.status, 404);
    assert!(r.body.as_str().unwrap().contains("--serve-app"));
    let r = sim.send(Method::GET, "/api/v1/nothing-here", Some(DEMO), None).await;
    assert_eq!((r.status, r.headers["content-type"].to_str().unwrap()), (404, "application/json"));
    sim.stop().await;
}

#[tokio::test]
async fn serves_a_built_app_with_deep_link_fallback() {
    let dir = std::env::temp_dir().join(format!("storyreel-sim-app-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>storyreel</title>").unwrap();
    std::fs::write(dir.join("assets/app.js"), "console.log('hi')").unwrap();
    let app_dir = dir.clone();
    let sim = Sim::with(move |c| c.serve_app = Some(app_dir)).await;

    let r = sim.send(Method::GET, "/", None, None).await;
    assert_eq!(r.status, 200);
    assert!(r.body.as_str().unwrap().contains("<title>storyreel</title>"));
    let r = sim.http.get(format!("{}/assets/app.js", sim.base)).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().contains("javascript"));
    let r = sim.send(Method::GET, "/projects/7/result", None, None).await;
    assert_eq!(r.status, 200, "a deep link gets the app");
    assert!(r.body.as_str().unwrap().contains("<title>storyreel</title>"));
    for reserved in ["/api/v2/scene-projects", "/api", "/media/nope.webm", "/_sim/nope"] {
        let r = sim.send(Method::GET, reserved, None, None).await;
        assert_eq!(r.status, 404, "{reserved}");
        assert_eq!(r.body, json!({"detail": "Not Found"}), "{reserved}");
    }
    assert_eq!(sim.get("/scene-projects").await.status, 200, "the API still answers");
    sim.stop().await;
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn json_answers_are_gzip_compressed_when_the_request_accepts_it() {
    let sim = Sim::start(2000.0).await;
    for _ in 0..3 {
        sim.create(10).await;
    }
    let list = |encoding: Option<&'static str>| {
        let mut request = sim.http.get(format!("{}/api/v1/scene-projects", sim.base)).bearer_auth(DEMO);
        if let Some(encoding) = encoding {
            request = request.header("accept-encoding", encoding);
        }
        request.send()
    };
    let plain = list(None).await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none(), "none asked, none sent");
    let plain = plain.bytes().await.unwrap();
    let zipped = list(Some("gzip, deflate, br")).await.unwrap();
    assert_eq!(zipped.headers()["content-encoding"], "gzip");
    assert!(zipped.headers()["vary"].to_str().unwrap().to_ascii_lowercase().contains("accept-encoding"));
    let zipped = zipped.bytes().await.unwrap();
    assert!(zipped.len() * 4 < plain.len(), "{} B of gzip for {} B of JSON", zipped.len(), plain.len());
    sim.stop().await;
}
