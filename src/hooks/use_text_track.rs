//! `use_text_track`: a `<track>` of a WebVTT file made in the browser, kept in a `<video>` while
//! there is a file, through any change of the video's source.

use super::use_object_url;
use leptos::html::Video;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlTrackElement, TextTrackMode};

/// A `<track>` in `video` for the WebVTT file `vtt`, none without one. Each file gets a new element,
/// as Firefox does not reload a track whose `src` changes (and leptos would only change the `src`);
/// it keeps the mode the last one had, or starts in `mode`: `default` alone turns a track on only if
/// it is there when the browser first chooses, and the scenes may come after the video.
pub fn use_text_track(
    video: NodeRef<Video>,
    kind: &'static str,
    label: &'static str,
    vtt: Memo<Option<String>>,
    mode: TextTrackMode,
) {
    let src = use_object_url(vtt, "text/vtt");
    Effect::new(move |last: Option<Option<HtmlTrackElement>>| {
        let last = last.flatten();
        let kept = last.as_ref().and_then(HtmlTrackElement::track).map(|t| t.mode());
        last.inspect(|t| t.remove());
        let (video, src) = (video.get()?, src.get()?);
        let track: HtmlTrackElement = document().create_element("track").ok()?.unchecked_into();
        track.set_kind(kind);
        track.set_label(label);
        // Not on a replacement: Chromium would turn it back on.
        track.set_default(kept.is_none());
        track.set_src(&src);
        video.append_child(&track).ok()?;
        track.track()?.set_mode(kept.unwrap_or(mode));
        Some(track)
    });
}
