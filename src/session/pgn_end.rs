//! The end of a game's PGN (issue 24, item 2): the PGN standard's `Termination` tag, and the
//! reason in the game's own words as the record's last comment, so a reader of the file sees
//! why a 1-0 is a 1-0 (a mate, a flag, a second illegal move, a ruling) and in which language
//! the game was played. `play`'s PGN and the arbiter's report both end this way. The event's
//! supervision, when it is not the usual one, is in two tags of vichess's own (issue 24,
//! item 5): `[ArbiterPresent "no"]` (III.6) and `[Supervision "inadequate"]` (A.5, B.3).
//! A move in which a draw was offered gets the scoresheet's "(=)" (8.1.5, C.12) as a comment
//! of its own, so the mark comes back when the file is read (`vichess scoresheet`,
//! `save game.brf`).

use super::arbiter_command::TimeChange;
use super::state::{ArbiterMark, State};
use crate::pgn::{Comment, PgnGame, Termination};
use crate::phrase::events::draw_offer_phrase;
use crate::phrase::token::{Token, Word};
use crate::rules::arbiter::ruling::Supervision;
use crate::rules::Color;
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
    for (m, by) in pgn.main.moves.iter_mut().zip(state.offers()) {
        if let Some(by) = by {
            let words = pack.text(&draw_offer_phrase(by));
            m.comments.push(Comment::draw_offer(&words));
        }
    }
}

/// The arbiter's acts ([`ArbiterMark`]) as comments after the move each followed (before
/// the first move, on the game), in the game's words as `vichess report` writes them: "{the
/// arbiter adds time: Black, 0:02:00}", "{arbiter's note: the flag fell first}". The report
/// writes its own from the journal, with every other event.
pub(super) fn mark_arbiter_acts(pgn: &mut PgnGame, state: &State, pack: &Pack) {
    let w = |word| pack.text(&[Token::Word(word)]);
    let side = |c| pack.text(&[Token::Side(c)]);
    let c = pack.colon();
    let n = pgn.main.moves.len();
    for (after, mark) in state.arbiter_marks() {
        let text = match mark {
            ArbiterMark::Note(note) => format!("{}{c} {note}", w(Word::ArbiterNote)),
            ArbiterMark::Time {
                side: s,
                change,
                ms,
            } => time_change_line(pack, *s, *change, *ms),
            ArbiterMark::Illegal { by, penalty } => {
                let mut text = format!("{}{c} {}", w(Word::ReportIllegalRecorded), side(*by));
                if let Some(ms) = penalty {
                    let added = time_change_line(pack, !*by, TimeChange::Add, *ms);
                    text.push_str(&format!("; {added} (7.5.5)"));
                }
                text
            }
            ArbiterMark::Restored {
                number,
                side: s,
                struck,
            } => {
                let moves: Vec<String> = struck
                    .iter()
                    .map(|(before, mv)| numbered(pack, before, mv))
                    .collect();
                let label = match moves.len() {
                    1 => Word::ReportStruck,
                    _ => Word::MovesStruck,
                };
                let mut text = format!(
                    "{}{c} {} {number}, {} (7.5.1)",
                    w(Word::ReportRestore),
                    w(Word::ReviewMove),
                    side(*s)
                );
                if !moves.is_empty() {
                    text.push_str(&format!("; {}{c} {}", w(label), moves.join(", ")));
                }
                text
            }
            ArbiterMark::TakenBack {
                undone: (before, mv),
            } => format!(
                "{}{c} {}",
                w(Word::ReportTakenBack),
                numbered(pack, before, mv)
            ),
            ArbiterMark::ResultUndone { was } => {
                let result = match was.phrase.is_empty() {
                    true => was.words.clone(),
                    false => pack.text(&was.phrase),
                };
                format!("{} ({result}, {})", w(Word::ReportUndo), was.score)
            }
        };
        let comment = Comment::new(text);
        match (*after).min(n).checked_sub(1) {
            Some(i) => pgn.main.moves[i].comments.push(comment),
            None => pgn.main.comments.push(comment),
        }
    }
}

/// An arbiter's change of a clock's time as the report and the PGN write it: "the arbiter
/// adds time: Black, 0:02:00".
pub fn time_change_line(pack: &Pack, side: Color, change: TimeChange, ms: u64) -> String {
    let word = match change {
        TimeChange::Add => Word::ReportTimeAdd,
        TimeChange::Take => Word::ReportTimeTake,
        TimeChange::Set => Word::ReportTimeSet,
    };
    format!(
        "{}{} {}, {}",
        pack.text(&[Token::Word(word)]),
        pack.colon(),
        pack.text(&[Token::Side(side)]),
        hms(ms)
    )
}

/// Milliseconds as h:mm:ss, a written record's clock format.
pub fn hms(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// "12. Sf3", "12... Lc5": a move in the game's piece letters with its number, as the report
/// names the moves it struck.
fn numbered(pack: &Pack, before: &crate::rules::Position, mv: &crate::rules::Move) -> String {
    let letters = super::notation_lang(pack.language());
    let san = crate::rules::notation::san_in(before, mv, letters);
    match before.turn() {
        Color::White => format!("{}. {san}", before.fullmoves()),
        Color::Black => format!("{}... {san}", before.fullmoves()),
    }
}
