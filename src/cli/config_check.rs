//! `vichess config check [FILE]`: FILE (or, without FILE, the user's own configuration file)
//! on top of the built-in defaults. Prints `ok: <file>` for each file read, or every error
//! with its file, line and key; exit 1 on error.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use vichess::config::check_file;

pub fn run(file: Option<&Path>) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    match check_file(file) {
        Ok(names) => {
            for name in names {
                writeln!(out, "ok: {name}")?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(errors) => {
            for e in &errors {
                writeln!(out, "{e}")?;
            }
            let n = errors.len();
            writeln!(out, "{n} {}", if n == 1 { "error" } else { "errors" })?;
            Ok(ExitCode::from(1))
        }
    }
}
