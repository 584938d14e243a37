//! The pages whose code is downloaded when first opened, not with the first screen.
//!
//! Sign-in and the list are what most visits start on; the review, video, new story, persons and
//! spending pages are over half the wasm. With the `split` feature (release builds, index.html)
//! each of them is a split point of `wasm_split` (leptos' `#[lazy]` mechanism, with `fallible`
//! so that a failed download is said, not a panic) and deploy/bin/wasm-bindgen cuts the wasm at
//! those points. Without it (tests, native) the same functions simply build the page.

use crate::pages::{NewStoryPage, PersonsPage, ProjectPage, SpendingPage, VideoPage};
use leptos::prelude::*;

/// A page's code did not arrive (the connection, most often); asking again may work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeNotLoaded;

#[cfg(feature = "split")]
impl From<leptos::wasm_split::SplitLoaderError> for CodeNotLoaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        CodeNotLoaded
    }
}

macro_rules! page_code {
    ($name:ident, $preload:ident, ($($arg:ident: $ty:ty),*) => $body:expr) => {
        #[cfg(feature = "split")]
        #[leptos::wasm_split::wasm_split($name, wasm_split_path = ::leptos::wasm_split, preload($preload), fallible)]
        pub fn $name($($arg: $ty),*) -> Result<AnyView, CodeNotLoaded> {
            Ok($body.into_any())
        }
        #[cfg(not(feature = "split"))]
        pub async fn $name($($arg: $ty),*) -> Result<AnyView, CodeNotLoaded> {
            Ok($body.into_any())
        }
        #[cfg(not(feature = "split"))]
        async fn $preload() -> Result<(), CodeNotLoaded> {
            Ok(())
        }
    };
}

page_code!(new_story, preload_new_story, () => view! { <NewStoryPage /> });
page_code!(persons, preload_persons, () => view! { <PersonsPage /> });
page_code!(spending, preload_spending, () => view! { <SpendingPage /> });
page_code!(project, preload_project, (id: i64) => view! { <ProjectPage id=id /> });
page_code!(video, preload_video, (id: i64) => view! { <VideoPage id=id /> });

/// Fetches every page's code that is not here yet, one after another, so that a page opened later
/// (on a train, in a tunnel) needs no download; a failure is left for that page to say.
pub async fn preload_all() {
    let _ = preload_project().await;
    let _ = preload_video().await;
    let _ = preload_new_story().await;
    let _ = preload_persons().await;
    let _ = preload_spending().await;
}
