//! Persons by name in the whole app shell, in a real browser, against storyreel-sim: a name given
//! on the Persons page is offered in the story form and the list's filter, and what reaches the
//! service is the id alone.

use crate::common::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_person_named_once_is_chosen_by_name_in_the_story_form_and_only_the_id_reaches_the_service() {
    let _page = one_at_a_time().await;
    new_project("demo-token", 1, 2).await;
    fresh_page("/persons");
    let (root, _app) = mount_app();
    type_into(&wait_for("the sign-in form", || by_label(&root, "Access token")).await, "demo-token");
    button(&root, "Sign in").unwrap().click();
    wait_for("the Persons page", || heading(&root, "Persons")).await;

    // The ids come from the list that signing in read: person 1 has a project, and no name yet.
    let known = wait_for("the known persons", || by_label(&root, "Known person")).await;
    choose(&known, "Person 1");
    let id = by_label(&root, "Person id").unwrap();
    wait_for("choosing to fill the id", || (value_of(&id) == "1").then_some(())).await;
    type_into(&by_label(&root, "Name").unwrap(), "  Narrator Ada ");
    button(&root, "Save name").unwrap().click();
    let status = wait_for("the confirmation", || root.query_selector("[role=status]").ok().flatten()).await;
    wait_for("Saved", || text(&status).contains("Saved: Narrator Ada (person 1).").then_some(())).await;
    // Signed in for this tab only: the names are kept with the sign-in, in this tab, for account 1.
    let (on_device, in_tab) = stored("storyreel.persons.user.1");
    assert!(
        in_tab.as_deref().unwrap_or_default().contains("Narrator Ada"),
        "kept in this tab for account 1: {in_tab:?}"
    );
    assert_eq!(on_device, None, "nothing of a tab-only sign-in on the device");

    link(&root, "New story").unwrap().click();
    let known = wait_for("the story form's choice", || {
        by_label(&root, "Known person").filter(|k| offers(k, "Narrator Ada (person 1)"))
    })
    .await;
    let person = by_label(&root, "Person id").unwrap();
    record_requests();
    choose(&known, "Narrator Ada (person 1)");
    wait_for("the id filled in", || (value_of(&person) == "1").then_some(())).await;
    // Typing a new id still works, and the choice says it is none of the known persons.
    type_into(&person, "77");
    wait_for("the choice following what is typed", || (chosen(&known) == "Choose by name").then_some(())).await;
    choose(&known, "Narrator Ada (person 1)");
    wait_for("the id filled in again", || (value_of(&person) == "1").then_some(())).await;
    type_into(&by_label(&root, "Story idea").unwrap(), "A narrator reads the tides to a lighthouse keeper");
    type_into(&by_label(&root, "Number of scenes").unwrap(), "2");
    let propose = button(&root, "Propose scenes").unwrap();
    wait_for("the form to take what was typed", || (!is_disabled(&propose)).then_some(())).await;
    propose.click();
    wait_for("the review page", || location_path().starts_with("/projects/").then_some(())).await;

    let sent = recorded_requests().await;
    let create = sent.iter().find(|s| s.contains("/stories/create")).expect("the create request");
    assert!(create.contains(r#""person_id":1"#), "{create}");
    assert!(sent.iter().all(|s| !s.contains("Narrator") && !s.contains("Ada")), "the name is never sent: {sent:?}");
    let id: i64 = location_path().trim_start_matches("/projects/").parse().unwrap();
    let project = storyreel::api::Client::new(&api_url(), "demo-token", 10_000).get_project(id).await.unwrap();
    assert_eq!(project.person_id, Some(1), "the service's project");
}

#[wasm_bindgen_test]
async fn a_name_for_a_new_id_is_checked_offered_in_the_filter_and_removed() {
    let _page = one_at_a_time().await;
    fresh_page("/persons");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    wait_for("the Persons page", || heading(&root, "Persons")).await;
    let (id, name) = (by_label(&root, "Person id").unwrap(), by_label(&root, "Name").unwrap());

    button(&root, "Save name").unwrap().click();
    wait_for("the id's problem", || description_of(&root, &id).contains("Enter the id").then_some(())).await;
    assert!(description_of(&root, &name).contains("Type the name"), "each problem next to its field");
    assert_eq!(name.get_attribute("aria-invalid").as_deref(), Some("true"));

    type_into(&id, "42");
    type_into(&name, &"n".repeat(41));
    button(&root, "Save name").unwrap().click();
    wait_for("the name's problem", || description_of(&root, &name).contains("remove 1 (now 41)").then_some(())).await;
    assert!(!description_of(&root, &id).contains("Enter"), "the id is fine now");

    type_into(&name, "Zoë 🎙️");
    button(&root, "Save name").unwrap().click();
    wait_for("saved", || text(&root).contains("Saved: Zoë 🎙️ (person 42).").then_some(())).await;
    let known = wait_for("the choice with the new name", || {
        by_label(&root, "Known person").filter(|k| offers(k, "Zoë 🎙️ (person 42)"))
    })
    .await;
    assert_eq!(chosen(&known), "Zoë 🎙️ (person 42)");

    link(&root, "Projects").unwrap().click();
    let filter =
        wait_for("the filter's choice", || by_label(&root, "Known person").filter(|k| offers(k, "Zoë 🎙️ (person 42)")))
            .await;
    assert_eq!(chosen(&filter), "Any person");
    choose(&filter, "Zoë 🎙️ (person 42)");
    let person = by_label(&root, "Person id").unwrap();
    wait_for("the filter's id filled in", || (value_of(&person) == "42").then_some(())).await;
    // Choosing a known person filters at once: no Apply step.
    wait_for("the address", || (location_path() == "/?person_id=42").then_some(())).await;
    wait_for("the filtered list", || text(&root).contains("No project matches these filters.").then_some(())).await;

    link(&root, "Persons").unwrap().click();
    let known = wait_for("the Persons page again", || by_label(&root, "Known person")).await;
    choose(&known, "Zoë 🎙️ (person 42)");
    let name = by_label(&root, "Name").unwrap();
    wait_for("choosing to show the name kept", || (value_of(&name) == "Zoë 🎙️").then_some(())).await;
    button(&root, "Remove name").unwrap().click();
    wait_for("removed", || text(&root).contains("Person 42 has no name now.").then_some(())).await;
    let known =
        wait_for("the choice without the name", || by_label(&root, "Known person").filter(|k| offers(k, "Person 42")))
            .await;
    assert!(!offers(&known, "Zoë 🎙️ (person 42)"));
}

#[wasm_bindgen_test]
async fn a_newcomer_is_told_where_person_ids_come_from_until_the_list_makes_some_known() {
    let _page = one_at_a_time().await;
    new_project("demo-token", 1, 2).await;
    fresh_page("/new");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    wait_for("the story form", || by_label(&root, "Story idea")).await;
    let hint = "No person is known on this device yet. Person ids come from your video service's provider;";
    assert!(text(&root).contains(hint), "{}", text(&root));
    let to_persons = root.query_selector("form p.help a").unwrap().expect("a link beside the field");
    assert_eq!(to_persons.get_attribute("href").as_deref(), Some("/persons"));
    assert!(by_label(&root, "Known person").is_none(), "nothing to choose from yet");

    // The list read, the ids its projects use are known, and the form offers them instead.
    link(&root, "Projects").unwrap().click();
    wait_for("the list", || heading(&root, "Your projects")).await;
    wait_for("the list read", || root.query_selector(".project-row").ok().flatten()).await;
    // Not the list this tab read in an earlier test, shown until the service answers.
    wait_for("the service's answer", || (!text(&root).contains("checking…")).then_some(())).await;
    link(&root, "New story").unwrap().click();
    wait_for("the known persons", || by_label(&root, "Known person")).await;
    assert!(!text(&root).contains(hint));
}
