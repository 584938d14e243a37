//! Styles in the whole app, in a real browser, against storyreel-sim: made, checked, renamed and
//! deleted on their page; applied in review to every scene, seen before anything is sent, saved one
//! request a scene with only the prompts, and undone.

use crate::common::*;
use storyreel::api::*;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

/// Makes a style on the Styles page, as a person does.
async fn make_style(root: &web_sys::HtmlElement, name: &str, image: &str, motion: &str) {
    type_into(&wait_for("the style form", || by_label(root, "Name")).await, name);
    type_into(&by_label(root, "Image phrase").unwrap(), image);
    type_into(&by_label(root, "Motion phrase").unwrap(), motion);
    button(root, "Save style").unwrap().click();
    let saved = format!("Saved the style “{name}”.");
    wait_for("the style saved", || text(root).contains(&saved).then_some(())).await;
}

/// The names of the styles listed, in their order.
fn listed_names(root: &web_sys::HtmlElement) -> Vec<String> {
    let found = root.query_selector_all(".style-card h3").unwrap();
    (0..found.length()).filter_map(|i| found.item(i)?.text_content()).collect()
}

#[wasm_bindgen_test]
async fn a_style_is_checked_made_kept_renamed_and_deleted_on_its_page() {
    let _page = one_at_a_time().await;
    fresh_page("/styles");
    signed_in_as("demo-token");
    let (root, app) = mount_app();
    let name = wait_for("the style form", || by_label(&root, "Name")).await;
    assert!(text(&root).contains("No styles yet."));

    // Sent empty: the summary takes the focus and names the two fields that need something.
    button(&root, "Save style").unwrap().click();
    let summary =
        wait_for("the summary focused", || focused().filter(|f| f.class_list().contains("error-summary"))).await;
    let said = summary.text_content().unwrap_or_default();
    assert!(said.contains("Enter a name for the style"), "{said}");
    assert!(said.contains("Enter an image phrase, a motion phrase or both"), "{said}");
    assert!(description_of(&root, &name).contains("Enter a name for the style"), "and next to its field");

    make_style(&root, "Noir", "film noir, high contrast", "slow dolly in").await;
    assert_eq!(value_of(&by_label(&root, "Name").unwrap()), "", "the form is empty for the next one");
    assert!(root.query_selector(".error-summary").unwrap().is_none());
    make_style(&root, "Pastel", "soft pastel colours", "").await;
    // A name is told apart as a person reads it.
    type_into(&by_label(&root, "Name").unwrap(), " noir ");
    button(&root, "Save style").unwrap().click();
    wait_for("the name taken", || {
        description_of(&root, &by_label(&root, "Name").unwrap()).contains("exists already").then_some(())
    })
    .await;
    type_into(&by_label(&root, "Name").unwrap(), "Half-typed");
    // A reload comes in a later task than the typing; by then the draft is kept where the sign-in is.
    wait_for("the draft in this tab", || stored("storyreel.draft.style").1.filter(|d| d.contains("Half-typed"))).await;
    drop(app);

    // Kept over a reload: the styles, and what was half typed.
    let (root, _app) = mount_app();
    wait_for("the styles again", || (listed_names(&root) == ["Noir", "Pastel"]).then_some(())).await;
    assert_eq!(value_of(&wait_for("the form", || by_label(&root, "Name")).await), "Half-typed");

    button(&root, "Rename “Pastel”").unwrap().click();
    let field = wait_for("the new name's field", || by_label(&root, "New name for “Pastel”")).await;
    wait_for("the field to take the focus", || focused().filter(|f| f.id() == field.id())).await;
    type_into(&field, "NOIR");
    button(&root, "Save name").unwrap().click();
    wait_for("the name taken", || description_of(&root, &field).contains("exists already").then_some(())).await;
    type_into(&field, "Soft");
    button(&root, "Save name").unwrap().click();
    wait_for("renamed", || text(&root).contains("Renamed “Pastel” to “Soft”.").then_some(())).await;
    assert_eq!(listed_names(&root), ["Noir", "Soft"]);
    wait_for("the focus back on its Rename", || {
        focused().filter(|f| f.get_attribute("aria-label").as_deref() == Some("Rename “Soft”"))
    })
    .await;

    // Focused first, as a click or a keyboard does: the dialog gives the focus back to its opener.
    let delete = button(&root, "Delete “Noir”").unwrap();
    delete.focus().unwrap();
    delete.click();
    let dialog = wait_for("the question", || root.query_selector("dialog[open]").unwrap()).await;
    let confirm = button(&dialog, "Delete “Noir”").unwrap();
    assert!(text(&root).contains("Scenes it was applied to keep their prompts."));
    confirm.click();
    wait_for("deleted", || text(&root).contains("Deleted the style “Noir”.").then_some(())).await;
    assert_eq!(listed_names(&root), ["Soft"]);
    wait_for("the focus on the list's heading", || focused().filter(|f| f.id() == "styles-list-heading")).await;
}

#[wasm_bindgen_test]
async fn a_style_applied_in_review_shows_unsaved_saves_only_the_prompts_one_request_a_scene_and_undoes() {
    let _page = one_at_a_time().await;
    let (root, _app, project) = review_with_a_style().await;
    let apply = button(&root, "Apply to every scene").unwrap();
    assert_eq!(chosen(&by_label(&root, "Style").unwrap()), "Noir");
    let scene = |n: u8| group(&root, &format!("Scene {n}")).unwrap();
    let image = |n: u8| value_of(&by_label(&scene(n), "Image prompt").unwrap());

    // Applied: every scene shows the change, unsaved; nothing is sent.
    apply.click();
    wait_for("the style said", || {
        text(&root)
            .contains("“Noir” is added to the prompts of scenes 1, 2 and 3. Nothing is sent until you save.")
            .then_some(())
    })
    .await;
    for n in 1..=3u8 {
        assert!(image(n).ends_with(", film noir, high contrast"), "scene {n}: {}", image(n));
        assert!(text(&scene(n)).contains("Style added: unsaved changes"));
    }
    // Undone at once, everywhere.
    button(&root, "Undo the style").unwrap().click();
    wait_for("undone", || text(&root).contains("The style is undone in every scene it changed.").then_some(())).await;
    let proposed = |n: u8| project.scenes.iter().find(|s| s.scene_number == i64::from(n)).unwrap().clone();
    for n in 1..=3u8 {
        assert_eq!(image(n), proposed(n).image_prompt);
    }

    // Applied again, then scene 2 edited: undoing the style leaves scene 2 to its own Undo.
    button(&root, "Apply to every scene").unwrap().click();
    wait_for("applied again", || text(&root).contains("scenes 1, 2 and 3").then_some(())).await;
    type_into(&by_label(&scene(2), "Narration").unwrap(), "The keeper hums.");
    button(&root, "Undo the style").unwrap().click();
    wait_for("undone but in scene 2", || text(&root).contains("scene 2 changed since: use its own Undo").then_some(()))
        .await;
    assert_eq!(image(1), proposed(1).image_prompt);
    assert!(image(2).ends_with(", film noir, high contrast"));

    // Applied a third time: scene 2 holds it already. Saved: one request for each scene changed, with
    // the prompts alone; scene 2's own edit waits for its own save.
    button(&root, "Apply to every scene").unwrap().click();
    wait_for("scenes 1 and 3", || text(&root).contains("added to the prompts of scenes 1 and 3.").then_some(())).await;
    record_requests();
    button(&root, "Save the styled scenes").unwrap().click();
    for n in [1u8, 3] {
        wait_for("saved", || text(&scene(n)).contains("Saved.").then_some(())).await;
    }
    let puts: Vec<String> =
        recorded_requests().await.into_iter().filter(|r| r.contains("/scenes/") && r.contains('{')).collect();
    assert_eq!(puts.len(), 2, "{puts:?}");
    for put in &puts {
        let body: serde_json::Value = serde_json::from_str(&put[put.find('{').unwrap()..]).unwrap();
        let mut fields: Vec<&str> = body.as_object().unwrap().keys().map(String::as_str).collect();
        fields.sort();
        assert_eq!(fields, ["image_prompt", "motion_prompt"], "only the prompts: {put}");
    }
    assert!(text(&scene(2)).contains("Unsaved changes"), "scene 2 waits for its own save");
    let saved = Client::new(&api_url(), "demo-token", 10_000).get_project(project.id).await.unwrap();
    let one = saved.scenes.iter().find(|s| s.scene_number == 1).unwrap();
    assert_eq!(one.image_prompt, format!("{}, film noir, high contrast", proposed(1).image_prompt.trim_end()));
    assert_eq!(one.description, proposed(1).description);
}

/// The styles page's first style, made as a person does, then the review of a new 3-scene project.
async fn review_with_a_style() -> (web_sys::HtmlElement, MountedApp, Project) {
    let project = new_project("demo-token", 1, 3).await;
    fresh_page("/styles");
    signed_in_as("demo-token");
    let (root, app) = mount_app();
    make_style(&root, "Noir", "film noir, high contrast", "slow dolly in").await;
    drop(app);
    let path = format!("/projects/{}", project.id);
    web_sys::window().unwrap().history().unwrap().replace_state_with_url(&JsValue::NULL, "", Some(&path)).unwrap();
    let (root, app) = mount_app();
    wait_for("the style picker", || button(&root, "Apply to every scene")).await;
    (root, app, project)
}

#[wasm_bindgen_test]
async fn undoing_or_saving_a_style_leaves_alone_what_the_person_did_since_and_a_text_changed_elsewhere() {
    let _page = one_at_a_time().await;
    let (root, _app, project) = review_with_a_style().await;
    let scene = |n: u8| group(&root, &format!("Scene {n}")).unwrap();
    let field = |n: u8, label: &str| by_label(&scene(n), label).unwrap();
    let proposed = |n: u8| project.scenes.iter().find(|s| s.scene_number == i64::from(n)).unwrap().clone();

    // Scene 1's style undone in the scene, then typing there: undoing the style takes none of it.
    button(&root, "Apply to every scene").unwrap().click();
    wait_for("styled", || text(&root).contains("scenes 1, 2 and 3").then_some(())).await;
    button(&scene(1), "Undo in scene 1").unwrap().click();
    type_into(&field(1, "Narration"), "The paper boat hums.");
    button(&root, "Undo the style").unwrap().click();
    wait_for("undone", || text(&root).contains("The style is undone in every scene it changed.").then_some(())).await;
    assert_eq!(value_of(&field(1, "Narration")), "The paper boat hums.", "the typing after stays");
    assert_eq!(value_of(&field(1, "Image prompt")), proposed(1).image_prompt);
    assert_eq!(value_of(&field(2, "Image prompt")), proposed(2).image_prompt);

    // Scene 2 changed elsewhere and found so by its own save: the batch save leaves it to the person.
    button(&root, "Apply to every scene").unwrap().click();
    wait_for("styled again", || text(&root).contains("scenes 1, 2 and 3").then_some(())).await;
    let client = Client::new(&api_url(), "demo-token", 10_000);
    let elsewhere = SceneUpdate { description: Some("Rain, from another device".into()), ..Default::default() };
    client.update_scene(project.id, proposed(2).id.unwrap(), &elsewhere).await.unwrap();
    button(&scene(2), "Save scene 2").unwrap().click();
    wait_for("the change elsewhere", || text(&scene(2)).contains("changed and saved elsewhere").then_some(())).await;
    button(&root, "Save the styled scenes").unwrap().click();
    wait_for("what was sent", || {
        let said = text(&root);
        (said.contains("Saving scenes 1 and 3") && said.contains("Not sent: scene 2")).then_some(())
    })
    .await;
    for n in [1u8, 3] {
        wait_for("saved", || text(&scene(n)).contains("Saved.").then_some(())).await;
    }
    let two = client.get_project(project.id).await.unwrap().scenes.into_iter().find(|s| s.scene_number == 2).unwrap();
    assert_eq!(
        (two.description.as_str(), two.image_prompt.as_str()),
        ("Rain, from another device", proposed(2).image_prompt.as_str())
    );

    // Its style undone in the scene, the person's own text is back, and the choice still stands:
    // Discard takes the other device's text.
    button(&scene(2), "Undo in scene 2").unwrap().click();
    let discard = button(&scene(2), "Discard scene 2 changes").unwrap();
    assert!(!is_disabled(&discard), "the choice is still offered");
    discard.click();
    wait_for("the other device's text", || {
        (value_of(&field(2, "Description")) == "Rain, from another device").then_some(())
    })
    .await;
    assert!(!text(&scene(2)).contains("changed and saved elsewhere"));
}
