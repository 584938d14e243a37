//! The finished video's versions, newest first, each checked with the service before it is offered;
//! and after a regeneration, the offer to compare the cut before with the new one (`super::compare`).

use super::compare::Compare;
use crate::api::Project;
use crate::browser::local_time::local_clock;
use crate::components::MediaDownload;
use crate::domain::media::safe_media_url;
use crate::domain::script::file_stem_for;
use crate::domain::versions::Version;
use crate::stores::versions::{self, still_kept};
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
