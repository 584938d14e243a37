//! `use_load` in a real browser: a reload asked while a read is under way is not lost, reads never
//! overlap, and nothing is read or shown once its component is gone. Each read waits until the test
//! lets it answer, so "during a read" holds however slow the machine is.

use crate::common::*;
use leptos::prelude::*;
use std::cell::Cell;
use storyreel::hooks::use_load;
use wasm_bindgen_test::*;

thread_local! {
    static STARTED: Cell<u32> = const { Cell::new(0) };
    static RELEASED: Cell<u32> = const { Cell::new(0) };
    static AT_ONCE: Cell<u32> = const { Cell::new(0) };
    static MOST_AT_ONCE: Cell<u32> = const { Cell::new(0) };
}

/// The n-th read answers n, once the test has released it.
async fn read() -> u32 {
    let n = STARTED.get() + 1;
    STARTED.set(n);
    AT_ONCE.set(AT_ONCE.get() + 1);
    MOST_AT_ONCE.set(MOST_AT_ONCE.get().max(AT_ONCE.get()));
    while RELEASED.get() < n {
        sleep(10).await;
    }
    AT_ONCE.set(AT_ONCE.get() - 1);
    n
}

fn started(n: u32) -> Option<()> {
    (STARTED.get() == n).then_some(())
}

#[wasm_bindgen_test]
async fn a_reload_asked_during_a_read_reads_again_after_it_and_never_alongside() {
    // leptos starts its executor as it mounts a view; run alone, this test would mount none.
    let _mounted = leptos::mount::mount_to(container(), || ());
    let owner = Owner::new();
    let (value, reload) = owner.with(|| use_load(read));
    wait_for("the first read", || started(1)).await;

    reload();
    reload();
    sleep(100).await;
    assert_eq!(STARTED.get(), 1, "no read begins while one is under way");
    assert_eq!(value.get_untracked(), None);

    RELEASED.set(1);
    wait_for("the read the reloads asked for", || started(2)).await;
    assert_eq!(value.get_untracked(), Some(1), "the first answer is shown meanwhile");
    RELEASED.set(2);
    wait_for("the answer of the read begun after the reloads", || (value.get_untracked() == Some(2)).then_some(()))
        .await;
    sleep(100).await;
    assert_eq!(STARTED.get(), 2, "both reloads asked during one read are answered by one more read");

    reload();
    wait_for("a reload asked while nothing is read", || started(3)).await;
    reload();
    owner.cleanup();
    RELEASED.set(u32::MAX);
    sleep(150).await;
    reload();
    sleep(150).await;
    assert_eq!(
        STARTED.get(),
        3,
        "the component is gone: the reload asked during its read reads nothing, nor one after"
    );
    assert_eq!(MOST_AT_ONCE.get(), 1, "reads never overlap");
}
