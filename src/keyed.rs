//! Values kept on the device as one JSON object keyed by id (`{"901": {...}, "902": {...}}`), held
//! as a list of pairs: a B-tree map would bring its code (and a sort) into the wasm for a few keys.
//! Use with `#[serde(with = "crate::keyed")]`.

use serde::de::{DeserializeOwned, IgnoredAny, MapAccess, Visitor};
use serde::{Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

pub fn serialize<S: Serializer, V: Serialize>(pairs: &[(i64, V)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(id, value)| (id, value)))
}

/// A key that is no id is skipped with its value, rather than losing the rest.
pub fn deserialize<'de, D: Deserializer<'de>, V: DeserializeOwned>(d: D) -> Result<Vec<(i64, V)>, D::Error> {
    d.deserialize_map(Pairs(PhantomData))
}

struct Pairs<V>(PhantomData<V>);

impl<'de, V: DeserializeOwned> Visitor<'de> for Pairs<V> {
    type Value = Vec<(i64, V)>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object keyed by id")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut pairs = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            match key.parse() {
                Ok(id) => pairs.push((id, map.next_value()?)),
                Err(_) => drop(map.next_value::<IgnoredAny>()?),
            }
        }
        Ok(pairs)
    }
}
