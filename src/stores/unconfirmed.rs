//! The paid actions sent and not yet confirmed (`domain::paid_action`), one a project, kept for the
//! account where its sign-in is. On the device, every tab of the browser reads the same record, and
//! sees it change through the storage's own events. A sign-in for one tab keeps its records in that
//! tab, so they are also said on the tabs' channel: the account's other tab-only tabs keep a copy, and
//! a tab-only tab that opens a page of paid actions asks for the records standing.

use super::owner;
use crate::browser::storage::{self, Persistence, Worth};
use crate::browser::tabs::{self, News};
use crate::domain::keys;
use crate::domain::paid_action::Unconfirmed;
use crate::domain::tab_words::Word;

/// The record of `project_id`, if one stands.
pub fn load(project_id: i64) -> Option<Unconfirmed> {
    serde_json::from_str(&storage::mine(&keys::unconfirmed(&owner(), project_id))?).ok()
}

/// Keeps `record` before its request leaves; false when the browser refused (this tab still holds it).
pub fn save(project_id: i64, record: &Unconfirmed) -> bool {
    let Ok(text) = serde_json::to_string(record) else { return false };
    let kept = storage::keep_mine(&keys::unconfirmed(&owner(), project_id), &text, Worth::Kept);
    tell_tab_only_tabs(project_id, Some(text));
    kept
}

/// The record ended: the service showed the work, or refused it.
pub fn clear(project_id: i64) {
    storage::forget_mine(&keys::unconfirmed(&owner(), project_id));
    tell_tab_only_tabs(project_id, None);
}

fn tell_tab_only_tabs(project_id: i64, record: Option<String>) {
    if storage::home() == Some(Persistence::Tab) {
        tabs::say(&Word::Record { owner: owner(), project_id, record }.text());
    }
}

/// Whether `news` may have changed the record of `project_id`.
pub fn touched(news: &News, project_id: i64) -> bool {
    match news {
        News::Stored(None) => true,
        News::Stored(Some(key)) => *key == keys::unconfirmed(&owner(), project_id),
        News::Said(text) => matches!(Word::read(text), Some(Word::Record { project_id: p, .. }) if p == project_id),
    }
}

/// A tab signed in for itself alone asks the account's other tabs for its standing records.
pub fn ask_other_tabs() {
    tabs::say(&Word::Ask { owner: owner() }.text());
}

/// From now on, for as long as the tab lives: keeps this tab's copy of the records said by the
/// account's other tab-only tabs, and answers their asking. Started by the first page that sends or
/// shows paid actions (a tab that never opened one has no record to tell of), before that page hears
/// the same news, so that it finds the copy there.
pub fn keep_copies_of_other_tabs_records() {
    tabs::hear_once("unconfirmed copies", |news| {
        let News::Said(text) = news else { return };
        let Some(word) = Word::read(text) else { return };
        if storage::home() != Some(Persistence::Tab) {
            return;
        }
        let mine = owner();
        // The same account, even with a renewed token: its records are filed under its user id.
        let same = |owner: &str| keys::unconfirmed_prefix(owner) == keys::unconfirmed_prefix(&mine);
        match word {
            Word::Record { owner, project_id, record } if same(&owner) => {
                let key = keys::unconfirmed(&mine, project_id);
                match record {
                    Some(text) => drop(storage::keep_mine(&key, &text, Worth::Kept)),
                    None => storage::forget_mine(&key),
                }
            }
            Word::Ask { owner } if same(&owner) => {
                let prefix = keys::unconfirmed_prefix(&mine);
                for key in storage::keys_in(Persistence::Tab).into_iter().filter(|k| k.starts_with(&prefix)) {
                    let (Ok(project_id), Some(record)) = (key[prefix.len()..].parse(), storage::mine(&key)) else {
                        continue;
                    };
                    tabs::say(&Word::Record { owner: mine.clone(), project_id, record: Some(record) }.text());
                }
            }
            _ => {}
        }
    });
}
