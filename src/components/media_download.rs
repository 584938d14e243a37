//! A download link for a file in the service's storage that saves it. A browser saves a link marked
//! `download` only from the page's own origin; from the storage's site (the usual case) it opens the
//! file in a new tab instead. So a plain click reads the file here and saves it under the project's
//! name, with its progress and a way to stop; a storage that does not let the page read it gets the
//! browser's own way, said plainly. A modified click (new tab, save as) stays the browser's.
//!
//! A read belongs to the tab, not to the page showing its link: a person who moves on to another page
//! of the app while a video downloads still gets the file, and the link shown again finds its read
//! (progress, Stop, the outcome) instead of starting another. Closing or reloading the tab would end
//! it, so the browser asks first.

use crate::browser::download::{read_file, save_blob, Unread};
use crate::browser::leave_guard::ask_before_unload;
use crate::browser::storage;
use crate::domain::media::{download_progress, media_extension, unsigned};
use crate::router::plain_click;
use crate::session::Session;
use leptos::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
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

/// One link's save. Its signals are counted references, not owned by the page that showed the link:
/// they outlive it, for as long as the tab.
struct Save {
    state: ArcRwSignal<Saving>,
    received: ArcRwSignal<(u64, Option<u64>)>,
    stop: RefCell<Option<AbortController>>,
}

thread_local! {
    /// The saves clicked in this tab, by link: its words and the file its address names, whatever it is
    /// signed with now (`media::unsigned`; two links to one file under different names are two saves).
    static SAVES: RefCell<HashMap<String, Rc<Save>>> = RefCell::default();
    /// What watches over the reads for the tab's life, made with the first one.
    static WATCH: RefCell<Option<Owner>> = const { RefCell::new(None) };
}

fn key(label: &str, href: &str) -> String {
    format!("{label}\n{}", unsigned(href))
}

fn save_for(key: &str) -> Rc<Save> {
    SAVES.with_borrow(|saves| saves.get(key).cloned()).unwrap_or_else(|| {
        Rc::new(Save {
            state: ArcRwSignal::new(Saving::Idle),
            received: ArcRwSignal::new((0, None)),
            stop: RefCell::new(None),
        })
    })
}

/// Stops every read and forgets every save: at sign-out, which leaves nothing of the person.
fn forget_all() {
    let saves = SAVES.take();
    for save in saves.values() {
        save.stop.borrow().iter().for_each(AbortController::abort);
    }
}

/// Installed with the first read, for the tab's life: the browser's own question before the tab is
/// closed or reloaded while a file is being read (that would end the read), and the reads stopped
/// when the person signs out (not when the service refuses an expired token: the same person signs
/// in again, and their things stay where they were: `storage::home`).
fn watch_over_reads(session: Option<Session>) {
    if WATCH.with_borrow(Option::is_some) {
        return;
    }
    let reading =
        || SAVES.with_borrow(|saves| saves.values().any(|s| s.state.with_untracked(|s| *s == Saving::Reading)));
    let owner = Owner::new_root(None);
    owner.with(|| {
        // Removed by nothing: for the tab's life, as the reads it guards.
        std::mem::forget(ask_before_unload("A download is under way: leaving stops it.", reading));
        let Some(session) = session else { return };
        Effect::watch(
            move || session.signed_in(),
            |&signed_in, _, _| {
                if !signed_in && storage::home().is_none() {
                    forget_all();
                }
            },
            false,
        );
    });
    WATCH.set(Some(owner));
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
    let key = key(&format!("{label}{unseen}"), &href);
    let save = save_for(&key);
    // Absent where the player is mounted alone (the browser tests): no sign-out to watch for then.
    let session = use_context::<Session>();
    let state = RwSignal::from(save.state.clone());
    let received = RwSignal::from(save.received.clone());
    let save = StoredValue::new_local(save);
    let click = {
        let href = href.clone();
        move |ev: MouseEvent| {
            if !plain_click(&ev) || same_origin(&href) {
                return;
            }
            ev.prevent_default();
            let Some(save) = save.try_get_value() else { return };
            // One read at a time: a second click while it runs does nothing more.
            if save.state.get_untracked() == Saving::Reading {
                return;
            }
            let Ok(controller) = AbortController::new() else { return };
            let signal = controller.signal();
            *save.stop.borrow_mut() = Some(controller);
            save.received.set((0, None));
            save.state.set(Saving::Reading);
            SAVES.with_borrow_mut(|saves| saves.insert(key.clone(), save.clone()));
            watch_over_reads(session);
            // Read now: the page (and the signal holding the name) may be gone when the file is in.
            let stem = name.get_untracked();
            let href = href.clone();
            leptos::task::spawn_local(async move {
                let received = save.received.clone();
                let read = read_file(&href, &signal, move |got, total| received.set((got, total))).await;
                let done = match read {
                    Ok((blob, kind)) => {
                        let file = format!("{stem}.{}", media_extension(&href, kind.as_deref()));
                        save_blob(&file, &blob).map_or(Saving::Failed(Unread::Refused), |()| Saving::Saved(file))
                    }
                    Err(why) => Saving::Failed(why),
                };
                save.stop.borrow_mut().take();
                save.state.set(done);
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
                    on:click=move |_| save.with_value(|s| s.stop.borrow().iter().for_each(AbortController::abort))
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
