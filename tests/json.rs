//! The browser's JSON engine (JSON.parse and JSON.stringify behind `storyreel::json`), which only
//! the wasm build uses; natively serde_json does the same job, so the two must agree.
#![cfg(target_arch = "wasm32")]

use serde_json::json;
use storyreel::json::{parse, write, MAX_DEPTH};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn reads_what_serde_json_reads() {
    let text = r#"{"id": 42, "progress": 42.5, "neg": -3, "big": 1700000000000, "ok": true, "none": null,
        "name": "Ünïcode \"fox\" 🦊 \u00e9", "scenes": [{"scene_number": 1}, 2, "three", [], {}],
        "nested": {"deeper": {"x": [1, [2, [3]]]}}}"#;
    let from_browser = parse(text).expect("valid JSON");
    let from_serde: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(from_browser, from_serde);
    assert!(from_browser["id"].is_i64(), "whole numbers stay integers");
    assert_eq!(from_browser["progress"].as_f64(), Some(42.5));
}

#[wasm_bindgen_test]
fn writes_what_it_reads_back() {
    let value = json!({"story_idea": "A fox \"crosses\"\n a lake 🦊", "num_scenes": 3, "flags": [true, false, null],
                       "nested": {"empty": {}, "list": []}, "half": 0.5});
    let text = write(&value);
    assert_eq!(parse(&text).unwrap(), value);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), value, "serde_json reads it too");
}

#[wasm_bindgen_test]
fn refuses_what_is_not_json_and_what_nests_too_deep() {
    for bad in ["", "{", "{'a': 1}", "undefined", "NaN", "<html><body>502 Bad Gateway</body></html>", "[1,]"] {
        assert_eq!(parse(bad), None, "{bad:?}");
    }
    let deep = "[".repeat(MAX_DEPTH + 2) + &"]".repeat(MAX_DEPTH + 2);
    assert_eq!(parse(&deep), None, "a hostile depth is refused, not followed");
    let fine = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
    assert!(parse(&fine).is_some());
    let hostile = "[".repeat(200_000) + &"]".repeat(200_000);
    assert_eq!(parse(&hostile), None, "and never exhausts the stack");
}
