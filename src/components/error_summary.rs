//! GOV.UK's error summary: when a form is sent with errors, a box above it says "There is a problem",
//! takes the focus (a screen reader reads it at once, a sighted person sees what stopped the send) and
//! links each problem to its field. The send button stays enabled: a person who tries it learns why.

use crate::browser::page::{focus_by_id, focus_when_drawn};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// `problems`: each field's id and message in the form's order, as the last send with errors found
/// them (empty: no summary). After such a send, `focus_error_summary`.
#[component]
pub fn ErrorSummary(#[prop(into)] problems: Signal<Vec<(String, String)>>) -> impl IntoView {
    move || {
        let listed = problems.get();
        (!listed.is_empty()).then(|| {
            let items = listed
                .into_iter()
                .map(|(id, message)| {
                    view! {
                        <li>
                            <a
                                href=format!("#{id}")
                                on:click=move |ev| {
                                    ev.prevent_default();
                                    focus_by_id(&id);
                                }
                            >
                                {message}
                            </a>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <div class="error-summary" id="error-summary" tabindex="-1" aria-labelledby="error-summary-title">
                    <div role="alert">
                        <h2 id="error-summary-title">"There is a problem"</h2>
                        <ul>{items}</ul>
                    </div>
                </div>
            }
        })
    }
}

/// The summary's list from each field's id and problem, in the form's order: the fields with none
/// are left out.
pub fn listed<'a>(fields: impl IntoIterator<Item = (&'static str, &'a Option<String>)>) -> Vec<(String, String)> {
    fields.into_iter().filter_map(|(id, problem)| problem.clone().map(|m| (id.to_owned(), m))).collect()
}

/// Notes in `shown` each of `fields` (ids) the person leaves, for a form whose `focusout` this handles:
/// a field's problem shows once it was left (GOV.UK's pattern), so the first letters of one flag
/// nothing in the fields not reached yet.
pub fn note_left(
    shown: RwSignal<Vec<&'static str>>,
    fields: &'static [&'static str],
) -> impl Fn(leptos::ev::FocusEvent) + Copy {
    move |ev| {
        let id = left_field(&ev);
        if let Some(field) = fields.iter().find(|f| id.as_deref() == Some(**f)) {
            shown.update(|s| {
                if !s.contains(field) {
                    s.push(field);
                }
            });
        }
    }
}

/// The id of the field a `focusout` leaves, unless the focus goes to the send button: a message shown
/// now would move the button from under the pointer before the click lands (the send shows every
/// field's problem anyway).
pub fn left_field(ev: &leptos::ev::FocusEvent) -> Option<String> {
    let to_send = ev.related_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    if to_send.is_some_and(|e| e.get_attribute("type").as_deref() == Some("submit")) {
        return None;
    }
    ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).map(|e| e.id())
}

/// Gives the summary the focus once it is drawn (it may appear in the same change as the send).
pub fn focus_error_summary() {
    focus_when_drawn("error-summary".into());
}
