//! `--profile alt`: media on an origin of its own, with signed CDN-style links, served like the default media.

use reqwest::Method;
use serde_json::json;

use crate::support::*;

#[tokio::test]
async fn media_lives_on_its_own_origin_with_signed_links() {
    let sim = Sim::alt(2000.0).await;
    let media = sim.media.clone().expect("the alt profile has a media origin");
    assert!(media.starts_with("http://127.0.0.1:") && media != sim.base, "{media} vs {}", sim.base);
    let profile = sim.send(Method::GET, "/_sim/profile", None, None).await.body;
    assert_eq!(profile, json!({"profile": "alt", "storage_url": format!("{media}/cdn/v2")}));

    let id = sim.completed(2).await;
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    let final_url = p["final_video_url"].as_str().unwrap();
    let prefix = format!("{media}/cdn/v2/projects/{id}/final.webm?v=1&sig=");
    assert!(final_url.starts_with(&prefix), "{final_url}");
    assert_eq!(final_url.len(), prefix.len() + 16, "a 16-digit signature: {final_url}");
    let image = p["scenes"][1]["image_url"].as_str().unwrap();
    assert!(image.starts_with(&format!("{media}/cdn/v2/projects/{id}/scenes/2/image.svg?v=1&sig=")), "{image}");
    let clip = p["scenes"][0]["video_url"].as_str().unwrap();
    assert!(clip.starts_with(&format!("{media}/cdn/v2/projects/{id}/scenes/1/clip.webm?v=1&sig=")), "{clip}");

    // The same rules as the default media: types, CORS, CORP for COEP pages, Range, immutable versions.
    let origin = "https://storyreel.example";
    let r = sim.http.get(image).header("origin", origin).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/svg+xml");
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    assert_eq!(r.headers()["cross-origin-resource-policy"], "cross-origin");
    assert!(r.text().await.unwrap().contains("Scene 2"));
    let r = sim.http.get(clip).header("origin", origin).send().await.unwrap();
    assert_eq!((r.status().as_u16(), r.headers()["content-type"].to_str().unwrap()), (200, "video/webm"));
    assert_eq!(r.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(&r.bytes().await.unwrap()[..4], &[0x1A, 0x45, 0xDF, 0xA3], "a WebM (EBML) file");
    let part = sim.http.get(final_url).header("origin", origin).header("range", "bytes=100-199").send().await.unwrap();
    assert_eq!(part.status(), 206);
    assert!(part.headers()["content-range"].to_str().unwrap().starts_with("bytes 100-199/"));
    assert_eq!(part.headers()["access-control-allow-origin"], "*");
    assert_eq!(part.headers()["cross-origin-resource-policy"], "cross-origin");
    let exposed = part.headers()["access-control-expose-headers"].to_str().unwrap().to_ascii_lowercase();
    assert!(exposed.contains("content-range") && exposed.contains("accept-ranges"), "{exposed}");
    assert_eq!(part.bytes().await.unwrap().len(), 100);
    let head = sim.http.head(final_url).send().await.unwrap();
    assert_eq!(head.headers()["accept-ranges"], "bytes");
    let preflight = sim
        .http
        .request(Method::OPTIONS, final_url)
        .header("origin", origin)
        .header("access-control-request-method", "GET")
        .header("access-control-request-headers", "range")
        .send()
        .await
        .unwrap();
    assert!([200, 204].contains(&preflight.status().as_u16()), "{}", preflight.status());
    assert_eq!(preflight.headers()["access-control-allow-origin"], "*");
    assert!(preflight.headers()["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .to_ascii_lowercase()
        .contains("range"));

    // The URL must be used as given: no query, another version, or no signature is refused.
    let (path, _) = final_url.split_once('?').unwrap();
    let sig = final_url.rsplit_once("sig=").unwrap().1;
    for tampered in
        [path.to_string(), final_url.replace("v=1", "v=2"), format!("{path}?v=1"), format!("{path}?sig={sig}")]
    {
        let r = sim.send(Method::GET, &tampered, None, None).await;
        assert_eq!((r.status, alt_error(&r).0), (403, "invalid_signature"), "{tampered}");
    }
    for missing in [
        format!("{media}/cdn/v2/projects/{id}/other.webm?sig={sig}"),
        format!("{media}/media/projects/{id}/final-v1.webm"),
        format!("{media}/"),
        format!("{}/media/projects/{id}/final-v1.webm", sim.base),
    ] {
        let r = sim.send(Method::GET, &missing, None, None).await;
        assert_eq!((r.status, alt_error(&r).0), (404, "not_found"), "{missing}");
    }
    let r = sim.send(Method::POST, final_url, None, Some("{}")).await;
    assert_eq!((r.status, alt_error(&r).0), (405, "method_not_allowed"));
    sim.stop().await;
}

#[tokio::test]
async fn a_new_cut_gets_a_new_link_and_the_old_one_is_gone() {
    let sim = Sim::alt(2000.0).await;
    let id = sim.completed(2).await;
    let first = sim.get(&format!("/scene-projects/{id}")).await.body["final_video_url"].as_str().unwrap().to_owned();
    sim.post(&format!("/scene-projects/{id}/scenes/1/regenerate"), json!({})).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let second = loop {
        let url = sim.get(&format!("/scene-projects/{id}")).await.body["final_video_url"].as_str().unwrap().to_owned();
        if url != first {
            break url;
        }
        assert!(std::time::Instant::now() < deadline);
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    };
    assert!(second.contains("/final.webm?v=2&sig="), "{second}");
    assert_eq!(first.split_once('?').unwrap().0, second.split_once('?').unwrap().0, "one path, another query");
    // This service deletes the earlier cut once the new one is there (the default keeps it).
    for (url, status) in [(&first, 404), (&second, 200)] {
        assert_eq!(sim.http.get(url.as_str()).send().await.unwrap().status(), status, "{url}");
    }
    sim.stop().await;

    let sim = Sim::with(|c| {
        c.speed = 2000.0;
        c.profile = storyreel_sim::Profile::Alt;
        c.stable_final_url = true;
    })
    .await;
    let id = sim.completed(2).await;
    let url = sim.get(&format!("/scene-projects/{id}")).await.body["final_video_url"].as_str().unwrap().to_owned();
    assert!(url.contains("/final.webm?sig="), "a stable link has no version: {url}");
    let r = sim.http.get(&url).send().await.unwrap();
    assert_eq!((r.status().as_u16(), r.headers()["cache-control"].to_str().unwrap()), (200, "no-cache"));
    sim.stop().await;
}

/// `--profile alt` keeps the first line as scripts read it and names the media origin on the next.
#[tokio::test]
async fn the_binary_announces_the_media_origin_on_a_second_line() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};

    let mut child = Command::new(env!("CARGO_BIN_EXE_storyreel-sim"))
        .args(["--addr", "127.0.0.1:0", "--speed", "1000", "--profile", "alt"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (mut first, mut second) = (String::new(), String::new());
    stdout.read_line(&mut first).unwrap();
    stdout.read_line(&mut second).unwrap();
    let url = first.trim_end().strip_prefix("storyreel-sim listening on ").unwrap_or_else(|| panic!("{first:?}"));
    let media = second.trim_end().strip_prefix("storyreel-sim media on ").unwrap_or_else(|| panic!("{second:?}"));
    assert!(url.starts_with("http://127.0.0.1:") && media.starts_with("http://127.0.0.1:") && url != media);

    let http = reqwest::Client::new();
    let profile: serde_json::Value =
        http.get(format!("{url}/_sim/profile")).send().await.unwrap().json().await.unwrap();
    assert_eq!(profile, json!({"profile": "alt", "storage_url": format!("{media}/cdn/v2")}));
    let r = http.get(format!("{media}/cdn/v2/projects/1/final.webm")).send().await.unwrap();
    assert_eq!(r.status(), 403, "the media origin answers");

    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    assert!(child.wait().unwrap().success(), "both listeners stop gracefully on SIGTERM");
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "", "nothing else on stdout");

    let help = Command::new(env!("CARGO_BIN_EXE_storyreel-sim")).arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("--profile") && help.contains("alt"), "{help}");
}
