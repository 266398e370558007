//! The promotion question of a board that cannot see which piece replaced the pawn (a
//! pegboard or a DGT board sees only that b1 is occupied, D.2.1): the tracker asks, the
//! session puts the question in the game's language, and the player's answer, one piece
//! letter of the game's notation (`S` for Springer, `К` for конь) or the piece's name, goes
//! back to that board's tracker, which makes the move with that piece. Any other single
//! letter that is no command is refused with the letters that answer, and the question
//! stays open.

use super::{BoardRole, Effect, Session};
use crate::audio::route::Audience;
use crate::phrase::token::{Token, Word};
use crate::rules::{Position, Role, Square};

/// The pieces a pawn may become, in the order the question names them.
const CHOICES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// A promotion question put to the player and not yet answered.
#[derive(Debug, Clone)]
pub(super) struct Asked {
    /// The board whose tracker waits for the answer.
    board: BoardRole,
    /// The game's position when it was asked: a move made since (typed, or on another
    /// board) has answered it.
    position: Position,
}

impl Session {
    /// A board's tracker asks which piece replaced the pawn on `to`.
    pub(super) fn ask_promotion(&mut self, board: BoardRole, to: Square) {
        self.promotion = Some(Asked {
            board,
            position: self.position().clone(),
        });
        let which = self.fill(
            Word::PromotionWhich,
            &[("to", super::why::square_words(&self.pack, to))],
        );
        let line = format!(
            "{} {}",
            self.pack.language().question(&which),
            self.promotion_choices()
        );
        self.out.say_text(Audience::Player, &line);
    }

    /// A typed or spoken line while the question is open: `true` when it was the answer or
    /// a refused answer (one letter that names no promotion piece); other lines (a command,
    /// the move typed in full) go on as usual.
    pub(super) fn promotion_answer(&mut self, line: &str) -> bool {
        let Some(asked) = &self.promotion else {
            return false;
        };
        if asked.position != *self.position() {
            self.promotion = None;
            return false;
        }
        let text = line.trim();
        let folded = text.to_lowercase();
        let color = self.position().turn();
        let role = CHOICES.into_iter().find(|&r| {
            self.lang.symbol(r, color).to_lowercase() == folded
                || self.pack.text(&[Token::Piece(r)]).to_lowercase() == folded
        });
        match role {
            Some(role) => {
                let board = asked.board;
                self.promotion = None;
                self.out.push(Effect::ChoosePromotion { board, role });
                true
            }
            // One letter that is no piece: refused, unless it asks about the game (`o` for
            // the opponent, lichess's `l` for the last move), which is answered as usual.
            // `n`, `q` and the like are no answers here, and neither no nor quit.
            None if text.chars().count() == 1
                && text.chars().all(char::is_alphabetic)
                && !matches!(
                    super::command::parse(text),
                    Ok(Some(
                        super::command::Command::Readout(_) | super::command::Command::Last(_)
                    ))
                ) =>
            {
                let quoted = self.pack.language().quote(text);
                let refused = self.fill(Word::PromotionNotAPiece, &[("text", quoted)]);
                let line = format!("{refused}; {}", self.promotion_choices());
                self.out.say_text(Audience::Player, &line);
                true
            }
            None => false,
        }
    }

    /// "answer D (Dame), T (Turm), L (Läufer) or S (Springer)", in the game's letters.
    fn promotion_choices(&self) -> String {
        let color = self.position().turn();
        let named: Vec<String> = CHOICES
            .iter()
            .map(|&r| {
                format!(
                    "{} ({})",
                    self.lang.symbol(r, color),
                    self.pack.text(&[Token::Piece(r)])
                )
            })
            .collect();
        format!(
            "{} {}, {} {} {}",
            self.pack.text(&[Token::Word(Word::PromotionAnswer)]),
            named[..2].join(", "),
            named[2],
            self.pack.text(&[Token::Word(Word::Or)]),
            named[3]
        )
    }

    /// A pack word with its places (`{to}`) filled.
    fn fill(&self, word: Word, places: &[(&str, String)]) -> String {
        let mut text = self.pack.text(&[Token::Word(word)]);
        for (name, value) in places {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }
}
