//! storyreel: a browser studio for multi-scene AI videos through the Scene Projects API.

pub mod api;
