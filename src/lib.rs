//! storyreel: a browser studio for multi-scene AI videos through the Scene Projects API.
//!
//! `domain` and `api`'s models are pure and tested natively; everything that touches the browser
//! sits in `browser`, `components`, `pages` and `app`, tested with wasm-bindgen-test.

pub mod api;
pub mod app;
#[cfg(test)]
mod boot_copies_tests;
pub mod browser;
pub mod components;
pub mod config;
pub mod domain;
pub mod hooks;
pub mod keyed;
pub mod page_code;
pub mod pages;
pub mod router;
pub mod routes;
pub mod session;
pub mod split_code;
#[cfg(test)]
mod stored_tests;
pub mod stores;
