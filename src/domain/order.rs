//! Putting the app's lists in order (a project's scenes, a customer's thousands of projects), and
//! finding each item once.
//!
//! One small stable merge sort over indices, O(n log n): the standard library's sort is about 3 KB of
//! wasm for each element type; this one is compiled once per key type and moves no item until the end.

/// Sorts by `key`, keeping the given order among equal keys; each key is computed once.
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, key: impl Fn(&T) -> K) {
    let keys: Vec<K> = items.iter().map(key).collect();
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(sorted_indices(&keys).into_iter().filter_map(|i| slots[i].take()));
}

/// The indices of `keys` in ascending order of key, equal keys in their given order: a bottom-up
/// merge sort.
pub fn sorted_indices<K: Ord>(keys: &[K]) -> Vec<usize> {
    let n = keys.len();
    let (mut from, mut to): (Vec<usize>, Vec<usize>) = ((0..n).collect(), vec![0; n]);
    let mut width = 1;
    while width < n {
        for lo in (0..n).step_by(2 * width) {
            let (mid, hi) = ((lo + width).min(n), (lo + 2 * width).min(n));
            let (mut i, mut j) = (lo, mid);
            for slot in &mut to[lo..hi] {
                // `<=`: the left run's key first among equals, so the sort is stable.
                if i < mid && (j >= hi || keys[from[i]] <= keys[from[j]]) {
                    *slot = from[i];
                    i += 1;
                } else {
                    *slot = from[j];
                    j += 1;
                }
            }
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    from
}

/// For each key, whether it is the first of its value in the slice (a repeat is not): O(n log n).
pub fn first_of_each<K: Ord>(keys: &[K]) -> Vec<bool> {
    let mut first = vec![false; keys.len()];
    let mut before: Option<&K> = None;
    for i in sorted_indices(keys) {
        first[i] = before != Some(&keys[i]);
        before = Some(&keys[i]);
    }
    first
}

/// A project's scenes as the person sees them: by number, each number once (the first answer wins),
/// however the service listed them.
pub fn scenes_in_order(scenes: &[crate::api::Scene]) -> Vec<crate::api::Scene> {
    let mut scenes = scenes.to_vec();
    sort_by_key(&mut scenes, |s| s.scene_number);
    scenes.dedup_by_key(|s| s.scene_number);
    scenes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenes_come_in_order_and_once() {
        let scene = |n, id| crate::api::Scene { scene_number: n, id: Some(id), ..Default::default() };
        let got = scenes_in_order(&[scene(3, 30), scene(1, 10), scene(3, 31), scene(2, 20)]);
        assert_eq!(
            got.iter().map(|s| (s.scene_number, s.id)).collect::<Vec<_>>(),
            [(1, Some(10)), (2, Some(20)), (3, Some(30))]
        );
        assert!(scenes_in_order(&[]).is_empty());
    }

    #[test]
    fn sorts_and_keeps_the_order_of_equals() {
        let mut items = vec![(3, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (3, 'e'), (0, 'f')];
        sort_by_key(&mut items, |i| i.0);
        assert_eq!(items, [(0, 'f'), (1, 'b'), (1, 'd'), (2, 'c'), (3, 'a'), (3, 'e')]);
        let mut empty: Vec<i32> = Vec::new();
        sort_by_key(&mut empty, |i| *i);
        assert!(empty.is_empty());
        let mut many: Vec<i64> = (0..5000).map(|i| (i * 7919) % 211).collect();
        let mut expected = many.clone();
        expected.sort();
        sort_by_key(&mut many, |i| *i);
        assert_eq!(many, expected);
    }

    #[test]
    fn the_first_of_each_key_is_marked_once_whatever_the_order() {
        assert_eq!(first_of_each(&[5, 3, 5, 1, 3, 3]), [true, true, false, true, false, false]);
        assert!(first_of_each::<i64>(&[]).is_empty());
        let ids: Vec<i64> = (0..4000).map(|i| i % 2000).collect();
        let marks = first_of_each(&ids);
        assert!(marks[..2000].iter().all(|m| *m) && marks[2000..].iter().all(|m| !*m));
    }

    #[test]
    fn a_list_in_reverse_is_sorted_stably() {
        let mut items: Vec<(i64, usize)> = (0..3000).map(|i| (-(i as i64) / 3, i)).collect();
        sort_by_key(&mut items, |i| i.0);
        assert!(items.windows(2).all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1)));
    }
}
