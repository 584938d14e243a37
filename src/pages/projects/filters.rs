//! The list's filters: a person id (typed, or chosen by the name given it), a status, and words to
//! find, kept in the address so back, forward and a shared link all show what is filtered. The address holds the id,
//! never the name. Each field filters as soon as it means something: a status when chosen, a
//! person id once typing pauses on a valid number (Enter filters at once); there is no Apply step.

use crate::api::{ProjectFilter, ProjectStatus};
use crate::components::{PersonChoice, TextField};
use crate::domain::lifecycle::label;
use crate::domain::list_filter::{self, PERSON_PAUSE_MS, STATUS_CHOICES};
use crate::hooks::{use_debounce, use_effect};
use crate::router::use_navigate;
use crate::routes;
use crate::stores::persons;
use leptos::prelude::*;

/// `search` is what the search box holds (the list follows it as the person types); `found` says how
/// many projects it finds.
#[component]
pub fn Filters(filter: Memo<ProjectFilter>, search: RwSignal<String>, found: Signal<String>) -> impl IntoView {
    let navigate = use_navigate();
    let person = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    // The person field follows the address (back, forward, a shared link, "Clear filters"), unless
    // what is typed already means the same person.
    use_effect(move || {
        let f = filter.get();
        if !list_filter::field_agrees(&person.get_untracked(), &f) {
            person.set(f.person_id.map(|id| id.to_string()).unwrap_or_default());
            problem.set(None);
        }
    });
    // A status from a link that this version does not offer is still shown, and kept.
    let choices = move || {
        let mut choices: Vec<String> = STATUS_CHOICES.iter().map(|s| (*s).to_owned()).collect();
        if let Some(other) = filter.with(|f| f.status.clone()).filter(|s| !STATUS_CHOICES.contains(&s.as_str())) {
            choices.push(other);
        }
        choices
    };
    let status = move || filter.with(|f| f.status.clone().unwrap_or_default());
    // Only a different filter is a new address: the list reads again, and back has a step to return to.
    let show = move |next: ProjectFilter| {
        if next != filter.get_untracked() {
            navigate(&routes::projects_at(&next, &search.get_untracked(), 1), Default::default());
        }
    };
    // A typed person id filters once typing pauses; each keystroke waits again, so only the last one runs.
    let by_person = use_debounce(PERSON_PAUSE_MS, move || {
        match list_filter::with_person(&filter.get_untracked(), &person.get_untracked()) {
            Ok(next) => {
                problem.set(None);
                show(next);
            }
            // The list stays as it is; the field says why (aria-describedby reads it on focus).
            Err(message) => problem.set(Some(message)),
        }
    });
    let type_person = Callback::new(move |v| {
        problem.set(None);
        person.set(v);
        by_person.call();
    });
    // A status takes a valid id still waiting for its pause along with it: one new list, not two,
    // and what was just typed is not lost when the field follows the new address.
    let choose_status = move |value: String| {
        by_person.cancel();
        let current = filter.get_untracked();
        let base = list_filter::with_person(&current, &person.get_untracked()).unwrap_or(current);
        show(list_filter::with_status(&base, &value));
    };
    // A known person is a deliberate choice, like a status: no pause.
    let choose_person = Callback::new(move |v| {
        person.set(v);
        by_person.now();
    });

    view! {
        <form
            class="filters"
            role="search"
            aria-label="Filter projects"
            novalidate
            on:submit=move |ev| {
                ev.prevent_default();
                by_person.now();
            }
        >
            <TextField
                id="filter-person"
                label="Person id"
                inputmode="numeric"
                autocomplete="off"
                placeholder="Any"
                value=person
                on_input=type_person
                error=problem
            />
            <TextField
                id="filter-search"
                label="Search"
                input_type="search"
                autocomplete="off"
                help="Words of a title, an idea or a narration"
                value=search
                on_input=Callback::new(move |v| search.set(v))
            />
            <p class="muted found" role="status">
                {found}
            </p>
            <PersonChoice
                id="filter-known-person"
                known=persons::load()
                chosen=person.into()
                on_choose=choose_person
                none="Any person"
            />
            <div class="field">
                <label for="filter-status">"Status"</label>
                <select id="filter-status" on:change=move |ev| choose_status(event_target_value(&ev))>
                    <option value="" prop:selected=move || status().is_empty()>
                        "Any status"
                    </option>
                    {move || {
                        choices()
                            .into_iter()
                            .map(|value| {
                                let text = label(&ProjectStatus::parse(&value));
                                let chosen = value.clone();
                                view! {
                                    <option value=value prop:selected=move || status() == chosen>
                                        {text}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </div>
            {move || {
                filter
                    .with(ProjectFilter::narrows)
                    .then(|| {
                        view! {
                            <div class="filter-actions">
                                <a href=move || routes::projects_at(
                                    &ProjectFilter::default(),
                                    &search.get(),
                                    1,
                                )>"Clear filters"</a>
                            </div>
                        }
                    })
            }}
        </form>
    }
}
