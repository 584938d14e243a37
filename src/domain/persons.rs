//! Person ids by name. The API has no persons endpoint, so the ids an account has used come from its
//! projects, and the names its person gives them live on this device only, one entry per account.
//! A name is a label for the person's eyes: the requests carry the id alone (`StoryDraft::request`).

use crate::api::Project;
use crate::domain::account::same_person;
use crate::domain::story::parse_person_id;
use crate::json::{Map, Object, Value};

/// Enough for "Narrator Ada, the older sister"; counted in characters, as the person sees them.
pub const MAX_NAME_CHARS: usize = 40;

/// The person ids an account has used and the names given to some of them, both ascending by id.
/// Ids are kept sorted rather than by last use: a choice list that does not reorder itself between
/// visits is found again by position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Persons {
    seen: Vec<i64>,
    names: Vec<(i64, String)>,
}

/// The positive person ids of `projects`, ascending, each once; a project without one adds nothing.
pub fn ids_in(projects: &[Project]) -> Vec<i64> {
    let mut ids = Vec::new();
    for id in projects.iter().filter_map(|p| p.person_id) {
        add(&mut ids, id);
    }
    ids
}

/// Inserts `id` in its sorted place unless it is there or is no id; true when it was added.
fn add(ids: &mut Vec<i64>, id: i64) -> bool {
    match ids.binary_search(&id) {
        Err(at) if id > 0 => {
            ids.insert(at, id);
            true
        }
        _ => false,
    }
}

/// The name as kept: trimmed, `None` when nothing is left (the id then has no name), or why not.
pub fn check_name(text: &str) -> Result<Option<String>, String> {
    let name = text.trim();
    match name.chars().count() {
        0 => Ok(None),
        n if n > MAX_NAME_CHARS => {
            Err(format!("Keep a name to {MAX_NAME_CHARS} characters: remove {} (now {n}).", n - MAX_NAME_CHARS))
        }
        _ => Ok(Some(name.to_owned())),
    }
}

/// A name for an id typed in (one not used yet, or any): the two, or each field's problem.
pub fn check_new(id: &str, name: &str) -> Result<(i64, String), (Option<String>, Option<String>)> {
    let name = check_name(name).and_then(|n| n.ok_or_else(|| "Type the name to give this person.".to_owned()));
    match (parse_person_id(id), name) {
        (Ok(id), Ok(name)) => Ok((id, name)),
        (id, name) => Err((id.err(), name.err())),
    }
}

/// How a person is shown in a choice: "Narrator Ada (person 1)", or "Person 7" without a name.
pub fn describe(id: i64, name: Option<&str>) -> String {
    match name {
        Some(name) => format!("{name} (person {id})"),
        None => format!("Person {id}"),
    }
}

impl Persons {
    /// Adds the ids of a list just read; true when one was new. Ids are never dropped here: a
    /// filtered list shows only some of them.
    pub fn see(&mut self, ids: &[i64]) -> bool {
        ids.iter().fold(false, |added, id| add(&mut self.seen, *id) | added)
    }

    pub fn name(&self, id: i64) -> Option<&str> {
        self.names.iter().find(|(i, _)| *i == id).map(|(_, n)| n.as_str())
    }

    /// Names `id`, or with `None` takes its name away (an id seen in a project stays known).
    pub fn set_name(&mut self, id: i64, name: Option<String>) {
        self.names.retain(|(i, _)| *i != id);
        if let Some(name) = name.filter(|_| id > 0) {
            let at = self.names.partition_point(|(i, _)| *i < id);
            self.names.insert(at, (id, name));
        }
    }

    /// Every known id, seen or named, ascending, with its name.
    pub fn known(&self) -> Vec<(i64, Option<String>)> {
        let mut ids = self.seen.clone();
        for (id, _) in &self.names {
            add(&mut ids, *id);
        }
        ids.into_iter().map(|id| (id, self.name(id).map(str::to_owned))).collect()
    }

    fn from_value(value: &Value) -> Self {
        let mut persons = Self::default();
        for id in value.get("seen").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_i64) {
            add(&mut persons.seen, id);
        }
        for (id, name) in value.get("names").and_then(Value::as_object).into_iter().flatten() {
            // A key that is no id, or a value that is no name, is skipped, not a reason to lose the rest.
            if let (Ok(id), Some(Ok(name))) = (id.parse(), name.as_str().map(check_name)) {
                persons.set_name(id, name);
            }
        }
        persons
    }

    fn to_value(&self) -> Value {
        let mut names = Map::new();
        for (id, name) in &self.names {
            names.insert(id.to_string(), name.as_str().into());
        }
        Object::new().with("seen", self.seen.clone()).with("names", names).done()
    }
}

/// The persons of the account `owner` (`account::owner`) in what the device keeps: one entry per
/// account, keyed by owner, found again under a renewed token of the same account (`same_person`).
pub fn for_account(kept: Option<&Value>, owner: &str) -> Persons {
    kept.and_then(Value::as_object)
        .and_then(|all| all.iter().find(|(key, _)| same_person(Some(key), owner)))
        .map_or_else(Persons::default, |(_, entry)| Persons::from_value(entry))
}

/// What the device keeps once `persons` is the account's: its older entry (under an older token) is
/// replaced, every other account's is left as it was.
pub fn with_account(kept: Option<Value>, owner: &str, persons: &Persons) -> Value {
    let mut all = match kept {
        Some(Value::Object(all)) => all,
        _ => Map::new(),
    };
    let older: Vec<String> =
        all.iter().map(|(key, _)| key.clone()).filter(|key| same_person(Some(key), owner)).collect();
    for key in older {
        all.remove(&key);
    }
    all.insert(owner.to_owned(), persons.to_value());
    Value::Object(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::account::owner;
    use crate::domain::story::StoryDraft;
    use crate::json::{parse, write, ToJson};

    fn project(person_id: Option<i64>) -> Project {
        Project { person_id, ..Project::default() }
    }

    #[test]
    fn ids_come_from_projects_ascending_once_and_only_positive() {
        let projects = [Some(7), Some(1), None, Some(7), Some(0), Some(-3), Some(2), Some(1)].map(project);
        assert_eq!(ids_in(&projects), [1, 2, 7]);
        assert!(ids_in(&[]).is_empty());
    }

    #[test]
    fn seen_ids_and_names_merge_into_one_list() {
        let mut persons = Persons::default();
        assert!(persons.see(&[3, 1]));
        assert!(!persons.see(&[1]), "nothing new");
        persons.set_name(9, Some("Narrator Ada".into()));
        persons.set_name(1, Some("Bob".into()));
        persons.set_name(1, Some("Robert".into()));
        assert_eq!(persons.known(), [(1, Some("Robert".into())), (3, None), (9, Some("Narrator Ada".into()))]);
        persons.set_name(1, None);
        persons.set_name(9, None);
        assert_eq!(persons.known(), [(1, None), (3, None)], "a seen id stays without its name; a named one goes");
        persons.set_name(0, Some("Nobody".into()));
        assert_eq!(persons.name(0), None, "0 is no person id");
    }

    #[test]
    fn a_name_is_trimmed_counted_in_characters_and_may_be_empty() {
        assert_eq!(check_name("  Narrator Ada \n"), Ok(Some("Narrator Ada".into())));
        assert_eq!(check_name("   "), Ok(None), "an empty name is no name");
        assert_eq!(check_name(&"🦊".repeat(40)), Ok(Some("🦊".repeat(40))), "an emoji is one character");
        assert_eq!(check_name(&"a".repeat(42)), Err("Keep a name to 40 characters: remove 2 (now 42).".into()));
        assert_eq!(check_name(" שרה "), Ok(Some("שרה".into())));
    }

    #[test]
    fn a_new_name_needs_an_id_and_a_name() {
        assert_eq!(check_new(" 12 ", " Zed "), Ok((12, "Zed".into())));
        let (id, name) = check_new("x", " ").unwrap_err();
        assert_eq!(id.as_deref(), Some("A person id is a whole number above 0."));
        assert_eq!(name.as_deref(), Some("Type the name to give this person."));
        assert_eq!(
            check_new("3", &"n".repeat(41)),
            Err((None, Some("Keep a name to 40 characters: remove 1 (now 41).".into())))
        );
    }

    #[test]
    fn a_person_is_described_by_name_and_id() {
        assert_eq!(describe(1, Some("Narrator Ada")), "Narrator Ada (person 1)");
        assert_eq!(describe(7, None), "Person 7");
    }

    #[test]
    fn names_are_kept_per_account_and_found_under_a_renewed_token() {
        let ada = owner("demo-token", Some(1));
        let mut persons = Persons::default();
        persons.see(&[1, 2]);
        persons.set_name(1, Some("Narrator Ada 🎙️".into()));
        let kept = parse(&write(&with_account(None, &ada, &persons))).unwrap();
        assert_eq!(for_account(Some(&kept), &ada), persons, "read back as written");
        assert_eq!(for_account(Some(&kept), &owner("renewed-token", Some(1))), persons, "same account");
        assert_eq!(for_account(Some(&kept), &owner("other-token", Some(2))), Persons::default(), "another account");
        assert_eq!(for_account(Some(&kept), &owner("other-token", None)), Persons::default(), "not yet shown");

        let mut other = Persons::default();
        other.set_name(11, Some("Zed".into()));
        let both = with_account(Some(kept), &owner("other-token", Some(2)), &other);
        let renewed = owner("renewed-token", Some(1));
        let both = with_account(Some(both), &renewed, &Persons::default());
        assert_eq!(both.as_object().unwrap().len(), 2, "the renewed token's entry replaced the old one");
        assert!(both.get(&ada).is_none() && both.get(&renewed).is_some());
        assert_eq!(for_account(Some(&both), &owner("other-token", Some(2))).name(11), Some("Zed"));
    }

    #[test]
    fn odd_kept_values_are_read_for_what_they_hold() {
        let kept =
            parse(r#"{"a": {"seen": [2, "x", -1, 2.5, 1], "names": {"2": " Ann ", "x": "Bad", "3": 4, "4": ""}}}"#);
        let persons = for_account(kept.as_ref(), "a");
        assert_eq!(persons.known(), [(1, None), (2, Some("Ann".into()))]);
        for odd in ["[]", "null", r#"{"a": 5}"#] {
            assert_eq!(for_account(parse(odd).as_ref(), "a"), Persons::default(), "{odd}");
        }
        assert_eq!(for_account(None, "a"), Persons::default());
        let written = with_account(parse("[1]"), "a", &Persons::default());
        assert!(written.get("a").is_some(), "a kept value that is no object is replaced");
    }

    #[test]
    fn the_create_request_carries_the_id_and_never_the_name() {
        let mut persons = Persons::default();
        persons.set_name(1, Some("Narrator Ada".into()));
        // Choosing her in the form writes her id, the option's value, into the person id field.
        let (id, _) = persons.known()[0].clone();
        let draft = StoryDraft {
            idea: "A fox crosses a frozen lake".into(),
            person_id: id.to_string(),
            ..StoryDraft::default()
        };
        let body = write(&draft.request().unwrap().to_json());
        assert!(body.contains(r#""person_id":1"#), "{body}");
        assert!(!body.contains("Narrator") && !body.contains("Ada"), "{body}");
    }
}
