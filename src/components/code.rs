//! Code downloaded when first needed (release builds split the wasm at `split_code!` points, see
//! `crate::split_code`): what shows while it comes, and what if it does not.

use crate::browser::page::want_heading_focus;
use crate::components::{Banner, PageHeading, Tone};
use crate::split_code::CodeNotLoaded;
use leptos::prelude::*;
use std::future::Future;
use std::pin::Pin;

/// What a view's code is said with: while it comes, and if it does not (`retry` asks again). A page's
/// is `PAGE_CODE`; a part of a page says its own, in its own code.
#[derive(Clone, Copy)]
pub struct CodeFor {
    pub loading: &'static str,
    pub missing: fn(retry: Callback<()>) -> AnyView,
}

pub const PAGE_CODE: CodeFor = CodeFor { loading: "Loading the page…", missing: page_missing };

type CodeFuture = Pin<Box<dyn Future<Output = Result<AnyView, CodeNotLoaded>>>>;

/// A view whose code may still have to be downloaded: said while it comes, and said with a way to ask
/// again if it does not.
pub fn with_code<F>(load: impl Fn() -> F + Send + Sync + 'static, what: CodeFor) -> AnyView
where
    F: Future<Output = Result<AnyView, CodeNotLoaded>> + 'static,
{
    // Boxed here, so the view below is compiled once, not once for each page that uses it.
    with_boxed_code(Box::new(move || Box::pin(load()) as CodeFuture), what)
}

fn with_boxed_code(load: Box<dyn Fn() -> CodeFuture + Send + Sync>, what: CodeFor) -> AnyView {
    let attempt = RwSignal::new(0u32);
    let waiting = RwSignal::new(true);
    let retry = Callback::new(move |()| attempt.update(|n| *n += 1));
    // Not a <Suspense>: its fallback has the split-off code run while its owner is being torn down.
    let view = move || {
        attempt.track();
        let code = load();
        waiting.set(true);
        // The future is not Send (nor need it be: one thread); Suspend asks for it.
        Suspend::new(send_wrapper::SendWrapper::new(async move {
            let view = code.await;
            waiting.set(false);
            view.unwrap_or_else(|_| (what.missing)(retry))
        }))
    };
    view! {
        {move || waiting.get().then(|| view! { <p role="status">{what.loading}</p> })}
        {view}
    }
    .into_any()
}

/// A part of a page whose code did not come: `message` says what could not be done, and "Try again"
/// asks for the code again.
pub fn part_missing(message: &'static str, retry: Callback<()>) -> AnyView {
    view! {
        <Banner tone=Tone::Error>{message}</Banner>
        <button type="button" class="button" on:click=move |_| retry.run(())>
            "Try again"
        </button>
    }
    .into_any()
}

/// A page of its own: its heading takes the focus a navigation gives, so the failure is what a screen
/// reader says next; the page that comes on "Try again" takes the focus from the button it replaces.
fn page_missing(retry: Callback<()>) -> AnyView {
    view! {
        <section class="page" aria-labelledby="code-missing-heading">
            <PageHeading id="code-missing-heading">"Page not loaded"</PageHeading>
            <Banner tone=Tone::Error>"This page could not be loaded: check the connection."</Banner>
            <button
                type="button"
                class="button"
                on:click=move |_| {
                    want_heading_focus();
                    retry.run(());
                }
            >
                "Try again"
            </button>
        </section>
    }
    .into_any()
}
