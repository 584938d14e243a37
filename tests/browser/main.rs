//! Every browser test in one test binary: one wasm to link and one browser session per run, for
//! each browser and simulator profile (the simulator's address is read at run time, see `common`).
//! Each module mounts what it tests into a fresh element and cleans the storage it uses.
#![cfg(target_arch = "wasm32")]

mod common;

mod captions;
mod client;
mod confirm_dialog;
mod create_review;
mod hooks;
mod load;
mod look;
mod persons;
mod projects;
mod revise;
mod router;
mod script;
mod several_stories;
mod shared_checks;
mod sign_in;
mod spending;
mod storage;
mod styles;
mod video;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
