//! A project's review page: its idea and scenes, editable while proposed, and approval with an
//! explicit statement of the credits it reserves.

mod approve;
mod review;
mod styling;

use crate::api::ErrorKind;
use crate::browser::page::{carry_focus_into_rebuilt_page, set_title};
use crate::components::{Banner, NotFound, Tone};
use crate::domain::lifecycle::{is_preparing, preparing_recheck_ms};
use crate::domain::title::project_title;
use crate::hooks::{read_and_keep_project, use_effect, use_load, use_paid_actions, use_timeout_fn};
use crate::session::{use_session, Failure};
use crate::stores::last_known;
use leptos::prelude::*;
use review::Review;

#[component]
pub fn ProjectPage(id: i64) -> impl IntoView {
    // Until it is read, the tab says which project is coming ("Project 4"); then its title.
    set_title(&project_title(id, None));
    let session = use_session();
    // Lives above the review, which is rebuilt on every refetch: a notice explaining why the project
    // was re-read must outlive that rebuild.
    let notice = RwSignal::new(None::<String>);
    let (project, refetch) = use_load(move || read_and_keep_project(session, id));
    let reload = Callback::new(move |_| refetch());
    // Above the review, which is rebuilt on every refetch: an approval not yet confirmed is checked on
    // through them. Once the project shows it (here or in another tab), the page reads it again.
    let paid = use_paid_actions(id, Callback::new(move |_| refetch()));
    // A project the service is still writing is read again, by itself, until there is something to
    // review: a person who opened it should not have to reload. Gone with the page: no read after.
    let rechecks = StoredValue::new(0u32);
    let recheck_after = use_timeout_fn(move || reload.run(()));
    // Said once the scenes come: the page is rebuilt around them, which a screen reader does not tell.
    // Lives here, like `notice`, to outlive the review's rebuilds.
    let arrived = RwSignal::new(None::<String>);
    use_effect(move || {
        let Some(preparing) = project.with(|answer| match answer {
            Some(Ok(p)) => Some(is_preparing(&p.status)),
            // A read that failed while the page was checking by itself: the page said it would, so it
            // checks on (a project gone or another account's is not read again).
            Some(Err(Failure::Show(e))) if rechecks.get_value() > 0 && e.kind != ErrorKind::NotFound => Some(true),
            _ => None,
        }) else {
            return;
        };
        if !preparing {
            if rechecks.get_value() > 0 {
                arrived.set(Some("The scenes are ready to review.".to_owned()));
            }
            return;
        }
        let wait = preparing_recheck_ms(rechecks.get_value());
        rechecks.update_value(|n| *n += 1);
        recheck_after(wait);
    });
    // What this device read of the project before, shown until the service answers: read-only, and
    // marked with when it was read and how the check of it stands.
    let kept = move |check_failed| {
        last_known::project(id).map(|kept| {
            let line = Some(last_known::marked(kept.at_ms, check_failed));
            view! { <Review project=kept.value notice=notice arrived=arrived reload=reload as_of=line paid=paid /> }
                .into_any()
        })
    };
    // A page replacing one shown here (the kept project, under the person's focus): its heading takes it.
    let shown_before = StoredValue::new(false);
    let replacing_a_page = move || {
        if shown_before.get_value() {
            carry_focus_into_rebuilt_page();
        }
        shown_before.set_value(true);
    };

    view! {
        {move || {
            let answer = project.get();
            replacing_a_page();
            match answer {
                None => {
                    kept(false).unwrap_or_else(|| view! { <p role="status">"Loading the project…"</p> }.into_any())
                }
                Some(Err(Failure::Show(e))) if e.kind == ErrorKind::NotFound => {
                    last_known::forget_project(id);
                    view! { <NotFound project=true /> }.into_any()
                }
                Some(Err(Failure::SignedOut)) => view! { <NotFound project=true /> }.into_any(),
                Some(Err(Failure::Show(e))) => {
                    view! {
                        <section class="page">
                            <Banner tone=Tone::Error>{e.message}</Banner>
                            <button type="button" class="button" on:click=move |_| refetch()>
                                "Try again"
                            </button>
                        </section>
                        {kept(true)}
                    }
                        .into_any()
                }
                Some(Ok(p)) => {
                    view! { <Review project=p notice=notice arrived=arrived reload=reload as_of=None paid=paid /> }
                        .into_any()
                }
            }
        }}
    }
}
