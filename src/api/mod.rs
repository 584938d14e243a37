//! Everything that talks to the Scene Projects API. Nothing outside this module speaks HTTP or parses JSON.

pub mod boot_reads;
mod client;
mod error;
mod lenient;
mod link;
mod model;
mod open_enum;
mod query;

pub use client::{read_list, read_project, read_status, Client, ListPage, Next};
pub use error::{
    extract_message, plain as plain_error, retry_after_seconds, wait_in_words, ApiError, ErrorKind, FieldError,
    MAX_WAIT_SECONDS,
};
pub use model::*;
pub use query::{encode_component, ProjectFilter};
