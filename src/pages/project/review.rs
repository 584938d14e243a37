//! The review of a project: its scenes, editable while proposed, a style applied to all of them, and
//! approval.

use super::approve::ApprovePanel;
use super::styling::StylePicker;
use crate::api::{Project, ProjectStatus};
use crate::browser::leave_guard::guard_leaving;
use crate::browser::page::set_title;
use crate::components::{
    Banner, ErrorSummary, MessageBanner, NewStoryFrom, PageHeading, SceneEditor, ScriptFiles, StatusBadge, Tone,
};
use crate::domain::credits::approval_estimate;
use crate::domain::lifecycle::{can_approve, can_edit_scenes, is_preparing, read_only_reason};
use crate::domain::narration::long_scenes;
use crate::domain::order::scenes_in_order;
use crate::domain::scene_edit::SceneText;
use crate::domain::title::project_title;
use crate::hooks::{Orders, PaidActions};
use crate::routes;
use crate::stores::proposals;
use leptos::prelude::*;

/// The review of `project`. With `as_of`, the project is the one kept on the device, shown while the
/// service is asked: read-only, and nothing that spends credits is offered until the answer confirms it.
#[component]
pub fn Review(
    project: Project,
    notice: RwSignal<Option<String>>,
    arrived: RwSignal<Option<String>>,
    reload: Callback<()>,
    as_of: Option<String>,
    paid: PaidActions,
) -> impl IntoView {
    let title = project_title(project.id, Some(&project));
    let spend_title = title.clone();
    set_title(&title);
    let id = project.id;
    let status = project.status.clone();
    let live = as_of.is_none();
    let editable = live && can_edit_scenes(&status);
    // The scenes as first proposed, for each editor's way back to them.
    let proposal = match (editable, live) {
        (true, _) => proposals::keep_first(&project),
        (false, true) => {
            proposals::forget(id);
            Vec::new()
        }
        (false, false) => Vec::new(),
    };
    let unsaved = RwSignal::new(Vec::<i64>::new());
    guard_leaving(move || unsaved.with_untracked(|s| !s.is_empty()));
    // Approval tried with scenes unsaved: those scenes are listed above the form (GOV.UK's error
    // summary), each linked to its Save, and leave it as they are saved or discarded. A scene edited
    // after the try is not added: the summary says what stopped that approval.
    let tried = RwSignal::new(Vec::<i64>::new());
    let problems = Signal::derive(move || {
        tried.with(|at_try| {
            unsaved.with(|now| {
                at_try
                    .iter()
                    .filter(|n| now.contains(n))
                    .map(|n| {
                        (format!("scene-{n}-save"), format!("Scene {n} has unsaved changes: save or discard them"))
                    })
                    .collect()
            })
        })
    });

    // The project as the service holds it, kept current as scenes are saved: what the files and a
    // new story are made from.
    let as_saved = RwSignal::new(Some(project.clone()));
    let on_saved = Callback::new(move |(number, text): (i64, SceneText)| {
        as_saved.update(|p| {
            if let Some(scene) = p.as_mut().and_then(|p| p.scenes.iter_mut().find(|s| s.scene_number == number)) {
                text.put_into(scene);
            }
        })
    });

    let long = Signal::derive(move || {
        as_saved
            .with(|p| {
                p.as_ref().map(|p| long_scenes(p.scenes.iter().map(|s| (s.scene_number, s.narration_text.as_str()))))
            })
            .unwrap_or_default()
    });

    // What a style applied in review asks of every scene (`styling`).
    let orders = Orders::default();
    let scenes = scenes_in_order(&project.scenes);
    let last_number = scenes.last().map(|s| s.scene_number);
    let estimate = approval_estimate(scenes.len() as u32);
    let scene_views = scenes
        .into_iter()
        .map(|scene| {
            let talking_head = (project.use_avatar_first_scene && scene.scene_number == 1)
                || (project.use_avatar_last_scene && Some(scene.scene_number) == last_number);
            let proposed = proposal.iter().find(|(at, _)| Some(*at) == scene.id).map(|(_, text)| text.clone());
            view! {
                <SceneEditor
                    project_id=id
                    scene=scene
                    proposed=proposed
                    editable=editable
                    talking_head=talking_head
                    unsaved=unsaved
                    on_saved=on_saved
                    orders=orders
                />
            }
        })
        .collect_view();
    let watch_label = if status == ProjectStatus::Completed { "Watch the video" } else { "Follow generation" };
    let preparing = is_preparing(&status);
    let nothing_yet = preparing && project.scenes.is_empty();

    view! {
        <section class="page" aria-labelledby="project-heading">
            <div class="page-head">
                <PageHeading id="project-heading">{title}</PageHeading>
                <StatusBadge status=status.clone() />
            </div>
            <ErrorSummary problems=problems />
            <MessageBanner tone=Tone::Warning message=as_of />
            <MessageBanner tone=Tone::Success message=arrived />
            <p class="idea">
                <strong>"Story idea: "</strong>
                <bdi>{project.ideas.clone()}</bdi>
            </p>
            <MessageBanner tone=Tone::Error message=notice />
            {read_only_reason(&status)
                .map(|r| {
                    let watch = (!preparing)
                        .then(|| {
                            // Nothing to watch while the scenes are still being written.
                            view! {
                                " "
                                <a href=routes::project_video(id)>{watch_label}</a>
                            }
                        });
                    view! { <Banner tone=Tone::Info>{r}{watch}</Banner> }
                })}
            // While the scenes are still being written: no empty list, and no files of nothing.
            {(!nothing_yet)
                .then(|| {
                    view! {
                        <h2>{format!("Scenes ({})", project.scenes.len())}</h2>
                        {editable.then(|| view! { <StylePicker orders=orders /> })}
                        <ol class="scene-list">{scene_views}</ol>
                    }
                })}
            {(live && can_approve(&status))
                .then(|| {
                    view! {
                        <ApprovePanel
                            id=id
                            estimate=estimate
                            unsaved=unsaved
                            tried=tried
                            notice=notice
                            reload=reload
                            long_scenes=long
                            title=spend_title
                            paid=paid
                        />
                    }
                })}
            {(!nothing_yet)
                .then(|| {
                    view! {
                        <h2>"Reuse this story"</h2>
                        <ScriptFiles project=as_saved />
                        <p class="help">"The files hold the scenes as saved: changes not yet saved are not in them."</p>
                        <NewStoryFrom project=as_saved />
                    }
                })}
        </section>
    }
}
