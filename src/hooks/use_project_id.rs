//! `use_project_id`: the project id in the address (`/projects/:id…`), if it is one.

use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

/// A positive whole number that fits an `i64`; anything else (letters, `-3`, 30 digits) is `None`,
/// and the page shows the not-found view.
pub fn use_project_id() -> Memo<Option<i64>> {
    let params = use_params_map();
    Memo::new(move |_| params.with(|p| p.get("id")?.parse::<i64>().ok().filter(|id| *id > 0)))
}
