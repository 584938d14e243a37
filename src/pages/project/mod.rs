//! A project's review page: its idea and scenes, editable while proposed, and approval with an
//! explicit statement of the credits it reserves.

mod approve;

use crate::api::{ErrorKind, Project, ProjectStatus};
use crate::browser::leave_guard::guard_leaving;
use crate::browser::page::{carry_focus_into_rebuilt_page, set_title};
use crate::components::{
    Banner, MessageBanner, NewStoryFrom, NotFound, PageHeading, SceneEditor, ScriptFiles, StatusBadge, Tone,
};
use crate::domain::credits::approval_estimate;
use crate::domain::lifecycle::{can_approve, can_edit_scenes, is_preparing, preparing_recheck_ms, read_only_reason};
use crate::domain::narration::long_scenes;
use crate::domain::order::scenes_in_order;
use crate::domain::scene_edit::SceneText;
use crate::domain::title::project_title;
use crate::hooks::{read_and_keep_project, use_effect, use_load, use_paid_actions, use_timeout_fn, PaidActions};
use crate::routes;
use crate::session::{use_session, Failure};
use crate::stores::last_known;
use approve::ApprovePanel;
use leptos::prelude::*;

#[component]
pub fn ProjectPage(id: i64) -> impl IntoView {
    // Until it is read, the tab says which project is coming ("Project 4"); then its title.
    set_title(&project_title(id, None));
    let session = use_session();
    // Lives above the review, which is rebuilt on every refetch: a notice explaining why the project
    // was re-read must outlive that rebuild.
    let notice = RwSignal::new(None::<String>);
    let (project, refetch) = use_load(move || read_and_keep_project(session, id));
    let reload = Callback::new(move |_| refetch());
    // Above the review, which is rebuilt on every refetch: an approval not yet confirmed is checked on
    // through them. Once the project shows it (here or in another tab), the page reads it again.
    let paid = use_paid_actions(id, Callback::new(move |_| refetch()));
    // A project the service is still writing is read again, by itself, until there is something to
    // review: a person who opened it should not have to reload. Gone with the page: no read after.
    let rechecks = StoredValue::new(0u32);
    let recheck_after = use_timeout_fn(move || reload.run(()));
    // Said once the scenes come: the page is rebuilt around them, which a screen reader does not tell.
    // Lives here, like `notice`, to outlive the review's rebuilds.
    let arrived = RwSignal::new(None::<String>);
    use_effect(move || {
        let Some(preparing) = project.with(|answer| match answer {
            Some(Ok(p)) => Some(is_preparing(&p.status)),
            // A read that failed while the page was checking by itself: the page said it would, so it
            // checks on (a project gone or another account's is not read again).
            Some(Err(Failure::Show(e))) if rechecks.get_value() > 0 && e.kind != ErrorKind::NotFound => Some(true),
            _ => None,
        }) else {
            return;
        };
        if !preparing {
            if rechecks.get_value() > 0 {
                arrived.set(Some("The scenes are ready to review.".to_owned()));
            }
            return;
        }
        let wait = preparing_recheck_ms(rechecks.get_value());
        rechecks.update_value(|n| *n += 1);
        recheck_after(wait);
    });
    // What this device read of the project before, shown until the service answers: read-only, and
    // marked with when it was read and how the check of it stands.
    let kept = move |check_failed| {
        last_known::project(id).map(|kept| {
            let line = Some(last_known::marked(kept.at_ms, check_failed));
            view! { <Review project=kept.value notice=notice arrived=arrived reload=reload as_of=line paid=paid /> }
                .into_any()
        })
    };
    // A page replacing one shown here (the kept project, under the person's focus): its heading takes it.
    let shown_before = StoredValue::new(false);
    let replacing_a_page = move || {
        if shown_before.get_value() {
            carry_focus_into_rebuilt_page();
        }
        shown_before.set_value(true);
    };

    view! {
        {move || {
            let answer = project.get();
            replacing_a_page();
            match answer {
                None => {
                    kept(false).unwrap_or_else(|| view! { <p role="status">"Loading the project…"</p> }.into_any())
                }
                Some(Err(Failure::Show(e))) if e.kind == ErrorKind::NotFound => {
                    last_known::forget_project(id);
                    view! { <NotFound project=true /> }.into_any()
                }
                Some(Err(Failure::SignedOut)) => view! { <NotFound project=true /> }.into_any(),
                Some(Err(Failure::Show(e))) => {
                    view! {
                        <section class="page">
                            <Banner tone=Tone::Error>{e.message}</Banner>
                            <button type="button" class="button" on:click=move |_| refetch()>
                                "Try again"
                            </button>
                        </section>
                        {kept(true)}
                    }
                        .into_any()
                }
                Some(Ok(p)) => {
                    view! { <Review project=p notice=notice arrived=arrived reload=reload as_of=None paid=paid /> }
                        .into_any()
                }
            }
        }}
    }
}

/// The review of `project`. With `as_of`, the project is the one kept on the device, shown while the
/// service is asked: read-only, and nothing that spends credits is offered until the answer confirms it.
#[component]
fn Review(
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
    let unsaved = RwSignal::new(Vec::<i64>::new());
    guard_leaving(move || unsaved.with_untracked(|s| !s.is_empty()));

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

    let scenes = scenes_in_order(&project.scenes);
    let last_number = scenes.last().map(|s| s.scene_number);
    let estimate = approval_estimate(scenes.len() as u32);
    let scene_views = scenes
        .into_iter()
        .map(|scene| {
            let talking_head = (project.use_avatar_first_scene && scene.scene_number == 1)
                || (project.use_avatar_last_scene && Some(scene.scene_number) == last_number);
            view! {
                <SceneEditor
                    project_id=id
                    scene=scene
                    editable=editable
                    talking_head=talking_head
                    unsaved=unsaved
                    on_saved=on_saved
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
