//! Draw offers (9.1) and the draw by agreement (5.2.3).
//!
//! - An offer is unconditional and cannot be withdrawn. It lapses when the opponent accepts
//!   it, rejects it in words, touches a man with intent to move or capture it (which a move
//!   always starts with), or when the game ends another way (9.1.2.3).
//! - The proper moment is after making a move and before pressing the clock (9.1.2.1); an
//!   offer at any other time is still valid, but repeated or ill-timed offers may be
//!   distraction (11.5), so the offer records whether it was proper and how many each player
//!   has made.
//! - A draw by agreement needs both players to have made at least one move (5.2.3).
//! - A 9.2 or 9.3 claim counts as an offer, so the opponent may simply accept it (9.1.2.4).
//! - Both players mark an offer on the scoresheet with "(=)" after the offerer's move (8.1.5,
//!   C.12): the offer keeps that move's number.

use super::completion::MoveTracker;
use super::ruling::{EndReason, Outcome, Ruling};
use crate::game::ClaimKind;
use crate::Color;

/// What was offered: a plain offer or a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfferKind {
    /// A plain draw offer (9.1.2).
    Offer,
    /// A draw claim, which 9.1.2.3 also counts as an offer.
    Claim(ClaimKind),
}

/// A pending draw offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Offer {
    /// Who offered.
    pub by: Color,
    /// Whether it was a plain offer or a claim.
    pub kind: OfferKind,
    /// The offerer's move the offer goes with on the scoresheet: the number of moves they had
    /// made when offering (0: before their first move).
    pub after_move: u32,
    /// Made after a move and before the press (9.1.2.1).
    pub proper: bool,
}

/// Why an offer ended without a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lapse {
    /// The opponent declined it.
    Rejected,
    /// The opponent touched a man with intent (4.3).
    Touched,
    /// The game ended before an answer.
    GameEnded,
}

/// What happened to a new offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfferStatus {
    /// Now pending, for the opponent to answer.
    Pending(Offer),
    /// The same player's earlier offer is still pending: nothing new (a repeated offer may be
    /// distraction, 11.5).
    AlreadyPending(Offer),
    /// The opponent's own offer was pending: offering back is agreeing.
    Agreed(Ruling),
}

/// Why an answer to an offer is refused. Nothing changes when it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum OfferError {
    /// Nothing is pending to accept or reject.
    #[error("there is no draw offer to answer")]
    NoOffer,
    /// The offerer tried to answer their own offer.
    #[error("{0} made this draw offer and cannot answer it: the opponent answers")]
    OwnOffer(Color),
    /// 5.2.3: no draw by agreement before both players have moved.
    #[error("a draw by agreement needs both players to have made at least one move first (5.2.3)")]
    TooEarly,
    /// The game has already ended.
    #[error("the game is over: no draw offer can be made or answered")]
    GameOver,
}

/// The draw offers of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DrawOffers {
    pending: Option<Offer>,
    made: [u32; 2],
    over: bool,
}

impl DrawOffers {
    /// A game with no offer pending yet.
    pub fn new() -> DrawOffers {
        DrawOffers::default()
    }

    /// The offer awaiting an answer, if any.
    pub fn pending(&self) -> Option<Offer> {
        self.pending
    }

    /// Offers `side` has made in this game, claims included.
    pub fn offers_made(&self, side: Color) -> u32 {
        self.made[side.index()]
    }

    /// A draw offer left pending when a game was adjourned stays open (I.4): a resumed game
    /// starts with it.
    pub fn with_pending(offer: Option<Offer>) -> DrawOffers {
        DrawOffers {
            pending: offer,
            ..DrawOffers::default()
        }
    }

    /// `by` offers a draw (or claims one: `kind`), with the moves as `moves` has them.
    pub fn offer(
        &mut self,
        by: Color,
        kind: OfferKind,
        moves: &MoveTracker,
    ) -> Result<OfferStatus, OfferError> {
        if self.over {
            return Err(OfferError::GameOver);
        }
        match self.pending {
            Some(offer) if offer.by == by => {
                self.made[by.index()] += 1;
                Ok(OfferStatus::AlreadyPending(offer))
            }
            Some(_) => self.accept(by, moves).map(OfferStatus::Agreed),
            None => {
                let offer = Offer {
                    by,
                    kind,
                    after_move: moves.made(by),
                    proper: moves.may_offer_now(by),
                };
                self.made[by.index()] += 1;
                self.pending = Some(offer);
                Ok(OfferStatus::Pending(offer))
            }
        }
    }

    /// `by` accepts the pending offer: a draw by agreement (5.2.3, 9.1.2.3).
    pub fn accept(&mut self, by: Color, moves: &MoveTracker) -> Result<Ruling, OfferError> {
        self.answerable(by)?;
        if !moves.both_have_moved() {
            return Err(OfferError::TooEarly);
        }
        self.pending = None;
        self.over = true;
        Ok(Ruling::Result {
            outcome: Outcome::Draw,
            reason: EndReason::Agreement,
            article: "5.2.3",
        })
    }

    /// `by` rejects the pending offer in words.
    pub fn reject(&mut self, by: Color) -> Result<Lapse, OfferError> {
        self.answerable(by)?;
        self.pending = None;
        Ok(Lapse::Rejected)
    }

    /// `side` touched a man with intent to move or capture it (4.3). That rejects the
    /// opponent's pending offer; the offerer's own touches change nothing. Returns the
    /// offer that lapsed.
    pub fn touched(&mut self, side: Color) -> Option<Offer> {
        match self.pending {
            Some(offer) if offer.by != side => {
                self.pending = None;
                Some(offer)
            }
            _ => None,
        }
    }

    /// The game ended another way: a pending offer lapses, and no new one can be made.
    pub fn game_ended(&mut self) -> Option<Offer> {
        self.over = true;
        self.pending.take()
    }

    fn answerable(&self, by: Color) -> Result<Offer, OfferError> {
        if self.over {
            return Err(OfferError::GameOver);
        }
        match self.pending {
            None => Err(OfferError::NoOffer),
            Some(offer) if offer.by == by => Err(OfferError::OwnOffer(by)),
            Some(offer) => Ok(offer),
        }
    }
}
