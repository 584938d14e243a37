//! What a paid dialog says about this month's spending and the monthly budget (`domain::budget`),
//! read as the dialog opens, so a charge another tab noted meanwhile is counted. Over the budget it
//! is a warning; the person may still go ahead.

use crate::components::{Banner, Tone};
use crate::stores::budget;
use leptos::prelude::*;

/// `adds`: the credits the action states (none where it states none).
#[component]
pub fn BudgetOutlook(#[prop(into)] open: Signal<bool>, #[prop(into)] adds: Signal<Option<i64>>) -> impl IntoView {
    let said = Memo::new(move |_| open.get().then(|| budget::outlook_for(adds.get())));
    move || {
        said.get().map(|o| match o.over {
            true => view! { <Banner tone=Tone::Warning>{o.text}</Banner> }.into_any(),
            false => view! { <p>{o.text}</p> }.into_any(),
        })
    }
}
