//! Every name storyreel keeps things under in web storage, in one place, so what a sign-out leaves
//! behind can be read (and tested) here rather than searched for.
//!
//! All but `KEPT_AT_SIGN_OUT` are the person's: a sign-out clears them (`Session::sign_out`).

/// The signed-in person's access token.
pub const TOKEN: &str = "storyreel.token";
/// Whose things this device keeps (`account::owner`: a token fingerprint and the user id); it outlives a 401.
pub const OWNER: &str = "storyreel.owner";
/// The API address the person chose over config.json's.
pub const API_BASE_URL: &str = "storyreel.api_base_url";
/// The colour theme chosen for this device (`domain::theme`).
pub const THEME: &str = "storyreel.theme";
/// The story idea not yet proposed: the one draft no project guards (a project's drafts show only on
/// its page, which the service shows only to its owner).
pub const STORY_DRAFT: &str = "storyreel.draft.story";
/// Several stories at once, as typed, with what became of each: guarded as the story draft is.
pub const STORY_BATCH: &str = "storyreel.draft.stories";
/// What every tab of this device sent of that batch (`domain::story_batch::Claims`).
pub const STORY_BATCH_SENT: &str = "storyreel.draft.stories.sent";

/// The projects list as last read, with its filter (`browser::last_known`).
pub const LAST_LIST: &str = "storyreel.last_known.list";
/// The projects last opened, as last read (`browser::last_known`).
pub const LAST_PROJECTS: &str = "storyreel.last_known.projects";
/// The moments the browser wrote for those, in its language and time zone (`browser::kept_times`).
pub const KEPT_TIMES: &str = "storyreel.last_known.times";

/// How this device is set up, not who used it: these stay through a sign-out.
pub const KEPT_AT_SIGN_OUT: [&str; 2] = [API_BASE_URL, THEME];

/// A project's scene drafts (`browser::drafts`).
pub fn project_draft(project_id: i64) -> String {
    format!("storyreel.draft.project.{project_id}")
}

/// A project's scenes as the service first proposed them, read on this device (`stores::proposals`).
pub fn proposal(project_id: i64) -> String {
    format!("storyreel.proposal.{project_id}")
}

/// What the regenerate dialog of one scene holds.
pub fn regenerate_draft(project_id: i64, scene_number: i64) -> String {
    format!("storyreel.draft.regenerate.{project_id}.{scene_number}")
}

/// The models typed in a project's approval dialog, until it is approved.
pub fn approve_draft(project_id: i64) -> String {
    format!("storyreel.draft.approve.{project_id}")
}

/// When this device approved a project.
pub fn approved_at(project_id: i64) -> String {
    format!("storyreel.approved_at.{project_id}")
}

/// The work asked for on a project and followed to its result.
pub fn follow_up(project_id: i64) -> String {
    format!("storyreel.follow_up.{project_id}")
}

/// Every final video, image and clip of a project this device has seen (`browser::versions`).
pub fn versions(project_id: i64) -> String {
    format!("storyreel.versions.{project_id}")
}

/// What this device asked the service to spend for an account, and what it reported
/// (`browser::spending`): under the account's name, like its persons, so another person signing in
/// after a 401 neither sees nor adds to it.
pub fn spending(owner: &str) -> String {
    per_account("spending", owner)
}

/// The monthly credit budget an account set on this device (`domain::budget`), beside its ledger.
pub fn budget(owner: &str) -> String {
    per_account("budget", owner)
}

/// An account's styles (`domain::styles`), beside its persons.
pub fn styles(owner: &str) -> String {
    per_account("styles", owner)
}

/// The new style the Styles page's form holds, until it is saved.
pub const STYLE_DRAFT: &str = "storyreel.draft.style";

/// Where the device keeps an account's persons: under its user id when the service showed it
/// (`account::owner` is `fingerprint:user`), so a renewed token of the same account finds them;
/// under the token's fingerprint until then.
pub fn persons(owner: &str) -> String {
    per_account("persons", owner)
}

/// A paid action sent on a project and not yet confirmed (`domain::paid_action`): per account, so
/// another account's tab neither sees it nor is held back by it.
pub fn unconfirmed(owner: &str, project_id: i64) -> String {
    format!("{}{project_id}", unconfirmed_prefix(owner))
}

/// The start of every `unconfirmed` key of an account.
pub fn unconfirmed_prefix(owner: &str) -> String {
    format!("{}.", per_account("unconfirmed", owner))
}

/// Whether `key` holds things kept under another account than `owner` (a ledger, names, records).
pub fn another_accounts(key: &str, owner: &str) -> bool {
    ["spending", "budget", "persons", "styles", "unconfirmed"].into_iter().any(|what| {
        let mine = per_account(what, owner);
        key.starts_with(&format!("storyreel.{what}.")) && key != mine && !key.starts_with(&format!("{mine}."))
    })
}

/// What gives way first when the storage is full: copies of answers, which the next read makes again,
/// and the scenes as first proposed, whose loss costs only a convenience. The ledger, drafts, names
/// and unconfirmed actions are not among them.
pub fn is_cache(key: &str) -> bool {
    [LAST_LIST, LAST_PROJECTS, KEPT_TIMES].contains(&key)
        || key.starts_with("storyreel.versions.")
        || key.starts_with("storyreel.proposal.")
}

fn per_account(what: &str, owner: &str) -> String {
    match owner.split_once(':') {
        Some((_, user)) => format!("storyreel.{what}.user.{user}"),
        None => format!("storyreel.{what}.token.{owner}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::account::owner;

    #[test]
    fn a_sign_out_clears_every_key_of_the_person_and_keeps_the_device_setup() {
        let mine = [
            TOKEN.to_owned(),
            OWNER.to_owned(),
            STORY_DRAFT.to_owned(),
            STORY_BATCH.to_owned(),
            STORY_BATCH_SENT.to_owned(),
            LAST_LIST.to_owned(),
            LAST_PROJECTS.to_owned(),
            KEPT_TIMES.to_owned(),
            spending(&owner("demo-token", Some(1))),
            project_draft(4),
            regenerate_draft(4, 2),
            approved_at(4),
            follow_up(4),
            versions(4),
            persons(&owner("demo-token", Some(1))),
            persons(&owner("demo-token", None)),
            unconfirmed(&owner("demo-token", Some(1)), 4),
        ];
        for key in &mine {
            assert!(key.starts_with("storyreel."), "{key} is storyreel's");
            assert!(!KEPT_AT_SIGN_OUT.contains(&key.as_str()), "{key} is cleared by a sign-out");
        }
        assert_eq!(KEPT_AT_SIGN_OUT, [API_BASE_URL, THEME]);
        assert_eq!(spending(&owner("demo-token", Some(1))), "storyreel.spending.user.1", "one ledger an account");
    }

    #[test]
    fn another_accounts_things_are_told_apart_from_this_ones() {
        let (me, renewed, other) = (owner("demo-token", Some(1)), owner("new-token", Some(1)), owner("x", Some(12)));
        for key in [
            spending(&me),
            budget(&me),
            persons(&me),
            styles(&me),
            unconfirmed(&me, 4),
            project_draft(4),
            proposal(4),
            versions(4),
            STORY_DRAFT.into(),
            STORY_BATCH.into(),
            STORY_BATCH_SENT.into(),
        ] {
            assert!(!another_accounts(&key, &me), "{key} is mine");
            assert!(!another_accounts(&key, &renewed), "{key} is mine with a renewed token too");
        }
        for key in [
            spending(&other),
            budget(&other),
            persons(&other),
            styles(&other),
            unconfirmed(&other, 4),
            unconfirmed(&owner("x", None), 4),
        ] {
            assert!(another_accounts(&key, &me), "{key} is another account's");
        }
        // Account 1 is not account 12, nor 1's key a prefix of 12's.
        assert!(another_accounts(&unconfirmed(&owner("x", Some(12)), 4), &me));
        assert_eq!(unconfirmed(&me, 4), "storyreel.unconfirmed.user.1.4");
        assert!(unconfirmed(&me, 4).starts_with(&unconfirmed_prefix(&me)));
    }

    #[test]
    fn caches_give_way_and_what_the_person_would_miss_does_not() {
        for key in [LAST_LIST, LAST_PROJECTS, KEPT_TIMES, &versions(4), &proposal(4)] {
            assert!(is_cache(key), "{key}");
        }
        let me = owner("demo-token", Some(1));
        for key in
            [TOKEN, OWNER, STORY_DRAFT, THEME, &spending(&me), &persons(&me), &project_draft(4), &unconfirmed(&me, 4)]
        {
            assert!(!is_cache(key), "{key}");
        }
    }
}
