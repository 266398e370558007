//! What the board trackers report: moves made on a board, touches (D.2.2), take-backs, and
//! the guidance that brings a pegboard back in line with the game (D.2.9).

use super::command::DrawAction;
use super::record::Record;
use super::{BoardRole, Session};
use crate::audio::route::Audience;
use crate::board::tracker::TrackerEvent;
use crate::phrase::announce::move_phrase_with;
use crate::phrase::events::touched_phrase;
use crate::phrase::grammar::{COLON, SEMICOLON};
use crate::phrase::token::{Token, Word};

impl Session {
    /// "second board:" before a line about the sighted player's board; nothing before the
    /// player's own.
    fn board_label(role: BoardRole) -> Vec<Token> {
        match role {
            BoardRole::Pegboard => Vec::new(),
            BoardRole::Sighted => vec![Token::Word(Word::SecondBoard), COLON],
        }
    }

    /// "touched piece must move: bishop c4; the touches bound the player to: pawn d3 or
    /// pawn d4", said to both players when the board shows a move the touches did not allow
    /// (4.3-4.4): what was played and what was due, in the game's words, not the rule's name
    /// alone. The moves are said from the position they were played in.
    fn breach_phrase(
        &self,
        played: &crate::rules::Move,
        obligation: &crate::rules::arbiter::touch::Obligation,
    ) -> Vec<Token> {
        use crate::rules::arbiter::touch::Obligation;
        let mut p = vec![Token::Word(Word::ReasonTouchMove)];
        let ply = self.state.game().ply_count();
        let Some((before, _)) = self
            .state
            .played_from(ply.saturating_sub(1))
            .into_iter()
            .find(|(_, m)| m == played)
        else {
            return p;
        };
        let announce = self.config.announce;
        p.push(COLON);
        p.extend(move_phrase_with(&before, played, announce));
        if let Obligation::OneOf { moves, .. } = obligation {
            p.extend([SEMICOLON, Token::Word(Word::BreachBoundTo), COLON]);
            for (i, m) in moves.iter().enumerate() {
                if i > 0 {
                    p.push(Token::Word(Word::OrList));
                }
                p.extend(move_phrase_with(&before, m, announce));
            }
        }
        p
    }

    pub(super) fn tracker(&mut self, board: BoardRole, event: TrackerEvent, at: u64) {
        if let TrackerEvent::Touched { square, .. } | TrackerEvent::InHand { square } = event {
            self.pawn_lifted(board, square);
        }
        match (board, event) {
            (_, TrackerEvent::MoveMade { mv }) => {
                // A move on the board instead of an answer declines a take-back request,
                // journaled as such, as a typed move does (issue 24, item 6).
                if matches!(
                    self.pending,
                    Some(super::confirm::Confirm::TakebackAnswer(_))
                ) {
                    self.answer(None, at);
                }
                if self.position().is_legal(&mv) && !self.state.is_over() {
                    self.make(mv, at);
                } else {
                    self.out
                        .refuse(&self.pack, vec![Token::Word(Word::BoardMoveIllegal)]);
                }
            }
            (BoardRole::Pegboard, TrackerEvent::Touched { square, piece, own }) => {
                let turn = self.position().turn();
                // An opponent's man touched (4.3.2) is journaled too: the arbiter's report
                // showed a touch-move ruling resting on a touch it did not list (a
                // play-through). The tracker reports no touch of a man being copied.
                let touch = (own && piece.color == turn) || (!own && piece.color != turn);
                if touch && !self.state.is_over() {
                    // Journaled: the touch costs the right to claim on this move (9.4).
                    let side = turn;
                    self.commit(Record::Touch { at, side, square });
                    if self.state.offer() == Some(!turn) {
                        // A touch with intent answers a pending offer (9.1.2.3).
                        self.commit(Record::Draw {
                            at,
                            by: turn,
                            action: DrawAction::Decline,
                        });
                    }
                } else if self.config.announce_touch {
                    self.out
                        .say(&self.pack, Audience::Player, touched_phrase(piece, square));
                }
            }
            (
                BoardRole::Sighted,
                TrackerEvent::Touched {
                    square,
                    piece,
                    own: true,
                },
            ) => {
                // D.2.10.5: the assistant tells the arbiter; vichess notes it.
                let text = format!("the sighted player touched the {piece} on {square}");
                if self.commit(Record::Note { at, text }) {
                    let mut p = vec![
                        Token::Word(Word::NoteForArbiter),
                        COLON,
                        Token::Word(Word::SightedTouched),
                        Token::ManObject(piece),
                    ];
                    p.extend([Token::File(square.file()), Token::Rank(square.rank())]);
                    self.out.say(&self.pack, Audience::Player, p);
                }
            }
            (_, TrackerEvent::TouchMoveBreach { played, obligation }) => {
                let said = self.breach_phrase(&played, &obligation);
                let text = TrackerEvent::TouchMoveBreach { played, obligation }.to_string();
                if self.commit(Record::Note { at, text }) {
                    self.out.say(&self.pack, Audience::Public, said);
                    let note = [
                        Token::Word(Word::NoteForArbiter),
                        COLON,
                        Token::Word(Word::ReasonTouchMove),
                    ];
                    let line = self.pack.text(&note);
                    self.out.print(&line);
                }
            }
            (_, TrackerEvent::TakeBack { undone }) => {
                // Not yet completed by a press, or it ended the game (D.2.8, issue 24.1).
                let open = self.state.unpressed().is_some() || self.state.ended_by_move().is_some();
                if self.state.game().last_move() == Some(undone) && open {
                    self.commit(Record::TakeBack { at });
                } else {
                    self.out
                        .refuse(&self.pack, vec![Token::Word(Word::BoardWentBack)]);
                }
            }
            (BoardRole::Pegboard, TrackerEvent::Guidance { fixes }) => {
                if !fixes.is_empty() {
                    let p = self.fixes_phrase(&fixes);
                    self.out.say(&self.pack, Audience::Player, p);
                }
            }
            (BoardRole::Pegboard, TrackerEvent::Mismatch { differences }) => {
                let word = match illegal_attempt(self.position(), &differences) {
                    true => Word::BoardMoveIllegal,
                    false => Word::BoardsDiffer,
                };
                self.out
                    .say(&self.pack, Audience::Player, vec![Token::Word(word)]);
            }
            (BoardRole::Pegboard, TrackerEvent::PositionCorrect) => {
                self.out.say(
                    &self.pack,
                    Audience::Player,
                    vec![Token::Word(Word::PositionCorrect)],
                );
            }
            (_, TrackerEvent::PromotionAsked { to, .. }) => self.ask_promotion(board, to),
            // Only the early promotion choice (above) comes of it.
            (_, TrackerEvent::InHand { .. }) => {}
            (_, TrackerEvent::MoveAmbiguous { candidates }) => {
                self.out.say(
                    &self.pack,
                    Audience::Player,
                    vec![Token::Word(Word::ReasonAmbiguous)],
                );
                if self.pack.language() == crate::phrase::Language::En {
                    let text = TrackerEvent::MoveAmbiguous { candidates }.to_string();
                    self.out.print(&text);
                }
            }
            (_, TrackerEvent::CaptureUnseen { candidates }) => {
                // Said to the player, who knows what they did; the answer is the move, said
                // or typed (the game moves on and the board agrees), or the man put back.
                let before = self.position().clone();
                let mut p = vec![Token::Word(Word::CaptureUnseen), COLON];
                for (i, m) in candidates.iter().enumerate() {
                    if i > 0 {
                        p.push(Token::Word(Word::Or));
                    }
                    p.extend(move_phrase_with(&before, m, self.config.announce));
                }
                p.extend([SEMICOLON, Token::Word(Word::SayItOrPutBack)]);
                // Which man goes back where: the one lifted, the same in every candidate.
                let from = candidates.first().map(|m| m.from());
                let man = from.and_then(|sq| before.piece_at(sq));
                if let (Some(from), Some(man)) = (from, man) {
                    if candidates.iter().all(|m| m.from() == from) {
                        p.push(COLON);
                        p.extend(crate::phrase::events::put_phrase(
                            man,
                            from,
                            self.pack.grammar(),
                        ));
                    }
                }
                self.out.say(&self.pack, Audience::Player, p);
            }
            (BoardRole::Sighted, TrackerEvent::Guidance { fixes }) => {
                if !fixes.is_empty() {
                    let mut p = vec![Token::Word(Word::SecondBoard), COLON];
                    p.extend(self.fixes_phrase(&fixes));
                    self.out.say(&self.pack, Audience::Player, p);
                }
            }
            (BoardRole::Sighted, TrackerEvent::Mismatch { .. }) => self.out.say(
                &self.pack,
                Audience::Player,
                vec![
                    Token::Word(Word::SecondBoard),
                    COLON,
                    Token::Word(Word::BoardsDiffer),
                ],
            ),
            (BoardRole::Sighted, TrackerEvent::PositionCorrect) => self.out.say(
                &self.pack,
                Audience::Player,
                vec![
                    Token::Word(Word::SecondBoard),
                    COLON,
                    Token::Word(Word::PositionCorrect),
                ],
            ),
            // Printed, not said: the player's own hand did it, the line only confirms it.
            (role, TrackerEvent::Adjusting { square }) => {
                let mut p = Self::board_label(role);
                p.extend([
                    Token::Word(Word::ManPutBack),
                    COLON,
                    Token::File(square.file()),
                    Token::Rank(square.rank()),
                ]);
                let line = self.pack.text(&p);
                self.out.print(&line);
            }
            (role, TrackerEvent::Rotated) => {
                let mut p = Self::board_label(role);
                p.push(Token::Word(Word::BoardRotated));
                self.out.say(&self.pack, Audience::Player, p);
            }
            // The sighted player's hand on the other colour's man binds nothing (4.2).
            (BoardRole::Sighted, TrackerEvent::Touched { .. }) => {}
        }
    }
}

/// Whether the board's `differences` from `position` are one man of the side to move gone
/// from its square to another it cannot legally reach (a bishop moved like a rook, a pawn
/// taking straight ahead): the player's own attempt, which "the boards differ" made sound
/// like a board fault. A legal move there would have been made, not reported.
fn illegal_attempt(
    position: &crate::rules::Position,
    differences: &[crate::board::tracker::Difference],
) -> bool {
    use crate::board::Sensed;
    let [a, b] = differences else {
        return false;
    };
    let (left, arrived) = match (a.sensed, b.sensed) {
        (Sensed::Empty, s) if s.is_occupied() => (a, b),
        (s, Sensed::Empty) if s.is_occupied() => (b, a),
        _ => return false,
    };
    let Some(man) = left.expected.filter(|p| p.color == position.turn()) else {
        return false;
    };
    let could_be_it = match arrived.sensed {
        Sensed::Piece(p) => p == man,
        Sensed::Occupied { color } => color.is_none_or(|c| c == man.color),
        Sensed::Empty => false,
    };
    let on_own = arrived.expected.is_some_and(|p| p.color == man.color);
    could_be_it
        && !on_own
        && !position
            .legal_moves()
            .iter()
            .any(|m| m.from() == left.square && m.to() == arrived.square)
}
