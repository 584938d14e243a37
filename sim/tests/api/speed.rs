//! `PUT /_sim/speed` and `PUT /_sim/projects/{id}/speed` take only speeds the job arithmetic holds in
//! (0.000001 to 1000000): a refused one changes nothing, and the extremes themselves work.

use reqwest::Method;
use serde_json::Value;

use crate::support::*;

/// Numbers outside the range: a 400 (a value that breaks a rule).
const OUT_OF_RANGE: [&str; 10] =
    ["0", "-0.0", "-1", "0.00000099", "1e-300", "5e-324", "1000000.5", "1e300", "1e400", "99999999999999999999999"];
/// Not a number at all (JSON has no NaN or Infinity): a 422.
const NOT_A_NUMBER: [&str; 6] = [r#""fast""#, "null", "NaN", "Infinity", "[1]", "true"];

async fn put_speed(sim: &Sim, path: &str, raw: &str) -> Reply {
    sim.send(Method::PUT, path, None, Some(&format!(r#"{{"speed": {raw}}}"#))).await
}

#[tokio::test]
async fn speeds_the_clock_cannot_hold_are_refused_and_change_nothing() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    sim.approve(id).await;
    for path in ["/_sim/speed".to_owned(), format!("/_sim/projects/{id}/speed")] {
        for raw in OUT_OF_RANGE {
            let r = put_speed(&sim, &path, raw).await;
            assert_eq!(r.status, 400, "{path} {raw}: {}", r.body);
            assert_eq!(detail(&r), r#"speed must be a number from 0.000001 to 1000000, as {"speed": 40}"#);
        }
        for raw in NOT_A_NUMBER {
            assert_eq!(put_speed(&sim, &path, raw).await.status, 422, "{path} {raw}");
        }
        assert_eq!(sim.send(Method::PUT, &path, None, Some("{}")).await.status, 422, "{path}: no speed");
    }
    assert_eq!(put_speed(&sim, "/_sim/projects/99999/speed", "0").await.status, 400, "the value before the 404");
    assert_eq!(sim.send(Method::GET, "/_sim/speed", None, None).await.body["speed"], 1.0);
    let s = sim.get(&format!("/scene-projects/{id}/status")).await.body;
    assert_eq!((s["status"].as_str(), s["progress"].as_u64()), (Some("generating"), Some(0)), "{s}");
    sim.stop().await;
}

#[tokio::test]
async fn the_extremes_are_taken_and_a_job_crosses_between_them() {
    let sim = Sim::start(1.0).await;
    let id = sim.create(2).await;
    sim.approve(id).await;
    let path = format!("/_sim/projects/{id}/speed");
    // At the slowest the job all but stands still; at the fastest its 230 s of job time take 0.23 ms.
    let r = put_speed(&sim, &path, "0.000001").await;
    assert_eq!((r.status, r.body["speed"].as_f64()), (200, Some(1e-6)), "{}", r.body);
    let s = sim.get(&format!("/scene-projects/{id}/status")).await.body;
    assert_eq!(s["status"], "generating", "{s}");
    let r = put_speed(&sim, &path, "1000000").await;
    assert_eq!(r.status, 200, "{}", r.body);
    let done = sim.wait_status(id, "completed").await;
    assert_eq!(done["progress"], 100);
    let p = sim.get(&format!("/scene-projects/{id}")).await.body;
    assert!(p["updated_at"].as_str().unwrap() >= p["created_at"].as_str().unwrap(), "{p}");
    for raw in ["0.000001", "1000000", "1e6"] {
        let r = put_speed(&sim, "/_sim/speed", raw).await;
        assert_eq!(r.status, 200, "{raw}: {}", r.body);
    }
    sim.stop().await;
}

#[tokio::test]
async fn alt_refuses_them_in_its_own_shape() {
    let sim = Sim::alt(1.0).await;
    let r = put_speed(&sim, "/_sim/speed", "1e-300").await;
    assert_eq!((r.status, alt_error(&r).0), (400, "invalid_request"));
    let r = put_speed(&sim, "/_sim/speed", r#""fast""#).await;
    assert_eq!((r.status, alt_error(&r).0), (400, "validation_error"));
    let body: Value = sim.send(Method::GET, "/_sim/speed", None, None).await.body;
    assert_eq!(body["speed"], 1.0);
    sim.stop().await;
}
