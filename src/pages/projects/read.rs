//! Reading the whole list: one answer, or page after page where the service sends it so (the spec
//! shows no paging; `api::Client::list_page` follows a page's `next` or `Link`). What stops the
//! pages early is said, not hidden: the projects read so far are shown with the reason.

use crate::api::{ApiError, Client, Next, Project, ProjectFilter};
use crate::domain::list_pages::MAX_PAGES;
use crate::domain::order::{first_of_each, sort_by_key};
use crate::domain::project_list::newest_first_key;

/// The list as read: every project once, newest first; the first page's text, which the device keeps
/// (bounded) for the next start; and why the pages stopped before the end, if they did.
pub struct ListRead {
    pub projects: Vec<Project>,
    pub first_text: String,
    pub stopped: Option<String>,
}

/// Reads every page of the list for `filter`; `first_page` is given the first page's projects as soon
/// as they come when more pages follow, so the person sees them while the rest are read.
pub async fn read_list(
    client: Client,
    filter: ProjectFilter,
    first_page: impl Fn(Vec<Project>),
) -> Result<ListRead, ApiError> {
    let mut page = client.list_page(&filter, None).await?;
    let first_text = std::mem::take(&mut page.text);
    let mut projects = page.projects;
    let mut next = page.next;
    if next.is_some() {
        first_page(in_order(projects.clone()));
    }
    let mut asked: Vec<String> = Vec::new();
    let mut stopped = None;
    while let Some(at) = next.take() {
        let read = projects.len();
        let Next::At(url) = at else {
            stopped = Some(format!(
                "The service said the list goes on at another address, which storyreel does not send your sign-in to: {read} projects are shown."
            ));
            break;
        };
        // A service that points back to a page already read, or never stops, is not followed round.
        if asked.contains(&url) || asked.len() + 1 >= MAX_PAGES {
            stopped = Some(format!("The service's pages of the list did not end: {read} projects are shown."));
            break;
        }
        asked.push(url.clone());
        match client.list_page(&filter, Some(&url)).await {
            Ok(page) => {
                projects.extend(page.projects);
                next = page.next;
            }
            Err(e) => {
                stopped =
                    Some(e.after(&format!("Only {read} projects could be read, and the list is read again later")))
            }
        }
    }
    Ok(ListRead { projects: in_order(projects), first_text, stopped })
}

/// Each project once (the first the answer lists), newest first: O(n log n) for thousands.
pub fn in_order(projects: Vec<Project>) -> Vec<Project> {
    let ids: Vec<i64> = projects.iter().map(|p| p.id).collect();
    let first = first_of_each(&ids);
    let mut projects: Vec<Project> =
        projects.into_iter().zip(first).filter_map(|(p, first)| first.then_some(p)).collect();
    sort_by_key(&mut projects, newest_first_key);
    projects
}
