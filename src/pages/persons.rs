//! One place to name person ids: choose a known person (or type any id), give a name, Save; Remove
//! takes it away. The names stay on this device (`browser::persons`); the service only sees ids.

use crate::browser::page::set_title;
use crate::components::{PageHeading, PersonChoice, TextField};
use crate::domain::persons::{check_named, name_length, MAX_NAME_CHARS};
use crate::stores::persons;
use leptos::prelude::*;

#[component]
pub fn PersonsPage() -> impl IntoView {
    set_title("Persons");
    let (id, name, said) = (RwSignal::new(String::new()), RwSignal::new(String::new()), RwSignal::new(String::new()));
    let (id_problem, name_problem) = (RwSignal::new(None::<String>), RwSignal::new(None::<String>));
    // Bumped by each save: the choice is built again with the names as kept.
    let saved = RwSignal::new(0u32);
    let keep = move |remove: bool| match check_named(&id.get_untracked(), &name.get_untracked(), remove) {
        Ok(naming) => {
            let mut kept = persons::load();
            kept.set_name(naming.id, naming.name);
            let stored = persons::save(&kept);
            id_problem.set(None);
            name_problem.set(None);
            name.set(kept.name(naming.id).to_owned());
            said.set(if stored { naming.said } else { "This browser keeps nothing, so no name can be kept.".into() });
            saved.update(|n| *n += 1);
        }
        Err((on_id, on_name)) => {
            id_problem.set(on_id);
            name_problem.set(on_name);
        }
    };

    view! {
        <section class="page narrow" aria-labelledby="persons-heading">
            <PageHeading id="persons-heading">"Persons"</PageHeading>
            <p class="help">
                "Name the person ids of your projects to choose them by name in a new story and in the list's filter. "
                "Names stay in this browser, for this account, until you sign out; the service only ever receives the id."
            </p>
            <p class="help">
                "A person id is who appears in your videos. The ids come from your video service's provider, with your access token; "
                "the ones your projects use are listed here once the projects list has been read."
            </p>
            <form
                class="form"
                novalidate
                on:submit=move |ev| {
                    ev.prevent_default();
                    keep(false);
                }
            >
                {move || {
                    saved.track();
                    view! {
                        <PersonChoice
                            id="persons-known"
                            known=persons::load()
                            chosen=id.into()
                            none="Another id"
                            on_choose=Callback::new(move |v: String| {
                                name.set(persons::load().name(v.parse().unwrap_or_default()).to_owned());
                                id.set(v);
                            })
                        />
                    }
                }}
                <TextField
                    id="persons-id"
                    label="Person id"
                    inputmode="numeric"
                    autocomplete="off"
                    value=id
                    on_input=Callback::new(move |v| id.set(v))
                    error=id_problem
                />
                <TextField
                    id="persons-name"
                    label="Name"
                    autocomplete="off"
                    value=name
                    count=Signal::derive(move || (name.with(|n| name_length(n)), MAX_NAME_CHARS))
                    on_input=Callback::new(move |v| name.set(v))
                    error=name_problem
                />
                <div class="actions">
                    <button type="submit" class="button primary">
                        "Save name"
                    </button>
                    <button type="button" class="button" on:click=move |_| keep(true)>
                        "Remove name"
                    </button>
                </div>
            </form>
            <p role="status">{said}</p>
        </section>
    }
}
