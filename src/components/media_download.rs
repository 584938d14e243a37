//! A download link for a file in the service's storage that saves it. A browser saves a link marked
//! `download` only from the page's own origin; from the storage's site (the usual case) it opens the
//! file in a new tab instead. So a plain click reads the file here and saves it under the project's
//! name, with its progress and a way to stop; a storage that does not let the page read it gets the
//! browser's own way, said plainly. A modified click (new tab, save as) stays the browser's.

use crate::browser::download::{read_file, save_blob, Unread};
use crate::domain::media::{download_progress, media_extension};
use leptos::prelude::*;
use web_sys::{AbortController, MouseEvent};

/// Where a save stands. The bytes read so far are a signal of their own: they change with every
/// chunk, and nothing else (the status line, the Stop button) must be rebuilt or said again then.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Saving {
    Idle,
    Reading,
    Saved(String),
    Failed(Unread),
}

/// `href` is an address `safe_media_url` let through; `name` the file's name without extension.
#[component]
pub fn MediaDownload(
    href: String,
    #[prop(into)] label: String,
    /// Said after the label to assistive technology only, where the label alone is shown ("Download").
    #[prop(optional, into)]
    unseen: String,
    #[prop(into)] name: Signal<String>,
) -> impl IntoView {
    let state = RwSignal::new(Saving::Idle);
    let received = RwSignal::new((0u64, None::<u64>));
    let stop = StoredValue::new_local(None::<AbortController>);
    on_cleanup(move || {
        if let Some(Some(controller)) = stop.try_get_value() {
            controller.abort();
        }
    });
    let plain =
        |ev: &MouseEvent| ev.button() == 0 && !(ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key());
    let click = {
        let href = href.clone();
        move |ev: MouseEvent| {
            if !plain(&ev) || same_origin(&href) {
                return;
            }
            ev.prevent_default();
            // One read at a time: a second click while it runs does nothing more.
            if state.get_untracked() == Saving::Reading {
                return;
            }
            let Ok(controller) = AbortController::new() else { return };
            let signal = controller.signal();
            stop.set_value(Some(controller));
            received.set((0, None));
            state.set(Saving::Reading);
            let href = href.clone();
            leptos::task::spawn_local(async move {
                let read = read_file(&href, &signal, |got, total| {
                    let _ = received.try_set((got, total));
                })
                .await;
                let done = match read {
                    Ok((blob, kind)) => {
                        let file = format!("{}.{}", name.get_untracked(), media_extension(&href, kind.as_deref()));
                        save_blob(&file, &blob).map_or(Saving::Failed(Unread::Refused), |()| Saving::Saved(file))
                    }
                    Err(why) => Saving::Failed(why),
                };
                let _ = state.try_set(done);
            });
        }
    };
    let progress_name = format!("{label}{unseen} (progress)");
    let reading = move || {
        (state.get() == Saving::Reading).then(|| {
            view! {
                // Without the file's size (a storage may not say it): a bar with no value, which browsers
                // and assistive technology show as under way, not as full or empty.
                <progress
                    max=move || received.get().1.map(|t| t.to_string())
                    value=move || received.with(|(got, total)| total.map(|_| got.to_string()))
                    aria-label=progress_name.clone()
                ></progress>
                <span class="muted">{move || received.with(|&(got, total)| download_progress(got, total))}</span>
                <button
                    type="button"
                    class="button small"
                    on:click=move |_| stop.with_value(|c| c.iter().for_each(AbortController::abort))
                >
                    "Stop the download"
                </button>
            }
        })
    };
    let fallback = href.clone();
    view! {
        <a href=href download="" target="_blank" rel="noopener" on:click=click>
            {label}
            {(!unseen.is_empty()).then(|| view! { <span class="visually-hidden">{unseen.clone()}</span> })}
        </a>
        {reading}
        // Present from the start, so that what it says is announced.
        <span role="status" class="download-note">
            {move || match state.get() {
                Saving::Idle => None,
                Saving::Reading => Some("Downloading…".into_any()),
                Saving::Saved(file) => Some(format!("Saved as {file}.").into_any()),
                Saving::Failed(Unread::Cancelled) => Some("Download stopped.".into_any()),
                Saving::Failed(Unread::Answered(code)) => {
                    Some(
                        format!(
                            "The service's storage refused the file ({code}): its link may have expired. Reload the page for fresh links, then try again.",
                        )
                            .into_any(),
                    )
                }
                Saving::Failed(Unread::Refused) => {
                    Some(
                        view! {
                            "storyreel could not read this file from the service's storage (its site does not allow it, or the connection dropped). "
                            <a href=fallback.clone() target="_blank" rel="noopener">
                                "Open the file"
                            </a>
                            " and save it from there: the video's menu, or Ctrl+S (⌘S on a Mac)."
                        }
                            .into_any(),
                    )
                }
            }}
        </span>
    }
}

/// Whether `href` is on the page's own origin, where the link's `download` already saves it.
fn same_origin(href: &str) -> bool {
    let page = web_sys::window().and_then(|w| w.location().origin().ok());
    web_sys::Url::new(href).is_ok_and(|url| page.is_some_and(|page| url.origin() == page))
}
