//! The `vichess` command line: thin wrappers over the library, one module per command.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        // The reader went away (`vichess moves | head -1`): it has what it wanted, so this
        // is no error, and saying anything would only reach a closed pipe or confuse.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // One plain line, no colour: it may be read by a screen reader or a braille display.
            eprintln!("vichess: {}", cli::text::printable(&format!("{err:#}")));
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
