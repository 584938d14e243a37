//! Applying a style in review: the account's styles by name, added to every scene's prompts at once.
//! The scenes show the change, unsaved, until the person saves them (one request a scene, only the
//! changed fields); it can be undone at once, or scene by scene.

use crate::domain::styles::scenes_named;
use crate::hooks::{Orders, SceneOrder};
use crate::routes;
use crate::stores::styles;
use leptos::prelude::*;

#[component]
pub fn StylePicker(orders: Orders) -> impl IntoView {
    let kept = styles::load();
    if kept.is_empty() {
        return view! {
            <p class="help">
                "A style adds the same phrases to every scene's prompts. "
                <a href=routes::STYLES>"Make one on the Styles page"</a> " to use it here."
            </p>
        }
        .into_any();
    }
    let names = kept.iter().map(|s| s.name.clone()).collect::<Vec<_>>();
    let kept = StoredValue::new(kept);
    let chosen = RwSignal::new(names[0].clone());
    // The style last applied, for what is said of it.
    let applied = RwSignal::new(None::<String>);
    let undone = RwSignal::new(false);
    let saving = RwSignal::new(false);
    let styled = orders.styled;
    // The buttons that follow a style go once it is saved or undone: the focus goes back to Apply.
    let apply_button = NodeRef::<leptos::html::Button>::new();
    let back_to_apply = move || {
        if let Some(button) = apply_button.get_untracked() {
            let _ = button.focus();
        }
    };
    let apply = move |_| {
        let name = chosen.get_untracked();
        let Some(style) = kept.with_value(|all| all.iter().find(|s| s.name == name).cloned()) else { return };
        styled.set(Vec::new());
        undone.set(false);
        saving.set(false);
        applied.set(Some(name));
        orders.order.set(Some(SceneOrder::Style(style)));
    };
    let said = move || {
        if saving.get() {
            return Some("Saving the styled scenes: each says when it is saved.".to_owned());
        }
        let name = applied.get()?;
        let numbers = styled.get();
        Some(match (numbers.is_empty(), undone.get()) {
            (true, false) => format!("“{name}” is in every scene's prompts already: nothing changed."),
            (true, true) => format!("“{name}” is undone in every scene it changed."),
            (false, false) => format!(
                "“{name}” is added to the prompts of {}. Nothing is sent until you save.",
                scenes_named(&numbers)
            ),
            (false, true) => format!(
                "“{name}” is undone where nothing was changed after it; {} changed since: use its own Undo.",
                scenes_named(&numbers)
            ),
        })
    };

    view! {
        <div class="style-picker">
            <div class="field">
                <label for="apply-style">"Style"</label>
                <select id="apply-style" on:change=move |ev| chosen.set(event_target_value(&ev))>
                    {names
                        .into_iter()
                        .map(|name| view! { <option value=name.clone()>{name.clone()}</option> })
                        .collect_view()}
                </select>
            </div>
            <div class="actions">
                <button type="button" class="button" node_ref=apply_button on:click=apply>
                    "Apply to every scene"
                </button>
                {move || {
                    (!styled.with(Vec::is_empty) && !undone.get())
                        .then(|| {
                            view! {
                                <button
                                    type="button"
                                    class="button primary"
                                    on:click=move |_| {
                                        orders.order.set(Some(SceneOrder::Save(styled.get_untracked())));
                                        saving.set(true);
                                        styled.set(Vec::new());
                                        back_to_apply();
                                    }
                                >
                                    "Save the styled scenes"
                                </button>
                                <button
                                    type="button"
                                    class="button"
                                    on:click=move |_| {
                                        undone.set(true);
                                        orders.order.set(Some(SceneOrder::UndoStyle));
                                        back_to_apply();
                                    }
                                >
                                    "Undo the style"
                                </button>
                            }
                        })
                }}
            </div>
            <p role="status">{said}</p>
        </div>
    }
    .into_any()
}
