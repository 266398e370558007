//! The scoresheet as speech (D.2.7): every move number, both players' moves in the pack's
//! words, and the result, one rendered recording.

use super::render::{render, ClipBank, Part, Rendered};
use crate::audio::frames;
use crate::pgn::{GameResult, PgnGame};
use crate::phrase::announce::move_phrase;
use crate::phrase::events::draw_offer_phrase;
use crate::phrase::grammar::COMMA;
use crate::phrase::number::counting;
use crate::phrase::token::{Token, Word};
use crate::rules::notation::DRAW_OFFER_MARK;
use crate::rules::Color;
use crate::voice::Pack;

/// Pauses of the dictation, in seconds: after the move number, between White's and Black's
/// move, and after each full move, so a listener can write along.
const AFTER_NUMBER_S: f64 = 0.25;
const BETWEEN_MOVES_S: f64 = 0.45;
const AFTER_FULL_MOVE_S: f64 = 0.8;

/// A dictated scoresheet: the printed lines and the audio parts.
#[derive(Debug, Clone)]
pub struct Dictation {
    /// One line per full move ("12. Springer Felix drei, Dame David acht") and the result.
    pub lines: Vec<String>,
    /// The recording; a move number the pack cannot say from clips is a [`Part::Speak`].
    pub rendered: Rendered,
}

/// Dictates the main line of `game` with `pack`'s words and `bank`'s clips.
pub fn dictate(game: &PgnGame, pack: &Pack, bank: &ClipBank) -> Dictation {
    let mut parts = Vec::new();
    let lines = dictate_into(game, pack, bank, |p| parts.push(p));
    Dictation {
        lines,
        rendered: Rendered {
            rate: bank.rate(),
            parts,
        },
    }
}

/// Dictates the main line of `game`, handing each part to `emit` as soon as it is made, and
/// returns the printed lines. A long game is then written out as it is rendered, and never
/// held whole in memory. No silence after the last word.
pub fn dictate_into(
    game: &PgnGame,
    pack: &Pack,
    bank: &ClipBank,
    mut emit: impl FnMut(Part),
) -> Vec<String> {
    let rate = bank.rate();
    let speed = super::render::clamp_speed(bank.options().speed);
    // Silence is held back until a word follows it, so the recording ends with a word.
    let mut pending_silence = 0usize;
    let mut out = |part: Part, pending: &mut usize| {
        if *pending > 0 {
            emit(Part::Audio(crate::audio::Pcm::new(
                rate,
                vec![0.0; *pending],
            )));
            *pending = 0;
        }
        emit(part);
    };
    let silence = |s: f64| frames(rate, s / speed);
    let mut lines = Vec::new();
    let mut pos = game.start.clone();
    let mut line = String::new();
    for pm in &game.main.moves {
        let m = &pm.mv;
        let mut phrase = move_phrase(&pos, m);
        let mut text = pack.text(&phrase);
        // A draw offered in this move: "(=)" on the printed line, the offer said in words as
        // it was announced ("белые предлагают ничью").
        if pm.offers_draw() {
            text = format!("{text} {DRAW_OFFER_MARK}");
            phrase.push(COMMA);
            phrase.extend(draw_offer_phrase(pos.turn()));
        }
        if pos.turn() == Color::White || line.is_empty() {
            let number = u64::from(pos.fullmoves());
            line = match pos.turn() {
                Color::White => format!("{number}. {text}"),
                Color::Black => format!("{number}... {text}"),
            };
            // The move number in the pack's own voice; system speech only for a number
            // the pack's number words cannot make (then named once by the bank).
            let said = counting(number, pack.language());
            match bank.number_words(&said) {
                Ok(samples) => out(
                    Part::Audio(crate::audio::Pcm::new(rate, samples)),
                    &mut pending_silence,
                ),
                Err(missing) => {
                    bank.note_fallback(&missing);
                    out(Part::Speak(said), &mut pending_silence);
                }
            }
            pending_silence += silence(AFTER_NUMBER_S);
        } else {
            line.push_str(", ");
            line.push_str(&text);
            pending_silence += silence(BETWEEN_MOVES_S);
        }
        for part in render(&phrase, pack, bank).parts {
            out(part, &mut pending_silence);
        }
        pos.play_unchecked(m);
        if pos.turn() == Color::White {
            lines.push(std::mem::take(&mut line));
            pending_silence += silence(AFTER_FULL_MOVE_S);
        }
    }
    if !line.is_empty() {
        lines.push(line);
        pending_silence += silence(AFTER_FULL_MOVE_S);
    }
    let result: Option<Vec<Token>> = match game.result {
        Some(GameResult::WhiteWins) => {
            Some(vec![Token::Side(Color::White), Token::Word(Word::Wins)])
        }
        Some(GameResult::BlackWins) => {
            Some(vec![Token::Side(Color::Black), Token::Word(Word::Wins)])
        }
        Some(GameResult::Draw) => Some(vec![Token::Word(Word::Draw)]),
        Some(GameResult::Unknown) | None => None,
    };
    if let Some(phrase) = result {
        lines.push(format!(
            "{} ({})",
            pack.text(&phrase),
            game.result.map_or("*", GameResult::as_pgn)
        ));
        for part in render(&phrase, pack, bank).parts {
            out(part, &mut pending_silence);
        }
    }
    lines
}
