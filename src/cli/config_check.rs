//! `vichess config check [FILE]`: FILE (or, without FILE, the user's own configuration file)
//! on top of the built-in defaults. Prints `ok: <file>` for each file read, or every error
//! with its file, line and key; exit 1 on error.

use std::path::Path;
use std::process::ExitCode;
use vichess::config::check_file;

pub fn run(file: Option<&Path>) -> anyhow::Result<ExitCode> {
    match check_file(file) {
        Ok(names) => {
            for name in names {
                println!("ok: {name}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(errors) => {
            for e in &errors {
                println!("{e}");
            }
            let n = errors.len();
            println!("{n} {}", if n == 1 { "error" } else { "errors" });
            Ok(ExitCode::from(1))
        }
    }
}
