//! Generation under way: overall progress, each scene's image and clip, how long it has taken, and
//! "checked … · next check in …" with "Check now".

use super::watch::GenerationWatch;
use crate::api::{Project, SceneProgress, StatusReport};
use crate::browser::notify;
use crate::components::{Banner, Tone};
use crate::domain::generation::{asset_label, image_alt, step_label};
use crate::domain::media::safe_media_url;
use crate::domain::polling::{less_often_note, poll_line};
use crate::domain::waiting::{Since, Work};
use crate::hooks::{use_effect, PollState};
use crate::session::use_session;
use leptos::prelude::*;

/// The native bar carries the reported figure for assistive technology; the bar people see moves
/// smoothly towards it over one check's interval (the service reports every 30 s), and never back
/// below what it showed during this run (a new run mounts a new one).
#[component]
pub fn GenerationProgress(watch: GenerationWatch) -> impl IntoView {
    let (report, progress) = (watch.report, watch.progress);
    let percent = move || progress.get().unwrap_or(0);
    let shown = Memo::new(move |before: Option<&u8>| before.copied().unwrap_or(0).max(percent()));
    let glide = format!("{}ms", use_session().poll_interval_ms());
    // Set through the CSS object model by hand: leptos' `style:` bindings would bring in 1.7 KB of
    // style code (gzip) for these two properties alone.
    let fill = NodeRef::<leptos::html::Div>::new();
    let glided = StoredValue::new(false);
    use_effect(move || {
        // Whole percents written as a fraction without float formatting (which would cost bytes).
        let shown = shown.get();
        let scale = format!("scaleX({}.{:02})", shown / 100, shown % 100);
        if let Some(el) = fill.get() {
            let style = web_sys::HtmlElement::style(&el);
            // Once: it does not change, and every style write costs the browser a little.
            if !glided.get_value() {
                let _ = style.set_property("transition-duration", &glide);
                glided.set_value(true);
            }
            let _ = style.set_property("transform", &scale);
        }
    });
    let step = move || {
        report
            .with(|r| r.as_ref().and_then(StatusReport::step).map(|s| step_label(&s)))
            .unwrap_or_else(|| "Working".into())
    };
    view! {
        <div class="progress-block">
            <label for="generation-progress">"Overall progress"</label>
            <div class="progress-row">
                <progress id="generation-progress" class="visually-hidden" max="100" value=percent></progress>
                <div class="bar" aria-hidden="true">
                    <div class="bar-fill" node_ref=fill></div>
                </div>
                <span class="progress-figure">{move || format!("{}%", percent())}</span>
            </div>
            <p class="step">{step}</p>
        </div>
    }
}

/// How long the work under way has taken, and a calm word when progress has not moved for a while.
#[component]
pub fn WaitNotes(watch: GenerationWatch, now: ReadSignal<u64>, waiting: Memo<(Work, Since)>) -> impl IntoView {
    view! {
        <p class="muted">{move || waiting.with(|(work, since)| work.elapsed(*since, now.get()))}</p>
        {move || {
            watch
                .stall
                .with_value(|w| w.is_some_and(|w| w.stalled(now.get())))
                .then(|| view! { <Banner tone=Tone::Info>{waiting.with(|(work, _)| work.stall_note())}</Banner> })
        }}
    }
}

/// When the status was checked and will be next, "Check now", trouble reaching the service, and
/// the offer to notify.
#[component]
pub fn PollLine(watch: GenerationWatch, now: ReadSignal<u64>) -> impl IntoView {
    let poll = watch.poller.state;
    let permission = RwSignal::new(notify::permission());
    let notify_wanted = watch.notify_wanted;
    let unavailable = Memo::new(move |_| poll.with(|p| p.asked || p.wait_until.is_some_and(|until| until > now.get())));
    view! {
        <div class="poll-line">
            <p class="muted">{move || poll_text(poll.get(), now.get())}</p>
            // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page.
            // Unavailable only while the person's own check is under way or the wait the service
            // asked for lasts; the clock's checks leave it alone (a press then changes nothing: the answer under
            // way is as fresh as the one it would ask for).
            <button
                type="button"
                class="button small"
                aria-disabled=move || unavailable.get().to_string()
                on:click=move |_| watch.poller.check_now()
            >
                "Check now"
            </button>
        </div>
        {move || {
            poll.with(|p| p.reconnecting || p.rate_limited)
                .then(|| {
                    view! {
                        <Banner tone=Tone::Warning>
                            {move || {
                                if poll.with(|p| p.rate_limited) {
                                    less_often_note(poll.with(|p| p.next_at), now.get())
                                } else {
                                    "Reconnecting… ".to_owned()
                                }
                            }} {move || watch.problem.get()}
                        </Banner>
                    }
                })
        }}
        {move || match permission.get() {
            notify::Permission::NotAsked | notify::Permission::Granted if !notify_wanted.get() => {
                Some(
                    view! {
                        <button
                            type="button"
                            class="button small"
                            on:click=move |_| notify::request(move |answer| {
                                permission.set(answer);
                                notify_wanted.set(answer == notify::Permission::Granted);
                            })
                        >
                            "Notify me when it's ready"
                        </button>
                    }
                        .into_any(),
                )
            }
            _ if notify_wanted.get() => {
                Some(
                    view! {
                        <p class="muted">
                            "You will get a notification when the video is ready, if this tab is in the background."
                        </p>
                    }
                        .into_any(),
                )
            }
            _ => None,
        }}
    }
}

fn poll_text(p: PollState, now: u64) -> String {
    poll_line(p.in_flight, p.last_answer_at, p.next_at, now)
}

/// Updated in place: a row comes or goes with its scene (keyed by number), a card's words change only
/// when its scene's states do, and its picture only when an address does (every answer used to
/// rebuild every row, reloading each clip's metadata).
#[component]
pub fn SceneRows(#[prop(into)] rows: Signal<Vec<SceneProgress>>, project: RwSignal<Option<Project>>) -> impl IntoView {
    let numbers = Memo::new(move |_| rows.with(|r| r.iter().map(|s| s.scene_number).collect::<Vec<_>>()));
    view! {
        <h2>"Scenes"</h2>
        <ol class="scene-progress">
            <For each=move || numbers.get() key=|n| *n let(n)>
                <SceneRow n=n rows=rows project=project />
            </For>
        </ol>
    }
}

#[component]
fn SceneRow(n: i64, rows: Signal<Vec<SceneProgress>>, project: RwSignal<Option<Project>>) -> impl IntoView {
    let pick = move |read: fn(&SceneProgress) -> String| {
        Memo::new(move |_| rows.with(|r| r.iter().find(|s| s.scene_number == n).map(read).unwrap_or_default()))
    };
    let states = pick(|s| format!("Image: {} · Video: {}", asset_label(&s.image_status), asset_label(&s.video_status)));
    let (image, clip) = (pick(|s| address(&s.image_url)), pick(|s| address(&s.video_url)));
    let empty = move |m: Memo<String>| m.with(String::is_empty);
    let alt = Memo::new(move |_| {
        project.with(|p| {
            let description = p.as_ref().and_then(|p| p.scenes.iter().find(|s| s.scene_number == n));
            image_alt(n, description.map_or("", |s| s.description.as_str()))
        })
    });
    view! {
        <li class="scene-progress-row">
            // The clip once there is one (its poster the image), else the image, else a placeholder.
            {move || {
                (!empty(clip))
                    .then(|| {
                        view! {
                            <video
                                src=clip.get()
                                poster=(!empty(image)).then(|| image.get())
                                controls
                                prop:muted=true
                                preload="metadata"
                                aria-label=format!("Scene {n} clip")
                                width="320"
                                height="180"
                            ></video>
                        }
                    })
            }}
            {move || {
                (empty(clip) && !empty(image))
                    .then(|| view! { <img src=image.get() alt=alt loading="lazy" width="320" height="180" /> })
            }}
            {move || (empty(clip) && empty(image)).then(|| view! { <div class="skeleton" aria-hidden="true"></div> })}
            <h3>{format!("Scene {n}")}</h3> <p>{states}</p>
        </li>
    }
}

/// A media address fit to load, or empty.
fn address(url: &Option<String>) -> String {
    url.as_deref().and_then(safe_media_url).unwrap_or_default().to_owned()
}
