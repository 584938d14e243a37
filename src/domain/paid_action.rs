//! When an action that spends credits or starts work (approve, regenerate a scene, upscale) may be
//! sent, and when again. The invariant: one confirmation is at most one charge. A second click, Enter
//! or a retry sends nothing while the first is under way, uncertain or done; only a refusal, or a
//! project that shows the work did not begin, lets the person send again.

use crate::api::{ApiError, Project, ProjectStatus};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaidAction {
    /// Reserves credits for every scene (spec 4.5).
    Approve,
    /// Costs additional credits (spec 4.7).
    Regenerate,
    /// Free for now (spec 4.8), but starts work all the same.
    Upscale,
}

impl PaidAction {
    /// Whether the project is read just before sending, so that work which began, and even finished,
    /// while no answer came still shows as a change. Not for approval: the spec refuses it from any
    /// status but proposed, so the status alone tells, and the paid path gains no request.
    pub fn reads_before(self) -> bool {
        self != Self::Approve
    }

    /// Whether the project, re-read after an answer that did not tell, shows that the work began (or
    /// is done already). `before` is the project just before the request, when it could be read.
    pub fn began(self, before: Option<&Project>, now: &Project) -> bool {
        match self {
            Self::Approve => now.status != ProjectStatus::Proposed,
            Self::Regenerate | Self::Upscale => {
                // A service that keeps the project `completed` meanwhile still moves `updated_at`, or
                // its scenes: the regenerated one's state, its new prompts or addresses (the spec shows
                // none of these moving, so any of them will do).
                let changed = |b: &Project| {
                    (&b.updated_at, &b.final_video_url, &b.final_video_url_upscaled, &b.scenes)
                        != (&now.updated_at, &now.final_video_url, &now.final_video_url_upscaled, &now.scenes)
                };
                // A status storyreel does not know may be the work under way: never a reason to pay again.
                let busy = matches!(
                    now.status,
                    ProjectStatus::Generating | ProjectStatus::Upscaling | ProjectStatus::Unknown(_)
                );
                busy || before.is_some_and(changed)
            }
        }
    }
}

/// Where one confirmed paid action stands on its page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sending {
    /// Not sent, or known to have done nothing.
    #[default]
    Idle,
    /// Sent; no answer yet.
    InFlight,
    /// The answer did not tell whether the service took it on: the project is re-read until it does.
    Unsure,
    /// The service took it on.
    Landed,
}

impl Sending {
    pub fn may_send(self) -> bool {
        self == Self::Idle
    }

    /// Where the action stands after the service's answer to it.
    pub fn answered(answer: &Result<(), ApiError>) -> Self {
        match answer {
            Ok(()) => Self::Landed,
            Err(e) if e.may_have_landed() => Self::Unsure,
            // A refusal (a 4xx such as not enough credits, or a 503): nothing was done.
            Err(_) => Self::Idle,
        }
    }

    /// Where an unsure action stands once the project has been re-read, compared with `reference`.
    pub fn rechecked(action: PaidAction, reference: &Reference, now: &Project) -> Self {
        let (before, unchanged_tells) = match reference {
            // Approval needs nothing to compare with; the status tells.
            Reference::Nothing => (None, !action.reads_before()),
            Reference::BeforeSending(p) => (Some(p), true),
            Reference::AfterSending(p) => (Some(p), false),
        };
        if action.began(before, now) {
            Self::Landed
        } else if unchanged_tells {
            Self::Idle
        } else {
            Self::Unsure
        }
    }
}

/// What the re-reads after an uncertain answer are compared with. Without the project from before the
/// request, a regeneration or upscale that the service shows as `completed` throughout cannot be told
/// from none, and "it did not start" would invite a second charge: the first re-read stands in, and
/// only a change since then tells (that the work began).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Reference {
    /// Nothing yet: the read before sending failed, or the action needs none (approval).
    #[default]
    Nothing,
    /// Read just before sending: unchanged since, the work did not begin.
    BeforeSending(Project),
    /// The first re-read, in want of the one before: unchanged since tells nothing.
    AfterSending(Project),
}

impl Reference {
    /// The reference for the re-reads after `now`: the first one read stands in for a missing one.
    pub fn then(self, action: PaidAction, now: Project) -> Self {
        match self {
            Self::Nothing if action.reads_before() => Self::AfterSending(now),
            kept => kept,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Scene, SceneStatus};
    use PaidAction::*;
    use ProjectStatus::*;

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
            ..Default::default()
        }
    }

    #[test]
    fn only_an_idle_action_may_be_sent() {
        assert!(Sending::default().may_send());
        assert!(Sending::Idle.may_send());
        for state in [Sending::InFlight, Sending::Unsure, Sending::Landed] {
            assert!(!state.may_send(), "{state:?}: a double click or a retry would pay twice");
        }
    }

    #[test]
    fn a_success_lands_and_is_never_sent_again() {
        assert_eq!(Sending::answered(&Ok(())), Sending::Landed);
    }

    #[test]
    fn a_refusal_did_nothing_so_the_person_may_send_again() {
        let refusals = [400, 403, 404, 409, 422, 429, 503, 418];
        for status in refusals {
            let e = ApiError::from_response(status, None, r#"{"detail":"Insufficient credits"}"#);
            assert_eq!(Sending::answered(&Err(e)), Sending::Idle, "{status}");
        }
    }

    #[test]
    fn an_answer_that_does_not_tell_is_never_sent_again_by_itself() {
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
            let state = Sending::answered(&Err(e.clone()));
            assert_eq!(state, Sending::Unsure, "{:?}", e.kind);
            assert!(!state.may_send());
        }
    }

    #[test]
    fn an_approval_began_unless_the_project_still_awaits_it() {
        for status in every_status() {
            let now = project(status.clone());
            let expected = status != Proposed;
            assert_eq!(Approve.began(None, &now), expected, "{status:?}");
            assert_eq!(Sending::rechecked(Approve, &Reference::Nothing, &now).may_send(), !expected, "{status:?}");
            assert_eq!(Reference::Nothing.then(Approve, now), Reference::Nothing);
        }
        assert!(!Approve.reads_before(), "approval spends no extra request");
    }

    #[test]
    fn a_regeneration_or_upscale_began_when_the_project_is_busy_whatever_it_was_before() {
        for action in [Regenerate, Upscale] {
            assert!(action.reads_before());
            for status in every_status() {
                let now = project(status.clone());
                let busy = matches!(status, Generating | Upscaling | Unknown(_));
                for before in [None, Some(project(Completed))] {
                    assert_eq!(action.began(before.as_ref(), &now), busy, "{action:?} {status:?} {before:?}");
                }
            }
        }
    }

    #[test]
    fn a_regeneration_or_upscale_that_already_finished_shows_as_a_change() {
        let before = project(Completed);
        let moved = Project { updated_at: Some("2026-11-25T10:04:00Z".into()), ..before.clone() };
        let new_video = Project { final_video_url: Some("https://cdn.example/final-2.mp4".into()), ..before.clone() };
        let upscaled =
            Project { final_video_url_upscaled: Some("https://cdn.example/up.mp4".into()), ..before.clone() };
        let scene = |status: SceneStatus, motion_prompt: &str| Scene {
            scene_number: 2,
            status,
            motion_prompt: motion_prompt.into(),
            ..Scene::default()
        };
        // Nothing else moved: only the regenerated scene's state, or the prompt sent with it.
        let scene_busy = Project { scenes: vec![scene(SceneStatus::Generating, "")], ..before.clone() };
        let prompt_kept = Project { scenes: vec![scene(SceneStatus::Pending, "a slow crane shot")], ..before.clone() };
        let before = Project { scenes: vec![scene(SceneStatus::Pending, "")], ..before };
        let [moved, new_video, upscaled] =
            [moved, new_video, upscaled].map(|p| Project { scenes: before.scenes.clone(), ..p });
        for action in [Regenerate, Upscale] {
            let read = Reference::BeforeSending(before.clone());
            for now in [&moved, &new_video, &upscaled, &scene_busy, &prompt_kept] {
                assert!(action.began(Some(&before), now), "{action:?} {now:?}");
                assert_eq!(Sending::rechecked(action, &read, now), Sending::Landed);
            }
            assert!(!action.began(Some(&before), &before), "{action:?}: unchanged and idle did not begin");
            assert_eq!(Sending::rechecked(action, &read, &before), Sending::Idle);
            assert_eq!(read.clone().then(action, moved.clone()), read, "the read from before is kept");
        }
    }

    #[test]
    fn without_the_project_from_before_a_quiet_regeneration_is_never_said_not_to_have_started() {
        // A service that keeps the project `completed` while it regenerates (the alt profile): the first
        // re-read shows nothing busy, which could be the work under way as well as none.
        let first = project(Completed);
        let later_same = first.clone();
        let finished = Project { final_video_url: Some("https://cdn.example/final-2.mp4".into()), ..first.clone() };
        for action in [Regenerate, Upscale] {
            assert!(!action.began(None, &first), "{action:?}");
            let state = Sending::rechecked(action, &Reference::Nothing, &first);
            assert_eq!(state, Sending::Unsure, "{action:?}: not \"it did not start\"");
            assert!(!state.may_send());
            let reference = Reference::Nothing.then(action, first.clone());
            assert_eq!(reference, Reference::AfterSending(first.clone()));
            // Unchanged since the first re-read: still cannot tell, still not sent again.
            assert_eq!(Sending::rechecked(action, &reference, &later_same), Sending::Unsure, "{action:?}");
            // The new video arrives: it began (and finished).
            assert_eq!(Sending::rechecked(action, &reference, &finished), Sending::Landed, "{action:?}");
            assert_eq!(
                reference.clone().then(action, finished.clone()),
                reference,
                "the first re-read stays the reference"
            );
            // A busy project tells at once, with or without a reference.
            assert_eq!(Sending::rechecked(action, &Reference::Nothing, &project(Generating)), Sending::Landed);
        }
    }

    #[test]
    fn a_double_click_and_a_retry_after_an_uncertain_answer_send_once() {
        // What the hook does with each event, step by step.
        let mut sent = 0;
        let mut state = Sending::Idle;
        let mut click = |state: &mut Sending| {
            if state.may_send() {
                sent += 1;
                *state = Sending::InFlight;
            }
        };
        click(&mut state);
        click(&mut state);
        state = Sending::answered(&Err(ApiError::timeout()));
        click(&mut state);
        // The re-read shows the project regenerating: the work is under way, nothing is sent again.
        state = Sending::rechecked(Regenerate, &Reference::BeforeSending(project(Completed)), &project(Generating));
        click(&mut state);
        assert_eq!((sent, state), (1, Sending::Landed));
    }
}
