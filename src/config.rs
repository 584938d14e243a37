//! Runtime configuration: one build serves every deployment, so the API address is read at start-up
//! from `config.json` beside `index.html`, and the person may override it in settings.

use serde::Deserialize;

/// Read from `config.json`: a field left out keeps its default; a field of the wrong type refuses the
/// file, which the app then says, naming the field.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Already ends in the version prefix, e.g. `https://api.example.com/api/v1`.
    pub api_base_url: String,
    /// How often generation status is checked; the spec suggests 30 s. Fractions let tests and
    /// benchmarks poll fast.
    pub poll_interval_seconds: f64,
    /// u64 rather than u32: the wasm then reads one unsigned type (as `FollowUp::asked_at`), not two.
    pub request_timeout_seconds: u64,
    /// Whether the other pages' code is fetched once the first screen is up (`crate::page_code`), so
    /// a page opened later needs no download. A deployment whose customers pay for their data may
    /// turn it off: each page's code then comes when the page is first opened.
    pub preload_pages: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            api_base_url: "/api/v1".into(),
            poll_interval_seconds: 30.0,
            request_timeout_seconds: 30,
            preload_pages: true,
        }
    }
}

impl Config {
    /// Reads `config.json`; a missing or broken file leaves the defaults and says why.
    pub async fn load() -> (Self, Option<String>) {
        let fetched = async {
            // index.html's boot script has usually read it already (with its preload).
            if let Some(text) = crate::api::boot_reads::config_text().await {
                return Some(Self::read(&text));
            }
            // Absolute, so a deep link such as /projects/4/status still finds the file beside index.html.
            let response = gloo_net::http::Request::get("/config.json").send().await.ok()?;
            if !response.ok() {
                return None;
            }
            Some(Self::read(&response.text().await.ok()?))
        };
        match fetched.await {
            Some(Ok(config)) => (config, None),
            Some(Err(why)) => (Self::default(), Some(why)),
            None => (Self::default(), Some("config.json could not be read; using the default API address.".into())),
        }
    }

    /// The file's settings, or why they cannot be used.
    pub(crate) fn read(text: &str) -> Result<Self, String> {
        match serde_json::from_str::<Self>(text) {
            Ok(config) => Ok(config.sanitised()),
            Err(e) => {
                let why = crate::api::plain_error(&e);
                Err(format!("config.json could not be read ({why}); using the default API address."))
            }
        }
    }

    pub(crate) fn sanitised(mut self) -> Self {
        let defaults = Self::default();
        self.api_base_url = normalise_base_url(&self.api_base_url).unwrap_or(defaults.api_base_url);
        self.poll_interval_seconds = if self.poll_interval_seconds.is_finite() {
            self.poll_interval_seconds.clamp(0.05, 600.0)
        } else {
            defaults.poll_interval_seconds
        };
        if self.request_timeout_seconds == 0 {
            self.request_timeout_seconds = defaults.request_timeout_seconds;
        }
        self.request_timeout_seconds = self.request_timeout_seconds.min(3600);
        self
    }
}

/// Checks an API base URL the person typed: absolute http(s), or a path on this site.
pub fn normalise_base_url(input: &str) -> Result<String, String> {
    let url = input.trim().trim_end_matches('/');
    if url.is_empty() {
        return Err("Enter the API address, for example https://api.example.com/api/v1.".into());
    }
    let lower = url.to_ascii_lowercase();
    let absolute = ["http://", "https://"].iter().any(|scheme| lower.starts_with(scheme) && url.len() > scheme.len());
    let on_this_site = url.starts_with('/') && !url.starts_with("//");
    if !(absolute || on_this_site) || url.chars().any(char::is_whitespace) {
        return Err("The API address must start with https:// (or http://), or with / for this site.".into());
    }
    Ok(url.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_absolute_and_site_relative_addresses() {
        assert_eq!(
            normalise_base_url(" https://api.example.com/api/v1/ "),
            Ok("https://api.example.com/api/v1".into())
        );
        assert_eq!(normalise_base_url("http://127.0.0.1:8787/api/v1"), Ok("http://127.0.0.1:8787/api/v1".into()));
        assert_eq!(normalise_base_url("/api/v1"), Ok("/api/v1".into()));
    }

    #[test]
    fn refuses_anything_else() {
        for bad in [
            "",
            "   ",
            "api.example.com",
            "javascript:alert(1)",
            "//evil.example/api",
            "ftp://x/api",
            "https://",
            "https://a b",
        ] {
            assert!(normalise_base_url(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn config_fields_default_and_are_bounded() {
        let c = Config::read(r#"{"api_base_url": "https://x.example/api/v1/", "poll_interval_seconds": 0}"#).unwrap();
        assert_eq!(c.api_base_url, "https://x.example/api/v1");
        assert_eq!(c.poll_interval_seconds, 0.05);
        assert_eq!(c.request_timeout_seconds, 30);
        let odd = Config::read(r#"{"api_base_url": "nonsense", "extra": [1], "request_timeout_seconds": 0}"#).unwrap();
        assert_eq!((odd.api_base_url.as_str(), odd.request_timeout_seconds), ("/api/v1", 30));
        let tuned = Config::read(r#"{"poll_interval_seconds": 0.25, "request_timeout_seconds": 5}"#).unwrap();
        assert_eq!((tuned.poll_interval_seconds, tuned.request_timeout_seconds), (0.25, 5));
        assert_eq!(Config::read("{}"), Ok(Config::default()));
        assert!(Config::default().preload_pages);
        assert!(!Config::read(r#"{"preload_pages": false}"#).unwrap().preload_pages);
    }

    #[test]
    fn a_field_of_the_wrong_type_refuses_the_file_saying_why() {
        let why = Config::read(r#"{"api_base_url": "/api/v1", "request_timeout_seconds": "x"}"#).unwrap_err();
        assert_eq!(
            why,
            "config.json could not be read (invalid type: string \"x\", expected u64); using the default API address."
        );
        assert!(Config::read(r#"{"preload_pages": "no"}"#).is_err());
        assert!(Config::read("5").is_err());
        assert!(Config::read("not json").is_err());
    }
}
