//! The finished video: facts, the player with its downloads, and the offers to upscale it or to
//! regenerate a scene.

use super::revise::{RegenerateScene, UpscalePanel};
use crate::api::{Project, ProjectStatus, StatusReport};
use crate::components::{Banner, Clip, Tone, VideoPlayer};
use crate::domain::credits::describe_duration;
use crate::domain::media::revised_media_url;
use crate::domain::revise::{can_regenerate, can_upscale};
use leptos::prelude::*;

#[component]
pub fn Finished(
    id: i64,
    report: RwSignal<Option<StatusReport>>,
    project: RwSignal<Option<Project>>,
    reload: Callback<()>,
    restart: Callback<()>,
) -> impl IntoView {
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
                .map(|p| p.scenes.iter().map(|s| (s.scene_number, s.video_url.clone())).collect::<Vec<Clip>>())
                .unwrap_or_default()
        })
    });
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
    let upscaling = move || report.with(|r| r.as_ref().is_some_and(|r| r.status == ProjectStatus::Upscaling));
    // Offers follow the project object, re-read at each completion; a memo, so re-reading the same
    // project does not rebuild the dialogs (and lose what the person typed in them).
    let offers = Memo::new(move |_| {
        project.with(|p| {
            let p = p.as_ref()?;
            let scenes = if can_regenerate(&p.status) {
                let mut scenes = p.scenes.clone();
                scenes.sort_by_key(|s| s.scene_number);
                scenes
            } else {
                Vec::new()
            };
            Some((scenes, can_upscale(p)))
        })
    });
    view! {
        <h2>"Your video is ready"</h2>
        <ul class="facts">{facts}</ul>
        {move || upscaling().then(|| view! {
            <Banner tone=Tone::Info>"Upscaling: a higher-resolution copy is being made (5 to 10 minutes). It will appear here as the \"Upscaled\" version."</Banner>
        })}
        <VideoPlayer final_url=final_url upscaled_url=upscaled_url clips=clips on_refresh=reload />
        {move || offers.get().map(|(scenes, upscale)| view! {
            {upscale.then(|| view! { <UpscalePanel project_id=id on_started=restart /> })}
            {(!scenes.is_empty()).then(|| view! {
                <h3>"Change a scene"</h3>
                <ul class="regenerate-list">
                    {scenes.into_iter().map(|s| view! { <RegenerateScene project_id=id scene=s on_started=restart /> }).collect_view()}
                </ul>
            })}
        })}
    }
}
