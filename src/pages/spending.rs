//! Spending: for each project, what this device asked the service to spend and what the service
//! reported as used, with totals for this month and in all, and the same table as a CSV file; and the
//! monthly budget the paid dialogs measure each action against.

use crate::browser::download::save_text;
use crate::browser::local_time::month_start_ms;
use crate::browser::page::set_title;
use crate::components::{PageHeading, TextField};
use crate::domain::budget::{month_against, parse};
use crate::domain::spending::Figure;
use crate::domain::title::project_title;
use crate::routes;
use crate::stores::{budget, spending};
use leptos::prelude::*;

#[component]
pub fn SpendingPage() -> impl IntoView {
    set_title("Spending");
    let spent = spending::load();
    let totals = spent.totals(month_start_ms());
    let set = RwSignal::new(budget::load());
    let csv = spent.csv();
    let said = RwSignal::new("");
    let download = move |_| {
        said.set(if save_text("storyreel-spending.csv", "text/csv", &csv) {
            "The CSV file was offered for download."
        } else {
            "This browser refused to save the file."
        })
    };
    let figure = |f: Option<Figure>| f.map(Figure::describe).unwrap_or_else(|| "none".to_owned());
    let rows = spent
        .0
        .iter()
        .map(|p| {
            let (asked, regenerated) = p.regenerations();
            let title = if p.title.is_empty() { project_title(p.id, None) } else { p.title.clone() };
            view! {
                <tr>
                    <th scope="row">
                        <a href=routes::project_video(p.id)>{title}</a>
                    </th>
                    <td>{figure(p.approved())}</td>
                    <td>{format!("{asked}: {}", figure((asked > 0).then_some(regenerated)))}</td>
                    <td>
                        {p
                            .reported
                            .map(|(used, _)| format!("{used} credits"))
                            .unwrap_or_else(|| "not reported".to_owned())}
                    </td>
                    <td>{p.cost().describe()}</td>
                </tr>
            }
        })
        .collect_view();
    let empty = spent.0.is_empty();
    view! {
        <section class="page" aria-labelledby="spending-heading">
            <PageHeading id="spending-heading">"Spending"</PageHeading>
            <p class="help">
                "What storyreel asked the service to spend for this account on this device, and the credits the service reported as used. "
                "Estimates are the figures the dialogs stated (about 100 credits a scene at approval, about 100 for a regenerated clip); a new image alone has no stated price."
            </p>
            <ul class="facts">
                <li>{format!("This month: {}", totals.month.describe())}</li>
                {move || set.get().map(|b| view! { <li>{month_against(b, totals.month)}</li> })}
                <li>{format!("In all: {}", totals.all.describe())}</li>
            </ul>
            <BudgetForm set=set />
            {if empty {
                view! { <p>"Nothing paid has been sent from this device yet."</p> }.into_any()
            } else {
                view! {
                    <div class="table-scroll" role="region" aria-labelledby="spending-caption" tabindex="0">
                        <table>
                            <caption id="spending-caption">"Credits by project"</caption>
                            <thead>
                                <tr>
                                    <th scope="col">"Project"</th>
                                    <th scope="col">"Approval"</th>
                                    <th scope="col">"Regenerations"</th>
                                    <th scope="col">"Used (reported)"</th>
                                    <th scope="col">"Total"</th>
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                    <button type="button" class="button" on:click=download>
                        "Download CSV"
                    </button>
                    <p role="status">{said}</p>
                }
                    .into_any()
            }}
        </section>
    }
}

/// The monthly budget: typed, checked next to its field when sent, kept for this account on this
/// device; empty removes it.
#[component]
fn BudgetForm(set: RwSignal<Option<i64>>) -> impl IntoView {
    let typed = RwSignal::new(set.get_untracked().map(|b| b.to_string()).unwrap_or_default());
    let problem = RwSignal::new(None::<String>);
    let said = RwSignal::new(String::new());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        said.set(String::new());
        match parse(&typed.get_untracked()) {
            Err(message) => problem.set(Some(message)),
            Ok(budget) => {
                problem.set(None);
                if !budget::save(budget) {
                    said.set("This browser refused to keep the budget.".to_owned());
                    return;
                }
                set.set(budget);
                said.set(match budget {
                    Some(b) => format!(
                        "Saved: a monthly budget of {b} credits. The paid dialogs say what each action leaves of it."
                    ),
                    None => "The monthly budget is removed.".to_owned(),
                });
            }
        }
    };
    view! {
        <form class="form" novalidate aria-labelledby="budget-heading" on:submit=submit>
            <h2 id="budget-heading">"Monthly budget"</h2>
            <TextField
                id="monthly-budget"
                label="Monthly budget (credits)"
                inputmode="numeric"
                autocomplete="off"
                help="What you mean to spend through storyreel in a calendar month. Going over is a warning in the paid dialogs, never a block. Empty for none."
                value=typed
                on_input=Callback::new(move |v| typed.set(v))
                error=problem
            />
            <div class="actions">
                <button type="submit" class="button primary">
                    "Save budget"
                </button>
            </div>
            <p role="status">{said}</p>
        </form>
    }
}
