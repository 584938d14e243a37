//! The finished video: facts, the player with its downloads, and the offers to upscale it or to
//! regenerate a scene.

use super::revise::{RegenerateScene, UpscalePanel};
use super::watch::GenerationWatch;
use crate::api::{Project, Scene};
use crate::components::{Clip, ScriptFiles, VideoPlayer};
use crate::domain::captions::{caption_cues, chapter_cues, webvtt, Cue};
use crate::domain::credits::describe_duration;
use crate::domain::follow_up::Asked;
use crate::domain::media::revised_media_url;
use crate::domain::order::scenes_in_order;
use crate::domain::revise::{can_regenerate, can_upscale};
use leptos::prelude::*;

/// `ask` records work the person started here, so the page follows it to its result.
#[component]
pub fn Finished(id: i64, watch: GenerationWatch, ask: Callback<Asked>) -> impl IntoView {
    let (report, project) = (watch.report, watch.project);
    let revised = move |url: Option<&String>, p: &Project| {
        url.map(|u| revised_media_url(u, p.updated_at.as_deref().unwrap_or_default()))
    };
    let final_url = Signal::derive(move || {
        project
            .with(|p| p.as_ref().and_then(|p| revised(p.final_video_url.as_ref(), p)))
            .or_else(|| report.with(|r| r.as_ref().and_then(|r| r.final_video_url.clone())))
    });
    let upscaled_url = Signal::derive(move || {
        project.with(|p| p.as_ref().and_then(|p| revised(p.final_video_url_upscaled.as_ref(), p)))
    });
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
    // Offers follow the project object, re-read at each completion; a memo, so re-reading the same
    // project does not rebuild the dialogs (and lose what the person typed in them). Nothing is
    // offered again while work asked for is under way, whatever the project's status says.
    let offers = Memo::new(move |_| {
        if watch.follow_up.with(Option::is_some) {
            return None;
        }
        project.with(|p| {
            let p = p.as_ref()?;
            let scenes = if can_regenerate(&p.status) { scenes_in_order(&p.scenes) } else { Vec::new() };
            Some((scenes, can_upscale(p)))
        })
    });
    view! {
        <h2>"Your video is ready"</h2>
        <ul class="facts">{facts}</ul>
        <VideoPlayer final_url=final_url upscaled_url=upscaled_url clips=clips
            captions=vtt(caption_cues) chapters=vtt(chapter_cues) on_refresh=watch.reload />
        <ScriptFiles project=project />
        {move || offers.get().map(|(scenes, upscale)| view! {
            {upscale.then(|| view! { <UpscalePanel project_id=id on_started=Callback::new(move |_| ask.run(Asked::Upscale)) /> })}
            {(!scenes.is_empty()).then(|| view! {
                <h3>"Change a scene"</h3>
                <ul class="regenerate-list">
                    {scenes.into_iter().map(|s| {
                        let scene_number = s.scene_number;
                        let started = Callback::new(move |_| ask.run(Asked::Regenerate { scene_number }));
                        view! { <RegenerateScene project_id=id scene=s on_started=started /> }
                    }).collect_view()}
                </ul>
            })}
        })}
    }
}
