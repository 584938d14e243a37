//! Sign-in and settings: the access token, where it is kept, and which API address to use.

use crate::api::{ErrorKind, ProjectFilter};
use crate::browser::page::set_title;
use crate::config::normalise_base_url;
use crate::routes::safe_return_path;
use crate::session::use_session;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::{use_navigate, use_query_map};

#[derive(Clone, Default, PartialEq)]
struct Problems {
    token: Option<String>,
    api_base_url: Option<String>,
    other: Option<String>,
}

#[component]
pub fn SignInPage() -> impl IntoView {
    set_title("Sign in");
    let session = use_session();
    let navigate = use_navigate();
    let query = use_query_map();

    let token = RwSignal::new(String::new());
    let remember = RwSignal::new(session.remembered_on_device());
    let api_base_url = RwSignal::new(session.api_base_url_untracked());
    let problems = RwSignal::new(Problems::default());
    let checking = RwSignal::new(false);

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
        problems.set(found.clone());
        let (Ok(base), None) = (base, found.token) else { return };

        checking.set(true);
        let client = session.client_for(&base, &typed_token);
        let return_to = safe_return_path(&query.get_untracked().get("return_to").unwrap_or_default());
        let navigate = navigate.clone();
        spawn_local(async move {
            // A real request proves the token and the address before the person leaves this screen.
            let outcome = client.list_projects(&ProjectFilter::default()).await;
            checking.set(false);
            match outcome {
                Ok(_) => {
                    session.sign_in(&base, &typed_token, remember.get_untracked());
                    token.set(String::new());
                    navigate(&return_to, Default::default());
                }
                Err(e) => problems.set(match e.kind {
                    ErrorKind::Unauthorized => Problems {
                        token: Some("The service did not accept this access token. Check that you copied all of it.".into()),
                        ..Problems::default()
                    },
                    ErrorKind::Network | ErrorKind::Timeout | ErrorKind::NotFound | ErrorKind::Decode => Problems {
                        api_base_url: Some(format!("No Scene Projects API answered at {base}. Check the address. ({})", e.message)),
                        ..Problems::default()
                    },
                    _ => Problems { other: Some(e.message), ..Problems::default() },
                }),
            }
        });
    };

    let sign_out = move |_| session.sign_out();
    let reset_address = move |_| api_base_url.set(session.default_api_base_url());
    let token_error = move || problems.with(|p| p.token.clone());
    let address_error = move || problems.with(|p| p.api_base_url.clone());

    view! {
        <section class="page narrow" aria-labelledby="sign-in-heading">
            <h1 id="sign-in-heading">"Sign in"</h1>
            {move || session.notice().map(|n| view! { <p class="banner banner-info" role="status">{n}</p> })}
            {move || session.signed_in().then(|| view! {
                <div class="signed-in">
                    <p>"You are signed in to " <code>{move || session.api_base_url()}</code> "."</p>
                    <button type="button" class="button secondary" on:click=sign_out>"Sign out"</button>
                </div>
            })}
            <form class="form" on:submit=submit novalidate>
                <div class="field">
                    <label for="access-token">"Access token"</label>
                    <input
                        id="access-token"
                        type="password"
                        autocomplete="off"
                        spellcheck="false"
                        aria-describedby="access-token-help access-token-error"
                        aria-invalid=move || token_error().is_some().to_string()
                        prop:value=move || token.get()
                        on:input=move |ev| token.set(event_target_value(&ev))
                    />
                    <p id="access-token-help" class="help">"It is sent only to the API address below, in the Authorization header."</p>
                    <p id="access-token-error" class="field-error">{token_error}</p>
                </div>
                <div class="field checkbox">
                    <input id="remember" type="checkbox" prop:checked=move || remember.get()
                        on:change=move |ev| remember.set(event_target_checked(&ev)) />
                    <label for="remember">"Remember me on this device"</label>
                </div>
                <p class="help">"Without it, you stay signed in only until this tab is closed. Do not use it on a shared computer."</p>
                <div class="field">
                    <label for="api-base-url">"API address"</label>
                    <input
                        id="api-base-url"
                        type="url"
                        autocomplete="url"
                        spellcheck="false"
                        aria-describedby="api-base-url-error"
                        aria-invalid=move || address_error().is_some().to_string()
                        prop:value=move || api_base_url.get()
                        on:input=move |ev| api_base_url.set(event_target_value(&ev))
                    />
                    <p id="api-base-url-error" class="field-error">{address_error}</p>
                    <button type="button" class="button link" on:click=reset_address>"Use the default address"</button>
                </div>
                {move || problems.with(|p| p.other.clone()).map(|m| view! { <p class="banner banner-error" role="alert">{m}</p> })}
                <button type="submit" class="button primary" disabled=move || checking.get()>
                    {move || if checking.get() { "Checking your token…" } else { "Sign in" }}
                </button>
            </form>
        </section>
    }
}
