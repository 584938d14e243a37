//! storyreel's stand-in for `wasm-streams` 0.5, put in its place by `[patch.crates-io]` in the
//! workspace's Cargo.toml.
//!
//! Only leptos' `server_fn` uses wasm-streams, for streaming server functions, and storyreel has no
//! server: it talks to the Scene Projects API with gloo-net. The real crate exports three
//! `#[wasm_bindgen]` classes (`IntoUnderlyingSource`, `…ByteSource`, `…Sink`), and an export is never
//! removed as dead code, so they and their JS bindings rode in every build unused: about 4.5 KB of
//! the first load, gzip. This keeps the two calls `server_fn` compiles against and exports nothing.

use futures_util::stream::{self, Stream};
use wasm_bindgen::JsValue;

pub struct ReadableStream {
    raw: web_sys::ReadableStream,
}

impl ReadableStream {
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self { raw }
    }

    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.raw
    }

    /// A streaming request body: only a server function would build one.
    pub fn from_stream<St>(_stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        panic!("storyreel has no server functions: streaming request bodies are not built in")
    }

    /// A streaming response body: only a server function would read one; it reads as an error.
    pub fn into_stream(self) -> impl Stream<Item = Result<JsValue, JsValue>> + Unpin {
        stream::iter([Err(JsValue::from_str("streaming server function responses are not built in"))])
    }
}
