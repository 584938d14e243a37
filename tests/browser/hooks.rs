//! The timing hooks in a real browser: a debounced function runs once calls pause, and never after its
//! component is gone; a retried attempt waits longer after each failure, and stops once done or once
//! its component is gone.

use crate::common::*;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use storyreel::hooks::{use_debounce, use_retry, Attempt};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_debounced_function_runs_once_calls_pause_and_never_after_its_component_is_gone() {
    let owner = Owner::new();
    let runs = Rc::new(Cell::new(0));
    let counted = runs.clone();
    let debounced = owner.with(|| use_debounce(400, move || counted.set(counted.get() + 1)));

    // Three calls in one turn: however loaded the host, they come closer together than the pause.
    for _ in 0..3 {
        debounced.call();
    }
    sleep(0).await;
    assert_eq!(runs.get(), 0, "no run while calls keep coming");
    wait_for("the run after the pause", || (runs.get() == 1).then_some(())).await;
    sleep(900).await;
    assert_eq!(runs.get(), 1, "one run for the three calls");

    debounced.call();
    debounced.now();
    assert_eq!(runs.get(), 2, "now runs at once");
    sleep(900).await;
    assert_eq!(runs.get(), 2, "in place of the run that was waiting");

    debounced.call();
    debounced.cancel();
    sleep(900).await;
    assert_eq!(runs.get(), 2, "a cancelled run never comes");

    debounced.call();
    owner.cleanup();
    sleep(900).await;
    assert_eq!(runs.get(), 2, "nor one still waiting when its component went away");
    debounced.call();
    debounced.now();
    assert_eq!(runs.get(), 2, "nor any after");
}

thread_local! {
    static TRIED_AT: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
    static FAILURES_LEFT: Cell<u32> = const { Cell::new(0) };
}

fn now() -> f64 {
    web_sys::window().unwrap().performance().unwrap().now()
}

/// Notes when it was tried; fails while failures are left.
async fn attempt() -> Attempt {
    TRIED_AT.with(|t| t.borrow_mut().push(now()));
    let left = FAILURES_LEFT.get();
    FAILURES_LEFT.set(left.saturating_sub(1));
    if left > 0 {
        Attempt::Again
    } else {
        Attempt::Done
    }
}

fn tries() -> Vec<f64> {
    TRIED_AT.with(|t| t.borrow().clone())
}

#[wasm_bindgen_test]
async fn a_retried_attempt_waits_longer_after_each_failure_until_done_or_its_component_is_gone() {
    let _page = one_at_a_time().await;
    // Nothing else is mounted here, and mounting is what starts leptos' executor: when this test is
    // the first to get the page, use_retry's task would have nowhere to run.
    drop(leptos::mount::mount_to(container(), || ()));
    TRIED_AT.with(|t| t.borrow_mut().clear());
    FAILURES_LEFT.set(4);
    let owner = Owner::new();
    let start = owner.with(|| use_retry(50, 150, attempt));
    start();
    wait_for("the fifth try", || (tries().len() == 5).then_some(())).await;
    let t = tries();
    let gaps: Vec<f64> = t.windows(2).map(|w| w[1] - w[0]).collect();
    // A timer never fires early; a busy machine only makes it late, so only the least waits are held
    // here. The cap (150 ms, where doubling would give 400) is `domain::polling::doubled`'s, tested natively.
    let waits = [49.0, 99.0, 149.0, 149.0];
    assert!(gaps.iter().zip(waits).all(|(gap, wait)| *gap >= wait), "waits of 50, 100, 150, 150 ms: {gaps:?}");
    sleep(600).await;
    assert_eq!(tries().len(), 5, "no try once done");

    // Failing for ever: the tries stop with the component.
    FAILURES_LEFT.set(u32::MAX);
    start();
    wait_for("the first try of the second start", || (tries().len() == 6).then_some(())).await;
    owner.cleanup();
    sleep(600).await;
    assert_eq!(tries().len(), 6, "no try after the component is gone");
}

/// `use_poller`'s `ahead`: an answer that came another way is taken as it comes, "Check now" goes
/// past a wait, and nothing taken after a finishing answer starts the schedule again.
#[wasm_bindgen_test]
async fn a_poller_takes_answers_that_came_another_way_but_never_after_it_finished() {
    use storyreel::domain::polling::Outcome;
    use storyreel::hooks::{use_poller, Ahead, Moment, UsePollerOptions};
    let owner = Owner::new();
    let asked = Rc::new(Cell::new(0));
    // Answers that "came another way", as another tab's: each says whether it finishes the work.
    let offered = Rc::new(RefCell::new(None::<bool>));
    let applied = Rc::new(RefCell::new(Vec::<&str>::new()));
    let poller = owner.with(|| {
        let (asked, offered, applied) = (asked.clone(), offered.clone(), applied.clone());
        let ahead = move |moment: Moment| match (offered.borrow_mut().take(), moment) {
            (Some(done), _) => Ahead::Take(done),
            (None, Moment::Due) => Ahead::Wait(60_000),
            (None, _) => Ahead::Check,
        };
        use_poller(
            UsePollerOptions { interval_ms: 100, pause_while_hidden: false, ahead: Some(Box::new(ahead)) },
            move || {
                asked.set(asked.get() + 1);
                async { false }
            },
            move |done: bool| {
                applied.borrow_mut().push(if done { "done" } else { "under way" });
                if done {
                    Outcome::Finished
                } else {
                    Outcome::Answered
                }
            },
        )
    });
    // The first check was due at once; the rule says wait (another place checks).
    sleep(300).await;
    assert_eq!(asked.get(), 0, "waiting, not asking");
    *offered.borrow_mut() = Some(false);
    poller.nudge();
    assert_eq!(*applied.borrow(), ["under way"], "taken as it came");
    poller.check_now();
    sleep(50).await;
    assert_eq!(asked.get(), 1, "check now asks past the wait");
    assert_eq!(*applied.borrow(), ["under way", "under way"]);

    *offered.borrow_mut() = Some(true);
    poller.nudge();
    assert_eq!(applied.borrow().last(), Some(&"done"));
    // An older answer arriving after the one that finished: never taken, nothing starts again.
    *offered.borrow_mut() = Some(false);
    poller.nudge();
    sleep(300).await;
    assert_eq!(applied.borrow().len(), 3, "{:?}", applied.borrow());
    assert_eq!(asked.get(), 1);
    owner.cleanup();
}
