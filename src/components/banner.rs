use leptos::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Something failed: announced at once (`role="alert"`).
    Error,
    Warning,
    Info,
    Success,
}

impl Tone {
    fn class(self) -> &'static str {
        match self {
            Tone::Error => "banner banner-error",
            Tone::Warning => "banner banner-warn",
            Tone::Info => "banner banner-info",
            Tone::Success => "banner banner-ok",
        }
    }

    /// Only errors interrupt a screen reader; the rest is read when it is quiet.
    fn role(self) -> &'static str {
        if self == Tone::Error {
            "alert"
        } else {
            "status"
        }
    }
}

/// A message set apart from the page, in words and colour.
#[component]
pub fn Banner(tone: Tone, children: Children) -> impl IntoView {
    view! {
        <div class=tone.class() role=tone.role()>
            {children()}
        </div>
    }
}

/// A message that comes and goes: shown while `message` holds one.
#[component]
pub fn MessageBanner(tone: Tone, #[prop(into)] message: Signal<Option<String>>) -> impl IntoView {
    move || message.get().map(|text| view! { <Banner tone=tone>{text}</Banner> })
}
