//! The project's texts as files the person keeps, made in the browser: the script as Markdown and
//! the narration as subtitles.

use crate::api::Project;
use crate::browser::download::save_text;
use crate::domain::captions::{caption_cues, srt, webvtt};
use crate::domain::script::{file_name, markdown};
use leptos::prelude::*;

/// Files of the project as `project` holds it when a button is pressed.
#[component]
pub fn ScriptFiles(project: RwSignal<Option<Project>>) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let silent = move || project.with_untracked(|p| p.as_ref().is_some_and(|p| caption_cues(&p.scenes).is_empty()));
    let make = move |extension: &'static str| {
        let Some(p) = project.get_untracked() else { return };
        let cues = caption_cues(&p.scenes);
        let (mime, text) = match extension {
            "md" => ("text/markdown", markdown(&p)),
            // Narration removed since the page was shown: still no empty file.
            _ if cues.is_empty() => return status.set(NO_SUBTITLES.into()),
            "srt" => ("application/x-subrip", srt(&cues)),
            _ => ("text/vtt", webvtt(&cues)),
        };
        let name = file_name(&p, extension);
        let made = save_text(&name, mime, &text);
        status.set(format!("{} {name}.", if made { "Made" } else { "Your browser did not save" }));
    };
    let button = move |label: &'static str, extension: &'static str| {
        view! {
            <button type="button" class="button" on:click=move |_| make(extension)>
                {label}
            </button>
        }
    };
    // Offered as the project is when the page is shown; what a button makes follows the project.
    view! {
        <div class="actions" role="group" aria-label="The script as files">
            {button("Download script", "md")}
            {if silent() {
                view! { <span>{NO_SUBTITLES}</span> }.into_any()
            } else {
                view! {
                    {button("Download subtitles (.srt)", "srt")}
                    {button("Download subtitles (.vtt)", "vtt")}
                }
                    .into_any()
            }}
        </div>
        <p role="status" class="help">
            {status}
        </p>
    }
}

const NO_SUBTITLES: &str = "No scene has narration, so there are no subtitles.";
