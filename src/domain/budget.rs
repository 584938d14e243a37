//! A monthly credit budget the person sets on this device, and what a paid dialog says against it:
//! what this month has cost through storyreel, what the action adds, and what remains or by how much
//! it goes over. Going over is a warning the person may go past, never a block: the service, not
//! storyreel, holds the balance.

use super::spending::{Basis, Figure};

/// The most a budget may be: far more than an account spends in a month, and small enough that a
/// month's figures added to it never overflow.
pub const MAX_BUDGET: i64 = 100_000_000;

/// The budget as typed: empty removes it; otherwise whole credits from 1 to `MAX_BUDGET`.
pub fn parse(typed: &str) -> Result<Option<i64>, String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(None);
    }
    let plain: String = typed.chars().filter(|c| !matches!(c, ',' | '_' | ' ' | '\u{a0}')).collect();
    match plain.parse::<i64>() {
        Ok(n) if (1..=MAX_BUDGET).contains(&n) => Ok(Some(n)),
        Ok(_) => Err(format!("Enter a number of credits from 1 to {MAX_BUDGET}, or leave it empty for no budget.")),
        Err(_) => Err("Enter a whole number of credits, such as 2000, or leave it empty for no budget.".to_owned()),
    }
}

/// What a paid dialog says about the month, and whether it goes over the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outlook {
    pub text: String,
    pub over: bool,
}

/// `month`: what this month has cost through storyreel (`Spending::totals`); `adds`: the credits
/// the action states, none where it states none (a new image alone).
pub fn outlook(budget: Option<i64>, month: Figure, adds: Option<i64>) -> Outlook {
    let so_far = match month.credits {
        0 if month.basis == Basis::Estimated => {
            "This month storyreel has sent nothing paid for this account.".to_owned()
        }
        _ => format!("This month so far: {}.", month.describe()),
    };
    let added = match adds {
        Some(n) => format!(" This adds about {n}."),
        None => " This adds a cost the service does not state.".to_owned(),
    };
    let Some(budget) = budget else {
        return Outlook {
            text: format!("{so_far}{added} No monthly budget is set (the Spending page sets one)."),
            over: false,
        };
    };
    let total = month.credits + adds.unwrap_or(0);
    // A figure nobody stated makes the total a floor: "at least", never a guess.
    let (about, left) = hedges(adds.is_none() || month.basis == Basis::AtLeast);
    let against = if total > budget {
        format!(
            " That makes {about} {total}, over your monthly budget of {budget} by {about} {}. You can still go ahead.",
            total - budget
        )
    } else {
        format!(" That makes {about} {total} of your monthly budget of {budget}: {left} {} left.", budget - total)
    };
    Outlook { text: format!("{so_far}{added}{against}"), over: total > budget }
}

/// The Spending page's line for the month against the budget.
pub fn month_against(budget: i64, month: Figure) -> String {
    let (about, left) = hedges(month.basis == Basis::AtLeast);
    if month.credits > budget {
        format!("Monthly budget: {budget} credits, gone over by {about} {}.", month.credits - budget)
    } else {
        format!("Monthly budget: {budget} credits, {left} {} left this month.", budget - month.credits)
    }
}

/// How a total and what is left of the budget are said: of a floor (a cost nobody stated), "at
/// least" spent and "at most" left; of estimates, "about" both.
fn hedges(floor: bool) -> (&'static str, &'static str) {
    if floor {
        ("at least", "at most")
    } else {
        ("about", "about")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn estimated(credits: i64) -> Figure {
        Figure { credits, basis: Basis::Estimated }
    }

    #[test]
    fn a_budget_is_whole_credits_from_one_and_empty_is_none() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("   "), Ok(None));
        assert_eq!(parse("2000"), Ok(Some(2000)));
        assert_eq!(parse(" 2,000 "), Ok(Some(2000)));
        assert_eq!(parse("1 500"), Ok(Some(1500)));
        assert_eq!(parse("1"), Ok(Some(1)));
        assert_eq!(parse(&MAX_BUDGET.to_string()), Ok(Some(MAX_BUDGET)));
        for bad in ["0", "-5", &(MAX_BUDGET + 1).to_string()] {
            assert!(parse(bad).unwrap_err().contains("from 1 to"), "{bad}");
        }
        for bad in ["12.5", "abc", "1e3", "99999999999999999999"] {
            assert!(parse(bad).unwrap_err().contains("whole number"), "{bad}");
        }
    }

    #[test]
    fn within_the_budget_the_dialog_says_what_is_left() {
        let o = outlook(Some(1000), estimated(300), Some(200));
        assert!(!o.over);
        assert_eq!(
            o.text,
            "This month so far: about 300 credits, estimated. This adds about 200. That makes about 500 of your monthly budget of 1000: about 500 left."
        );
        // Exactly at the budget is not over it.
        assert!(!outlook(Some(500), estimated(300), Some(200)).over);
    }

    #[test]
    fn over_the_budget_is_a_warning_with_the_amount_never_a_block() {
        let o = outlook(Some(1000), estimated(900), Some(300));
        assert!(o.over);
        assert!(
            o.text.ends_with(
                "That makes about 1200, over your monthly budget of 1000 by about 200. You can still go ahead."
            ),
            "{}",
            o.text
        );
    }

    #[test]
    fn an_unstated_cost_makes_the_figures_a_floor() {
        let o = outlook(Some(1000), estimated(300), None);
        assert!(o.text.contains("This adds a cost the service does not state."), "{}", o.text);
        assert!(
            o.text.ends_with("That makes at least 300 of your monthly budget of 1000: at most 700 left."),
            "{}",
            o.text
        );
        let month = Figure { credits: 1100, basis: Basis::AtLeast };
        let o = outlook(Some(1000), month, Some(100));
        assert!(o.over);
        assert!(o.text.contains("over your monthly budget of 1000 by at least 200"), "{}", o.text);
    }

    #[test]
    fn without_a_budget_the_month_and_the_action_are_still_said() {
        let o = outlook(None, estimated(0), Some(300));
        assert!(!o.over);
        assert_eq!(
            o.text,
            "This month storyreel has sent nothing paid for this account. This adds about 300. No monthly budget is set (the Spending page sets one)."
        );
    }

    #[test]
    fn the_spending_page_says_what_is_left_or_how_far_over() {
        assert_eq!(month_against(1000, estimated(400)), "Monthly budget: 1000 credits, about 600 left this month.");
        assert_eq!(month_against(1000, estimated(1000)), "Monthly budget: 1000 credits, about 0 left this month.");
        assert_eq!(month_against(1000, estimated(1250)), "Monthly budget: 1000 credits, gone over by about 250.");
        let floor = Figure { credits: 400, basis: Basis::AtLeast };
        assert_eq!(month_against(1000, floor), "Monthly budget: 1000 credits, at most 600 left this month.");
    }
}
