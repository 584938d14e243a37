use crate::api::ProjectStatus;
use crate::domain::lifecycle::label;
use leptos::prelude::*;

/// The status in words as well as colour, so it reads without colour vision.
#[component]
pub fn StatusBadge(#[prop(into)] status: Signal<ProjectStatus>) -> impl IntoView {
    let class = move || {
        let known = match status.get() {
            ProjectStatus::Unknown(_) => "unknown".to_owned(),
            s => s.as_str().to_owned(),
        };
        format!("badge badge-{known}")
    };
    view! { <span class=class>{move || label(&status.get())}</span> }
}
