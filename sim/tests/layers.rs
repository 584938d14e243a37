//! The simulator's modules import each other in one direction only. Issue 24 (item 6) found
//! `cdn -> media -> store -> urls -> views` going round in a circle; these tests read `src/`, build the graph of
//! which module names which (`storyreel-layers`), and fail on any cycle or any import of a higher layer, naming it.

use std::path::Path;
use storyreel_layers::{cycles, source_graph, wrong_layers, Graph, Layers};

/// Bottom to top, each with its modules. A module may import its own layer and those below it, never one above.
/// A submodule (`api::actions`) is in its parent's layer unless listed itself.
const LAYERS: Layers = &[
    ("basics", "error clock config ids story timeline faults request_log"),
    ("domain", "model ledger scene_ids vocabulary svg body generation"),
    ("store", "store"),
    ("addresses and bodies", "urls views"),
    ("handler state", "state"),
    ("handlers", "auth middleware alt_errors site media cdn control api"),
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
    // A reader that silently found nothing would pass; the store's own imports show it reads.
    assert!(graph.get("store").is_some_and(|imports| imports.contains("model")), "no edges read from {src:?}");
    graph
}
