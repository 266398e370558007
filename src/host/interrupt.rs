//! SIGTERM, SIGHUP (a closed terminal) and SIGINT (Ctrl-C) end a game the way `quit` does:
//! the PGN saved, the interruption journaled as its own record and said in the game's
//! language, so the next `--resume` says "the game was interrupted", not "a crash"
//! (issue 24, item 16).
//!
//! The signal handler does nothing but wake a thread (signal-hook's self-pipe); that thread
//! hands the game loop an [`Arrival::Interrupted`] like any other input. So a move being
//! journaled when the signal comes is written and synced first, and the interruption is
//! the next thing the loop does.
//!
//! A line editor's Ctrl-C (which arrives as a key, not a signal, in raw mode) takes the
//! same path through [`interrupt`].

use super::Arrival;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Mutex, OnceLock};

/// Where an interruption goes: the input channel of the game open now. A window that starts
/// a new game or resumes another replaces it, so a signal after that still ends the game on
/// screen (not the one already closed).
static LOOP: Mutex<Option<Sender<Arrival>>> = Mutex::new(None);
/// The signals are watched by one thread for the whole process, however many games it opens.
static WATCHING: OnceLock<()> = OnceLock::new();
/// Set once an interruption has been asked for.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Catches SIGTERM, SIGHUP and SIGINT from now on and passes them to the game loop behind
/// `tx`. From then on Ctrl-C no longer kills vichess outright: it saves and leaves.
pub(super) fn watch(tx: &Sender<Arrival>) -> std::io::Result<()> {
    *LOOP.lock().unwrap_or_else(|e| e.into_inner()) = Some(tx.clone());
    if WATCHING.get().is_some() {
        return Ok(());
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    let _ = WATCHING.set(());
    std::thread::spawn(move || {
        for signal in signals.forever() {
            interrupt(name(signal));
        }
    });
    Ok(())
}

/// Ends the game as an interruption named `cause` (`SIGINT` for a line editor's Ctrl-C):
/// the game loop saves the PGN, journals the interruption and says it, then leaves. Safe
/// to call from any thread, and more than once (the loop leaves at the first).
pub fn interrupt(cause: &str) {
    INTERRUPTED.store(true, Ordering::SeqCst);
    if let Some(tx) = LOOP.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        let _ = tx.send(Arrival::Interrupted(cause.to_string()));
    }
}

/// Whether an interruption was asked for: the console reader, at the end of its input
/// (which a closed terminal also gives), leaves the game to the interruption instead of
/// sending `quit`.
pub fn is_interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

fn name(signal: i32) -> &'static str {
    match signal {
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        SIGINT => "SIGINT",
        _ => "signal",
    }
}
