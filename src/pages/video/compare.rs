//! After a regeneration, the cut before and the new one side by side, from the regenerated scene,
//! under one play/pause and one position.

use crate::components::MediaDownload;
use crate::domain::media::{clock, scene_start_seconds};
use leptos::html::Video;
use leptos::prelude::*;

/// The earlier cut above (or beside) the new one, muted, kept at the new one's time.
#[component]
pub fn Compare(
    before: String,
    after: String,
    scene: i64,
    /// What the saved cut before is called, without extension.
    file_stem: Signal<String>,
    on_close: Callback<()>,
) -> impl IntoView {
    let (old, new) = (NodeRef::<Video>::new(), NodeRef::<Video>::new());
    let start = scene_start_seconds(scene);
    let (at, length, playing, gone) =
        (RwSignal::new(start), RwSignal::new(0.0), RwSignal::new(false), RwSignal::new(false));
    let both = move |f: &dyn Fn(&web_sys::HtmlVideoElement)| {
        for video in [old, new] {
            if let Some(v) = video.get_untracked() {
                f(&v);
            }
        }
    };
    let seek = move |t: f64| {
        at.set(t);
        both(&|v| v.set_current_time(t));
    };
    let toggle = move |_| match playing.get_untracked() {
        true => both(&|v| v.pause().unwrap_or_default()),
        false => both(&|v| drop(v.play())),
    };
    // The new cut leads; the earlier one follows it when they drift apart.
    let follow = move |_| {
        let Some(t) = new.get_untracked().map(|v| v.current_time()) else { return };
        at.set(t);
        if let Some(o) = old.get_untracked().filter(|o| (o.current_time() - t).abs() > 0.3) {
            o.set_current_time(t);
        }
    };
    let ready = move |video: NodeRef<Video>, leads: bool| {
        move |_| {
            if let Some(v) = video.get_untracked() {
                v.set_current_time(at.get_untracked());
                if leads {
                    length.set(v.duration());
                }
            }
        }
    };
    let old_src = before.clone();
    view! {
        <section class="compare" aria-labelledby="compare-heading">
            <h3 id="compare-heading">{format!("Before and after scene {scene} was regenerated")}</h3>
            <div class="compare-pair">
                <figure>
                    {move || {
                        if gone.get() {
                            view! { <p class="field-error">"The version before is no longer available."</p> }.into_any()
                        } else {
                            view! {
                                <video
                                    node_ref=old
                                    src=old_src.clone()
                                    prop:muted=true
                                    playsinline=true
                                    preload="metadata"
                                    aria-label="Before"
                                    on:loadedmetadata=ready(old, false)
                                    on:error=move |_| gone.set(true)
                                ></video>
                            }
                                .into_any()
                        }
                    }} <figcaption>"Before (without sound)"</figcaption>
                </figure>
                <figure>
                    <video
                        node_ref=new
                        src=after
                        playsinline=true
                        preload="metadata"
                        aria-label="After"
                        on:loadedmetadata=ready(new, true)
                        on:timeupdate=follow
                        on:play=move |_| playing.set(true)
                        on:pause=move |_| playing.set(false)
                    ></video>
                    <figcaption>"After"</figcaption>
                </figure>
            </div>
            <div class="compare-controls">
                <button type="button" class="button" on:click=toggle>
                    {move || if playing.get() { "Pause both" } else { "Play both" }}
                </button>
                <input
                    type="range"
                    aria-label="Position of both"
                    min="0"
                    step="0.1"
                    prop:max=move || length.get().max(at.get())
                    prop:valueAsNumber=move || at.get()
                    aria-valuetext=move || clock(at.get())
                    on:input=move |ev| seek(event_target::<web_sys::HtmlInputElement>(&ev).value_as_number())
                />
                <span aria-hidden="true">{move || format!("{} / {}", clock(at.get()), clock(length.get()))}</span>
            </div>
            <p class="actions">
                <MediaDownload href=before label="Download the version before" name=file_stem />
                <button type="button" class="button" on:click=move |_| on_close.run(())>
                    "Keep watching the new version"
                </button>
            </p>
        </section>
    }
}
