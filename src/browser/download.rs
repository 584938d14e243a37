//! Saving a file on the person's device: a Blob (text the app made, or a file read from the
//! service's storage) behind an object URL, and a temporary `<a download>` pointing at it is clicked.
//! A link marked `download` saves only from the page's own origin; from the storage's (the usual
//! case) a browser opens the file instead, so such a file is read here first.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    AbortSignal, Blob, BlobPropertyBag, HtmlAnchorElement, ReadableStreamDefaultReader, ReadableStreamReadResult,
    RequestInit, Url,
};

/// Offers `text` as the file `name` of type `mime` (UTF-8). False when the browser refused.
pub fn save_text(name: &str, mime: &str, text: &str) -> bool {
    try_save(name, mime, text).is_some()
}

fn try_save(name: &str, mime: &str, text: &str) -> Option<()> {
    let options = BlobPropertyBag::new();
    options.set_type(&format!("{mime};charset=utf-8"));
    let parts = js_sys::Array::of1(&text.into());
    save_blob(name, &Blob::new_with_str_sequence_and_options(&parts, &options).ok()?)
}

/// Offers `blob` as the file `name`. `None` when the browser refused.
pub fn save_blob(name: &str, blob: &Blob) -> Option<()> {
    let url = Url::create_object_url_with_blob(blob).ok()?;
    let document = web_sys::window()?.document()?;
    let link: HtmlAnchorElement = document.create_element("a").ok()?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    // In the document while clicked, as older Firefox requires; gone at once.
    document.body()?.append_child(&link).ok()?;
    link.click();
    link.remove();
    // The download reads the Blob after the click returns; a minute is ample, and then it is freed.
    gloo_timers::callback::Timeout::new(60_000, move || {
        let _ = Url::revoke_object_url(&url);
    })
    .forget();
    Some(())
}

/// Why a file could not be read from the storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unread {
    /// No answer the page may read: the storage's site does not allow it (CORS), or no connection.
    /// A browser tells the page nothing more.
    Refused,
    /// The storage answered with this status (an expired link: 403 or 404).
    Answered(u16),
    /// The person stopped it.
    Cancelled,
}

/// Reads the file at `url` for saving, telling `progress` the bytes so far and the whole when the
/// storage says it. The chunks stay JavaScript arrays joined into one Blob: a video can be hundreds
/// of megabytes, and the wasm memory they would pass through never shrinks. Also gives the type the
/// storage answered with.
pub async fn read_file(
    url: &str,
    signal: &AbortSignal,
    progress: impl Fn(u64, Option<u64>),
) -> Result<(Blob, Option<String>), Unread> {
    let stopped = || if signal.aborted() { Unread::Cancelled } else { Unread::Refused };
    // A plain GET with no header of its own: a simple request, so no preflight the storage must answer.
    // Made from the address as given: gloo-net's builder adds a `&` to an address with a query (a
    // signed link's), which a storage checking its signature may refuse.
    let init = RequestInit::new();
    init.set_signal(Some(signal));
    let request = web_sys::Request::new_with_str_and_init(url, &init).map_err(|_| Unread::Refused)?;
    let response = gloo_net::http::Request::from(request).send().await.map_err(|_| stopped())?;
    if !response.ok() {
        return Err(Unread::Answered(response.status()));
    }
    let headers = response.headers();
    // Content-Length is readable across origins with no header the storage must add.
    let total = headers.get("content-length").and_then(|l| l.trim().parse().ok());
    let kind = headers.get("content-type");
    let chunks = js_sys::Array::new();
    let mut received = 0u64;
    if let Some(body) = response.body() {
        let reader: ReadableStreamDefaultReader = body.get_reader().unchecked_into();
        loop {
            let step: ReadableStreamReadResult =
                JsFuture::from(reader.read()).await.map_err(|_| stopped())?.unchecked_into();
            if step.get_done().unwrap_or(true) {
                break;
            }
            let chunk: js_sys::Uint8Array = step.get_value().unchecked_into();
            received += u64::from(chunk.length());
            chunks.push(&chunk);
            progress(received, total);
        }
    }
    let options = BlobPropertyBag::new();
    if let Some(kind) = &kind {
        options.set_type(kind);
    }
    let blob = Blob::new_with_u8_array_sequence_and_options(&chunks, &options).map_err(|_| Unread::Refused)?;
    Ok((blob, kind))
}
