//! The query string as decoded pairs, shaped like leptos_router's `ParamsMap` so a move to it is a
//! change of imports.

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParamsMap(Vec<(String, String)>);

impl ParamsMap {
    /// From a query string (`?a=1&b=x%20y`, with or without its `?`). `+` is a space, as forms
    /// write it; a broken escape is kept as typed.
    pub fn from_query(search: &str) -> Self {
        let pairs = search.trim_start_matches('?').split('&').filter(|pair| !pair.is_empty());
        Self(
            pairs
                .map(|pair| {
                    let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
                    (decode_query_part(k), decode_query_part(v))
                })
                .collect(),
        )
    }

    /// The value of `key`; the last one when it repeats, as leptos_router's.
    pub fn get(&self, key: &str) -> Option<String> {
        self.get_str(key).map(str::to_owned)
    }

    pub fn get_str(&self, key: &str) -> Option<&str> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

fn decode_query_part(text: &str) -> String {
    percent_decode(&text.replace('+', " "))
}

/// `%XX` escapes decoded as UTF-8 (invalid sequences become U+FFFD); a `%` not followed by two hex
/// digits stays as it is.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|b| (*b as char).to_digit(16));
        match (bytes[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (b, ..) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_decoded_values() {
        let q = ParamsMap::from_query("?status_filter=needs%20review&person_id=3&title=a+b&flag&bad=%zz");
        assert_eq!(q.get("status_filter").as_deref(), Some("needs review"));
        assert_eq!(q.get("person_id").as_deref(), Some("3"));
        assert_eq!(q.get("title").as_deref(), Some("a b"));
        assert_eq!(q.get("flag").as_deref(), Some(""));
        assert_eq!(q.get("bad").as_deref(), Some("%zz"));
        assert_eq!(q.get("missing"), None);
        assert_eq!(
            ParamsMap::from_query("return_to=%2Fprojects%2F4%3Fx%3D1").get("return_to").as_deref(),
            Some("/projects/4?x=1")
        );
    }

    #[test]
    fn the_last_of_a_repeated_key_counts() {
        assert_eq!(ParamsMap::from_query("?a=1&a=2").get("a").as_deref(), Some("2"));
    }

    #[test]
    fn an_empty_query_has_nothing() {
        assert_eq!(ParamsMap::from_query(""), ParamsMap::default());
        assert_eq!(ParamsMap::from_query("?"), ParamsMap::default());
    }

    #[test]
    fn escaped_keys_and_values_and_the_filter_read_back() {
        let q = ParamsMap::from_query(
            "?return_to=/projects/4%3Ftab%3Da%20b%26x%3D1&status_filter=on+hold&x&%C3%A9t%C3%A9=1&bad=%zz%4",
        );
        assert_eq!(q.get("return_to").as_deref(), Some("/projects/4?tab=a b&x=1"));
        assert_eq!(q.get("status_filter").as_deref(), Some("on hold"));
        assert_eq!(q.get("x").as_deref(), Some(""));
        assert_eq!(q.get("été").as_deref(), Some("1"));
        assert_eq!(q.get("bad").as_deref(), Some("%zz%4"));
        assert_eq!(q.get("missing"), None);
        let filter = crate::api::ProjectFilter { person_id: Some(3), status: Some("on hold/ü".into()) };
        let address = ParamsMap::from_query(&filter.to_query());
        assert_eq!(
            crate::api::ProjectFilter::from_query(|key| address.get(key)),
            filter,
            "what the address writes, it reads back"
        );
    }

    #[test]
    fn decodes_utf8_escapes() {
        assert_eq!(percent_decode("sc%C3%A8ne"), "scène");
        assert_eq!(percent_decode("100%"), "100%");
    }
}
