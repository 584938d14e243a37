//! An action that spends credits or starts work (approve, regenerate a scene, upscale), from the moment
//! it is sent until the service shows it. The invariant: one confirmation is at most one charge.
//!
//! A record of the action is kept (per account and project, in storage every tab reads) from just before
//! the request leaves. A success or a refusal ends it at once. An answer that does not tell (no answer, a
//! timeout, a 5xx, an unreadable success) leaves it standing, and while it stands no tab offers any paid
//! action on that project. It ends when the project shows the work (any change storyreel can see), or
//! when the work's usual time has passed with nothing changed: "nothing changed" alone never means "it
//! did not start", since a service may keep the project `completed` and unchanged while it works.

use super::account::fingerprint;
use super::follow_up::{Asked, FollowUp};
use crate::api::{ApiError, Project, ProjectStatus};
use serde::{Deserialize, Serialize};

/// What was sent, with what the ledger notes once the service shows it. Kept on the device, so its
/// shape is what serde's derive writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Paid {
    /// Reserves credits for every scene (spec 4.5).
    Approve { scenes: u32 },
    /// Costs additional credits (spec 4.7); `video`: a new clip, which the dialog prices.
    Regenerate { scene_number: i64, video: bool },
    /// Free for now (spec 4.8), but starts work all the same.
    Upscale,
}

impl Paid {
    /// Whether the project is read just before sending, to compare the re-reads with. Not for approval:
    /// the spec refuses it from any status but proposed, so the status alone tells, and the paid path
    /// gains no request.
    pub fn reads_before(self) -> bool {
        !matches!(self, Self::Approve { .. })
    }

    /// How long the work usually takes to show: past it, with nothing changed, the request probably
    /// never reached the service. Approval shows at once (spec 4.5: "reserved immediately"); the others
    /// by their result (spec 8: an upscale 5 to 10 minutes; a regeneration is a scene and a stitch).
    pub fn usual_ms(self) -> u64 {
        match self {
            Self::Approve { .. } => 60_000,
            Self::Regenerate { .. } | Self::Upscale => 10 * 60_000,
        }
    }

    /// "The approval", "The regeneration of scene 2", "The upscale".
    pub fn name(self) -> String {
        match self {
            Self::Approve { .. } => "The approval".to_owned(),
            Self::Regenerate { scene_number, .. } => format!("The regeneration of scene {scene_number}"),
            Self::Upscale => "The upscale".to_owned(),
        }
    }

    /// What the person will see if the service received it.
    fn shows(self) -> &'static str {
        match self {
            Self::Approve { .. } => "this project starts generating within about a minute",
            Self::Regenerate { .. } => "the new video appears here within about 10 minutes",
            Self::Upscale => "the upscaled video appears here within about 10 minutes",
        }
    }

    /// What the first request may still do if it did arrive: an upscale is free (spec 4.8), but runs.
    fn may_still(self) -> &'static str {
        match self {
            Self::Upscale => "run",
            _ => "be charged",
        }
    }

    /// The work the video page follows to its result once the service shows it.
    fn asked(self) -> Option<Asked> {
        match self {
            Self::Approve { .. } => None,
            Self::Regenerate { scene_number, .. } => Some(Asked::Regenerate { scene_number }),
            Self::Upscale => Some(Asked::Upscale),
        }
    }
}

/// Where a standing record is, as of a re-read of the project.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The project shows the work: the record ends, and the ledger notes the charge.
    Shown,
    /// Nothing to see yet, within the work's usual time: nothing paid is offered on the project.
    Waiting,
    /// Nothing to see, and the usual time has passed: sending again is offered, with a warning.
    Lapsed,
}

/// A paid action sent and not yet confirmed, kept until the service shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unconfirmed {
    pub paid: Paid,
    /// When it was sent (ms since 1970, the browser's clock): also the ledger charge's own mark, so a
    /// charge noted by two tabs is noted once.
    pub sent_at: u64,
    /// What the Spending view calls the project.
    #[serde(default)]
    pub title: String,
    /// A digest of the project just before sending or, when that read failed, at the first re-read
    /// after: a change from it shows the work.
    #[serde(default)]
    pub before: Option<String>,
    /// The work the video page follows once shown, from the addresses the project had before.
    #[serde(default)]
    pub follow: Option<FollowUp>,
}

impl Unconfirmed {
    pub fn new(paid: Paid, sent_at: u64, title: &str) -> Self {
        let follow = paid.asked().map(|asked| FollowUp::new(asked, None, sent_at));
        Self { paid, sent_at, title: title.to_owned(), before: None, follow }
    }

    /// Takes in the project as read before sending, or as first read after when that failed; false
    /// when there was one already (nothing to store).
    pub fn compare_with(&mut self, project: &Project) -> bool {
        if self.before.is_some() || !self.paid.reads_before() {
            return false;
        }
        self.before = Some(digest(project));
        self.follow = self.paid.asked().map(|asked| FollowUp::new(asked, Some(project), self.sent_at));
        true
    }

    /// Whether `now`, the project as just read, shows the work begun (or done already).
    pub fn shown_by(&self, now: &Project) -> bool {
        match self.paid {
            Paid::Approve { .. } => now.status != ProjectStatus::Proposed,
            _ => {
                // A status storyreel does not know may be the work under way: never a reason to pay again.
                let busy = matches!(
                    now.status,
                    ProjectStatus::Generating | ProjectStatus::Upscaling | ProjectStatus::Unknown(_)
                );
                busy || self.before.as_ref().is_some_and(|before| *before != digest(now))
            }
        }
    }

    /// Whether the usual time has passed. A clock set back further than that (the device's time
    /// corrected) counts too: a record must not stand for ever and block what the person paid for.
    pub fn lapsed(&self, now_ms: u64) -> bool {
        now_ms.abs_diff(self.sent_at) >= self.paid.usual_ms()
    }

    /// Where the record stands after a re-read of the project at `now_ms`.
    pub fn judge(&self, now: &Project, now_ms: u64) -> Standing {
        if self.shown_by(now) {
            Standing::Shown
        } else if self.lapsed(now_ms) {
            Standing::Lapsed
        } else {
            Standing::Waiting
        }
    }

    /// Said on the project's pages while it stands; `sent` is `sent_at` in the person's own time.
    pub fn waiting_text(&self, sent: &str) -> String {
        format!(
            "{} sent at {sent} is not confirmed yet. If the service received it, {}. storyreel keeps checking, and offers nothing else that spends credits on this project until then.",
            self.paid.name(),
            self.paid.shows()
        )
    }

    /// Said once the usual time has passed with nothing changed.
    pub fn lapsed_text(&self, sent: &str) -> String {
        format!(
            "{} sent at {sent} was never confirmed, and the project has not changed since: it may not have reached the service. You can send it again, but if the first request did arrive, it may still {}.",
            self.paid.name(),
            self.paid.may_still()
        )
    }

    /// Said in a paid dialog opened while a lapsed record stands.
    pub fn resend_warning(&self, sent: &str) -> String {
        format!(
            "{} sent at {sent} was never confirmed. If the service did receive it, it may still {}, as well as what you send now.",
            self.paid.name(),
            self.paid.may_still()
        )
    }
}

/// How long to wait before the `attempt`th re-read of a project while a record stands: soon after the
/// sending, for the answer that was lost, then on the poll schedule (`interval_ms`), never above an hour.
pub fn recheck_ms(attempt: u32, interval_ms: u64) -> u32 {
    const SOON: [u64; 4] = [1_000, 2_000, 4_000, 8_000];
    let wait = SOON.get(attempt as usize).copied().unwrap_or(interval_ms);
    wait.clamp(1_000, 3_600_000) as u32
}

/// What storyreel can see change of a project, as one short text.
fn digest(p: &Project) -> String {
    fingerprint(&format!(
        "{:?}",
        (&p.status, p.progress, &p.updated_at, &p.final_video_url, &p.final_video_url_upscaled, &p.scenes)
    ))
}

/// What an answer to the request itself means for the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answered {
    /// The service took it on: the record ends and the ledger notes it.
    Took,
    /// A refusal (a 4xx such as not enough credits, or a 503): nothing was done; the record ends.
    Refused,
    /// It may have reached the service anyway: the record stands.
    Unsure,
}

impl Answered {
    pub fn from(answer: &Result<(), ApiError>) -> Self {
        match answer {
            Ok(()) => Self::Took,
            Err(e) if e.may_have_landed() => Self::Unsure,
            Err(_) => Self::Refused,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Scene, SceneStatus};
    use ProjectStatus::*;

    const MIN: u64 = 60_000;
    const REGENERATE: Paid = Paid::Regenerate { scene_number: 2, video: true };
    const APPROVE: Paid = Paid::Approve { scenes: 5 };

    fn every_status() -> Vec<ProjectStatus> {
        vec![
            Draft,
            Creating,
            Proposed,
            Generating,
            Completed,
            Failed,
            Upscaling,
            Unknown("regenerating_scene".into()),
            Unknown(String::new()),
        ]
    }

    fn project(status: ProjectStatus) -> Project {
        Project {
            id: 7,
            status,
            final_video_url: Some("https://cdn.example/final.mp4".into()),
            updated_at: Some("2026-11-25T10:00:00Z".into()),
            scenes: vec![Scene { scene_number: 2, status: SceneStatus::Completed, ..Scene::default() }],
            ..Default::default()
        }
    }

    fn sent(paid: Paid, before: Option<&Project>) -> Unconfirmed {
        let mut record = Unconfirmed::new(paid, 1_000_000, "A fox");
        if let Some(p) = before {
            record.compare_with(p);
        }
        record
    }

    #[test]
    fn an_answer_ends_the_record_only_when_it_tells() {
        assert_eq!(Answered::from(&Ok(())), Answered::Took);
        for status in [400, 403, 404, 409, 422, 429, 503, 418] {
            let e = ApiError::from_response(status, None, r#"{"detail":"Insufficient credits"}"#);
            assert_eq!(Answered::from(&Err(e)), Answered::Refused, "{status}");
        }
        let unsure = [
            ApiError::network(),
            ApiError::timeout(),
            ApiError::decode(),
            ApiError::from_response(500, None, ""),
            ApiError::from_response(502, None, ""),
            ApiError::from_response(504, None, ""),
            ApiError::from_response(302, None, ""),
        ];
        for e in unsure {
            assert_eq!(Answered::from(&Err(e.clone())), Answered::Unsure, "{:?}", e.kind);
        }
    }

    #[test]
    fn an_approval_is_shown_by_any_status_but_proposed() {
        for status in every_status() {
            let record = sent(APPROVE, None);
            assert_eq!(record.shown_by(&project(status.clone())), status != Proposed, "{status:?}");
        }
        let mut record = sent(APPROVE, None);
        assert!(!record.compare_with(&project(Proposed)), "approval reads nothing before and keeps no digest");
        assert!(!APPROVE.reads_before());
    }

    #[test]
    fn a_quiet_service_that_keeps_the_project_unchanged_is_never_taken_for_one_that_did_nothing() {
        // The alt profile, and the service of the issue: `completed` and unchanged while it works.
        let before = project(Completed);
        for paid in [REGENERATE, Paid::Upscale] {
            let record = sent(paid, Some(&before));
            for minutes in [0, 1, 5, 9] {
                let at = record.sent_at + minutes * MIN;
                assert_eq!(record.judge(&before, at), Standing::Waiting, "{paid:?} after {minutes} min");
            }
            assert_eq!(record.judge(&before, record.sent_at + 10 * MIN), Standing::Lapsed, "{paid:?}");
        }
    }

    #[test]
    fn any_change_the_app_can_see_shows_the_work() {
        let before = project(Completed);
        let moved = Project { updated_at: Some("2026-11-25T10:04:00Z".into()), ..before.clone() };
        let new_video = Project { final_video_url: Some("https://cdn.example/final-2.mp4".into()), ..before.clone() };
        let upscaled =
            Project { final_video_url_upscaled: Some("https://cdn.example/up.mp4".into()), ..before.clone() };
        let scene_busy = Project {
            scenes: vec![Scene { scene_number: 2, status: SceneStatus::Generating, ..Scene::default() }],
            ..before.clone()
        };
        let progress = Project { progress: 40, ..before.clone() };
        for paid in [REGENERATE, Paid::Upscale] {
            let record = sent(paid, Some(&before));
            for now in [&moved, &new_video, &upscaled, &scene_busy, &progress] {
                assert_eq!(record.judge(now, record.sent_at + 1_000), Standing::Shown, "{paid:?} {now:?}");
                // Long after, a change still tells: the work was done, not lost.
                assert_eq!(record.judge(now, record.sent_at + 60 * MIN), Standing::Shown, "{paid:?} {now:?}");
            }
            for status in every_status() {
                let busy = matches!(status, Generating | Upscaling | Unknown(_));
                let now = Project { status: status.clone(), ..before.clone() };
                let shown = busy || status != Completed;
                assert_eq!(record.shown_by(&now), shown, "{paid:?} {status:?}");
            }
        }
    }

    #[test]
    fn without_a_read_before_the_first_read_after_stands_in() {
        let first = project(Completed);
        let mut record = sent(REGENERATE, None);
        assert!(!record.shown_by(&first), "nothing busy and nothing to compare with: not shown");
        assert!(record.compare_with(&first), "the first re-read becomes the comparison");
        assert!(!record.compare_with(&project(Generating)), "and stays it");
        assert_eq!(record.judge(&first, record.sent_at + MIN), Standing::Waiting);
        let finished = Project { final_video_url: Some("https://cdn.example/final-2.mp4".into()), ..first.clone() };
        assert_eq!(record.judge(&finished, record.sent_at + 2 * MIN), Standing::Shown);
        let follow = record.follow.as_ref().expect("followed from the addresses before");
        assert_eq!(follow.asked, Asked::Regenerate { scene_number: 2 });
        assert_eq!(follow.asked_at, record.sent_at, "timed from the sending, not the re-read");
    }

    #[test]
    fn an_approval_lapses_after_a_minute_with_the_project_still_proposed() {
        let record = sent(APPROVE, None);
        let proposed = project(Proposed);
        assert_eq!(record.judge(&proposed, record.sent_at), Standing::Waiting);
        assert_eq!(record.judge(&proposed, record.sent_at + MIN - 1), Standing::Waiting);
        assert_eq!(record.judge(&proposed, record.sent_at + MIN), Standing::Lapsed);
        assert_eq!(record.judge(&project(Generating), record.sent_at + MIN), Standing::Shown);
    }

    #[test]
    fn a_clock_set_back_or_forward_never_holds_a_record_for_ever() {
        let record = sent(Paid::Upscale, Some(&project(Completed)));
        let unchanged = project(Completed);
        assert_eq!(record.judge(&unchanged, record.sent_at - 1_000), Standing::Waiting, "a second's drift");
        assert_eq!(record.judge(&unchanged, record.sent_at - 11 * MIN), Standing::Lapsed, "set back 11 minutes");
        assert_eq!(record.judge(&unchanged, 0), Standing::Lapsed);
        assert_eq!(record.judge(&unchanged, u64::MAX), Standing::Lapsed);
        let far = Unconfirmed { sent_at: u64::MAX, ..record.clone() };
        assert_eq!(far.judge(&unchanged, 1_000), Standing::Lapsed, "a record from a clock far ahead");
    }

    #[test]
    fn re_reads_come_soon_then_on_the_poll_schedule_and_never_spin() {
        let waits: Vec<u32> = (0..7).map(|n| recheck_ms(n, 30_000)).collect();
        assert_eq!(waits, [1_000, 2_000, 4_000, 8_000, 30_000, 30_000, 30_000]);
        assert_eq!(recheck_ms(u32::MAX, 30_000), 30_000);
        assert_eq!(recheck_ms(9, 0), 1_000, "a poll interval of nothing would spin");
        assert_eq!(recheck_ms(9, u64::MAX), 3_600_000, "and one past setTimeout's range would fire at once");
    }

    #[test]
    fn the_words_say_what_was_sent_when_and_what_happens_next() {
        let record = sent(REGENERATE, Some(&project(Completed)));
        assert_eq!(
            record.waiting_text("14:02"),
            "The regeneration of scene 2 sent at 14:02 is not confirmed yet. If the service received it, the new video appears here within about 10 minutes. storyreel keeps checking, and offers nothing else that spends credits on this project until then."
        );
        assert!(record.lapsed_text("14:02").contains("may still be charged"));
        assert!(sent(APPROVE, None).waiting_text("9:15").starts_with("The approval sent at 9:15"));
        let upscale = sent(Paid::Upscale, None).resend_warning("9:15");
        assert!(upscale.starts_with("The upscale sent at 9:15 was never"), "{upscale}");
        assert!(upscale.contains("it may still run"), "an upscale is free: {upscale}");
    }

    #[test]
    fn it_survives_a_reload_as_json_and_a_record_it_cannot_read_is_not_one() {
        let record = sent(REGENERATE, Some(&project(Completed)));
        let back: Unconfirmed = serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
        assert_eq!(back, record);
        let minimal: Unconfirmed = serde_json::from_str(r#"{"paid":"Upscale","sent_at":5}"#).unwrap();
        assert_eq!((minimal.paid, minimal.sent_at, minimal.before), (Paid::Upscale, 5, None));
        assert!(serde_json::from_str::<Unconfirmed>(r#"{"paid":"Dance","sent_at":5}"#).is_err());
    }

    #[test]
    fn clicks_reloads_and_tabs_send_once_while_a_record_stands() {
        // What the pages do with each event: a click sends only with no record, or a lapsed one.
        let mut charged = 0;
        let mut record: Option<Unconfirmed> = None;
        let before = project(Completed);
        let mut click = |record: &mut Option<Unconfirmed>, at: u64| {
            if record.as_ref().is_none_or(|r| r.lapsed(at)) {
                charged += 1;
                *record = Some(sent(REGENERATE, Some(&before)));
            }
        };
        click(&mut record, 1_000_000);
        // A double click, a reload (the record is read back) and a second tab (the same record), minutes on.
        for minutes in [0, 1, 3, 9] {
            let kept = record.clone().map(|r| serde_json::to_string(&r).unwrap());
            let mut reloaded = kept.map(|k| serde_json::from_str::<Unconfirmed>(&k).unwrap());
            click(&mut reloaded, 1_000_000 + minutes * MIN);
            click(&mut record, 1_000_000 + minutes * MIN);
        }
        assert_eq!(charged, 1);
    }
}
