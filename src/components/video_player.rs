//! The final video with native controls: original or upscaled (switching keeps the position),
//! captions and chapters as the browser's own text tracks, a jump to each scene, and download
//! links. Only http(s) addresses from the API are ever used.

use crate::components::{Banner, MediaDownload, Tone};
use crate::domain::media::{clock, safe_media_url, scene_start_seconds, seek_for_key};
use crate::hooks::{use_effect, use_text_track};
use leptos::html::Video;
use leptos::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Version {
    Original,
    Upscaled,
}

/// A scene's number and the address of its clip, if it has one.
pub type Clip = (i64, Option<String>);

fn safe(url: Option<String>) -> Option<String> {
    url.as_deref().and_then(safe_media_url).map(str::to_owned)
}

#[component]
pub fn VideoPlayer(
    #[prop(into)] final_url: Signal<Option<String>>,
    #[prop(into)] upscaled_url: Signal<Option<String>>,
    #[prop(into)] clips: Signal<Vec<Clip>>,
    /// WebVTT files of the captions (none without narration) and of the chapters.
    #[prop(into)]
    captions: Signal<Option<String>>,
    #[prop(into)] chapters: Signal<Option<String>>,
    /// Re-reads the project, for fresh addresses when a link has expired.
    on_refresh: Callback<()>,
    /// What a saved file is called, without extension (the project's title).
    #[prop(into)]
    file_stem: Signal<String>,
) -> impl IntoView {
    let video = NodeRef::<Video>::new();
    // Tracks belong to the element, not to its source: they stay when the version changes. No
    // srclang: the API gives no language, and narration is in whatever language it was written.
    use_text_track(video, "captions", "Captions", captions, "showing");
    use_text_track(video, "chapters", "Chapters", chapters, "hidden");
    let version = RwSignal::new(Version::Original);
    let broken = RwSignal::new(false);
    // Where to pick up when the address changes (the other version, a refreshed link, the project
    // re-read after an upscale began): the element starts the new file at 0, paused.
    let resume = StoredValue::new(None::<(f64, bool)>);

    let original = Signal::derive(move || safe(final_url.get()));
    let upscaled = Signal::derive(move || safe(upscaled_url.get()));
    let source = Memo::new(move |_| match version.get() {
        Version::Upscaled => upscaled.get().or_else(|| original.get()),
        Version::Original => original.get(),
    });
    use_effect(move || {
        source.track();
        broken.set(false);
    });

    let choose = move |next: Version| {
        if version.get_untracked() != next {
            version.set(next);
        }
    };
    // Read as the address is about to change, while the element still plays the old one. Only a
    // file that has loaded has a place: within a load the element reads 0, so a place not yet
    // restored stays (a second change within a slow load sent the player back to the start), and
    // none is taken from a file never shown (its "0" came back after a person's first seek).
    let address = move || {
        let next = source.get();
        if let Some(v) = video.get_untracked().filter(|v| v.ready_state() > 0) {
            if resume.with_value(Option::is_none) {
                resume.set_value(Some((v.current_time(), !v.paused())));
            }
        }
        next
    };
    let on_loaded = move |_| {
        let (Some(v), Some((at, playing))) = (video.get_untracked(), resume.get_value()) else { return };
        resume.set_value(None);
        v.set_current_time(at);
        if playing {
            let _ = v.play();
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some(v) = video.get_untracked() else { return };
        if let Some(to) = seek_for_key(&ev.key(), v.current_time(), v.duration()) {
            ev.prevent_default();
            v.set_current_time(to);
        }
    };
    let jump = move |scene_number: i64| {
        if let Some(v) = video.get_untracked() {
            v.set_current_time(scene_start_seconds(scene_number));
            let _ = v.play();
        }
    };

    view! {
        <div class="player">
            // One element for every version, so switching changes only its source.
            <Show
                when=move || source.with(Option::is_some)
                fallback=|| {
                    view! {
                        <Banner tone=Tone::Warning>
                            "The final video's address is unavailable (the service sent none, or one storyreel will not open)."
                        </Banner>
                    }
                }
            >
                <video
                    node_ref=video
                    controls
                    preload="metadata"
                    src=address
                    aria-label="Final video"
                    on:loadedmetadata=on_loaded
                    on:error=move |_| broken.set(true)
                    on:keydown=on_key
                ></video>
            </Show>
            <Show when=move || broken.get()>
                <Banner tone=Tone::Error>
                    <p>
                        "This video could not be loaded. Its link may have expired or the file is not there any more."
                    </p>
                    <button
                        type="button"
                        class="button"
                        on:click=move |_| {
                            broken.set(false);
                            on_refresh.run(());
                            if let Some(v) = video.get_untracked() {
                                v.load();
                            }
                        }
                    >
                        "Refresh the project"
                    </button>
                </Banner>
            </Show>
            <Show when=move || upscaled.with(Option::is_some)>
                <fieldset class="version-switch">
                    <legend>"Version"</legend>
                    <span>
                        <input
                            type="radio"
                            id="version-original"
                            name="video-version"
                            prop:checked=move || version.get() == Version::Original
                            on:change=move |_| choose(Version::Original)
                        />
                        <label for="version-original">"Original"</label>
                    </span>
                    <span>
                        <input
                            type="radio"
                            id="version-upscaled"
                            name="video-version"
                            prop:checked=move || version.get() == Version::Upscaled
                            on:change=move |_| choose(Version::Upscaled)
                        />
                        <label for="version-upscaled">"Upscaled"</label>
                    </span>
                </fieldset>
            </Show>
            <nav aria-label="Jump to a scene" class="chapters">
                <For each=move || clips.with(|all| all.iter().map(|(n, _)| *n).collect::<Vec<_>>()) key=|n| *n let(n)>
                    <button type="button" class="button small" on:click=move |_| jump(n)>
                        {format!("Scene {n} ({})", clock(scene_start_seconds(n)))}
                    </button>
                </For>
            </nav>
            <h3>"Downloads"</h3>
            <ul class="downloads">
                <li>{move || download(original.get(), "Download the video", file_stem, "")}</li>
                {move || {
                    upscaled
                        .get()
                        .map(|url| {
                            view! {
                                <li>{download(Some(url), "Download the upscaled video", file_stem, " (upscaled)")}</li>
                            }
                        })
                }}
                <For
                    each=move || clips.get()
                    key=|clip| clip.clone()
                    children=move |(n, url)| {
                        view! {
                            <li>
                                {download(safe(url), &format!("Scene {n} clip"), file_stem, &format!(" scene {n}"))}
                            </li>
                        }
                    }
                />
            </ul>
        </div>
    }
}

fn download(url: Option<String>, label: &str, stem: Signal<String>, suffix: &str) -> AnyView {
    match url {
        Some(href) => {
            let suffix = suffix.to_owned();
            view! { <MediaDownload href=href label=label name=Signal::derive(move || format!("{}{suffix}", stem.get())) /> }
                .into_any()
        }
        None => view! { <span class="unavailable">{format!("{label}: unavailable")}</span> }.into_any(),
    }
}
