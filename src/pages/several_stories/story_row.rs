//! One story of the batch: its idea, scenes and person, editable until it is sent, with its
//! problems beside each field and what became of it.

use crate::components::TextField;
use crate::domain::story::{idea_length, StoryProblems, MAX_IDEA_CHARS};
use crate::domain::story_batch::{State, Story};
use crate::routes;
use leptos::prelude::*;

/// The batch, as the page holds it.
pub type Stories = RwSignal<Vec<Story>>;

/// The ids of a story's fields, for its labels and the error summary's links: by the story's id, which
/// stays while its number changes with a removal before it.
pub fn field_id(id: u64, field: &str) -> String {
    format!("story-{id}-{field}")
}

/// A field's problem shows once the person `left` it or `tried` to propose (GOV.UK's pattern); `busy`:
/// stories are being sent, so none is edited or sent otherwise meanwhile.
#[component]
pub fn StoryRow(
    id: u64,
    stories: Stories,
    tried: RwSignal<bool>,
    left: RwSignal<Vec<String>>,
    busy: RwSignal<bool>,
    send_again: Callback<u64>,
    look_again: Callback<()>,
) -> impl IntoView {
    let story = move || stories.with(|s| s.iter().find(|s| s.id == id).cloned().unwrap_or_default());
    // Its number on the page: its place among the stories now.
    let number = Memo::new(move |_| stories.with(|s| s.iter().position(|s| s.id == id).map_or(0, |n| n + 1)));
    let state = Memo::new(move |_| story().state);
    // Not while stories are being sent: what "Propose all" checked is what it sends.
    let editable = Memo::new(move |_| matches!(state.get(), State::ToSend | State::Failed(_)) && !busy.get());
    let problems = Memo::new(move |_| match editable.get() {
        true => story().problems(),
        false => StoryProblems::default(),
    });
    let shown = move |field: &str, problem: Option<String>| {
        problem.filter(|_| tried.get() || left.with(|l| l.contains(&field_id(id, field))))
    };
    let edit = move |change: fn(&mut Story, String)| {
        Callback::new(move |value: String| {
            stories.update(|s| {
                if let Some(story) = s.iter_mut().find(|s| s.id == id) {
                    change(story, value);
                }
            })
        })
    };
    let value = move |pick: fn(&Story) -> String| Signal::derive(move || pick(&story()));
    let count = Signal::derive(move || {
        (stories.with(|s| s.iter().find(|s| s.id == id).map_or(0, |s| idea_length(&s.idea))), MAX_IDEA_CHARS)
    });

    view! {
        <li>
            <fieldset class="story-item" disabled=move || !editable.get()>
                <legend>{move || format!("Story {}", number.get())}</legend>
                <TextField
                    id=field_id(id, "idea")
                    label="Idea"
                    rows=3
                    count=count
                    error=Signal::derive(move || shown("idea", problems.get().idea))
                    value=value(|s| s.idea.clone())
                    on_input=edit(|s, v| s.idea = v)
                />
                <div class="story-numbers">
                    <TextField
                        id=field_id(id, "scenes")
                        label="Scenes"
                        input_type="number"
                        range=(2, 10)
                        inputmode="numeric"
                        error=Signal::derive(move || shown("scenes", problems.get().num_scenes))
                        value=value(|s| s.scenes.clone())
                        on_input=edit(|s, v| s.scenes = v)
                    />
                    <TextField
                        id=field_id(id, "person")
                        label="Person id"
                        inputmode="numeric"
                        autocomplete="off"
                        error=Signal::derive(move || shown("person", problems.get().person_id))
                        value=value(|s| s.person.clone())
                        on_input=edit(|s, v| s.person = v)
                    />
                </div>
            </fieldset>
            <p class="story-state">{move || said(&state.get())}</p>
            <div class="actions">
                {move || match state.get() {
                    State::Proposed(project) => {
                        view! {
                            <a href=routes::project(project)>{move || format!("Review story {}", number.get())}</a>
                        }
                            .into_any()
                    }
                    now @ (State::Failed(_) | State::Unsure(_)) => {
                        let unsure = matches!(now, State::Unsure(_));
                        view! {
                            {unsure
                                .then(|| {
                                    view! {
                                        <button type="button" class="button" on:click=move |_| look_again.run(())>
                                            {move || format!("Look again for story {}", number.get())}
                                        </button>
                                    }
                                })}
                            <button
                                type="button"
                                class="button"
                                disabled=move || busy.get()
                                on:click=move |_| send_again.run(id)
                            >
                                {move || format!("Send story {} again", number.get())}
                            </button>
                        }
                            .into_any()
                    }
                    State::ToSend => {
                        view! {
                            <button
                                type="button"
                                class="button"
                                disabled=move || busy.get()
                                on:click=move |_| stories.update(|s| s.retain(|s| s.id != id))
                            >
                                {move || format!("Remove story {}", number.get())}
                            </button>
                        }
                            .into_any()
                    }
                    State::Sending(_) => ().into_any(),
                }}
            </div>
        </li>
    }
}

/// What became of a story, in words.
fn said(state: &State) -> String {
    match state {
        State::ToSend => "Not sent yet.".into(),
        State::Sending(_) => "Proposing…".into(),
        State::Proposed(_) => "Proposed: its scenes are ready for review.".into(),
        State::Failed(why) => format!("{why}. Your story is kept."),
        State::Unsure(_) => "Not confirmed: the service's answer was lost, and it is not among your newest projects yet. Look again, or send it again (if the first did arrive, there will be two)."
            .into(),
    }
}
