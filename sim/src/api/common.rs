//! What more than one resource's handlers need. Here rather than in `mod.rs`, so a handler never imports the
//! router that imports it.

use crate::clock::Stamp;
use crate::error::{ApiError, ApiResult};
use crate::ledger::Ledger;
use crate::model::Project;
use crate::store::now_stamp;
use crate::timeline::JobKind;

/// A completed project still running a quiet job (the `alt` profile's regenerations and upscales) takes no
/// other until it ends.
pub fn busy(project: &Project) -> ApiError {
    let running = match project.job.as_ref().map(|j| j.kind) {
        Some(JobKind::Upscale) => "an upscale",
        Some(JobKind::Regenerate { .. }) => "a scene regeneration",
        _ => "a generation",
    };
    ApiError::wrong_state(format!(
        "Project {} is busy: {running} is running; try again when it has finished",
        project.id
    ))
}

/// The moment a change happens, as both the job clock and the timestamp written into records.
pub fn now() -> (std::time::Instant, Stamp) {
    (std::time::Instant::now(), now_stamp())
}

/// Charges `cost` to the owner's ledger and counts it in the project's `credits_used`, or refuses with a 403
/// saying what `needs` it and what the balance is, changing nothing. Callers check and charge under the one
/// store lock, so of two racing requests only one is charged.
pub fn charge_or_refuse(
    ledger: &mut Ledger,
    project: &mut Project,
    cost: i64,
    reason: &'static str,
    needs: &str,
    at: Stamp,
) -> ApiResult<()> {
    ledger.charge(cost, project.id, reason, at).map_err(|e| {
        ApiError::insufficient_credits(format!(
            "Insufficient credits: {needs} needs {} credits and you have {}",
            e.needed, e.available
        ))
    })?;
    project.credits_used += cost;
    Ok(())
}
