//! Approval: the credits it reserves stated first, then one confirmation is one request.

use crate::api::{ApiError, ApproveRequest, ErrorKind, ProjectStatus};
use crate::browser::approvals;
use crate::browser::local_time::now_ms;
use crate::components::{Banner, ConfirmDialog, TextField, Tone};
use crate::domain::credits::{describe_duration, Estimate};
use crate::router::use_location;
use crate::routes;
use crate::session::{use_session, Session};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::collections::BTreeSet;

/// `unsaved` holds the scene numbers with unsaved edits: approval waits until there are none.
/// `notice` and `reload` belong to the page, which outlives a refetch of the project.
#[component]
pub fn ApprovePanel(
    id: i64,
    estimate: Estimate,
    unsaved: RwSignal<BTreeSet<i64>>,
    notice: RwSignal<Option<String>>,
    reload: Callback<()>,
) -> impl IntoView {
    let session = use_session();
    let location = use_location();
    let dialog_open = RwSignal::new(false);
    let approving = RwSignal::new(false);
    // Set synchronously before the request starts and cleared only once the service is known not
    // to have approved: a second click, Enter or retry can never send a second approval.
    let sent = RwSignal::new(false);
    let dialog_error = RwSignal::new(None::<String>);
    let video_model = RwSignal::new(String::new());
    let image_model = RwSignal::new(String::new());

    let go_to_video = move || {
        dialog_open.set(false);
        location.push(&routes::project_video(id));
    };
    let refused = move |message: String| {
        approving.set(false);
        sent.set(false);
        dialog_error.set(Some(message));
    };
    // The request may have reached the service and may still land, so it is never sent again from
    // this page: re-read the project and either move on or say how to check.
    let settle_uncertain = move |error: ApiError| {
        spawn_local(async move {
            let moved_on = approved_anyway(session, id).await;
            approving.set(false);
            if moved_on {
                go_to_video();
            } else {
                dialog_error.set(Some(format!("{} {UNCONFIRMED}", error.message)));
            }
        });
    };

    let approve = move |_| {
        if sent.get_untracked() || !unsaved.with_untracked(BTreeSet::is_empty) {
            return;
        }
        let client = match session.client() {
            Ok(client) => client,
            Err(e) => return dialog_error.set(Some(e.message)),
        };
        sent.set(true);
        approving.set(true);
        dialog_error.set(None);
        let request = ApproveRequest::confirmed(&video_model.get_untracked(), &image_model.get_untracked());
        spawn_local(async move {
            match client.approve_project(id, &request).await {
                Ok(_) => {
                    approvals::remember(id, now_ms());
                    approving.set(false);
                    go_to_video();
                }
                // A 401 ends the session and unmounts this page: touch none of its signals.
                Err(e) if session.sign_out_if_rejected(&e) => {}
                Err(e) if e.may_have_landed() => settle_uncertain(e),
                Err(e) if e.kind == ErrorKind::Forbidden => refused(format!(
                    "Not enough credits: {} Nothing was reserved, and your scenes are unchanged.",
                    e.message
                )),
                Err(e) if matches!(e.kind, ErrorKind::BadRequest | ErrorKind::Conflict) => {
                    approving.set(false);
                    dialog_open.set(false);
                    notice.set(Some(format!("This project can no longer be approved: {}", e.message)));
                    reload.run(());
                }
                Err(e) => refused(format!("The service refused the approval: {} Nothing was reserved.", e.message)),
            }
        });
    };

    view! {
        <div class="approve-panel">
            <p>{format!("Approving starts generation: {}. The credits are reserved at once.", estimate.summary())}</p>
            {move || unsaved.with(|s| (!s.is_empty()).then(|| {
                let list = s.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
                view! { <Banner tone=Tone::Warning>{format!("Save or discard your changes to scene {list} before approving.")}</Banner> }
            }))}
            <button type="button" class="button primary"
                disabled=move || !unsaved.with(BTreeSet::is_empty)
                on:click=move |_| { dialog_error.set(None); dialog_open.set(true); }>
                "Approve and generate…"
            </button>
        </div>
        <ConfirmDialog
            open=dialog_open
            title="Approve and generate"
            confirm_label=Signal::derive(move || if approving.get() { "Approving…".to_owned() } else { format!("Reserve {} credits and generate", estimate.credits) })
            busy=sent
            error=dialog_error
            on_confirm=Callback::new(approve)
        >
            <p>{format!(
                "This reserves about {} credits from your balance immediately ({} scenes × about 100 credits). The {} video then takes 5 to 15 minutes to generate.",
                estimate.credits, estimate.scenes, describe_duration(estimate.seconds)
            )}</p>
            {models(video_model, image_model)}
        </ConfirmDialog>
    }
}

const UNCONFIRMED: &str = "storyreel could not confirm that the approval reached the service, so it will not send it again. Reload this page in a moment to see whether generation started; approve again only if it has not.";

/// Whether the project has left `proposed` after all.
async fn approved_anyway(session: Session, id: i64) -> bool {
    let Ok(client) = session.client() else { return false };
    client.get_project(id).await.is_ok_and(|p| p.status != ProjectStatus::Proposed)
}

/// The optional model choice inside the dialog; empty means the service's default.
fn models(video_model: RwSignal<String>, image_model: RwSignal<String>) -> impl IntoView {
    view! {
        <details>
            <summary>"Models (optional)"</summary>
            <TextField id="video-model" label="Video model" placeholder="Service default" value=video_model on_input=Callback::new(move |v| video_model.set(v)) />
            <TextField id="image-model" label="Image model" placeholder="Service default" value=image_model on_input=Callback::new(move |v| image_model.set(v)) />
            <p class="help">"Leave empty to use the service's default models."</p>
        </details>
    }
}
