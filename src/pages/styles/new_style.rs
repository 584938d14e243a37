//! The form for a new style.

use crate::components::{focus_error_summary, listed, note_left, ErrorSummary, TextField};
use crate::domain::keys;
use crate::domain::styles::{check, length, Problems, Style, NAME_MAX, PHRASE_MAX};
use crate::hooks::use_effect;
use crate::stores::{drafts, styles as kept};
use leptos::prelude::*;

/// The form's fields, by id, in its order: what the error summary links to.
const NAME: &str = "style-name";
const IMAGE: &str = "style-image";
const MOTION: &str = "style-motion";
const FIELDS: [&str; 3] = [NAME, IMAGE, MOTION];

/// The form for a new style, checked as the story form is, and kept as a draft until saved.
#[component]
pub fn NewStyle(styles: RwSignal<Vec<Style>>, keep: Callback<(Vec<Style>, String)>) -> impl IntoView {
    let restored = drafts::load::<Style>(keys::STYLE_DRAFT);
    let shown = RwSignal::new(if restored.is_some() { FIELDS.to_vec() } else { Vec::new() });
    let draft = RwSignal::new(restored.unwrap_or_default());
    use_effect(move || {
        draft.with(|d| match d == &Style::default() {
            true => drafts::clear(keys::STYLE_DRAFT),
            false => {
                drafts::save(keys::STYLE_DRAFT, d);
            }
        })
    });
    let tried = RwSignal::new(false);
    let problems = Memo::new(move |_| draft.with(|d| styles.with(|all| check(d, all))));
    let problem = move |field: &'static str, pick: fn(&Problems) -> &Option<String>| {
        Signal::derive(move || shown.with(|s| s.contains(&field)).then(|| problems.with(|p| pick(p).clone())).flatten())
    };
    let summary = Signal::derive(move || match tried.get() {
        false => Vec::new(),
        true => problems.with(|p| listed([(NAME, &p.name), (IMAGE, &p.image), (MOTION, &p.motion)])),
    });
    let edit =
        move |change: fn(&mut Style, String)| Callback::new(move |value: String| draft.update(|d| change(d, value)));
    let count =
        move |read: fn(&Style) -> &String, max: usize| Signal::derive(move || (draft.with(|d| length(read(d))), max));
    // A phrase's field: its id, label, the prompt it goes to, and where it is read, written and checked.
    let phrase = move |id: &'static str,
                       label: &'static str,
                       goes_to: &'static str,
                       read: fn(&Style) -> &String,
                       write: fn(&mut Style, String),
                       pick: fn(&Problems) -> &Option<String>| {
        view! {
            <TextField
                id=id
                label=label
                rows=2
                help=format!("Added to the end of every scene's {goes_to}")
                value=Signal::derive(move || draft.with(|d| read(d).clone()))
                count=count(read, PHRASE_MAX)
                on_input=edit(write)
                error=problem(id, pick)
            />
        }
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        shown.set(FIELDS.to_vec());
        // Checked against the styles as kept now: another tab may have made one of this name.
        styles.set(kept::current(|| styles.get_untracked()));
        if problems.with_untracked(Problems::any) {
            tried.set(true);
            focus_error_summary();
            return;
        }
        let d = draft.get_untracked();
        let style = Style { name: d.name.trim().into(), image: d.image.trim().into(), motion: d.motion.trim().into() };
        let message = format!("Saved the style “{}”.", style.name);
        let mut next = styles.get_untracked();
        next.push(style);
        keep.run((next, message));
        tried.set(false);
        shown.set(Vec::new());
        draft.set(Style::default());
    };

    view! {
        <h2>"New style"</h2>
        <ErrorSummary problems=summary />
        <form class="form" on:submit=submit on:focusout=note_left(shown, &FIELDS) novalidate>
            <TextField
                id=NAME
                label="Name"
                autocomplete="off"
                value=Signal::derive(move || draft.with(|d| d.name.clone()))
                count=count(|d| &d.name, NAME_MAX)
                on_input=edit(|d, v| d.name = v)
                error=problem(NAME, |p| &p.name)
            />
            {phrase(
                IMAGE,
                "Image phrase",
                "image prompt, e.g. “film noir, high contrast”.",
                |d| &d.image,
                |d, v| d.image = v,
                |p| &p.image,
            )}
            {phrase(
                MOTION,
                "Motion phrase",
                "motion prompt, e.g. “slow dolly in”.",
                |d| &d.motion,
                |d, v| d.motion = v,
                |p| &p.motion,
            )}
            <div class="actions">
                <button type="submit" class="button primary">
                    "Save style"
                </button>
            </div>
        </form>
    }
}
