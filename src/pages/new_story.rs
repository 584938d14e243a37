//! The story form: an idea, a person, a number of scenes; validated as the person types, exactly as
//! the API counts, and kept as a draft until the project exists.

use crate::api::{ApiError, ErrorKind};
use crate::browser::drafts;
use crate::browser::page::set_title;
use crate::components::ErrorBanner;
use crate::domain::credits::approval_estimate;
use crate::domain::story::{self, idea_length, StoryDraft, StoryProblems, MAX_IDEA_CHARS};
use crate::routes;
use crate::session::use_session;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::use_navigate;

/// The service's answer, placed next to the field it concerns when it names one.
fn place_server_error(error: &ApiError) -> (StoryProblems, Option<String>) {
    let mut problems = StoryProblems {
        idea: error.field_message("story_idea").map(str::to_owned),
        person_id: error.field_message("person_id").map(str::to_owned),
        num_scenes: error.field_message("num_scenes").map(str::to_owned),
    };
    if problems != StoryProblems::default() {
        return (problems, None);
    }
    let text = error.message.to_ascii_lowercase();
    match error.kind {
        ErrorKind::NotFound => problems.person_id = Some(error.message.clone()),
        ErrorKind::BadRequest | ErrorKind::Unprocessable if text.contains("idea") => problems.idea = Some(error.message.clone()),
        ErrorKind::BadRequest | ErrorKind::Unprocessable if text.contains("scene") => problems.num_scenes = Some(error.message.clone()),
        ErrorKind::BadRequest | ErrorKind::Unprocessable if text.contains("person") => problems.person_id = Some(error.message.clone()),
        _ => return (problems, Some(format!("{} Your story is kept; try again.", error.message))),
    }
    (problems, None)
}

#[component]
pub fn NewStoryPage() -> impl IntoView {
    set_title("New story");
    let session = use_session();
    let navigate = use_navigate();
    let draft = RwSignal::new(drafts::load::<StoryDraft>(drafts::story_key()).unwrap_or_default());
    // Problems appear once a field has been touched (or on submit), not before the person starts.
    let touched = RwSignal::new(drafts::load::<StoryDraft>(drafts::story_key()).is_some());
    let server = RwSignal::new((StoryProblems::default(), None::<String>));
    let sending = RwSignal::new(false);

    Effect::new(move |_| draft.with(|d| drafts::save(drafts::story_key(), d)));

    let local = Memo::new(move |_| draft.with(|d| d.request().err().unwrap_or_default()));
    let problem = move |pick: fn(&StoryProblems) -> &Option<String>| {
        let own = touched.get().then(|| pick(&local.get()).clone()).flatten();
        own.or_else(|| server.with(|(p, _)| pick(p).clone()))
    };
    let idea_problem = Signal::derive(move || problem(|p| &p.idea));
    let person_problem = Signal::derive(move || problem(|p| &p.person_id));
    let scenes_problem = Signal::derive(move || problem(|p| &p.num_scenes));
    let valid = move || draft.with(|d| d.request().is_ok());
    let count = move || draft.with(|d| idea_length(&d.idea));
    let estimate = move || draft.with(|d| story::parse_scene_count(&d.num_scenes).ok()).map(|n| approval_estimate(n.into()));

    let counter_class = move || if count() > MAX_IDEA_CHARS { "counter over" } else { "counter" };
    let edit = move |change: fn(&mut StoryDraft, String)| {
        move |ev: leptos::ev::Event| {
            touched.set(true);
            server.set(Default::default());
            draft.update(|d| change(d, event_target_value(&ev)));
        }
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        touched.set(true);
        let (Ok(request), false) = (draft.get_untracked().request(), sending.get_untracked()) else { return };
        let Some(client) = session.client() else { return };
        sending.set(true);
        server.set(Default::default());
        let navigate = navigate.clone();
        spawn_local(async move {
            let outcome = client.create_project(&request).await;
            // A 401 ends the session and unmounts this page: touch none of its signals after that.
            if let Err(e) = &outcome {
                if !session.check(e) {
                    return;
                }
            }
            sending.set(false);
            match outcome {
                Ok(created) => {
                    drafts::clear(drafts::story_key());
                    navigate(&routes::project(created.id), Default::default());
                }
                Err(e) => server.set(place_server_error(&e)),
            }
        });
    };

    view! {
        <section class="page narrow" aria-labelledby="new-story-heading">
            <h1 id="new-story-heading">"New story"</h1>
            <p class="help">"Describe your idea; the service proposes scenes you can edit before anything is spent."</p>
            <form class="form" on:submit=submit novalidate>
                <div class="field">
                    <label for="story-idea">"Story idea"</label>
                    <textarea id="story-idea" rows="6" aria-describedby="story-idea-count story-idea-error"
                        aria-invalid=move || idea_problem.get().is_some().to_string()
                        prop:value=move || draft.with(|d| d.idea.clone())
                        on:input=edit(|d, v| d.idea = v)></textarea>
                    <p id="story-idea-count" class=counter_class>
                        {move || format!("{} / {MAX_IDEA_CHARS}", count())}
                    </p>
                    <p id="story-idea-error" class="field-error">{move || idea_problem.get()}</p>
                </div>
                <div class="field">
                    <label for="person-id">"Person id"</label>
                    <input id="person-id" type="text" inputmode="numeric" autocomplete="off"
                        aria-describedby="person-id-help person-id-error"
                        aria-invalid=move || person_problem.get().is_some().to_string()
                        prop:value=move || draft.with(|d| d.person_id.clone())
                        on:input=edit(|d, v| d.person_id = v) />
                    <p id="person-id-help" class="help">"The person or character who appears in the video."</p>
                    <p id="person-id-error" class="field-error">{move || person_problem.get()}</p>
                </div>
                <div class="field">
                    <label for="num-scenes">"Number of scenes"</label>
                    <input id="num-scenes" type="number" min="2" max="10" step="1" inputmode="numeric"
                        aria-describedby="num-scenes-help num-scenes-error"
                        aria-invalid=move || scenes_problem.get().is_some().to_string()
                        prop:value=move || draft.with(|d| d.num_scenes.clone())
                        on:input=edit(|d, v| d.num_scenes = v) />
                    <p id="num-scenes-help" class="help">"2 to 10 scenes of 10 seconds each."</p>
                    <p id="num-scenes-error" class="field-error">{move || scenes_problem.get()}</p>
                </div>
                <div class="field checkbox">
                    <input id="avatar-first" type="checkbox" prop:checked=move || draft.with(|d| d.use_avatar_first_scene)
                        on:change=move |ev| draft.update(|d| d.use_avatar_first_scene = event_target_checked(&ev)) />
                    <label for="avatar-first">"Talking head in the first scene"</label>
                </div>
                <div class="field checkbox">
                    <input id="avatar-last" type="checkbox" prop:checked=move || draft.with(|d| d.use_avatar_last_scene)
                        on:change=move |ev| draft.update(|d| d.use_avatar_last_scene = event_target_checked(&ev)) />
                    <label for="avatar-last">"Talking head in the last scene"</label>
                </div>
                <p class="cost" aria-live="polite">
                    {move || estimate().map(|e| format!("When you approve: {}. Creating the proposal is free.", e.summary()))}
                </p>
                <ErrorBanner message=Signal::derive(move || server.with(|(_, m)| m.clone())) />
                <button type="submit" class="button primary" disabled=move || sending.get() || (touched.get() && !valid())>
                    {move || if sending.get() { "Proposing scenes…" } else { "Propose scenes" }}
                </button>
            </form>
        </section>
    }
}
