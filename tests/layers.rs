//! The app's modules import each other in one direction only: no circle, and nothing in a lower layer
//! imports a higher one (issue 24). Read from `src/` by `storyreel-layers`; native only.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;
use storyreel_layers::{cycles, source_graph, wrong_layers, Graph, Layers};

/// Bottom to top. A module may import its own layer and those below it, never one above; a
/// submodule (`domain::keys`) is in its parent's layer unless listed itself.
const LAYERS: Layers = &[
    ("the service's models and client", "api keyed"),
    ("rules, pure and tested natively", "domain config routes stored_tests"),
    (
        "reactive helpers that know no page",
        "hooks::use_effect hooks::use_task hooks::use_debounce hooks::use_retry hooks::use_text_track",
    ),
    ("the browser's APIs", "browser"),
    ("session and navigation", "session router"),
    ("hooks over the session and the browser", "hooks"),
    ("components", "components"),
    ("pages", "pages"),
    ("the shell", "app"),
];

#[test]
fn modules_import_each_other_without_cycles() {
    let cycles = cycles(&graph());
    assert!(cycles.is_empty(), "modules import each other in a circle:\n  {}", cycles.join("\n  "));
}

#[test]
fn no_module_imports_a_higher_layer() {
    let wrong = wrong_layers(&graph(), LAYERS);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = source_graph(&src);
    // A reader that silently found nothing would pass; the client's own imports show it reads.
    assert!(graph.get("api::client").is_some_and(|imports| !imports.is_empty()), "no edges read from {src:?}");
    graph
}
