use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// The binary prints exactly one line with its address (scripts read it), serves, and stops on SIGTERM.
#[tokio::test]
async fn the_binary_announces_its_port_and_serves() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_storyreel-sim"))
        .args(["--addr", "127.0.0.1:0", "--speed", "1000", "--user", "tok-a:5:700:8,9"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let url = line
        .trim_end()
        .strip_prefix("storyreel-sim listening on ")
        .unwrap_or_else(|| panic!("unexpected line {line:?}"))
        .to_owned();
    assert!(url.starts_with("http://127.0.0.1:") && !url.ends_with(":0"), "{url}");

    let http = reqwest::Client::new();
    assert_eq!(http.get(format!("{url}/_sim/health")).send().await.unwrap().text().await.unwrap(), "ok");
    let r = http.get(format!("{url}/api/v1/scene-projects")).bearer_auth("tok-a").send().await.unwrap();
    assert_eq!(r.status(), 200);
    let user: serde_json::Value = http.get(format!("{url}/_sim/users/5")).send().await.unwrap().json().await.unwrap();
    assert_eq!(user["credits"], 700);

    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert!(exit.success(), "graceful exit on SIGTERM: {exit:?}");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    assert_eq!(rest, "", "nothing else on stdout");
}

#[test]
fn bad_flags_are_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_storyreel-sim")).args(["--speed", "0"]).output().unwrap();
    assert!(!out.status.success());
    let out = Command::new(env!("CARGO_BIN_EXE_storyreel-sim")).args(["--user", "nocolons"]).output().unwrap();
    assert!(!out.status.success());
    let out = Command::new(env!("CARGO_BIN_EXE_storyreel-sim")).arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for flag in [
        "--addr",
        "--speed",
        "--public-url",
        "--serve-app",
        "--user",
        "--stable-final-url",
        "--fail-generation",
        "--media-dir",
    ] {
        assert!(help.contains(flag), "{flag} in --help");
    }
}
