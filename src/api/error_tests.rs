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
    assert_eq!(kind(429), ErrorKind::RateLimited { retry_after_seconds: None });
    assert_eq!(kind(500), ErrorKind::Server { status: 500 });
    assert_eq!(kind(503), ErrorKind::Server { status: 503 });
    assert_eq!(kind(418), ErrorKind::UnexpectedStatus { status: 418 });
}

#[test]
fn reads_retry_after_seconds() {
    let e = ApiError::from_response(429, Some(" 7 "), r#"{"detail":"Too many requests"}"#);
    assert_eq!(e.kind, ErrorKind::RateLimited { retry_after_seconds: Some(7) });
    assert_eq!(e.message, "Too many requests");
    let dated = ApiError::from_response(429, Some("Wed, 21 Oct 2026 07:28:00 GMT"), "");
    assert_eq!(dated.kind, ErrorKind::RateLimited { retry_after_seconds: None });
}

#[test]
fn only_failures_without_a_refusal_may_have_landed() {
    let landed = |e: ApiError| e.may_have_landed();
    assert!(landed(ApiError::network()));
    assert!(landed(ApiError::timeout()));
    assert!(landed(ApiError::decode()));
    for status in [500, 502, 503, 504, 302] {
        assert!(landed(ApiError::from_response(status, None, "")), "{status}");
    }
    // A 4xx is the service saying no: nothing was done, so trying again is safe.
    for status in [400, 401, 403, 404, 409, 418, 422, 429] {
        assert!(!landed(ApiError::from_response(status, None, "")), "{status}");
    }
    assert!(!landed(ApiError::signed_out()));
}

#[test]
fn extracts_messages_from_every_common_body() {
    let msg = |body: &str| ApiError::from_response(400, None, body).message;
    assert_eq!(msg(r#"{"detail": "story_idea too short"}"#), "story_idea too short");
    assert_eq!(msg(r#"{"message": "Person not found"}"#), "Person not found");
    assert_eq!(msg(r#"{"error": "Bad things"}"#), "Bad things");
    assert_eq!(msg(r#"{"error": {"message": "Nested trouble", "code": 12}}"#), "Nested trouble");
    assert_eq!(msg(r#"{"errors": [{"field": "num_scenes", "message": "too many"}]}"#), "num scenes: too many");
    assert_eq!(msg("Service   temporarily\nunavailable"), "Service temporarily unavailable");
    assert_eq!(msg(r#""just a string""#), "just a string");
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
        "story idea: ensure this value has at least 10 characters; num scenes: value is not a valid integer"
    );
}

#[test]
fn never_shows_an_html_page_and_falls_back_on_empty_bodies() {
    let html = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><script>x()</script></body></html>";
    let e = ApiError::from_response(502, None, html);
    assert!(!e.message.contains('<'), "raw HTML leaked: {}", e.message);
    assert_eq!(e.message, "The service had a problem on its side. Please try again in a moment.");
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
    assert_eq!(e.message.chars().count(), 300);
    assert!(e.message.ends_with('…'));
}

#[test]
fn redacts_a_token_the_service_echoes() {
    let e =
        ApiError::from_response(401, None, r#"{"detail": "token sk-live-123456 is invalid"}"#).redact("sk-live-123456");
    assert_eq!(e.message, "token [token hidden] is invalid");
    assert_eq!(e.to_string(), e.message);
}
