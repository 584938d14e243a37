//! One place to name person ids: each id this account's projects used and each id already named,
//! with its name field, and a name for an id not used yet. The names stay on this device
//! (`browser::persons`); the service only ever sees ids.

use crate::browser::page::set_title;
use crate::browser::persons;
use crate::components::TextField;
use crate::domain::persons::{check_name, check_new, describe};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

#[component]
pub fn PersonsPage() -> impl IntoView {
    set_title("Persons");
    // The rows shown: the ids known on arrival, and those added here. A name removed keeps its row
    // until the page is left, so nothing moves under the person's pointer or focus.
    let ids = RwSignal::new(persons::load().known().into_iter().map(|(id, _)| id).collect::<Vec<_>>());
    let said = RwSignal::new(String::new());
    let name = move |id: i64, typed: &str| -> Result<(), String> {
        let name = check_name(typed)?;
        let mut kept = persons::load();
        kept.set_name(id, name.clone());
        persons::save(&kept);
        said.set(match name {
            Some(name) => format!("Saved: {}.", describe(id, Some(&name))),
            None => format!("Person {id} has no name now."),
        });
        Ok(())
    };

    let (new_id, new_name) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let (id_problem, name_problem) = (RwSignal::new(None::<String>), RwSignal::new(None::<String>));
    let add = move |ev: SubmitEvent| {
        ev.prevent_default();
        let checked = check_new(&new_id.get_untracked(), &new_name.get_untracked());
        if let Ok((id, typed)) = &checked {
            let _ = name(*id, typed);
            ids.update(|ids| {
                if let Err(at) = ids.binary_search(id) {
                    ids.insert(at, *id);
                }
            });
            new_id.set(String::new());
            new_name.set(String::new());
        }
        let (id, name) = checked.err().unwrap_or_default();
        id_problem.set(id);
        name_problem.set(name);
    };

    view! {
        <section class="page narrow" aria-labelledby="persons-heading">
            <h1 id="persons-heading">"Persons"</h1>
            <p class="help">
                "Name the person ids of your projects to choose them by name in a new story and in the list's filter. "
                "Names stay in this browser, for this account, until you sign out; the service only ever receives the id."
            </p>
            {move || {
                let ids = ids.get();
                if ids.is_empty() {
                    view! { <p>"No person ids yet: they appear here once your projects use them, or name one below."</p> }.into_any()
                } else {
                    view! { <ul class="person-list">{ids.into_iter().map(|id| row(id, name)).collect_view()}</ul> }.into_any()
                }
            }}
            <form class="form" on:submit=add novalidate aria-labelledby="new-person-heading">
                <h2 id="new-person-heading">"Name another person"</h2>
                <TextField id="new-person-id" label="Person id" inputmode="numeric" autocomplete="off" value=new_id
                    on_input=Callback::new(move |v| new_id.set(v)) error=id_problem />
                <TextField id="new-person-name" label="Name" autocomplete="off" value=new_name
                    on_input=Callback::new(move |v| new_name.set(v)) error=name_problem />
                <button type="submit" class="button">"Add name"</button>
            </form>
            <p role="status">{said}</p>
        </section>
    }
}

/// One id's name field, with Save (also Enter) and Remove.
fn row(id: i64, name: impl Fn(i64, &str) -> Result<(), String> + Copy + Send + Sync + 'static) -> impl IntoView {
    let typed = RwSignal::new(persons::load().name(id).unwrap_or_default().to_owned());
    let problem = RwSignal::new(None::<String>);
    let save = move |ev: SubmitEvent| {
        ev.prevent_default();
        problem.set(name(id, &typed.get_untracked()).err());
    };
    let remove = move |_| {
        typed.set(String::new());
        problem.set(name(id, "").err());
    };
    view! {
        <li>
            <form on:submit=save novalidate>
                <TextField id=format!("person-name-{id}") label=format!("Name for person {id}") autocomplete="off" value=typed
                    on_input=Callback::new(move |v| { problem.set(None); typed.set(v); }) error=problem>
                    <div class="actions">
                        <button type="submit" class="button" aria-label=format!("Save name for person {id}")>"Save"</button>
                        <button type="button" class="button" aria-label=format!("Remove name for person {id}") on:click=remove>"Remove"</button>
                    </div>
                </TextField>
            </form>
        </li>
    }
}
