//! When to ask the service for a project's status next. Pure: the caller passes the time in
//! milliseconds, so the whole schedule is tested with a fake clock and driven in the browser by one timer.

use super::credits::{describe_duration, describe_ms};
use crate::api::{wait_in_words, ApiError, ErrorKind, MAX_WAIT_SECONDS};

/// The longest any wait in the app lasts: what the service may ask for (`MAX_WAIT_SECONDS`), and
/// well inside the 2^31 - 1 ms past which a browser's timer fires at once (and the app would spin).
pub const MAX_WAIT_MS: u64 = MAX_WAIT_SECONDS * 1000;

/// A delay as a browser timer takes it: at most `MAX_WAIT_MS`. A timer that fires before its
/// schedule is due just sets itself again for the rest.
pub fn timer_ms(delay_ms: u64) -> u32 {
    // MAX_WAIT_MS fits in an i32: the cast cannot wrap.
    delay_ms.min(MAX_WAIT_MS) as u32
}

/// Errors back off to at most this many intervals (30 s → 60 s → 120 s, then 120 s again).
const BACKOFF_CAP_INTERVALS: u64 = 4;

/// `first` doubled `doublings` times, never above `max`: the wait after a run of failures (or of
/// tries not done yet), for every schedule in the app that backs off.
pub fn doubled(first: u64, doublings: u32, max: u64) -> u64 {
    // Past 16 doublings every schedule here is long at its cap; a huge `first` saturates, never wraps.
    first.saturating_mul(1 << doublings.min(16)).min(max)
}

/// What a check that is due does, when answers may also come another way (another tab's): ask the
/// service, take such an answer instead, or wait at most this many milliseconds for one.
pub enum Ahead<T> {
    Check,
    Take(T),
    Wait(u64),
}

/// How a status check ended, as far as the schedule cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An answer; generation goes on.
    Answered,
    /// An answer with a terminal status (completed or failed): nothing more to watch.
    Finished,
    /// No usable answer (offline, timeout, 5xx, an unreadable body): try again later, backing off.
    Unreachable,
    /// 429, or a 503 with `Retry-After`: wait at least as long as the service asked.
    RateLimited { retry_after_ms: Option<u64> },
    /// Checking again cannot help (the project is gone, the session ended).
    GaveUp,
}

/// What a failed check means for the schedule, once the caller has dealt with the errors that end
/// watching (401, 404): wait as long as the service asked (429, or any answer with `Retry-After`),
/// otherwise back off and try again.
pub fn outcome_after_error(error: &ApiError) -> Outcome {
    let retry_after_ms = error.retry_after_seconds.map(|s| s.saturating_mul(1000));
    if error.kind == ErrorKind::RateLimited || retry_after_ms.is_some() {
        Outcome::RateLimited { retry_after_ms }
    } else {
        Outcome::Unreachable
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PollSchedule {
    interval_ms: u64,
    /// When the next check is due; `None` once stopped.
    next_at: Option<u64>,
    in_flight: bool,
    /// Consecutive checks without an answer.
    failures: u32,
    /// The service asked to wait (`Retry-After`, or a 429 without it: until the next check); the
    /// person's own check is refused until then, not until the next check.
    wait_until: Option<u64>,
    last_answer_at: Option<u64>,
    /// The tab is hidden and the owner chose not to check while nobody looks.
    paused: bool,
    /// The person asked for the check due or under way ("Check now"), not the clock.
    asked: bool,
}

impl PollSchedule {
    /// The first check is due at once.
    pub fn new(interval_ms: u64, now: u64) -> Self {
        Self {
            interval_ms: interval_ms.max(1),
            next_at: Some(now),
            in_flight: false,
            failures: 0,
            wait_until: None,
            last_answer_at: None,
            paused: false,
            asked: false,
        }
    }

    /// Starts a check if one is due and none is in flight; the caller sends the request only on `true`.
    pub fn begin(&mut self, now: u64) -> bool {
        match self.next_at {
            Some(due) if !self.in_flight && !self.paused && due <= now => {
                self.in_flight = true;
                true
            }
            _ => false,
        }
    }

    pub fn finish(&mut self, now: u64, outcome: Outcome) {
        self.in_flight = false;
        self.asked = false;
        if self.next_at.is_none() {
            return;
        }
        self.wait_until = None;
        let delay = match outcome {
            Outcome::Answered => {
                self.failures = 0;
                self.last_answer_at = Some(now);
                self.interval_ms
            }
            Outcome::Finished => {
                self.failures = 0;
                self.last_answer_at = Some(now);
                return self.stop();
            }
            Outcome::GaveUp => return self.stop(),
            Outcome::Unreachable => {
                self.failures += 1;
                self.backoff_ms()
            }
            Outcome::RateLimited { retry_after_ms } => {
                // However an outcome was made, no wait asked for outlasts the longest.
                let retry_after_ms = retry_after_ms.map(|ms| ms.min(MAX_WAIT_MS));
                let delay = self.interval_ms.max(retry_after_ms.unwrap_or(0));
                self.wait_until = Some(now.saturating_add(retry_after_ms.unwrap_or(delay)));
                delay
            }
        };
        self.next_at = Some(now.saturating_add(delay));
    }

    /// "Check now": due at once, unless a check is already under way (its answer is as fresh) or
    /// the service asked us to wait. Returns whether a check should start.
    pub fn check_now(&mut self, now: u64) -> bool {
        self.next_at.is_some() && self.read_again(now)
    }

    /// "Read again": as `check_now`, and also after the schedule finished because nothing was
    /// under way any more (a list whose projects all came to rest). Never for a stopped owner:
    /// the browser driver refuses once it is stopped. The check is the person's until it ends
    /// (`asked_in_flight`).
    pub fn read_again(&mut self, now: u64) -> bool {
        let due = self.due_now(now);
        self.asked |= due;
        due
    }

    /// Due at once without the person asking (the tab is back in view, another tab's answer came),
    /// on the same terms as "Check now".
    pub fn due_at_once(&mut self, now: u64) -> bool {
        self.next_at.is_some() && self.due_now(now)
    }

    fn due_now(&mut self, now: u64) -> bool {
        if self.in_flight || self.wait_until.is_some_and(|until| now < until) {
            return false;
        }
        self.paused = false;
        self.next_at = Some(now);
        true
    }

    /// The tab is in view again: background tabs' timers are throttled, so a stale answer is
    /// refreshed at once. Returns whether a check should start.
    pub fn became_visible(&mut self, now: u64) -> bool {
        self.paused = false;
        let stale = self.last_answer_at.is_none_or(|at| now.saturating_sub(at) >= self.interval_ms);
        stale && self.failures == 0 && self.due_at_once(now)
    }

    /// The tab went out of view: no check starts until it is back (`became_visible`). For views
    /// whose answers matter only while seen; a check already in flight still lands.
    pub fn pause(&mut self) {
        self.paused = true;
    }

    pub fn stop(&mut self) {
        self.next_at = None;
    }

    /// How long to wait before the next check, or `None` when there is nothing to schedule
    /// (stopped, or a check in flight whose end will schedule the next).
    pub fn next_delay(&self, now: u64) -> Option<u64> {
        if self.in_flight || self.paused {
            return None;
        }
        self.next_at.map(|due| due.saturating_sub(now))
    }

    pub fn next_at(&self) -> Option<u64> {
        self.next_at
    }

    pub fn last_answer_at(&self) -> Option<u64> {
        self.last_answer_at
    }

    pub fn in_flight(&self) -> bool {
        self.in_flight
    }

    /// The check under way is one the person asked for: their "Check now" waits for it. A check the
    /// clock started leaves the button as it is (a state flipping every 30 s under a screen reader's
    /// focus is noise).
    pub fn asked_in_flight(&self) -> bool {
        self.in_flight && self.asked
    }

    pub fn stopped(&self) -> bool {
        self.next_at.is_none()
    }

    /// The service has not answered the last check(s): the view says "reconnecting".
    pub fn reconnecting(&self) -> bool {
        self.failures > 0
    }

    /// The last check was told to wait: the schedule checks less often until one is answered.
    pub fn rate_limited(&self) -> bool {
        self.wait_until.is_some()
    }

    /// Until when the service asked not to be asked again (the person's check is refused till then).
    pub fn wait_until(&self) -> Option<u64> {
        self.wait_until
    }

    fn backoff_ms(&self) -> u64 {
        let cap = self.interval_ms.saturating_mul(BACKOFF_CAP_INTERVALS);
        doubled(self.interval_ms, self.failures.saturating_sub(1), cap)
    }
}

/// The line under a page that checks: "Checked 12 s ago · next check in 18 s" (rounded up, so never
/// "in 0 s"); "Checking now…" while this tab asks; "checking…" once the check is due and this tab waits
/// for another tab's answer (a shared check, `Ahead::Wait`).
pub fn poll_line(in_flight: bool, last_answer_at: Option<u64>, next_at: Option<u64>, now: u64) -> String {
    if in_flight {
        return "Checking now…".into();
    }
    let checked = last_answer_at.map(|at| format!("Checked {} ago", describe_ms(now.saturating_sub(at))));
    let next = next_at.map(|at| match at.saturating_sub(now) {
        0 => "checking…".to_owned(),
        left => format!("next check in {}", describe_duration(u32::try_from(left.div_ceil(1000)).unwrap_or(u32::MAX))),
    });
    match (checked, next) {
        (Some(c), Some(n)) => format!("{c} · {n}"),
        (None, Some(n)) => format!("Not checked yet · {n}"),
        (Some(c), None) => c,
        (None, None) => String::new(),
    }
}

/// The warning's lead while the service asks for fewer checks: when the next one is, in the words
/// the service's message uses for when to try again ("in about an hour").
pub fn less_often_note(next_at: Option<u64>, now: u64) -> String {
    match next_at {
        Some(at) => format!(
            "The service asked storyreel to check less often; the next check is {}. ",
            wait_in_words(at.saturating_sub(now).div_ceil(1000))
        ),
        None => "The service asked storyreel to check less often. ".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: u64 = 1000;

    /// Runs one check at `now` with the given outcome; returns the delay to the next.
    fn check(schedule: &mut PollSchedule, now: u64, outcome: Outcome) -> Option<u64> {
        assert!(schedule.begin(now), "a check is due at {now}");
        schedule.finish(now, outcome);
        schedule.next_delay(now)
    }

    #[test]
    fn a_wait_doubles_to_its_cap_and_stays_there_however_long_the_run() {
        let waits: Vec<u64> = (0..6).map(|n| doubled(1_000, n, 30_000)).collect();
        assert_eq!(waits, [1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
        assert_eq!(doubled(1_000, u32::MAX, 30_000), 30_000, "no overflow after a very long run");
        assert_eq!(doubled(30_000, 0, 120_000), 30_000);
    }

    #[test]
    fn checks_at_once_then_every_interval() {
        let mut s = PollSchedule::new(30 * S, 5 * S);
        assert_eq!(s.next_delay(5 * S), Some(0));
        assert_eq!(check(&mut s, 5 * S, Outcome::Answered), Some(30 * S));
        assert!(!s.begin(34 * S), "not due before the interval");
        assert_eq!(s.next_delay(34 * S), Some(S));
        assert_eq!(check(&mut s, 35 * S, Outcome::Answered), Some(30 * S));
        assert_eq!(s.last_answer_at(), Some(35 * S));
    }

    #[test]
    fn reading_again_restarts_a_finished_schedule_but_never_doubles_or_skips_a_wait() {
        let mut s = PollSchedule::new(30 * S, 0);
        assert_eq!(check(&mut s, 0, Outcome::Finished), None);
        assert!(!s.check_now(S), "check now does not restart a finished schedule");
        assert!(s.read_again(2 * S));
        assert!(s.begin(2 * S));
        assert!(!s.read_again(2 * S), "not while a read is under way");
        s.finish(3 * S, Outcome::RateLimited { retry_after_ms: Some(10 * S) });
        assert!(!s.read_again(4 * S), "not before the service's Retry-After");
        assert!(!s.read_again(13 * S - 1));
        assert_eq!(s.next_delay(4 * S), Some(29 * S), "the interval, as the wait asked for is shorter");
        // The message said "try again in 10 seconds": the person's read then goes, not 30 s later.
        assert!(s.read_again(13 * S) && s.begin(13 * S));
    }

    #[test]
    fn only_a_check_the_person_asked_for_is_theirs() {
        let mut s = PollSchedule::new(30 * S, 0);
        assert!(s.begin(0));
        assert!(!s.asked_in_flight(), "the first check is the clock's");
        s.finish(S, Outcome::Answered);
        assert!(s.check_now(2 * S) && s.begin(2 * S));
        assert!(s.asked_in_flight(), "Check now");
        s.finish(3 * S, Outcome::Answered);
        assert!(!s.asked_in_flight());
        assert!(s.begin(33 * S));
        assert!(!s.asked_in_flight(), "the next one is the clock's again");
        s.finish(34 * S, Outcome::Answered);
        s.pause();
        assert!(s.became_visible(70 * S) && s.begin(70 * S));
        assert!(!s.asked_in_flight(), "coming back into view is not asking");
    }

    #[test]
    fn never_two_checks_in_flight() {
        let mut s = PollSchedule::new(30 * S, 0);
        assert!(s.begin(0));
        assert!(!s.begin(0), "a second begin while in flight");
        assert!(!s.check_now(1), "check now while in flight");
        assert!(!s.became_visible(2));
        assert_eq!(s.next_delay(3), None, "nothing is scheduled while a check is under way");
        s.finish(4, Outcome::Answered);
        assert_eq!(s.next_delay(4), Some(30 * S));
    }

    #[test]
    fn check_now_resets_the_schedule() {
        let mut s = PollSchedule::new(30 * S, 0);
        check(&mut s, 0, Outcome::Answered);
        assert!(s.check_now(12 * S));
        assert_eq!(check(&mut s, 12 * S, Outcome::Answered), Some(30 * S));
        assert_eq!(s.next_at(), Some(42 * S), "the interval counts from the manual check");
    }

    #[test]
    fn errors_back_off_to_a_cap_and_an_answer_recovers() {
        let mut s = PollSchedule::new(30 * S, 0);
        let mut now = 0;
        let mut delays = Vec::new();
        for _ in 0..5 {
            let delay = check(&mut s, now, Outcome::Unreachable).unwrap();
            assert!(s.reconnecting());
            delays.push(delay / S);
            now += delay;
        }
        assert_eq!(delays, [30, 60, 120, 120, 120]);
        assert_eq!(check(&mut s, now, Outcome::Answered), Some(30 * S));
        assert!(!s.reconnecting());
        assert_eq!(check(&mut s, now + 30 * S, Outcome::Unreachable), Some(30 * S), "back-off starts over");
    }

    #[test]
    fn many_failures_never_overflow() {
        let mut s = PollSchedule::new(u64::MAX / 8, 0);
        for _ in 0..100 {
            s.begin(s.next_at().unwrap());
            s.finish(0, Outcome::Unreachable);
        }
        assert_eq!(s.next_delay(0), Some(u64::MAX / 8 * 4));
    }

    #[test]
    fn retry_after_is_honoured_and_never_shortens_the_interval() {
        let mut s = PollSchedule::new(30 * S, 0);
        assert_eq!(check(&mut s, 0, Outcome::RateLimited { retry_after_ms: Some(90 * S) }), Some(90 * S));
        assert!(s.rate_limited());
        assert!(!s.check_now(S), "check now waits for what the service asked");
        assert_eq!(s.wait_until(), Some(90 * S));
        assert_eq!(check(&mut s, 90 * S, Outcome::RateLimited { retry_after_ms: Some(2 * S) }), Some(30 * S));
        assert_eq!(check(&mut s, 120 * S, Outcome::RateLimited { retry_after_ms: None }), Some(30 * S));
        assert!(!s.check_now(149 * S), "without a Retry-After, the wait is the interval");
        assert!(s.rate_limited());
        assert_eq!(check(&mut s, 150 * S, Outcome::Answered), Some(30 * S));
        assert!(!s.rate_limited());
    }

    #[test]
    fn stops_at_a_terminal_status_and_when_giving_up() {
        for outcome in [Outcome::Finished, Outcome::GaveUp] {
            let mut s = PollSchedule::new(30 * S, 0);
            check(&mut s, 0, Outcome::Answered);
            assert_eq!(check(&mut s, 30 * S, outcome), None);
            assert!(s.stopped());
            assert!(!s.begin(u64::MAX));
            assert!(!s.check_now(31 * S));
            assert!(!s.became_visible(31 * S));
        }
    }

    #[test]
    fn stopping_while_in_flight_ignores_the_late_answer() {
        let mut s = PollSchedule::new(30 * S, 0);
        assert!(s.begin(0));
        s.stop();
        s.finish(S, Outcome::Answered);
        assert!(s.stopped());
        assert_eq!(s.next_delay(S), None);
    }

    #[test]
    fn coming_back_into_view_checks_only_when_stale() {
        let mut s = PollSchedule::new(30 * S, 0);
        check(&mut s, 0, Outcome::Answered);
        assert!(!s.became_visible(10 * S), "a 10 s old answer is fresh");
        assert_eq!(s.next_at(), Some(30 * S));
        // A hidden tab's timer was throttled past its due time.
        assert!(s.became_visible(95 * S));
        assert_eq!(check(&mut s, 95 * S, Outcome::Answered), Some(30 * S));
    }

    #[test]
    fn coming_back_into_view_does_not_cut_a_back_off_short() {
        let mut s = PollSchedule::new(30 * S, 0);
        check(&mut s, 0, Outcome::Unreachable);
        assert!(!s.became_visible(40 * S));
        assert_eq!(s.next_at(), Some(30 * S));
    }

    #[test]
    fn a_paused_schedule_waits_for_the_tab_to_come_back() {
        let mut s = PollSchedule::new(30 * S, 0);
        check(&mut s, 0, Outcome::Answered);
        s.pause();
        assert_eq!(s.next_delay(10 * S), None, "no timer while hidden");
        assert!(!s.begin(90 * S), "nothing starts while hidden, however overdue");
        assert!(s.became_visible(95 * S), "back after the interval: check at once");
        assert_eq!(check(&mut s, 95 * S, Outcome::Answered), Some(30 * S));

        s.pause();
        assert!(!s.became_visible(100 * S), "back within the interval: no extra check");
        assert_eq!(s.next_delay(100 * S), Some(25 * S), "the regular check stays where it was");
    }

    #[test]
    fn an_answer_in_flight_when_hidden_still_lands() {
        let mut s = PollSchedule::new(30 * S, 0);
        assert!(s.begin(0));
        s.pause();
        s.finish(S, Outcome::Answered);
        assert_eq!(s.last_answer_at(), Some(S));
        assert_eq!(s.next_delay(S), None);
        assert!(s.check_now(2 * S), "check now (a person is looking) resumes");
    }

    #[test]
    fn errors_map_to_waiting_as_asked_or_backing_off() {
        let answer = |status, retry_after| ApiError::from_response(status, retry_after, "");
        assert_eq!(outcome_after_error(&answer(429, Some("7"))), Outcome::RateLimited { retry_after_ms: Some(7000) });
        assert_eq!(outcome_after_error(&answer(429, None)), Outcome::RateLimited { retry_after_ms: None });
        assert_eq!(outcome_after_error(&answer(503, Some("4"))), Outcome::RateLimited { retry_after_ms: Some(4000) });
        for e in [ApiError::network(), ApiError::timeout(), answer(502, None), answer(503, None), ApiError::decode()] {
            assert_eq!(outcome_after_error(&e), Outcome::Unreachable, "{e:?}");
        }
    }

    #[test]
    fn a_timer_never_waits_past_an_hour_nor_past_what_a_browser_timer_holds() {
        for (delay, timer) in [(0, 0), (1, 1), (59_999, 59_999), (3_600_000, 3_600_000), (3_600_001, 3_600_000)] {
            assert_eq!(timer_ms(delay), timer, "{delay}");
        }
        for delay in [1 << 31, u64::from(u32::MAX), 9_999_999_999_000, u64::MAX] {
            assert_eq!(timer_ms(delay), 3_600_000, "{delay}");
        }
        assert!(i32::try_from(timer_ms(u64::MAX)).is_ok(), "a browser takes it as a signed 32-bit number");
        assert_eq!(doubled(1 << 63, 1, u64::MAX), u64::MAX, "a huge first wait saturates, never wraps to 0");
    }

    #[test]
    fn a_hostile_retry_after_waits_an_hour_and_the_page_says_so() {
        // A date in the year 9999, as the browser reads it.
        let date_ms = |_: &str| 253_402_300_799_000.0;
        for value in ["9999999999", "18446744073709551616", "3601", "Fri, 31 Dec 9999 23:59:59 GMT"] {
            // As the client reads an answer: the header, then the error with what it says.
            let seconds = crate::api::retry_after_seconds(value, 0.0, date_ms);
            let e = ApiError::from_response_hiding(429, seconds, "", "");
            assert_eq!(outcome_after_error(&e), Outcome::RateLimited { retry_after_ms: Some(3_600 * S) }, "{value}");
            let mut s = PollSchedule::new(30 * S, 10 * S);
            assert_eq!(check(&mut s, 10 * S, outcome_after_error(&e)), Some(3_600 * S), "{value}");
            assert_eq!(s.wait_until(), Some(3_610 * S));
            assert_eq!(poll_line(false, None, s.next_at(), 10 * S), "Not checked yet · next check in 60 min");
            let note = less_often_note(s.next_at(), 10 * S);
            assert_eq!(note, "The service asked storyreel to check less often; the next check is in about an hour. ");
            assert!(!s.check_now(3_609 * S) && s.check_now(3_610 * S), "Check now opens as the hour ends");
        }
        // An outcome made by hand, at the end of time: no overflow, and still an hour at most.
        let mut s = PollSchedule::new(30 * S, 0);
        assert_eq!(check(&mut s, 0, Outcome::RateLimited { retry_after_ms: Some(u64::MAX) }), Some(3_600 * S));
        let end = u64::MAX - S;
        assert!(s.check_now(end) && s.begin(end));
        s.finish(end, Outcome::RateLimited { retry_after_ms: Some(u64::MAX) });
        assert_eq!((s.next_at(), s.wait_until()), (Some(u64::MAX), Some(u64::MAX)));
        let mut huge = PollSchedule::new(u64::MAX, 0);
        assert_eq!(check(&mut huge, 0, Outcome::Unreachable), Some(u64::MAX), "a back-off cap that would overflow");
    }

    #[test]
    fn the_note_while_checking_less_often_says_when_the_next_check_is() {
        let lead = "The service asked storyreel to check less often";
        assert_eq!(less_often_note(Some(40 * S), 10 * S), format!("{lead}; the next check is in 30 seconds. "));
        assert_eq!(less_often_note(Some(10 * S + 1), 10 * S), format!("{lead}; the next check is in 1 second. "));
        assert_eq!(less_often_note(Some(610 * S), 10 * S), format!("{lead}; the next check is in about 10 minutes. "));
        assert_eq!(less_often_note(Some(10 * S), 10 * S), format!("{lead}; the next check is in a moment. "));
        assert_eq!(less_often_note(Some(S), 10 * S), format!("{lead}; the next check is in a moment. "), "overdue");
        assert_eq!(less_often_note(None, 10 * S), format!("{lead}. "));
    }

    #[test]
    fn the_poll_line_never_says_in_0_s_and_says_when_another_tab_is_awaited() {
        assert_eq!(poll_line(false, Some(1_000), Some(31_000), 1_000), "Checked 0 s ago · next check in 30 s");
        assert_eq!(poll_line(false, Some(1_000), Some(31_000), 30_700), "Checked 30 s ago · next check in 1 s");
        assert_eq!(poll_line(false, Some(1_000), Some(31_000), 31_000), "Checked 30 s ago · checking…");
        assert_eq!(poll_line(false, Some(1_000), Some(31_000), 33_000), "Checked 32 s ago · checking…", "waiting");
        assert_eq!(poll_line(true, Some(1_000), Some(31_000), 31_000), "Checking now…");
        assert_eq!(poll_line(false, None, Some(5_000), 0), "Not checked yet · next check in 5 s");
        assert_eq!(poll_line(false, Some(0), None, 2_000), "Checked 2 s ago");
    }
}
