//! Person ids by name. The API has no persons endpoint, so the ids an account has used come from its
//! projects, and the names its person gives them live on this device only, under a key of the
//! account's. A name is a label for the person's eyes: requests carry the id alone (`StoryDraft::request`).

use crate::api::Project;
use crate::domain::story::parse_person_id;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Enough for "Narrator Ada, the older sister"; counted in characters, as the person sees them.
pub const MAX_NAME_CHARS: usize = 40;

/// The person ids an account has used, ascending, each once, with the name given it ("" for none).
/// Sorted rather than by last use: a choice list that does not reorder itself between visits is
/// found again by position. A name removed leaves its id known.
///
/// Kept on the device as `{"1": "Narrator Ada", "2": ""}`; a key that is no id, or a name too
/// long, is skipped rather than losing the rest.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Persons(Vec<(i64, String)>);

/// The name as kept: trimmed, `None` when nothing is left (the id then has no name), or why not.
/// A name's length as the limit counts it: characters (code points), without the spaces around it.
pub fn name_length(text: &str) -> usize {
    text.trim().chars().count()
}

pub fn check_name(text: &str) -> Result<Option<String>, String> {
    let name = text.trim();
    match name_length(name) {
        0 => Ok(None),
        n if n > MAX_NAME_CHARS => {
            Err(format!("Keep a name to {MAX_NAME_CHARS} characters: remove {} (now {n}).", n - MAX_NAME_CHARS))
        }
        _ => Ok(Some(name.to_owned())),
    }
}

/// What a Save (or a Remove) on the Persons page changes, and what the page then says.
#[derive(Debug, PartialEq)]
pub struct Naming {
    pub id: i64,
    pub name: Option<String>,
    pub said: String,
}

/// The Persons page's fields as a `Naming`, or each field's problem (id, name).
pub fn check_named(id: &str, name: &str, remove: bool) -> Result<Naming, (Option<String>, Option<String>)> {
    let name = match remove {
        true => Ok(None),
        false => check_name(name).and_then(|n| n.map(Some).ok_or_else(|| "Type the name to give this person.".into())),
    };
    match (parse_person_id(id), name) {
        (Ok(id), Ok(name)) => {
            let said = match &name {
                Some(name) => format!("Saved: {}.", describe(id, name)),
                None => format!("Person {id} has no name now."),
            };
            Ok(Naming { id, name, said })
        }
        (id, name) => Err((id.err(), name.err())),
    }
}

/// How a person is shown in a choice: "Narrator Ada (person 1)", or "Person 7" without a name.
pub fn describe(id: i64, name: &str) -> String {
    match name {
        "" => format!("Person {id}"),
        name => format!("{name} (person {id})"),
    }
}

impl Persons {
    /// The name of `id`, added in its sorted place when new; none for an id that is no person id.
    fn entry(&mut self, id: i64) -> Option<&mut String> {
        let at = self.0.partition_point(|(i, _)| *i < id);
        if self.0.get(at).is_none_or(|(i, _)| *i != id) {
            if id <= 0 {
                return None;
            }
            self.0.insert(at, (id, String::new()));
        }
        Some(&mut self.0[at].1)
    }

    /// Adds the person ids of a list of projects just read (positive ones; each once, in order); true
    /// when one was new. Ids are never dropped here: a filtered list shows only some of them.
    pub fn see(&mut self, projects: &[Project]) -> bool {
        let before = self.0.len();
        for id in projects.iter().filter_map(|p| p.person_id) {
            self.entry(id);
        }
        self.0.len() != before
    }

    pub fn name(&self, id: i64) -> &str {
        self.0.iter().find(|(i, _)| *i == id).map_or("", |(_, n)| n)
    }

    /// Names `id` (known from then on), or with `None` takes its name away (a known id stays known).
    pub fn set_name(&mut self, id: i64, name: Option<String>) {
        match name {
            Some(name) => {
                if let Some(entry) = self.entry(id) {
                    *entry = name;
                }
            }
            None => self.0.iter_mut().filter(|(i, _)| *i == id).for_each(|(_, n)| n.clear()),
        }
    }

    /// Every known id, ascending, with its name ("" for none).
    pub fn known(&self) -> &[(i64, String)] {
        &self.0
    }
}

impl Serialize for Persons {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::keyed::serialize(&self.0, s)
    }
}

impl<'de> Deserialize<'de> for Persons {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut persons = Self::default();
        for (id, name) in crate::keyed::deserialize::<D, String>(d)? {
            if let Ok(name) = check_name(&name) {
                if let Some(entry) = persons.entry(id) {
                    *entry = name.unwrap_or_default();
                }
            }
        }
        Ok(persons)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::account::owner;
    use crate::domain::keys;
    use crate::domain::story::StoryDraft;

    fn read(text: &str) -> Option<Persons> {
        serde_json::from_str(text).ok()
    }

    fn project(person_id: Option<i64>) -> Project {
        Project { person_id, ..Project::default() }
    }

    fn named(pairs: &[(i64, &str)]) -> Persons {
        let mut persons = Persons::default();
        for (id, name) in pairs {
            persons.entry(*id).into_iter().for_each(|entry| *entry = (*name).to_owned());
        }
        persons
    }

    #[test]
    fn ids_come_from_projects_ascending_once_and_only_positive() {
        let mut persons = Persons::default();
        let projects = [Some(7), Some(1), None, Some(7), Some(0), Some(-3), Some(2), Some(1)].map(project);
        assert!(persons.see(&projects));
        assert_eq!(persons, named(&[(1, ""), (2, ""), (7, "")]));
        assert!(!persons.see(&[]));
    }

    #[test]
    fn seen_ids_and_names_merge_into_one_list() {
        let mut persons = Persons::default();
        assert!(persons.see(&[Some(3), Some(1)].map(project)));
        assert!(!persons.see(&[project(Some(1))]), "nothing new");
        persons.set_name(9, Some("Narrator Ada".into()));
        persons.set_name(1, Some("Bob".into()));
        persons.set_name(1, Some("Robert".into()));
        assert!(!persons.see(&[Some(9), Some(3)].map(project)), "a named id is known");
        assert_eq!(persons, named(&[(1, "Robert"), (3, ""), (9, "Narrator Ada")]));
        persons.set_name(9, None);
        assert_eq!((persons.name(9), persons.known().len()), ("", 3), "a name removed leaves its id known");
        persons.set_name(99, None);
        assert_eq!(persons.known().len(), 3, "removing no name makes no id known");
        persons.set_name(0, Some("Nobody".into()));
        persons.set_name(-2, Some("Nobody".into()));
        assert_eq!(persons.known().len(), 3, "0 and below are no person ids");
    }

    #[test]
    fn a_name_is_trimmed_counted_in_characters_and_may_be_empty() {
        assert_eq!(check_name("  Narrator Ada \n"), Ok(Some("Narrator Ada".into())));
        assert_eq!(check_name("   "), Ok(None), "an empty name is no name");
        assert_eq!(check_name(&"🦊".repeat(40)), Ok(Some("🦊".repeat(40))), "an emoji is one character");
        assert_eq!(name_length("  Narrator Ada "), 12, "the counter counts what is kept");
        assert_eq!(check_name(&"a".repeat(42)), Err("Keep a name to 40 characters: remove 2 (now 42).".into()));
        assert_eq!(check_name(" שרה "), Ok(Some("שרה".into())));
    }

    #[test]
    fn a_person_is_described_by_name_and_id() {
        assert_eq!(describe(1, "Narrator Ada"), "Narrator Ada (person 1)");
        assert_eq!(describe(7, ""), "Person 7");
    }

    #[test]
    fn the_persons_page_saves_a_name_for_an_id_or_says_what_is_missing() {
        let named = |id, name: Option<&str>, said: &str| Naming { id, name: name.map(Into::into), said: said.into() };
        assert_eq!(check_named(" 12 ", " Zed ", false), Ok(named(12, Some("Zed"), "Saved: Zed (person 12).")));
        assert_eq!(check_named("12", "Zed", true), Ok(named(12, None, "Person 12 has no name now.")), "Remove");
        assert_eq!(
            check_named("x", " ", false),
            Err((
                Some("A person id is a whole number above 0.".into()),
                Some("Type the name to give this person.".into())
            ))
        );
        assert_eq!(check_named("", "", true).unwrap_err().1, None, "Remove needs no name");
        assert_eq!(
            check_named("3", &"n".repeat(41), false).unwrap_err(),
            (None, Some("Keep a name to 40 characters: remove 1 (now 41).".into()))
        );
    }

    #[test]
    fn names_are_kept_per_account_and_found_under_a_renewed_token() {
        let ada = keys::persons(&owner("demo-token", Some(1)));
        assert_eq!(ada, "storyreel.persons.user.1");
        assert_eq!(keys::persons(&owner("renewed-token", Some(1))), ada, "the same account");
        assert_ne!(keys::persons(&owner("other-token", Some(2))), ada, "another account");
        let unshown = keys::persons(&owner("other-token", None));
        assert_ne!(unshown, ada, "an account the service has not shown yet");
        assert_eq!(unshown, keys::persons(&owner("other-token", None)), "found again under the same token");
        assert!(!unshown.contains("other-token"), "the token is never in a key");

        let persons = named(&[(1, "Narrator Ada 🎙️"), (2, ""), (3, "שרה")]);
        assert_eq!(read(&serde_json::to_string(&persons).unwrap()), Some(persons), "read back as written");
    }

    #[test]
    fn odd_kept_values_are_read_for_what_they_hold() {
        let long = "n".repeat(MAX_NAME_CHARS + 1);
        let text = format!(r#"{{"2": " Ann ", "x": "Bad", "-1": "Neg", "4": "", "5": "{long}"}}"#);
        assert_eq!(read(&text), Some(named(&[(2, "Ann"), (4, "")])));
        assert_eq!(read(r#"{"3": 4}"#), None, "a name that is no text: this device wrote none such");
        assert_eq!(read("[]"), None, "no object: nothing kept");
        assert_eq!(read("{}"), Some(Persons::default()));
    }

    #[test]
    fn the_create_request_carries_the_id_and_never_the_name() {
        let persons = named(&[(1, "Narrator Ada")]);
        // Choosing her in the form writes her id, the option's value, into the person id field.
        let (id, _) = persons.known()[0].clone();
        let draft = StoryDraft {
            idea: "A fox crosses a frozen lake".into(),
            person_id: id.to_string(),
            ..StoryDraft::default()
        };
        let body = serde_json::to_string(&draft.request().unwrap()).unwrap();
        assert!(body.contains(r#""person_id":1"#), "{body}");
        assert!(!body.contains("Narrator") && !body.contains("Ada"), "{body}");
    }
}
