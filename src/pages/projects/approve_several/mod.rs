//! Approving the chosen projects with one dialog: each read again first, so what it states (each
//! project's credits, the total, the month's budget) is the service's; then one approval at a time,
//! each through that project's own paid actions (`hooks::use_paid_actions`), so none is ever sent
//! twice: not by a double click, a lost answer, a reload or another tab. What became of each stays on
//! the page until the person dismisses it (`domain::batch_approval` decides when the rest stop).

mod lines;
mod report;
mod sending;

use crate::browser::page::focus_when_drawn;
use crate::components::{part_missing, BudgetOutlook, CodeFor, ConfirmDialog};
use crate::domain::batch_approval::{Answer, Batch, Pick};
use crate::domain::lifecycle::{can_approve, label};
use crate::domain::project_list::title;
use crate::hooks::read_and_keep_project;
use crate::session::{use_session, Failure};
use crate::split_code::split_code;
use leptos::prelude::*;
use leptos::task::spawn_local;
use lines::{Actions, Checked, Lines};
use report::{Report, REPORT_ID};
use sending::approve_one;
use std::collections::HashMap;

/// The chosen projects' ids, in the order chosen. A few at most (one a checkbox a person ticks): a
/// list, whose code is a fraction of a map's on the list's load.
pub type Chosen = RwSignal<Vec<i64>>;

split_code!(approve_several, preload_approve_several, (chosen: Chosen, reload: Callback<()>) =>
    view! { <ApproveSeveral chosen=chosen reload=reload /> });

pub const APPROVE_SEVERAL: CodeFor = CodeFor { loading: "Loading the approval…", missing: approval_missing };

fn approval_missing(retry: Callback<()>) -> AnyView {
    part_missing("The approval could not be loaded: check the connection. Nothing was sent.", retry)
}

#[component]
fn ApproveSeveral(chosen: Chosen, reload: Callback<()>) -> impl IntoView {
    let session = use_session();
    let open = RwSignal::new(false);
    let checked = RwSignal::new(None::<Checked>);
    let reading = RwSignal::new(None::<String>);
    let batch = RwSignal::new(None::<Batch>);
    let report = RwSignal::new(None::<Batch>);
    let error = RwSignal::new(None::<String>);
    let actions: Actions = StoredValue::new_local(HashMap::new());
    let running = StoredValue::new(false);

    // Each press opens the dialog on the projects chosen then, read again.
    let read_chosen = move || {
        if reading.with_untracked(Option::is_some) || batch.with_untracked(|b| b.as_ref().is_some_and(|b| !b.done())) {
            return open.set(true);
        }
        let wanted = chosen.get_untracked();
        checked.set(None);
        batch.set(None);
        error.set(None);
        report.set(None);
        open.set(true);
        spawn_local(async move {
            let mut found = Checked::default();
            for (n, id) in wanted.iter().enumerate() {
                reading.try_set(Some(format!("Checking the chosen projects ({} of {})…", n + 1, wanted.len())));
                match read_and_keep_project(session, *id).await {
                    Ok(p) if can_approve(&p.status) && !p.scenes.is_empty() => {
                        found.picks.push(Pick { id: *id, title: title(&p, 90), scenes: p.scenes.len() as u32 })
                    }
                    Ok(p) if can_approve(&p.status) => {
                        found.left_out.push((title(&p, 90), "its scenes are not there yet".into()))
                    }
                    Ok(p) => found
                        .left_out
                        .push((title(&p, 90), format!("it no longer awaits approval ({})", label(&p.status)))),
                    Err(Failure::Show(e)) => {
                        reading.try_set(None);
                        error.try_set(Some(e.after("The chosen projects could not be checked, so nothing was sent")));
                        return;
                    }
                    Err(Failure::SignedOut) => return,
                }
            }
            reading.try_set(None);
            batch.try_set(Some(Batch::new(found.picks.clone())));
            checked.try_set(Some(found));
        });
    };
    let count = Memo::new(move |_| chosen.with(Vec::len));

    let sending = Memo::new(move |_| batch.with(|b| b.as_ref().is_some_and(|b| b.started() && !b.done())));
    // Closed while under way (Cancel, Escape): the person stopped it there, even if they open it again
    // before the approval under way is answered.
    Effect::watch(
        move || open.get(),
        move |now, _, _| {
            if !now && sending.get_untracked() {
                batch.update(|b| b.as_mut().map(Batch::stop).unwrap_or_default());
            }
        },
        false,
    );
    let total = Memo::new(move |_| batch.with(|b| b.as_ref().map(Batch::total)));
    let picked = Memo::new(move |_| batch.with(|b| b.as_ref().map_or(0, |b| b.picks().len())));
    let busy = Signal::derive(move || reading.with(Option::is_some) || sending.get() || picked.get() == 0);
    let send_all = Callback::new(move |()| {
        // One run a reading: a second click, in the same task or once it began, sends nothing more.
        if running.get_value() || batch.with_untracked(|b| b.as_ref().is_none_or(Batch::started)) {
            return;
        }
        running.set_value(true);
        error.set(None);
        spawn_local(async move {
            while let Some(pick) = batch.try_update(|b| b.as_mut().and_then(Batch::send_next)).flatten() {
                let paid = actions.try_with_value(|a| a.get(&pick.id).copied()).flatten();
                let answer = match paid {
                    Some(paid) => approve_one(paid, &pick, error).await,
                    None => Answer::Skipped("the page changed before it was sent".into()),
                };
                batch.try_update(|b| b.as_mut().map(|b| b.answer(pick.id, answer)));
            }
            running.try_set_value(false);
            // The page may be gone meanwhile (another page opened, a sign-out): then nothing is left to say.
            let Some(done) = batch.try_get_untracked().flatten() else { return };
            let left = done.left();
            if chosen.try_update(|c| c.retain(|id| left.contains(id))).is_none() {
                return;
            }
            report.set(Some(done));
            open.set(false);
            focus_when_drawn(REPORT_ID.to_owned());
            reload.run(());
        });
    });

    let confirm_label =
        Signal::derive(move || match (batch.with(|b| b.as_ref().and_then(Batch::progress)), total.get()) {
            (Some(progress), _) => progress,
            (None, Some(total)) if picked.get() > 0 => format!("Reserve {total} credits and approve {}", picked.get()),
            _ => "Approve".to_owned(),
        });

    view! {
        {move || {
            let n = count.get();
            (n > 0)
                .then(|| {
                    let projects = if n == 1 { "project" } else { "projects" };
                    view! {
                        <div class="choice-bar">
                            <p>{format!("{n} {projects} chosen for approval")}</p>
                            <button type="button" class="button primary" on:click=move |_| read_chosen()>
                                {format!("Approve {n} chosen…")}
                            </button>
                            <button type="button" class="button" on:click=move |_| chosen.set(Vec::new())>
                                "Clear the choice"
                            </button>
                        </div>
                    }
                })
        }}
        <ConfirmDialog
            open=open
            title="Approve the chosen projects"
            confirm_label=confirm_label
            busy=busy
            error=error
            on_confirm=send_all
            then_focus=REPORT_ID
        >
            <p>
                "Each project is approved on its own, one after another, in this order. Approving starts its generation and reserves its credits at once. If the service refuses one, the rest are not sent; Cancel stops those not sent yet."
            </p>
            <p role="status">{move || reading.get()}</p>
            {move || checked.get().map(|c| view! { <Lines checked=c batch=batch actions=actions /> })}
            {move || {
                total
                    .get()
                    .filter(|_| picked.get() > 0)
                    .map(|total| {
                        let n = picked.get();
                        let projects = if n == 1 { "project" } else { "projects" };
                        view! {
                            <p class="batch-total">{format!("In all: about {total} credits for {n} {projects}.")}</p>
                        }
                    })
            }}
            <BudgetOutlook
                open=Signal::derive(move || open.get() && picked.get() > 0)
                adds=Signal::derive(move || total.get().map(i64::from))
            />
        </ConfirmDialog>
        {move || report.get().map(|r| view! { <Report batch=r report=report /> })}
    }
}
