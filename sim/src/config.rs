//! Command-line flags and the configuration the server runs with.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Parser, ValueEnum};

use crate::timeline::{speed_in_range, MAX_SPEED, MIN_SPEED};

#[derive(Parser, Debug)]
#[command(
    name = "storyreel-sim",
    version,
    about = "A local implementation of the Scene Projects API (storyreel's demo and test server)"
)]
pub struct Cli {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:8787")]
    pub addr: SocketAddr,
    /// Time factor: 1 is realistic (a 5-scene project takes about 8 minutes), 8 is the demo (about 1 minute);
    /// from 0.000001 to 1000000.
    #[arg(long, default_value_t = 8.0, value_parser = parse_speed)]
    pub speed: f64,
    /// Base the media URLs are written with (storage_url = PUBLIC_URL/media). Default: http:// + the bound address.
    /// Not used with `--profile alt`, whose media has an origin of its own.
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// Serve this built front-end folder at / (unknown paths fall back to its index.html).
    #[arg(long, value_name = "DIR")]
    pub serve_app: Option<PathBuf>,
    /// An origin whose pages may use /_sim, as http://127.0.0.1:8000. Repeatable. Requests with no Origin
    /// (scripts, tests) always may; with --serve-app, so may the simulator's own origin.
    #[arg(long = "app-origin", value_name = "URL", value_parser = parse_origin)]
    pub app_origins: Vec<String>,
    /// A user, TOKEN:USER_ID:CREDITS:PERSON_ID,PERSON_ID,... Repeatable; replaces the default seed.
    #[arg(long = "user", value_name = "TOKEN:USER_ID:CREDITS:PERSONS", value_parser = parse_user)]
    pub users: Vec<UserSeed>,
    /// Keep the same final_video_url after a regeneration (a service that overwrites the file in place).
    #[arg(long)]
    pub stable_final_url: bool,
    /// Start with generation failure switched on (see PUT /_sim/faults).
    #[arg(long)]
    pub fail_generation: bool,
    /// Folder of the video fixtures.
    #[arg(long, value_name = "DIR", default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/media"))]
    pub media_dir: PathBuf,
    /// Which answers to give where the spec says "not shown": `default`, or `alt` (the other reasonable way;
    /// see sim/README.md).
    #[arg(long, value_enum, default_value_t = Profile::Default)]
    pub profile: Profile,
    /// Give the default account (demo-token's, else the first user) N projects more at start, with a past:
    /// every status, realistic texts, dates over the past year; the same N gives the same projects.
    /// At most 10000 (see POST /_sim/seed).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=MAX_SEED))]
    pub seed: u64,
    /// Projects per page of GET /scene-projects; 0 is one answer with all of them. Default: 100 with
    /// `--profile alt`, 0 otherwise (see PUT /_sim/list-page-size).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=MAX_PAGE_SIZE))]
    pub list_page_size: Option<u64>,
}

/// The most projects one `--seed` or `POST /_sim/seed` adds (about 60 MB of records, a 60 MB list).
pub const MAX_SEED: u64 = 10_000;
/// The largest page of the projects list that can be asked for (`--list-page-size`, `/_sim/list-page-size`).
pub const MAX_PAGE_SIZE: u64 = 10_000;
/// The page size of `--profile alt` when none is given.
pub const ALT_PAGE_SIZE: u64 = 100;

/// One set of answers to the questions the spec leaves open. `Default` is the documented one; `Alt` answers
/// each the other reasonable way, so a client tested against both relies on nothing the spec does not say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Profile {
    #[default]
    Default,
    Alt,
}

impl Profile {
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Default => "default",
            Profile::Alt => "alt",
        }
    }

    /// Whether a regeneration or an upscale leaves the project `completed`, its results replacing the old
    /// assets and cut at once when done (`alt`), rather than showing its own status and progress (`default`).
    pub fn quiet_jobs(self) -> bool {
        self == Profile::Alt
    }

    /// Whether an earlier cut of the final video is gone once a new one is made (`alt`), rather than kept (`default`).
    pub fn keeps_latest_final_only(self) -> bool {
        self == Profile::Alt
    }

    /// Whether media is served from an origin of its own with signed CDN-style links (`alt`), rather than
    /// under `/media` of the API's origin (`default`).
    pub fn media_on_own_origin(self) -> bool {
        self == Profile::Alt
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct UserSeed {
    pub token: String,
    pub user_id: u64,
    pub credits: i64,
    pub persons: Vec<u64>,
}

#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    pub speed: f64,
    pub public_url: Option<String>,
    pub serve_app: Option<PathBuf>,
    /// Origins as browsers write them in `Origin` (see `parse_origin`).
    pub app_origins: Vec<String>,
    pub users: Vec<UserSeed>,
    pub stable_final_url: bool,
    pub fail_generation: bool,
    pub media_dir: PathBuf,
    pub profile: Profile,
    /// Projects to seed the default account with at start.
    pub seed: u64,
    /// Projects per list page (0: one answer); `None` is the profile's own (see `Config::page_size`).
    pub list_page_size: Option<u64>,
}

impl Config {
    /// The list's page size at start: the one given, else 100 under `alt` and one answer under `default`.
    pub fn page_size(&self) -> u64 {
        self.list_page_size.unwrap_or(match self.profile {
            Profile::Default => 0,
            Profile::Alt => ALT_PAGE_SIZE,
        })
    }
}

impl Default for Config {
    fn default() -> Self {
        Cli::parse_from(["storyreel-sim"]).into()
    }
}

impl From<Cli> for Config {
    fn from(cli: Cli) -> Self {
        let users = if cli.users.is_empty() { default_users() } else { cli.users };
        Config {
            addr: cli.addr,
            speed: cli.speed,
            public_url: cli.public_url.map(|u| u.trim_end_matches('/').to_owned()),
            serve_app: cli.serve_app,
            app_origins: cli.app_origins,
            users,
            stable_final_url: cli.stable_final_url,
            fail_generation: cli.fail_generation,
            media_dir: cli.media_dir,
            profile: cli.profile,
            seed: cli.seed,
            list_page_size: cli.list_page_size,
        }
    }
}

pub fn default_users() -> Vec<UserSeed> {
    vec![
        UserSeed { token: "demo-token".into(), user_id: 1, credits: 5000, persons: vec![1, 2, 3] },
        UserSeed { token: "other-token".into(), user_id: 2, credits: 300, persons: vec![11, 12] },
    ]
}

fn parse_speed(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(f) if speed_in_range(f) => Ok(f),
        _ => Err(format!("speed must be a number from {MIN_SPEED} to {MAX_SPEED}")),
    }
}

/// An origin as a browser writes it in `Origin`: scheme, host and port, lower case, without a default port,
/// so that comparing it with the header byte for byte is enough.
pub fn parse_origin(s: &str) -> Result<String, String> {
    let bad = || format!("{s:?} is not an origin such as http://127.0.0.1:8000 (scheme, host and port only)");
    let lower = s.trim().trim_end_matches('/').to_ascii_lowercase();
    let (scheme, authority) = lower.split_once("://").ok_or_else(bad)?;
    let default_port = match scheme {
        "http" => ":80",
        "https" => ":443",
        _ => return Err(bad()),
    };
    if authority.is_empty() || authority.contains(['/', '?', '#', '@', '*']) {
        return Err(bad());
    }
    Ok(format!("{scheme}://{}", authority.strip_suffix(default_port).unwrap_or(authority)))
}

/// The origin of a URL with a path, as `--public-url` may have.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?;
    parse_origin(&format!("{scheme}://{authority}")).ok()
}

fn parse_user(s: &str) -> Result<UserSeed, String> {
    let parts: Vec<&str> = s.splitn(4, ':').collect();
    let [token, user_id, credits, persons] = parts[..] else {
        return Err("expected TOKEN:USER_ID:CREDITS:PERSON_ID,PERSON_ID,...".into());
    };
    if token.is_empty() || token.chars().any(char::is_whitespace) {
        return Err("the token must be non-empty and without spaces".into());
    }
    let user_id = user_id.parse().map_err(|_| format!("bad user id {user_id:?}"))?;
    let credits = credits.parse::<i64>().ok().filter(|c| *c >= 0).ok_or(format!("bad credits {credits:?}"))?;
    let persons = persons
        .split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.trim().parse().map_err(|_| format!("bad person id {p:?}")))
        .collect::<Result<_, _>>()?;
    Ok(UserSeed { token: token.into(), user_id, credits, persons })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_user_seed() {
        let u = parse_user("tok:7:250:4,5").unwrap();
        assert_eq!(u, UserSeed { token: "tok".into(), user_id: 7, credits: 250, persons: vec![4, 5] });
        assert!(parse_user("tok:7:250:").unwrap().persons.is_empty());
        assert!(parse_user("tok:7:-1:4").is_err());
        assert!(parse_user("tok:7").is_err());
    }

    #[test]
    fn defaults_follow_the_contract() {
        let c = Config::default();
        assert_eq!(c.addr.to_string(), "127.0.0.1:8787");
        assert_eq!(c.speed, 8.0);
        assert_eq!(c.users, default_users());
        for bad in ["0", "-1", "NaN", "inf", "1e-7", "1e7", "fast"] {
            assert!(parse_speed(bad).is_err(), "{bad}");
        }
        assert_eq!((parse_speed("1e-6"), parse_speed("1000000")), (Ok(MIN_SPEED), Ok(MAX_SPEED)));
        assert_eq!(c.profile, Profile::Default);
        let alt: Config = Cli::parse_from(["storyreel-sim", "--profile", "alt"]).into();
        assert_eq!(alt.profile, Profile::Alt);
        assert!(Cli::try_parse_from(["storyreel-sim", "--profile", "other"]).is_err());
        assert!(c.app_origins.is_empty());
        assert_eq!((c.seed, c.page_size(), alt.page_size()), (0, 0, 100));
        let paged: Config = Cli::parse_from(["storyreel-sim", "--seed", "2000", "--list-page-size", "25"]).into();
        assert_eq!((paged.seed, paged.page_size()), (2000, 25));
        let whole: Config = Cli::parse_from(["storyreel-sim", "--profile", "alt", "--list-page-size", "0"]).into();
        assert_eq!(whole.page_size(), 0);
        assert!(Cli::try_parse_from(["storyreel-sim", "--seed", "10001"]).is_err());
        assert!(Cli::try_parse_from(["storyreel-sim", "--list-page-size", "-1"]).is_err());
    }

    #[test]
    fn app_origins_are_written_as_browsers_send_them() {
        let c: Config = Cli::parse_from([
            "storyreel-sim",
            "--app-origin",
            "HTTP://127.0.0.1:8000/",
            "--app-origin",
            "https://a.example:443",
        ])
        .into();
        assert_eq!(c.app_origins, ["http://127.0.0.1:8000", "https://a.example"]);
        assert_eq!(parse_origin("http://a.example:80").unwrap(), "http://a.example");
        assert_eq!(parse_origin("http://a.example:8080").unwrap(), "http://a.example:8080");
        for bad in ["127.0.0.1:8000", "ftp://a.example", "http://", "http://a.example/app", "http://*", "null"] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
        assert_eq!(origin_of("https://Sim.example/base/").as_deref(), Some("https://sim.example"));
    }
}
