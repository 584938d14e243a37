//! What index.html's boot script (`src/boot_reads.js`) read before the app ran: config.json's text,
//! and the first screen's reads, started while the wasm downloaded. Each read is taken where the app
//! would have sent the same request (`Client`), once, and only within 15 s of its start (an older
//! answer is read afresh). Without the script (tests, a page that did not start through index.html)
//! there is nothing to take and the app asks for itself.

use gloo_net::http::Response;
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

fn boot() -> Option<JsValue> {
    Reflect::get(&web_sys::window()?.into(), &"storyreelBoot".into()).ok().filter(JsValue::is_object)
}

fn call(name: &str, args: &[&JsValue]) -> Option<JsValue> {
    let boot = boot()?;
    let method: Function = Reflect::get(&boot, &name.into()).ok()?.dyn_into().ok()?;
    method.apply(&boot, &args.iter().copied().collect()).ok()
}

/// config.json's text as the boot script read it, once the first screen's reads have answered too
/// (waited for briefly: `config` in src/boot_reads.js says why); `None` when it read none (or did not
/// run).
pub async fn config_text() -> Option<String> {
    let Some(boot) = boot() else {
        // The script had not run yet (it loads beside the wasm, and a loaded machine may run it
        // late): marked as too late, it then reads nothing, as the app reads for itself.
        let window = web_sys::window()?;
        let _ = Reflect::set(&window, &"storyreelBoot".into(), &js_sys::Object::new());
        return None;
    };
    let read: Promise = Reflect::get(&boot, &"config".into()).ok()?.dyn_into().ok()?;
    JsFuture::from(read).await.ok()?.as_string()
}

/// The answer the boot script started for `url` with `token`, if it did and nobody took it yet;
/// `stop` aborts it (the request's own timer). Taken at once, read by `answer` once it resolves.
pub(super) fn take(url: &str, token: &str, stop: &web_sys::AbortSignal) -> Option<Promise> {
    call("take", &[&url.into(), &token.into(), stop])?.dyn_into().ok()
}

/// What a taken read answered, once it has: the response (its status and headers) and its text.
pub(super) fn answer(read: &JsValue) -> (Response, String) {
    let field = |name: &str| Reflect::get(read, &name.into()).unwrap_or_default();
    (
        Response::from(field("response").unchecked_into::<web_sys::Response>()),
        field("text").as_string().unwrap_or_default(),
    )
}

/// Only the reads for `tag` may still be taken ("list"; a project's id, its review page; "ID/video",
/// its video page, which keeps the project's read too): the person is on another screen now, or the
/// page has its first answer, and an answer read at start-up would be old.
pub fn keep(tag: &str) {
    call("keep", &[&tag.into()]);
}
