//! The configuration error's words moved to the library ([`vichess::config::error_line`]),
//! where `vichess config check` says them too; `play` still finds them here.

pub use vichess::config::error_line as config_error_line;
