//! The pages whose code is downloaded when first opened, not with the first screen.
//!
//! Sign-in is what a first visit starts on, and all the first load carries; every other page is a
//! split point (`crate::split_code`), its code fetched when the page is first opened, or beside the
//! main wasm when the address is the page's (deploy/split-pages.json): the projects list, where a
//! returning visit starts, included since a customer's thousands of projects gave it paging and
//! search. (The video page's finished view is one of its own,
//! `pages::video::finished_part`.)

use crate::pages::{
    NewStoryPage, PersonsPage, ProjectPage, ProjectsPage, SeveralStoriesPage, SpendingPage, StylesPage, VideoPage,
};
use crate::split_code::split_code;
use leptos::prelude::*;

split_code!(projects, preload_projects, () => view! { <ProjectsPage /> });
split_code!(new_story, preload_new_story, () => view! { <NewStoryPage /> });
split_code!(several_stories, preload_several_stories, () => view! { <SeveralStoriesPage /> });
split_code!(persons, preload_persons, () => view! { <PersonsPage /> });
split_code!(spending, preload_spending, () => view! { <SpendingPage /> });
split_code!(styles, preload_styles, () => view! { <StylesPage /> });
split_code!(project, preload_project, (id: i64) => view! { <ProjectPage id=id /> });
split_code!(video, preload_video, (id: i64) => view! { <VideoPage id=id /> });

/// Fetches every page's code that is not here yet, one after another, so that a page opened later
/// (on a train, in a tunnel) needs no download; a failure is left for that page to say.
pub async fn preload_all() {
    let _ = preload_projects().await;
    let _ = crate::pages::preload_approve_several().await;
    let _ = preload_project().await;
    let _ = preload_video().await;
    let _ = crate::pages::preload_finished_part().await;
    let _ = crate::components::preload_new_story_from().await;
    let _ = preload_new_story().await;
    let _ = preload_persons().await;
    let _ = preload_spending().await;
    let _ = preload_styles().await;
    let _ = preload_several_stories().await;
}
