//! The `vichess` command line: thin wrappers over the library, one module per command.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(err) => {
            // One plain line, no colour: it may be read by a screen reader or a braille display.
            eprintln!("vichess: {err:#}");
            ExitCode::from(2)
        }
    }
}
