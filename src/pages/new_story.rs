//! The story form: an idea, a person, a number of scenes; validated as the person types, exactly as
//! the API counts, and kept as a draft until the project exists.

use crate::api::{ApiError, CreateProjectRequest, ErrorKind};
use crate::browser::page::set_title;
use crate::components::{
    focus_error_summary, listed, note_left, ErrorSummary, MessageBanner, PageHeading, PersonChoice, TextField, Tone,
};
use crate::domain::credits::approval_estimate;
use crate::domain::keys;
use crate::domain::story::{self, idea_length, StoryDraft, StoryProblems, MAX_IDEA_CHARS};
use crate::hooks::{use_effect, use_task};
use crate::router::use_navigate;
use crate::routes;
use crate::session::{use_session, Failure};
use crate::stores::{drafts, persons, proposals};
use leptos::prelude::*;

/// The form's fields, by id, in its order: what the error summary links to.
const IDEA: &str = "story-idea";
const PERSON: &str = "person-id";
const SCENES: &str = "num-scenes";
const FIELDS: [&str; 3] = [IDEA, PERSON, SCENES];

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
        ErrorKind::BadRequest | ErrorKind::Unprocessable if text.contains("idea") => {
            problems.idea = Some(error.message.clone())
        }
        ErrorKind::BadRequest | ErrorKind::Unprocessable if text.contains("scene") => {
            problems.num_scenes = Some(error.message.clone())
        }
        ErrorKind::BadRequest | ErrorKind::Unprocessable if text.contains("person") => {
            problems.person_id = Some(error.message.clone())
        }
        // The project may exist although no readable answer said so: say where to look first.
        _ if error.may_have_landed() => {
            return (
                problems,
                Some(error.after(
                    "Your story is kept, and the project may have been made anyway (see Projects before trying again)",
                )),
            )
        }
        _ => return (problems, Some(error.after("Your story is kept"))),
    }
    (problems, None)
}

#[component]
pub fn NewStoryPage() -> impl IntoView {
    set_title("New story");
    let session = use_session();
    let navigate = use_navigate();
    let draft = RwSignal::new(drafts::load::<StoryDraft>(keys::STORY_DRAFT).unwrap_or_default());
    // The ids this account's projects use, as the page is built; a newcomer has none yet and is told
    // where ids come from, beside the field.
    let known = persons::load();
    // A field's problem shows once the person has left it, or has tried to send (GOV.UK's pattern):
    // the first letters of an idea flag nothing in the fields not reached yet. A restored draft's
    // fields were left before.
    let restored = drafts::load::<StoryDraft>(keys::STORY_DRAFT).is_some();
    let shown = RwSignal::new(if restored { FIELDS.to_vec() } else { Vec::new() });
    // Once a send was tried with problems, the summary above the form lists them (it took the focus).
    let tried = RwSignal::new(false);
    let server = RwSignal::new((StoryProblems::default(), None::<String>));

    use_effect(move || {
        draft.with(|d| drafts::save(keys::STORY_DRAFT, d));
    });

    let local = Memo::new(move |_| draft.with(|d| d.request().err().unwrap_or_default()));
    let problem = move |field: &'static str, pick: fn(&StoryProblems) -> &Option<String>| {
        let own = shown.with(|s| s.contains(&field)).then(|| pick(&local.get()).clone()).flatten();
        own.or_else(|| server.with(|(p, _)| pick(p).clone()))
    };
    let idea_problem = Signal::derive(move || problem(IDEA, |p| &p.idea));
    let person_problem = Signal::derive(move || problem(PERSON, |p| &p.person_id));
    let scenes_problem = Signal::derive(move || problem(SCENES, |p| &p.num_scenes));
    // Live once shown: a problem put right leaves the summary, which goes when none is left.
    let summary = Signal::derive(move || match tried.get() {
        false => Vec::new(),
        true => local.with(|p| listed([(IDEA, &p.idea), (PERSON, &p.person_id), (SCENES, &p.num_scenes)])),
    });
    let left = note_left(shown, &FIELDS);
    let person = Signal::derive(move || draft.with(|d| d.person_id.clone()));
    let count = Signal::derive(move || (draft.with(|d| idea_length(&d.idea)), MAX_IDEA_CHARS));
    let estimate =
        move || draft.with(|d| story::parse_scene_count(&d.num_scenes).ok()).map(|n| approval_estimate(n.into()));

    let edit = move |change: fn(&mut StoryDraft, String)| {
        Callback::new(move |value: String| {
            server.set(Default::default());
            draft.update(|d| change(d, value));
        })
    };

    let create = use_task();
    let send = move |request: CreateProjectRequest| {
        let call = session.call(move |client| async move { client.create_project(&request).await });
        async move {
            match call.await {
                Ok(created) => {
                    drafts::clear(keys::STORY_DRAFT);
                    // The scenes as the service proposed them, for review's way back to them.
                    proposals::keep_first(&created);
                    navigate(&routes::project(created.id), Default::default());
                }
                // A 401 ends the session and unmounts this page; the draft is kept for afterwards.
                Err(Failure::SignedOut) => {}
                Err(Failure::Show(e)) => server.set(place_server_error(&e)),
            }
        }
    };
    let sending = create.pending;

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        shown.set(FIELDS.to_vec());
        if sending.get_untracked() {
            return;
        }
        match draft.get_untracked().request() {
            Ok(request) => {
                server.set(Default::default());
                create.run(send(request));
            }
            Err(_) => {
                tried.set(true);
                focus_error_summary();
            }
        }
    };

    view! {
        <section class="page narrow" aria-labelledby="new-story-heading">
            <PageHeading id="new-story-heading">"New story"</PageHeading>
            <p class="help">
                "Describe your idea; the service proposes scenes you can edit before anything is spent. "
                <a href=routes::SEVERAL_STORIES>"Several stories at once"</a>
            </p>
            <ErrorSummary problems=summary />
            <form class="form" on:submit=submit on:focusout=left novalidate>
                <TextField
                    id=IDEA
                    label="Story idea"
                    rows=6
                    count=count
                    error=idea_problem
                    help="An emoji built from several symbols, like 👩🏽‍💻, counts as several characters, as the service counts them."
                    value=Signal::derive(move || draft.with(|d| d.idea.clone()))
                    on_input=edit(|d, v| d.idea = v)
                />
                <TextField
                    id=PERSON
                    label="Person id"
                    inputmode="numeric"
                    autocomplete="off"
                    error=person_problem
                    help="The person or character who appears in the video."
                    value=person
                    on_input=edit(|d, v| d.person_id = v)
                />
                {known
                    .known()
                    .is_empty()
                    .then(|| {
                        view! {
                            <p class="help">
                                "No person is known on this device yet. Person ids come from your video service's provider; "
                                <a href=routes::PERSONS>"Persons"</a>
                                " explains them and lists the ones your projects use."
                            </p>
                        }
                    })}
                <PersonChoice
                    id="story-known-person"
                    known=known.clone()
                    chosen=person
                    on_choose=edit(|d, v| d.person_id = v)
                    none="Choose by name"
                />
                <TextField
                    id=SCENES
                    label="Number of scenes"
                    input_type="number"
                    range=(2, 10)
                    inputmode="numeric"
                    error=scenes_problem
                    help="2 to 10 scenes of 10 seconds each."
                    value=Signal::derive(move || draft.with(|d| d.num_scenes.clone()))
                    on_input=edit(|d, v| d.num_scenes = v)
                />
                <div class="field checkbox">
                    <input
                        id="avatar-first"
                        type="checkbox"
                        prop:checked=move || draft.with(|d| d.use_avatar_first_scene)
                        on:change=move |ev| draft.update(|d| d.use_avatar_first_scene = event_target_checked(&ev))
                    />
                    <label for="avatar-first">"Talking head in the first scene"</label>
                </div>
                <div class="field checkbox">
                    <input
                        id="avatar-last"
                        type="checkbox"
                        prop:checked=move || draft.with(|d| d.use_avatar_last_scene)
                        on:change=move |ev| draft.update(|d| d.use_avatar_last_scene = event_target_checked(&ev))
                    />
                    <label for="avatar-last">"Talking head in the last scene"</label>
                </div>
                <p class="cost" aria-live="polite">
                    {move || {
                        estimate().map(|e| format!("When you approve: {}. Creating the proposal is free.", e.summary()))
                    }}
                </p>
                <MessageBanner tone=Tone::Error message=Signal::derive(move || server.with(|(_, m)| m.clone())) />
                <button type="submit" class="button primary" disabled=move || sending.get()>
                    {move || if sending.get() { "Proposing scenes…" } else { "Propose scenes" }}
                </button>
            </form>
        </section>
    }
}
