//! The simulator's modules import each other in one direction only. Issue 24 (item 6) found
//! `cdn -> media -> store -> urls -> views` going round in a circle; these tests read `src/`, build the graph of
//! which module names which (`storyreel-layers`), and fail on any cycle or any import of a higher layer, naming it.

use storyreel_layers::{assert_in_layers, assert_no_cycles, crate_graph, Graph, Layers};

/// Bottom to top, each with its modules. A module may import its own layer and those below it, never one above.
/// A submodule (`api::actions`) is in its parent's layer unless listed itself.
const LAYERS: Layers = &[
    ("basics", "error clock config ids story timeline faults request_log"),
    ("domain", "model ledger scene_ids vocabulary svg body generation"),
    ("store", "store"),
    ("addresses and bodies", "urls views"),
    ("handler state", "state"),
    ("handlers", "auth middleware alt_errors site media cdn control control_access api"),
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
    crate_graph(env!("CARGO_MANIFEST_DIR"), "store", "model")
}
