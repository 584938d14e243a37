//! A failed generation: why, what had finished, and what the person can do next.

use crate::api::{SceneProgress, StatusReport};
use crate::components::{Banner, Tone};
use crate::domain::generation::finished_before_failure;
use leptos::prelude::*;

#[component]
pub fn Failure(report: StatusReport, #[prop(into)] rows: Signal<Vec<SceneProgress>>) -> impl IntoView {
    let reason =
        report.error.clone().filter(|e| !e.trim().is_empty()).unwrap_or_else(|| "The service did not say why.".into());
    let finished = move || rows.with(|rows| finished_before_failure(rows));
    // One block with its own even spacing; what to do is text only, the actions follow the page's
    // own row below (the person's next step is one button there, not a list item).
    view! {
        <div class="failure">
            <h2>"Generation failed"</h2>
            <Banner tone=Tone::Error>{reason}</Banner>
            <p>{finished}</p>
            <h3>"What you can do"</h3>
            <ul>
                <li>"Your scene texts are kept on the project page."</li>
                <li>"Whether the reserved credits come back is up to the service: check your balance there."</li>
                <li>"Try again with the same idea and settings: “Start a new story from this one”, below."</li>
            </ul>
        </div>
    }
}
