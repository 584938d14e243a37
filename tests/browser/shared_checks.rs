//! One stream of status checks for a project open in several places (tabs), in a real browser: two
//! apps mounted in one document share a Web Lock's queue and a BroadcastChannel as two tabs do.

use crate::common::*;
use storyreel::api::*;
use storyreel::config::Config;
use wasm_bindgen_test::*;

fn polling_every(seconds: f64) -> Config {
    Config { poll_interval_seconds: seconds, ..config() }
}

/// Where a place that must not reach the service sends its requests: port 9, which browsers refuse to
/// fetch from, so nothing it asks leaves the page. What such a place shows, another place read.
const NO_SERVICE: &str = "http://127.0.0.1:9/api/v1";

/// A place that cannot reach the service, its own checks `seconds` apart (a failed one is tried again no
/// sooner): every check of its own shows in `Fetches`, and none reaches the simulator.
fn cut_off(seconds: f64) -> Config {
    Config { api_base_url: NO_SERVICE.into(), ..polling_every(seconds) }
}

/// A project under way that stands still (its own slowest speed) until `advance` moves it: what the
/// places read of it changes only when the test says.
async fn generating_project() -> (Project, String) {
    let project = new_project("demo-token", 1, 2).await;
    set_project_speed(project.id, 0.000_001).await;
    Client::new(&api_url(), "demo-token", 10_000)
        .approve_project(project.id, &ApproveRequest::confirmed("", ""))
        .await
        .unwrap();
    let status_path = format!("/scene-projects/{}/status", project.id);
    fresh_page(&format!("/projects/{}/video", project.id));
    signed_in_as("demo-token");
    (project, status_path)
}

/// A place (a mounted app) on the project page, once it shows its first answer.
async fn place(config: Config, which: &str) -> (web_sys::HtmlElement, MountedApp) {
    let (root, app) = mount_app_with(config);
    wait_for(&format!("the {which} place's answer"), || text(&root).contains("Checked").then_some(())).await;
    (root, app)
}

fn finished(root: &web_sys::Element) -> Option<()> {
    text(root).contains("Your video is ready").then_some(())
}

/// Every address the page fetches while it lives, as the browser is handed it.
struct Fetches;

impl Fetches {
    fn record() -> Self {
        js_sys::Function::new_no_args(
            "const real = window.fetch; window.__fetched = []; window.__unfetch = () => { window.fetch = real; };
             window.fetch = function (input, init) {
               window.__fetched.push(input instanceof Request ? input.url : String(input));
               return real.apply(this, arguments);
             };",
        )
        .call0(&wasm_bindgen::JsValue::NULL)
        .unwrap();
        Self
    }

    /// How many of them asked `NO_SERVICE` for the status.
    fn status_checks_cut_off(&self) -> usize {
        let fetched = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__fetched".into()).unwrap();
        js_sys::Array::from(&fetched)
            .iter()
            .filter_map(|url| url.as_string())
            .filter(|url| url.starts_with(NO_SERVICE) && url.ends_with("/status"))
            .count()
    }
}

impl Drop for Fetches {
    fn drop(&mut self) {
        let window = web_sys::window().unwrap();
        let unfetch = js_sys::Reflect::get(&window, &"__unfetch".into()).unwrap();
        wasm_bindgen::JsCast::unchecked_ref::<js_sys::Function>(&unfetch).call0(&wasm_bindgen::JsValue::NULL).unwrap();
    }
}

/// The project's lock, as the browser's lock manager lists it: how many hold it (the place that checks)
/// and how many wait for it.
async fn lock_queue(project_id: i64) -> (usize, usize) {
    use storyreel::domain::{account::fingerprint, shared_status::channel_name};
    use wasm_bindgen::JsCast;
    let name = channel_name(&fingerprint("demo-token"), project_id);
    let locks = js_sys::Reflect::get(&navigator(), &"locks".into()).unwrap();
    let query: js_sys::Function = js_sys::Reflect::get(&locks, &"query".into()).unwrap().unchecked_into();
    let snapshot = query.call0(&locks).unwrap().unchecked_into::<js_sys::Promise>();
    let snapshot = wasm_bindgen_futures::JsFuture::from(snapshot).await.unwrap();
    let count = |list: &str| {
        let list = js_sys::Array::from(&js_sys::Reflect::get(&snapshot, &list.into()).unwrap());
        list.iter().filter(|lock| js_sys::Reflect::get(lock, &"name".into()).ok() == Some(name.as_str().into())).count()
    };
    (count("held"), count("pending"))
}

#[wasm_bindgen_test]
async fn a_second_place_shows_the_first_places_answers_without_asking() {
    let _page = one_at_a_time().await;
    let (project, _) = generating_project().await;
    let fetches = Fetches::record();
    let (_first, _first_app) = place(polling_every(0.3), "first").await;
    // With nothing to show it asks once at the start, in vain; its next check of its own is ten minutes
    // away. Any answer it shows is the first place's.
    let (second, _second_app) = place(cut_off(600.0), "second").await;
    assert_eq!(fetches.status_checks_cut_off(), 1, "the second place's one check, at its start");

    // The first place reads the end at its next check, and the second shows it too.
    advance(project.id, 1_000.0).await;
    wait_for("the second place showing the end the first place read", || finished(&second)).await;
    until_requests_answered().await;
    assert_eq!(fetches.status_checks_cut_off(), 1, "the second place asked nothing more");
}

#[wasm_bindgen_test]
async fn check_now_asks_the_service_in_a_place_that_does_not_check() {
    let _page = one_at_a_time().await;
    let (project, status_path) = generating_project().await;
    // Neither place has a check of its own due in this test: only the person's asks.
    let (_first, _first_app) = place(polling_every(600.0), "first").await;
    let (second, _second_app) = place(polling_every(600.0), "second").await;
    assert_eq!(lock_queue(project.id).await, (1, 1), "the first place checks, the second waits its turn");
    until_requests_answered().await;
    let before = sim_request_count("GET", &status_path).await;
    advance(project.id, 1_000.0).await;

    button(&second, "Check now").unwrap().click();
    wait_for("the end, read by the second place's check", || finished(&second)).await;
    until_requests_answered().await;
    assert_eq!(sim_request_count("GET", &status_path).await, before + 1, "asked at once, once");
}

#[wasm_bindgen_test]
async fn when_the_checking_place_goes_the_other_takes_over() {
    let _page = one_at_a_time().await;
    let (project, status_path) = generating_project().await;
    let (_first, first_app) = place(polling_every(0.3), "first").await;
    let (second, _second_app) = place(polling_every(0.3), "second").await;
    assert_eq!(lock_queue(project.id).await, (1, 1), "one place checks, the other waits for the lock");

    drop(first_app);
    let id = project.id;
    wait_for_async(
        "the lock to pass to the second place",
        || async move { (lock_queue(id).await == (1, 0)).then_some(()) },
    )
    .await;
    // The first place is gone: every check from here is the second's.
    let since = sim_now().await;
    wait_for_async("three checks of the second place's own", || {
        let status_path = status_path.clone();
        async move { (sim_request_count_since("GET", &status_path, since).await >= 3).then_some(()) }
    })
    .await;
    advance(project.id, 1_000.0).await;
    wait_for("the end, read by the second place", || finished(&second)).await;
}

fn navigator() -> wasm_bindgen::JsValue {
    js_sys::Reflect::get(&web_sys::window().unwrap(), &"navigator".into()).unwrap()
}

/// Sets `navigator.locks` as this document's own property.
fn set_locks(value: &wasm_bindgen::JsValue) {
    let described = js_sys::Object::new();
    js_sys::Reflect::set(&described, &"value".into(), value).unwrap();
    js_sys::Reflect::set(&described, &"configurable".into(), &true.into()).unwrap();
    js_sys::Object::define_property(&navigator().into(), &"locks".into(), &described);
}

/// Hides `navigator.locks` from the app until dropped, as in a browser without Web Locks. Put back
/// by value: Firefox does not delete the hiding property again.
struct WithoutWebLocks(wasm_bindgen::JsValue);

impl WithoutWebLocks {
    fn new() -> Self {
        let locks = js_sys::Reflect::get(&navigator(), &"locks".into()).unwrap();
        assert!(locks.is_object(), "this browser has Web Locks");
        set_locks(&wasm_bindgen::JsValue::UNDEFINED);
        Self(locks)
    }
}

impl Drop for WithoutWebLocks {
    fn drop(&mut self) {
        set_locks(&self.0);
    }
}

#[wasm_bindgen_test]
async fn without_web_locks_each_place_checks_for_itself() {
    let _page = one_at_a_time().await;
    let _without = WithoutWebLocks::new();
    let (_, status_path) = generating_project().await;
    let fetches = Fetches::record();
    let (_first, _first_app) = place(polling_every(0.3), "first").await;
    // A second place that cannot reach the service: shared checks would hand it the first place's answers
    // as soon as the first heard of it.
    let (second, _second_app) = mount_app_with(cut_off(0.3));
    let since = sim_now().await;
    wait_for_async("three checks of the first place's own, the second there", || {
        let status_path = status_path.clone();
        async move { (sim_request_count_since("GET", &status_path, since).await >= 3).then_some(()) }
    })
    .await;
    wait_for("three checks of the second place's own", || (fetches.status_checks_cut_off() >= 3).then_some(())).await;
    assert!(
        !text(&second).contains("Checked"),
        "none of the first place's answers reached the second: {}",
        text(&second)
    );
}

/// The project's channel as another tab would open it, keeping what it hears.
struct Listener {
    channel: web_sys::BroadcastChannel,
    heard: std::rc::Rc<std::cell::RefCell<Vec<wasm_bindgen::JsValue>>>,
    _on_message: wasm_bindgen::closure::Closure<dyn FnMut(web_sys::MessageEvent)>,
}

impl Listener {
    fn new(project_id: i64) -> Self {
        use storyreel::domain::{account::fingerprint, shared_status::channel_name};
        use wasm_bindgen::JsCast;
        let channel = web_sys::BroadcastChannel::new(&channel_name(&fingerprint("demo-token"), project_id)).unwrap();
        let heard = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let kept = heard.clone();
        let on_message = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |event: web_sys::MessageEvent| kept.borrow_mut().push(event.data()),
        );
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Self { channel, heard, _on_message: on_message }
    }

    fn answers(&self) -> usize {
        self.heard.borrow().iter().filter(|m| m.as_string().is_some_and(|t| t.contains("\"status\""))).count()
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}

#[wasm_bindgen_test]
async fn a_place_alone_posts_no_answers_until_another_says_hello() {
    let _page = one_at_a_time().await;
    let (project, status_path) = generating_project().await;
    let (_first, _first_app) = place(polling_every(0.3), "first").await;
    let listener = Listener::new(project.id);
    let since = sim_now().await;
    wait_for_async("five answers of the place alone", || {
        let status_path = status_path.clone();
        async move { (sim_request_count_since("GET", &status_path, since).await >= 5).then_some(()) }
    })
    .await;
    assert_eq!(listener.answers(), 0, "answers posted to nobody: nobody said they were there");

    listener.channel.post_message(&true.into()).unwrap();
    wait_for("the place's reply", || listener.heard.borrow().iter().any(|m| m.as_bool() == Some(false)).then_some(()))
        .await;
    wait_for("its answers", || (listener.answers() > 0).then_some(())).await;
}
