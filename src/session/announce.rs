//! Saying what a journaled record did: each [`Happening`] becomes phrases for its audience,
//! printed lines, and the board and clock follow-ups (a new position for the boards, the
//! automatic press armed).

use super::arbiter_command::{QuickplayAnswer, TimeChange};
use super::state::Happening;
use super::{Effect, Session};
use crate::audio::route::Audience;
use crate::board::tracker::Fix;
use crate::board::Sensed;
use crate::phrase::announce::move_phrase_with;
use crate::phrase::events::{
    clock_event_phrase, correction_phrase, draw_offer_phrase, put_phrase, remove_phrase,
    result_line_phrase, result_symbol, time_added_phrase, touched_phrase,
};
use crate::phrase::grammar::{COLON, COMMA, SEMICOLON};
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::clock::{ClockEvent, ClockState};

impl Session {
    pub(super) fn announce(&mut self, h: Happening, at: u64) {
        match h {
            Happening::Moved { before, mv, side } => {
                let phrase = move_phrase_with(&before, &mv, self.config.announce);
                self.out.say(&self.pack, Audience::Public, phrase);
                self.sync_boards();
                if let Some(delay) = self.config.press_after_ms {
                    if self.state.clock().is_some() && !self.state.is_over() {
                        self.auto_press = Some((at + delay, side));
                    }
                }
            }
            Happening::Corrected { before, mv, struck } => {
                let right = move_phrase_with(&before, &mv, self.config.announce);
                let wrong = move_phrase_with(&before, &struck, self.config.announce);
                self.out.say(
                    &self.pack,
                    Audience::Public,
                    correction_phrase(&right, &wrong),
                );
                self.sync_boards();
                // A move that had ended the game disarmed the automatic press; corrected
                // into one that does not, it is due again, from now.
                if let (None, Some(delay), Some(side)) = (
                    self.auto_press,
                    self.config.press_after_ms,
                    self.state.unpressed(),
                ) {
                    if self.state.clock().is_some() && !self.state.is_over() {
                        self.auto_press = Some((at + delay, side));
                    }
                }
            }
            Happening::ResultWithdrawn => self.out.say(
                &self.pack,
                Audience::Public,
                vec![Token::Word(Word::ResultWithdrawn)],
            ),
            Happening::TakenBack {
                before,
                undone,
                completed,
            } => {
                self.auto_press = None;
                if let Some(taken) = self.engine_takeback.as_mut() {
                    // Against the engine: gathered for the take-back's one line.
                    taken.push(move_phrase_with(&before, &undone, self.config.announce));
                    self.sync_boards();
                    return;
                }
                // Named as it was announced: two moves taken back at once are told apart.
                let mut p = vec![Token::Word(Word::MoveTakenBack), COLON];
                p.extend(move_phrase_with(&before, &undone, self.config.announce));
                self.out.say(&self.pack, Audience::Public, p);
                if completed {
                    // The press is undone too: who is on move and whose clock runs, by
                    // colour, as the engine's take-back says it; the arbiter's part only
                    // when there is an arbiter to set the clocks (7.1).
                    let mut p = self.to_move_and_clock(at);
                    if self.config.arbiter_present {
                        p.extend([SEMICOLON, Token::Word(Word::TakenBackAfterPress)]);
                    }
                    self.out.say(&self.pack, Audience::Public, p);
                }
                self.sync_boards();
            }
            Happening::Clock(events) => {
                for e in events {
                    if let ClockEvent::MoveCompleted { .. } = e {
                        self.auto_press = None;
                    }
                    if let ClockEvent::Corrected { .. } = e {
                        // Said by the penalty or correction announcement, with the time
                        // that results. The time calls start again from that time: marks
                        // the correction jumped over were never reached on the clock, and
                        // "two minutes" said to a player with three seconds left is a lie.
                        if let Some(clock) = self.state.clock() {
                            for side in crate::rules::Color::ALL {
                                self.calls.rest(side, clock.remaining(side, at));
                            }
                        }
                        continue;
                    }
                    if let Some(p) = clock_event_phrase(&e) {
                        self.out.say(&self.pack, Audience::Public, p);
                    }
                }
            }
            // "White did not press the clock; the reply pressed it, their clock ran on until
            // then: two minutes; White: eight minutes five seconds" (6.2.2), the first
            // time in a run; then "White did not press the clock; their clock ran on: two
            // minutes", since in a
            // game whose players never press it comes at every move, and `time` tells the
            // times.
            Happening::PressImplied { side, ran_on, left } => {
                // Whole seconds with the unit: tenths alone ("zero point three") are a clock's
                // reading in time trouble, not how long a clock ran on.
                let ran = if ran_on < 1000 {
                    Token::Word(Word::LessThanASecond)
                } else {
                    Token::Duration(ran_on)
                };
                let mut p = vec![Token::Side(side), Token::Word(Word::PressForgotten)];
                if std::mem::replace(&mut self.press_explained, true) {
                    p.extend([SEMICOLON, Token::Word(Word::ClockRanOn), COLON, ran]);
                } else {
                    p.extend([
                        SEMICOLON,
                        Token::Word(Word::PressedAtReply),
                        COLON,
                        ran,
                        SEMICOLON,
                        Token::Side(side),
                        COLON,
                        Token::Duration(left),
                    ]);
                }
                self.out.say(&self.pack, Audience::Public, p);
            }
            // The session asks the opponent itself (a question `repeat` can say again).
            Happening::TakebackRequested { .. } => {}
            // The engine's yes is said by the take-back's own line.
            Happening::TakebackAnswered { .. } if self.engine_takeback.is_some() => {}
            Happening::TakebackAnswered { by, accepted } => self.out.say(
                &self.pack,
                Audience::Public,
                vec![
                    Token::Word(if accepted {
                        Word::TakebackAccepted
                    } else {
                        Word::TakebackDeclined
                    }),
                    COLON,
                    Token::Side(by),
                ],
            ),
            Happening::OfferMade { by } => {
                self.out
                    .say(&self.pack, Audience::Public, draw_offer_phrase(by))
            }
            // The engine's no is said by its own line, with its reason.
            Happening::OfferDeclined { .. } if self.engine_declines => {}
            Happening::OfferDeclined { by } => self.out.say(
                &self.pack,
                Audience::Public,
                vec![Token::Word(Word::DrawDeclined), COLON, Token::Side(by)],
            ),
            Happening::OfferLapsed { by } => self.out.say(
                &self.pack,
                Audience::Public,
                vec![Token::Word(Word::OfferLapsed), COLON, Token::Side(by)],
            ),
            Happening::ClaimRejected {
                by,
                verdict,
                intended,
                penalty,
            } => {
                // "claim rejected: Black; this position has stood …": who, and why.
                let who =
                    self.pack
                        .text(&[Token::Word(Word::ClaimRejected), COLON, Token::Side(by)]);
                let why = super::why::claim_verdict_words(&self.pack, &verdict, intended.as_ref());
                self.out
                    .say_text(Audience::Public, &format!("{who}; {why}"));
                if let Some((to, ms, left)) = penalty {
                    self.out
                        .say(&self.pack, Audience::Public, time_added_total(to, ms, left));
                }
            }
            Happening::Ended { ending, phrase } => {
                self.auto_press = None;
                if !phrase.is_empty() {
                    self.out.say(&self.pack, Audience::Public, phrase);
                }
                let result = self.pack.text(&result_line_phrase(ending.score));
                let symbol = result_symbol(ending.score);
                self.out.print(&format!("{result} ({symbol})"));
                self.save_game();
            }
            Happening::Adjourned { sealed } => {
                let mut p = vec![Token::Word(Word::Adjourned)];
                if sealed {
                    p.extend([SEMICOLON, Token::Word(Word::SealedMoveKept)]);
                }
                self.out.say(&self.pack, Audience::Public, p);
                self.save_game();
            }
            Happening::Opened { before, mv } => {
                // Revealed to everyone only now (Guidelines I.9).
                let mut p = vec![Token::Word(Word::SealedMove), COLON];
                p.extend(move_phrase_with(&before, &mv, self.config.announce));
                self.out.say(&self.pack, Audience::Public, p);
                self.sync_boards();
            }
            Happening::ResultUndone => {
                self.out.say(
                    &self.pack,
                    Audience::Public,
                    vec![Token::Word(Word::ResultUndone)],
                );
                self.sync_boards();
            }
            // Said where the note is made, in the pack's words; the journal keeps the text.
            Happening::Note(_) => {}
            Happening::Touched { piece, square } => {
                if self.config.announce_touch {
                    self.out
                        .say(&self.pack, Audience::Player, touched_phrase(piece, square));
                }
            }
            Happening::IllegalMove { by, count } => {
                // Which of the player's illegal moves this is: the first costs time, the
                // second the game (7.5.5), and the arbiter and the player hear which.
                let word = match count {
                    1 => Word::IllegalMoveFirst,
                    2 => Word::IllegalMoveSecond,
                    _ => Word::IllegalMove,
                };
                self.out.say(
                    &self.pack,
                    Audience::Public,
                    vec![Token::Word(word), COLON, Token::Side(by)],
                );
            }
            Happening::IllegalMoveStands { by } => self.out.say(
                &self.pack,
                Audience::Public,
                vec![
                    Token::Word(Word::IllegalMove),
                    COLON,
                    Token::Side(by),
                    SEMICOLON,
                    Token::Word(Word::IllegalMoveStands),
                ],
            ),
            // Said in the opening line; journaled for the resume and the report.
            Happening::Rules { .. } => {}
            Happening::PenaltyTime { to, ms, left } => {
                self.out
                    .say(&self.pack, Audience::Public, time_added_total(to, ms, left));
            }
            Happening::Restored { mover, struck } => {
                let mut line = vec![Token::Word(Word::PositionRestored), SEMICOLON];
                line.extend(crate::phrase::announce::struck_moves_phrase(
                    &struck,
                    self.config.announce,
                    false,
                ));
                line.extend([SEMICOLON, Token::Side(mover), Token::Word(Word::ToMove)]);
                self.out.say(&self.pack, Audience::Public, line);
                self.sync_boards();
            }
            Happening::IncrementRequested { by } => self.out.say(
                &self.pack,
                Audience::Public,
                vec![Token::Word(Word::IncrementRequest), COLON, Token::Side(by)],
            ),
            Happening::IncrementRuled { agrees, .. } => self.out.say(
                &self.pack,
                Audience::Public,
                vec![Token::Word(if agrees {
                    Word::IncrementOn
                } else {
                    Word::IncrementRefused
                })],
            ),
            Happening::QuickplayClaimed { by } => self.out.say(
                &self.pack,
                Audience::Public,
                vec![
                    Token::Word(Word::QuickplayClaim),
                    COLON,
                    Token::Side(by),
                    SEMICOLON,
                    Token::Word(Word::ArbiterDecides),
                ],
            ),
            Happening::QuickplayRuled { by, answer } => match answer {
                // The draw is said by the ending; extra time by its own announcement.
                QuickplayAnswer::Accept => {}
                QuickplayAnswer::Reject => self.out.say(
                    &self.pack,
                    Audience::Public,
                    vec![Token::Word(Word::ClaimRejected), COLON, Token::Side(by)],
                ),
                QuickplayAnswer::Postpone { .. } => self.out.say(
                    &self.pack,
                    Audience::Public,
                    vec![Token::Word(Word::DecisionPostponed)],
                ),
            },
            Happening::TimeAdjusted {
                side,
                change,
                ms,
                left,
            } => {
                // "time added: White, two minutes; White: seven minutes": the change and the
                // time that results, so both players hear what their clock now says.
                let mut phrase = match change {
                    TimeChange::Add => time_added_phrase(side, ms),
                    TimeChange::Take => vec![
                        Token::Word(Word::TimeTaken),
                        COLON,
                        Token::Side(side),
                        COMMA,
                        Token::Duration(ms),
                    ],
                    TimeChange::Set => vec![Token::Word(Word::ClockSet), COLON, Token::Side(side)],
                };
                phrase.extend([SEMICOLON, Token::Side(side), COLON, Token::Duration(left)]);
                self.out.say(&self.pack, Audience::Public, phrase);
            }
        }
    }

    /// The game's position changed other than by a board's own move: the boards follow.
    fn sync_boards(&mut self) {
        let position = self.state.game().position().clone();
        self.out.push(Effect::BoardSync { position });
    }

    /// One step of D.2.9 guidance in the pack's words.
    /// Saves the record at the game's own path, unless that very record was saved already
    /// (a game that ended and then quit is saved, and said saved, once).
    /// "White to move; clock running: White, four minutes" (the clock part only while one
    /// runs): after a take-back, so the players hear where the game stands again.
    pub(super) fn to_move_and_clock(&self, at: u64) -> Phrase {
        let mut p = vec![
            Token::Side(self.position().turn()),
            Token::Word(Word::ToMove),
        ];
        if let Some(clock) = self.state.clock() {
            if let ClockState::Running(running) = clock.state() {
                p.extend([
                    SEMICOLON,
                    Token::Word(Word::ClockRunning),
                    COLON,
                    Token::Side(running),
                    COMMA,
                    Token::Duration(clock.remaining(running, at)),
                ]);
            }
        }
        p
    }

    pub(super) fn save_game(&mut self) {
        let pgn = self.pgn();
        if self.saved_pgn.as_ref() != Some(&pgn) {
            self.saved_pgn = Some(pgn.clone());
            self.out.push(Effect::SavePgn { path: None, pgn });
        }
    }

    /// The first steps of a fix, at most two: a wrong copy of a move (a man on the wrong
    /// square, the right one still at home) is put right in two whole steps, and saying both
    /// at once spares the player a wait between them; a longer list would be too much to hold,
    /// and the rest follows once the board has changed.
    /// When more steps follow, it says so ("…; then more"): a player who did the two
    /// named steps otherwise took the board for put right (a play-through).
    pub(super) fn fixes_phrase(&self, fixes: &[Fix]) -> Phrase {
        let mut p = guidance_phrase(&fixes[..fixes.len().min(2)], self.pack.grammar());
        if fixes.len() > 2 {
            p.extend([SEMICOLON, Token::Word(Word::MoreStepsFollow)]);
        }
        p
    }
}

/// D.2.9 guidance in a language's words: each step, semicolon apart ("Dame von Hector vier
/// entfernen; Dame auf David acht setzen"). Also what the simulated pegboard's hands say
/// they do when they put men back.
pub fn guidance_phrase(fixes: &[Fix], g: &crate::phrase::grammar::Grammar) -> Phrase {
    let mut p = Vec::new();
    for (i, fix) in fixes.iter().enumerate() {
        if i > 0 {
            p.push(SEMICOLON);
        }
        p.extend(fix_phrase(*fix, g));
    }
    p
}

/// One step of D.2.9 guidance in the grammar's order.
fn fix_phrase(fix: Fix, g: &crate::phrase::grammar::Grammar) -> Phrase {
    match fix {
        Fix::Put { piece, square } => put_phrase(piece, square, g),
        Fix::Move { piece, from, to } => {
            let mut p = remove_phrase(piece, from, g);
            p.push(SEMICOLON);
            p.extend(put_phrase(piece, to, g));
            p
        }
        Fix::Remove {
            what: Sensed::Piece(piece),
            square,
        } => remove_phrase(piece, square, g),
        // The sensor cannot tell which man stands there: "the man".
        Fix::Remove { square, .. } => crate::phrase::events::instruction(
            Word::Remove,
            Word::From,
            Token::Word(Word::TheMan),
            square,
            g,
        ),
    }
}

/// "time added: Black, one minute; Black: seven minutes": a penalty's time and the total it
/// makes, as the arbiter's own time add says both (the play-test's item 20).
fn time_added_total(side: crate::rules::Color, ms: u64, left: u64) -> Phrase {
    let mut phrase = time_added_phrase(side, ms);
    phrase.extend([SEMICOLON, Token::Side(side), COLON, Token::Duration(left)]);
    phrase
}
