//! The chess clock (Art. 6) as a pure state machine: the caller feeds timestamps, the clock
//! returns what happened as [`ClockEvent`] values for the session to announce and journal.
//!
//! Model:
//! - One side's clock runs at a time. A press by that side completes a move (6.2.1): it
//!   credits the bonus, starts the next period when the period's last move is completed
//!   (6.3.2, "added at the N-th press"), and starts the opponent's clock.
//! - A FIDE delay (6.3.2) is waited out at the start of each move before the main time
//!   runs; unused delay is lost. A Bronstein delay gives back the time used, up to the
//!   delay, after the move. An increment is credited after every completed move.
//! - A flag falls the instant the main time reaches zero while it runs. Every fall is
//!   logged with its timestamp, so the first one is known (III.3.1). No increment or
//!   add-back is credited for a move on which the flag fell; the time of a new period still
//!   is, because play may go on after a fall (III.3.1, 6.4) and the clock must keep up.
//! - Both clocks may be stopped (6.11) and restarted; a move's unused delay survives the
//!   stop. Arbiter corrections (6.10, 7.1, penalties, III.4) are logged with who, why,
//!   when, and the readings before and after.
//! - The 8.4 latch: once a player has less than five minutes left in a period with a bonus
//!   under 30 seconds, they need not record moves for the rest of that period.

use super::control::{Bonus, Millis, TimeControl};
use super::game_type::GameType;
use crate::Color;

/// 8.4: "less than five minutes left".
const NO_DUTY_BELOW: Millis = 5 * 60_000;
/// 8.4: "additional time of 30 seconds or more" keeps the duty to record.
const NO_DUTY_BONUS: Millis = 30_000;

/// Penalty time in blitz under full supervision (B.2): the 2023 Laws do not import A.3
/// there, so read literally it is the standard two minutes; under B.3 A.3 makes it one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BlitzPenalty {
    /// One minute: A.3 through B.3, and the 2018 blitz rule. The default.
    #[default]
    OneMinute,
    /// Two minutes: B.2 read literally.
    TwoMinutes,
}

/// Choices the Laws leave to the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ClockConfig {
    /// The penalty time in blitz under full supervision, which the Laws leave unclear.
    pub blitz_penalty: BlitzPenalty,
}

/// III.4: what the players switch to when a quickplay finish is changed to a 5-second delay
/// or increment for both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuickplayBonus {
    /// A FIDE delay of five seconds (6.3.2).
    Delay,
    /// An increment of five seconds.
    Increment,
}

/// What the clock is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockState {
    /// Waiting for the first start (6.2).
    NotStarted,
    /// This side's clock runs.
    Running(Color),
    /// Both clocks stopped (6.11); `turn` is the side whose clock restarts.
    Stopped {
        /// The side whose clock runs at the restart.
        turn: Color,
    },
}

/// A flag fall: whose, when, on which of their moves, in which period (counted from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FlagFall {
    /// Whose flag fell.
    pub side: Color,
    /// When, in the caller's milliseconds.
    pub at: Millis,
    /// The number of the move the player was on.
    pub move_number: u32,
    /// The period it fell in, counted from 1.
    pub period: u32,
}

/// A change an arbiter makes to the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Adjustment {
    /// Set a player's main time (6.10.2, 7.1, a replaced clock).
    SetTime {
        /// Whose time.
        side: Color,
        /// The new main time.
        time: Millis,
    },
    /// Add to a player's main time (12.5 disturbance, 12.9.2, III.4/III.5 two minutes).
    AddTime {
        /// Whose time.
        side: Color,
        /// How much to add.
        time: Millis,
    },
    /// Take from a player's main time (12.9.3); stops at zero.
    SubtractTime {
        /// Whose time.
        side: Color,
        /// How much to take.
        time: Millis,
    },
    /// Fix a player's count of completed moves (6.10.2, 7.1). The period follows the count;
    /// the times are left as they are, for the arbiter to set.
    SetMoves {
        /// Whose count.
        side: Color,
        /// The corrected number of completed moves.
        moves: u32,
    },
    /// A penalty against `offender` (7.5.5 and others): the opponent gets two minutes in
    /// standard play, one in rapid and (by default) blitz (A.3).
    Penalty {
        /// The player penalised; the opponent gets the time.
        offender: Color,
    },
    /// III.4: both players get a 5-second delay or increment for the rest of the game.
    Quickplay(QuickplayBonus),
    /// 7.1: after a position is restored (a take-back, an illegal move reinstated), `side` is
    /// on move again: its clock runs (or restarts after a stop) with a fresh move's delay.
    SetTurn {
        /// The side whose clock runs now.
        side: Color,
    },
}

/// One side's clock reading, for the audit trail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SideReading {
    /// Main time left.
    pub time: Millis,
    /// Completed moves.
    pub moves: u32,
    /// The current period, counted from 1.
    pub period: u32,
    /// The bonus per move in that period.
    pub bonus: Bonus,
}

/// An entry of the audit trail: who changed the clock, why, when, and what it showed.
/// `before` and `after` are indexed by `Color::index()`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Correction {
    /// When the correction was made.
    pub at: Millis,
    /// Who made it, as the caller names them.
    pub by: String,
    /// Why, in the arbiter's words.
    pub why: String,
    /// The change itself.
    pub adjustment: Adjustment,
    /// Both sides' readings just before.
    pub before: [SideReading; 2],
    /// Both sides' readings just after.
    pub after: [SideReading; 2],
}

/// Something the clock reports, for the session to announce, print and journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockEvent {
    /// The clock was started for `side`, whose time now runs (6.2).
    Started {
        /// The side whose clock was started.
        side: Color,
        /// When.
        at: Millis,
    },
    /// `side` completed its move `number` after using `used` on it.
    MoveCompleted {
        /// The side that pressed.
        side: Color,
        /// Its move number, counted from 1.
        number: u32,
        /// The time spent on the move.
        used: Millis,
        /// When.
        at: Millis,
    },
    /// `side` entered period `period` (counted from 1) and got `added`.
    PeriodStarted {
        /// The side entering the period.
        side: Color,
        /// The period, counted from 1.
        period: u32,
        /// The time it added.
        added: Millis,
        /// When.
        at: Millis,
    },
    /// The main time of `side` reached zero; the game may still go on (6.9, III.3.1).
    FlagFell {
        /// Whose flag fell.
        side: Color,
        /// When.
        at: Millis,
        /// The move the player was on.
        move_number: u32,
        /// The period it fell in, counted from 1.
        period: u32,
    },
    /// 8.4: `side` need not record moves for the rest of period `period`.
    NoDutyToRecord {
        /// The side freed from recording.
        side: Color,
        /// The period, counted from 1.
        period: u32,
        /// When.
        at: Millis,
    },
    /// Both clocks were stopped (6.11).
    Stopped {
        /// When.
        at: Millis,
    },
    /// The clock restarted after a stop, for `side`.
    Resumed {
        /// The side whose clock runs again.
        side: Color,
        /// When.
        at: Millis,
    },
    /// An arbiter changed the clock; the audit trail has the details.
    Corrected {
        /// The change.
        adjustment: Adjustment,
        /// When.
        at: Millis,
    },
}

/// Why the clock refused an operation. Nothing changes when it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ClockError {
    /// A press or correction came before the clock was started.
    #[error("the clock has not been started yet")]
    NotStarted,
    /// The clock can only be started once.
    #[error("the clock has already been started")]
    AlreadyStarted,
    /// Presses do nothing while both clocks are stopped.
    #[error("both clocks are stopped: restart the clock first")]
    Stopped,
    /// Only a stopped clock can be resumed.
    #[error("the clock is not stopped")]
    NotStopped,
    /// A player pressed while the opponent's clock was running.
    #[error("{side} pressed, but it is {running}'s clock that is running")]
    NotYourClock {
        /// Who pressed.
        side: Color,
        /// Whose clock runs.
        running: Color,
    },
    /// A timestamp earlier than the last one: the caller's time source is broken.
    #[error("the time went backwards: {now} milliseconds is before the last reading at {last}")]
    TimeWentBackwards {
        /// The last timestamp fed in.
        last: Millis,
        /// The earlier one that came after it.
        now: Millis,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Side {
    /// Main time as of the clock's `checkpoint`.
    main: Millis,
    /// FIDE delay left on the current move (only while it is this side's move).
    delay_left: Millis,
    /// Time used on the current move so far (for Bronstein add-back).
    move_used: Millis,
    /// Completed moves.
    moves: u32,
    /// The period (0-based) of this side's next move.
    period: usize,
    /// 8.4 latch for the current period.
    no_duty: bool,
    /// The flag is down: the main time ran out and nothing has been added since. No
    /// increment or add-back is credited while it is.
    flag_down: bool,
    /// How many of the clock's flag falls came before the arbiter last set this side's time
    /// (6.10.2, 6.13): those falls rested on a reading the arbiter found wrong, and no claim
    /// can rest on them (see [`Clock::claimable_flag`]). Time added is a grant, not a
    /// correction of the reading: a fall before it still stands, as one before a new period.
    falls_voided: usize,
}

/// A chess clock for one game. See the module documentation for the model.
///
/// Every operation takes the caller's timestamp, so the same presses always give the same
/// times: a session replays its journal and a test needs no sleeping.
///
/// ```
/// use vichess_rules::clock::{Clock, ClockConfig, ClockEvent, GameType, TimeControl};
/// use vichess_rules::Color;
///
/// // Three minutes each plus two seconds a move (PGN writes seconds).
/// let mut clock = Clock::new(TimeControl::parse("180+2")?, ClockConfig::default());
/// assert_eq!(clock.game_type(), GameType::Blitz);
///
/// // Timestamps are milliseconds from any origin the caller likes.
/// clock.start(1_000)?;
/// let events = clock.press(Color::White, 6_000)?; // White used five seconds
/// assert!(events.contains(&ClockEvent::MoveCompleted {
///     side: Color::White,
///     number: 1,
///     used: 5_000,
///     at: 6_000,
/// }));
/// assert_eq!(clock.remaining(Color::White, 6_000), 177_000); // 180 - 5 + 2 seconds
/// assert_eq!(clock.remaining(Color::Black, 66_000), 120_000); // Black's minute ran
///
/// // Pressing out of turn is refused, and changes nothing.
/// assert!(clock.press(Color::White, 67_000).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Clock {
    control: TimeControl,
    config: ClockConfig,
    quickplay: Option<Bonus>,
    sides: [Side; 2],
    state: ClockState,
    /// The last timestamp fed in; every side's reading is exact as of this instant.
    checkpoint: Millis,
    flags: Vec<FlagFall>,
    audit: Vec<Correction>,
}

impl Clock {
    /// A clock set to the first period of `control`, not yet started.
    pub fn new(control: TimeControl, config: ClockConfig) -> Clock {
        let main = control.period(0).time;
        let side = Side {
            main,
            delay_left: 0,
            move_used: 0,
            moves: 0,
            period: 0,
            no_duty: false,
            flag_down: false,
            falls_voided: 0,
        };
        Clock {
            control,
            config,
            quickplay: None,
            sides: [side; 2],
            state: ClockState::NotStarted,
            checkpoint: 0,
            flags: Vec::new(),
            audit: Vec::new(),
        }
    }

    // -----------------------------------------------------------------------------------
    // Queries

    /// The time control it runs.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// The event's choices it was made with.
    pub fn config(&self) -> ClockConfig {
        self.config
    }

    /// Standard, rapid or blitz, by the control's first period.
    pub fn game_type(&self) -> GameType {
        GameType::of(&self.control)
    }

    /// Running, stopped or not started.
    pub fn state(&self) -> ClockState {
        self.state
    }

    /// The side on move: whose clock runs, or restarts after a stop.
    pub fn turn(&self) -> Option<Color> {
        match self.state {
            ClockState::NotStarted => None,
            ClockState::Running(side) | ClockState::Stopped { turn: side } => Some(side),
        }
    }

    /// Main time left at `now`, never below zero. During a FIDE delay it does not move;
    /// see [`Clock::delay_left`] for the delay itself.
    pub fn remaining(&self, side: Color, now: Millis) -> Millis {
        let s = &self.sides[side.index()];
        match self.state {
            ClockState::Running(running) if running == side => {
                let elapsed = now.saturating_sub(self.checkpoint);
                s.main.saturating_sub(elapsed.saturating_sub(s.delay_left))
            }
            _ => s.main,
        }
    }

    /// FIDE delay left on `side`'s current move at `now`; zero when it is not their move.
    pub fn delay_left(&self, side: Color, now: Millis) -> Millis {
        let s = &self.sides[side.index()];
        match self.state {
            ClockState::Running(running) if running == side => s
                .delay_left
                .saturating_sub(now.saturating_sub(self.checkpoint)),
            ClockState::Stopped { turn } if turn == side => s.delay_left,
            _ => 0,
        }
    }

    /// Moves `side` has completed (clock presses that completed a move).
    pub fn moves(&self, side: Color) -> u32 {
        self.sides[side.index()].moves
    }

    /// The period `side` is in, counted from 1.
    pub fn period(&self, side: Color) -> u32 {
        period_number(self.sides[side.index()].period)
    }

    /// Moves `side` must still complete in this period, or `None` in a rest-of-game period.
    pub fn moves_to_go(&self, side: Color) -> Option<u32> {
        let s = &self.sides[side.index()];
        self.control
            .period_end(s.period)
            .map(|end| end.saturating_sub(s.moves))
    }

    /// The bonus `side` gets on the current move: its period's, or the III.4 switch.
    pub fn bonus(&self, side: Color) -> Bonus {
        self.quickplay
            .unwrap_or(self.control.period(self.sides[side.index()].period).bonus)
    }

    /// 8.4: whether `side` is free of the duty to record moves at `now`.
    pub fn no_duty_to_record(&self, side: Color, now: Millis) -> bool {
        self.sides[side.index()].no_duty
            || (self.bonus(side).amount() < NO_DUTY_BONUS
                && self.remaining(side, now) < NO_DUTY_BELOW)
    }

    /// Whether `side`'s flag is down as of the last timestamp fed in.
    pub fn flag_down(&self, side: Color) -> bool {
        self.sides[side.index()].flag_down
    }

    /// Every flag fall so far, in order.
    pub fn flags(&self) -> &[FlagFall] {
        &self.flags
    }

    /// The fall of `side`'s flag that a claim can still rest on (6.8, 6.9), if any: the flag
    /// is down now, or it fell during a move that `side` has completed since but no later
    /// move. A press that starts a new period adds its time and lifts the flag, yet the fall
    /// happened and is in [`flags`](Self::flags): the opponent's claim, made before the
    /// flagged player's next move, still stands.
    ///
    /// A fall before the arbiter set `side`'s time is no such fall: the arbiter corrected
    /// the reading it rested on (6.10.2), and a claim against a clock that now shows an hour
    /// would take the game on a reading nobody stands by. It stays in
    /// [`flags`](Self::flags), for the record.
    pub fn claimable_flag(&self, side: Color) -> Option<FlagFall> {
        let s = &self.sides[side.index()];
        let (index, fall) = self
            .flags
            .iter()
            .enumerate()
            .rev()
            .find(|(_, f)| f.side == side)?;
        (index >= s.falls_voided && (s.flag_down || s.moves <= fall.move_number)).then_some(*fall)
    }

    /// The first flag to fall (III.3.1), leaving out falls the arbiter voided by setting the
    /// time (see [`claimable_flag`](Self::claimable_flag)).
    pub fn first_flag(&self) -> Option<FlagFall> {
        self.flags
            .iter()
            .enumerate()
            .find(|(i, f)| *i >= self.sides[f.side.index()].falls_voided)
            .map(|(_, f)| *f)
    }

    /// Every correction so far, in order.
    pub fn audit(&self) -> &[Correction] {
        &self.audit
    }

    /// The time a penalty gives the opponent (7.5.5, A.3, B.2/B.3).
    pub fn penalty_time(&self) -> Millis {
        match (self.game_type(), self.config.blitz_penalty) {
            (GameType::Standard, _) | (GameType::Blitz, BlitzPenalty::TwoMinutes) => 120_000,
            (GameType::Rapid, _) | (GameType::Blitz, BlitzPenalty::OneMinute) => 60_000,
        }
    }

    /// `side`'s time, moves, period and bonus as of `now`, for announcing and the audit trail.
    pub fn reading(&self, side: Color, now: Millis) -> SideReading {
        SideReading {
            time: self.remaining(side, now),
            moves: self.moves(side),
            period: self.period(side),
            bonus: self.bonus(side),
        }
    }

    // -----------------------------------------------------------------------------------
    // Operations

    /// Starts White's clock (6.5).
    pub fn start(&mut self, now: Millis) -> Result<Vec<ClockEvent>, ClockError> {
        self.start_with(Color::White, now)
    }

    /// Starts `side`'s clock: for a game set up from a position, or resumed (I.9).
    pub fn start_with(&mut self, side: Color, now: Millis) -> Result<Vec<ClockEvent>, ClockError> {
        if self.state != ClockState::NotStarted {
            return Err(ClockError::AlreadyStarted);
        }
        self.check_time(now)?;
        self.checkpoint = now;
        let mut events = vec![ClockEvent::Started { side, at: now }];
        self.begin_move(side);
        self.state = ClockState::Running(side);
        self.latch_both(now, &mut events);
        self.advance(now, &mut events);
        Ok(events)
    }

    /// Reports what happened up to `now` (flag falls, the 8.4 latch) without a press.
    pub fn tick(&mut self, now: Millis) -> Result<Vec<ClockEvent>, ClockError> {
        self.check_time(now)?;
        let mut events = Vec::new();
        self.advance(now, &mut events);
        Ok(events)
    }

    /// `side` presses the clock, completing a move (6.2.1).
    pub fn press(&mut self, side: Color, now: Millis) -> Result<Vec<ClockEvent>, ClockError> {
        match self.state {
            ClockState::NotStarted => return Err(ClockError::NotStarted),
            ClockState::Stopped { .. } => return Err(ClockError::Stopped),
            ClockState::Running(running) if running != side => {
                return Err(ClockError::NotYourClock { side, running })
            }
            ClockState::Running(_) => {}
        }
        self.check_time(now)?;
        let mut events = Vec::new();
        self.advance(now, &mut events);

        let bonus = self.bonus(side);
        let s = &mut self.sides[side.index()];
        if !s.flag_down {
            match bonus {
                Bonus::Increment(ms) => s.main = s.main.saturating_add(ms),
                Bonus::Bronstein(ms) => s.main = s.main.saturating_add(s.move_used.min(ms)),
                Bonus::None | Bonus::Delay(_) => {}
            }
        }
        s.moves += 1;
        events.push(ClockEvent::MoveCompleted {
            side,
            number: s.moves,
            used: s.move_used,
            at: now,
        });
        if self.control.period_end(s.period) == Some(s.moves) {
            s.period += 1;
            let added = self.control.period(s.period).time;
            s.main = s.main.saturating_add(added);
            s.no_duty = false;
            events.push(ClockEvent::PeriodStarted {
                side,
                period: period_number(s.period),
                added,
                at: now,
            });
        }
        if s.main > 0 {
            s.flag_down = false;
        }
        s.delay_left = 0;
        s.move_used = 0;

        let next = !side;
        self.begin_move(next);
        self.state = ClockState::Running(next);
        self.latch_both(now, &mut events);
        // A clock set to zero while waiting falls the moment it starts.
        self.advance(now, &mut events);
        Ok(events)
    }

    /// Stops both clocks (6.11).
    pub fn stop(&mut self, now: Millis) -> Result<Vec<ClockEvent>, ClockError> {
        let ClockState::Running(side) = self.state else {
            return Err(match self.state {
                ClockState::NotStarted => ClockError::NotStarted,
                _ => ClockError::Stopped,
            });
        };
        self.check_time(now)?;
        let mut events = Vec::new();
        self.advance(now, &mut events);
        self.state = ClockState::Stopped { turn: side };
        events.push(ClockEvent::Stopped { at: now });
        Ok(events)
    }

    /// Restarts the clock of the side on move after a stop; the stopped time is nobody's.
    pub fn resume(&mut self, now: Millis) -> Result<Vec<ClockEvent>, ClockError> {
        let ClockState::Stopped { turn } = self.state else {
            return Err(match self.state {
                ClockState::NotStarted => ClockError::NotStarted,
                _ => ClockError::NotStopped,
            });
        };
        self.check_time(now)?;
        self.checkpoint = now;
        self.state = ClockState::Running(turn);
        let mut events = vec![ClockEvent::Resumed {
            side: turn,
            at: now,
        }];
        self.advance(now, &mut events);
        Ok(events)
    }

    /// An arbiter's correction, logged with who made it and why.
    pub fn correct(
        &mut self,
        adjustment: Adjustment,
        by: &str,
        why: &str,
        now: Millis,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        self.check_time(now)?;
        let mut events = Vec::new();
        self.advance(now, &mut events);
        let before = [
            self.reading(Color::White, now),
            self.reading(Color::Black, now),
        ];
        let falls = self.flags.len();
        match adjustment {
            Adjustment::SetTime { side, time } => {
                let s = &mut self.sides[side.index()];
                s.main = time;
                if time > 0 {
                    s.falls_voided = falls;
                }
            }
            Adjustment::AddTime { side, time } => {
                let s = &mut self.sides[side.index()];
                s.main = s.main.saturating_add(time);
            }
            Adjustment::SubtractTime { side, time } => {
                let s = &mut self.sides[side.index()];
                s.main = s.main.saturating_sub(time);
            }
            Adjustment::SetMoves { side, moves } => {
                let period = self.control.period_of_move(moves.saturating_add(1));
                let s = &mut self.sides[side.index()];
                if period != s.period {
                    s.no_duty = false;
                }
                s.moves = moves;
                s.period = period;
            }
            Adjustment::Penalty { offender } => {
                let time = self.penalty_time();
                let s = &mut self.sides[(!offender).index()];
                s.main = s.main.saturating_add(time);
            }
            Adjustment::Quickplay(kind) => {
                let bonus = match kind {
                    QuickplayBonus::Delay => Bonus::Delay(5_000),
                    QuickplayBonus::Increment => Bonus::Increment(5_000),
                };
                self.quickplay = Some(bonus);
                // The player on move is the one in time trouble: the delay helps at once.
                if let Some(side) = self.turn() {
                    self.sides[side.index()].delay_left = bonus.fide_delay();
                }
            }
            Adjustment::SetTurn { side } => match self.state {
                ClockState::NotStarted => {}
                ClockState::Running(_) => {
                    self.begin_move(side);
                    self.state = ClockState::Running(side);
                }
                ClockState::Stopped { .. } => {
                    self.begin_move(side);
                    self.state = ClockState::Stopped { turn: side };
                }
            },
        }
        for s in &mut self.sides {
            if s.main > 0 {
                s.flag_down = false;
            }
        }
        let after = [
            self.reading(Color::White, now),
            self.reading(Color::Black, now),
        ];
        self.audit.push(Correction {
            at: now,
            by: by.to_string(),
            why: why.to_string(),
            adjustment,
            before,
            after,
        });
        events.push(ClockEvent::Corrected {
            adjustment,
            at: now,
        });
        self.latch_both(now, &mut events);
        self.advance(now, &mut events);
        Ok(events)
    }

    /// A penalty against `offender`: shorthand for [`Adjustment::Penalty`].
    pub fn penalty(
        &mut self,
        offender: Color,
        by: &str,
        why: &str,
        now: Millis,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        self.correct(Adjustment::Penalty { offender }, by, why, now)
    }

    // -----------------------------------------------------------------------------------
    // Internals

    fn check_time(&self, now: Millis) -> Result<(), ClockError> {
        if now < self.checkpoint {
            Err(ClockError::TimeWentBackwards {
                last: self.checkpoint,
                now,
            })
        } else {
            Ok(())
        }
    }

    fn begin_move(&mut self, side: Color) {
        let delay = self.bonus(side).fide_delay();
        let s = &mut self.sides[side.index()];
        s.delay_left = delay;
        s.move_used = 0;
    }

    /// Runs the clock forward to `now`, reporting the 8.4 latch and a flag fall at the
    /// instants they happened, in order.
    fn advance(&mut self, now: Millis, events: &mut Vec<ClockEvent>) {
        let from = self.checkpoint;
        self.checkpoint = now.max(from);
        let ClockState::Running(side) = self.state else {
            return;
        };
        let bonus = self.bonus(side);
        let s = &mut self.sides[side.index()];
        let elapsed = now.saturating_sub(from);
        // The main time starts to run at `runs_from`.
        let runs_from = from + s.delay_left;
        if !s.no_duty && bonus.amount() < NO_DUTY_BONUS {
            let latch_at = if s.main < NO_DUTY_BELOW {
                from
            } else {
                runs_from + (s.main - (NO_DUTY_BELOW - 1))
            };
            if latch_at <= now {
                s.no_duty = true;
                events.push(ClockEvent::NoDutyToRecord {
                    side,
                    period: period_number(s.period),
                    at: latch_at,
                });
            }
        }
        if !s.flag_down && runs_from + s.main <= now {
            let fall = FlagFall {
                side,
                at: runs_from + s.main,
                move_number: s.moves + 1,
                period: period_number(s.period),
            };
            s.flag_down = true;
            self.flags.push(fall);
            events.push(ClockEvent::FlagFell {
                side,
                at: fall.at,
                move_number: fall.move_number,
                period: fall.period,
            });
        }
        let from_delay = elapsed.min(s.delay_left);
        s.delay_left -= from_delay;
        s.main = s.main.saturating_sub(elapsed - from_delay);
        s.move_used += elapsed;
    }

    /// Sets the 8.4 latch at `now` for a side whose time is already under five minutes.
    fn latch_both(&mut self, now: Millis, events: &mut Vec<ClockEvent>) {
        for side in Color::ALL {
            let bonus = self.bonus(side);
            let s = &mut self.sides[side.index()];
            if !s.no_duty && bonus.amount() < NO_DUTY_BONUS && s.main < NO_DUTY_BELOW {
                s.no_duty = true;
                events.push(ClockEvent::NoDutyToRecord {
                    side,
                    period: period_number(s.period),
                    at: now,
                });
            }
        }
    }
}

fn period_number(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}
