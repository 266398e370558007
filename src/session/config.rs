//! The session's settings.

use crate::phrase::announce::AnnounceOptions;
use crate::rules::arbiter::ruling::Supervision;
use crate::rules::clock::{CallPolicy, ClockConfig};
use crate::rules::Color;

/// What to do with the time vichess was not running, on resuming (the arbiter's choice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Downtime {
    /// Nobody's time runs while vichess is down (the default).
    #[default]
    Paused,
    /// The running clock kept running: the time since the journal's last wall-clock anchor
    /// ([`super::Record::Anchor`]) is charged to the side whose clock ran.
    Running,
}

/// The session's settings; `crate::config::Config` produces them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionConfig {
    /// The VI player's side, when known: `resign`, `claim`, `draw accept` without a side
    /// mean this side; with none known they are refused until a side is named.
    pub vi_side: Option<Color>,
    /// D.2.10 assistant mode: the time is said only on request (D.2.10.4).
    pub assistant: bool,
    /// Press the clock for the mover this long after the move was announced (`Some(0)`: at
    /// once). `None`: wait for `press` (the D.2.8 correction window stays open until then).
    pub press_after_ms: Option<u64>,
    /// How moves are worded.
    pub announce: AnnounceOptions,
    /// Say "touched: ..." privately when the VI player lifts a man (D.2.2).
    pub announce_touch: bool,
    /// When the time is called without being asked.
    pub calls: CallPolicy,
    /// Whether the clock ran while vichess was down.
    pub downtime: Downtime,
    /// The clock's penalty and quickplay settings.
    pub clock: ClockConfig,
    /// The event announced Guidelines III (III.1), so III.5 draw claims may be made.
    pub guidelines_iii: bool,
    /// A typed move is read back and played only after Enter or `yes` (issue 15).
    pub confirm_moves: bool,
    /// An arbiter is at hand: III.5 claims wait for the arbiter; without one (III.6) a claim
    /// ends the game. Journaled with a new game, so a resume and the report keep it.
    pub arbiter_present: bool,
    /// How closely rapid and blitz are supervised (A.4/B.2 or A.5/B.3); journaled too.
    pub supervision: Supervision,
    /// The configured speaking rate in hundredths (`[speech] speed`): where `faster` and
    /// `slower` start from until the player changes it.
    pub speech_rate: u32,
}

impl Default for SessionConfig {
    fn default() -> SessionConfig {
        SessionConfig {
            vi_side: None,
            assistant: false,
            press_after_ms: None,
            announce: AnnounceOptions::default(),
            announce_touch: true,
            calls: CallPolicy::default(),
            downtime: Downtime::Paused,
            clock: ClockConfig::default(),
            guidelines_iii: false,
            confirm_moves: false,
            arbiter_present: true,
            supervision: Supervision::Adequate,
            speech_rate: 100,
        }
    }
}
