//! Captions and chapters on the finished video, in a real browser against storyreel-sim: the
//! player's text tracks as the browser loaded them, through the original and the upscaled file; and
//! its download, read from the simulator's other origin in each engine and saved as a file.

use crate::common::*;
use storyreel::api::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlTrackElement, HtmlVideoElement, TextTrack, TextTrackKind, TextTrackMode, VttCue};

/// A completed project of `scenes` scenes, after `edit` had its way with the proposal.
async fn completed(scenes: u8, edit: impl AsyncFnOnce(&Client, &Project)) -> Project {
    let project = new_project("demo-token", 1, scenes).await;
    set_project_speed(project.id, 2000.0).await;
    let client = Client::new(&api_url(), "demo-token", 10_000);
    edit(&client, &project).await;
    client.approve_project(project.id, &ApproveRequest::confirmed("", "")).await.unwrap();
    let id = project.id;
    wait_for_async("completion", || {
        let client = client.clone();
        async move { (client.project_status(id).await.ok()?.status == ProjectStatus::Completed).then_some(()) }
    })
    .await;
    client.get_project(id).await.unwrap()
}

async fn finished_page(id: i64) -> (web_sys::HtmlElement, MountedApp, HtmlVideoElement) {
    fresh_page(&format!("/projects/{id}/video"));
    signed_in_as("demo-token");
    let (root, app) = mount_app();
    let video = wait_for("the player", || root.query_selector("video[aria-label='Final video']").ok().flatten()).await;
    (root, app, video.unchecked_into())
}

fn track(video: &HtmlVideoElement, kind: &str) -> Option<TextTrack> {
    let el = video.query_selector(&format!("track[kind={kind}]")).ok()??;
    el.unchecked_into::<HtmlTrackElement>().track()
}

/// The track's cues once the browser has read its file: (start, end, text).
async fn loaded_cues(video: &HtmlVideoElement, kind: &str) -> Vec<(f64, f64, String)> {
    wait_for(&format!("the {kind} cues"), || {
        let cues = track(video, kind)?.cues()?;
        let all: Vec<_> = (0..cues.length())
            .filter_map(|i| cues.get(i))
            .map(|c| {
                // The text as shown: a cue's `text` is its WebVTT source, with markup and entities.
                let shown = c.unchecked_ref::<VttCue>().get_cue_as_html().text_content();
                (c.start_time(), c.end_time(), shown.unwrap_or_default())
            })
            .collect();
        (!all.is_empty()).then_some(all)
    })
    .await
}

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[wasm_bindgen_test]
async fn the_finished_video_has_the_narration_as_captions_shown_by_default_and_the_scenes_as_chapters() {
    let _page = one_at_a_time().await;
    let project = completed(3, async |client: &Client, p: &Project| {
        let id = p.scenes[1].id.unwrap();
        let narration = "Chapter 2: <the storm> & the whale --> sing, \"together\", under a sky that keeps on turning.";
        let update = SceneUpdate { narration_text: Some(narration.into()), ..Default::default() };
        client.update_scene(p.id, id, &update).await.unwrap();
    })
    .await;
    let (_root, _app, video) = finished_page(project.id).await;

    let kinds: Vec<(TextTrackKind, String)> = wait_for("both tracks", || {
        let list = video.text_tracks()?;
        let all: Vec<_> = (0..list.length()).filter_map(|i| list.get(i)).map(|t| (t.kind(), t.label())).collect();
        (all.len() == 2).then_some(all)
    })
    .await;
    let kinds: Vec<(TextTrackKind, &str)> = kinds.iter().map(|(k, l)| (*k, l.as_str())).collect();
    assert_eq!(kinds, [(TextTrackKind::Captions, "Captions"), (TextTrackKind::Chapters, "Chapters")]);
    assert_eq!(track(&video, "captions").unwrap().mode(), TextTrackMode::Showing, "on by default");

    let captions = loaded_cues(&video, "captions").await;
    let said = words(&captions.iter().map(|c| c.2.as_str()).collect::<Vec<_>>().join(" "));
    let narration = words(&project.scenes.iter().map(|s| s.narration_text.as_str()).collect::<Vec<_>>().join(" "));
    assert_eq!(said, narration, "every word of the narration, in order, markup shown as text");
    assert!(said.contains("<the storm> & the whale --> sing"), "{said}");
    assert_eq!(captions[0].0, 0.0);
    assert_eq!(captions.last().unwrap().1, 30.0);
    let second: Vec<_> = captions.iter().filter(|c| c.0 >= 10.0 && c.1 <= 20.0).collect();
    assert!(second.len() >= 2, "a long narration in several cues over its scene: {captions:?}");
    assert_eq!((second[0].0, second.last().unwrap().1), (10.0, 20.0));

    let chapters = loaded_cues(&video, "chapters").await;
    let expected: Vec<_> = project
        .scenes
        .iter()
        .map(|s| ((s.scene_number - 1) as f64 * 10.0, s.scene_number as f64 * 10.0, words(&s.description)))
        .collect();
    assert_eq!(chapters, expected);
}

#[wasm_bindgen_test]
async fn captions_follow_the_upscaled_version_and_keep_the_persons_choice() {
    let _page = one_at_a_time().await;
    let project = completed(2, async |_: &Client, _: &Project| {}).await;
    let client = Client::new(&api_url(), "demo-token", 10_000);
    client.upscale_project(project.id).await.unwrap();
    let id = project.id;
    let upscaled = wait_for_async("the upscaled video", || {
        let client = client.clone();
        async move { client.get_project(id).await.ok()?.final_video_url_upscaled }
    })
    .await;
    let (root, _app, video) = finished_page(id).await;
    let before = loaded_cues(&video, "captions").await;
    let element = video.query_selector("track[kind=captions]").unwrap().unwrap();

    set_checked(&wait_for("the version switch", || by_label(&root, "Upscaled")).await, true);
    wait_for("the upscaled file", || {
        (video.get_attribute("src")?.starts_with(&upscaled) && video.ready_state() >= 1).then_some(())
    })
    .await;
    sleep(200).await;
    let same = video.query_selector("track[kind=captions]").unwrap().unwrap();
    assert!(same.is_same_node(Some(&element)), "the same track element");
    assert_eq!(track(&video, "captions").unwrap().mode(), TextTrackMode::Showing);
    assert_eq!(loaded_cues(&video, "captions").await, before);

    // Captions turned off (as the browser's own control does) stay off through a switch back.
    track(&video, "captions").unwrap().set_mode(TextTrackMode::Disabled);
    set_checked(&by_label(&root, "Original").unwrap(), true);
    wait_for("the original file", || {
        (!video.get_attribute("src")?.starts_with(&upscaled) && video.ready_state() >= 1).then_some(())
    })
    .await;
    sleep(200).await;
    assert_eq!(track(&video, "captions").unwrap().mode(), TextTrackMode::Disabled);
}

#[wasm_bindgen_test]
async fn a_video_without_narration_has_no_captions_track() {
    let _page = one_at_a_time().await;
    let project = completed(2, async |client: &Client, p: &Project| {
        for s in &p.scenes {
            let update = SceneUpdate { narration_text: Some(" ".into()), ..Default::default() };
            client.update_scene(p.id, s.id.unwrap(), &update).await.unwrap();
        }
    })
    .await;
    assert!(project.scenes.iter().all(|s| s.narration_text.trim().is_empty()));
    let (_root, _app, video) = finished_page(project.id).await;
    assert_eq!(loaded_cues(&video, "chapters").await.len(), 2);
    assert!(track(&video, "captions").is_none());
    assert_eq!(video.text_tracks().unwrap().length(), 1);
}

#[wasm_bindgen_test]
async fn captions_that_come_or_change_after_the_video_loaded_keep_the_video_and_the_persons_choice() {
    use leptos::prelude::*;
    use storyreel::domain::captions::{webvtt, Cue};

    let _page = one_at_a_time().await;
    let project = completed(2, async |_: &Client, _: &Project| {}).await;
    let url = project.final_video_url.expect("the final video");
    let file = RwSignal::new(None::<String>);
    let root = container();
    let app = mount_player(&root, url, file.into(), "A story");
    let video: HtmlVideoElement =
        wait_for("the player", || root.query_selector("video").ok().flatten()).await.unchecked_into();
    wait_for("the video's metadata", || (video.ready_state() >= 1).then_some(())).await;
    assert!(track(&video, "captions").is_none(), "no narration, no captions track");

    let cue = |text: &str| Cue { start_ms: 0, end_ms: 10_000, text: text.into() };
    file.set(Some(webvtt(&[cue("First words")])));
    assert_eq!(loaded_cues(&video, "captions").await, [(0.0, 10.0, "First words".to_owned())]);
    assert_eq!(track(&video, "captions").unwrap().mode(), TextTrackMode::Showing, "on, though added late");
    let first = video.query_selector("track").unwrap().unwrap();
    assert!(first.get_attribute("src").unwrap().starts_with("data:text/vtt,WEBVTT"), "the file itself, in the page");

    // The same file again (a re-read project) leaves the track alone.
    file.set(Some(webvtt(&[cue("First words")])));
    sleep(100).await;
    assert!(video.query_selector("track").unwrap().unwrap().is_same_node(Some(&first)));

    // The person turns captions off; a new file keeps that choice, and has its cues once turned on.
    track(&video, "captions").unwrap().set_mode(TextTrackMode::Disabled);
    file.set(Some(webvtt(&[cue("Other words")])));
    wait_for("the new file's track", || {
        let now = video.query_selector("track").ok().flatten()?;
        (!now.is_same_node(Some(&first))).then_some(())
    })
    .await;
    assert_eq!(video.query_selector_all("track").unwrap().length(), 1, "the old track is gone");
    sleep(100).await;
    assert_eq!(track(&video, "captions").unwrap().mode(), TextTrackMode::Disabled);
    track(&video, "captions").unwrap().set_mode(TextTrackMode::Showing);
    assert_eq!(loaded_cues(&video, "captions").await, [(0.0, 10.0, "Other words".to_owned())]);

    file.set(None);
    wait_for("no captions track", || track(&video, "captions").is_none().then_some(())).await;
    assert!(root.query_selector("video").unwrap().unwrap().is_same_node(Some(&video)), "the video was never rebuilt");
    drop(app);
}

#[wasm_bindgen_test]
async fn the_video_on_another_origin_is_read_in_full_and_saved_under_the_name_given() {
    use leptos::prelude::*;
    use std::{cell::RefCell, rc::Rc};
    use wasm_bindgen::closure::Closure;

    let _page = one_at_a_time().await;
    let project = completed(2, async |_: &Client, _: &Project| {}).await;
    let url = project.final_video_url.expect("the final video");
    // The saving link's click is caught (name and address) and kept from the browser's download
    // dialog; the media link's own click passes to the player's handler.
    let saved = Rc::new(RefCell::new(None::<(String, String)>));
    let into = saved.clone();
    let catch = Closure::<dyn FnMut(web_sys::MouseEvent)>::new(move |e: web_sys::MouseEvent| {
        let link = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlAnchorElement>().ok());
        if let Some(link) = link.filter(|l| l.href().starts_with("blob:")) {
            e.prevent_default();
            *into.borrow_mut() = Some((link.download(), link.href()));
        }
    });
    let window = web_sys::window().unwrap();
    window.add_event_listener_with_callback_and_bool("click", catch.as_ref().unchecked_ref(), true).unwrap();
    let root = container();
    let _app = mount_player(&root, url.clone(), Signal::stored(None), "A lighthouse story");
    link(&root, "Download the video").expect("the download link").click();
    let (name, blob) = wait_for("the saved file", || saved.borrow().clone()).await;
    window.remove_event_listener_with_callback_and_bool("click", catch.as_ref().unchecked_ref(), true).unwrap();
    // The file's own extension (a signed address carries its query after it).
    let extension = url.split(['?', '#']).next().and_then(|path| path.rsplit('.').next()).unwrap();
    assert_eq!(name, format!("A lighthouse story.{extension}"));
    let size = |href: String| async move {
        let response = gloo_net::http::Request::get(&href).send().await.unwrap();
        response.binary().await.unwrap().len()
    };
    let (read, stored) = (size(blob).await, size(url).await);
    assert!(stored > 10_000, "a real video file: {stored} B");
    assert_eq!(read, stored, "every byte of the file");
    wait_for("the words", || text(&root).contains(&format!("Saved as {name}.")).then_some(())).await;
}

/// The player alone in `root` (no page around it): the final video at `url`, `captions`, no upscaled
/// version, clips or chapters, its saved files named `file_stem`.
fn mount_player(
    root: &web_sys::HtmlElement,
    url: String,
    captions: leptos::prelude::Signal<Option<String>>,
    file_stem: &'static str,
) -> impl Sized {
    use leptos::prelude::*;
    use storyreel::components::VideoPlayer;
    let none = Signal::stored(None::<String>);
    leptos::mount::mount_to(root.clone(), move || {
        view! {
            <VideoPlayer
                final_url=Some(url.clone())
                upscaled_url=none
                clips=Vec::new()
                captions=captions
                chapters=none
                on_refresh=Callback::new(|_| ())
                file_stem=file_stem
            />
        }
    })
}
