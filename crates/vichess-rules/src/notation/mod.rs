//! Algebraic notation (Appendix C): writing moves in any of the players' languages, and reading
//! whatever a player, a scoresheet or a PGN file may write.
//!
//! # Writing
//! - [`san`]: PGN's SAN in English, `Nf3`, `exd5`, `e8=Q+`, `O-O`, `Qxf7#`, `Nbd7`, `R1e2`.
//! - [`san_in`]: the same in a [`Lang`]. English is exactly [`san`]; every other language uses
//!   FIDE's scoresheet style: promotion without `=` (`e8D`, C.11, because "(=)" offers a draw)
//!   and castling with digit zeros (`0-0`, C.13). Figurines take the mover's colour.
//! - [`lan`]: FIDE's long form, `Ng1-f3`, `e2-e4`, `Nb1xd2`, `e7-e8Q`, `0-0`.
//! - [`uci`]: `e2e4`, `e7e8q`; castling `e1g1`, or `e1h1` (king takes rook) in Chess960.
//!
//! # Reading
//! [`parse_move`] accepts, in any of the languages:
//! - SAN with or without `x`: `Nf3`, `Nxf3`, `exd5`, and the pawn capture without `x` (`ed5`);
//!   C.10 disambiguation `Nbd7`, `R1e2`, `Qh4e1`.
//! - Long forms `Ng1f3`, `Ng1-f3`, `Nb1xd2`, `e2-e4`, `e7e5`, and UCI `g1f3`, `e7e8q`.
//! - Captures marked `x`, `:`, `×` or Cyrillic `х`; all optional (and ignored when wrong,
//!   except that a bare pawn move like `e4` never means a capture). [`parse_move_strict_in`]
//!   refuses a mark on a move that captures nothing, for moves typed into a game.
//! - Promotion as `e8Q`, `e8=Q`, `e8(Q)`, `e8/Q`, `e8q`. Without a piece it is refused, naming
//!   the choices: the program never picks a queen for the player.
//! - Castling `0-0`, `O-O`, `o-o`, `0-0-0`, ...; as the king's move `e1g1`/`Kg1`; and as
//!   "king takes own rook" `e1h1`/`Kh1` (Chess960's form, accepted in standard chess too). A
//!   one-square king move is never read as castling.
//! - Trailing `+`, `++`, `#`, `‡`, `e.p.`, `ep`, and annotations `!`, `?`, `!?`, ... are dropped.
//!   A draw offer mark `(=)` is refused: the offer is a separate act (9.1.2).
//! - Blanks anywhere are ignored (`e2 e4`, `N f3`).
//! - Capitalised files are read when nothing else makes sense (`NF3`, `E2E4`).
//!
//! # The language rule
//! Files are always lower case and upper-case letters are pieces. A piece symbol is looked up
//! in the preferred language first ([`parse_move_in`]; [`parse_move`] prefers English), then in
//! the fixed order English, German, Ukrainian, Russian, Armenian, figurines; the first language
//! that knows the symbol decides what it means, whatever the position. Each symbol means one
//! piece in every language that has it (`K` king in English and German, `T` rook in German and
//! Ukrainian), so the order matters only for look-alike letters typed in the wrong script:
//! - Latin `K` is the king in every language; Cyrillic `К` is the knight (кінь, конь). When
//!   Ukrainian or Russian is preferred, a Latin `K` may also be a knight typed on a Latin
//!   keyboard: if that reading gives another legal move too, the text is refused as
//!   ambiguous, naming both moves, so that no wrong man is ever moved.
//! - `Кр` (the Cyrillic king) is matched before `К`, in any mix of scripts (`Кp`, `Kр`).
//! - Cyrillic `С` and Latin `C` are the bishop (слон); a lower-case `c` in either script is the
//!   c-file. Cyrillic `В` is read as `B`, the bishop.
//! - Cyrillic `а с е һ` inside square names are the Latin files; Cyrillic `х` is a capture.
//! - German `D` is the queen; `d` is a file. German's pawn letter `B` (Bauer) is not accepted,
//!   since pawns have no letter (C.4) and `B` is the English bishop.
//! - A lower-case `b` at the start is the b-file (`bxc4`, C.9's `ed4` style); only if no pawn
//!   move fits is it tried as a bishop. After the arrival square it is a bishop (`e7e8b`).
//!
//! Every failure is a [`MoveError`] whose message says why, in words that can be spoken.

mod error;
mod lang;
mod parse;
mod resolve;
mod san;

pub use error::{CastlingRefusal, Expected, MoveError, SyntaxError};
pub use lang::Lang;
pub use san::{lan, san, san_in, uci, San};

/// The scoresheet's draw offer mark (8.1.5, C.12), written by both players after the move in
/// which the offer was made; never part of a move, so [`parse_move`] refuses it in one.
pub const DRAW_OFFER_MARK: &str = "(=)";

use crate::{Move, Position, Role};

/// The legal move `text` means in `pos`, in any accepted notation, English letters first.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    parse_move_in(pos, text, Lang::En)
}

/// Like [`parse_move`], but piece symbols are looked up in `lang` first, and moves named in
/// error messages are written in `lang`.
pub fn parse_move_in(pos: &Position, text: &str, lang: Lang) -> Result<Move, MoveError> {
    let strict = read_in(pos, text, lang);
    if let (Ok(m), Some(other)) = (&strict, lang.lookalike_text(text)) {
        if let Ok(alt) = read_in(pos, &other, lang) {
            if alt != *m {
                return Err(MoveError::Ambiguous {
                    text: text.trim().to_owned(),
                    candidates: vec![san::plain(pos, m, lang), san::plain(pos, &alt, lang)],
                });
            }
        }
    }
    strict
}

/// Like [`parse_move_in`], but a capture mark (`x`, `:`, `×`, `х`) on a move that captures
/// nothing is refused with [`MoveError::NoCapture`], naming the move without the mark.
///
/// For moves typed into a game by a player or an assistant: the record must say what
/// happened (8.1.1), and `Nxf3` onto an empty f3 says a man was taken there, so it is more
/// likely a slip (the wrong square, or a man that is not where the player thinks) than the
/// quiet move it would silently become. [`parse_move`] stays lenient on purpose: PGN files
/// in the wild carry such marks, and their games must still import move by move. En
/// passant is a capture onto an empty square and passes; castling written as "king takes
/// own rook" (`e1xh1`) is no capture mark. The opposite, a capture without a mark (`Nf3`
/// taking on f3), is correct notation (C.9: the `x` may be inserted) and passes too.
pub fn parse_move_strict_in(pos: &Position, text: &str, lang: Lang) -> Result<Move, MoveError> {
    let m = parse_move_in(pos, text, lang)?;
    let marked = matches!(
        San::parse_in(text, lang),
        Ok(San::Normal { capture: true, .. } | San::Coordinates { capture: true, .. })
    );
    if marked && !m.is_capture() && !matches!(m, Move::Castle { .. }) {
        return Err(MoveError::NoCapture {
            to: m.to(),
            mv: m,
            written: san::plain(pos, &m, lang),
        });
    }
    Ok(m)
}

/// One reading of `text`, each letter in its own script.
fn read_in(pos: &Position, text: &str, lang: Lang) -> Result<Move, MoveError> {
    let parsed = San::parse_in(text, lang)?;
    let text = text.trim();
    let first = resolve::resolve(pos, &parsed, text, lang);
    if first.is_ok() {
        return first;
    }
    // `bc4` means the b-pawn takes on c4 (C.9); a player who forgot the capital meant Bc4.
    if let San::Normal {
        role: Role::Pawn,
        file: Some(file),
        rank: None,
        capture,
        to,
        promotion: None,
    } = parsed
    {
        if file == crate::File::B && text.starts_with('b') {
            let bishop = San::Normal {
                role: Role::Bishop,
                file: None,
                rank: None,
                capture,
                to,
                promotion: None,
            };
            if let Ok(m) = resolve::resolve(pos, &bishop, text, lang) {
                return Ok(m);
            }
        }
    }
    first
}
