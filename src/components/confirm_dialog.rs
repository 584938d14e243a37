use crate::browser::page::focus_by_id;
use crate::components::{MessageBanner, Tone};
use crate::hooks::use_effect;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A modal question before an action that spends credits or cannot be undone. The native
/// `<dialog>` (showModal) puts focus on its first control (Cancel when it asks no more than the
/// question), keeps it inside by making the page inert, and closes on Escape; once closed, focus
/// goes back to the control that opened it, so a keyboard user carries on from where they were; the confirm button is disabled while the action
/// runs, so one confirmation is one request. `other` is a second way forward besides the confirm
/// button (its label and what it does), for a question with two answers and Cancel.
#[component]
pub fn ConfirmDialog(
    open: RwSignal<bool>,
    #[prop(into)] title: String,
    #[prop(into)] confirm_label: Signal<String>,
    #[prop(into)] busy: Signal<bool>,
    #[prop(into)] error: Signal<Option<String>>,
    on_confirm: Callback<()>,
    #[prop(optional)] other: Option<(&'static str, Callback<()>)>,
    /// The element (by id) that takes the focus when the action removed the control that opened the
    /// dialog from this page (a deleted row's button).
    #[prop(optional)]
    then_focus: Option<&'static str>,
    children: Children,
) -> impl IntoView {
    let dialog = NodeRef::<html::Dialog>::new();
    let opener = StoredValue::new_local(None::<web_sys::HtmlElement>);
    use_effect(move || {
        let Some(el) = dialog.get() else { return };
        if open.get() && !el.open() {
            opener.set_value(document().active_element().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()));
            let _ = el.show_modal();
        } else if !open.get() && el.open() {
            el.close();
        }
    });
    // Not every browser gives focus back by itself, and none does once the opener was rebuilt; an
    // opener that is gone (the action moved to another page) is left to that page's own focus.
    let give_focus_back = move || match opener.try_update_value(Option::take).flatten().filter(|el| el.is_connected()) {
        Some(el) => {
            let _ = el.focus();
        }
        None => then_focus.into_iter().for_each(focus_by_id),
    };
    let heading_id =
        format!("dialog-{}", title.to_ascii_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
    let labelled_by = heading_id.clone();
    view! {
        <dialog
            node_ref=dialog
            class="dialog"
            aria-labelledby=labelled_by
            on:close=move |ev| {
                if !event_target::<web_sys::HtmlDialogElement>(&ev).open() {
                    open.set(false);
                    give_focus_back();
                }
            }
        >
            <form
                method="dialog"
                class="form"
                on:submit=move |ev| {
                    ev.prevent_default();
                    if !busy.get_untracked() {
                        on_confirm.run(());
                    }
                }
            >
                <h2 id=heading_id>{title}</h2>
                {children()}
                <MessageBanner tone=Tone::Error message=error />
                // Cancel first: the confirm button's label changes while busy ("Approving…"), and a
                // double click must not land its second click on a button that moved under it.
                <div class="actions">
                    <button type="button" class="button" on:click=move |_| open.set(false)>
                        "Cancel"
                    </button>
                    {other
                        .map(|(label, run)| {
                            view! {
                                <button type="button" class="button" on:click=move |_| run.run(())>
                                    {label}
                                </button>
                            }
                        })}
                    <button type="submit" class="button primary" disabled=move || busy.get()>
                        {move || confirm_label.get()}
                    </button>
                </div>
            </form>
        </dialog>
    }
}
