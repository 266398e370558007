//! The chess clock (Art. 6): time controls and their parser, the game type (A.1, B.1), the
//! clock itself as a state machine fed with timestamps, and the schedule of spoken time calls.
//!
//! Nothing here reads the wall clock: every operation takes the caller's timestamp in
//! milliseconds, so a session can replay a journal and get exactly the same clock back.

pub mod calls;
#[allow(clippy::module_inception)]
pub mod clock;
pub mod control;
pub mod game_type;
pub mod simulate;

pub use calls::{Band, Call, CallMode, CallPolicy, CallSchedule, CallTracker};
pub use clock::{
    Adjustment, BlitzPenalty, Clock, ClockConfig, ClockError, ClockEvent, ClockState, Correction,
    FlagFall, QuickplayBonus, SideReading,
};
pub use control::{
    Bonus, ControlError, ControlErrorKind, Millis, Period, PgnTimeControl, TimeControl,
};
pub use game_type::GameType;
pub use simulate::{format_hms, secs_to_millis, simulate, Step as SimulatedStep};
