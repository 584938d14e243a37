//! Whose things this device keeps, told apart without keeping the token beside them.

pub const API_BASE_URL_KEY: &str = "storyreel.api_base_url";
/// The story idea not yet proposed: the one draft no project guards (a project's drafts show only on
/// its page, which the service shows only to its owner).
pub const STORY_DRAFT_KEY: &str = "storyreel.draft.story";

/// The same token gives the same text, another token another; the text cannot be turned back into
/// the token (64 bits of FNV-1a over it), so it may stay on the device after a sign-out by 401.
pub fn fingerprint(token: &str) -> String {
    let hash = token.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    hash.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_tells_tokens_apart_without_containing_them() {
        let a = fingerprint("demo-token");
        assert_eq!(a, fingerprint("demo-token"));
        assert_ne!(a, fingerprint("other-token"));
        assert_ne!(a, fingerprint("demo-tokeN"));
        assert!(!a.contains("demo"));
        // FNV-1a's published values (0xcbf29ce484222325, 0xaf63dc4c8601ec8c): the hash is the standard one.
        assert_eq!(fingerprint(""), 0xcbf2_9ce4_8422_2325_u64.to_string());
        assert_eq!(fingerprint("a"), 0xaf63_dc4c_8601_ec8c_u64.to_string());
    }
}
