//! One style in the list: renamed in place, or deleted (the page asks first).

use crate::browser::page::focus_when_drawn;
use crate::components::TextField;
use crate::domain::styles::{name_problem, Style};
use crate::stores::styles as kept;
use leptos::prelude::*;

/// One style: its phrases, renamed in place, or deleted after a question.
#[component]
pub fn StyleRow(
    style: Style,
    styles: RwSignal<Vec<Style>>,
    keep: Callback<(Vec<Style>, String)>,
    on_delete: Callback<String>,
) -> impl IntoView {
    let name = StoredValue::new(style.name.clone());
    let renaming = RwSignal::new(false);
    let typed = RwSignal::new(style.name.clone());
    let problem = RwSignal::new(None::<String>);
    // Ids from the name, which is unique as a person reads it: its letters' code points.
    let slug = |name: &str| {
        name.trim().to_lowercase().chars().map(|c| format!("{:x}", c as u32)).collect::<Vec<_>>().join("-")
    };
    let field_id = StoredValue::new(format!("style-rename-{}", slug(&style.name)));
    let button_id = move || format!("style-rename-button-{}", slug(&name.get_value()));
    let rename = move || {
        let old = name.get_value();
        let new = typed.get_untracked().trim().to_owned();
        // The same name: nothing to keep, and the row is not made again, so the form just closes.
        if new == old {
            renaming.set(false);
            focus_when_drawn(button_id());
            return;
        }
        let mut next = kept::current(|| styles.get_untracked());
        let at = next.iter().position(|s| s.name == old);
        if let Some(p) = name_problem(&new, &next, at) {
            problem.set(Some(p));
            return;
        }
        if let Some(s) = at.map(|at| &mut next[at]) {
            s.name = new.clone();
        }
        // The row is made again under its new name: its Rename button takes the focus, as it had it.
        focus_when_drawn(format!("style-rename-button-{}", slug(&new)));
        keep.run((next, format!("Renamed “{old}” to “{new}”.")));
    };
    let phrase = |label: &'static str, text: String| {
        (!text.is_empty()).then(|| {
            view! {
                <dt>{label}</dt>
                <dd>{text}</dd>
            }
        })
    };

    view! {
        <li class="style-card">
            <h3>{style.name.clone()}</h3>
            <dl>{phrase("Image phrase", style.image)} {phrase("Motion phrase", style.motion)}</dl>
            {move || {
                if renaming.get() {
                    view! {
                        <form
                            class="form"
                            novalidate
                            on:submit=move |ev| {
                                ev.prevent_default();
                                rename();
                            }
                        >
                            <TextField
                                id=field_id.get_value()
                                label=format!("New name for “{}”", name.get_value())
                                autocomplete="off"
                                value=typed
                                on_input=Callback::new(move |v| {
                                    problem.set(None);
                                    typed.set(v);
                                })
                                error=problem
                            />
                            <div class="actions">
                                <button type="submit" class="button primary">
                                    "Save name"
                                </button>
                                <button
                                    type="button"
                                    class="button"
                                    on:click=move |_| {
                                        renaming.set(false);
                                        focus_when_drawn(button_id());
                                    }
                                >
                                    "Cancel"
                                </button>
                            </div>
                        </form>
                    }
                        .into_any()
                } else {
                    view! {
                        <div class="actions">
                            <button
                                type="button"
                                class="button"
                                id=button_id()
                                aria-label=format!("Rename “{}”", name.get_value())
                                on:click=move |_| {
                                    typed.set(name.get_value());
                                    problem.set(None);
                                    renaming.set(true);
                                    focus_when_drawn(field_id.get_value());
                                }
                            >
                                "Rename"
                            </button>
                            <button
                                type="button"
                                class="button"
                                aria-label=format!("Delete “{}”", name.get_value())
                                on:click=move |_| on_delete.run(name.get_value())
                            >
                                "Delete"
                            </button>
                        </div>
                    }
                        .into_any()
                }
            }}
        </li>
    }
}
