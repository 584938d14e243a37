use crate::domain::persons::{describe, Persons};
use leptos::prelude::*;

/// "Known person": the person ids this account has used, by the names given them, as a labelled
/// `<select>` beside a person id field. Choosing one writes its id into that field, which stays
/// the one the form reads, so typing a new id works as before; the choice follows what is typed.
/// A `<select>` rather than a `<datalist>`: every browser shows and announces it the same way, and
/// a test picks an option by its text. Nothing is shown when no person is known.
#[component]
pub fn PersonChoice(
    id: &'static str,
    /// As the page read them when it was built.
    known: Persons,
    /// The id field's text.
    chosen: Signal<String>,
    on_choose: Callback<String>,
    /// The first option's text; choosing it empties the id field.
    none: &'static str,
) -> impl IntoView {
    let listed: Vec<String> = known.known().iter().map(|(id, _)| id.to_string()).collect();
    let options = known
        .known()
        .iter()
        .map(|(person, name)| {
            let value = person.to_string();
            let this = value.clone();
            view! {
                <option value=value prop:selected=move || chosen.with(|c| c.trim() == this)>
                    {describe(*person, name)}
                </option>
            }
        })
        .collect_view();
    (!listed.is_empty()).then(|| {
        view! {
            <div class="field">
                <label for=id>"Known person"</label>
                <select id=id on:change=move |ev| on_choose.run(event_target_value(&ev))>
                    <option value="" prop:selected=move || chosen.with(|c| !listed.iter().any(|l| l == c.trim()))>
                        {none}
                    </option>
                    {options}
                </select>
            </div>
        }
    })
}
