//! What became of each project of a batch, on the list's page until the person dismisses it.

use crate::domain::batch_approval::{fate_text, Batch};
use leptos::prelude::*;

/// The report's heading, which takes the focus when the batch ends.
pub const REPORT_ID: &str = "approval-report";

/// What became of each, on the page until dismissed.
#[component]
pub fn Report(batch: Batch, report: RwSignal<Option<Batch>>) -> impl IntoView {
    let lines = batch
        .picks()
        .iter()
        .map(|p| {
            let fate = batch.fate(p.id).map(fate_text).unwrap_or_default();
            view! { <li>{format!("{}: {fate}.", p.title)}</li> }
        })
        .collect_view();
    view! {
        <section class="batch-report" aria-labelledby=REPORT_ID>
            <h2 id=REPORT_ID tabindex="-1">
                "Approval of the chosen projects"
            </h2>
            <p>{batch.report()}</p>
            <ul>{lines}</ul>
            <button type="button" class="button" on:click=move |_| report.set(None)>
                "Dismiss"
            </button>
        </section>
    }
}
