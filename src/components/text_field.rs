use crate::hooks::use_effect;
use leptos::html;
use leptos::prelude::*;

/// A labelled text input (or, with `rows`, a text area) whose help, count and error message are
/// tied to it with `aria-describedby`, and whose `aria-invalid` follows the error: a screen reader
/// reads all of them on focus. Ids are `{id}-help`, `{id}-count`, `{id}-error`.
#[component]
pub fn TextField(
    #[prop(into)] id: String,
    #[prop(into)] label: String,
    #[prop(into)] value: Signal<String>,
    on_input: Callback<String>,
    #[prop(optional, into)] error: MaybeProp<String>,
    #[prop(optional, into)] help: Option<String>,
    /// Characters used and allowed, shown as "12 / 1000".
    #[prop(optional, into)]
    count: Option<Signal<(usize, usize)>>,
    /// A text area of this many rows instead of a one-line input.
    #[prop(optional)]
    rows: Option<u32>,
    #[prop(optional)] input_type: Option<&'static str>,
    #[prop(optional)] inputmode: Option<&'static str>,
    #[prop(optional)] autocomplete: Option<&'static str>,
    #[prop(optional, into)] placeholder: Option<String>,
    /// Whole numbers from..to, for `input_type="number"`.
    #[prop(optional)]
    range: Option<(i64, i64)>,
    #[prop(optional)] node_ref: NodeRef<html::Input>,
    /// A line under the field that follows its value (a narration's speaking time), read with it.
    #[prop(optional_no_strip)]
    note: Option<Signal<String>>,
    /// Advice on the value, not an error: said politely as it comes, the field not marked invalid.
    #[prop(optional_no_strip)]
    advice: Option<Signal<Option<String>>>,
    /// Controls that belong to the field, shown under it (e.g. "Use the default address").
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let help_id = help.as_ref().map(|_| format!("{id}-help"));
    let count_id = count.map(|_| format!("{id}-count"));
    let note_id = note.map(|_| format!("{id}-note"));
    let advice_id = advice.map(|_| format!("{id}-advice"));
    let error_id = format!("{id}-error");
    let described_by = [help_id.clone(), count_id.clone(), note_id.clone(), advice_id.clone(), Some(error_id.clone())]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let invalid = move || error.with(Option::is_some).to_string();
    let input = move |ev: leptos::ev::Event| on_input.run(event_target_value(&ev));
    let control = match rows {
        Some(rows) => {
            let area = NodeRef::<html::Textarea>::new();
            // Grows with its text: after each change of the value (typed, restored from a draft or
            // discarded) and once shown. CSS `field-sizing: content` does it alone where supported.
            use_effect(move || {
                value.track();
                if let Some(area) = area.get() {
                    // On the first run the view may not be in the document yet: measure once it is drawn.
                    request_animation_frame(move || fit_to_text(&area));
                }
            });
            view! {
                // Free text may be Hebrew or Arabic: it is edited in the direction of its first letter.
                <textarea
                    id=id.clone()
                    node_ref=area
                    rows=rows
                    dir="auto"
                    aria-describedby=described_by
                    aria-invalid=invalid
                    placeholder=placeholder
                    prop:value=value
                    on:input=input
                ></textarea>
            }
            .into_any()
        }
        None => view! {
            <input
                id=id.clone()
                node_ref=node_ref
                type=input_type.unwrap_or("text")
                inputmode=inputmode
                autocomplete=autocomplete
                spellcheck="false"
                placeholder=placeholder
                min=range.map(|r| r.0)
                max=range.map(|r| r.1)
                step=range.map(|_| 1)
                aria-describedby=described_by
                aria-invalid=invalid
                prop:value=value
                on:input=input
            />
        }
        .into_any(),
    };
    view! {
        <div class="field">
            <label for=id>{label}</label>
            {control}
            {help
                .map(|text| {
                    view! {
                        <p id=help_id class="help">
                            {text}
                        </p>
                    }
                })}
            {count
                .map(|count| {
                    view! {
                        <p
                            id=count_id
                            class=move || if count.with(|(used, max)| used > max) { "counter over" } else { "counter" }
                        >
                            {move || count.with(|(used, max)| format!("{used} / {max}"))}
                        </p>
                    }
                })}
            {note
                .map(|note| {
                    view! {
                        <p id=note_id class="help">
                            {note}
                        </p>
                    }
                })}
            // Present while empty, so the text it is given is announced as it comes.
            {advice
                .map(|advice| {
                    view! {
                        <p id=advice_id class="field-advice" role="status">
                            {advice}
                        </p>
                    }
                })}
            <p id=error_id class="field-error">
                {move || error.get()}
            </p>
            {children.map(|c| c())}
        </div>
    }
}

/// Sets a text area's height to its text's (borders included), so nothing scrolls inside it; the
/// stylesheet's `min-height` keeps a short one at its rows. Through the CSS object model, which the
/// Content-Security-Policy allows (a `style` attribute it would block).
fn fit_to_text(area: &web_sys::HtmlTextAreaElement) {
    // Where the browser sizes it itself (`field-sizing`), a height set here would win over it and stay
    // when the width changes (a phone turned, a window narrowed), cutting the text off.
    if web_sys::css::supports_with_value("field-sizing", "content").unwrap_or(false) {
        return;
    }
    // Not shown (gone, or in a closed part of the page): nothing to measure, the stylesheet decides.
    if !area.is_connected() || area.offset_height() == 0 {
        return;
    }
    let style = web_sys::HtmlElement::style(area);
    let _ = style.set_property("height", "auto");
    let borders = area.offset_height() - area.client_height();
    let _ = style.set_property("height", &format!("{}px", area.scroll_height() + borders));
}
