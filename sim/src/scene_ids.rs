//! Scene ids. The default profile numbers scenes from one global counter (101, 102, ...); the `alt` profile
//! gives random-looking ids above 2^31, in descending order within a project, so a client that mixes ids with
//! scene numbers, sorts scenes by id, or keeps ids in 32 bits fails loudly.

use crate::config::Profile;

/// The ids of a new project's scenes, in scene order, made from fresh serial numbers of the global counter.
pub fn for_scenes(profile: Profile, serials: Vec<u64>) -> Vec<u64> {
    match profile {
        Profile::Default => serials,
        Profile::Alt => {
            let mut ids: Vec<u64> = serials.into_iter().map(scramble).collect();
            ids.sort_unstable_by(|a, b| b.cmp(a));
            ids
        }
    }
}

/// A bijection of serials onto 3,000,000,000 + [0, 2^33): an odd multiplier is invertible modulo 2^33, so
/// two serials never share an id, and every id stays below 2^53 (exact in JavaScript).
fn scramble(serial: u64) -> u64 {
    const SPAN: u64 = 1 << 33;
    3_000_000_000 + serial.wrapping_mul(0x9E37_79B9) % SPAN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alt_ids_are_distinct_large_and_descending() {
        assert_eq!(for_scenes(Profile::Default, vec![101, 102]), [101, 102]);
        let ids = for_scenes(Profile::Alt, (101..111).collect());
        assert!(ids.windows(2).all(|w| w[0] > w[1]), "{ids:?}");
        assert!(ids.iter().all(|id| *id > u64::from(u32::MAX) / 2 && *id < 1 << 53), "{ids:?}");
        let mut all: Vec<u64> = (0..100_000).map(scramble).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 100_000);
    }
}
