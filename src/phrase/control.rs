//! A time control in words, whole (play-test: "danach weitere Perioden" hid the move count
//! and every later period from a player who cannot read the clock): each period with its
//! moves and time, then its bonus; and, when the clock is asked, where a side stands in the
//! control ("Periode 1, neununddreißig Züge bis zur Zeitkontrolle").

use super::grammar::{Grammar, COMMA};
use super::token::{Phrase, Token, Word};
use crate::rules::clock::{Bonus, Period, TimeControl};

/// The control after "time control:": "one hour thirty minutes for forty moves, then thirty
/// minutes for the rest of the game, plus thirty seconds per move from move one". A bonus
/// every period shares is said once, at the end; otherwise each period has its own. A
/// language with postpositions puts "for" after the moves, in the case it takes ("քառասուն
/// քայլի համար", not "for the following number of moves: forty moves").
pub fn control_phrase(control: &TimeControl, grammar: &Grammar) -> Phrase {
    let periods = control.periods();
    let shared = periods.iter().all(|p| p.bonus == periods[0].bonus);
    let mut p = Vec::new();
    for (i, period) in periods.iter().enumerate() {
        if i > 0 {
            p.extend([COMMA, Token::Word(Word::ControlThen)]);
        }
        p.push(Token::Duration(period.time));
        match period.moves {
            Some(n) if grammar.postposition => {
                p.extend([Token::CountFor(n), Token::Word(Word::ControlFor)])
            }
            Some(n) => p.extend([Token::Word(Word::ControlFor), Token::CountFor(n)]),
            None if periods.len() > 1 => p.push(Token::Word(Word::ControlRestOfGame)),
            None => {}
        }
        if !shared {
            p.extend(bonus_phrase(period.bonus));
        }
    }
    let last: &Period = &periods[periods.len() - 1];
    if last.moves.is_some() {
        // The last period repeats (TimeControl): "and so on".
        p.extend([COMMA, Token::Word(Word::ControlRepeats)]);
    }
    if shared {
        if periods.len() > 1 && matches!(periods[0].bonus, Bonus::Increment(_)) {
            p.push(COMMA);
        }
        p.extend(bonus_phrase(periods[0].bonus));
        if periods.len() > 1 && periods[0].bonus != Bonus::None {
            p.push(Token::Word(Word::ControlFromMoveOne));
        }
    }
    p
}

/// "plus thirty seconds per move", ", delay five seconds", or nothing.
fn bonus_phrase(bonus: Bonus) -> Phrase {
    match bonus {
        Bonus::None => Vec::new(),
        Bonus::Increment(ms) => vec![
            Token::Word(Word::Plus),
            Token::Duration(ms),
            Token::Word(Word::PerMove),
        ],
        Bonus::Delay(ms) => vec![COMMA, Token::Word(Word::DelayWord), Token::Duration(ms)],
        Bonus::Bronstein(ms) => vec![COMMA, Token::Word(Word::BronsteinWord), Token::Duration(ms)],
    }
}

/// Where a side with `done` completed moves stands in `control`: "period 1, thirty-nine
/// moves to the time control", or "period 2, for the rest of the game". `None` for a
/// control of one period for the whole game, which has nothing to tell.
pub fn period_phrase(control: &TimeControl, done: u32) -> Option<Phrase> {
    let periods = control.periods();
    if periods.len() == 1 && periods[0].moves.is_none() {
        return None;
    }
    let index = control.period_of_move(done.saturating_add(1));
    let mut p = vec![
        Token::Word(Word::ControlPeriod),
        Token::Number(index as u32 + 1),
        COMMA,
    ];
    match control.period_end(index) {
        Some(end) => p.extend([
            Token::Count(end.saturating_sub(done)),
            Token::Word(Word::ControlMovesToGo),
        ]),
        None => p.push(Token::Word(Word::ControlRestOfGame)),
    }
    Some(p)
}
