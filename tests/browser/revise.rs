//! Regenerating a scene and upscaling, in the whole app, in a real browser, against storyreel-sim.

use crate::common::*;
use serde_json::json;
use storyreel::api::*;
use storyreel::config::Config;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::Element;

async fn completed(token: &str, person_id: i64, scenes: u8) -> Project {
    let project = new_project(token, person_id, scenes).await;
    let client = Client::new(&api_url(), token, 10_000);
    client.approve_project(project.id, &ApproveRequest::confirmed("", "")).await.unwrap();
    let id = project.id;
    wait_for_async("completion", || {
        let client = client.clone();
        async move { client.get_project(id).await.ok().filter(|p| p.status == ProjectStatus::Completed) }
    })
    .await
}

async fn open_video_page(token: &str, id: i64) -> (web_sys::HtmlElement, impl Drop) {
    fresh_page(&format!("/projects/{id}/video"));
    signed_in_as(token);
    let (root, app) = mount_app_with(Config { poll_interval_seconds: 0.2, ..config() });
    // "Your video is ready" follows the status report; the offers follow the project, read apart.
    wait_for("the finished video's storyboard", || {
        (text(&root).contains("Your video is ready") && root.query_selector(".story-card").ok()?.is_some())
            .then_some(())
    })
    .await;
    (root, app)
}

fn dialog(root: &Element, title: &str) -> Element {
    let id = format!("dialog-{}", title.to_ascii_lowercase().replace(' ', "-"));
    root.query_selector(&format!("dialog[aria-labelledby='{id}']")).unwrap().expect("the dialog")
}

fn final_video_src(root: &Element) -> Option<String> {
    root.query_selector("video[aria-label='Final video']").ok()??.get_attribute("src")
}

/// The regeneration requests the page sends while this lives, as "URL body", as the browser is handed them.
struct SentRegenerations;

impl SentRegenerations {
    fn record() -> Self {
        js_sys::Function::new_no_args(
            "const real = window.fetch; window.__regenerations = []; \
             window.__unrecordRegenerations = () => { window.fetch = real; }; \
             window.fetch = function (input, init) { \
               const request = input instanceof Request ? input.clone() : new Request(input, init); \
               if (request.url.endsWith('/regenerate')) { \
                 window.__regenerations.push(request.text().then((body) => request.url + ' ' + body)); \
               } \
               return real.apply(this, arguments); \
             };",
        )
        .call0(&JsValue::NULL)
        .unwrap();
        Self
    }

    async fn sent(&self) -> Vec<String> {
        let sent = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__regenerations".into()).unwrap();
        let texts = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::all(&sent)).await.unwrap();
        js_sys::Array::from(&texts).iter().filter_map(|t| t.as_string()).collect()
    }
}

impl Drop for SentRegenerations {
    fn drop(&mut self) {
        let unrecord = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__unrecordRegenerations".into()).unwrap();
        unrecord.unchecked_ref::<js_sys::Function>().call0(&JsValue::NULL).unwrap();
    }
}

#[wasm_bindgen_test]
async fn a_scene_is_regenerated_by_its_number_with_only_the_changed_prompt_and_the_new_video_follows() {
    let _page = one_at_a_time().await;
    let project = completed("demo-token", 1, 2).await;
    let scene2 = project.scenes.iter().find(|s| s.scene_number == 2).unwrap().clone();
    let scene_id = scene2.id.expect("the project gives each scene an id");
    assert_ne!(scene_id, 2, "ids and numbers differ in this project");
    let (root, _app) = open_video_page("demo-token", project.id).await;
    let old_src = final_video_src(&root).unwrap();

    button(&root, "Regenerate scene 2…").unwrap().click();
    let d = dialog(&root, "Regenerate scene 2");
    let motion = wait_for("the dialog's fields", || by_label(&d, "Motion prompt")).await;
    assert_eq!(value_of(&motion), scene2.motion_prompt, "prefilled");
    assert_eq!(value_of(&by_label(&d, "Image prompt").unwrap()), scene2.image_prompt);
    assert!(text(&d).contains("costs additional credits: about 100 credits"));
    type_into(&motion, "a slow crane shot over the bay");
    let confirm = button(&d, "Regenerate (about 100 credits)").unwrap();
    let recorded = SentRegenerations::record();
    confirm.click();
    confirm.click();

    wait_for("the new final video", || final_video_src(&root).filter(|src| *src != old_src)).await;
    // By its number, once: every regeneration of this project the service saw, whatever scene it named.
    let scenes = format!("/api/v1/scene-projects/{}/scenes/", project.id);
    let log = sim_get("/_sim/requests").await;
    let asked: Vec<&str> = log["requests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["method"] == "POST")
        .filter_map(|r| r["path"].as_str())
        .filter(|path| path.starts_with(&scenes) && path.ends_with("/regenerate"))
        .collect();
    assert_eq!(asked, [format!("{scenes}2/regenerate")], "scene 2 by its number (its id is {scene_id}), once");
    // Only the changed prompt: the image prompt, left as it was, is not sent at all.
    let sent = recorded.sent().await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    let body: serde_json::Value = serde_json::from_str(sent[0].split_once(' ').unwrap().1).unwrap();
    assert_eq!(body["updated_motion_prompt"], "a slow crane shot over the bay", "{body}");
    assert!(body.get("updated_image_prompt").is_none(), "the unchanged prompt is left out: {body}");
    let after = Client::new(&api_url(), "demo-token", 10_000).get_project(project.id).await.unwrap();
    let s2 = after.scenes.iter().find(|s| s.scene_number == 2).unwrap();
    assert_eq!(s2.motion_prompt, "a slow crane shot over the bay");
    assert_eq!(s2.image_prompt, scene2.image_prompt, "the unchanged prompt is untouched");
}

#[wasm_bindgen_test]
async fn short_credits_on_regenerate_are_said_plainly_and_the_prompts_are_kept() {
    let _page = one_at_a_time().await;
    // The other seeded user: the tests of this file run concurrently and user 1 keeps spending.
    sim_put("/_sim/users/2/credits", json!({"credits": 300})).await;
    let project = completed("other-token", 11, 2).await;
    let (root, _app) = open_video_page("other-token", project.id).await;
    let balance = 10;
    sim_put("/_sim/users/2/credits", json!({"credits": balance})).await;

    button(&root, "Regenerate scene 1…").unwrap().click();
    let d = dialog(&root, "Regenerate scene 1");
    type_into(&wait_for("the dialog's fields", || by_label(&d, "Motion prompt")).await, "a whip pan to the sea");
    set_checked(&by_label(&d, "Image").unwrap(), false);
    set_checked(&by_label(&d, "Video").unwrap(), false);
    wait_for("the hint", || text(&d).contains("Choose the image, the video, or both.").then_some(())).await;
    set_checked(&by_label(&d, "Video").unwrap(), true);
    wait_for("the cost of a new clip", || button(&d, "Regenerate (about 100 credits)")).await.click();
    wait_for("the refusal", || text(&d).contains("so nothing was charged.").then_some(())).await;
    assert!(text(&d).contains("Insufficient credits"), "{}", text(&d));
    assert_eq!(value_of(&by_label(&d, "Motion prompt").unwrap()), "a whip pan to the sea");
    assert_eq!(sim_get("/_sim/users/2").await["credits"].as_i64().unwrap(), balance, "nothing charged");
    assert!(!is_disabled(&button(&d, "Regenerate (about 100 credits)").unwrap()), "may try again");
}

#[wasm_bindgen_test]
async fn upscale_is_one_request_and_the_upscaled_version_appears() {
    let _page = one_at_a_time().await;
    let project = completed("demo-token", 1, 2).await;
    let (root, _app) = open_video_page("demo-token", project.id).await;
    let upscale = button(&root, "Upscale the video").unwrap();
    upscale.click();
    upscale.click();
    wait_for("the upscaled version", || by_label(&root, "Upscaled")).await;
    assert_eq!(sim_request_count("POST", &format!("/scene-projects/{}/upscale", project.id)).await, 1);
    assert!(button(&root, "Upscale the video").is_none(), "not offered again");
}

#[wasm_bindgen_test]
async fn an_upscale_under_way_is_followed_across_a_reload_and_never_offered_twice() {
    let _page = one_at_a_time().await;
    let project = completed("demo-token", 1, 2).await;
    // At the real pace an upscale takes minutes: long enough to reload in the middle of it.
    set_project_speed(project.id, 1.0).await;
    let (root, app) = open_video_page("demo-token", project.id).await;
    button(&root, "Upscale the video").unwrap().click();
    wait_for("the upscale under way", || text(&root).contains("Upscaling: a higher-resolution copy").then_some(()))
        .await;
    drop(app);

    // A reload: the same address and storage, a new app.
    let (root, _app) = mount_app_with(Config { poll_interval_seconds: 0.2, ..config() });
    wait_for("the upscale still under way", || {
        text(&root).contains("Upscaling: a higher-resolution copy").then_some(())
    })
    .await;
    assert!(button(&root, "Upscale the video").is_none(), "not offered while under way");
    set_project_speed(project.id, 2000.0).await;
    wait_for("the upscaled version", || by_label(&root, "Upscaled")).await;
    wait_for("the word that it is done", || text(&root).contains("The upscaled video is ready.").then_some(())).await;
    assert_eq!(sim_request_count("POST", &format!("/scene-projects/{}/upscale", project.id)).await, 1);
}

#[wasm_bindgen_test]
async fn the_regenerate_dialog_says_when_the_scene_keeps_a_narration_likely_too_long() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    let scene2 = project.scenes.iter().find(|s| s.scene_number == 2).unwrap();
    let client = Client::new(&api_url(), "demo-token", 10_000);
    // 30 words: about 12 s.
    let long = SceneUpdate { narration_text: Some("The whale sings a long song ".repeat(5)), ..Default::default() };
    client.update_scene(project.id, scene2.id.unwrap(), &long).await.unwrap();
    client.approve_project(project.id, &ApproveRequest::confirmed("", "")).await.unwrap();
    let id = project.id;
    wait_for_async("completion", || {
        let client = client.clone();
        async move { client.get_project(id).await.ok().filter(|p| p.status == ProjectStatus::Completed) }
    })
    .await;
    let (root, _app) = open_video_page("demo-token", id).await;

    button(&root, "Regenerate scene 2…").unwrap().click();
    let d = dialog(&root, "Regenerate scene 2");
    wait_for("the dialog's fields", || by_label(&d, "Motion prompt")).await;
    assert!(text(&d).contains("Scene 2 has narration likely longer than its 10 seconds"), "{}", text(&d));
    assert!(text(&d).contains("Regenerating keeps the narration as it is."));
    assert!(!text(&dialog(&root, "Regenerate scene 1")).contains("likely longer"), "scene 1's is short");
}

fn video(root: &Element, label: &str) -> Option<web_sys::HtmlVideoElement> {
    let v = root.query_selector(&format!("video[aria-label='{label}']")).ok()??;
    Some(wasm_bindgen::JsCast::unchecked_into(v))
}

fn versions(root: &Element) -> Vec<String> {
    let items = root.query_selector_all(".version-list li").unwrap();
    (0..items.length()).filter_map(|i| items.item(i)?.text_content()).collect()
}

#[wasm_bindgen_test]
async fn after_a_regeneration_the_versions_are_listed_checked_and_compared_from_the_scene() {
    let _page = one_at_a_time().await;
    let project = completed("demo-token", 1, 2).await;
    let (root, _app) = open_video_page("demo-token", project.id).await;
    assert!(heading(&root, "Versions").is_none(), "one version: nothing to choose from");

    button(&root, "Regenerate scene 2…").unwrap().click();
    button(&dialog(&root, "Regenerate scene 2"), "Regenerate (about 100 credits)").unwrap().click();
    wait_for("the regenerated video", || {
        text(&root).contains("The video with the regenerated scene 2 is ready.").then_some(())
    })
    .await;
    // The service either keeps the earlier cut (default) or not (alt); the app asks it before offering.
    let kept = !sim_is_alt().await;
    let list = wait_for("the versions, checked", || {
        let list = versions(&root);
        (list.len() == 2 && !list[1].contains("Checking")).then_some(list)
    })
    .await;
    assert!(list[0].starts_with("Scene 2 regenerated · ") && list[0].contains("playing above"), "{list:?}");
    assert!(list[1].starts_with("First generation · "), "{list:?}");
    let compare = "Compare before and after scene 2";
    if !kept {
        assert!(list[1].ends_with("No longer kept by the service"), "{list:?}");
        assert!(button(&root, compare).is_none(), "no broken player for a cut that is gone");
        return;
    }
    assert!(list[1].ends_with("Download First generation"), "named for what it downloads: {list:?}");
    let earlier = root.query_selector(".version-list li:nth-child(2) a").unwrap().and_then(|a| a.get_attribute("href"));
    assert_eq!(earlier, project.final_video_url, "the earlier cut, as the service gave it");

    button(&root, compare).unwrap().click();
    let (before, after) = wait_for("both cuts at scene 2 (10 s)", || {
        let (b, a) = (video(&root, "Before")?, video(&root, "After")?);
        (b.current_time() == 10.0 && a.current_time() == 10.0).then_some((b, a))
    })
    .await;
    assert!(before.muted() && !after.muted(), "one sound at a time: the new cut's");
    let position: web_sys::HtmlElement = wasm_bindgen::JsCast::unchecked_into(
        root.query_selector("input[type=range][aria-label='Position of both']").unwrap().unwrap(),
    );
    type_into(&position, "15");
    assert_eq!((before.current_time(), after.current_time()), (15.0, 15.0), "one seek moves both");
    wait_for("the position said as a time", || (position.get_attribute("aria-valuetext")? == "0:15").then_some(()))
        .await;
    button(&root, "Keep watching the new version").unwrap().click();
    wait_for("the comparison closed", || video(&root, "Before").is_none().then_some(())).await;
}

/// Holds the app's reads of project `id` (GET the project or its status) until `release`, as a
/// service slow to answer would: what the page learns meanwhile comes from the other tabs alone.
struct HeldReads;

impl HeldReads {
    fn of(id: i64) -> Self {
        js_sys::Function::new_with_args(
            "id",
            "const real = window.fetch; let open; const gate = new Promise((r) => { open = r; }); \
             const read = new RegExp(`/scene-projects/${id}(/status)?$`); \
             window.__releaseReads = () => { window.fetch = real; open(); }; \
             window.fetch = function (input, init) { \
               const request = input instanceof Request ? input : new Request(input, init); \
               if (request.method === 'GET' && read.test(new URL(request.url).pathname)) { \
                 return gate.then(() => real.call(window, input, init)); \
               } \
               return real.apply(this, arguments); \
             };",
        )
        .call1(&JsValue::NULL, &JsValue::from_f64(id as f64))
        .unwrap();
        Self
    }

    fn release(&self) {
        let release = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__releaseReads".into()).unwrap();
        if let Some(release) = release.dyn_ref::<js_sys::Function>() {
            release.call0(&JsValue::NULL).unwrap();
        }
    }
}

impl Drop for HeldReads {
    fn drop(&mut self) {
        self.release();
    }
}

#[wasm_bindgen_test]
async fn a_regeneration_another_tab_confirmed_and_saw_through_is_announced_here_too() {
    use storyreel::domain::paid_action::{Paid, Unconfirmed};
    let _page = one_at_a_time().await;
    let project = completed("demo-token", 1, 2).await;
    let id = project.id;
    // Remembered on this device, so that the tabs share its storage and hear of each other's changes.
    fresh_page(&format!("/projects/{id}/video"));
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item("storyreel.token", "demo-token").unwrap();
    let (root, _app) = mount_app_with(Config { poll_interval_seconds: 0.2, ..config() });
    let old_src = wait_for("the finished video", || final_video_src(&root)).await;

    // Another tab sends a regeneration: its record, compared with the project before, stands here too.
    let mut record =
        Unconfirmed::new(Paid::Regenerate { scene_number: 1, video: true }, js_sys::Date::now() as u64, "");
    record.compare_with(&project);
    assert!(storyreel::stores::unconfirmed::save(id, &record), "the record kept");
    let key = (0..storage.length().unwrap())
        .filter_map(|i| storage.key(i).unwrap())
        .find(|k| k.contains("unconfirmed") && k.ends_with(&format!(".{id}")))
        .expect("the record's key");
    storage_event(Some(&key));
    wait_for("the record said to stand", || text(&root).contains("The regeneration of scene 1 sent at").then_some(()))
        .await;

    // The service does the work, and the other tab sees it through at once (a new video with no
    // status between, as under the alt profile): its record ends, and the work it followed with it.
    // This tab hears of it before any read of its own comes back.
    let held = HeldReads::of(id);
    // Held still, then moved past its end: done when next read, however loaded the host.
    set_project_speed(id, 0.000001).await;
    let client = Client::new(&api_url(), "demo-token", 10_000);
    let regenerate = RegenerateRequest {
        regenerate_image: false,
        regenerate_video: true,
        updated_image_prompt: None,
        updated_motion_prompt: None,
    };
    client.regenerate_scene(id, 1, &regenerate).await.unwrap();
    advance(id, 1_000.0).await;
    storage.remove_item(&key).unwrap();
    storage_event(Some(&key));
    held.release();

    wait_for("the new video", || final_video_src(&root).filter(|src| *src != old_src)).await;
    wait_for("the word that it is done", || {
        text(&root).contains("The video with the regenerated scene 1 is ready.").then_some(())
    })
    .await;
    assert_eq!(sim_request_count("POST", &format!("/scene-projects/{id}/scenes/1/regenerate")).await, 1);
}
