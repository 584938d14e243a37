//! One stream of status checks for a project open in several tabs: the tab holding the project's
//! lock asks the service and shares each answer; the others take those answers instead of asking.
//! These are the rules a tab that does not check goes by, free of the browser.

/// What a tab waiting for the checking tab's answer does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Another tab's answer came since this tab last took one: take it.
    Take,
    /// Ask the service: this tab checks now (it holds the lock, or the person pressed "Check now"),
    /// it has nothing to show yet, or the checking tab has been silent too long.
    Ask,
    /// Wait for another tab's answer, at most this many milliseconds more.
    Wait(u64),
}

/// How long a tab whose check is due waits on a silent checking tab before it asks the service itself.
/// The checking tab's answers come an interval apart (plus a request's time), and a tab takes each as
/// it comes, so its own check falls due about when the next answer is sent: one late by a whole
/// interval more (and 2 s for a slow answer or a busy machine's timers) means that tab is stuck (a
/// request hanging, a background tab's throttled timers).
pub fn patience_ms(interval_ms: u64) -> u64 {
    interval_ms.saturating_add(2_000)
}

/// Why a tab is at a turn: what it knows when its schedule says a check is due.
#[derive(Clone, Copy, Debug, Default)]
pub struct AtTurn {
    /// It holds the lock: it is the tab that checks.
    pub checks: bool,
    /// The person pressed "Check now" here: the service is asked, whoever checks.
    pub asked: bool,
    /// It shows an answer already; a page with none asks at once rather than wait.
    pub shown: bool,
    /// Another tab's answer came since it last took one.
    pub fresh: bool,
    /// How long it has waited for one so far.
    pub waited_ms: u64,
}

pub fn next_turn(at: AtTurn, interval_ms: u64) -> Turn {
    let patience = patience_ms(interval_ms);
    if at.asked {
        Turn::Ask
    } else if at.fresh {
        Turn::Take
    } else if at.checks || !at.shown || at.waited_ms >= patience {
        Turn::Ask
    } else {
        Turn::Wait(patience - at.waited_ms)
    }
}

/// The name of the lock and the channel of one project's checks, per sign-in: two people signed in in
/// two tabs of one browser never share answers. `account` is `account::fingerprint` of the tab's token,
/// never the token.
pub fn channel_name(account: &str, project_id: i64) -> String {
    format!("storyreel.status.{account}.{project_id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE_HALF: u64 = 30_000;

    const SHOWN: AtTurn = AtTurn { checks: false, asked: false, shown: true, fresh: false, waited_ms: 0 };

    #[test]
    fn an_answer_from_another_tab_is_taken_whoever_checks() {
        assert_eq!(next_turn(AtTurn { fresh: true, ..SHOWN }, MINUTE_HALF), Turn::Take);
        assert_eq!(next_turn(AtTurn { fresh: true, checks: true, ..SHOWN }, MINUTE_HALF), Turn::Take);
    }

    #[test]
    fn the_checking_tab_a_tab_with_nothing_shown_and_check_now_ask_the_service() {
        assert_eq!(next_turn(AtTurn { checks: true, ..SHOWN }, MINUTE_HALF), Turn::Ask);
        assert_eq!(next_turn(AtTurn { shown: false, ..SHOWN }, MINUTE_HALF), Turn::Ask, "the page shows at once");
        assert_eq!(next_turn(AtTurn { asked: true, fresh: true, ..SHOWN }, MINUTE_HALF), Turn::Ask, "check now");
    }

    #[test]
    fn a_silent_checking_tab_is_waited_for_one_interval_and_2_s_then_not() {
        assert_eq!(next_turn(SHOWN, MINUTE_HALF), Turn::Wait(32_000));
        assert_eq!(next_turn(AtTurn { waited_ms: 31_000, ..SHOWN }, MINUTE_HALF), Turn::Wait(1_000));
        assert_eq!(next_turn(AtTurn { waited_ms: 32_000, ..SHOWN }, MINUTE_HALF), Turn::Ask);
        assert_eq!(next_turn(AtTurn { waited_ms: 90_000, ..SHOWN }, MINUTE_HALF), Turn::Ask);
        assert_eq!(patience_ms(u64::MAX), u64::MAX);
    }

    #[test]
    fn each_account_and_project_has_its_own_channel() {
        assert_eq!(channel_name("123:1", 7), "storyreel.status.123:1.7");
        assert_ne!(channel_name("123:1", 7), channel_name("456:2", 7));
        assert_ne!(channel_name("123:1", 7), channel_name("123:1", 8));
    }
}
