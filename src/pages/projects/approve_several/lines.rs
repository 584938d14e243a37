//! The dialog's list of the chosen projects, each with its paid actions for as long as the list stands.

use crate::components::{MessageBanner, Tone};
use crate::domain::batch_approval::{fate_text, Batch, Fate, Pick};
use crate::hooks::{use_paid_actions, PaidActions};
use leptos::prelude::*;
use std::collections::HashMap;

/// The chosen projects as read when the dialog opened: those still awaiting approval, and those left
/// out with why.
#[derive(Clone, Default)]
pub struct Checked {
    pub picks: Vec<Pick>,
    pub left_out: Vec<(String, String)>,
}

pub type Actions = StoredValue<HashMap<i64, PaidActions>, LocalStorage>;

/// The dialog's list: each project with its credits and, once sent, what became of it. Each line holds
/// its project's paid actions for as long as the list stands.
#[component]
pub fn Lines(checked: Checked, batch: RwSignal<Option<Batch>>, actions: Actions) -> impl IntoView {
    let lines =
        checked.picks.into_iter().map(|pick| view! { <Line pick=pick batch=batch actions=actions /> }).collect_view();
    let left_out = checked
        .left_out
        .into_iter()
        .map(|(name, why)| view! { <li>{format!("{name}: left out, as {why}.")}</li> })
        .collect_view();
    view! {
        <ul class="batch-list" aria-label="Projects to approve">
            {lines}
        </ul>
        <ul class="batch-list" aria-label="Left out">
            {left_out}
        </ul>
    }
}

#[component]
fn Line(pick: Pick, batch: RwSignal<Option<Batch>>, actions: Actions) -> impl IntoView {
    let id = pick.id;
    let paid = use_paid_actions(id, Callback::new(|_| ()));
    actions.update_value(|a| {
        a.insert(id, paid);
    });
    on_cleanup(move || {
        actions.try_update_value(|a| a.remove(&id));
    });
    let fate = move || batch.with(|b| b.as_ref().and_then(|b| b.fate(id).cloned())).filter(|f| *f != Fate::Waiting);
    let plural = if pick.scenes == 1 { "scene" } else { "scenes" };
    view! {
        <li>
            <strong>{pick.title.clone()}</strong>
            {format!(" · {} {plural} · about {} credits", pick.scenes, pick.credits())}
            {move || fate().map(|f| view! { <span class="fate">{format!(" · {}", fate_text(&f))}</span> })}
            <MessageBanner tone=Tone::Info message=paid.notice() />
        </li>
    }
}
