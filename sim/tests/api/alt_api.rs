//! `--profile alt`: the API's answers where the spec says "not shown", the other reasonable way.

use reqwest::Method;
use serde_json::json;

use crate::support::*;

#[tokio::test]
async fn the_control_surface_says_which_profile_runs() {
    let sim = Sim::start(1.0).await;
    let r = sim.send(Method::GET, "/_sim/profile", None, None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body, json!({"profile": "default", "storage_url": format!("{}/media", sim.base)}));
    sim.stop().await;

    let sim = Sim::alt(1.0).await;
    let r = sim.send(Method::GET, "/_sim/profile", None, None).await;
    assert_eq!(r.body["profile"], "alt");
    sim.stop().await;
}
