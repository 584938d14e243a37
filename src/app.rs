//! The shell: configuration, session, the address, header and the screen for each address.
//!
//! No `ErrorBoundary`: no view returns a `Result`; every failure is a typed `ApiError` that its
//! page shows where it happened.

use crate::api::boot_reads;
use crate::browser::page::{cancel_heading_focus, remove_boot_frame, set_title, want_heading_focus};
use crate::browser::theme;
use crate::components::{with_code, Banner, MessageBanner, NotFound, RequireSignIn, Tone, PAGE_CODE};
use crate::config::Config;
use crate::domain::theme::ThemeChoice;
use crate::hooks::use_load;
use crate::page_code;
use crate::pages::SignInPage;
use crate::router::{moved_since_start, provide_router, use_location};
use crate::routes::{self, Screen};
use crate::session::{use_session, Session};
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    set_title("");
    theme::apply(theme::stored());
    let (config, _) = use_load(Config::load);
    // Until config.json is read, index.html's frame ("Starting storyreel…") stays up; the shell takes
    // its place.
    move || config.get().map(|(config, warning)| view! { <Shell config=config warning=warning /> })
}

/// When the other pages' code is fetched after start: after the first screen's own reads, even on
/// a slow link (the benchmark's 1.6 Mbps list has its fresh data within 2 s).
const PAGE_CODE_AFTER_MS: u32 = 3_000;

#[component]
pub fn Shell(config: Config, warning: Option<String>) -> impl IntoView {
    // Removed as the shell is built, in the same task as its first drawing: no frame shows both or neither.
    remove_boot_frame();
    let refused = RwSignal::new(None);
    crate::browser::storage::report_refusals_to(refused);
    let preload_pages = config.preload_pages;
    let session = Session::restore(config);
    session.follow_other_tabs();
    provide_context(session);
    let location = provide_router();
    crate::browser::carried_clicks::drop_carried_clicks();
    // A page is rebuilt when the screen changes, not when only the query does (the list's filters).
    let screen = Memo::new(move |_| location.pathname.with(|path| routes::screen_for(path)));
    // Each new screen the person goes to takes focus to its heading (a `PageHeading`), asked here
    // rather than in every page; not the first screen (a screen reader starts a freshly loaded page
    // at its top), nor a redirect while starting up (to sign in). Asked as the screen is rebuilt,
    // before its heading is mounted.
    let shown = StoredValue::new(false);
    let on_new_screen = move || {
        if shown.get_value() && moved_since_start() {
            want_heading_focus();
        }
        shown.set_value(true);
    };
    on_cleanup(cancel_heading_focus);
    // The other pages' code, once the first screen has had the connection to itself for a while: a
    // page opened later (on a train, in a tunnel) then needs no download.
    if preload_pages {
        leptos::task::spawn_local(async {
            gloo_timers::future::TimeoutFuture::new(PAGE_CODE_AFTER_MS).await;
            page_code::preload_all().await;
        });
    }
    view! {
        <a class="skip-link" href="#main">
            "Skip to content"
        </a>
        <Header />
        {warning.map(|w| view! { <Banner tone=Tone::Info>{w}</Banner> })}
        <MessageBanner tone=Tone::Warning message=refused />
        <main id="main" tabindex="-1">
            {move || {
                let now = screen.get();
                boot_reads::keep(&first_reads_tag(now));
                on_new_screen();
                if now.needs_sign_in() {
                    view! { <RequireSignIn>{page(now)}</RequireSignIn> }.into_any()
                } else {
                    page(now)
                }
            }}
        </main>
    }
}

/// The tag index.html's boot script gives the reads a screen may take (src/boot_reads.js): the
/// list's; a project's, on both of its pages (the video page sends a project not yet approved to its
/// review page, which takes the project read for the video page); its status, on its video page only.
fn first_reads_tag(screen: Screen) -> String {
    match screen {
        Screen::Projects => "list".to_owned(),
        Screen::Video(id) => format!("{id}/video"),
        _ => screen.project_id().map(|id| id.to_string()).unwrap_or_default(),
    }
}

/// The page of a screen, each built in one place; whether it waits for a sign-in is the screen's.
fn page(screen: Screen) -> AnyView {
    match screen {
        Screen::SignIn => view! { <SignInPage /> }.into_any(),
        Screen::Projects => with_code(page_code::projects, PAGE_CODE),
        Screen::NewStory => with_code(page_code::new_story, PAGE_CODE),
        Screen::SeveralStories => with_code(page_code::several_stories, PAGE_CODE),
        Screen::Persons => with_code(page_code::persons, PAGE_CODE),
        Screen::Spending => with_code(page_code::spending, PAGE_CODE),
        Screen::Styles => with_code(page_code::styles, PAGE_CODE),
        Screen::Project(id) => with_code(move || page_code::project(id), PAGE_CODE),
        Screen::Video(id) => with_code(move || page_code::video(id), PAGE_CODE),
        Screen::NoSuchProject => view! { <NotFound project=true /> }.into_any(),
        Screen::NotFound => view! { <NotFound /> }.into_any(),
    }
}

#[component]
fn Header() -> impl IntoView {
    let session = use_session();
    let location = use_location();
    let current = move |href: &'static str| move || location.pathname.with(|path| path == href).then_some("page");
    view! {
        <header class="site-header">
            <a href=routes::HOME class="brand">
                "storyreel"
            </a>
            // No empty navigation landmark while signed out: there is nowhere to go but sign-in.
            {move || {
                session
                    .signed_in()
                    .then(|| {
                        view! {
                            <nav aria-label="Main">
                                <a href=routes::HOME aria-current=current(routes::HOME)>
                                    "Projects"
                                </a>
                                <a href=routes::NEW_STORY aria-current=current(routes::NEW_STORY)>
                                    "New story"
                                </a>
                                <a href=routes::PERSONS aria-current=current(routes::PERSONS)>
                                    "Persons"
                                </a>
                                <a href=routes::SPENDING aria-current=current(routes::SPENDING)>
                                    "Spending"
                                </a>
                                <a href=routes::STYLES aria-current=current(routes::STYLES)>
                                    "Styles"
                                </a>
                            </nav>
                        }
                    })
            }}
            <div class="account">
                <ThemeSelect />
                {move || {
                    if session.signed_in() {
                        view! {
                            <button type="button" class="button secondary" on:click=move |_| session.sign_out()>
                                "Sign out"
                            </button>
                        }
                            .into_any()
                    } else {
                        view! { <a href=routes::SIGN_IN>"Sign in"</a> }.into_any()
                    }
                }}
            </div>
        </header>
    }
}

/// "Theme: System, Light, Dark", remembered on this device.
#[component]
fn ThemeSelect() -> impl IntoView {
    let chosen = theme::stored();
    theme::apply(chosen);
    let change = move |ev: leptos::ev::Event| theme::choose(ThemeChoice::parse(Some(&event_target_value(&ev))));
    view! {
        <div class="theme">
            <label for="theme">"Theme"</label>
            <select id="theme" on:change=change>
                {ThemeChoice::ALL
                    .map(|c| {
                        view! {
                            <option value=c.option_value() selected=c == chosen>
                                {c.label()}
                            </option>
                        }
                    })}
            </select>
        </div>
    }
}
