//! Undo and redo of one scene's edits in review, for this visit: saves do not end it, so an edit saved
//! by mistake can be taken back and saved again.
//!
//! A step is what a person thinks of as one change: typing into one field until they leave it (or
//! turn to another field, save, undo...), or a whole replacement (discarding, going back to the
//! proposal, taking another tab's text).

/// Steps kept a scene: an afternoon's editing, bounded so a long visit does not grow without end.
const KEPT: usize = 100;

/// Names one step for as long as it lives, undone and redone: a step taken later never has it.
pub type StepId = u64;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History<T> {
    /// The texts before each step, with the step's id, the latest last.
    past: Vec<(T, StepId)>,
    /// The texts undone, with the step's id, the latest undone last.
    future: Vec<(T, StepId)>,
    /// The field being typed into, while its step is open.
    typing: Option<usize>,
    /// The id the next step takes.
    next: StepId,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        Self { past: Vec::new(), future: Vec::new(), typing: None, next: 0 }
    }
}

impl<T: Clone + PartialEq> History<T> {
    /// Before `field` takes a typed change to `before`: a new step unless that field's step is open.
    pub fn typed(&mut self, field: usize, before: &T) {
        if self.typing != Some(field) {
            self.push(before.clone());
            self.typing = Some(field);
        }
        self.future.clear();
    }

    /// Before the whole text changes from `before` to `after` at once: a step of its own (none when
    /// nothing changes).
    pub fn replaced(&mut self, before: &T, after: &T) {
        self.typing = None;
        if before != after {
            self.push(before.clone());
            self.future.clear();
        }
    }

    /// The next typing is a step of its own (the field was left, or the text saved).
    pub fn pause(&mut self) {
        self.typing = None;
    }

    /// The text before the latest step, with `now` kept for a redo.
    pub fn undo(&mut self, now: &T) -> Option<T> {
        self.typing = None;
        let (back, id) = self.past.pop()?;
        self.future.push((now.clone(), id));
        Some(back)
    }

    /// The text of the latest step undone, with `now` kept for an undo.
    pub fn redo(&mut self, now: &T) -> Option<T> {
        self.typing = None;
        let (again, id) = self.future.pop()?;
        self.past.push((now.clone(), id));
        Some(again)
    }

    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    /// The latest step taken and not undone (a step redone is it again).
    pub fn latest(&self) -> Option<StepId> {
        self.past.last().map(|(_, id)| *id)
    }

    /// Whether step `id` is taken and not undone, latest or not.
    pub fn holds(&self, id: StepId) -> bool {
        self.past.iter().any(|(_, at)| *at == id)
    }

    fn push(&mut self, before: T) {
        if self.past.len() == KEPT {
            self.past.remove(0);
        }
        self.past.push((before, self.next));
        self.next += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Types `text` into `field` a letter at a time, as input events come.
    fn type_in(h: &mut History<String>, now: &mut String, field: usize, text: &str) {
        for c in text.chars() {
            h.typed(field, now);
            now.push(c);
        }
    }

    #[test]
    fn typing_into_one_field_is_one_step_and_undo_then_redo_brings_it_back() {
        let (mut h, mut now) = (History::default(), "A".to_owned());
        type_in(&mut h, &mut now, 0, "bc");
        assert_eq!(now, "Abc");
        let back = h.undo(&now).unwrap();
        assert_eq!(back, "A", "both letters in one step");
        assert!(!h.can_undo() && h.can_redo());
        assert_eq!(h.redo(&back).as_deref(), Some("Abc"));
        assert!(h.can_undo() && !h.can_redo());
    }

    #[test]
    fn a_step_keeps_its_id_through_undo_and_redo_and_a_later_step_never_takes_it() {
        let mut h = History::default();
        h.replaced(&0, &1);
        let styled = h.latest().unwrap();
        assert_eq!(h.undo(&1), Some(0));
        assert!(!h.holds(styled) && h.latest().is_none());
        assert_eq!(h.redo(&0), Some(1));
        assert_eq!(h.latest(), Some(styled), "redone, it is the same step");
        h.typed(0, &1);
        assert!(h.holds(styled) && h.latest() != Some(styled), "typing after it is a step of its own");
        for i in 0..KEPT + 1 {
            h.replaced(&i, &(i + 1));
            assert_ne!(h.latest(), Some(styled), "a full history still gives new steps new ids");
        }
        assert!(!h.holds(styled), "dropped as the oldest");
    }

    #[test]
    fn another_field_or_a_pause_begins_a_new_step() {
        let (mut h, mut now) = (History::default(), String::new());
        type_in(&mut h, &mut now, 0, "a");
        type_in(&mut h, &mut now, 1, "b");
        h.pause();
        type_in(&mut h, &mut now, 1, "c");
        let mut undone = vec![];
        while let Some(back) = h.undo(&now) {
            now = back;
            undone.push(now.clone());
        }
        assert_eq!(undone, ["ab", "a", ""]);
    }

    #[test]
    fn a_new_change_after_an_undo_drops_what_could_be_redone() {
        let (mut h, mut now) = (History::default(), String::new());
        type_in(&mut h, &mut now, 0, "a");
        now = h.undo(&now).unwrap();
        type_in(&mut h, &mut now, 0, "b");
        assert!(!h.can_redo());
        h.replaced(&now, &"proposal".to_owned());
        assert!(!h.can_redo());
        assert_eq!(h.undo(&"proposal".to_owned()).as_deref(), Some("b"));
    }

    #[test]
    fn a_replacement_that_changes_nothing_is_no_step_but_ends_the_typing() {
        let (mut h, mut now) = (History::default(), String::new());
        type_in(&mut h, &mut now, 0, "a");
        h.replaced(&now, &now.clone());
        type_in(&mut h, &mut now, 0, "b");
        assert_eq!(h.undo(&now).as_deref(), Some("a"));
        assert_eq!(h.undo(&"a".to_owned()).as_deref(), Some(""));
        assert_eq!(h.undo(&String::new()), None);
    }

    #[test]
    fn only_the_latest_steps_are_kept() {
        let mut h = History::default();
        for i in 0..KEPT + 5 {
            h.replaced(&i, &(i + 1));
        }
        let mut now = KEPT + 5;
        let mut count = 0;
        while let Some(back) = h.undo(&now) {
            now = back;
            count += 1;
        }
        assert_eq!((count, now), (KEPT, 5), "the oldest five went");
    }
}
