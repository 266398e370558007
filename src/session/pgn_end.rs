//! The end of a game's PGN (issue 24, item 2): the PGN standard's `Termination` tag, and the
//! reason in the game's own words as the record's last comment, so a reader of the file sees
//! why a 1-0 is a 1-0 (a mate, a flag, a second illegal move, a ruling) and in which language
//! the game was played. `play`'s PGN and the arbiter's report both end this way. The event's
//! supervision, when it is not the usual one, is in two tags of vichess's own (issue 24,
//! item 5): `[ArbiterPresent "no"]` (III.6) and `[Supervision "inadequate"]` (A.5, B.3).
//! A move in which a draw was offered gets the scoresheet's "(=)" (8.1.5, C.12) as a comment
//! of its own, so the mark comes back when the file is read (`vichess scoresheet`,
//! `save game.brf`).

use super::state::State;
use crate::pgn::{Comment, PgnGame, Termination};
use crate::phrase::events::draw_offer_phrase;
use crate::phrase::token::{Token, Word};
use crate::rules::arbiter::ruling::Supervision;
use crate::voice::Pack;

/// Writes the supervision tags, the `Termination` tag and the final comment for the game's
/// ending (or that it is not over yet) in `pack`'s words.
pub fn finish_pgn(pgn: &mut PgnGame, state: &State, pack: &Pack) {
    if !state.arbiter_present() {
        pgn.set_tag("ArbiterPresent", "no");
    }
    if state.supervision() == Supervision::Unsupervised {
        pgn.set_tag("Supervision", "inadequate");
    }
    let (termination, reason) = match state.ending() {
        Some(e) if e.phrase.is_empty() => (e.termination, e.words.clone()),
        Some(e) => (e.termination, pack.text(&e.phrase)),
        None => (
            Termination::Unterminated,
            pack.text(&[Token::Word(Word::ReportNotOver)]),
        ),
    };
    pgn.set_tag("Termination", termination.as_pgn().to_owned());
    mark_draw_offers(pgn, state, pack);
    let comment = Comment::new(reason);
    match pgn.main.moves.last_mut() {
        Some(last) => last.comments.push(comment),
        None => pgn.main.comments.push(comment),
    }
}

/// "{(=) White offers a draw}" after each move in which a draw was offered, the offer in
/// `pack`'s words as it was announced ("белые предлагают ничью").
fn mark_draw_offers(pgn: &mut PgnGame, state: &State, pack: &Pack) {
    let positions = state.game().positions();
    for (i, m) in pgn.main.moves.iter_mut().enumerate() {
        if state.offered().get(i) == Some(&true) {
            let by = positions[i].turn();
            let words = pack.text(&draw_offer_phrase(by));
            m.comments.push(Comment::draw_offer(&words));
        }
    }
}
