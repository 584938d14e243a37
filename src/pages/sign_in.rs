//! Sign-in and settings: the access token, where it is kept, and which API address to use.

use crate::api::{ErrorKind, ProjectFilter};
use crate::browser::page::set_title;
use crate::components::{focus_error_summary, listed, ErrorSummary, MessageBanner, PageHeading, TextField, Tone};
use crate::config::normalise_base_url;
use crate::hooks::{use_ready_mark, use_task};
use crate::router::{use_navigate, use_query_map};
use crate::routes::safe_return_path;
use crate::session::use_session;
use leptos::prelude::*;

#[derive(Clone, Default, PartialEq)]
struct Problems {
    token: Option<String>,
    api_base_url: Option<String>,
    other: Option<String>,
}

#[component]
pub fn SignInPage() -> impl IntoView {
    set_title("Sign in");
    use_ready_mark("sign-in", || true);
    let session = use_session();
    let query = use_query_map();
    let navigate = use_navigate();

    let token = RwSignal::new(String::new());
    let remember = RwSignal::new(session.remembered_on_device());
    let api_base_url = RwSignal::new(session.api_base_url_untracked());
    let problems = RwSignal::new(Problems::default());
    // A real request proves the token and the address before the person leaves this screen.
    let check = use_task();
    let verify = move |base: String, typed_token: String| {
        let client = session.client_for(&base, &typed_token);
        let return_to = safe_return_path(&query.with_untracked(|q| q.get("return_to")).unwrap_or_default());
        async move {
            match client.list_projects(&ProjectFilter::default()).await {
                Ok(projects) => {
                    let user_id = projects.iter().find_map(|p| p.user_id);
                    session.sign_in(&base, &typed_token, remember.get_untracked(), user_id);
                    crate::stores::persons::see(&projects);
                    token.set(String::new());
                    navigate(&return_to, Default::default());
                }
                Err(e) => problems.set(match e.kind {
                    ErrorKind::Unauthorized => Problems {
                        token: Some(
                            "The service did not accept this access token. Check that you copied all of it.".into(),
                        ),
                        ..Problems::default()
                    },
                    ErrorKind::Network | ErrorKind::Timeout | ErrorKind::NotFound | ErrorKind::Decode => Problems {
                        api_base_url: Some(e.after(&format!("No Scene Projects API answered at {base}"))),
                        ..Problems::default()
                    },
                    _ => Problems { other: Some(e.message), ..Problems::default() },
                }),
            }
        }
    };
    let checking = check.pending;

    let summary = RwSignal::new(Vec::<(String, String)>::new());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if checking.get_untracked() {
            return;
        }
        let typed_token = token.get_untracked().trim().to_owned();
        let base = normalise_base_url(&api_base_url.get_untracked());
        let mut found = Problems::default();
        if typed_token.is_empty() {
            found.token = Some("Paste your access token.".into());
        }
        if let Err(why) = &base {
            found.api_base_url = Some(why.clone());
        }
        // What stops the send is listed above the form too, which takes the focus (GOV.UK's summary).
        let problems_found = listed([("access-token", &found.token), ("api-base-url", &found.api_base_url)]);
        let stopped = !problems_found.is_empty();
        summary.set(problems_found);
        if stopped {
            focus_error_summary();
        }
        problems.set(found.clone());
        if let (Ok(base), None) = (base, found.token) {
            check.run(verify(base, typed_token));
        }
    };

    let sign_out = move |_| session.sign_out();
    let reset_address = move |_| api_base_url.set(session.default_api_base_url());
    let token_error = Signal::derive(move || problems.with(|p| p.token.clone()));
    let address_error = Signal::derive(move || problems.with(|p| p.api_base_url.clone()));

    view! {
        <section class="page narrow" aria-labelledby="sign-in-heading">
            <PageHeading id="sign-in-heading">"Sign in"</PageHeading>
            <MessageBanner tone=Tone::Info message=Signal::derive(move || session.notice()) />
            {move || {
                session
                    .signed_in()
                    .then(|| {
                        view! {
                            <div class="signed-in">
                                <p>"You are signed in to " <code>{move || session.api_base_url()}</code> "."</p>
                                <button type="button" class="button secondary" on:click=sign_out>
                                    "Sign out"
                                </button>
                            </div>
                        }
                    })
            }}
            <ErrorSummary problems=summary />
            <form class="form" on:submit=submit novalidate>
                <TextField
                    id="access-token"
                    label="Access token"
                    input_type="password"
                    autocomplete="off"
                    error=token_error
                    help="It is sent only to the API address below, in the Authorization header."
                    value=token
                    on_input=Callback::new(move |v| token.set(v))
                />
                <div class="field checkbox">
                    <input
                        id="remember"
                        type="checkbox"
                        prop:checked=move || remember.get()
                        on:change=move |ev| remember.set(event_target_checked(&ev))
                    />
                    <label for="remember">"Remember me on this device"</label>
                </div>
                <p class="help">
                    "Without it, you stay signed in only until this tab is closed. Do not use it on a shared computer."
                </p>
                <TextField
                    id="api-base-url"
                    label="API address"
                    input_type="url"
                    autocomplete="url"
                    error=address_error
                    value=api_base_url
                    on_input=Callback::new(move |v| api_base_url.set(v))
                >
                    <button type="button" class="button link" on:click=reset_address>
                        "Use the default address"
                    </button>
                </TextField>
                <MessageBanner tone=Tone::Error message=Signal::derive(move || problems.with(|p| p.other.clone())) />
                <button type="submit" class="button primary" disabled=move || checking.get()>
                    {move || if checking.get() { "Checking your token…" } else { "Sign in" }}
                </button>
            </form>
        </section>
    }
}
