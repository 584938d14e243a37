//! What may be put into a `src` or `href`, and where each scene starts in the final video.

use super::credits::SECONDS_PER_SCENE;

/// Only `http:` and `https:` addresses with a host are used; anything else the service sends
/// (`javascript:`, `data:`, a relative path, garbage) is shown as unavailable instead.
pub fn safe_media_url(raw: &str) -> Option<&str> {
    let url = raw.trim();
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    let rest = if lower.starts_with("https://") {
        &url[8..]
    } else if lower.starts_with("http://") {
        &url[7..]
    } else {
        return None;
    };
    let host_ok = rest.chars().next().is_some_and(|c| c != '/' && c != '\\' && c != '?' && c != '#');
    let clean = !url.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\');
    (host_ok && clean).then_some(url)
}

/// The extension a saved media file gets: the address's own (`…/final.webm?sig=…`), else the one of
/// the type the storage answered with, else mp4 (what video services mostly deliver).
pub fn media_extension(url: &str, content_type: Option<&str>) -> &'static str {
    const KNOWN: [(&str, &str); 5] = [
        ("mp4", "video/mp4"),
        ("webm", "video/webm"),
        ("mov", "video/quicktime"),
        ("m4v", "video/x-m4v"),
        ("mkv", "video/x-matroska"),
    ];
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let named = path.rsplit('/').next().and_then(|file| file.rsplit_once('.')).map(|(_, ext)| ext);
    let typed = content_type.and_then(|t| t.split(';').next()).map(str::trim);
    KNOWN
        .iter()
        .find(|(ext, _)| named.is_some_and(|n| n.eq_ignore_ascii_case(ext)))
        .or_else(|| KNOWN.iter().find(|(_, mime)| typed.is_some_and(|t| t.eq_ignore_ascii_case(mime))))
        .map_or("mp4", |(ext, _)| ext)
}

/// "12.1 of 27.0 MB" while a file downloads; "12.1 MB" when the storage did not say its size.
/// Tenths by integer arithmetic: float formatting would add its code to the app for this line.
pub fn download_progress(received: u64, total: Option<u64>) -> String {
    let megabytes = |bytes: u64| {
        let tenths = bytes / 100_000;
        format!("{}.{}", tenths / 10, tenths % 10)
    };
    match total.filter(|&t| t >= received) {
        Some(total) => format!("{} of {} MB", megabytes(received), megabytes(total)),
        None => format!("{} MB", megabytes(received)),
    }
}

/// Query parameters storages sign a link with, lower-case: AWS (v2; v4's are all `x-amz-`), Google
/// Cloud (its v4 ones all `x-goog-`), CloudFront and the usual plain names.
const SIGNING: [&str; 10] = [
    "signature",
    "sig",
    "expires",
    "expiry",
    "exp",
    "token",
    "policy",
    "key-pair-id",
    "awsaccesskeyid",
    "googleaccessid",
];
/// Azure's shared access signature: short names, taken for signing ones only beside its `sig`.
const AZURE: [&str; 15] =
    ["sv", "ss", "srt", "sp", "se", "st", "spr", "sr", "si", "skoid", "sktid", "skt", "ske", "sks", "skv"];

/// The file a media address names, whatever signature it carries now: the address without the
/// parameters a storage signs links with, and without its fragment. A storage may sign its links
/// afresh with every read of the project (a presigned address expires) and it is still the same file;
/// a version in the query (`?v=2`) stays, as it names another file.
pub fn unsigned(url: &str) -> String {
    let url = url.trim().split('#').next().unwrap_or_default();
    let Some((base, query)) = url.split_once('?') else { return url.to_owned() };
    let name = |param: &str| param.split('=').next().unwrap_or_default().to_ascii_lowercase();
    let azure = query.split('&').any(|p| name(p) == "sig");
    let kept: Vec<&str> = query
        .split('&')
        .filter(|p| {
            let n = name(p);
            let signs = n.starts_with("x-amz-")
                || n.starts_with("x-goog-")
                || SIGNING.contains(&n.as_str())
                || (azure && AZURE.contains(&n.as_str()));
            !p.is_empty() && !signs
        })
        .collect();
    if kept.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{}", kept.join("&"))
    }
}

/// A media address that changes whenever the project does, so a service that keeps one address for
/// a re-made video still gets the new file fetched (browsers cache media by address). Addresses
/// with a query are left alone: that is where signed links keep their signature.
pub fn revised_media_url(url: &str, revision: &str) -> String {
    let tag: String = revision.chars().filter(char::is_ascii_alphanumeric).collect();
    if url.contains('?') || tag.is_empty() {
        return url.to_owned();
    }
    match url.split_once('#') {
        Some((base, fragment)) => format!("{base}?rev={tag}#{fragment}"),
        None => format!("{url}?rev={tag}"),
    }
}

/// The revision media addresses are marked with: the project's time once it is at rest (completed);
/// while the service works on it, the revision they had. Its time moves with each step of the work,
/// and until the work ends the file at the address is the one before: a new mark at each step made
/// the player load the same file again, a stall every few seconds for someone watching meanwhile.
pub fn media_revision(before: Option<&str>, updated_at: &str, at_rest: bool) -> String {
    match before {
        Some(before) if !at_rest => before.to_owned(),
        _ => updated_at.to_owned(),
    }
}

/// Scene N starts at (N - 1) × 10 s.
pub fn scene_start_seconds(scene_number: i64) -> f64 {
    (scene_number.max(1) - 1) as f64 * f64::from(SECONDS_PER_SCENE)
}

/// "1:05" for 65 seconds.
pub fn clock(seconds: f64) -> String {
    let whole = seconds.max(0.0).floor() as u64;
    format!("{}:{:02}", whole / 60, whole % 60)
}

/// Where a key pressed on the focused player moves its time: arrows by 5 s, Home and End to either end
/// (Chromium's own controls ignore arrows while the video has focus). `None`: not a seeking key.
pub fn seek_for_key(key: &str, now: f64, duration: f64) -> Option<f64> {
    let end = if duration.is_finite() { duration.max(0.0) } else { f64::MAX };
    let to = match key {
        "ArrowLeft" => now - 5.0,
        "ArrowRight" => now + 5.0,
        "Home" => 0.0,
        "End" if duration.is_finite() => end,
        _ => return None,
    };
    Some(to.clamp(0.0, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_signed_afresh_names_the_same_file_and_a_version_in_the_query_another() {
        let aws = |date: &str, sig: &str| {
            format!("https://b.s3.amazonaws.com/p/7/final.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date={date}&X-Amz-Expires=3600&X-Amz-Signature={sig}")
        };
        assert_eq!(unsigned(&aws("20261128T080000Z", "ab12")), unsigned(&aws("20261128T083000Z", "cd34")));
        assert_eq!(unsigned(&aws("20261128T080000Z", "ab12")), "https://b.s3.amazonaws.com/p/7/final.mp4");
        // The simulator's alt profile: the version in the query, the signature beside it.
        assert_eq!(
            unsigned("https://cdn.example/v2/projects/7/final.webm?v=2&sig=9f"),
            "https://cdn.example/v2/projects/7/final.webm?v=2"
        );
        assert_ne!(
            unsigned("https://cdn.example/final.webm?v=1&sig=a"),
            unsigned("https://cdn.example/final.webm?v=2&sig=a")
        );
        // Google Cloud v4, CloudFront, Azure (its short names only beside its `sig`).
        assert_eq!(
            unsigned("https://storage.googleapis.com/b/f.mp4?X-Goog-Date=1&X-Goog-Signature=2"),
            "https://storage.googleapis.com/b/f.mp4"
        );
        assert_eq!(
            unsigned("https://d.cloudfront.net/f.mp4?Expires=1&Signature=x&Key-Pair-Id=K"),
            "https://d.cloudfront.net/f.mp4"
        );
        assert_eq!(
            unsigned("https://a.blob.core.windows.net/c/f.mp4?sv=2024&se=2026&sp=r&sig=x"),
            "https://a.blob.core.windows.net/c/f.mp4"
        );
        assert_eq!(
            unsigned("https://cdn.example/f.mp4?sv=3"),
            "https://cdn.example/f.mp4?sv=3",
            "no `sig`: not Azure's"
        );
        // The app's own revision mark and a plain address are left as they are; a fragment goes.
        assert_eq!(
            unsigned("http://127.0.0.1:8787/media/final-v1.webm?rev=20261128"),
            "http://127.0.0.1:8787/media/final-v1.webm?rev=20261128"
        );
        assert_eq!(unsigned(" https://cdn.example/f.mp4#t=10 "), "https://cdn.example/f.mp4");
    }

    #[test]
    fn only_http_and_https_with_a_host_are_used() {
        for good in [
            "https://cdn.example/v.mp4",
            "http://127.0.0.1:8787/media/final/1.webm",
            "HTTPS://CDN.example/x",
            "  https://a.b/c?d=e#f  ",
        ] {
            assert_eq!(safe_media_url(good), Some(good.trim()), "{good:?}");
        }
        for bad in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "data:video/mp4;base64,AAAA",
            "blob:https://a/b",
            "/media/1.webm",
            "//cdn.example/v.mp4",
            "ftp://cdn.example/v.mp4",
            "https://",
            "https:///path",
            "http:\\\\evil.example",
            "https://a.b/c d",
            "https://a.b/\u{0}x",
            "",
            "https",
            "vbscript:x",
            "https:/one-slash.example",
        ] {
            assert_eq!(safe_media_url(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_revision_moves_only_when_the_project_is_at_rest() {
        let (done, step, again) = ("2026-11-23T02:40:01Z", "2026-11-23T02:41:30Z", "2026-11-23T02:44:00Z");
        assert_eq!(media_revision(None, step, false), step, "opened during the work: what there is");
        assert_eq!(media_revision(Some(done), step, false), done, "a step of the work marks nothing new");
        assert_eq!(media_revision(Some(done), again, true), again, "the work done: the new file is fetched");
    }

    #[test]
    fn a_revision_marks_plain_addresses_and_leaves_signed_ones_alone() {
        let at = "2026-11-23T02:40:01.123456Z";
        assert_eq!(
            revised_media_url("https://cdn.example/p/7/final.webm", at),
            "https://cdn.example/p/7/final.webm?rev=20261123T024001123456Z"
        );
        assert_eq!(
            revised_media_url("https://cdn.example/final.webm#t=5", at),
            "https://cdn.example/final.webm?rev=20261123T024001123456Z#t=5"
        );
        let signed = "https://bucket.example/final.mp4?X-Amz-Signature=abc&X-Amz-Expires=3600";
        assert_eq!(revised_media_url(signed, at), signed);
        assert_eq!(revised_media_url("https://cdn.example/final.webm", ""), "https://cdn.example/final.webm");
        assert_ne!(
            revised_media_url("https://cdn.example/final.webm", at),
            revised_media_url("https://cdn.example/final.webm", "2026-11-23T02:44:00Z"),
            "a new revision, a new address (the browser's cached copy of the old one is not played)"
        );
    }

    #[test]
    fn scenes_start_every_ten_seconds() {
        assert_eq!(scene_start_seconds(1), 0.0);
        assert_eq!(scene_start_seconds(2), 10.0);
        assert_eq!(scene_start_seconds(10), 90.0);
        assert_eq!(scene_start_seconds(0), 0.0, "a nonsense number starts at the beginning");
        assert_eq!(clock(0.0), "0:00");
        assert_eq!(clock(65.9), "1:05");
        assert_eq!(clock(-3.0), "0:00");
    }

    #[test]
    fn arrows_seek_five_seconds_within_the_video() {
        assert_eq!(seek_for_key("ArrowRight", 12.0, 30.0), Some(17.0));
        assert_eq!(seek_for_key("ArrowLeft", 12.0, 30.0), Some(7.0));
        assert_eq!(seek_for_key("ArrowLeft", 3.0, 30.0), Some(0.0));
        assert_eq!(seek_for_key("ArrowRight", 28.0, 30.0), Some(30.0));
        assert_eq!(seek_for_key("Home", 28.0, 30.0), Some(0.0));
        assert_eq!(seek_for_key("End", 2.0, 30.0), Some(30.0));
    }

    #[test]
    fn other_keys_and_an_unknown_length_leave_the_time_alone() {
        assert_eq!(seek_for_key(" ", 12.0, 30.0), None);
        assert_eq!(seek_for_key("a", 12.0, 30.0), None);
        // Before the metadata, the length is NaN: arrows still move, End has nowhere to go.
        assert_eq!(seek_for_key("ArrowRight", 0.0, f64::NAN), Some(5.0));
        assert_eq!(seek_for_key("End", 0.0, f64::NAN), None);
    }

    #[test]
    fn a_saved_video_keeps_the_address_s_extension_else_the_answered_type_s() {
        assert_eq!(media_extension("https://cdn.example/p/7/final.webm?rev=1", None), "webm");
        assert_eq!(media_extension("https://bucket.example/final.MOV?X-Amz-Signature=a.b", Some("video/mp4")), "mov");
        assert_eq!(media_extension("https://cdn.example/media/final/7", Some("video/webm; codecs=vp9")), "webm");
        assert_eq!(media_extension("https://cdn.example/v.php?file=x.webm", Some("application/octet-stream")), "mp4");
        assert_eq!(
            media_extension("https://cdn.example/final.exe", None),
            "mp4",
            "never an extension it does not know"
        );
        assert_eq!(media_extension("https://cdn.example.webm/", None), "mp4", "the host is no file name");
    }

    #[test]
    fn download_progress_reads_in_megabytes_with_one_decimal() {
        assert_eq!(download_progress(12_149_999, Some(27_000_000)), "12.1 of 27.0 MB");
        assert_eq!(download_progress(0, Some(950_000)), "0.0 of 0.9 MB");
        assert_eq!(download_progress(3_500_000, None), "3.5 MB");
        assert_eq!(download_progress(5_000_000, Some(1_000)), "5.0 MB", "a size the storage got wrong is not shown");
    }
}
