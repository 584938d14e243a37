use leptos::prelude::*;

/// A problem the person should know about now; announced by screen readers as it appears.
#[component]
pub fn ErrorBanner(#[prop(into)] message: Signal<Option<String>>) -> impl IntoView {
    move || message.get().map(|text| view! { <p class="banner banner-error" role="alert">{text}</p> })
}
