//! What each project status means for the person: what they may do, where they belong, when to stop watching.

use crate::api::ProjectStatus;

/// Where a project's state puts it: its review, or its video (`routes::project_page` turns it into an
/// address, whose screen is `routes::Screen`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The scenes, editable until approval.
    Review,
    /// Generation watched live, then the video, or the error: one page whose state follows the project's.
    Video,
}

pub fn stage_for(status: &ProjectStatus) -> Stage {
    match status {
        ProjectStatus::Draft | ProjectStatus::Creating | ProjectStatus::Proposed => Stage::Review,
        // An unknown state is watched until it explains itself.
        ProjectStatus::Generating
        | ProjectStatus::Completed
        | ProjectStatus::Upscaling
        | ProjectStatus::Failed
        | ProjectStatus::Unknown(_) => Stage::Video,
    }
}

/// Scene text is editable only before approval (spec section 3).
pub fn can_edit_scenes(status: &ProjectStatus) -> bool {
    *status == ProjectStatus::Proposed
}

/// Why the scenes cannot be edited, or `None` while they can.
pub fn read_only_reason(status: &ProjectStatus) -> Option<String> {
    Some(match status {
        _ if can_edit_scenes(status) => return None,
        ProjectStatus::Generating => "Generation has started, so the scenes can no longer be edited.".to_owned(),
        ProjectStatus::Completed => "This project is completed; its scenes can no longer be edited.".to_owned(),
        _ if is_preparing(status) => {
            "The service is still writing this story's scenes. They appear here as soon as they are ready: this page checks by itself.".to_owned()
        }
        other => format!(
            "This project is {}; scenes can be edited only while a project awaits approval.",
            label(other).chars().map(lower).collect::<String>()
        ),
    })
}

/// The service is still writing the scene proposals (draft, creating; how long is not shown): nothing
/// to review yet, so the review page reads the project again by itself.
pub fn is_preparing(status: &ProjectStatus) -> bool {
    matches!(status, ProjectStatus::Draft | ProjectStatus::Creating)
}

/// How long the review page waits before its `reads_so_far + 1`th read of a preparing project: proposals
/// take seconds, so soon at first, then every 15 s for a service that takes longer.
pub fn preparing_recheck_ms(reads_so_far: u32) -> u32 {
    super::polling::doubled(2_000, reads_so_far, 15_000) as u32
}

/// Approve from any status other than proposed is rejected (spec 4.5).
pub fn can_approve(status: &ProjectStatus) -> bool {
    *status == ProjectStatus::Proposed
}

/// Nothing more will happen without the person acting.
pub fn is_terminal(status: &ProjectStatus) -> bool {
    matches!(status, ProjectStatus::Completed | ProjectStatus::Failed)
}

/// A label for people, never the raw machine word alone.
pub fn label(status: &ProjectStatus) -> String {
    match status {
        ProjectStatus::Draft => "Draft".into(),
        ProjectStatus::Creating => "Proposing scenes".into(),
        ProjectStatus::Proposed => "Ready for review".into(),
        ProjectStatus::Generating => "Generating".into(),
        ProjectStatus::Completed => "Completed".into(),
        ProjectStatus::Failed => "Failed".into(),
        ProjectStatus::Upscaling => "Upscaling".into(),
        ProjectStatus::Unknown(text) if text.is_empty() => "Unknown status".into(),
        ProjectStatus::Unknown(text) => humanise(text),
    }
}

/// `waiting_for_gpu` becomes "Waiting for gpu": readable, whatever the service invents.
pub fn humanise(machine_word: &str) -> String {
    let spaced = machine_word.trim().replace(['_', '-'], " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => std::iter::once(upper(first)).chain(chars.map(lower)).collect(),
        None => String::new(),
    }
}

// Letters of ASCII and Latin-1 (`e` and `E`, `é` and `É`) change case; other scripts stay as
// written. The full Unicode tables are 25 KB of wasm for words a service made up, and a word in
// Greek or Cyrillic reads well unchanged.
fn upper(c: char) -> char {
    match c {
        'a'..='z' | 'à'..='þ' if c != '÷' => char::from_u32(c as u32 - 0x20).unwrap_or(c),
        _ => c,
    }
}

fn lower(c: char) -> char {
    match c {
        'A'..='Z' | 'À'..='Þ' if c != '×' => char::from_u32(c as u32 + 0x20).unwrap_or(c),
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ProjectStatus::*;

    #[test]
    fn each_state_opens_the_screen_that_fits() {
        assert_eq!(stage_for(&Proposed), Stage::Review);
        assert_eq!(stage_for(&Creating), Stage::Review);
        assert_eq!(stage_for(&Generating), Stage::Video);
        assert_eq!(stage_for(&Failed), Stage::Video);
        assert_eq!(stage_for(&Completed), Stage::Video);
        assert_eq!(stage_for(&Upscaling), Stage::Video);
        assert_eq!(stage_for(&Unknown("paused".into())), Stage::Video);
    }

    #[test]
    fn only_proposed_projects_are_edited_and_approved() {
        for s in [Draft, Creating, Generating, Completed, Failed, Upscaling, Unknown("x".into())] {
            assert!(!can_edit_scenes(&s) && !can_approve(&s), "{s:?}");
        }
        assert!(can_edit_scenes(&Proposed) && can_approve(&Proposed));
    }

    #[test]
    fn a_read_only_project_says_why() {
        assert_eq!(read_only_reason(&Proposed), None);
        assert_eq!(
            read_only_reason(&Generating).unwrap(),
            "Generation has started, so the scenes can no longer be edited."
        );
        assert_eq!(
            read_only_reason(&Completed).unwrap(),
            "This project is completed; its scenes can no longer be edited."
        );
        assert_eq!(
            read_only_reason(&Unknown("on_hold".into())).unwrap(),
            "This project is on hold; scenes can be edited only while a project awaits approval."
        );
    }

    #[test]
    fn a_project_still_being_written_says_so_and_is_read_again_sooner_then_later() {
        for s in [Draft, Creating] {
            assert!(is_preparing(&s), "{s:?}");
            assert!(read_only_reason(&s).unwrap().starts_with("The service is still writing this story's scenes."));
        }
        for s in [Proposed, Generating, Completed, Failed, Upscaling, Unknown("creating_scenes".into())] {
            assert!(!is_preparing(&s), "{s:?}");
        }
        let waits: Vec<u32> = (0..6).map(preparing_recheck_ms).collect();
        assert_eq!(waits, [2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
        assert_eq!(preparing_recheck_ms(u32::MAX), 15_000);
    }

    #[test]
    fn completed_and_failed_are_terminal() {
        assert!(is_terminal(&Completed) && is_terminal(&Failed));
        for s in [Draft, Creating, Proposed, Generating, Upscaling, Unknown("x".into())] {
            assert!(!is_terminal(&s), "{s:?}");
        }
    }

    #[test]
    fn labels_are_for_people() {
        assert_eq!(label(&Proposed), "Ready for review");
        assert_eq!(label(&Unknown("waiting_for_GPU".into())), "Waiting for gpu");
        assert_eq!(label(&Unknown(String::new())), "Unknown status");
    }

    #[test]
    fn made_up_words_in_other_languages_keep_their_letters() {
        assert_eq!(label(&Unknown("été_ÉCOULÉ".into())), "Été écoulé");
        assert_eq!(label(&Unknown("öffentlich".into())), "Öffentlich");
        assert_eq!(label(&Unknown("ß_x÷y".into())), "ß x÷y", "ß has no single capital; ÷ is no letter");
        assert_eq!(label(&Unknown("ожидание".into())), "ожидание", "other scripts stay as written");
        assert_eq!(
            read_only_reason(&Unknown("EN_ATTENTE_DÉLAI".into())).unwrap(),
            "This project is en attente délai; scenes can be edited only while a project awaits approval."
        );
    }
}
