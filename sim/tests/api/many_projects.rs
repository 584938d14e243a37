//! An account with thousands of projects (issue 60): `--seed` and `POST /_sim/seed` give one a past of every
//! status, and the list comes in pages (`--list-page-size`, 100 a page under `alt`) linked by `next` and `Link`.
//! Servers here run at the slowest speed, so the seeded jobs stand still unless a test moves them.

use std::collections::{BTreeMap, HashSet};
use std::time::{SystemTime, UNIX_EPOCH};

use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;

const STILL: f64 = 1e-6;
const YEAR_MICROS: i64 = 365 * 86_400 * 1_000_000;

async fn seeded(count: u64) -> Sim {
    Sim::with(|c| {
        c.speed = STILL;
        c.seed = count;
    })
    .await
}

async fn alt_seeded(count: u64) -> Sim {
    Sim::with(|c| {
        c.speed = STILL;
        c.seed = count;
        c.profile = storyreel_sim::Profile::Alt;
    })
    .await
}

fn words(v: &Value) -> usize {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}")).split_whitespace().count()
}

fn ids(list: &[Value]) -> Vec<u64> {
    list.iter().map(|p| p["id"].as_u64().unwrap()).collect()
}

/// Microseconds since the epoch of `2026-12-06T10:29:59.357385Z` or `2026-12-06T10:29:59+00:00`.
fn micros(iso: &str) -> i64 {
    let (date, time) = iso.split_once('T').unwrap_or_else(|| panic!("not a timestamp: {iso}"));
    let [y, m, d]: [i64; 3] = date.split('-').map(|x| x.parse().unwrap()).collect::<Vec<_>>().try_into().unwrap();
    let time = time.trim_end_matches('Z').trim_end_matches("+00:00");
    let (hms, fraction) = time.split_once('.').unwrap_or((time, "0"));
    let [h, min, s]: [i64; 3] = hms.split(':').map(|x| x.parse().unwrap()).collect::<Vec<_>>().try_into().unwrap();
    let fraction: i64 = format!("{fraction:0<6}")[..6].parse().unwrap();
    // Howard Hinnant's days from civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468;
    ((days * 86_400 + h * 3600 + min * 60 + s) * 1_000_000) + fraction
}

fn now_micros() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_micros() as i64
}

/// Requests of the list endpoint in the request log.
async fn list_requests(sim: &Sim) -> usize {
    let log = sim.send(Method::GET, "/_sim/requests", None, None).await.body;
    log["requests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["method"] == "GET" && r["path"] == "/api/v1/scene-projects")
        .count()
}

#[tokio::test]
async fn seeding_2000_gives_every_status_with_texts_of_real_size_over_the_past_year() {
    let sim = Sim::start(STILL).await;
    let before = now_micros();
    let r = sim.post("/_sim/seed", json!({"count": 2000})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        (r.body["user_id"].clone(), r.body["count"].clone(), r.body["projects"].clone()),
        (json!(1), json!(2000), json!(2000))
    );
    assert_eq!((r.body["first_id"].clone(), r.body["last_id"].clone()), (json!(1), json!(2000)));

    let response = sim.http.get(format!("{}/api/v1/scene-projects", sim.base)).bearer_auth(DEMO).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers().get("link").is_none(), "the default profile lists in one answer");
    let text = response.text().await.unwrap();
    let after = now_micros();
    let list: Vec<Value> = serde_json::from_str(&text).expect("a bare array");
    assert_eq!(list.len(), 2000);
    let mean = text.len() / list.len();
    assert!((5_000..=7_500).contains(&mean), "about 6 KB of JSON a project, not {mean} bytes");

    let mut statuses = BTreeMap::new();
    for p in &list {
        *statuses.entry(p["status"].as_str().unwrap().to_owned()).or_insert(0) += 1;
    }
    let known = ["completed", "creating", "draft", "failed", "generating", "proposed", "upscaling"];
    assert_eq!(statuses.keys().map(String::as_str).collect::<Vec<_>>(), known, "{statuses:?}");
    assert!(statuses["completed"] > 1200, "most are completed: {statuses:?}");
    assert!(known.iter().all(|s| statuses[*s] >= 20), "every status has a few dozen: {statuses:?}");

    let (mut created_before, mut last) = (i64::MAX, u64::MAX);
    for p in &list {
        let (created, updated) = (micros(p["created_at"].as_str().unwrap()), micros(p["updated_at"].as_str().unwrap()));
        assert!(created >= before - YEAR_MICROS && created <= updated && updated <= after, "{}", p["id"]);
        let id = p["id"].as_u64().unwrap();
        assert!((created, id) < (created_before, last), "newest first: {id} after {last}");
        (created_before, last) = (created, id);
        assert!([1, 2, 3].contains(&p["person_id"].as_u64().unwrap()), "{}", p["person_id"]);

        let idea = p["ideas"].as_str().unwrap();
        assert!((20..=120).contains(&words(&p["ideas"])) && idea.chars().count() <= 1000, "{idea}");
        let scenes = p["scenes"].as_array().unwrap();
        match p["status"].as_str().unwrap() {
            "draft" | "creating" => assert!(scenes.is_empty(), "not proposed yet: {}", p["id"]),
            _ => assert!((2..=10).contains(&scenes.len()), "{}: {} scenes", p["id"], scenes.len()),
        }
        for s in scenes {
            assert!((12..=40).contains(&words(&s["narration_text"])), "{}", s["narration_text"]);
            assert!((18..=40).contains(&words(&s["description"])), "{}", s["description"]);
            assert!((20..=42).contains(&words(&s["image_prompt"])), "{}", s["image_prompt"]);
            assert!((8..=18).contains(&words(&s["motion_prompt"])), "{}", s["motion_prompt"]);
        }
    }

    // A search over ideas and narrations finds a different few for each word.
    let text_of = |p: &Value| {
        let narrations: Vec<&str> =
            p["scenes"].as_array().unwrap().iter().map(|s| s["narration_text"].as_str().unwrap()).collect();
        format!("{} {}", p["ideas"].as_str().unwrap(), narrations.join(" ")).to_lowercase()
    };
    let texts: Vec<String> = list.iter().map(text_of).collect();
    let mut found = Vec::new();
    for word in ["lighthouse keeper", "whale", "glassblower", "marrakesh", "pepper", "music box"] {
        let hits: HashSet<usize> = (0..texts.len()).filter(|i| texts[*i].contains(word)).collect();
        assert!((10..=400).contains(&hits.len()), "{word}: {} of 2000", hits.len());
        assert!(!found.contains(&hits), "{word} finds the same projects as another word");
        found.push(hits);
    }
    sim.stop().await;
}

#[tokio::test]
async fn a_seeded_project_of_each_status_opens_like_any_other() {
    let sim = seeded(400).await;
    let list = sim.get("/scene-projects").await.body.as_array().unwrap().clone();
    let first = |status: &str| -> Value {
        list.iter().find(|p| p["status"] == status).unwrap_or_else(|| panic!("no {status} project")).clone()
    };

    for status in ["draft", "creating", "proposed"] {
        let p = first(status);
        let id = p["id"].as_u64().unwrap();
        assert_eq!(sim.get(&format!("/scene-projects/{id}")).await.body, p);
        assert_eq!(sim.status(id).await, json!({"id": id, "status": status, "progress": 0}));
        assert_eq!(p["final_video_url"], Value::Null);
    }
    let proposed = first("proposed");
    let scene = &proposed["scenes"][0];
    let edit = sim
        .put(
            &format!("/scene-projects/{}/scenes/{}", proposed["id"], scene["id"]),
            json!({"narration_text": "Edited."}),
        )
        .await;
    assert_eq!(edit.status, 200, "a seeded proposal is edited like any: {}", edit.body);

    let done = first("completed");
    let id = done["id"].as_u64().unwrap();
    let status = sim.status(id).await;
    assert_eq!(status["progress"], 100);
    assert_eq!(status["final_video_url"], done["final_video_url"]);
    let scenes = done["scenes"].as_array().unwrap();
    assert_eq!(status["total_duration_seconds"], json!(10 * scenes.len()));
    assert!(status["credits_used"].as_i64().unwrap() >= 100 * scenes.len() as i64, "{status}");
    for url in [done["final_video_url"].as_str().unwrap(), scenes[0]["video_url"].as_str().unwrap()] {
        let r = sim.http.get(url).send().await.unwrap();
        assert_eq!((r.status().as_u16(), r.headers()["content-type"].to_str().unwrap()), (200, "video/webm"), "{url}");
    }
    let image = sim.http.get(scenes[0]["image_url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(image.status(), 200);
    assert!(scenes.iter().all(|s| s["status"] == "completed"));

    let failed = first("failed");
    let status = sim.status(failed["id"].as_u64().unwrap()).await;
    assert!(status["error"].as_str().unwrap().contains("(simulated failure)"), "{status}");
    assert!(
        status["scenes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["image_status"] == "failed" || s["video_status"] == "failed")
            || status["error"].as_str().unwrap().contains("while"),
        "{status}"
    );

    let upscaling = first("upscaling");
    let status = sim.status(upscaling["id"].as_u64().unwrap()).await;
    assert_eq!(
        (status["progress"].clone(), status["final_video_url"].clone()),
        (json!(100), upscaling["final_video_url"].clone())
    );

    // A generating one shows its step and scenes, and moves on as any job does.
    let generating = first("generating");
    let id = generating["id"].as_u64().unwrap();
    let status = sim.status(id).await;
    assert!(status["current_step"].is_string() && status["scenes"].is_array(), "{status}");
    assert!(status["progress"].as_u64().unwrap() < 100);
    sim.advance(id, 1000.0).await;
    let status = sim.status(id).await;
    assert_eq!((status["status"].clone(), status["progress"].clone()), (json!("completed"), json!(100)), "{status}");
    let r = sim.http.get(status["final_video_url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(r.status(), 200);
    sim.stop().await;
}

#[tokio::test]
async fn the_same_count_gives_the_same_projects_by_flag_or_control() {
    // What a project is, apart from when it was seeded.
    let shape = |list: &Value| -> Vec<Value> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let scenes: Vec<Value> = p["scenes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| json!([s["id"], s["narration_text"], s["image_prompt"], s["status"]]))
                    .collect();
                json!([p["id"], p["ideas"], p["status"], p["person_id"], p["final_video_url"].is_null(), scenes])
            })
            .collect()
    };
    let by_flag = seeded(60).await;
    let a = shape(&by_flag.get("/scene-projects").await.body);
    by_flag.stop().await;

    let by_control = Sim::start(STILL).await;
    for count in [25, 35] {
        assert_eq!(by_control.post("/_sim/seed", json!({"count": count})).await.status, 200);
    }
    let b = shape(&by_control.get("/scene-projects").await.body);
    by_control.stop().await;
    // Each batch's ids follow its own creation order, so ids may differ; the projects themselves may not.
    let texts = |v: &[Value]| {
        let mut t: Vec<String> = v.iter().map(|p| json!([p[1], p[2], p[3], p[5][0][1]]).to_string()).collect();
        t.sort();
        t
    };
    assert_eq!(texts(&a), texts(&b), "25 + 35 seeded are the 60 seeded at once");
    let again = seeded(60).await;
    assert_eq!(shape(&again.get("/scene-projects").await.body), a, "the same 60 again");
    again.stop().await;
}

#[tokio::test]
async fn the_seed_control_names_its_account_and_refuses_bad_counts() {
    let sim = Sim::start(STILL).await;
    let r = sim.post("/_sim/seed", json!({"count": 30, "token": OTHER})).await;
    assert_eq!((r.status, r.body["user_id"].clone(), r.body["count"].clone()), (200, json!(2), json!(30)));
    let r = sim.post("/_sim/seed", json!({"count": 5, "user_id": 2})).await;
    assert_eq!((r.status, r.body["projects"].clone()), (200, json!(35)));
    let theirs = sim.send(Method::GET, "/scene-projects", Some(OTHER), None).await.body;
    let theirs = theirs.as_array().unwrap();
    assert_eq!(theirs.len(), 35);
    assert!(theirs.iter().all(|p| [11, 12].contains(&p["person_id"].as_u64().unwrap()) && p["user_id"] == 2));
    assert_eq!(sim.get("/scene-projects").await.body, json!([]), "the demo account got none");

    for (body, status) in [
        (json!({}), 422),
        (json!({"count": "5"}), 422),
        (json!({"count": -1}), 400),
        (json!({"count": 10_001}), 400),
        (json!({"count": 1, "token": "nobody"}), 404),
        (json!({"count": 1, "user_id": 99}), 404),
        (json!({"count": 1, "user_id": 1, "token": DEMO}), 400),
    ] {
        let r = sim.post("/_sim/seed", body.clone()).await;
        assert_eq!(r.status, status, "{body}: {}", r.body);
    }
    assert_eq!(sim.post("/_sim/seed", json!({"count": 0})).await.body["count"], 0);
    sim.stop().await;
}

/// Follows a list from `first` through its pages by `next` (alt's body) or the `Link` header, checking that
/// both name the same absolute URL; returns each page's items.
async fn pages(sim: &Sim, first: &str, by_link: bool, between: impl AsyncFn(usize)) -> Vec<Vec<Value>> {
    let mut url = format!("{}/api/v1{first}", sim.base);
    let mut pages = Vec::new();
    loop {
        let r = sim.get(&url).await;
        assert_eq!(r.status, 200, "{url}: {}", r.body);
        let items = r.body["items"].as_array().unwrap().clone();
        let link = r.headers.get("link").map(|h| h.to_str().unwrap().to_owned());
        let next = r.body.get("next").cloned();
        pages.push(items);
        match (next, link) {
            (None, None) => return pages,
            (Some(Value::String(next)), Some(link)) => {
                assert_eq!(link, format!("<{next}>; rel=\"next\""));
                assert!(next.starts_with(&format!("{}/api/v1/scene-projects?", sim.base)), "absolute: {next}");
                url = if by_link { link[1..link.find('>').unwrap()].to_owned() } else { next };
            }
            (next, link) => panic!("next {next:?} and Link {link:?} disagree"),
        }
        assert!(pages.len() <= 100, "the pages never end");
        between(pages.len()).await;
    }
}

/// The `alt` list in one answer (page size 0 for the moment), to compare pages with.
async fn whole(sim: &Sim, query: &str) -> Vec<Value> {
    assert_eq!(sim.put("/_sim/list-page-size", json!({"list_page_size": 0})).await.status, 200);
    let r = sim.get(&format!("/scene-projects{query}")).await;
    assert!(r.body.get("next").is_none() && r.headers.get("link").is_none());
    assert_eq!(sim.put("/_sim/list-page-size", json!({"list_page_size": 100})).await.status, 200);
    r.body["items"].as_array().unwrap().clone()
}

#[tokio::test]
async fn alt_pages_visit_every_project_once_in_order_and_keep_the_filters() {
    let sim = alt_seeded(2000).await;
    let all = whole(&sim, "").await;
    assert_eq!(all.len(), 2000);
    assert!(all.iter().all(|p| p["status"] != "upscaling"), "alt's upscales are quiet: the project shows completed");

    assert_eq!(sim.send(Method::DELETE, "/_sim/requests", None, None).await.status, 204);
    let got = pages(&sim, "/scene-projects", false, async |_| {}).await;
    assert_eq!(got.len(), 20);
    assert!(got.iter().all(|page| page.len() == 100));
    assert_eq!(ids(&got.concat()), ids(&all), "every project once, in the list's order");
    assert_eq!(list_requests(&sim).await, 20, "the request log shows each page");
    let by_link = pages(&sim, "/scene-projects", true, async |_| {}).await;
    assert_eq!(ids(&by_link.concat()), ids(&all), "the Link header leads the same way");

    let r = sim.get("/scene-projects").await;
    assert_eq!((r.body["total"].clone(), r.body["items"].as_array().unwrap().len()), (json!(2000), 100));

    // Filters are kept on every page.
    let query = "?person_id=2&status_filter=completed";
    let filtered = whole(&sim, query).await;
    assert!(filtered.len() > 300 && filtered.len() < 700, "{}", filtered.len());
    let got = pages(&sim, &format!("/scene-projects{query}"), false, async |_| {}).await;
    assert_eq!(got.len(), filtered.len().div_ceil(100));
    let got = got.concat();
    assert!(got.iter().all(|p| p["person_id"] == 2 && p["status"] == "completed"));
    assert_eq!(ids(&got), ids(&filtered));
    sim.stop().await;
}

#[tokio::test]
async fn pages_stay_whole_while_projects_are_added() {
    let sim = alt_seeded(450).await;
    let all = sim.get("/scene-projects?person_id=").await;
    assert_eq!(all.body["total"], 450);
    let mut expected = Vec::new();
    for page in pages(&sim, "/scene-projects", false, async |_| {}).await {
        expected.extend(ids(&page));
    }
    // A project created, and more seeded into the past, between every two pages.
    let added = pages(&sim, "/scene-projects", false, async |_| {
        sim.create(2).await;
        assert_eq!(sim.post("/_sim/seed", json!({"count": 3})).await.status, 200);
    })
    .await;
    let seen = ids(&added.concat());
    let unique: HashSet<u64> = seen.iter().copied().collect();
    assert_eq!(unique.len(), seen.len(), "no project twice");
    let originals: Vec<u64> = seen.iter().copied().filter(|id| expected.contains(id)).collect();
    assert_eq!(originals, expected, "every project there at the start, once, in order");
    sim.stop().await;
}

#[tokio::test]
async fn the_default_profile_answers_at_once_unless_a_page_size_is_set() {
    let sim = seeded(250).await;
    let r = sim.get("/scene-projects").await;
    assert_eq!((r.body.as_array().unwrap().len(), r.headers.get("link").is_none()), (250, true));
    let whole = ids(r.body.as_array().unwrap());
    assert_eq!(sim.get("/_sim/list-page-size").await.body, json!({"list_page_size": 0}));

    let r = sim.put("/_sim/list-page-size", json!({"list_page_size": 100})).await;
    assert_eq!((r.status, r.body.clone()), (200, json!({"list_page_size": 100})));
    // Still a bare array; the next page is in the Link header alone.
    let mut url = format!("{}/api/v1/scene-projects", sim.base);
    let mut seen = Vec::new();
    for round in 0.. {
        assert!(round < 10, "the pages never end");
        let r = sim.get(&url).await;
        seen.extend(ids(r.body.as_array().expect("a bare array")));
        let Some(link) = r.headers.get("link") else { break };
        let link = link.to_str().unwrap();
        assert!(link.ends_with(">; rel=\"next\""), "{link}");
        url = link[1..link.find('>').unwrap()].to_owned();
    }
    assert_eq!(seen, whole);

    for (body, status) in [
        (json!({"list_page_size": -1}), 400),
        (json!({"list_page_size": 10_001}), 400),
        (json!({"list_page_size": "5"}), 422),
        (json!({}), 422),
    ] {
        assert_eq!(sim.put("/_sim/list-page-size", body.clone()).await.status, status, "{body}");
    }
    let r = sim.get("/scene-projects?cursor=not-a-cursor").await;
    assert_eq!((r.status, r.body["detail"][0]["loc"].clone()), (422, json!(["query", "cursor"])));
    sim.stop().await;

    let sim = Sim::with(|c| {
        c.seed = 30;
        c.list_page_size = Some(25);
    })
    .await;
    let r = sim.get("/scene-projects").await;
    assert_eq!((r.body.as_array().unwrap().len(), r.headers.contains_key("link")), (25, true));
    sim.stop().await;

    let sim = Sim::with(|c| {
        c.profile = storyreel_sim::Profile::Alt;
        c.list_page_size = Some(0);
        c.seed = 150;
    })
    .await;
    let r = sim.get("/scene-projects").await;
    assert_eq!((r.body["items"].as_array().unwrap().len(), r.body.get("next")), (150, None));
    let r = sim.get("/scene-projects?cursor=zz").await;
    assert_eq!((r.status, alt_error(&r).0), (400, "validation_error"));
    sim.stop().await;
}
