use super::*;

#[test]
fn classifies_every_status_class() {
    let kind = |status| ApiError::from_response(status, None, "").kind;
    assert_eq!(kind(400), ErrorKind::BadRequest);
    assert_eq!(kind(401), ErrorKind::Unauthorized);
    assert_eq!(kind(403), ErrorKind::Forbidden);
    assert_eq!(kind(404), ErrorKind::NotFound);
    assert_eq!(kind(409), ErrorKind::Conflict);
    assert_eq!(kind(422), ErrorKind::Unprocessable);
    assert_eq!(kind(429), ErrorKind::RateLimited);
    assert_eq!(kind(500), ErrorKind::Server { status: 500 });
    assert_eq!(kind(503), ErrorKind::Server { status: 503 });
    assert_eq!(kind(418), ErrorKind::UnexpectedStatus { status: 418 });
}

#[test]
fn reads_retry_after_on_429_and_503_alike() {
    let e = ApiError::from_response(429, Some(" 7 "), r#"{"detail":"Too many requests"}"#);
    assert_eq!((e.kind.clone(), e.retry_after_seconds), (ErrorKind::RateLimited, Some(7)));
    assert_eq!(e.message, "The service is receiving too many requests; try again in 7 seconds.");
    let e = ApiError::from_response(503, Some("1"), "Service Unavailable");
    assert_eq!(e.retry_after_seconds, Some(1));
    assert_eq!(e.message, "The service is unavailable for now (Service Unavailable); try again in 1 second.");
    // The client turns a date into seconds first; anything else unreadable is no wait at all.
    let dated = ApiError::from_response(429, Some("Wed, 21 Oct 2026 07:28:00 GMT"), "");
    assert_eq!(dated.retry_after_seconds, None);
    assert_eq!(dated.message, "The service is receiving too many requests; try again in a moment.");
}

#[test]
fn messages_read_as_one_sentence() {
    let e = ApiError::from_response(500, None, r#"{"detail": "Database connection lost."}"#);
    assert_eq!(e.message, "The service had a problem on its side (Database connection lost); try again in a moment.");
    assert_eq!(e.detail.as_deref(), Some("Database connection lost."));
    let refusal = ApiError::from_response(403, None, r#"{"detail": "Insufficient credits: 500 needed, 300 left"}"#);
    assert_eq!(refusal.message, "Insufficient credits: 500 needed, 300 left.");
    assert_eq!(refusal.not_enough_credits(), "Insufficient credits: 500 needed, 300 left");
    let unnamed = ApiError::from_response(403, None, r#"{"detail": "Forbidden."}"#);
    assert_eq!(unnamed.not_enough_credits(), "There are not enough credits for this (Forbidden)");
    assert_eq!(ApiError::from_response(403, None, "").not_enough_credits(), "There are not enough credits for this");
    assert_eq!(
        ApiError::timeout().after("Not saved"),
        "Not saved: the service took too long to answer; try again in a moment."
    );
    assert_eq!(
        ApiError::from_response(418, None, "HTTP teapot").after("Not saved"),
        "Not saved: HTTP teapot.",
        "an acronym keeps its capitals"
    );
    for e in [ApiError::network(), ApiError::timeout(), ApiError::decode(), ApiError::from_response(502, None, "")] {
        assert_eq!(e.message.matches(['.', '!', '?']).count(), 1, "one sentence: {}", e.message);
        assert!(e.message.ends_with('.'), "{}", e.message);
    }
}

#[test]
fn only_failures_without_a_refusal_may_have_landed() {
    let landed = |e: ApiError| e.may_have_landed();
    assert!(landed(ApiError::network()));
    assert!(landed(ApiError::timeout()));
    assert!(landed(ApiError::decode()));
    for status in [500, 502, 504, 302] {
        assert!(landed(ApiError::from_response(status, None, "")), "{status}");
    }
    // A 4xx is the service saying no: nothing was done, so trying again is safe.
    for status in [400, 401, 403, 404, 409, 418, 422, 429, 503] {
        assert!(!landed(ApiError::from_response(status, None, "")), "{status}");
    }
    assert!(!landed(ApiError::signed_out()));
}

#[test]
fn extracts_messages_from_every_common_body() {
    let msg = |body: &str| ApiError::from_response(400, None, body).message;
    assert_eq!(msg(r#"{"detail": "story_idea too short"}"#), "story_idea too short.");
    assert_eq!(msg(r#"{"message": "Person not found"}"#), "Person not found.");
    assert_eq!(msg(r#"{"error": "Bad things"}"#), "Bad things.");
    assert_eq!(msg(r#"{"error": {"message": "Nested trouble", "code": 12}}"#), "Nested trouble.");
    assert_eq!(msg(r#"{"errors": [{"field": "num_scenes", "message": "too many"}]}"#), "num scenes: too many.");
    assert_eq!(msg("Service   temporarily\nunavailable"), "Service temporarily unavailable.");
    assert_eq!(msg(r#""just a string""#), "just a string.");
}

#[test]
fn reads_fastapi_field_errors() {
    let body = r#"{"detail": [
        {"loc": ["body", "story_idea"], "msg": "ensure this value has at least 10 characters", "type": "value_error"},
        {"loc": ["body", "num_scenes"], "msg": "value is not a valid integer"}
    ]}"#;
    let e = ApiError::from_response(422, None, body);
    assert_eq!(e.field_message("story_idea"), Some("ensure this value has at least 10 characters"));
    assert_eq!(e.field_message("num_scenes"), Some("value is not a valid integer"));
    assert_eq!(e.field_message("person_id"), None);
    assert_eq!(
        e.message,
        "story idea: ensure this value has at least 10 characters; num scenes: value is not a valid integer."
    );
}

#[test]
fn never_shows_an_html_page_and_falls_back_on_empty_bodies() {
    let html = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><script>x()</script></body></html>";
    let e = ApiError::from_response(502, None, html);
    assert!(!e.message.contains('<'), "raw HTML leaked: {}", e.message);
    assert_eq!(e.message, "The service had a problem on its side; try again in a moment.");
    assert_eq!(ApiError::from_response(404, None, "   ").message, "The service could not find this.");
    assert_eq!(ApiError::from_response(400, None, "{}").message, "The service refused the request as invalid.");
    assert_eq!(
        ApiError::from_response(400, None, r#"{"detail": ""}"#).message,
        "The service refused the request as invalid."
    );
    assert_eq!(ApiError::from_response(400, None, "[1, 2]").message, "The service refused the request as invalid.");
}

#[test]
fn long_messages_are_shortened() {
    let long = "x".repeat(5000);
    let e = ApiError::from_response(500, None, &long);
    let detail = e.detail.unwrap();
    assert_eq!(detail.chars().count(), 300);
    assert!(detail.ends_with('…'));
    assert!(e.message.chars().count() < 400);
}

#[test]
fn redacts_a_token_the_service_echoes() {
    let e =
        ApiError::from_response(401, None, r#"{"detail": "token sk-live-123456 is invalid"}"#).redact("sk-live-123456");
    assert_eq!(e.message, "token [token hidden] is invalid.");
    assert_eq!(e.detail.as_deref(), Some("token [token hidden] is invalid"));
    assert_eq!(e.to_string(), e.message);
}

#[test]
fn every_error_body_shape_is_accepted() {
    let read = |body: &str| extract_message(body).0;
    // JSON that says nothing a person can use: no message, and never a refusal of the body.
    for body in
        ["null", "true", "42", "-4.5e3", "[]", "[1, null, {}]", "{}", r#"{"detail": 5}"#, r#"{"errors": {"x": 1}}"#]
    {
        assert_eq!(read(body), None, "{body}");
    }
    assert_eq!(read(r#"{"detail": null, "message": "Person not found"}"#).as_deref(), Some("Person not found"));
    assert_eq!(read(r#"{"detail": ["  ", {"msg": "Too long"}]}"#).as_deref(), Some("Too long"));
    assert_eq!(read(r#"{"errors": ["Too short", "No person"]}"#).as_deref(), Some("Too short; No person"));
    assert_eq!(read(r#"{"title": "Conflict", "status": 409}"#).as_deref(), Some("Conflict"));
    assert_eq!(read(r#"{"error_description": "token expired"}"#).as_deref(), Some("token expired"));
    let nested =
        r#"{"error": {"detail": [{"loc": ["body", 0, "story_idea"], "msg": "too short", "ctx": {"min": 10}}]}}"#;
    assert_eq!(extract_message(nested).1, [FieldError { field: "story_idea".into(), message: "too short".into() }]);
    // Text that is not JSON is the service's words, unless it is a page or nests beyond any reason.
    assert_eq!(read("{not json").as_deref(), Some("{not json"));
    assert_eq!(read("<html><body>502</body></html>"), None);
    let deep = "[".repeat(200) + &"]".repeat(200);
    assert_eq!(read(&deep).map(|m| m.chars().count()), Some(300), "unparsed, shown shortened");
}

#[test]
fn an_unreadable_success_says_why_in_plain_words() {
    let e = serde_json::from_str::<crate::api::Project>(r#"{"status": "proposed"}"#).unwrap_err();
    let error = ApiError::decode_because(&e);
    assert_eq!(error.kind, ErrorKind::Decode);
    assert_eq!(
        error.message,
        "The service sent an answer storyreel could not read (missing field `id`); try again in a moment."
    );
    assert!(error.may_have_landed());
}

#[test]
fn a_retry_after_of_any_size_waits_at_most_an_hour_and_is_said_in_words() {
    for (value, seconds, when) in [
        ("0", 0, "in a moment"),
        ("1", 1, "in 1 second"),
        ("59", 59, "in 59 seconds"),
        ("60", 60, "in about a minute"),
        ("61", 61, "in about 2 minutes"),
        ("3540", 3540, "in about 59 minutes"),
        ("3541", 3541, "in about an hour"),
        ("3600", 3600, "in about an hour"),
        ("3601", 3600, "in about an hour"),
        ("9999999999", 3600, "in about an hour"),
        ("18446744073709551615", 3600, "in about an hour"),
        ("18446744073709551616", 3600, "in about an hour"),
        ("99999999999999999999999999999999", 3600, "in about an hour"),
        // HTTP writes whole seconds; a fraction is honoured, rounded up.
        ("1.5", 2, "in 2 seconds"),
        ("0.0", 0, "in a moment"),
        ("59.001", 60, "in about a minute"),
        ("1.", 1, "in 1 second"),
        ("9999999999.9", 3600, "in about an hour"),
        (" 7 ", 7, "in 7 seconds"),
    ] {
        let e = ApiError::from_response(429, Some(value), "");
        assert_eq!(e.retry_after_seconds, Some(seconds), "{value:?}");
        assert_eq!(e.message, format!("The service is receiving too many requests; try again {when}."), "{value:?}");
        assert_eq!(e.message.matches(['.', '!', '?']).count(), 1, "one sentence: {}", e.message);
    }
    // Not a number of seconds (a date is the client's to turn into one): no wait asked at all.
    for value in ["-1", "-0", "+5", "1e3", "0x10", "Infinity", "NaN", "", "  ", ".5", "1.2.3", "5 s", "soon", "１２"]
    {
        let e = ApiError::from_response(503, Some(value), "");
        assert_eq!(e.retry_after_seconds, None, "{value:?}");
        assert_eq!(e.message, "The service is unavailable for now; try again in a moment.", "{value:?}");
    }
}

#[test]
fn a_retry_after_date_is_the_wait_until_it_by_this_clock_within_an_hour() {
    // Wed, 21 Oct 2026 07:28:00 GMT, in ms since 1970: what the browser's Date.parse reads the date as.
    const AT: f64 = 1_792_567_680_000.0;
    let at = |value: &'static str| retry_after_seconds(value, AT, |_| AT + 30_000.0);
    assert_eq!(at("Wed, 21 Oct 2026 07:28:30 GMT"), Some(30));
    let wait = |date_ms: fn(&str) -> f64| retry_after_seconds("a date", AT, date_ms);
    assert_eq!(wait(|_| AT + 500.0), Some(1), "part of a second is a second");
    assert_eq!(wait(|_| AT), Some(0));
    assert_eq!(wait(|_| AT + 3_600_000.0), Some(3600));
    // The clocks disagree: a date already past is no wait, one far ahead the longest.
    assert_eq!(wait(|_| AT - 1.0), Some(0));
    assert_eq!(wait(|_| 0.0), Some(0), "1970");
    assert_eq!(wait(|_| -8.64e15), Some(0), "the earliest date a browser holds");
    assert_eq!(wait(|_| AT + 3_600_001.0), Some(3600));
    assert_eq!(wait(|_| 8.64e15), Some(3600), "the latest date a browser holds");
    assert_eq!(wait(|_| i64::MAX as f64 * 4.0), Some(3600), "past what an i64 of ms holds");
    assert_eq!(wait(|_| f64::INFINITY), Some(3600));
    assert_eq!(wait(|_| f64::NEG_INFINITY), Some(0));
    assert_eq!(retry_after_seconds("a date", 0.0, |_| AT), Some(3600), "a device clock at 1970");
    // Not a date (or beyond the ones a browser holds): no wait asked at all.
    assert_eq!(wait(|_| f64::NAN), None);
    // The number form first: "1.5" or "-5" are never taken for dates (the browser reads both as one).
    let never: fn(&str) -> f64 = |value| panic!("{value:?} read as a date");
    assert_eq!(retry_after_seconds("1.5", AT, never), Some(2));
    assert_eq!(retry_after_seconds(" 9999999999 ", AT, never), Some(3600));
    assert_eq!(retry_after_seconds("-5", AT, |_| f64::NAN), None);
    // What the client then gives the error is said as the number form is, and never over an hour.
    let e = ApiError::from_response_hiding(503, wait(|_| 8.64e15), "", "");
    assert_eq!(e.message, "The service is unavailable for now; try again in about an hour.");
    let e = ApiError::from_response_hiding(429, Some(u64::MAX), "", "");
    assert_eq!(e.retry_after_seconds, Some(3600));
    assert_eq!(e.message, "The service is receiving too many requests; try again in about an hour.");
}

/// Whether any start of `token` 8 characters or longer is in `text`: what a cut could leave of it.
fn leaks(text: &str, token: &str) -> bool {
    text.contains(&token[..8])
}

#[test]
fn a_token_in_a_long_error_body_is_hidden_before_the_body_is_cut() {
    let token = "sk-live-0123456789abcdefghijklmnop";
    // At every place around the cut (300 characters), as plain text, a JSON detail and a field's.
    for at in 270..=310 {
        let words = format!("{}{token} and more words after it", "x".repeat(at));
        for body in [
            words.clone(),
            format!(r#"{{"detail": "{words}"}}"#),
            format!(r#"{{"detail": [{{"loc": ["body", "story_idea"], "msg": "{words}"}}]}}"#),
        ] {
            let e = ApiError::from_response_hiding(500, None, &body, token);
            let detail = e.detail.clone().unwrap_or_default();
            for text in [&e.message, &detail, &e.to_string()] {
                assert!(!leaks(text, token), "{at}: {text}");
            }
            for f in &e.fields {
                assert!(!leaks(&f.message, token) && !leaks(&f.field, token), "{at}: {f:?}");
            }
            assert!(detail.chars().count() <= 300, "still cut to length");
        }
    }
    let e = ApiError::from_response_hiding(400, None, &format!(r#"{{"detail": "bad token {token}"}}"#), token);
    assert_eq!(e.message, "bad token [token hidden].");
}

#[test]
fn a_token_is_hidden_wherever_the_service_puts_it() {
    let token = "eyJhbGciOi.part/two+three==";
    let hidden = |body: &str| ApiError::from_response_hiding(401, None, body, token).message;
    assert_eq!(hidden("Bearer eyJhbGciOi.part/two+three== refused"), "Bearer [token hidden] refused.");
    // JSON may write "/" as "\/": the text read from it is what is searched.
    assert_eq!(hidden(r#"{"detail": "got eyJhbGciOi.part\/two+three=="}"#), "got [token hidden].");
    // As a field's name, too.
    let e = ApiError::from_response_hiding(
        422,
        None,
        r#"{"detail": [{"loc": ["body", "eyJhbGciOi.part/two+three=="], "msg": "odd"}]}"#,
        token,
    );
    assert_eq!(e.message, "[token hidden]: odd.");
    // No token (signed out), or one too short to be one, hides nothing.
    assert_eq!(ApiError::from_response_hiding(401, None, "eyJhbGciOi.part", "").message, "eyJhbGciOi.part.");
    assert_eq!(ApiError::from_response_hiding(401, None, "a b c", "b").message, "a b c.");
}

#[test]
fn an_answer_keeps_no_token_for_a_decode_error_to_quote() {
    let token = "sk-live-0123456789abcdefghijklmnop";
    // A success whose text echoes the token where a number belongs: serde quotes the text it met.
    for (at, body) in
        [(0, format!(r#"{{"id": "{token}"}}"#)), (290, format!(r#"{{"id": "{}{token}"}}"#, "x".repeat(290)))]
    {
        let raw = crate::api::read_project(&body).unwrap_err().message;
        assert!(at > 0 || leaks(&raw, token), "serde does quote it: {raw}");
        let cleaned = super::hidden(body.clone(), token);
        let e = crate::api::read_project(&cleaned).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Decode);
        assert!(!leaks(&e.message, token), "{at}: {}", e.message);
        assert!(e.message.chars().count() < 400, "a decode error is cut to length too: {}", e.message);
    }
    // Only the whole token: another JWT that starts alike (a signed media address) is left whole.
    let body = r#"{"final_video_url": "https://cdn.example/v.mp4?jwt=eyJhbGciOiJIUzI1NiJ9.theirs"}"#;
    assert_eq!(super::hidden(body.to_owned(), "eyJhbGciOiJIUzI1NiJ9.mine"), body);
    assert_eq!(super::hidden(body.to_owned(), ""), body);
}
