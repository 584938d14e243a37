//! Applying a style in review: the account's styles by name, added to every scene's prompts at once.
//! The scenes show the change, unsaved, until the person saves them (one request a scene, only the
//! changed fields); it can be undone at once, or scene by scene.

use crate::domain::styles::scenes_named;
use crate::hooks::{Orders, Outcome, SceneOrder};
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
    // The scenes whose latest step is the style last applied: what Save and Undo the style act on.
    let styled = RwSignal::new(Vec::<i64>::new());
    let said = RwSignal::new(None::<String>);
    // The buttons that follow a style go once it is saved or undone: the focus goes back to Apply.
    let apply_button = NodeRef::<leptos::html::Button>::new();
    let back_to_apply = move || {
        if let Some(button) = apply_button.get_untracked() {
            let _ = button.focus();
        }
    };
    let with = |outcomes: &[(i64, Outcome)], wanted: Outcome| {
        outcomes.iter().filter(|(_, o)| *o == wanted).map(|(n, _)| *n).collect::<Vec<_>>()
    };
    let apply = move |_| {
        let name = chosen.get_untracked();
        let Some(style) = kept.with_value(|all| all.iter().find(|s| s.name == name).cloned()) else { return };
        let changed = with(&orders.give(&SceneOrder::Style(style), None), Outcome::Done);
        said.set(Some(match changed.is_empty() {
            true => format!("“{name}” is in every scene's prompts already: nothing changed."),
            false => format!(
                "“{name}” is added to the prompts of {}. Nothing is sent until you save.",
                scenes_named(&changed)
            ),
        }));
        styled.set(changed);
    };
    let undo = move |_| {
        let outcomes = orders.give(&SceneOrder::UndoStyle, Some(&styled.get_untracked()));
        let kept_by = with(&outcomes, Outcome::Held);
        said.set(Some(match kept_by.is_empty() {
            true => "The style is undone in every scene it changed.".to_owned(),
            false => format!(
                "The style is undone where nothing was changed after it; {} changed since: use its own Undo.",
                scenes_named(&kept_by)
            ),
        }));
        styled.set(Vec::new());
        back_to_apply();
    };
    let save = move |_| {
        let outcomes = orders.give(&SceneOrder::Save, Some(&styled.get_untracked()));
        let (sent, held) = (with(&outcomes, Outcome::Done), with(&outcomes, Outcome::Held));
        let mut line = match sent.is_empty() {
            true => "Nothing was sent.".to_owned(),
            false => format!("Saving {}: each scene says how it went.", scenes_named(&sent)),
        };
        if !held.is_empty() {
            line += &format!(" Not sent: {}, changed elsewhere or saving; see the scene.", scenes_named(&held));
        }
        said.set(Some(line));
        styled.set(Vec::new());
        back_to_apply();
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
                    (!styled.with(Vec::is_empty))
                        .then(|| {
                            view! {
                                <button type="button" class="button primary" on:click=save>
                                    "Save the styled scenes"
                                </button>
                                <button type="button" class="button" on:click=undo>
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
