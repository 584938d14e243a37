//! One error type for every way a request can fail, with a message a person can read.
//!
//! Classification and message extraction are pure so that every odd body is tested natively.

use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The request never got an answer: offline, DNS, CORS refused, connection reset.
    Network,
    /// No answer within the client's time limit; the request may still have reached the service.
    Timeout,
    BadRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    Conflict,
    Unprocessable,
    RateLimited,
    Server {
        status: u16,
    },
    UnexpectedStatus {
        status: u16,
    },
    /// A success status whose body could not be read as what the spec promises.
    Decode,
}

/// A field the service blamed (from a 422 `detail` list), so a form can show it next to that field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    pub kind: ErrorKind,
    /// One sentence for the person: what happened and, for a passing trouble, when to try again.
    pub message: String,
    pub fields: Vec<FieldError>,
    /// The service's own words, when its answer had any.
    pub detail: Option<String>,
    /// How long the service asked to be left alone (`Retry-After`, on a 429 or a 503 alike).
    pub retry_after_seconds: Option<u64>,
}

impl ApiError {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self { kind, message: message.into(), fields: Vec::new(), detail: None, retry_after_seconds: None }
    }

    pub fn network() -> Self {
        Self::new(
            ErrorKind::Network,
            "storyreel could not reach the service; check your connection and the API address, then try again.",
        )
    }

    pub fn timeout() -> Self {
        Self::new(ErrorKind::Timeout, "The service took too long to answer; try again in a moment.")
    }

    pub fn decode() -> Self {
        Self::new(ErrorKind::Decode, "The service sent an answer storyreel could not read; try again in a moment.")
    }

    /// A success whose body is not what the spec promises, saying why in serde's words ("missing
    /// field `id`"), without where in the text: a person cannot use the line and column.
    pub fn decode_because(why: &serde_json::Error) -> Self {
        // serde quotes what it could not read ("invalid type: string \"…\""), however long.
        let why = shorten(&plain(why));
        Self::new(
            ErrorKind::Decode,
            format!("The service sent an answer storyreel could not read ({why}); try again in a moment."),
        )
    }

    /// Classifies a non-success HTTP answer and finds the most useful message in its body.
    pub fn from_response(status: u16, retry_after: Option<&str>, body: &str) -> Self {
        Self::from_response_hiding(status, retry_after.and_then(parse_retry_after), body, "")
    }

    /// As `from_response`, with `Retry-After` read already (`retry_after_seconds`) and `secret` (the
    /// access token) hidden in every text taken from the body before any is cut to length: hidden
    /// after, a cut could leave the start of it in.
    pub fn from_response_hiding(status: u16, retry_after_seconds: Option<u64>, body: &str, secret: &str) -> Self {
        let kind = match status {
            400 => ErrorKind::BadRequest,
            401 => ErrorKind::Unauthorized,
            403 => ErrorKind::Forbidden,
            404 => ErrorKind::NotFound,
            409 => ErrorKind::Conflict,
            422 => ErrorKind::Unprocessable,
            429 => ErrorKind::RateLimited,
            500..=599 => ErrorKind::Server { status },
            _ => ErrorKind::UnexpectedStatus { status },
        };
        let (detail, fields) = extract_hiding(body, secret);
        let retry_after_seconds = retry_after_seconds.map(|s| s.min(MAX_WAIT_SECONDS));
        let message = sentence(&kind, detail.as_deref(), retry_after_seconds);
        Self { kind, message, fields, detail, retry_after_seconds }
    }

    /// A 403 on an action that costs credits, in the service's words when they name credits, else in
    /// ours; without a sentence end, so the page can add what it means ("…, so nothing was reserved.").
    pub fn not_enough_credits(&self) -> String {
        match self.detail.as_deref().map(|d| d.trim_end_matches(['.', ' '])) {
            Some(d) if d.to_ascii_lowercase().contains("credit") => d.to_owned(),
            Some(d) if !d.is_empty() => format!("There are not enough credits for this ({d})"),
            _ => "There are not enough credits for this".to_owned(),
        }
    }

    /// `consequence` first, then why, as one sentence: "Not saved: the service took too long …".
    pub fn after(&self, consequence: &str) -> String {
        let mut why = self.message.clone();
        // Lowercase a capital that starts a word, never an acronym ("HTTP"). ASCII only: Unicode's
        // case tables would cost the bundle 30 KB.
        if let [first, second, ..] = why.as_bytes() {
            if first.is_ascii_uppercase() && !second.is_ascii_uppercase() {
                why[..1].make_ascii_lowercase();
            }
        }
        format!("{consequence}: {why}")
    }

    /// Whether a request that failed this way may still have been carried out by the service: no
    /// answer came (network, timeout), a gateway answered for it (5xx but 503), or a success could
    /// not be read. Actions that spend credits never send again on `true`; they re-read the project
    /// instead. A 4xx, or a 503 ("come back later"), is a refusal: nothing was done.
    pub fn may_have_landed(&self) -> bool {
        match self.kind {
            // 503 is "come back later": the service took nothing on.
            ErrorKind::Server { status: 503 } => false,
            ErrorKind::Network | ErrorKind::Timeout | ErrorKind::Server { .. } | ErrorKind::Decode => true,
            ErrorKind::UnexpectedStatus { status } => !(400..500).contains(&status),
            _ => false,
        }
    }

    /// The person is signed out: no request was sent.
    pub fn signed_out() -> Self {
        Self::new(ErrorKind::Unauthorized, "You are signed out. Sign in again to continue where you were.")
    }

    /// The message blamed on `field` by the service, if any.
    pub fn field_message(&self, field: &str) -> Option<&str> {
        self.fields.iter().find(|f| f.field == field).map(|f| f.message.as_str())
    }

    /// Hides `secret` in the messages (`hidden`): a service that echoes the token back must not get it
    /// shown on screen.
    pub fn redact(mut self, secret: &str) -> Self {
        self.message = hidden(self.message, secret);
        self.detail = self.detail.map(|d| hidden(d, secret));
        for f in &mut self.fields {
            f.message = hidden(std::mem::take(&mut f.message), secret);
        }
        self
    }
}

/// serde_json's message without the " at line 1 column 40" it ends with.
pub fn plain(error: &serde_json::Error) -> String {
    let mut text = error.to_string();
    if error.line() > 0 {
        let place = format!(" at line {} column {}", error.line(), error.column());
        text.truncate(text.len().saturating_sub(place.len()));
    }
    text
}

/// What the person reads. A refusal (4xx) is best told in the service's own words; a passing trouble
/// (429, 5xx) in ours, with the service's words in brackets when they add something, and when to retry.
fn sentence(kind: &ErrorKind, detail: Option<&str>, retry_after: Option<u64>) -> String {
    let lead = match kind {
        ErrorKind::BadRequest => "The service refused the request as invalid",
        ErrorKind::Unauthorized => "The service did not accept your access token; sign in again",
        ErrorKind::Forbidden => "The service refused this action for your account",
        ErrorKind::NotFound => "The service could not find this",
        ErrorKind::Conflict => "This changed on the service in the meantime",
        ErrorKind::Unprocessable => "The service could not process the request",
        ErrorKind::RateLimited => "The service is receiving too many requests",
        ErrorKind::Server { status: 503 } => "The service is unavailable for now",
        ErrorKind::Server { .. } => "The service had a problem on its side",
        _ => "The service answered in an unexpected way",
    };
    let passing = matches!(kind, ErrorKind::RateLimited | ErrorKind::Server { .. })
        || matches!(kind, ErrorKind::UnexpectedStatus { status } if !(400..500).contains(status));
    let detail = detail.map(|d| d.trim_end_matches(['.', ' ']));
    if !passing {
        return format!("{}.", detail.filter(|d| !d.is_empty()).unwrap_or(lead));
    }
    let said = match detail {
        Some(d) if !d.is_empty() && !lead.to_ascii_lowercase().contains(&d.to_ascii_lowercase()) => format!(" ({d})"),
        _ => String::new(),
    };
    format!("{lead}{said}; try again {}.", wait_in_words(retry_after.unwrap_or(0)))
}

/// The longest wait storyreel takes from the service (`Retry-After`). A longer one is a mistake or
/// hostile ("9999999999"): nobody waits that long, and past 2^31 - 1 ms a browser's timer fires at once.
pub const MAX_WAIT_SECONDS: u64 = 3600;

/// When to try again, as a person says it: "in 7 seconds", "in about 3 minutes", "in about an hour".
/// Minutes are rounded up, so a wait is never said shorter than it is.
pub fn wait_in_words(seconds: u64) -> String {
    match seconds {
        0 => "in a moment".to_owned(),
        1 => "in 1 second".to_owned(),
        2..=59 => format!("in {seconds} seconds"),
        60 => "in about a minute".to_owned(),
        61..=3540 => format!("in about {} minutes", seconds.div_ceil(60)),
        _ => "in about an hour".to_owned(),
    }
}

/// `Retry-After` as seconds to wait, at most `MAX_WAIT_SECONDS`: the number form only (the client
/// turns a date into seconds first, `retry_after_seconds`). HTTP writes whole seconds; a fraction
/// is rounded up, a figure too long for any integer is as long as can be, and anything else
/// (negative, garbage) is no wait asked at all.
fn parse_retry_after(value: &str) -> Option<u64> {
    let value = value.trim();
    if !value.as_bytes().first()?.is_ascii_digit() {
        return None;
    }
    let (mut seconds, mut fraction, mut up) = (0u64, false, false);
    for b in value.bytes() {
        match b {
            b'0'..=b'9' if fraction => up |= b != b'0',
            b'0'..=b'9' => seconds = seconds.saturating_mul(10).saturating_add(u64::from(b - b'0')),
            b'.' if !fraction => fraction = true,
            _ => return None,
        }
    }
    Some(seconds.saturating_add(u64::from(up)).min(MAX_WAIT_SECONDS))
}

/// `Retry-After` in either form HTTP allows (RFC 9110 10.2.3), as seconds to wait, at most
/// `MAX_WAIT_SECONDS`: a number here, else a date as `date_ms` reads it (the browser's `Date.parse`:
/// ms since 1970, NaN when it is none) against `now_ms`, this device's clock. The clocks may
/// disagree: a date already past is no wait, one far ahead the longest. `None` when it is neither.
pub fn retry_after_seconds(value: &str, now_ms: f64, date_ms: fn(&str) -> f64) -> Option<u64> {
    parse_retry_after(value).or_else(|| {
        let wait = ((date_ms(value.trim()) - now_ms) / 1000.0).ceil();
        // A cast saturates (NaN aside): a wait past u64, or an infinite one, is the longest too.
        (!wait.is_nan()).then(|| (wait.max(0.0) as u64).min(MAX_WAIT_SECONDS))
    })
}

const MAX_MESSAGE_CHARS: usize = 300;

const HIDDEN: &str = "[token hidden]";

/// `text` with every `secret` in it hidden. Applied to an answer's text before anything reads it (a
/// decode error quoting it, the copy kept on the device or shared with other tabs), and to each text
/// of an error body before it is cut to length: a cut could leave part of the token in. Only the
/// whole token: a start of one may be another's (every JWT begins alike, and a signed media address
/// may hold one). A secret under 4 characters is no token.
pub(crate) fn hidden(text: String, secret: &str) -> String {
    match secret.len() >= 4 {
        true => text.replace(secret, HIDDEN),
        false => text,
    }
}

/// Finds a human message in any error body: the common JSON shapes, plain text, never raw HTML.
pub fn extract_message(body: &str) -> (Option<String>, Vec<FieldError>) {
    extract_hiding(body, "")
}

/// As `extract_message`, with `secret` hidden in each text before it is cut to length.
fn extract_hiding(body: &str, secret: &str) -> (Option<String>, Vec<FieldError>) {
    let text = body.trim();
    if text.is_empty() {
        return (None, Vec::new());
    }
    match serde_json::from_str::<Said>(text) {
        Ok(said) => said.read(secret),
        Err(_) if looks_like_markup(text) => (None, Vec::new()),
        Err(_) => (Some(shorten(&hidden(text.to_owned(), secret))), Vec::new()),
    }
}

fn looks_like_markup(text: &str) -> bool {
    text.starts_with('<') || text.to_ascii_lowercase().contains("<html")
}

/// An error body's shape is "not shown": whatever JSON it is, these are the parts that can say
/// something; anything else is `Other`. One type for the body, its fields and a list's items.
enum Said {
    Text(String),
    List(Vec<Said>),
    Object(Box<Fields>),
    Other,
}

/// The keys services put their words under: the body's (`detail` … `errors`, `reason` in a failed
/// project's `error`) and a list item's (FastAPI's `{"loc": ["body", "story_idea"], "msg": "..."}`).
#[derive(Default)]
struct Fields {
    detail: Option<Said>,
    message: Option<Said>,
    error: Option<Said>,
    error_description: Option<Said>,
    title: Option<Said>,
    reason: Option<Said>,
    errors: Option<Said>,
    msg: Option<Said>,
    loc: Option<Said>,
    field: Option<Said>,
}

// Read in one pass over any JSON: `#[serde(untagged)]` would buffer the body in serde's own value
// type first, and carry that type's code in the wasm for this one use.
impl<'de> Deserialize<'de> for Said {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(SaidVisitor)
    }
}

struct SaidVisitor;

impl<'de> Visitor<'de> for SaidVisitor {
    type Value = Said;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON")
    }

    fn visit_str<E>(self, s: &str) -> Result<Said, E> {
        Ok(Said::Text(s.to_owned()))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Said, E> {
        Ok(Said::Other)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Said, E> {
        Ok(Said::Other)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Said, E> {
        Ok(Said::Other)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Said, E> {
        Ok(Said::Other)
    }

    fn visit_unit<E>(self) -> Result<Said, E> {
        Ok(Said::Other)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Said, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Said::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Said, A::Error> {
        let mut f = Fields::default();
        while let Some(key) = map.next_key::<String>()? {
            let slot = match key.as_str() {
                "detail" => &mut f.detail,
                "message" => &mut f.message,
                "error" => &mut f.error,
                "error_description" => &mut f.error_description,
                "title" => &mut f.title,
                "reason" => &mut f.reason,
                "errors" => &mut f.errors,
                "msg" => &mut f.msg,
                "loc" => &mut f.loc,
                "field" => &mut f.field,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    continue;
                }
            };
            *slot = Some(map.next_value()?);
        }
        Ok(Said::Object(Box::new(f)))
    }
}

impl Said {
    fn text(&self, secret: &str) -> Option<String> {
        match self {
            Said::Text(s) => non_empty(s, secret),
            _ => None,
        }
    }

    fn read(&self, secret: &str) -> (Option<String>, Vec<FieldError>) {
        let none = (None, Vec::new());
        match self {
            Said::Text(s) => (non_empty(s, secret), Vec::new()),
            Said::List(items) => field_errors(items, secret),
            Said::Object(f) => {
                for said in
                    [&f.detail, &f.message, &f.error, &f.error_description, &f.title, &f.reason].into_iter().flatten()
                {
                    let found = match said {
                        Said::Text(_) => (said.text(secret), Vec::new()),
                        Said::List(_) | Said::Object(_) => said.read(secret),
                        Said::Other => none.clone(),
                    };
                    if found.0.is_some() {
                        return found;
                    }
                }
                match &f.errors {
                    Some(list @ Said::List(_)) => list.read(secret),
                    _ => none,
                }
            }
            Said::Other => none,
        }
    }
}

/// FastAPI-style `[{"loc": ["body", "story_idea"], "msg": "..."}]` (or plain strings).
fn field_errors(items: &[Said], secret: &str) -> (Option<String>, Vec<FieldError>) {
    let mut fields = Vec::new();
    let mut lines = Vec::new();
    for item in items {
        match item {
            Said::Text(s) => lines.extend(non_empty(s, secret)),
            Said::Object(f) => {
                let said = [&f.msg, &f.message, &f.detail];
                let Some(msg) = said.into_iter().flatten().find_map(|s| s.text(secret)) else {
                    continue;
                };
                let field = match f.loc.as_ref().or(f.field.as_ref()) {
                    Some(Said::List(loc)) => loc.iter().rev().find_map(|p| match p {
                        Said::Text(p) if p != "body" => Some(hidden(p.clone(), secret)),
                        _ => None,
                    }),
                    Some(Said::Text(s)) => Some(hidden(s.clone(), secret)),
                    _ => None,
                };
                match field {
                    Some(field) => {
                        lines.push(format!("{}: {msg}", field.replace('_', " ")));
                        fields.push(FieldError { field, message: msg });
                    }
                    None => lines.push(msg),
                }
            }
            _ => {}
        }
    }
    let message = if lines.is_empty() { None } else { Some(shorten(&lines.join("; "))) };
    (message, fields)
}

fn non_empty(s: &str, secret: &str) -> Option<String> {
    let t = s.trim();
    if t.is_empty() {
        None
    } else {
        Some(shorten(&hidden(t.to_owned(), secret)))
    }
}

pub(crate) fn shorten(text: &str) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= MAX_MESSAGE_CHARS {
        one_line
    } else {
        let cut: String = one_line.chars().take(MAX_MESSAGE_CHARS - 1).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
