//! The finished video's versions, newest first, each checked with the service before it is offered;
//! and after a regeneration, the cut before and the new one side by side, from the regenerated scene,
//! under one play/pause and one position.

use crate::api::Project;
use crate::browser::local_time::local_clock;
use crate::components::MediaDownload;
use crate::domain::media::{clock, safe_media_url, scene_start_seconds};
use crate::domain::script::file_stem_for;
use crate::stores::versions::{self, still_kept};
use leptos::html::Video;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Whether the service still keeps a version: `None` while asking.
fn checked(url: String) -> RwSignal<Option<Option<bool>>> {
    let kept = RwSignal::new(None);
    spawn_local(async move {
        let answer = still_kept(&url).await;
        if !kept.is_disposed() {
            kept.set(Some(answer));
        }
    });
    kept
}

#[component]
pub fn VersionList(id: i64, project: RwSignal<Option<Project>>) -> impl IntoView {
    // Each project read notes its videos, here where they are listed: every project with a video shows
    // this view, and a page watching a first generation starts without this code (its part).
    let kept =
        Memo::new(move |_| project.with(|p| p.as_ref().map(versions::see)).unwrap_or_else(|| versions::load(id)));
    let comparing = RwSignal::new(false);
    let stem = move || project.with(|p| file_stem_for(id, p.as_ref()));
    move || {
        let all = kept.get();
        if all.finals.len() < 2 {
            return None;
        }
        // The project's own addresses are the player's; earlier ones are asked about first.
        let playing = project.with_untracked(|p| {
            p.as_ref().map(|p| [p.final_video_url.clone(), p.final_video_url_upscaled.clone()]).unwrap_or_default()
        });
        // Both addresses are taken only as fit to load, as every media address in the app.
        let compare = all.comparison().map(|(b, a, n)| (b.to_owned(), a.to_owned(), n));
        let mut before_kept = None;
        let items = all
            .newest_first()
            .map(|v| {
                let url = safe_media_url(&v.url).map(str::to_owned);
                let shown = playing.iter().flatten().any(|p| *p == v.url);
                let state = match (&url, shown) {
                    (Some(_), true) => RwSignal::new(Some(Some(true))),
                    (Some(u), false) => checked(u.clone()),
                    (None, _) => RwSignal::new(Some(Some(false))),
                };
                // The comparison goes by the same answer: one request a version.
                if compare.as_ref().is_some_and(|(before, ..)| url.as_ref() == Some(before)) {
                    before_kept = Some(state);
                }
                let what = v.describe();
                let line = format!("{what} · {}{}", local_clock(v.at), if shown { " · playing above" } else { "" });
                view! {
                    <li>
                        {line}" "
                        {move || match state.get() {
                            None => view! { <span>"Checking it is still kept…"</span> }.into_any(),
                            Some(Some(false)) => view! { <span>"No longer kept by the service"</span> }.into_any(),
                            Some(kept) => {
                                let note = if kept.is_none() { " (storyreel could not check it)" } else { "" };
                                let what = what.clone();
                                view! {
                                    <MediaDownload
                                        href=url.clone().unwrap_or_default()
                                        label="Download"
                                        unseen=format!(" {what}")
                                        name=Signal::derive(move || format!("{} ({what})", stem()))
                                    />
                                    {note}
                                }
                                    .into_any()
                            }
                        }}
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <section class="versions" aria-labelledby="versions-heading">
                <h2 id="versions-heading">"Versions"</h2>
                <ol class="version-list">{items}</ol>
                {compare
                    .zip(before_kept)
                    .map(|((before, after, scene), before_kept)| {
                        move || match before_kept.get() {
                            Some(Some(false)) => None,
                            _ if comparing.get() => {
                                let (before, after) = (before.clone(), after.clone());
                                Some(
                                    view! {
                                        <Compare
                                            before=before
                                            after=after
                                            scene=scene
                                            file_stem=Signal::derive(move || {
                                                format!("{} (before scene {scene})", stem())
                                            })
                                            on_close=Callback::new(move |_| comparing.set(false))
                                        />
                                    }
                                        .into_any(),
                                )
                            }
                            _ => {
                                Some(
                                    view! {
                                        <button type="button" class="button" on:click=move |_| comparing.set(true)>
                                            {format!("Compare before and after scene {scene}")}
                                        </button>
                                    }
                                        .into_any(),
                                )
                            }
                        }
                    })}
            </section>
        })
    }
}

/// The earlier cut above (or beside) the new one, muted, kept at the new one's time.
#[component]
fn Compare(
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
