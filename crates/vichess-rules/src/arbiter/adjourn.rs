//! Adjournment (Guidelines I): sealing a move, the envelope, and the resumption.
//!
//! - When the session ends, the player on move writes the move down unambiguously and seals
//!   it, then stops the clock (I.1.1). The written move is a pre-entry (8.1.2): once sealed,
//!   nothing changes it, so an [`Envelope`] is made only by [`Envelope::seal`] and read only.
//! - The envelope records the names, the position before the sealed move, both clocks, who
//!   sealed, the move number, a pending draw offer, and the date, time and place of
//!   resumption (I.2).
//! - A draw agreed or a resignation notified before resumption ends the game (I.6); a draw
//!   offer made after the seal stays open (I.4).
//! - At resumption the sealed move is played and the responder's clock started (I.9). A sealed
//!   move that is ambiguous, unintelligible or illegal loses, unless the game had already
//!   ended (I.8: Art. 5, 6.9, 9.6, a dead position).
//!
//! The sealed move is not checked at sealing: the arbiter keeps the envelope closed (I.3)
//! and the Laws make the sealer answer for what is written.

use super::offers::Offer;
use super::result::board_result;
use super::ruling::{EndReason, Outcome, Ruling};
use crate::clock::{
    Adjustment, Clock, ClockConfig, ClockError, ClockState, Millis, SideReading, TimeControl,
};
use crate::game::{Game, Status};
use crate::notation::{parse_move, MoveError};
use crate::{Color, Move, Position};

/// Why a move cannot be sealed now. Nothing is sealed when it cannot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    /// A finished game is not adjourned.
    #[error("the game is over ({0}): there is nothing to adjourn")]
    GameOver(Status),
    /// The sealer's time must be running until the seal (I.2), so a stopped clock refuses it.
    #[error("the clock is not running: start it before sealing, as the sealer's time runs until the envelope is sealed")]
    ClockNotRunning,
    /// Board and clock name different sides on move: sealing would charge the wrong player.
    #[error(
        "the board has {board} on move but the clock runs for {clock}: correct the clock first"
    )]
    ClockDisagrees {
        /// The side on move by the position.
        board: Color,
        /// The side whose clock runs.
        clock: Color,
    },
    /// The sealed move text is blank (I.2 requires it written down).
    #[error("nothing is written: the sealed move must be written down")]
    Empty,
}

/// The sealed envelope of an adjourned game (I.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    white: String,
    black: String,
    position: Position,
    readings: [SideReading; 2],
    sealer: Color,
    move_number: u32,
    sealed_move: String,
    draw_offer: Option<Offer>,
    resumption: String,
    sealed_at: Millis,
}

/// What happens when the envelope is opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    /// Play the sealed move, then start the responder's clock (I.9.1).
    Play(Move),
    /// The game had already ended; the sealed move is not played (I.6, I.8).
    AlreadyEnded(Ruling),
    /// I.8: the sealed move cannot be played, and the sealer loses; `why` says what is
    /// wrong with it.
    Defective {
        /// The loss of the sealer.
        ruling: Ruling,
        /// What the reader found wrong with the written move.
        why: MoveError,
    },
}

impl Envelope {
    /// The player on move seals `written` at `now`, with the clock still running for them.
    /// `resumption` is the date, time and place of resumption as the arbiter writes it.
    pub fn seal(
        game: &Game,
        clock: &Clock,
        now: Millis,
        written: &str,
        draw_offer: Option<Offer>,
        names: [&str; 2],
        resumption: &str,
    ) -> Result<Envelope, SealError> {
        let status = game.status();
        if status.is_over() {
            return Err(SealError::GameOver(status));
        }
        let position = game.position().clone();
        let sealer = position.turn();
        let ClockState::Running(running) = clock.state() else {
            return Err(SealError::ClockNotRunning);
        };
        if running != sealer {
            return Err(SealError::ClockDisagrees {
                board: sealer,
                clock: running,
            });
        }
        if written.trim().is_empty() {
            return Err(SealError::Empty);
        }
        Ok(Envelope {
            white: names[0].to_string(),
            black: names[1].to_string(),
            move_number: position.fullmoves(),
            position,
            readings: [
                clock.reading(Color::White, now),
                clock.reading(Color::Black, now),
            ],
            sealer,
            sealed_move: written.trim().to_string(),
            draw_offer,
            resumption: resumption.to_string(),
            sealed_at: now,
        })
    }

    /// The players' names as written on the envelope, White first.
    pub fn names(&self) -> [&str; 2] {
        [&self.white, &self.black]
    }

    /// The position before the sealed move.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Both clocks as they stood at the seal, by `Color::index()`.
    pub fn readings(&self) -> [SideReading; 2] {
        self.readings
    }

    /// Who sealed the move: the player on move at adjournment, whose clock ran until the seal.
    pub fn sealer(&self) -> Color {
        self.sealer
    }

    /// The number of the sealed move.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The move exactly as the sealer wrote it (trimmed); it is read only when the envelope is opened.
    pub fn sealed_move(&self) -> &str {
        &self.sealed_move
    }

    /// A draw offer pending at the seal: it stays open (I.4).
    pub fn draw_offer(&self) -> Option<Offer> {
        self.draw_offer
    }

    /// When and where play resumes, as written on the envelope (I.2).
    pub fn resumption(&self) -> &str {
        &self.resumption
    }

    /// The caller's timestamp of the seal, for the audit trail.
    pub fn sealed_at(&self) -> Millis {
        self.sealed_at
    }

    /// Opens the envelope at resumption. `ended` is how the game ended meanwhile, if it did:
    /// a draw agreed or a resignation notified before resumption (I.6), or an end under Art.
    /// 5, 6.9 or 9.6 found on the record; then the sealed move does not matter (I.8).
    pub fn open(&self, ended: Option<Ruling>) -> Opening {
        if let Some(ruling) = ended {
            return Opening::AlreadyEnded(ruling);
        }
        if let Some(ruling) = board_result(Game::new(self.position.clone()).status()) {
            return Opening::AlreadyEnded(ruling);
        }
        match parse_move(&self.position, &self.sealed_move) {
            Ok(m) => Opening::Play(m),
            Err(why) => Opening::Defective {
                ruling: Ruling::Result {
                    outcome: Outcome::Win(!self.sealer),
                    reason: EndReason::DefectiveSealedMove,
                    article: "I.8",
                },
                why,
            },
        }
    }

    /// A clock for the resumed game, set to the recorded times and move counts (I.5), not
    /// yet started: the session starts the responder's clock once the sealed move is on the
    /// board (I.9). Every setting is in the clock's audit trail.
    pub fn restore_clock(
        &self,
        control: TimeControl,
        config: ClockConfig,
    ) -> Result<Clock, ClockError> {
        let mut clock = Clock::new(control, config);
        for side in Color::ALL {
            let reading = self.readings[side.index()];
            let why = "resumption of an adjourned game (I.5)";
            clock.correct(
                Adjustment::SetMoves {
                    side,
                    moves: reading.moves,
                },
                "arbiter",
                why,
                0,
            )?;
            clock.correct(
                Adjustment::SetTime {
                    side,
                    time: reading.time,
                },
                "arbiter",
                why,
                0,
            )?;
        }
        Ok(clock)
    }
}
