//! Putting the app's short lists in order (a project's scenes, a page of projects).
//!
//! One small stable insertion sort: the standard library's sort is about 3 KB of wasm for each
//! element type, and these lists hold tens of items, not thousands.

/// Sorts by `key`, keeping the given order among equal keys; each key is computed once.
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, key: impl Fn(&T) -> K) {
    let mut keyed: Vec<(K, T)> = items.drain(..).map(|item| (key(&item), item)).collect();
    for i in 1..keyed.len() {
        let mut j = i;
        while j > 0 && keyed[j - 1].0 > keyed[j].0 {
            keyed.swap(j - 1, j);
            j -= 1;
        }
    }
    items.extend(keyed.into_iter().map(|(_, item)| item));
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
        let mut many: Vec<i64> = (0..200).map(|i| (i * 7919) % 211).collect();
        let mut expected = many.clone();
        expected.sort();
        sort_by_key(&mut many, |i| *i);
        assert_eq!(many, expected);
    }
}
