//! One approval of the batch, sent through its project's paid actions, and the word on it.

use crate::api::{ApiError, ApproveRequest, ErrorKind};
use crate::browser::local_time::now_ms;
use crate::domain::batch_approval::{Answer, Pick};
use crate::domain::paid_action::Paid;
use crate::hooks::{Outcomes, PaidActions};
use crate::stores::approvals;
use futures_channel::oneshot;
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// Sends one approval through the project's paid actions and waits for the word on it; `error` is
/// the dialog's, where a lost answer is explained while the batch comes to its end.
pub async fn approve_one(paid: PaidActions, pick: &Pick, error: RwSignal<Option<String>>) -> Answer {
    // An approval of it sent earlier was never confirmed: sending again may be charged twice, which
    // its own page says and asks about; a batch does not decide that for the person.
    if paid.warning().get_untracked().is_some() {
        return Answer::Skipped("an approval of it sent earlier was never confirmed: approve it from its own page, which says what sending again may cost".into());
    }
    // Approved since the dialog read it, by another tab of this device: the service would refuse it.
    if approvals::approved_at(pick.id).is_some() {
        return Answer::Skipped("it was approved a moment ago, here or in another tab".into());
    }
    let (tell, told) = oneshot::channel::<Answer>();
    let tell = Rc::new(RefCell::new(Some(tell)));
    let say = move |answer: Answer| {
        if let Some(tell) = tell.borrow_mut().take() {
            let _ = tell.send(answer);
        }
    };
    let (said, refused, unsure) = (say.clone(), say.clone(), say);
    let id = pick.id;
    let sent = paid.send(
        Paid::Approve { scenes: pick.scenes },
        &pick.title,
        move |client| async move { client.approve_project(id, &ApproveRequest::confirmed("", "")).await.map(drop) },
        Outcomes {
            started: Box::new(move || {
                approvals::remember(id, now_ms());
                said(Answer::Started)
            }),
            refused: Box::new(move |e: ApiError| refused(refusal(&e))),
            unsure: Some(Box::new(move || {
                unsure(Answer::Unsure(
                    "storyreel could not confirm that the service received it, so it is not sent again; its page says when it starts".into(),
                ))
            })),
        },
        error,
    );
    // An approval of it stands, sent earlier or in another tab a moment ago: it is not sent again.
    if !sent {
        return Answer::Skipped("an approval of it sent earlier, here or in another tab, is not confirmed yet".into());
    }
    // No word at all: the sign-in ended while it was under way, and the page goes to sign in.
    told.await.unwrap_or(Answer::Unsure("your sign-in ended while it was sent".into()))
}

fn refusal(e: &ApiError) -> Answer {
    match e.kind {
        ErrorKind::Forbidden => Answer::Refused(e.not_enough_credits()),
        // This project alone: approved meanwhile, or changed.
        ErrorKind::BadRequest | ErrorKind::Conflict | ErrorKind::NotFound => {
            Answer::Skipped(e.after("it can no longer be approved"))
        }
        _ => Answer::Refused(e.after("the service refused it")),
    }
}
