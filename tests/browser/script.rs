//! A project's texts as files, and a new story started from a project, in the whole app in a real
//! browser against storyreel-sim.

use crate::common::*;
use std::cell::RefCell;
use std::rc::Rc;
use storyreel::api::*;
use storyreel::domain::keys;
use storyreel::domain::story::StoryDraft;
use storyreel::stores::drafts;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// The files the app asks the browser to save, caught at the click on the download link: each one's
/// name and the address of its text. The download itself is stopped here (the end-to-end test lets
/// it happen); everything up to it is the app's own.
struct Downloads {
    seen: Rc<RefCell<Vec<(String, String)>>>,
    listener: Closure<dyn FnMut(web_sys::MouseEvent)>,
}

impl Downloads {
    fn catch() -> Self {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let into = seen.clone();
        let listener = Closure::<dyn FnMut(web_sys::MouseEvent)>::new(move |e: web_sys::MouseEvent| {
            let link = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlAnchorElement>().ok());
            if let Some(link) = link.filter(|l| l.has_attribute("download")) {
                e.prevent_default();
                into.borrow_mut().push((link.download(), link.href()));
            }
        });
        let window = web_sys::window().unwrap();
        window.add_event_listener_with_callback_and_bool("click", listener.as_ref().unchecked_ref(), true).unwrap();
        Self { seen, listener }
    }

    /// Clicks `name` and gives the file it made: its name and its text, read from the link as a
    /// browser would.
    async fn take(&self, root: &web_sys::Element, name: &str) -> (String, String) {
        let before = self.seen.borrow().len();
        button(root, name).unwrap_or_else(|| panic!("no button {name}")).click();
        let (file, href) = wait_for("the download", || self.seen.borrow().get(before).cloned()).await;
        assert!(href.starts_with("blob:"), "made in the browser, not fetched: {href}");
        let text = gloo_net::http::Request::get(&href).send().await.unwrap().text().await.unwrap();
        (file, text)
    }
}

impl Drop for Downloads {
    fn drop(&mut self) {
        let window = web_sys::window().unwrap();
        let _ =
            window.remove_event_listener_with_callback_and_bool("click", self.listener.as_ref().unchecked_ref(), true);
    }
}

/// Whether a polite status (`role=status`) on the page reads `said`.
fn announced(root: &web_sys::Element, said: &str) -> bool {
    let list = root.query_selector_all("[role=status]").unwrap();
    (0..list.length()).filter_map(|i| list.item(i)).any(|s| s.text_content().unwrap_or_default() == said)
}

#[wasm_bindgen_test]
async fn the_review_page_gives_the_script_and_subtitles_as_saved() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 3).await;
    let title = storyreel::domain::title::project_title(project.id, Some(&project));
    let scene_two = project.scenes.iter().find(|s| s.scene_number == 2).unwrap().clone();
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let downloads = Downloads::catch();

    wait_for("the files", || button(&root, "Download script")).await;
    let (name, script) = downloads.take(&root, "Download script").await;
    assert!(name.ends_with(".md") && !name.contains('/'), "{name}");
    assert!(script.starts_with(&format!("# {title}\n\n## Story idea\n\n> {}", project.ideas)), "{script}");
    let at = |heading: &str| script.find(heading).unwrap_or_else(|| panic!("{heading} in {script}"));
    assert!(at("## Scene 1") < at("## Scene 2") && at("## Scene 2") < at("## Scene 3"));
    assert!(script.contains(&format!("### Narration\n\n> {}\n", scene_two.narration_text)), "{script}");
    let made = format!("Made {name}.");
    wait_for("the file announced", || announced(&root, &made).then_some(())).await;

    let (srt_name, srt) = downloads.take(&root, "Download subtitles (.srt)").await;
    assert_eq!(srt_name, name.replace(".md", ".srt"));
    assert!(srt.starts_with("1\n00:00:00,000 --> 00:00:"), "{srt}");
    let (vtt_name, vtt) = downloads.take(&root, "Download subtitles (.vtt)").await;
    assert_eq!(vtt_name, name.replace(".md", ".vtt"));
    assert!(vtt.starts_with("WEBVTT\n\n00:00:00.000 --> 00:00:"), "{vtt}");

    // An edit not yet saved is not in the files, as the page says; once saved, it is.
    assert!(text(&root).contains("The files hold the scenes as saved: changes not yet saved are not in them."));
    let scene = group(&root, "Scene 2").unwrap();
    type_into(&by_label(&scene, "Narration").unwrap(), "# A new line for the albatross");
    wait_for("the unsaved mark", || text(&scene).contains("Unsaved changes").then_some(())).await;
    let (_, before_save) = downloads.take(&root, "Download script").await;
    assert!(!before_save.contains("albatross"), "unsaved text stays out");
    button(&scene, "Save scene 2").unwrap().click();
    wait_for("saved", || text(&scene).contains("Saved.").then_some(())).await;
    let (_, after_save) = downloads.take(&root, "Download script").await;
    assert!(after_save.contains("### Narration\n\n> \\# A new line for the albatross\n"), "{after_save}");
}

#[wasm_bindgen_test]
async fn without_narration_no_subtitles_are_offered() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    let client = Client::new(&api_url(), "demo-token", 10_000);
    for scene in &project.scenes {
        let silent = SceneUpdate { narration_text: Some(String::new()), ..SceneUpdate::default() };
        client.update_scene(project.id, scene.id.unwrap(), &silent).await.unwrap();
    }
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();

    wait_for("the files", || button(&root, "Download script")).await;
    wait_for("the note", || text(&root).contains("No scene has narration, so there are no subtitles.").then_some(()))
        .await;
    for name in ["Download subtitles (.srt)", "Download subtitles (.vtt)"] {
        assert!(button(&root, name).is_none(), "{name} is not offered");
    }
}

#[wasm_bindgen_test]
async fn narration_removed_after_the_page_was_shown_gives_no_empty_subtitles() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let downloads = Downloads::catch();

    wait_for("the files", || button(&root, "Download subtitles (.srt)")).await;
    for number in [1, 2] {
        let scene = group(&root, &format!("Scene {number}")).unwrap();
        type_into(&by_label(&scene, "Narration").unwrap(), "");
        wait_for("the unsaved mark", || text(&scene).contains("Unsaved changes").then_some(())).await;
        button(&scene, &format!("Save scene {number}")).unwrap().click();
        wait_for("saved", || text(&scene).contains("Saved.").then_some(())).await;
    }
    button(&root, "Download subtitles (.srt)").unwrap().click();
    wait_for("the answer", || announced(&root, "No scene has narration, so there are no subtitles.").then_some(()))
        .await;
    assert!(downloads.seen.borrow().is_empty(), "no empty file");
}

fn open_dialog(root: &web_sys::Element) -> Option<web_sys::Element> {
    root.query_selector("dialog[open]").ok()?
}

#[wasm_bindgen_test]
async fn a_new_story_from_a_project_fills_the_form_when_nothing_was_begun() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 3).await;
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app();

    wait_for("the offer", || button(&root, "Start a new story from this one")).await.click();
    let idea = wait_for("the story form", || by_label(&root, "Story idea")).await;
    assert_eq!(location_path(), "/new");
    assert!(open_dialog(&root).is_none(), "nothing to ask");
    assert_eq!(value_of(&idea), project.ideas);
    assert_eq!(value_of(&by_label(&root, "Person id").unwrap()), "1");
    assert_eq!(value_of(&by_label(&root, "Number of scenes").unwrap()), "3");
    let checked = |label| by_label(&root, label).unwrap().unchecked_into::<web_sys::HtmlInputElement>().checked();
    assert!(!checked("Talking head in the first scene") && checked("Talking head in the last scene"));
}

#[wasm_bindgen_test]
async fn a_story_already_begun_is_replaced_kept_or_left_as_the_person_chooses() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 3).await;
    let path = format!("/projects/{}", project.id);
    fresh_page(&path);
    signed_in_as("demo-token");
    let mine = StoryDraft {
        idea: "A fox learns to sail on a frozen lake".into(),
        person_id: "2".into(),
        ..StoryDraft::default()
    };
    drafts::save(keys::STORY_DRAFT, &mine);
    let (root, app) = mount_app();

    // Cancel: nothing changes, and focus goes back to the button.
    let offer = wait_for("the offer", || button(&root, "Start a new story from this one")).await;
    offer.focus().unwrap();
    offer.click();
    let dialog = wait_for("the question", || open_dialog(&root)).await;
    assert!(heading(&dialog, "Replace the story you began?").is_some());
    assert!(text(&dialog).contains("“A fox learns to sail on a frozen lake”"), "{}", text(&dialog));
    button(&dialog, "Cancel").unwrap().click();
    wait_for("the dialog closed", || open_dialog(&root).is_none().then_some(())).await;
    assert_eq!(location_path(), path);
    assert_eq!(drafts::load::<StoryDraft>(keys::STORY_DRAFT), Some(mine.clone()));
    let focused = document().active_element().unwrap();
    assert_eq!(focused.text_content().unwrap().trim(), "Start a new story from this one");

    // Keep my draft: the form, with the person's story.
    offer.click();
    let dialog = wait_for("the question again", || open_dialog(&root)).await;
    button(&dialog, "Keep my draft").unwrap().click();
    let idea = wait_for("the story form", || by_label(&root, "Story idea")).await;
    assert_eq!(location_path(), "/new");
    assert_eq!(value_of(&idea), mine.idea);
    assert_eq!(value_of(&by_label(&root, "Person id").unwrap()), "2");
    drop(app);

    // Replace my draft: the form, with the project's story.
    web_sys::window().unwrap().history().unwrap().replace_state_with_url(&JsValue::NULL, "", Some(&path)).unwrap();
    let (root, _app) = mount_app();
    // The project kept from the first visit shows first; the offer is taken from the service's answer,
    // which replaces that page (and any dialog open on it).
    wait_for("the offer, on the service's answer", || {
        button(&root, "Start a new story from this one").filter(|_| !text(&root).contains("As of "))
    })
    .await
    .click();
    let dialog = wait_for("the question", || open_dialog(&root)).await;
    button(&dialog, "Replace my draft").unwrap().click();
    let idea = wait_for("the story form", || by_label(&root, "Story idea")).await;
    assert_eq!(location_path(), "/new");
    assert_eq!(value_of(&idea), project.ideas);
    assert_eq!(value_of(&by_label(&root, "Number of scenes").unwrap()), "3");
    assert_eq!(drafts::load::<StoryDraft>(keys::STORY_DRAFT).map(|d| d.idea), Some(project.ideas.clone()));
}
