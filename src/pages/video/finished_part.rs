//! The finished view's split point: what the video page downloads when a video is there to play.

use super::finished::Finished;
use super::watch::GenerationWatch;
use crate::browser::page::{cancel_heading_focus, carry_focus_into_rebuilt_page};
use crate::components::{Banner, CodeFor, Tone};
use crate::hooks::PaidActions;
use crate::split_code::split_code;
use leptos::prelude::*;

// The finished view (player, downloads, versions, captions, regenerate and upscale) is its own split
// point: a page watching a generation, most visits on a slow link, starts without its bytes (35 KB
// brotli of the page's 104). Its code comes 3 s after start with the other pages' (app.rs), or at once
// when the project is finished (src/boot_reads.js asks for it early when the page is opened so).
split_code!(finished_part, preload_finished_part, (id: i64, watch: GenerationWatch, paid: PaidActions, revising: Memo<bool>) =>
    view! { <Finished id=id watch=watch paid=paid revising=revising /> });

pub const FINISHED_PART: CodeFor = CodeFor { loading: "Loading the finished video…", missing: finished_missing };

/// Said where the finished video would be, under the page's heading; what comes on "Try again" takes
/// the focus from the button it replaces (the finished view's heading), as a page's own heading would.
fn finished_missing(retry: Callback<()>) -> AnyView {
    // The code did not come after all: no later heading takes the focus for that wish.
    cancel_heading_focus();
    view! {
        <Banner tone=Tone::Error>"The finished video could not be loaded: check the connection."</Banner>
        <button
            type="button"
            class="button"
            on:click=move |_| {
                carry_focus_into_rebuilt_page();
                retry.run(());
            }
        >
            "Try again"
        </button>
    }
    .into_any()
}
