//! The list's filters: a person id (typed, or chosen by the name given it) and a status, kept in the
//! address so back, forward and a shared link all show what is filtered. The address holds the id,
//! never the name.

use crate::api::{ProjectFilter, ProjectStatus};
use crate::browser::persons;
use crate::components::{PersonChoice, TextField};
use crate::domain::lifecycle::label;
use crate::domain::list_filter::{self, STATUS_CHOICES};
use crate::router::use_location;
use crate::routes;
use leptos::prelude::*;

#[component]
pub fn Filters(filter: Memo<ProjectFilter>) -> impl IntoView {
    let location = use_location();
    let person = RwSignal::new(String::new());
    let status = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let person_field = NodeRef::<leptos::html::Input>::new();
    // The fields follow the address, so back, forward and a shared link all show what is filtered.
    Effect::new(move |_| {
        let f = filter.get();
        person.set(f.person_id.map(|id| id.to_string()).unwrap_or_default());
        status.set(f.status.unwrap_or_default());
        problem.set(None);
    });
    // A status from a link that this version does not offer is still shown, and kept.
    let choices = move || {
        let mut choices: Vec<String> = STATUS_CHOICES.iter().map(|s| (*s).to_owned()).collect();
        if let Some(other) = filter.with(|f| f.status.clone()).filter(|s| !STATUS_CHOICES.contains(&s.as_str())) {
            choices.push(other);
        }
        choices
    };
    let type_person = Callback::new(move |v| {
        problem.set(None);
        person.set(v);
    });
    let apply = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match list_filter::from_fields(&person.get_untracked(), &status.get_untracked()) {
            Ok(f) => {
                problem.set(None);
                location.push(&routes::projects(&f));
            }
            Err(message) => {
                problem.set(Some(message));
                // Focus on the field reads its error out (aria-describedby) to a screen-reader user.
                if let Some(input) = person_field.get_untracked() {
                    let _ = input.focus();
                }
            }
        }
    };

    view! {
        <form class="filters" role="search" aria-label="Filter projects" on:submit=apply novalidate>
            <TextField id="filter-person" label="Person id" node_ref=person_field inputmode="numeric" autocomplete="off" placeholder="Any"
                value=person on_input=type_person error=problem />
            <PersonChoice id="filter-known-person" known=persons::load() chosen=person.into() on_choose=type_person none="Any person" />
            <div class="field">
                <label for="filter-status">"Status"</label>
                <select id="filter-status" on:change=move |ev| status.set(event_target_value(&ev))>
                    <option value="" prop:selected=move || status.with(String::is_empty)>"Any status"</option>
                    {move || choices().into_iter().map(|value| {
                        let text = label(&ProjectStatus::parse(&value));
                        let chosen = value.clone();
                        view! { <option value=value prop:selected=move || status.get() == chosen>{text}</option> }
                    }).collect_view()}
                </select>
            </div>
            <div class="filter-actions">
                <button type="submit" class="button">"Apply filters"</button>
                {move || filter.with(ProjectFilter::narrows).then(|| view! { <a href=routes::HOME>"Clear filters"</a> })}
            </div>
        </form>
    }
}
