//! The `vichess` command line: thin wrappers over the library, one module per command.

mod cli;

use clap::{CommandFactory, Parser};
use std::process::ExitCode;

fn main() -> ExitCode {
    // `vichess` alone opens the window when there is a display to open it on; without one
    // it prints its help, as ever.
    let mut argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if argv.len() == 1 && cli::window_wanted() {
        argv.push("window".into());
    }
    let args = match cli::Cli::try_parse_from(&argv) {
        Ok(args) => args,
        // A command line clap refuses: said in the player's language where vichess has the
        // words, with clap's exit code; help, version and the rarer kinds as clap says them.
        Err(e) => match cli::refused(&e, &argv, &cli::Cli::command()) {
            Some(line) => {
                eprintln!("vichess: {}", cli::text::printable(&line));
                return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
            }
            None => e.exit(),
        },
    };
    match cli::run(args) {
        Ok(code) => code,
        // The reader went away (`vichess moves | head -1`): it has what it wanted, so this
        // is no error, and saying anything would only reach a closed pipe or confuse.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        // Printed already, before it was said aloud (`play`'s fatal errors).
        Err(err) if err.is::<cli::Printed>() => ExitCode::from(2),
        Err(err) => {
            cli::print_error(&err);
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
