//! `use_text_track`: a `<track>` in a `<video>` for a WebVTT file written in the browser, handed to
//! it as a `data:` address (nothing to serve, create or free; the policy allows `data:` media for this).

use js_sys::{encode_uri_component, Reflect};
use leptos::html::Video;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlTrackElement, HtmlVideoElement};

/// A track of `kind` named `label` in `video` while `vtt` has a file, through any change of the
/// video's source. A changed file gets a new element (Firefox does not reload a track whose `src`
/// changes) in the mode the last one had: the person's choice stands. A first one starts in `mode`,
/// set here because `default` counts only for tracks there when the browser first chose, and the
/// file may come after the video.
pub fn use_text_track(
    video: NodeRef<Video>,
    kind: &'static str,
    label: &'static str,
    vtt: Signal<Option<String>>,
    mode: &'static str,
) {
    // Not `use_effect`: the track element the last run added is this effect's own state.
    Effect::new(move |last: Option<Option<HtmlTrackElement>>| {
        let video = video.get();
        let src = vtt.with(|v| Some(format!("data:text/vtt,{}", String::from(encode_uri_component(v.as_ref()?)))));
        let mut mode = JsValue::from(mode);
        if let Some(old) = last.flatten() {
            if video.as_ref().is_some_and(|v| v.is_same_node(old.parent_node().as_ref()))
                && old.get_attribute("src") == src
            {
                return Some(old);
            }
            old.remove();
            if let Some(kept) = old.track().and_then(|t| Reflect::get(&t, &"mode".into()).ok()) {
                mode = kept;
            }
        }
        add_track(&video?, kind, label, &src?, &mode)
    });
}

fn add_track(video: &HtmlVideoElement, kind: &str, label: &str, src: &str, mode: &JsValue) -> Option<HtmlTrackElement> {
    let track: HtmlTrackElement = document().create_element("track").ok()?.unchecked_into();
    for (name, value) in [("kind", kind), ("label", label), ("src", src)] {
        track.set_attribute(name, value).ok()?;
    }
    video.append_child(&track).ok()?;
    let text_track = track.track()?;
    Reflect::set(&text_track, &"mode".into(), mode).ok()?;
    Some(track)
}
