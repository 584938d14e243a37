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
