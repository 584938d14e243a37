//! One story of the batch: its idea, scenes and person, editable until it is sent, with its
//! problems beside each field and what became of it.

use crate::components::TextField;
use crate::domain::story::{idea_length, StoryProblems, MAX_IDEA_CHARS};
use crate::domain::story_batch::{State, Story};
use crate::routes;
use leptos::prelude::*;

/// The batch, as the page holds it.
pub type Stories = RwSignal<Vec<Story>>;

/// The ids of a story's fields, for its labels and the error summary's links.
pub fn field_id(n: usize, field: &str) -> String {
    format!("story-{}-{field}", n + 1)
}

/// `shown`: whether problems show (once the person tried to propose, GOV.UK's pattern); `busy`: a
/// story is being sent, so no other is sent meanwhile.
#[component]
pub fn StoryRow(
    n: usize,
    stories: Stories,
    shown: RwSignal<bool>,
    busy: RwSignal<bool>,
    send_again: Callback<usize>,
    look_again: Callback<()>,
) -> impl IntoView {
    let story = move || stories.with(|s| s.get(n).cloned().unwrap_or_default());
    let state = Memo::new(move |_| story().state);
    let editable = Memo::new(move |_| matches!(state.get(), State::ToSend | State::Failed(_)));
    let problems = Memo::new(move |_| match shown.get() && editable.get() {
        true => story().problems(),
        false => StoryProblems::default(),
    });
    let edit = move |change: fn(&mut Story, String)| {
        Callback::new(move |value: String| {
            stories.update(|s| {
                if let Some(story) = s.get_mut(n) {
                    change(story, value);
                }
            })
        })
    };
    let value = move |pick: fn(&Story) -> String| Signal::derive(move || pick(&story()));
    let count =
        Signal::derive(move || (stories.with(|s| s.get(n).map_or(0, |s| idea_length(&s.idea))), MAX_IDEA_CHARS));
    let label = format!("Story {}", n + 1);

    view! {
        <li>
            <fieldset class="story-item" disabled=move || !editable.get()>
                <legend>{label.clone()}</legend>
                <TextField
                    id=field_id(n, "idea")
                    label="Idea"
                    rows=3
                    count=count
                    error=Signal::derive(move || problems.get().idea)
                    value=value(|s| s.idea.clone())
                    on_input=edit(|s, v| s.idea = v)
                />
                <div class="story-numbers">
                    <TextField
                        id=field_id(n, "scenes")
                        label="Scenes"
                        input_type="number"
                        range=(2, 10)
                        inputmode="numeric"
                        error=Signal::derive(move || problems.get().num_scenes)
                        value=value(|s| s.scenes.clone())
                        on_input=edit(|s, v| s.scenes = v)
                    />
                    <TextField
                        id=field_id(n, "person")
                        label="Person id"
                        inputmode="numeric"
                        autocomplete="off"
                        error=Signal::derive(move || problems.get().person_id)
                        value=value(|s| s.person.clone())
                        on_input=edit(|s, v| s.person = v)
                    />
                </div>
            </fieldset>
            <p class="story-state">{move || said(&state.get())}</p>
            <div class="actions">
                {move || match state.get() {
                    State::Proposed(id) => {
                        view! { <a href=routes::project(id)>{format!("Review story {}", n + 1)}</a> }.into_any()
                    }
                    State::Failed(_) | State::Unsure(_) => {
                        let unsure = matches!(state.get_untracked(), State::Unsure(_));
                        view! {
                            {unsure
                                .then(|| {
                                    view! {
                                        <button type="button" class="button" on:click=move |_| look_again.run(())>
                                            {format!("Look again for story {}", n + 1)}
                                        </button>
                                    }
                                })}
                            <button
                                type="button"
                                class="button"
                                disabled=move || busy.get()
                                on:click=move |_| send_again.run(n)
                            >
                                {format!("Send story {} again", n + 1)}
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
                                on:click=move |_| stories.update(|s| drop(s.remove(n)))
                            >
                                {format!("Remove story {}", n + 1)}
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
