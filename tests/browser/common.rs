//! Helpers for browser tests: mount into a fresh element, find controls as a person does (by label
//! and by name), type and click through real DOM events, and reach the simulator's control API.
#![allow(dead_code)]

use gloo_net::http::Request;
use std::future::Future;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

/// The simulator this run talks to. `scripts/test` starts one per profile and writes its address to
/// `sim-url.txt` in the folder the test runner serves, so one build of the tests serves every profile
/// and browser; without that file, the simulator `scripts/demo` starts.
pub fn sim_url() -> String {
    thread_local! {
        static URL: String = read_sim_url().unwrap_or_else(|| "http://127.0.0.1:8787".to_owned());
    }
    URL.with(|url| url.trim_end_matches('/').to_owned())
}

/// The runner's page has nothing to await before the first test's first line, so the address is read
/// synchronously, once.
fn read_sim_url() -> Option<String> {
    let request = web_sys::XmlHttpRequest::new().ok()?;
    request.open_with_async("GET", "/sim-url.txt", false).ok()?;
    request.send().ok()?;
    (request.status().ok()? == 200)
        .then(|| request.response_text().ok().flatten())
        .flatten()
        .map(|t| t.trim().to_owned())
}

pub fn api_url() -> String {
    format!("{}/api/v1", sim_url())
}

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

pub async fn sleep(ms: u32) {
    gloo_timers::future::TimeoutFuture::new(ms).await;
}

/// Waits until `probe` finds something, or fails the test saying what never appeared.
pub async fn wait_for<T>(what: &str, probe: impl Fn() -> Option<T>) -> T {
    // A person sees the page no sooner than the next task, after the app's effects have run once
    // (a freshly mounted form fills its fields from a draft or the address in its first effects).
    sleep(0).await;
    // 30 s: the test command runs the browser tests beside the end-to-end specs on two cores.
    for _ in 0..1500 {
        if let Some(found) = probe() {
            return found;
        }
        sleep(20).await;
    }
    panic!(
        "timed out waiting for {what}; page text: {}",
        document().body().unwrap().text_content().unwrap_or_default()
    );
}

/// Like `wait_for`, for async probes (e.g. asking the simulator).
pub async fn wait_for_async<T, F: Future<Output = Option<T>>>(what: &str, probe: impl Fn() -> F) -> T {
    for _ in 0..600 {
        if let Some(found) = probe().await {
            return found;
        }
        sleep(50).await;
    }
    panic!("timed out waiting for {what}");
}

/// A fresh element in the body for one test's view.
pub fn container() -> HtmlElement {
    let el: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&el).unwrap();
    el
}

/// Every element under `root` that `selector` finds, in document order.
pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<Element>().ok()).collect()
}

fn name_of(el: &Element) -> String {
    el.get_attribute("aria-label").unwrap_or_else(|| el.text_content().unwrap_or_default()).trim().to_owned()
}

/// Project `id`'s row in the list (the `<li>` whose link opens it), when the list shows it.
pub fn project_row(root: &Element, id: i64) -> Option<Element> {
    let page = format!("/projects/{id}");
    let opens = |href: String| href == page || href.starts_with(&format!("{page}/"));
    all(root, ".project-row")
        .into_iter()
        .find(|row| row.query_selector("a").ok().flatten().and_then(|a| a.get_attribute("href")).is_some_and(opens))
}

/// The form control whose `<label>` reads `text`.
pub fn by_label(root: &Element, text: &str) -> Option<HtmlElement> {
    let label = all(root, "label").into_iter().find(|l| l.text_content().unwrap_or_default().trim() == text)?;
    let id = label.get_attribute("for")?;
    root.query_selector(&format!("#{id}")).ok()??.dyn_into().ok()
}

/// The button whose accessible name is `name`.
pub fn button(root: &Element, name: &str) -> Option<HtmlElement> {
    all(root, "button").into_iter().find(|b| name_of(b) == name)?.dyn_into().ok()
}

/// The link whose text is `name`.
pub fn link(root: &Element, name: &str) -> Option<HtmlElement> {
    all(root, "a").into_iter().find(|a| name_of(a) == name)?.dyn_into().ok()
}

pub fn heading(root: &Element, text: &str) -> Option<Element> {
    all(root, "h1, h2, h3").into_iter().find(|h| h.text_content().unwrap_or_default().trim() == text)
}

/// The text of the element `describedby`-linked to a control: where its error is shown.
pub fn description_of(root: &Element, control: &HtmlElement) -> String {
    control
        .get_attribute("aria-describedby")
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|id| root.query_selector(&format!("#{id}")).ok().flatten())
        .map(|el| el.text_content().unwrap_or_default())
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn text(root: &Element) -> String {
    root.text_content().unwrap_or_default()
}

fn fire(target: &HtmlElement, kind: &str) {
    let init = EventInit::new();
    init.set_bubbles(true);
    let event = Event::new_with_event_init_dict(kind, &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

/// Replaces a field's value as typing would, firing `input` and `change`.
pub fn type_into(control: &HtmlElement, value: &str) {
    if let Some(input) = control.dyn_ref::<HtmlInputElement>() {
        input.set_value(value);
    } else if let Some(area) = control.dyn_ref::<HtmlTextAreaElement>() {
        area.set_value(value);
    } else {
        panic!("not a text field");
    }
    fire(control, "input");
    fire(control, "change");
}

/// Leaves a field as a person does by moving on (`focusout`, which bubbles to its form), to nowhere
/// in particular (no `relatedTarget`).
pub fn leave(control: &HtmlElement) {
    let init = web_sys::FocusEventInit::new();
    init.set_bubbles(true);
    let event = web_sys::FocusEvent::new_with_focus_event_init_dict("focusout", &init).unwrap();
    control.dispatch_event(&event).unwrap();
}

/// The element with the focus, if any.
pub fn focused() -> Option<Element> {
    web_sys::window()?.document()?.active_element()
}

pub fn value_of(control: &HtmlElement) -> String {
    control
        .dyn_ref::<HtmlInputElement>()
        .map(|i| i.value())
        .or_else(|| control.dyn_ref::<HtmlTextAreaElement>().map(|a| a.value()))
        .unwrap_or_default()
}

pub fn set_checked(control: &HtmlElement, checked: bool) {
    let input: &HtmlInputElement = control.dyn_ref().expect("a checkbox");
    if input.checked() != checked {
        input.click();
    }
}

pub fn is_disabled(control: &HtmlElement) -> bool {
    control.has_attribute("disabled") || control.get_attribute("aria-disabled").as_deref() == Some("true")
}

/// Puts the browser at `path` (this test page's origin) with empty web storage.
pub fn fresh_page(path: &str) {
    let window = web_sys::window().unwrap();
    window.history().unwrap().replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(path)).unwrap();
    window.local_storage().unwrap().unwrap().clear().unwrap();
    window.session_storage().unwrap().unwrap().clear().unwrap();
}

/// What the browser brings when another tab changed the device's storage under `key` (or cleared it).
pub fn storage_event(key: Option<&str>) {
    let device = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let init = web_sys::StorageEventInit::new();
    init.set_key(key);
    init.set_storage_area(Some(&device));
    let event = web_sys::StorageEvent::new_with_event_init_dict("storage", &init).unwrap();
    web_sys::window().unwrap().dispatch_event(&event).unwrap();
}

pub fn location_path() -> String {
    let l = web_sys::window().unwrap().location();
    format!("{}{}", l.pathname().unwrap(), l.search().unwrap())
}

pub fn stored(key: &str) -> (Option<String>, Option<String>) {
    let w = web_sys::window().unwrap();
    (
        w.local_storage().unwrap().unwrap().get_item(key).unwrap(),
        w.session_storage().unwrap().unwrap().get_item(key).unwrap(),
    )
}

pub async fn sim_get(path: &str) -> serde_json::Value {
    let r = Request::get(&format!("{}{path}", sim_url())).send().await.expect("simulator reachable");
    assert!(r.ok(), "GET {path}: {}", r.status());
    r.json().await.unwrap()
}

pub async fn sim_put(path: &str, body: serde_json::Value) {
    let r =
        Request::put(&format!("{}{path}", sim_url())).json(&body).unwrap().send().await.expect("simulator reachable");
    assert!(r.ok(), "PUT {path}: {}", r.status());
}

/// How many requests the simulator saw for this method and exact API path.
pub async fn sim_request_count(method: &str, path: &str) -> usize {
    sim_request_count_since(method, path, 0).await
}

/// The simulator's clock (ms since it started), for `sim_request_count_since`.
pub async fn sim_now() -> u64 {
    sim_get("/_sim/requests").await["now_ms"].as_u64().expect("now_ms")
}

/// Like `sim_request_count`, counting only requests begun at `since` or later: on a path every test
/// uses, a request an earlier test began can end, and be logged, during this one.
pub async fn sim_request_count_since(method: &str, path: &str, since: u64) -> usize {
    sim_requests_since(method, path, since).await.len()
}

/// The simulator's log entries (time begun, status) counted by `sim_request_count_since`, for a
/// failure message that says which requests came when.
pub async fn sim_requests_since(method: &str, path: &str, since: u64) -> Vec<serde_json::Value> {
    let log = sim_get("/_sim/requests").await;
    log["requests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["method"] == method && r["path"] == format!("/api/v1{path}"))
        .filter(|r| r["at_ms"].as_u64().is_some_and(|at| at >= since))
        .cloned()
        .collect()
}

/// The group (a `<fieldset>`) whose legend starts with `legend`, e.g. "Scene 2".
pub fn group(root: &Element, legend: &str) -> Option<Element> {
    all(root, "fieldset").into_iter().find(|f| {
        f.query_selector("legend")
            .ok()
            .flatten()
            .and_then(|l| l.text_content())
            .is_some_and(|t| t.trim().starts_with(legend))
    })
}

/// As if the person had signed in earlier in this tab.
pub fn signed_in_as(token: &str) {
    web_sys::window().unwrap().session_storage().unwrap().unwrap().set_item("storyreel.token", token).unwrap();
}

/// Mounts the whole app shell at the current address, talking to the simulator.
pub fn mount_app() -> (HtmlElement, MountedApp) {
    mount_app_with(config())
}

pub fn config() -> storyreel::config::Config {
    storyreel::config::Config {
        api_base_url: api_url(),
        poll_interval_seconds: 30.0,
        request_timeout_seconds: 10,
        ..Default::default()
    }
}

/// A mounted app: its number, the turn it was mounted in, its root element and its mount handle.
type Mounted = (u32, u32, HtmlElement, Box<dyn std::any::Any>);

thread_local! {
    /// Each app mounted, with the turn (`one_at_a_time`) it was mounted in: 0 outside any turn.
    static MOUNTED: std::cell::RefCell<Vec<Mounted>> =
        const { std::cell::RefCell::new(Vec::new()) };
    static NEXT_APP: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    static TURN: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The app a test mounted; dropping it unmounts it. A test that panics never drops it, so the next
/// test to take the page unmounts what is left (`one_at_a_time`): an abandoned app would otherwise
/// go on following the address and the storage of the tests after it.
pub struct MountedApp(u32);

impl Drop for MountedApp {
    fn drop(&mut self) {
        let app = MOUNTED.with_borrow_mut(|apps| apps.iter().position(|a| a.0 == self.0).map(|i| apps.remove(i)));
        if let Some((_, _, root, handle)) = app {
            drop(handle);
            root.remove();
        }
    }
}

/// Called as a turn begins: an app mounted in an earlier turn outlived its test.
fn unmount_abandoned_apps() {
    let abandoned = MOUNTED.with_borrow_mut(|apps| {
        let (gone, kept) = std::mem::take(apps).into_iter().partition(|a| a.1 != 0);
        *apps = kept;
        gone
    });
    for (_, _, root, handle) in abandoned {
        drop(handle);
        root.remove();
    }
}

pub fn mount_app_with(config: storyreel::config::Config) -> (HtmlElement, MountedApp) {
    use leptos::prelude::*;
    let root = container();
    let handle = leptos::mount::mount_to(
        root.clone(),
        move || view! { <storyreel::app::Shell config=config.clone() warning=None /> },
    );
    let id = NEXT_APP.get();
    NEXT_APP.set(id + 1);
    let turn = if PAGE_IN_USE.get() { TURN.get() } else { 0 };
    MOUNTED.with_borrow_mut(|apps| apps.push((id, turn, root.clone(), Box::new(handle))));
    (root, MountedApp(id))
}

pub async fn sim_post(path: &str, body: Option<serde_json::Value>) {
    let request = Request::post(&format!("{}{path}", sim_url()));
    let r = match body {
        Some(body) => request.json(&body).unwrap().send().await,
        None => request.send().await,
    }
    .expect("simulator reachable");
    assert!(r.ok(), "POST {path}: {}", r.status());
}

/// A proposed project made straight through the client, as another tab would.
pub async fn new_project(token: &str, person_id: i64, scenes: u8) -> storyreel::api::Project {
    if token == "demo-token" {
        // Both browsers' runs share one simulator and spend user 1's credits; the tests about a short
        // balance use user 2.
        sim_put("/_sim/users/1/credits", serde_json::json!({ "credits": 1_000_000 })).await;
    }
    let client = storyreel::api::Client::new(&api_url(), token, 10_000);
    let created = client
        .create_project(&storyreel::api::CreateProjectRequest {
            person_id,
            story_idea: "A lighthouse keeper befriends a lost whale".into(),
            num_scenes: scenes,
            use_avatar_first_scene: false,
            use_avatar_last_scene: true,
        })
        .await
        .unwrap();
    client.get_project(created.id).await.unwrap()
}

thread_local! {
    static PAGE_IN_USE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// wasm-bindgen-test runs the async tests of a file concurrently in one page, but they share its
/// address, its web storage and the simulator's global switches: each test that touches them
/// holds this for its whole run.
pub struct PageHeld;

pub async fn one_at_a_time() -> PageHeld {
    release_the_page_on_panic();
    count_requests_under_way();
    for _ in 0..3000 {
        if !PAGE_IN_USE.get() {
            PAGE_IN_USE.set(true);
            unmount_abandoned_apps();
            TURN.set(TURN.get() + 1);
            // An app unmounted at the end of the last turn can leave a read under way, which the
            // simulator would log during this turn and count among its requests.
            until_requests_answered().await;
            return PageHeld;
        }
        sleep(20).await;
    }
    panic!("the page stayed in use for a minute: an earlier test failed while holding it");
}

/// Wraps the page's `fetch` (which gloo-net calls) once, to count the requests not yet answered.
fn count_requests_under_way() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        js_sys::eval(
            "(() => { const f = window.fetch.bind(window); window.__underWay = 0; \
             window.fetch = (...a) => { window.__underWay += 1; \
             return f(...a).finally(() => { window.__underWay -= 1; }); }; })()",
        )
        .expect("fetch wrapped");
    });
}

/// Waits until every request the page sent has its answer: the simulator has logged them all, so a
/// count read next is not short of one still on its way. Past 30 s it fails, saying how many were left.
pub async fn until_requests_answered() {
    for _ in 0..1500 {
        if requests_under_way() == 0.0 {
            return;
        }
        sleep(20).await;
    }
    panic!("waited 30 s for the page's requests to be answered, in vain: {} still under way", requests_under_way());
}

fn requests_under_way() -> f64 {
    js_sys::Reflect::get(&web_sys::window().unwrap(), &"__underWay".into()).ok().and_then(|v| v.as_f64()).unwrap_or(0.0)
}

/// A panic in wasm unwinds nothing, so a failing test never drops its `PageHeld`; without this every
/// later test would wait a minute and fail for it, hiding the one failure that matters.
fn release_the_page_on_panic() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let earlier = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PAGE_IN_USE.set(false);
            earlier(info);
        }));
    });
}

impl Drop for PageHeld {
    fn drop(&mut self) {
        PAGE_IN_USE.set(false);
    }
}

/// Moves the project's job `seconds` of job time ahead (`/_sim/projects/{id}/advance`); 1000 ends it.
pub async fn advance(project_id: i64, seconds: f64) {
    sim_post(&format!("/_sim/projects/{project_id}/advance"), Some(serde_json::json!({ "seconds": seconds }))).await;
}

/// Gives a project its own simulator speed, so concurrent tests keep their own pace.
pub async fn set_project_speed(project_id: i64, speed: f64) {
    sim_put(&format!("/_sim/projects/{project_id}/speed"), serde_json::json!({ "speed": speed })).await;
}

/// Whether the simulator answers in its `alt` profile: where the spec says "not shown" (or where the
/// issue asks for the other reasonable answer), a test expects the answer of the profile it runs against.
pub async fn sim_is_alt() -> bool {
    sim_get("/_sim/profile").await["profile"] == "alt"
}

pub fn options_of(select: &HtmlElement) -> Vec<(String, String)> {
    let list = select.query_selector_all("option").unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .map(|o| (o.text_content().unwrap_or_default().trim().to_owned(), o.get_attribute("value").unwrap_or_default()))
        .collect()
}

pub fn offers(select: &HtmlElement, text: &str) -> bool {
    options_of(select).iter().any(|(t, _)| t == text)
}

/// Picks the option that reads `text`, as a person does, and fires `change`.
pub fn choose(select: &HtmlElement, text: &str) {
    let (_, value) =
        options_of(select).into_iter().find(|(t, _)| t == text).unwrap_or_else(|| panic!("no option {text:?}"));
    select.unchecked_ref::<HtmlSelectElement>().set_value(&value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    select.dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap()).unwrap();
}

pub fn chosen(select: &HtmlElement) -> String {
    let at = select.unchecked_ref::<HtmlSelectElement>().selected_index();
    options_of(select).into_iter().nth(at as usize).map(|(text, _)| text).unwrap_or_default()
}

/// Every request the app sends from now on, as "URL body", the way the browser hands it over.
pub fn record_requests() {
    js_sys::Function::new_no_args(
        "const real = window.fetch; window.__sent = []; window.__unrecord = () => { window.fetch = real; };
         window.fetch = function (input, init) {
           const request = input instanceof Request ? input.clone() : new Request(input, init);
           window.__sent.push(request.text().then((body) => request.url + ' ' + body));
           return real.apply(this, arguments);
         };",
    )
    .call0(&JsValue::NULL)
    .unwrap();
}

pub async fn recorded_requests() -> Vec<String> {
    let window = web_sys::window().unwrap();
    let sent = js_sys::Reflect::get(&window, &"__sent".into()).unwrap();
    let texts = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::all(&sent)).await.unwrap();
    let unrecord: js_sys::Function = js_sys::Reflect::get(&window, &"__unrecord".into()).unwrap().unchecked_into();
    unrecord.call0(&JsValue::NULL).unwrap();
    js_sys::Array::from(&texts).iter().filter_map(|t| t.as_string()).collect()
}
