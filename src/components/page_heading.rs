use crate::browser::page::focus_heading_if_wanted;
use crate::hooks::use_effect;
use leptos::html;
use leptos::prelude::*;

/// A page's `<h1>`. After a navigation inside the app it takes focus as soon as it is in the
/// document (`browser::page::want_heading_focus`), however long its page took to read what it shows.
#[component]
pub fn PageHeading(id: &'static str, children: Children) -> impl IntoView {
    let h1 = NodeRef::<html::H1>::new();
    use_effect(move || {
        if let Some(h1) = h1.get() {
            focus_heading_if_wanted(&h1);
        }
    });
    view! {
        <h1 id=id node_ref=h1>
            {children()}
        </h1>
    }
}
