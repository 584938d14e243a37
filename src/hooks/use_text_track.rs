//! `use_text_track`: a `<track>` in a `<video>` for a WebVTT file written in the browser, handed to
//! it as a `blob:` address (so nothing has to be served; the policy allows `blob:` media for this).

use js_sys::{Array, Reflect};
use leptos::html::Video;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, HtmlTrackElement, Node, Url};

/// A track element in the page and the text of its file. Dropping it takes the element out and
/// frees its address: the effect drops the old one when the file changes, and when it is disposed.
struct Track(HtmlTrackElement, String);

impl Drop for Track {
    fn drop(&mut self) {
        self.0.remove();
        let _ = Url::revoke_object_url(&self.0.src());
    }
}

/// A track of `kind` named `label` in `video` while `vtt` has a file, through any change of the
/// video's source. A changed file gets a new element (Firefox does not reload a track whose `src`
/// changes) in the mode the last one had: the person's choice stands. A first one starts in `mode`,
/// set here because `default` alone counts only for tracks there when the browser first chose, and
/// the file may come after the video.
pub fn use_text_track(
    video: NodeRef<Video>,
    kind: &'static str,
    label: &'static str,
    vtt: Signal<Option<String>>,
    mode: &'static str,
) {
    Effect::new(move |last: Option<Option<Track>>| {
        let last = last.flatten();
        let video = video.get()?;
        let text = vtt.get()?;
        let node: &Node = &video;
        if last.as_ref().is_some_and(|t| t.1 == text && t.0.parent_node().as_ref() == Some(node)) {
            return last;
        }
        let mode_key = JsValue::from_str("mode");
        let kept = last.and_then(|t| t.0.track()).and_then(|t| Reflect::get(&t, &mode_key).ok());
        let options = BlobPropertyBag::new();
        options.set_type("text/vtt");
        let blob = Blob::new_with_str_sequence_and_options(&Array::of1(&text.as_str().into()), &options).ok()?;
        let src = Url::create_object_url_with_blob(&blob).ok()?;
        let element: HtmlTrackElement = document().create_element("track").ok()?.unchecked_into();
        let track = Track(element, text);
        for (name, value) in [("kind", kind), ("label", label), ("src", &src)] {
            track.0.set_attribute(name, value).ok()?;
        }
        if kept.is_none() {
            // Not on a replacement: Chromium would turn it back on.
            track.0.set_attribute("default", "").ok()?;
        }
        video.append_child(&track.0).ok()?;
        let text_track = track.0.track()?;
        Reflect::set(&text_track, &mode_key, &kept.unwrap_or_else(|| mode.into())).ok()?;
        Some(track)
    });
}
