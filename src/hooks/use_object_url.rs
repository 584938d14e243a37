//! `use_object_url`: a `blob:` address for a text made in the browser (a WebVTT file for a
//! `<track>`), so nothing has to be served; the policy allows `blob:` for media for this.

use js_sys::Array;
use leptos::prelude::*;
use web_sys::{Blob, BlobPropertyBag, Url};

/// The address of `text` as a file of type `mime`, none while there is no text. Each address is
/// revoked when the text changes and when the calling component goes away, so none is left holding
/// its file.
pub fn use_object_url(text: Memo<Option<String>>, mime: &'static str) -> Signal<Option<String>> {
    let url = RwSignal::new(None);
    Effect::new(move |_| {
        let made = text.with(|t| {
            let options = BlobPropertyBag::new();
            options.set_type(mime);
            let blob = Blob::new_with_str_sequence_and_options(&Array::of1(&t.as_deref()?.into()), &options).ok()?;
            Url::create_object_url_with_blob(&blob).ok()
        });
        if let Some(made) = made.clone() {
            on_cleanup(move || Url::revoke_object_url(&made).unwrap_or_default());
        }
        url.set(made);
    });
    url.into()
}
