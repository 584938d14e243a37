//! The project's texts as files the person keeps, made in the browser: the script as Markdown and
//! the narration as subtitles.

use crate::api::Project;
use crate::browser::download::save_text;
use crate::domain::captions::{caption_cues, srt, webvtt};
use crate::domain::script::{file_name, markdown};
use leptos::prelude::*;

/// `unsaved`: the page holds edits the service does not have, which the files leave out.
#[component]
pub fn ScriptFiles(
    #[prop(into)] project: Signal<Option<Project>>,
    #[prop(optional, into)] unsaved: Signal<bool>,
) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let make = move |extension: &'static str| {
        let Some(p) = project.get_untracked() else { return };
        let (mime, text) = match extension {
            "md" => ("text/markdown", markdown(&p)),
            "srt" => ("application/x-subrip", srt(&caption_cues(&p.scenes))),
            _ => ("text/vtt", webvtt(&caption_cues(&p.scenes))),
        };
        let name = file_name(&p, extension);
        status.set(if save_text(&name, mime, &text) {
            format!("Made {name}.")
        } else {
            format!("Your browser did not save {name}.")
        });
    };
    let button = move |label: &'static str, extension: &'static str| {
        view! { <button type="button" class="button" disabled=move || project.with(Option::is_none) on:click=move |_| make(extension)>{label}</button> }
    };
    let subtitled = move || project.with(|p| p.as_ref().is_some_and(|p| !caption_cues(&p.scenes).is_empty()));
    view! {
        <div class="actions" role="group" aria-label="The script as files">
            {button("Download script", "md")}
            {move || if subtitled() {
                view! { {button("Download subtitles (.srt)", "srt")} {button("Download subtitles (.vtt)", "vtt")} }.into_any()
            } else {
                view! { <span>"No scene has narration, so there are no subtitles."</span> }.into_any()
            }}
        </div>
        <Show when=move || unsaved.get()>
            <p class="help">"The files hold the scenes as saved, without your unsaved changes."</p>
        </Show>
        <p role="status" class="help">{status}</p>
    }
}
