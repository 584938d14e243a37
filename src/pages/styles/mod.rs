//! The account's styles: make one (a name, an image phrase, a motion phrase), rename one, delete one.
//! A project's review applies them (`pages::project::styling`); they stay on this device
//! (`stores::styles`).

mod new_style;
mod row;

use crate::browser::page::set_title;
use crate::components::{ConfirmDialog, PageHeading};
use crate::domain::styles::Style;
use crate::stores::styles as kept;
use leptos::prelude::*;
use new_style::NewStyle;
use row::StyleRow;

const NOT_KEPT: &str = "This browser did not keep it: it lasts only until you leave this page.";

#[component]
pub fn StylesPage() -> impl IntoView {
    set_title("Styles");
    let styles = RwSignal::new(kept::load());
    let said = RwSignal::new(String::new());
    // Every change is kept at once: there is no unsaved list to lose.
    let keep = Callback::new(move |(next, message): (Vec<Style>, String)| {
        let stored = kept::save(&next);
        styles.set(next);
        said.set(if stored { message } else { NOT_KEPT.into() });
    });
    let deleting = RwSignal::new(None::<String>);
    let dialog_open = RwSignal::new(false);
    let delete = move |()| {
        let Some(name) = deleting.get_untracked() else { return };
        let mut next = kept::current(|| styles.get_untracked());
        next.retain(|s| s.name != name);
        keep.run((next, format!("Deleted the style “{name}”.")));
        dialog_open.set(false);
    };

    view! {
        <section class="page narrow" aria-labelledby="styles-heading">
            <PageHeading id="styles-heading">"Styles"</PageHeading>
            <p class="help">
                "A style adds its phrases to the image and motion prompts of every scene, when you apply it in a project's review. "
                "Styles stay in this browser, for this account, until you sign out."
            </p>
            <NewStyle styles=styles keep=keep />
            <h2 id="styles-list-heading" tabindex="-1">
                "Your styles"
            </h2>
            <p role="status">{said}</p>
            {move || styles.with(Vec::is_empty).then(|| view! { <p>"No styles yet."</p> })}
            <ul class="style-list">
                <For each=move || styles.get() key=|style| style.name.clone() let(style)>
                    <StyleRow
                        style=style
                        styles=styles
                        keep=keep
                        on_delete=Callback::new(move |name| {
                            deleting.set(Some(name));
                            dialog_open.set(true);
                        })
                    />
                </For>
            </ul>
        </section>
        <ConfirmDialog
            open=dialog_open
            title="Delete the style"
            confirm_label=Signal::derive(move || format!("Delete “{}”", deleting.get().unwrap_or_default()))
            busy=Signal::derive(|| false)
            error=Signal::derive(|| None::<String>)
            on_confirm=Callback::new(delete)
            // The row is gone, and with it the button that opened the dialog.
            then_focus="styles-list-heading"
        >
            <p>
                {move || {
                    format!(
                        "“{}” is deleted from this browser. Scenes it was applied to keep their prompts.",
                        deleting.get().unwrap_or_default(),
                    )
                }}
            </p>
        </ConfirmDialog>
    }
}
