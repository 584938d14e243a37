//! The browser's JSON engine (JSON.parse and JSON.stringify behind `storyreel::json`), which only
//! the wasm build uses; natively serde_json does the same job, so the two must agree.

use serde_json::json;
use storyreel::json::{parse, write, Map, Value, MAX_DEPTH};
use wasm_bindgen_test::*;

// The library converts from serde_json natively only (it is no dependency of the app's wasm), so
// the tests here, where serde_json is a dev-dependency, carry their own conversion.
fn ours(value: serde_json::Value) -> Value {
    match value {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(b),
        serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap()),
        serde_json::Value::String(s) => Value::String(s),
        serde_json::Value::Array(items) => Value::Array(items.into_iter().map(ours).collect()),
        serde_json::Value::Object(fields) => {
            let mut map = Map::new();
            for (k, v) in fields {
                map.insert(k, ours(v));
            }
            Value::Object(map)
        }
    }
}

#[wasm_bindgen_test]
fn reads_what_serde_json_reads() {
    let text = r#"{"id": 42, "progress": 42.5, "neg": -3, "big": 1700000000000, "ok": true, "none": null,
        "name": "Ünïcode \"fox\" 🦊 \u00e9", "scenes": [{"scene_number": 1}, 2, "three", [], {}],
        "nested": {"deeper": {"x": [1, [2, [3]]]}}}"#;
    let from_browser = parse(text).expect("valid JSON");
    assert_eq!(from_browser, ours(serde_json::from_str(text).unwrap()));
    assert_eq!(from_browser.get("id").and_then(Value::as_i64), Some(42), "whole numbers read as integers");
    assert_eq!(from_browser.get("big").and_then(Value::as_i64), Some(1_700_000_000_000));
    assert_eq!(from_browser.get("progress").and_then(Value::as_f64), Some(42.5));
    assert_eq!(from_browser.get("progress").and_then(Value::as_i64), None);
}

#[wasm_bindgen_test]
fn writes_what_it_reads_back() {
    let value = json!({"story_idea": "A fox \"crosses\"\n a lake 🦊", "num_scenes": 3, "flags": [true, false, null],
                       "nested": {"empty": {}, "list": []}, "half": 0.5});
    let text = write(&ours(value.clone()));
    assert_eq!(parse(&text).unwrap(), ours(value.clone()));
    assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), value, "serde_json reads it too");
    assert!(text.contains(r#""num_scenes":3,"#), "whole numbers are written as integers: {text}");
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
