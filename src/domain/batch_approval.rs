//! Approving several proposed projects with one confirmation: what the dialog states first (each
//! project's credits and the total), the order they are sent in (one at a time, as listed), when the
//! rest stop, and the report of what became of each.

use crate::domain::credits::approval_estimate;

#[derive(Clone, Debug, PartialEq)]
pub struct Pick {
    pub id: i64,
    pub title: String,
    pub scenes: u32,
}

impl Pick {
    pub fn credits(&self) -> u32 {
        approval_estimate(self.scenes).credits
    }
}

/// What became of one project's approval.
#[derive(Clone, Debug, PartialEq)]
pub enum Fate {
    Waiting,
    Sending,
    Started,
    /// Not started, and the rest go on: something of this project alone stood in the way (approved
    /// elsewhere, an approval of it already awaiting its answer), with why.
    Skipped(String),
    /// The service refused it, with why: nothing was reserved, and the rest are not sent (a person
    /// short of credits for one is short for the next; a service asking to wait asks for all).
    Refused(String),
    /// Its answer never came: it may have started, and its page says when it shows. The rest are not
    /// sent, as the service may be in trouble and the credits left are unknown.
    Unsure(String),
    /// Not sent: one before it stopped the rest.
    NotSent,
}

/// The service's word on one approval, as the batch reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Started,
    Skipped(String),
    Refused(String),
    Unsure(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    picks: Vec<Pick>,
    fates: Vec<Fate>,
}

impl Batch {
    pub fn new(picks: Vec<Pick>) -> Self {
        let fates = vec![Fate::Waiting; picks.len()];
        Batch { picks, fates }
    }

    pub fn picks(&self) -> &[Pick] {
        &self.picks
    }

    pub fn fate(&self, id: i64) -> Option<&Fate> {
        self.picks.iter().position(|p| p.id == id).map(|i| &self.fates[i])
    }

    /// The credits the whole batch reserves if every approval starts.
    pub fn total(&self) -> u32 {
        self.picks.iter().map(Pick::credits).sum()
    }

    pub fn started(&self) -> bool {
        self.fates.iter().any(|f| *f != Fate::Waiting)
    }

    /// The next project to send, now marked as sending; none while one is under way or once all are done.
    pub fn send_next(&mut self) -> Option<Pick> {
        if self.fates.contains(&Fate::Sending) {
            return None;
        }
        let i = self.fates.iter().position(|f| *f == Fate::Waiting)?;
        self.fates[i] = Fate::Sending;
        Some(self.picks[i].clone())
    }

    /// Takes the answer for the project under way; a refusal or a lost answer stops the rest.
    pub fn answer(&mut self, id: i64, answer: Answer) {
        let Some(i) = self.picks.iter().position(|p| p.id == id) else { return };
        if self.fates[i] != Fate::Sending {
            return;
        }
        let stops = matches!(answer, Answer::Refused(_) | Answer::Unsure(_));
        self.fates[i] = match answer {
            Answer::Started => Fate::Started,
            Answer::Skipped(why) => Fate::Skipped(why),
            Answer::Refused(why) => Fate::Refused(why),
            Answer::Unsure(why) => Fate::Unsure(why),
        };
        if stops {
            self.stop();
        }
    }

    /// The person stopped the batch (closed its dialog): the one under way finishes, no other is sent.
    pub fn stop(&mut self) {
        for fate in self.fates.iter_mut().filter(|f| **f == Fate::Waiting) {
            *fate = Fate::NotSent;
        }
    }

    pub fn done(&self) -> bool {
        !self.fates.iter().any(|f| matches!(f, Fate::Waiting | Fate::Sending))
    }

    /// "Approving 2 of 5…" while under way.
    pub fn progress(&self) -> Option<String> {
        let at = self.fates.iter().position(|f| *f == Fate::Sending)?;
        Some(format!("Approving {} of {}…", at + 1, self.picks.len()))
    }

    /// What became of them all, in one line: "2 started · 1 refused · 2 not sent".
    pub fn report(&self) -> String {
        let count = |wanted: fn(&Fate) -> bool| self.fates.iter().filter(|f| wanted(f)).count();
        let parts = [
            (count(|f| *f == Fate::Started), "started"),
            (count(|f| matches!(f, Fate::Unsure(_))), "not confirmed yet"),
            (count(|f| matches!(f, Fate::Refused(_))), "refused"),
            (count(|f| matches!(f, Fate::Skipped(_))), "left out"),
            (count(|f| *f == Fate::NotSent), "not sent"),
        ];
        parts.iter().filter(|(n, _)| *n > 0).map(|(n, what)| format!("{n} {what}")).collect::<Vec<_>>().join(" · ")
    }

    /// The projects still to approve once the batch is done: refused and not sent, for the person to
    /// choose again.
    pub fn left(&self) -> Vec<i64> {
        let open = |f: &Fate| matches!(f, Fate::Refused(_) | Fate::NotSent);
        self.picks.iter().zip(&self.fates).filter(|(_, f)| open(f)).map(|(p, _)| p.id).collect()
    }
}

/// What a project's line says of its fate, after its title.
pub fn fate_text(fate: &Fate) -> String {
    match fate {
        Fate::Waiting => "To be sent".to_owned(),
        Fate::Sending => "Sending…".to_owned(),
        Fate::Started => "Started: generation is under way".to_owned(),
        Fate::Skipped(why) => format!("Left out: {why}"),
        Fate::Refused(why) => format!("Refused: {why}. Nothing was reserved"),
        Fate::Unsure(why) => format!("Not confirmed yet: {why}"),
        Fate::NotSent => "Not sent: nothing was reserved".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(n: i64) -> Batch {
        Batch::new((1..=n).map(|id| Pick { id, title: format!("Story {id}"), scenes: id as u32 + 1 }).collect())
    }

    fn send_and_answer(b: &mut Batch, answer: Answer) -> i64 {
        let pick = b.send_next().expect("one to send");
        b.answer(pick.id, answer);
        pick.id
    }

    #[test]
    fn the_total_is_each_projects_credits_added() {
        let b = batch(3);
        assert_eq!(b.picks().iter().map(Pick::credits).collect::<Vec<_>>(), [200, 300, 400]);
        assert_eq!(b.total(), 900);
    }

    #[test]
    fn one_is_sent_at_a_time_in_the_order_listed_and_each_once() {
        let mut b = batch(3);
        assert!(!b.started());
        let first = b.send_next().unwrap();
        assert_eq!(first.id, 1);
        assert_eq!(b.send_next(), None, "nothing more while the first awaits its answer");
        assert_eq!(b.progress().as_deref(), Some("Approving 1 of 3…"));
        b.answer(1, Answer::Started);
        b.answer(1, Answer::Refused("late".into()));
        assert_eq!(b.fate(1), Some(&Fate::Started), "an answer for one not under way changes nothing");
        assert_eq!(send_and_answer(&mut b, Answer::Started), 2);
        assert_eq!(send_and_answer(&mut b, Answer::Started), 3);
        assert_eq!(b.send_next(), None);
        assert!(b.done());
        assert_eq!(b.report(), "3 started");
        assert_eq!(b.left(), Vec::<i64>::new());
    }

    #[test]
    fn a_refusal_stops_the_rest_and_leaves_them_to_choose_again() {
        let mut b = batch(4);
        send_and_answer(&mut b, Answer::Started);
        send_and_answer(&mut b, Answer::Refused("There are not enough credits for this".into()));
        assert_eq!(b.send_next(), None);
        assert!(b.done());
        assert_eq!(b.fate(3), Some(&Fate::NotSent));
        assert_eq!(b.report(), "1 started · 1 refused · 2 not sent");
        assert_eq!(b.left(), [2, 3, 4]);
    }

    #[test]
    fn a_lost_answer_stops_the_rest_but_is_not_offered_again() {
        let mut b = batch(3);
        send_and_answer(&mut b, Answer::Unsure("the service took too long".into()));
        assert!(b.done());
        assert_eq!(b.report(), "1 not confirmed yet · 2 not sent");
        assert_eq!(b.left(), [2, 3], "the one that may have started is followed on its page, not chosen again");
    }

    #[test]
    fn stopped_by_the_person_the_one_under_way_finishes_and_no_other_is_sent() {
        let mut b = batch(3);
        let first = b.send_next().unwrap();
        b.stop();
        assert!(!b.done(), "the first still awaits its answer");
        assert_eq!(b.send_next(), None);
        b.answer(first.id, Answer::Started);
        assert!(b.done());
        assert_eq!(b.report(), "1 started · 2 not sent");
    }

    #[test]
    fn a_project_left_out_lets_the_rest_go_on() {
        let mut b = batch(3);
        send_and_answer(&mut b, Answer::Skipped("it is no longer awaiting approval".into()));
        send_and_answer(&mut b, Answer::Started);
        assert_eq!(b.progress(), None);
        send_and_answer(&mut b, Answer::Started);
        assert_eq!(b.report(), "2 started · 1 left out");
    }

    #[test]
    fn each_fate_says_what_was_reserved() {
        assert_eq!(fate_text(&Fate::NotSent), "Not sent: nothing was reserved");
        assert_eq!(
            fate_text(&Fate::Refused("There are not enough credits for this".into())),
            "Refused: There are not enough credits for this. Nothing was reserved"
        );
        assert_eq!(fate_text(&Fate::Started), "Started: generation is under way");
    }
}
