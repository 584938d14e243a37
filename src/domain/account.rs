//! Whose things this device keeps, told apart without keeping the token beside them.

/// The same token gives the same text, another token another; the text cannot be turned back into
/// the token (64 bits of FNV-1a over it), so it may stay on the device after a sign-out by 401.
pub fn fingerprint(token: &str) -> String {
    let hash = token.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    hash.to_string()
}

/// Who is signing in: the token's fingerprint and, when the service showed it (a listed project's
/// `user_id`), the account's id, as `fingerprint` or `fingerprint:user`.
pub fn owner(token: &str, user_id: Option<i64>) -> String {
    match user_id {
        Some(user) => format!("{}:{user}", fingerprint(token)),
        None => fingerprint(token),
    }
}

/// Whether the person signing in (`now`) may see what the one who signed in before (`kept`) left:
/// nothing recorded, the same token, or the same account with a renewed token (the user ids match).
/// An account the service has not yet shown counts as another: its story draft is dropped.
pub fn same_person(kept: Option<&str>, now: &str) -> bool {
    let Some(kept) = kept else { return true };
    let split = |o: &str| o.split_once(':').map_or((o.to_owned(), None), |(f, u)| (f.to_owned(), Some(u.to_owned())));
    let ((kept_token, kept_user), (token, user)) = (split(kept), split(now));
    kept_token == token || (kept_user.is_some() && kept_user == user)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_person_is_the_same_token_or_the_same_account() {
        let first = owner("demo-token", Some(1));
        assert!(same_person(None, &first), "nothing recorded: nothing to hide");
        assert!(same_person(Some(&first), &owner("demo-token", None)), "the same token");
        assert!(same_person(Some(&first), &owner("renewed-token", Some(1))), "a renewed token of account 1");
        assert!(!same_person(Some(&first), &owner("other-token", Some(2))), "another account");
        assert!(!same_person(Some(&first), &owner("other-token", None)), "an account not yet shown");
        assert!(!same_person(Some(&owner("demo-token", None)), &owner("x", Some(1))), "the first was never shown");
        assert!(!owner("demo-token", Some(1)).contains("demo"));
    }

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
