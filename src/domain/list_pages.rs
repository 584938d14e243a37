//! A long list shown a page at a time, and a list the service sends in pages.
//!
//! Shown: 50 projects a page, the page in the address (`?page=3`), so a return to the list, a reload
//! or a shared link opens where the person was. Sent: the spec shows no paging for the list ("not
//! shown"); a service that pages says where the next page is (`api::Client::list_page` follows it),
//! and the app follows at most `MAX_PAGES`.

use std::ops::Range;

/// Projects on one page of the list.
pub const PAGE_SIZE: usize = 50;

/// Pages the service's list is followed through at most: 100,000 projects at 100 a page. A service
/// that kept answering with a next page would otherwise be asked forever.
pub const MAX_PAGES: usize = 1000;

/// How many pages `count` projects fill (one, empty, for none).
pub fn page_count(count: usize) -> usize {
    count.div_ceil(PAGE_SIZE).max(1)
}

/// The page asked for (1-based), within the pages there are: a page past the end is the last.
pub fn clamp_page(asked: usize, count: usize) -> usize {
    asked.clamp(1, page_count(count))
}

/// Which of `count` projects page `page` shows.
pub fn page_range(page: usize, count: usize) -> Range<usize> {
    let start = (clamp_page(page, count) - 1) * PAGE_SIZE;
    start.min(count)..(start + PAGE_SIZE).min(count)
}

/// The page in the address's `page` value: 1 when absent or not a page number.
pub fn page_from_query(value: Option<&str>) -> usize {
    value.and_then(|v| v.trim().parse::<usize>().ok()).filter(|p| *p >= 1).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_thousand_projects_fill_forty_pages_and_the_last_is_reachable() {
        assert_eq!(page_count(2000), 40);
        assert_eq!(page_count(2001), 41);
        assert_eq!(page_count(0), 1);
        assert_eq!(page_range(1, 2000), 0..50);
        assert_eq!(page_range(40, 2000), 1950..2000);
        assert_eq!(page_range(41, 2001), 2000..2001);
        assert_eq!(page_range(99, 120), 100..120, "past the end is the last page");
        assert_eq!(page_range(1, 0), 0..0);
    }

    #[test]
    fn the_address_page_is_a_number_from_one() {
        assert_eq!(page_from_query(Some("3")), 3);
        assert_eq!(page_from_query(Some(" 12 ")), 12);
        for bad in [None, Some(""), Some("0"), Some("-2"), Some("two"), Some("1e3")] {
            assert_eq!(page_from_query(bad), 1, "{bad:?}");
        }
        assert_eq!(clamp_page(0, 10), 1);
    }
}
