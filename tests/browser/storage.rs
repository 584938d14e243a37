//! Where the person's things live, in a real browser's storage, against storyreel-sim: with the token
//! (the device after "Remember me", else this tab alone), never under another account's name, and kept
//! through a full storage, where copies give way first. And the news of another tab, as the browser
//! brings it: a storage event, or a word on the tabs' channel.

use crate::common::*;
use storyreel::domain::account::owner;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Storage;

fn device() -> Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn tab() -> Storage {
    web_sys::window().unwrap().session_storage().unwrap().unwrap()
}

/// storyreel's keys in one storage, sorted.
fn keys(storage: &Storage) -> Vec<String> {
    let mut keys: Vec<String> = (0..storage.length().unwrap())
        .filter_map(|i| storage.key(i).unwrap())
        .filter(|k| k.starts_with("storyreel."))
        .collect();
    keys.sort();
    keys
}

async fn sign_in(root: &web_sys::HtmlElement, token: &str, remember: bool) {
    type_into(&wait_for("the sign-in form", || by_label(root, "Access token")).await, token);
    set_checked(&by_label(root, "Remember me on this device").unwrap(), remember);
    button(root, "Sign in").unwrap().click();
    wait_for("signed in", || by_label(root, "Access token").is_none().then_some(())).await;
}

/// Follows a link to `path`, as a person does (the router takes the click).
fn go_to(root: &web_sys::HtmlElement, path: &str) {
    let a: web_sys::HtmlElement = document().create_element("a").unwrap().unchecked_into();
    a.set_attribute("href", path).unwrap();
    a.set_text_content(Some("go"));
    root.append_child(&a).unwrap();
    a.click();
    a.remove();
}

/// The app at the projects list, signed in as a person does (on the device with `remember`).
async fn signed_in_at_projects(remember: bool) -> (web_sys::HtmlElement, MountedApp) {
    fresh_page("/");
    let (root, app) = mount_app();
    sign_in(&root, "demo-token", remember).await;
    wait_for("the projects", || heading(&root, "Your projects")).await;
    (root, app)
}

/// Approves `project` through its page, as a person does, and waits for the generation to show.
async fn approve(root: &web_sys::HtmlElement, project: &storyreel::api::Project) {
    go_to(root, &format!("/projects/{}", project.id));
    wait_for("the approve button", || button(root, "Approve and generate…")).await.click();
    wait_for("the confirmation", || button(root, "Reserve 200 credits and generate")).await.click();
    let video = format!("/projects/{}/video", project.id);
    wait_for("the generation followed", || (location_path() == video).then_some(())).await;
}

/// Fills the device's storage with the site's own junk until nothing more fits.
fn fill_device() {
    let storage = device();
    let mut chunk = 1 << 20;
    let mut n = 0;
    while chunk >= 8 {
        if storage.set_item(&format!("filler.{n}"), &"x".repeat(chunk)).is_ok() {
            n += 1;
        } else {
            chunk /= 2;
        }
    }
}

fn empty_filler() {
    let storage = device();
    for key in (0..storage.length().unwrap()).filter_map(|i| storage.key(i).unwrap()).collect::<Vec<_>>() {
        if key.starts_with("filler.") {
            storage.remove_item(&key).unwrap();
        }
    }
}

#[wasm_bindgen_test]
async fn a_tab_only_sign_in_keeps_the_person_in_the_tab_and_the_device_only_its_setup() {
    let _page = one_at_a_time().await;
    // Account 1 has a project, so signing in learns its user id: its names are filed under it.
    new_project("demo-token", 1, 2).await;
    fresh_page("/persons");
    let (root, _app) = mount_app();
    sign_in(&root, "demo-token", false).await;
    wait_for("the Persons page", || heading(&root, "Persons")).await;
    type_into(&by_label(&root, "Person id").unwrap(), "1");
    type_into(&by_label(&root, "Name").unwrap(), "The narrator");
    button(&root, "Save name").unwrap().click();
    wait_for("saved", || text(&root).contains("Saved: The narrator (person 1).").then_some(())).await;
    link(&root, "New story").unwrap().click();
    let idea = wait_for("the story form", || by_label(&root, "Story idea")).await;
    type_into(&idea, "A cartographer maps a city that moves at night");
    wait_for("the draft kept", || stored("storyreel.draft.story").1).await;

    let in_tab = keys(&tab());
    for key in ["storyreel.token", "storyreel.owner", "storyreel.draft.story", "storyreel.persons.user.1"] {
        assert!(in_tab.contains(&key.to_owned()), "{key} is kept in this tab: {in_tab:?}");
    }
    let on_device = keys(&device());
    assert!(
        on_device.iter().all(|k| k == "storyreel.theme" || k == "storyreel.api_base_url"),
        "the device holds only how it is set up: {on_device:?}"
    );
}

#[wasm_bindgen_test]
async fn a_tab_signed_in_for_itself_files_nothing_under_the_devices_account() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    fresh_page("/");
    // Account 2 is remembered on this device (another tab of this browser uses it), with names of its own.
    let other = owner("other-token", Some(2));
    device().set_item("storyreel.token", "other-token").unwrap();
    device().set_item("storyreel.owner", &other).unwrap();
    device().set_item("storyreel.persons.user.2", r#"{"11":"Account two's narrator"}"#).unwrap();
    let device_before: Vec<(String, Option<String>)> =
        keys(&device()).into_iter().map(|k| (k.clone(), device().get_item(&k).unwrap())).collect();
    // This tab signed in for itself, as account 1.
    tab().set_item("storyreel.token", "demo-token").unwrap();
    tab().set_item("storyreel.owner", &owner("demo-token", Some(1))).unwrap();
    let (root, _app) = mount_app();
    wait_for("the projects", || heading(&root, "Your projects")).await;
    approve(&root, &project).await;
    go_to(&root, "/persons");
    wait_for("the Persons page", || heading(&root, "Persons")).await;
    assert!(!text(&root).contains("Account two's narrator"), "account 2's names are not shown here");
    type_into(&by_label(&root, "Person id").unwrap(), "1");
    type_into(&by_label(&root, "Name").unwrap(), "Account one's narrator");
    button(&root, "Save name").unwrap().click();
    wait_for("saved", || text(&root).contains("Saved: Account one's narrator (person 1).").then_some(())).await;

    let device_after: Vec<(String, Option<String>)> =
        keys(&device()).into_iter().map(|k| (k.clone(), device().get_item(&k).unwrap())).collect();
    assert_eq!(device_after, device_before, "the device's account and its things are as they were");
    assert!(tab().get_item("storyreel.spending.user.1").unwrap().is_some_and(|l| l.contains(&project.id.to_string())));
    assert!(tab().get_item("storyreel.persons.user.1").unwrap().is_some_and(|p| p.contains("Account one's narrator")));
}

#[wasm_bindgen_test]
async fn a_full_storage_keeps_the_ledger_it_had_and_says_so_once() {
    let _page = one_at_a_time().await;
    let (first, second) = (new_project("demo-token", 1, 2).await, new_project("demo-token", 1, 2).await);
    fresh_page("/");
    let (root, _app) = mount_app();
    sign_in(&root, "demo-token", true).await;
    approve(&root, &first).await;
    let ledger = "storyreel.spending.user.1";
    let kept = device().get_item(ledger).unwrap().expect("the first approval noted on the device");
    assert!(kept.contains(&first.id.to_string()));

    // With no copies left to give way (they would: the next test), nothing more fits.
    for key in keys(&device()).into_iter().filter(|k| storyreel::domain::keys::is_cache(k)) {
        device().remove_item(&key).unwrap();
    }
    fill_device();
    approve(&root, &second).await;
    assert_eq!(device().get_item(ledger).unwrap().as_deref(), Some(kept.as_str()), "the ledger it had is kept");
    let full = "storage for storyreel is full";
    wait_for("the person told", || text(&root).contains(full).then_some(())).await;
    assert_eq!(text(&root).matches(full).count(), 1, "said once");
    empty_filler();
    go_to(&root, "/spending");
    let title = storyreel::domain::title::project_title(first.id, Some(&first));
    wait_for("the first approval in the Spending view", || text(&root).contains(&title).then_some(())).await;
}

#[wasm_bindgen_test]
async fn in_a_full_storage_the_copies_give_way_for_the_ledger() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    let (root, _app) = signed_in_at_projects(true).await;
    // A copy of earlier answers takes the room that is left.
    let copy = "storyreel.versions.999999";
    let mut chunk = 1 << 20;
    let mut copy_text = String::new();
    while chunk >= 8 {
        let longer = format!("{copy_text}{}", "v".repeat(chunk));
        if device().set_item(copy, &longer).is_ok() {
            copy_text = longer;
        } else {
            chunk /= 2;
        }
    }
    approve(&root, &project).await;
    let ledger = device().get_item("storyreel.spending.user.1").unwrap().unwrap_or_default();
    assert!(ledger.contains(&project.id.to_string()), "the approval is noted: {ledger}");
    assert_eq!(device().get_item(copy).unwrap(), None, "the copy gave way");
    assert!(!text(&root).contains("storage for storyreel is full"), "nothing the person would miss was lost");
}

#[wasm_bindgen_test]
async fn another_tab_signing_out_signs_this_one_out_and_it_comes_back_to_where_it_was() {
    let _page = one_at_a_time().await;
    fresh_page("/new");
    let (root, _app) = mount_app();
    sign_in(&root, "demo-token", true).await;
    let idea = wait_for("the story form", || by_label(&root, "Story idea")).await;
    type_into(&idea, "A tram that runs on moonlight");
    wait_for("the draft kept in this tab too", || stored("storyreel.draft.story").1).await;
    // The other tab's sign-out: the device's things go, the owner key first, then the rest.
    device().remove_item("storyreel.owner").unwrap();
    storage_event(Some("storyreel.owner"));
    device().clear().unwrap();
    storage_event(None);

    wait_for("the sign-in", || by_label(&root, "Access token")).await;
    assert!(text(&root).contains("You signed out in another tab."));
    let back = storyreel::routes::sign_in_returning_to("/new");
    assert_eq!(location_path(), back, "the address to come back to is kept");
    assert_eq!(keys(&tab()), Vec::<String>::new(), "nothing of the person is left in this tab either");
}

#[wasm_bindgen_test]
async fn another_account_signing_in_on_the_device_signs_this_tab_out() {
    let _page = one_at_a_time().await;
    let (root, _app) = signed_in_at_projects(true).await;
    device().set_item("storyreel.owner", &owner("other-token", Some(2))).unwrap();
    storage_event(Some("storyreel.owner"));
    device().set_item("storyreel.token", "other-token").unwrap();
    storage_event(Some("storyreel.token"));
    wait_for("the sign-in", || by_label(&root, "Access token")).await;
    assert!(text(&root).contains("Another account signed in to storyreel in another tab"));
}

#[wasm_bindgen_test]
async fn a_word_from_another_tab_only_tab_of_the_same_account_signs_this_one_out() {
    let _page = one_at_a_time().await;
    let (root, _app) = signed_in_at_projects(false).await;
    // Another tab's channel, as another tab of this browser holds one.
    let other_tab = web_sys::BroadcastChannel::new("storyreel").unwrap();
    let say = |word: &str| other_tab.post_message(&wasm_bindgen::JsValue::from_str(word)).unwrap();
    // Another account signing out in its own tab is not this one's business.
    say(&format!("out\t{}", owner("other-token", Some(2))));
    sleep(300).await;
    assert!(heading(&root, "Your projects").is_some(), "still signed in");
    // The same account, with a token renewed since, signing out there: this tab follows.
    let me = tab().get_item("storyreel.owner").unwrap().expect("the owner kept in this tab");
    let user = me.split_once(':').map(|(_, user)| user.to_owned());
    say(&format!("out\t{}", owner("renewed-token", user.and_then(|u| u.parse().ok()))));
    wait_for("the sign-in", || by_label(&root, "Access token")).await;
    assert!(text(&root).contains("You signed out in another tab."));
    assert_eq!(keys(&tab()), Vec::<String>::new());
    other_tab.close();
}
