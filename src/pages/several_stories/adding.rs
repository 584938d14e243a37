//! Adding stories to the batch: ideas typed one a line, or a `.txt` or `.csv` file read on the
//! device, each given the scenes and person set here unless its file row says its own.

use super::story_row::Stories;
use crate::components::{MessageBanner, PersonChoice, TextField, Tone};
use crate::domain::keys::STORY_BATCH_SENT;
use crate::domain::story::DEFAULT_SCENES;
use crate::domain::story_batch::{self, from_csv, from_lines, Story};
use crate::stores::{drafts, persons};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

#[component]
pub fn Adding(stories: Stories) -> impl IntoView {
    let typed = RwSignal::new(String::new());
    let scenes = RwSignal::new(DEFAULT_SCENES.to_string());
    let person = RwSignal::new(String::new());
    let said = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<String>);
    let add = move |more: Vec<Story>| {
        if more.is_empty() {
            problem.set(Some("Nothing to add: write one idea a line, or choose a file with ideas.".into()));
            return;
        }
        let sent: story_batch::Claims = drafts::load(STORY_BATCH_SENT).unwrap_or_default();
        let added = stories.try_update(|s| story_batch::add(s, more, &sent));
        let Some(Ok(n)) = added else {
            problem.try_set(added.and_then(Result::err));
            return;
        };
        problem.set(None);
        let added = if n == 1 { "1 story".to_owned() } else { format!("{n} stories") };
        said.set(Some(format!("Added {added} to the list below.")));
    };
    let add_typed = move |_| {
        let more = from_lines(&typed.get_untracked(), &scenes.get_untracked(), &person.get_untracked());
        if !more.is_empty() {
            typed.set(String::new());
        }
        add(more);
    };
    let read_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        let csv = file.name().to_ascii_lowercase().ends_with(".csv");
        input.set_value("");
        spawn_local(async move {
            let text = JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string());
            let Some(text) = text else {
                problem.try_set(Some("The file could not be read: choose it again.".into()));
                return;
            };
            let (scenes, person) = (scenes.get_untracked(), person.get_untracked());
            match csv {
                true => match from_csv(&text, &scenes, &person) {
                    Ok(more) => add(more),
                    Err(why) => drop(problem.try_set(Some(why))),
                },
                false => add(from_lines(&text, &scenes, &person)),
            }
        });
    };
    let person_typed = Signal::derive(move || person.get());

    view! {
        <div class="form batch-adding">
            <TextField
                id="batch-ideas"
                label="Ideas, one a line"
                rows=5
                help="Each line becomes a story of its own; you can still edit each below before anything is sent."
                value=typed
                on_input=Callback::new(move |v| typed.set(v))
            />
            <div class="story-numbers">
                <TextField
                    id="batch-scenes"
                    label="Scenes for each"
                    input_type="number"
                    range=(2, 10)
                    inputmode="numeric"
                    value=scenes
                    on_input=Callback::new(move |v| scenes.set(v))
                />
                <TextField
                    id="batch-person"
                    label="Person id for each"
                    inputmode="numeric"
                    autocomplete="off"
                    value=person_typed
                    on_input=Callback::new(move |v| person.set(v))
                />
            </div>
            <PersonChoice
                id="batch-known-person"
                known=persons::load()
                chosen=person_typed
                on_choose=Callback::new(move |v| person.set(v))
                none="Choose by name"
            />
            <button type="button" class="button" on:click=add_typed>
                "Add these ideas"
            </button>
            <div class="field">
                <label for="batch-file">"Or add from a file (.txt, or .csv with idea, scenes, person)"</label>
                <input id="batch-file" type="file" accept=".txt,.csv,text/plain,text/csv" on:change=read_file />
            </div>
            <MessageBanner tone=Tone::Error message=problem />
            <p role="status">{move || said.get()}</p>
        </div>
    }
}
