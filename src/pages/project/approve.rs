//! Approval: the credits it reserves stated first, then one confirmation is one request, across
//! clicks, reloads and tabs (`hooks::use_paid_actions`).

use crate::api::{ApiError, ApproveRequest, ErrorKind};
use crate::browser::local_time::now_ms;
use crate::components::{focus_error_summary, Banner, BudgetOutlook, ConfirmDialog, MessageBanner, TextField, Tone};
use crate::domain::credits::{describe_duration, Estimate};
use crate::domain::keys;
use crate::domain::narration::warn_long;
use crate::domain::paid_action::Paid;
use crate::hooks::{use_effect, Outcomes, PaidActions};
use crate::router::use_navigate;
use crate::routes;
use crate::stores::{approvals, drafts, spending};
use leptos::prelude::*;

/// `unsaved` holds the scene numbers with unsaved edits: approval waits until there are none, and an
/// approval tried before sets `tried` to them (the page's error summary). `notice` and `reload` belong to the
/// page, which outlives a refetch of the project.
#[component]
pub fn ApprovePanel(
    id: i64,
    estimate: Estimate,
    unsaved: RwSignal<Vec<i64>>,
    tried: RwSignal<Vec<i64>>,
    notice: RwSignal<Option<String>>,
    reload: Callback<()>,
    /// The scenes whose saved narration is likely longer than the scene: named before credits are reserved.
    long_scenes: Signal<Vec<i64>>,
    /// What the project is called in the Spending view.
    title: String,
    /// The project's paid actions: one approval, whatever happens to its answer.
    paid: PaidActions,
) -> impl IntoView {
    let navigate = use_navigate();
    let dialog_open = RwSignal::new(false);
    let dialog_error = RwSignal::new(None::<String>);
    let sent = paid.busy();
    // The models typed are kept as a draft, as every text the person types: a sign-in that lapses while
    // the dialog is open, or a reload, does not send the approval with the service's defaults instead.
    let draft_key = StoredValue::new(keys::approve_draft(id));
    let (typed_video, typed_image) = drafts::load::<(String, String)>(&draft_key.get_value()).unwrap_or_default();
    let video_model = RwSignal::new(typed_video);
    let image_model = RwSignal::new(typed_image);
    use_effect(move || {
        let models = (video_model.get(), image_model.get());
        draft_key.with_value(|key| match models.0.is_empty() && models.1.is_empty() {
            true => drafts::clear(key),
            false => {
                drafts::save(key, &models);
            }
        });
    });

    let title = StoredValue::new(title);
    let approve = move |_| {
        if !unsaved.with_untracked(Vec::is_empty) {
            return;
        }
        let request = ApproveRequest::confirmed(&video_model.get_untracked(), &image_model.get_untracked());
        paid.send(
            Paid::Approve { scenes: estimate.scenes },
            &title.get_value(),
            move |client| async move { client.approve_project(id, &request).await.map(drop) },
            Outcomes {
                started: Box::new(move || {
                    approvals::remember(id, now_ms());
                    draft_key.with_value(|key| drafts::clear(key));
                    dialog_open.set(false);
                    navigate(&routes::project_video(id), Default::default());
                }),
                refused: Box::new(move |e: ApiError| match e.kind {
                    ErrorKind::Forbidden => dialog_error.set(Some(format!(
                        "{}, so nothing was reserved and your scenes are unchanged.",
                        e.not_enough_credits()
                    ))),
                    ErrorKind::BadRequest | ErrorKind::Conflict => {
                        dialog_open.set(false);
                        notice.set(Some(e.after("This project can no longer be approved")));
                        reload.run(());
                    }
                    _ => dialog_error
                        .set(Some(e.after("Nothing was reserved, because the service refused the approval"))),
                }),
                unsure: None,
            },
            dialog_error,
        );
    };

    view! {
        <div class="approve-panel">
            <p>{format!("Approving starts generation: {}. The credits are reserved at once.", estimate.summary())}</p>
            // An approval sent here or in another tab and not yet confirmed: what is known, and what next.
            <MessageBanner tone=Tone::Info message=paid.notice() />
            {move || {
                unsaved
                    .with(|s| {
                        (!s.is_empty())
                            .then(|| {
                                let list = s.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
                                view! {
                                    <Banner tone=Tone::Warning>
                                        {format!("Save or discard your changes to scene {list} before approving.")}
                                    </Banner>
                                }
                            })
                    })
            }}
            // Enabled with scenes unsaved (GOV.UK's pattern): trying it says what stops it.
            <button
                type="button"
                class="button primary"
                disabled=move || !paid.offered()
                on:click=move |_| {
                    if !unsaved.with_untracked(Vec::is_empty) {
                        tried.set(unsaved.get_untracked());
                        focus_error_summary();
                        return;
                    }
                    dialog_error.set(None);
                    dialog_open.set(true);
                }
            >
                "Approve and generate…"
            </button>
        </div>
        <ConfirmDialog
            open=dialog_open
            title="Approve and generate"
            confirm_label=Signal::derive(move || {
                if sent.get() {
                    "Approving…".to_owned()
                } else {
                    format!("Reserve {} credits and generate", estimate.credits)
                }
            })
            busy=sent
            error=dialog_error
            on_confirm=Callback::new(approve)
        >
            <p>
                {format!(
                    "This reserves about {} credits from your balance immediately ({} scenes × about 100 credits). The {} video then takes 5 to 15 minutes to generate.",
                    estimate.credits,
                    estimate.scenes,
                    describe_duration(estimate.seconds),
                )}
            </p>
            <p>{move || dialog_open.get().then(|| spending::so_far(id))}</p>
            <BudgetOutlook open=dialog_open adds=Signal::derive(move || Some(i64::from(estimate.credits))) />
            <MessageBanner tone=Tone::Warning message=paid.warning() />
            <MessageBanner
                tone=Tone::Warning
                message=Signal::derive(move || {
                    long_scenes
                        .with(|n| warn_long(n))
                        .map(|w| format!("{w} You can approve as it is, or cancel and shorten it first."))
                })
            />
            {models(video_model, image_model)}
        </ConfirmDialog>
    }
}

/// The optional model choice inside the dialog; empty means the service's default.
fn models(video_model: RwSignal<String>, image_model: RwSignal<String>) -> impl IntoView {
    view! {
        <details>
            <summary>"Models (optional)"</summary>
            <TextField
                id="video-model"
                label="Video model"
                placeholder="Service default"
                value=video_model
                on_input=Callback::new(move |v| video_model.set(v))
            />
            <TextField
                id="image-model"
                label="Image model"
                placeholder="Service default"
                value=image_model
                on_input=Callback::new(move |v| image_model.set(v))
            />
            <p class="help">"Leave empty to use the service's default models."</p>
        </details>
    }
}
