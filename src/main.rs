//! The `vichess` command line: thin wrappers over the library, one module per command.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // `vichess` alone opens the window when there is a display to open it on; without one
    // it prints its help, as ever.
    let mut argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if argv.len() == 1 && cli::window_wanted() {
        argv.push("window".into());
    }
    let args = cli::Cli::parse_from(argv);
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
