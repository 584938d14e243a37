//! Saving text the app made as a file on the person's device, with no request: the text becomes a
//! Blob behind an object URL, and a temporary `<a download>` pointing at it is clicked.

use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

/// Offers `text` as the file `name` of type `mime` (UTF-8). False when the browser refused.
pub fn save_text(name: &str, mime: &str, text: &str) -> bool {
    try_save(name, mime, text).is_some()
}

fn try_save(name: &str, mime: &str, text: &str) -> Option<()> {
    let options = BlobPropertyBag::new();
    options.set_type(&format!("{mime};charset=utf-8"));
    let parts = js_sys::Array::of1(&text.into());
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    let url = Url::create_object_url_with_blob(&blob).ok()?;
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
