//! The library's line escaping, under the name the commands have always used.

pub use vichess::text::*;
