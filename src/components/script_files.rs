//! The project's texts as files the person keeps, made in the browser: the script as Markdown and
//! the narration as subtitles.

use crate::api::Project;
use crate::browser::download::save_text;
use crate::domain::captions::{caption_cues, srt, webvtt};
use crate::domain::script::{file_name, markdown};
use leptos::prelude::*;

/// `unsaved`: the page holds edits the service does not have, which the files leave out.
#[component]
pub fn ScriptFiles(project: RwSignal<Option<Project>>, #[prop(optional, into)] unsaved: Signal<bool>) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let make = move |extension: &'static str| {
        let Some(p) = project.get_untracked() else { return };
        let (mime, text) = match extension {
            "md" => ("text/markdown", markdown(&p)),
            "srt" => ("application/x-subrip", srt(&caption_cues(&p.scenes))),
            _ => ("text/vtt", webvtt(&caption_cues(&p.scenes))),
        };
        let name = file_name(&p, extension);
        let made = save_text(&name, mime, &text);
        status.set(format!("{} {name}.", if made { "Made" } else { "Your browser did not save" }));
    };
    let silent = move || project.with(|p| p.as_ref().is_some_and(|p| caption_cues(&p.scenes).is_empty()));
    let button = move |label: &'static str, extension: &'static str, subtitles: bool| {
        view! {
            <button type="button" class="button" hidden=move || subtitles && silent()
                on:click=move |_| make(extension)>{label}</button>
        }
    };
    view! {
        // Offered once the project is read.
        <div class="actions" role="group" aria-label="The script as files" hidden=move || project.with(Option::is_none)>
            {button("Download script", "md", false)}
            {button("Download subtitles (.srt)", "srt", true)}
            {button("Download subtitles (.vtt)", "vtt", true)}
            <span hidden=move || !silent()>"No scene has narration, so there are no subtitles."</span>
        </div>
        <p class="help" hidden=move || !unsaved.get()>"The files hold the scenes as saved, without your unsaved changes."</p>
        <p role="status" class="help">{status}</p>
    }
}
