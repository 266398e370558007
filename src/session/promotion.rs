//! The promotion question of a board that cannot see which piece replaced the pawn (a
//! pegboard or a DGT board sees only that b1 is occupied, D.2.1): the tracker asks, the
//! session puts the question in the game's language, and the player's answer, one piece
//! letter of the game's notation (`S` for Springer, `К` for конь) or the piece's name, goes
//! back to that board's tracker, which makes the move with that piece. Any other single
//! letter that is no command is refused with the letters that answer, and the question
//! stays open. The piece may also be named before the board shows the promotion, once a
//! pawn that can promote has been lifted: it is said back ("promotion piece chosen:
//! queen") and the tracker makes the promotion with it as soon as the board shows it.

use super::{notation_lang, BoardRole, Effect, Session};
use crate::audio::route::Audience;
use crate::phrase::token::{Token, Word};
use crate::rules::{Color, Position, Role, Square};
use crate::voice::Pack;

/// The pieces a pawn may become, in the order the question names them.
const CHOICES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// The promotion piece `text` names in `pack`'s language: the game's letter for it (`S` for
/// Springer, `К` for конь, `Ձ` for ձի), in either case, or its name. `color` is the
/// promoting side's (figurine letters differ by colour). `play`'s question and `vichess
/// board monitor` read answers through this one function.
///
/// Where the game's letters are not Latin, a Latin letter is read as English SAN's, as the
/// moves themselves are ("gxh1=N" is taken in a Ukrainian game, so "Q" answers its
/// question too), and a Latin `K` in a Russian or Ukrainian game is the Cyrillic knight it
/// looks like. Not in German, whose own Latin letters mean other men ("B" is Bauer).
pub fn promotion_piece(pack: &Pack, color: Color, text: &str) -> Option<Role> {
    let lang = notation_lang(pack.language());
    let in_game = |text: &str| {
        let folded = text.trim().to_lowercase();
        CHOICES.into_iter().find(|&r| {
            lang.symbol(r, color).to_lowercase() == folded
                || pack.text(&[Token::Piece(r)]).to_lowercase() == folded
        })
    };
    in_game(text)
        .or_else(|| lang.lookalike_text(text.trim()).and_then(|t| in_game(&t)))
        .or_else(|| {
            if lang == crate::rules::notation::Lang::De {
                return None;
            }
            let folded = text.trim().to_lowercase();
            CHOICES.into_iter().find(|&r| {
                crate::rules::notation::Lang::En
                    .symbol(r, color)
                    .to_lowercase()
                    == folded
            })
        })
}

/// The answers to a promotion question in `pack`'s language, each letter with its piece's
/// name: `["D (Dame)", "T (Turm)", "L (Läufer)", "S (Springer)"]`.
pub fn promotion_letters(pack: &Pack, color: Color) -> Vec<String> {
    let lang = notation_lang(pack.language());
    CHOICES
        .iter()
        .map(|&r| {
            format!(
                "{} ({})",
                lang.symbol(r, color),
                pack.text(&[Token::Piece(r)])
            )
        })
        .collect()
}

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
            self.pack.language().question_then(&which),
            self.promotion_choices()
        );
        self.out.say_text(Audience::Player, &line);
    }

    /// A board saw a man lifted from `square`: if it is a pawn of the side to move that can
    /// promote from there, the piece may be named now, before the board shows the promotion
    /// (D.2.1: the player announces the move while making it).
    pub(super) fn pawn_lifted(&mut self, board: BoardRole, square: Square) {
        let position = self.position();
        let turn = position.turn();
        let pawn = position
            .piece_at(square)
            .is_some_and(|p| p.role == Role::Pawn && p.color == turn);
        let promotes = pawn
            && position
                .legal_moves_from(square)
                .iter()
                .any(|m| m.promotion().is_some());
        if promotes && self.promotion.is_none() {
            self.promoting = Some(Asked {
                board,
                position: position.clone(),
            });
        }
    }

    /// A typed or spoken line while the question is open, or while a pawn that can promote
    /// is in the hand: `true` when it was the answer or a refused answer (one letter that
    /// names no promotion piece); other lines (a command, the move typed in full) go on as
    /// usual. Named early, the piece is said back and kept for when the board shows the
    /// promotion; naming another before then replaces it.
    pub(super) fn promotion_answer(&mut self, line: &str) -> bool {
        // A move made since (typed, or on another board) has answered or ended both.
        let position = self.position().clone();
        self.promotion = self.promotion.take().filter(|a| a.position == position);
        self.promoting = self.promoting.take().filter(|a| a.position == position);
        let (asked, early) = match (&self.promotion, &self.promoting) {
            (Some(asked), _) => (asked.clone(), false),
            (None, Some(lifted)) => (lifted.clone(), true),
            (None, None) => return false,
        };
        let text = line.trim();
        let role = promotion_piece(&self.pack, self.position().turn(), text);
        match role {
            Some(role) => {
                let board = asked.board;
                self.promotion = None;
                self.out.push(Effect::ChoosePromotion { board, role });
                if early {
                    let piece = self.pack.text(&[Token::Piece(role)]);
                    let chosen = self.fill(Word::PromotionChosen, &[("piece", piece)]);
                    self.out.say_text(Audience::Player, &chosen);
                }
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
        let named = promotion_letters(&self.pack, self.position().turn());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The game's letters and names first; then a Latin K for the Cyrillic knight it looks
    /// like; then English SAN's letters, as typed moves take them (a play-through typed "Q"
    /// in a Ukrainian game and was refused).
    #[test]
    fn the_answer_is_read_in_the_games_letters_then_as_english_sans() {
        let uk = Pack::builtin("uk").unwrap();
        let read = |pack: &Pack, t: &str| promotion_piece(pack, Color::White, t);
        assert_eq!(read(&uk, "Ф"), Some(Role::Queen));
        assert_eq!(read(&uk, "кінь"), Some(Role::Knight));
        assert_eq!(read(&uk, "Q"), Some(Role::Queen));
        assert_eq!(read(&uk, "n"), Some(Role::Knight));
        assert_eq!(read(&uk, "K"), Some(Role::Knight));
        assert_eq!(read(&uk, "X"), None);
        let de = Pack::builtin("de").unwrap();
        assert_eq!(read(&de, "S"), Some(Role::Knight));
        assert_eq!(read(&de, "B"), None, "Bauer, not bishop");
        assert_eq!(read(&de, "n"), None);
        let hy = Pack::builtin("hy").unwrap();
        assert_eq!(read(&hy, "Ձ"), Some(Role::Knight));
        assert_eq!(read(&hy, "R"), Some(Role::Rook));
    }
}
