//! The scripts that run before the app (src/boot_reads.js, deploy/split-pages.mjs) carry their own
//! copies of its routes, config rules and storage keys. tests/fixtures/boot-copies.json states each
//! case once; this checks the Rust answers it, e2e/budget/boot-copies.test.js runs the scripts on it.

use crate::config::Config;
use crate::domain::keys;
use crate::routes::screen_for;
use serde_json::Value;

const FIXTURE: &str = include_str!("../tests/fixtures/boot-copies.json");
const BOOT_READS: &str = include_str!("boot_reads.js");

fn fixture() -> Value {
    serde_json::from_str(FIXTURE).expect("tests/fixtures/boot-copies.json reads")
}

#[test]
fn the_addresses_show_the_screens_the_fixture_names() {
    for case in fixture()["addresses"].as_array().unwrap() {
        let path = case["path"].as_str().unwrap();
        assert_eq!(format!("{:?}", screen_for(path)), case["screen"].as_str().unwrap(), "the screen of {path}");
    }
}

#[test]
fn the_split_points_the_fixture_names_are_the_apps() {
    let declared: String = [include_str!("page_code.rs"), include_str!("pages/video/finished_part.rs")].concat();
    for case in fixture()["addresses"].as_array().unwrap() {
        if let Some(split) = case["split"].as_str() {
            assert!(declared.contains(&format!("split_code!({split},")), "no split point named {split}");
        }
    }
}

#[test]
fn the_config_files_give_the_api_address_the_fixture_names() {
    for case in fixture()["configs"].as_array().unwrap() {
        let text = case["config"].as_str().unwrap();
        let base = Config::read(text).unwrap_or_default().api_base_url;
        assert_eq!(base, case["base"].as_str().unwrap(), "the API address from {text}");
    }
}

#[test]
fn the_boot_script_reads_the_apps_keys_and_no_other() {
    let fixture = fixture();
    assert_eq!(fixture["keys"]["token"], keys::TOKEN);
    assert_eq!(fixture["keys"]["api_base_url"], keys::API_BASE_URL);
    for key in [keys::TOKEN, keys::API_BASE_URL] {
        assert!(BOOT_READS.contains(&format!("'{key}'")), "src/boot_reads.js does not read {key}");
    }
    let named = BOOT_READS.matches("'storyreel.").count();
    assert_eq!(named, 2, "src/boot_reads.js names a storage key this test does not check");
}
