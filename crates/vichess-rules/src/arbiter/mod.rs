//! The laws an arbiter applies during play, as pure functions over positions and events.
//!
//! Each module takes events with the caller's timestamps and returns decisions as values
//! ([`Ruling`]) for the session to announce, journal and apply.

pub mod adjourn;
pub mod claims;
pub mod completion;
pub mod illegal;
pub mod offers;
pub mod quickplay;
pub mod result;
pub mod ruling;
pub mod touch;

pub use adjourn::{Envelope, Opening, SealError};
pub use claims::{ClaimError, ClaimRuling};
pub use completion::{CompletedBy, MoveState, MoveTracker, PressError, Step};
pub use illegal::{IllegalMoves, Irregularity};
pub use offers::{DrawOffers, Lapse, Offer, OfferError, OfferKind, OfferStatus};
pub use quickplay::{Answer, Grounds, QuickplayError, QuickplayFinish};
pub use result::{board_result, flag_fall, loss_unless_opponent_cannot_mate, resign};
pub use ruling::{EndReason, Event, Outcome, Question, Ruling, Supervision};
pub use touch::{bound_moves, Obligation, Touch};
