//! Command definitions and dispatch. Each command's work lives in its own module.

mod perft;

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use vichess::rules::{CastlingMode, Position};

#[derive(Parser, Debug)]
#[command(
    name = "vichess",
    version,
    about = "Audio-first chess for blind and visually impaired players (FIDE Appendix D)"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a command starts: `--fen` and `--chess960` are shared by several commands.
#[derive(clap::Args, Debug, Clone)]
pub struct StartArgs {
    /// Start from this position (FEN; X-FEN or Shredder-FEN castling with --chess960).
    #[arg(long)]
    fen: Option<String>,
    /// Chess960 rules: castling as king-takes-rook, X-FEN castling rights.
    #[arg(long)]
    chess960: bool,
}

impl StartArgs {
    fn mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    fn position(&self) -> anyhow::Result<Position> {
        match &self.fen {
            None => {
                let mut pos = Position::new();
                pos.set_castling_mode(self.mode());
                Ok(pos)
            }
            Some(fen) => Position::from_fen(fen, self.mode())
                .map_err(|e| anyhow::anyhow!("the --fen position cannot be used: {e}")),
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal move tree (a move generator check).
    Perft {
        #[command(flatten)]
        start: StartArgs,
        /// Print the count below each legal move first.
        #[arg(long)]
        divide: bool,
        /// Depth in plies.
        depth: u32,
    },
}

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Perft {
            start,
            divide,
            depth,
        } => perft::run(&start.position()?, divide, depth),
    }
}
