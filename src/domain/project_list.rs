//! What the projects list shows of each project and in which order, and whether it needs refreshing.

use crate::api::{Project, ProjectStatus};
use crate::domain::media::safe_media_url;
use crate::domain::title::project_title_within;

/// Newest first. Timestamps are compared as instants (an offset or fractional seconds do not fool
/// the order); a project without a readable one goes after those with one, newest id first.
pub fn newest_first(projects: &mut Vec<Project>) {
    super::order::sort_by_key(projects, newest_first_key);
}

/// What orders the list newest first: creation time, then id (both descending).
pub fn newest_first_key(p: &Project) -> std::cmp::Reverse<(Option<i64>, i64)> {
    std::cmp::Reverse((p.created_at.as_deref().and_then(utc_millis), p.id))
}

/// Whether something in the list is still changing by itself, so its progress is worth re-reading.
pub fn any_in_motion(projects: &[Project]) -> bool {
    projects.iter().any(|p| in_motion(&p.status))
}

pub fn in_motion(status: &ProjectStatus) -> bool {
    matches!(status, ProjectStatus::Creating | ProjectStatus::Generating | ProjectStatus::Upscaling)
}

/// The line that names a project in the list, shortened.
pub fn title(project: &Project, max_chars: usize) -> String {
    project_title_within(project.id, Some(project), max_chars)
}

/// The first scene's image, when it has a safe address.
pub fn thumbnail(project: &Project) -> Option<String> {
    let first = project.scenes.iter().min_by_key(|s| s.scene_number)?;
    safe_media_url(first.image_url.as_deref()?).map(str::to_owned)
}

/// The spec promises "ISO 8601 UTC" but services often drop the `Z`; a browser would then read the
/// time as local. This adds the `Z` when no offset is given, so the person sees their own local time.
pub fn as_utc(timestamp: &str) -> String {
    let t = timestamp.trim();
    let Some((_, time)) = t.split_once(['T', ' ']) else { return t.to_owned() };
    let has_offset = time.ends_with(['Z', 'z']) || time.contains('+') || time.contains('-');
    if has_offset {
        t.to_owned()
    } else {
        format!("{}Z", t.replacen(' ', "T", 1))
    }
}

/// Milliseconds since 1970 of an ISO 8601 timestamp (offsets honoured), or `None` when unreadable.
pub fn utc_millis(timestamp: &str) -> Option<i64> {
    let t = as_utc(timestamp);
    let (date, time) = t.split_once(['T', 't'])?;
    let mut d = date.splitn(3, '-').map(|n| n.parse::<i64>().ok());
    let (year, month, day) = (d.next()??, d.next()??, d.next()??);
    let zone_at = time.find(['Z', 'z', '+', '-'])?;
    let (clock, zone) = time.split_at(zone_at);
    let mut c = clock.splitn(3, ':');
    let (hour, minute) = (c.next()?.parse::<i64>().ok()?, c.next()?.parse::<i64>().ok()?);
    let millis = c.next().map_or(Some(0), seconds_as_millis)?;
    let offset_minutes = match zone {
        "Z" | "z" => 0,
        _ => {
            let sign = if zone.starts_with('-') { -1 } else { 1 };
            let digits: String = zone[1..].chars().filter(char::is_ascii_digit).collect();
            let (h, m) = digits.split_at(digits.len().min(2));
            sign * (h.parse::<i64>().ok()? * 60 + m.parse::<i64>().unwrap_or(0))
        }
    };
    // Four-digit years only: beyond them the arithmetic below could overflow, and a browser could
    // not show the date anyway.
    let in_range = (1..=9999).contains(&year) && (1..=12).contains(&month) && (1..=31).contains(&day);
    if !in_range
        || !(0..=23).contains(&hour)
        || !(0..=59).contains(&minute)
        || !(0..61_000).contains(&millis)
        || offset_minutes.abs() >= 1440
    {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let minutes = days * 1440 + hour * 60 + minute - offset_minutes;
    Some(minutes * 60_000 + millis)
}

/// "07" or "07.1256" as 7000 or 7126 milliseconds, read without a float parser.
fn seconds_as_millis(text: &str) -> Option<i64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 2 || !digits(whole) || !digits(fraction) {
        return None;
    }
    let fraction = fraction.as_bytes();
    let digit = |i: usize| fraction.get(i).map_or(0, |d| i64::from(d - b'0'));
    let round_up = i64::from(digit(3) >= 5);
    Some(whole.parse::<i64>().ok()? * 1000 + digit(0) * 100 + digit(1) * 10 + digit(2) + round_up)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Scene;

    fn project(id: i64, created_at: Option<&str>) -> Project {
        Project { id, created_at: created_at.map(str::to_owned), ..Project::default() }
    }

    #[test]
    fn newest_comes_first_whatever_the_timestamp_style() {
        let mut list = vec![
            project(1, Some("2026-11-20T10:00:00Z")),
            project(2, Some("2026-11-21T09:00:00.5")),
            project(3, Some("2026-11-21T10:30:00+02:00")), // 08:30 UTC: before project 2
            project(4, None),
            project(5, Some("2026-11-22 08:00:00")),
            project(6, None),
        ];
        newest_first(&mut list);
        assert_eq!(list.iter().map(|p| p.id).collect::<Vec<_>>(), [5, 2, 3, 1, 6, 4]);
    }

    #[test]
    fn timestamps_without_an_offset_are_read_as_utc() {
        assert_eq!(as_utc("2026-11-21T09:00:00"), "2026-11-21T09:00:00Z");
        assert_eq!(as_utc("2026-11-21 09:00:00.123"), "2026-11-21T09:00:00.123Z");
        assert_eq!(as_utc("2026-11-21T09:00:00Z"), "2026-11-21T09:00:00Z");
        assert_eq!(as_utc("2026-11-21T09:00:00-05:00"), "2026-11-21T09:00:00-05:00");
        assert_eq!(as_utc("yesterday"), "yesterday");
    }

    #[test]
    fn instants_are_exact() {
        assert_eq!(utc_millis("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(utc_millis("2000-03-01T00:00:01.25Z"), Some(951_868_801_250));
        assert_eq!(utc_millis("1970-01-01T00:00:07.1256Z"), Some(7_126), "to the nearest millisecond");
        assert_eq!(utc_millis("1970-01-01T00:01Z"), Some(60_000), "seconds may be left out");
        assert_eq!(utc_millis("1970-01-01T00:00:60.5Z"), Some(60_500), "a leap second");
        assert_eq!(utc_millis("2026-11-21T10:30:00+02:00"), utc_millis("2026-11-21T08:30:00Z"));
        assert_eq!(utc_millis("2026-11-21T03:30:00-0500"), utc_millis("2026-11-21T08:30:00"));
        let absurd = [
            "300000000-01-01T00:00:00Z",
            "9223372036854775807-01-01T00:00:00Z",
            "2026-11-21T00:00:1e300Z",
            "2026-11-21T00:00:NaNZ",
            "2026-11-21T00:00:00+99:00",
        ];
        for bad in ["", "soon", "2026-13-01T00:00:00Z", "2026-11-21", "2026-11-21Tnoon"].into_iter().chain(absurd) {
            assert_eq!(utc_millis(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn only_work_under_way_is_refreshed() {
        for s in [ProjectStatus::Generating, ProjectStatus::Upscaling, ProjectStatus::Creating] {
            assert!(in_motion(&s), "{s:?}");
        }
        for s in [
            ProjectStatus::Proposed,
            ProjectStatus::Completed,
            ProjectStatus::Failed,
            ProjectStatus::Draft,
            ProjectStatus::Unknown("paused".into()),
        ] {
            assert!(!in_motion(&s), "{s:?}");
        }
        let mut list = vec![project(1, None), project(2, None)];
        assert!(!any_in_motion(&list));
        list[1].status = ProjectStatus::Generating;
        assert!(any_in_motion(&list));
    }

    #[test]
    fn titles_prefer_the_description_and_stay_short() {
        let mut p = project(9, None);
        assert_eq!(title(&p, 10), "Untitled project 9");
        p.ideas = "  A fox learns to sail across the bay  ".into();
        assert_eq!(title(&p, 100), "A fox learns to sail across the bay");
        assert_eq!(title(&p, 10), "A fox lea…");
        p.description = "Fox 🦊 at sea".into();
        assert_eq!(title(&p, 5), "Fox…");
        assert_eq!(title(&p, 12), "Fox 🦊 at sea");
        assert_eq!(title(&p, 6), "Fox 🦊…");
    }

    #[test]
    fn the_thumbnail_is_the_first_scenes_safe_image() {
        let scene = |n: i64, url: Option<&str>| Scene {
            scene_number: n,
            image_url: url.map(str::to_owned),
            ..Scene::default()
        };
        let mut p = project(1, None);
        assert_eq!(thumbnail(&p), None);
        p.scenes = vec![scene(2, Some("https://cdn.example/2.png")), scene(1, Some("https://cdn.example/1.png"))];
        assert_eq!(thumbnail(&p).as_deref(), Some("https://cdn.example/1.png"));
        p.scenes[1].image_url = Some("javascript:alert(1)".into());
        assert_eq!(thumbnail(&p), None);
        p.scenes[1].image_url = None;
        assert_eq!(thumbnail(&p), None);
    }
}
