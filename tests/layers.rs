//! The app's modules import each other in one direction only: no circle, and nothing in a lower layer
//! imports a higher one (issue 24). Read from `src/` by `storyreel-layers`; native only.
#![cfg(not(target_arch = "wasm32"))]

use storyreel_layers::{assert_in_layers, assert_no_cycles, crate_graph, Graph, Layers};

/// Bottom to top. A module may import its own layer and those below it, never one above; a
/// submodule (`domain::keys`) is in its parent's layer unless listed itself.
const LAYERS: Layers = &[
    ("the service's models and client", "api keyed"),
    ("rules, pure and tested natively", "domain config routes split_code stored_tests boot_copies_tests"),
    (
        "reactive helpers that know no page",
        "hooks::use_effect hooks::use_task hooks::use_debounce hooks::use_retry hooks::use_text_track hooks::use_timeout_fn",
    ),
    ("the browser's APIs", "browser"),
    ("what is kept for the account signed in", "stores"),
    ("session and navigation", "session router"),
    ("hooks over the session and the browser", "hooks"),
    ("components", "components"),
    ("pages", "pages"),
    ("the pages' code, downloaded when first opened", "page_code"),
    ("the shell", "app"),
];

#[test]
fn modules_import_each_other_without_cycles() {
    assert_no_cycles(&graph());
}

#[test]
fn no_module_imports_a_higher_layer() {
    assert_in_layers(&graph(), LAYERS);
}

fn graph() -> Graph {
    crate_graph(env!("CARGO_MANIFEST_DIR"), "api::client", "api::error")
}
