//! The finished video: facts, the player with its downloads, the offer to upscale it, and the
//! storyboard: every scene's picture and narration, each with its own "Regenerate scene N".

use super::revise::{RegenerateScene, UpscalePanel};
use super::versions::VersionList;
use super::watch::GenerationWatch;
use crate::api::{ProjectStatus, Scene};
use crate::browser::page::focus_heading_if_wanted;
use crate::components::{Clip, ScriptFiles, VideoPlayer};
use crate::domain::captions::{caption_cues, chapter_cues, webvtt, Cue};
use crate::domain::credits::describe_duration;
use crate::domain::follow_up::Asked;
use crate::domain::generation::image_alt;
use crate::domain::media::{media_revision, revised_media_url, safe_media_url};
use crate::domain::order::scenes_in_order;
use crate::domain::revise::{can_regenerate, can_upscale};
use crate::domain::script::file_stem_for;
use crate::domain::title::project_title;
use crate::hooks::{use_effect, PaidActions};
use crate::stores::spending;
use leptos::html;
use leptos::prelude::*;

/// `paid` sends the paid actions offered here, and the page follows their work to its result;
/// `revising` says the service's status shows the video being made again.
#[component]
pub fn Finished(id: i64, watch: GenerationWatch, paid: PaidActions, revising: Memo<bool>) -> impl IntoView {
    let (report, project) = (watch.report, watch.project);
    // The service's `credits_used`, which this view shows, goes into the spending ledger here: it comes
    // with a finished video, and a page watching a generation starts without the ledger's code (3 KB
    // brotli of its parts). A memo, so the ledger is read once per new figure, not with every answer.
    let used = Memo::new(move |_| report.with(|r| r.as_ref().and_then(|r| r.credits_used)));
    use_effect(move || {
        if let Some(used) = used.get() {
            spending::report(id, &project.with_untracked(|p| project_title(id, p.as_ref())), used);
        }
    });
    let revision = Memo::new(move |before: Option<&String>| {
        project.with(|p| {
            let (at, at_rest) = p.as_ref().map_or(("", true), |p| {
                (p.updated_at.as_deref().unwrap_or_default(), p.status == ProjectStatus::Completed)
            });
            media_revision(before.map(String::as_str), at, at_rest)
        })
    });
    let revised = move |url: Option<&String>| revision.with(|r| url.map(|u| revised_media_url(u, r)));
    let final_url = Signal::derive(move || {
        project
            .with(|p| p.as_ref().and_then(|p| revised(p.final_video_url.as_ref())))
            .or_else(|| report.with(|r| r.as_ref().and_then(|r| r.final_video_url.clone())))
    });
    let upscaled_url =
        Signal::derive(move || project.with(|p| p.as_ref().and_then(|p| revised(p.final_video_url_upscaled.as_ref()))));
    let clips = Signal::derive(move || {
        project.with(|p| {
            p.as_ref()
                .map(|p| {
                    scenes_in_order(&p.scenes).into_iter().map(|s| (s.scene_number, s.video_url)).collect::<Vec<Clip>>()
                })
                .unwrap_or_default()
        })
    });
    let vtt = move |cues: fn(&[Scene]) -> Vec<Cue>| {
        Signal::derive(move || {
            let cues = project.with(|p| p.as_ref().map(|p| cues(&p.scenes)).unwrap_or_default());
            (!cues.is_empty()).then(|| webvtt(&cues))
        })
    };
    let facts = move || {
        report
            .with(|r| {
                let r = r.as_ref()?;
                Some([
                    r.total_duration_seconds.map(|s| format!("Length: {}", describe_duration(s.max(0) as u32))),
                    r.credits_used.map(|c| format!("Credits used: {c}")),
                ])
            })
            .into_iter()
            .flatten()
            .flatten()
            .map(|f| view! { <li>{f}</li> })
            .collect_view()
    };
    // Offers follow the project object, re-read at each completion; memos, so re-reading the same
    // project does not rebuild the cards and their dialogs (and lose what the person typed in them).
    // Nothing is offered again while work is under way: asked for here, whatever the project's status
    // says; or shown by the latest status (asked in another tab or on another device, while the
    // project read before still says completed). Nor from the project kept on the device before the
    // service is asked again.
    let idle = move || {
        watch.shown_status() == Some(ProjectStatus::Completed)
            && watch.follow_up.with(Option::is_none)
            && watch.kept_at.with(Option::is_none)
    };
    let upscale = Memo::new(move |_| idle() && project.with(|p| p.as_ref().is_some_and(can_upscale)));
    let regenerate =
        Memo::new(move |_| idle() && project.with(|p| p.as_ref().is_some_and(|p| can_regenerate(&p.status))));
    let scenes =
        Memo::new(move |_| project.with(|p| p.as_ref().map(|p| scenes_in_order(&p.scenes)).unwrap_or_default()));
    // The cards are keyed by scene number: a card stays through a new answer, and only what changed in
    // its scene is drawn again (a regenerated scene's picture, not every picture).
    let numbers = Memo::new(move |_| scenes.with(|all| all.iter().map(|s| s.scene_number).collect::<Vec<_>>()));
    // While a scene is regenerated the video shown is the one before, not the one being made: the
    // heading says so, where the status shows the work or where it was asked for here (a service
    // whose status stays "completed" meanwhile).
    let remade = move || {
        revising.get()
            || watch.follow_up.with(|f| f.as_ref().is_some_and(|f| matches!(f.asked, Asked::Regenerate { .. })))
    };
    let heading = NodeRef::<html::H2>::new();
    use_effect(move || {
        if let Some(h2) = heading.get() {
            // After "Try again" (`super::finished_missing`) this heading takes the focus from the button
            // it replaces; after a navigation the page's own heading, mounted first, has taken it.
            focus_heading_if_wanted(&h2);
        }
    });
    view! {
        <div class="finished">
            <div class="finished-main">
                <h2 node_ref=heading>{move || if remade() { "Your current video" } else { "Your video is ready" }}</h2>
                <ul class="facts">{facts}</ul>
                <VideoPlayer
                    final_url=final_url
                    upscaled_url=upscaled_url
                    clips=clips
                    captions=vtt(caption_cues)
                    chapters=vtt(chapter_cues)
                    on_refresh=watch.reload
                    file_stem=Signal::derive(move || project.with(|p| file_stem_for(id, p.as_ref())))
                />
                <ScriptFiles project=project />
                <VersionList id=id project=project />
                {move || {
                    upscale
                        .get()
                        .then(|| {
                            view! { <UpscalePanel project_id=id paid=paid /> }
                        })
                }}
            </div>
            <section class="storyboard" aria-labelledby="storyboard-heading">
                <h2 id="storyboard-heading">"Storyboard"</h2>
                <ol class="story-cards">
                    <For each=move || numbers.get() key=|n| *n let(n)>
                        <StoryCard id=id n=n scenes=scenes regenerate=regenerate paid=paid />
                    </For>
                </ol>
            </section>
        </div>
    }
}

/// One scene of the finished video: its picture, number and narration, and the action to make it again.
#[component]
fn StoryCard(id: i64, n: i64, scenes: Memo<Vec<Scene>>, regenerate: Memo<bool>, paid: PaidActions) -> impl IntoView {
    let scene =
        Memo::new(move |_| scenes.with(|all| all.iter().find(|s| s.scene_number == n).cloned().unwrap_or_default()));
    let (heading, labelled_by) = (format!("story-scene-{n}"), format!("story-scene-{n}"));
    let picture = move || {
        scene.with(|s| {
            let src = s.image_url.as_deref().and_then(safe_media_url).map(str::to_owned);
            (src, image_alt(n, &s.description))
        })
    };
    let narration = move || scene.with(|s| s.narration_text.trim().to_owned());
    view! {
        <li class="story-card" aria-labelledby=labelled_by>
            {move || match picture() {
                (None, _) => view! { <div class="skeleton still" aria-hidden="true"></div> }.into_any(),
                (Some(src), alt) => view! { <img src=src alt=alt loading="lazy" width="320" height="180" /> }.into_any(),
            }}
            <h3 id=heading>{format!("Scene {n}")}</h3>
            {move || {
                let text = narration();
                (!text.is_empty()).then(|| view! { <p class="narration">{text}</p> })
            }}
            {move || {
                regenerate.get().then(|| view! { <RegenerateScene project_id=id scene=scene.get() paid=paid /> })
            }}
        </li>
    }
}
