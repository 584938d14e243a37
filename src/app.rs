//! The shell: configuration, session, router, header and the routes of every screen.
//!
//! No `ErrorBoundary`: no view returns a `Result`; every failure is a typed `ApiError` that its
//! page shows where it happened.

use crate::browser::page::set_title;
use crate::components::{Banner, NotFound, RequireSignIn, Tone};
use crate::config::Config;
use crate::pages::{NewStoryPage, ProjectPage, ProjectsPage, SignInPage, VideoPage};
use crate::routes;
use crate::session::{use_session, Session};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::path;

#[component]
pub fn App() -> impl IntoView {
    set_title("");
    let config = LocalResource::new(Config::load);
    move || match config.get() {
        None => view! { <p class="loading" role="status">"Starting storyreel…"</p> }.into_any(),
        Some((config, warning)) => view! { <Shell config=config warning=warning /> }.into_any(),
    }
}

#[component]
pub fn Shell(config: Config, warning: Option<String>) -> impl IntoView {
    provide_context(Session::restore(config));
    view! {
        <Router>
            <a class="skip-link" href="#main">"Skip to content"</a>
            <Header />
            {warning.map(|w| view! { <Banner tone=Tone::Info>{w}</Banner> })}
            <main id="main" tabindex="-1">
                <Routes fallback=|| view! { <NotFound /> }>
                    <Route path=path!("/sign-in") view=SignInPage />
                    <Route path=path!("/") view=|| view! { <RequireSignIn><ProjectsPage /></RequireSignIn> } />
                    <Route path=path!("/new") view=|| view! { <RequireSignIn><NewStoryPage /></RequireSignIn> } />
                    <Route path=path!("/projects/:id") view=|| view! { <RequireSignIn><ProjectPage /></RequireSignIn> } />
                    <Route path=path!("/projects/:id/video") view=|| view! { <RequireSignIn><VideoPage /></RequireSignIn> } />
                </Routes>
            </main>
        </Router>
    }
}

#[component]
fn Header() -> impl IntoView {
    let session = use_session();
    view! {
        <header class="site-header">
            <A href=routes::HOME attr:class="brand">"storyreel"</A>
            <nav aria-label="Main">
                {move || session.signed_in().then(|| view! {
                    <A href=routes::HOME>"Projects"</A>
                    <A href=routes::NEW_STORY>"New story"</A>
                })}
            </nav>
            <div class="account">
                {move || if session.signed_in() {
                    view! { <button type="button" class="button secondary" on:click=move |_| session.sign_out()>"Sign out"</button> }.into_any()
                } else {
                    view! { <A href=routes::SIGN_IN>"Sign in"</A> }.into_any()
                }}
            </div>
        </header>
    }
}
