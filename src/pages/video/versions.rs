//! The finished video's versions, newest first, each checked with the service before it is offered;
//! and after a regeneration, the cut before and the new one side by side, from the regenerated scene,
//! under one play/pause and one position.

use crate::api::Project;
use crate::browser::local_time::local_clock;
use crate::components::MediaDownload;
use crate::domain::media::{clock, safe_media_url, scene_start_seconds};
use crate::domain::script::file_stem_for;
use crate::domain::versions::Version;
use crate::stores::versions::{self, still_kept};
use leptos::html::Video;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Asks the service whether it still keeps the version at `url`.
fn checked(url: String) -> Check {
    let kept = ArcRwSignal::new(None);
    let answered = kept.clone();
    spawn_local(async move { answered.set(Some(still_kept(&url).await)) });
    kept
}

#[component]
pub fn VersionList(id: i64, project: RwSignal<Option<Project>>) -> impl IntoView {
    // Each project read notes its videos, here where they are listed: every project with a video shows
    // this view, and a page watching a first generation starts without this code (its part).
    let kept =
        Memo::new(move |_| project.with(|p| p.as_ref().map(versions::see)).unwrap_or_else(|| versions::load(id)));
    let comparing = RwSignal::new(false);
    let stem = Signal::derive(move || project.with(|p| file_stem_for(id, p.as_ref())));
    // What the service answered about each version, by address: asked once a version, however often the
    // list changes (a new cut joins it), and shared with the comparison, which goes by the same answer.
    // Counted references, not signals of the scope that first asked: a row or a comparison that goes
    // would otherwise take the answer with it.
    let checks = StoredValue::new(Vec::<(String, Check)>::new());
    let playing = move |url: &str| {
        project.with(|p| {
            p.as_ref().is_some_and(|p| {
                [&p.final_video_url, &p.final_video_url_upscaled].iter().any(|u| u.as_deref() == Some(url))
            })
        })
    };
    let check_of = move |url: &str| -> Check {
        if let Some(check) = checks.with_value(|all| all.iter().find(|(u, _)| u == url).map(|(_, c)| c.clone())) {
            return check;
        }
        // The project's own addresses are the player's, fit to load; earlier ones are asked about first.
        let check = match safe_media_url(url) {
            Some(_) if playing(url) => ArcRwSignal::new(Some(Some(true))),
            Some(u) => checked(u.to_owned()),
            None => ArcRwSignal::new(Some(Some(false))),
        };
        checks.update_value(|all| all.push((url.to_owned(), check.clone())));
        check
    };
    let listed = Memo::new(move |_| kept.with(|all| all.newest_first().cloned().collect::<Vec<_>>()));
    // Both addresses are taken only as fit to load, as every media address in the app.
    let compare =
        Memo::new(move |_| kept.with(|all| all.comparison().map(|(b, a, n)| (b.to_owned(), a.to_owned(), n))));
    view! {
        <Show when=move || listed.with(|all| all.len() >= 2)>
            <section class="versions" aria-labelledby="versions-heading">
                <h2 id="versions-heading">"Versions"</h2>
                <ol class="version-list">
                    <For
                        each=move || listed.get()
                        key=|v| (v.url.clone(), v.at)
                        children=move |v| {
                            let (check, url) = (check_of(&v.url), v.url.clone());
                            let playing = Signal::derive(move || playing(&url));
                            view! { <VersionItem version=v check=check playing=playing stem=stem /> }
                        }
                    />
                </ol>
                {move || {
                    let (before, after, scene) = compare.get()?;
                    let before_kept = check_of(&before);
                    Some(move || match before_kept.get() {
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
                                            format!("{} (before scene {scene})", stem.get())
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
                    })
                }}
            </section>
        </Show>
    }
}

/// Whether the service still keeps a version: `None` while asking, `Some(None)` when it could not tell.
type Check = ArcRwSignal<Option<Option<bool>>>;

/// One version: when and why it was made, whether it is the one playing, and its download once the
/// service is known to keep it.
#[component]
fn VersionItem(version: Version, check: Check, playing: Signal<bool>, stem: Signal<String>) -> impl IntoView {
    let url = safe_media_url(&version.url).map(str::to_owned).unwrap_or_default();
    let what = version.describe();
    let when = local_clock(version.at);
    let line = {
        let what = what.clone();
        move || format!("{what} · {when}{}", if playing.get() { " · playing above" } else { "" })
    };
    view! {
        <li>
            {line}" "
            {move || match check.get() {
                None => view! { <span>"Checking it is still kept…"</span> }.into_any(),
                Some(Some(false)) => view! { <span>"No longer kept by the service"</span> }.into_any(),
                Some(kept) => {
                    let note = if kept.is_none() { " (storyreel could not check it)" } else { "" };
                    let what = what.clone();
                    view! {
                        <MediaDownload
                            href=url.clone()
                            label="Download"
                            unseen=format!(" {what}")
                            name=Signal::derive(move || format!("{} ({what})", stem.get()))
                        />
                        {note}
                    }
                        .into_any()
                }
            }}
        </li>
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
