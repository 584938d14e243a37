//! The projects chosen for approval in the list (a checkbox on each proposed row), and where the bar
//! that approves them comes: a split point (`approve_several`), as most visits to the list approve
//! nothing, and start without its code.

pub use super::approve_several::Chosen;
use super::approve_several::{approve_several, APPROVE_SEVERAL};
use crate::components::with_code;
use leptos::prelude::*;

/// A proposed row's checkbox, named after the project for a screen reader.
#[component]
pub fn ChooseBox(id: i64, title: String, chosen: Chosen) -> impl IntoView {
    let label = format!("Choose {title} for approval");
    view! {
        <input
            type="checkbox"
            class="choose"
            aria-label=label
            prop:checked=move || chosen.with(|c| c.contains(&id))
            on:change=move |ev| {
                let on = event_target_checked(&ev);
                chosen
                    .update(|c| {
                        c.retain(|i| *i != id);
                        if on {
                            c.push(id);
                        }
                    });
            }
        />
    }
}

/// The bar that says how many are chosen and approves them, and the report of a batch: all of it
/// split off, its code fetched when a first project is chosen (or with the other pages' code, 3 s
/// after start), and kept once here, so a report outlives the choice it empties.
#[component]
pub fn ChoiceBar(chosen: Chosen, reload: Callback<()>) -> impl IntoView {
    let wanted = Memo::new(move |before: Option<&bool>| before == Some(&true) || chosen.with(|c| !c.is_empty()));
    move || wanted.get().then(|| with_code(move || approve_several(chosen, reload), APPROVE_SEVERAL))
}
