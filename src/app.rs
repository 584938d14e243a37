//! The shell: configuration, session, router, header and the routes of every screen.

use crate::browser::page::set_title;
use crate::config::Config;
use crate::pages::{NewStoryPage, NotFound, ProjectPage, ProjectsPage, SignInPage, VideoPage};
use crate::routes;
use crate::session::{use_session, Session};
use crate::components::RequireSignIn;
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
            {warning.map(|w| view! { <p class="banner banner-info" role="status">{w}</p> })}
            <main id="main" tabindex="-1">
                <ErrorBoundary fallback=|errors| view! {
                    <section class="page narrow" role="alert">
                        <h1>"Something went wrong"</h1>
                        <ul>{move || errors.get().into_iter().map(|(_, e)| view! { <li>{e.to_string()}</li> }).collect_view()}</ul>
                        <p><a href=routes::HOME>"Back to your projects"</a></p>
                    </section>
                }>
                    <Routes fallback=|| view! { <NotFound /> }>
                        <Route path=path!("/sign-in") view=SignInPage />
                        <Route path=path!("/") view=|| view! { <RequireSignIn><ProjectsPage /></RequireSignIn> } />
                        <Route path=path!("/new") view=|| view! { <RequireSignIn><NewStoryPage /></RequireSignIn> } />
                        <Route path=path!("/projects/:id") view=|| view! { <RequireSignIn><ProjectPage /></RequireSignIn> } />
                        <Route path=path!("/projects/:id/video") view=|| view! { <RequireSignIn><VideoPage /></RequireSignIn> } />
                    </Routes>
                </ErrorBoundary>
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
