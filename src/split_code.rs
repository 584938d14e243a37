//! Where the wasm is split: `split_code!` makes a split point; `crate::page_code`, beside it, lists
//! the pages that are split points, and a part of a page that is one says so where it is made
//! (`pages::video::finished_part`, `components::new_story_from`). How the split is cut and
//! loaded: docs/build.md.

/// The code did not arrive (the connection, most often); asking again may work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeNotLoaded;

#[cfg(feature = "split")]
impl From<leptos::wasm_split::SplitLoaderError> for CodeNotLoaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        CodeNotLoaded
    }
}

/// A split point: with the `split` feature (trunk builds, Trunk.toml) `$name` is a `wasm_split`
/// point (leptos' `#[lazy]` mechanism, `fallible` so that a failed download is said, not a panic)
/// whose code deploy/bin/wasm-bindgen cuts off; without it (tests, native) the same function simply
/// builds the view. `$preload` fetches the code without building anything.
macro_rules! split_code {
    ($name:ident, $preload:ident, ($($arg:ident: $ty:ty),*) => $body:expr) => {
        #[cfg(feature = "split")]
        #[leptos::wasm_split::wasm_split($name, wasm_split_path = ::leptos::wasm_split, preload($preload), fallible)]
        pub fn $name($($arg: $ty),*) -> Result<AnyView, $crate::split_code::CodeNotLoaded> {
            Ok($body.into_any())
        }
        #[cfg(not(feature = "split"))]
        pub async fn $name($($arg: $ty),*) -> Result<AnyView, $crate::split_code::CodeNotLoaded> {
            Ok($body.into_any())
        }
        #[cfg(not(feature = "split"))]
        pub async fn $preload() -> Result<(), $crate::split_code::CodeNotLoaded> {
            Ok(())
        }
    };
}
pub(crate) use split_code;
