//! GOV.UK's error summary: when a form is sent with errors, a box above it says "There is a problem",
//! takes the focus (a screen reader reads it at once, a sighted person sees what stopped the send) and
//! links each problem to its field. The send button stays enabled: a person who tries it learns why.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// `problems`: each field's id and message in the form's order, as the last send with errors found
/// them (empty: no summary). After such a send, `focus_error_summary`.
#[component]
pub fn ErrorSummary(#[prop(into)] problems: Signal<Vec<(&'static str, String)>>) -> impl IntoView {
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
                                    focus_by_id(id);
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
pub fn listed<'a>(fields: impl IntoIterator<Item = (&'static str, &'a Option<String>)>) -> Vec<(&'static str, String)> {
    fields.into_iter().filter_map(|(id, problem)| problem.clone().map(|m| (id, m))).collect()
}

/// Gives the summary the focus once it is drawn (it may appear in the same change as the send).
pub fn focus_error_summary() {
    request_animation_frame(|| focus_by_id("error-summary"));
}

/// The element `id` focused (the browser brings it into view); a summary's link leaves the address as
/// it is, where following `#id` would make it a step of history.
fn focus_by_id(id: &str) {
    let found = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id));
    if let Some(element) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}
