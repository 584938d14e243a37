//! The video page's other ways of saying where generation is: the tab's title, and a system
//! notification when a video the person waited for in another tab ends.

use crate::api::{Project, ProjectStatus};
use crate::browser::page::set_title;
use crate::browser::{notify, visibility};
use crate::domain::title::{project_title, tab_title};
use crate::hooks::use_effect;
use leptos::prelude::*;

/// Keeps the tab's title to the project's name, status and figure: worked out when one of them
/// changes, not with every answer.
pub fn use_tab_title(
    id: i64,
    project: RwSignal<Option<Project>>,
    status: Memo<Option<ProjectStatus>>,
    progress: Memo<Option<u8>>,
) {
    use_effect(move || {
        let name = project.with(|p| project_title(id, p.as_ref()));
        set_title(&status.with(|status| tab_title(&name, status.as_ref().zip(progress.get()))));
    });
}

/// Whether the person asked to be told when the video is ready (`ReadyNotice::wanted`), and telling
/// them: only while they look elsewhere, since the page says it itself.
#[derive(Clone, Copy)]
pub struct ReadyNotice {
    pub wanted: RwSignal<bool>,
}

impl ReadyNotice {
    pub fn new() -> Self {
        Self { wanted: RwSignal::new(false) }
    }

    pub fn ended(&self, id: i64, project: RwSignal<Option<Project>>, status: &ProjectStatus) {
        if self.wanted.get_untracked() && visibility::is_hidden() {
            let done = *status == ProjectStatus::Completed;
            let name = project.with_untracked(|p| project_title(id, p.as_ref()));
            notify::show(if done { "Your video is ready" } else { "Video generation failed" }, &name);
        }
    }
}
