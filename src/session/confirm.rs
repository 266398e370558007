//! Nothing irreversible by accident (issue 11, finding 5): a resignation, a claim, a draw
//! agreement, an adjournment and the arbiter's open and undo are first asked back ("White
//! resigns, yes or no?"); only a yes on the next line journals them. Anything else cancels,
//! says so, and is then handled as the input it is. Before asking, the record is tried on a
//! copy of the game, so a command that would be refused is refused at once, not after a yes.

use super::command::{ClaimWhat, Command, DrawAction, YES_WORDS};
use super::record::Record;
use super::Session;
use crate::audio::route::Audience;
use crate::phrase::grammar::{COLON, COMMA, SEMICOLON};
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::Color;

/// A command that changes the result, waiting for its yes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Confirm {
    Resign(Color),
    Claim {
        by: Color,
        what: ClaimWhat,
        /// The intended move in UCI.
        intended: Option<String>,
    },
    /// `by` accepts the opponent's offer (also an offer made while the opponent's stands).
    Accept(Color, DrawAction),
    Adjourn {
        by: Color,
        /// The sealed move in UCI: never said.
        sealed: String,
    },
    Open,
    Undo,
    /// The arbiter's restore of the position before `side`'s move `number` (7.4, 7.5.1),
    /// which strikes every move after it from the game (the journal keeps them): asked first,
    /// as undo is, since a mistyped number strikes the wrong moves.
    Restore {
        /// The ply restored to, counted from the game's start.
        ply: usize,
        number: u32,
        side: Color,
        /// The moves it strikes, named as announced ("struck: 2... knight c6, ...").
        struck: Phrase,
    },
    /// The opponent's answer to a journaled take-back request (issue 24, item 6): `yes`
    /// accepts; anything else declines, and the refusal is journaled too.
    TakebackAnswer(Color),
    /// The record corrected: the last move struck out (the assistant's or the arbiter's
    /// take-back), named in the question: the mover and the move as announced.
    TakeBackRecord(Phrase),
    /// A game without moves ended without a result.
    Abort,
    /// An illegal move recorded that ends the game (the side's second, 7.5.5): asked first,
    /// as a resignation is, since a slip of the side would decide the result. `ends` is how
    /// the game would end, as it would be said ("illegal move, White wins").
    Illegal {
        by: Color,
        replied: bool,
        ends: Phrase,
    },
}

impl Confirm {
    fn record(&self, at: u64) -> Record {
        match self {
            Confirm::Resign(by) => Record::Resign { at, by: *by },
            Confirm::Claim { by, what, intended } => Record::Claim {
                at,
                by: *by,
                what: *what,
                intended: intended.clone(),
            },
            Confirm::Accept(by, action) => Record::Draw {
                at,
                by: *by,
                action: *action,
            },
            Confirm::Adjourn { sealed, .. } => Record::Adjourn {
                at,
                sealed: Some(sealed.clone()),
            },
            Confirm::Open => Record::Open { at },
            Confirm::Undo => Record::Undo { at },
            Confirm::Restore { ply, .. } => Record::Restore { at, ply: *ply },
            Confirm::TakebackAnswer(by) => Record::TakebackAnswer {
                at,
                by: *by,
                accept: true,
            },
            Confirm::TakeBackRecord(_) => Record::TakeBack { at },
            Confirm::Abort => Record::Abort { at },
            Confirm::Illegal { by, replied, .. } => Record::Illegal {
                at,
                by: *by,
                replied: *replied,
            },
        }
    }

    /// Who hears the question: a take-back request is put to the opponent, so everyone
    /// hears it; the others are the typist's own check, said privately.
    pub(super) fn audience(&self) -> Audience {
        match self {
            Confirm::TakebackAnswer(_) => Audience::Public,
            _ => Audience::Player,
        }
    }

    /// "White resigns, yes or no?": who does what, never the sealed move.
    pub(super) fn question(&self) -> Phrase {
        let (side, what) = match self {
            // "White asks to take back the last move; Black, yes or no?"
            Confirm::TakebackAnswer(by) => {
                return vec![
                    Token::Side(!*by),
                    Token::Word(Word::AsksTakeback),
                    SEMICOLON,
                    Token::Side(*by),
                    COMMA,
                    Token::Word(Word::YesOrNo),
                ]
            }
            // "the arbiter takes back the move: Black e5, yes or no?"
            Confirm::TakeBackRecord(mv) => {
                let mut p = vec![Token::Word(Word::TakeBackRecordQuestion), COLON];
                p.extend(mv.iter().copied());
                p.extend([COMMA, Token::Word(Word::YesOrNo)]);
                return p;
            }
            // "the arbiter restores an earlier position: move 12, White; struck: 12. knight
            // f3, ..., yes or no?", the move as the arbiter typed it and the moves it strikes.
            Confirm::Restore {
                number,
                side,
                struck,
                ..
            } => {
                let mut p = vec![
                    Token::Word(Word::ReportRestore),
                    COLON,
                    Token::Word(Word::ReviewMove),
                    Token::Number(*number),
                    COMMA,
                    Token::Side(*side),
                ];
                if !struck.is_empty() {
                    p.push(SEMICOLON);
                    p.extend(struck.iter().copied());
                }
                p.extend([COMMA, Token::Word(Word::YesOrNo)]);
                return p;
            }
            // "second illegal move (7.5.5): Black; illegal move, White wins, yes or no?"
            Confirm::Illegal { by, ends, .. } => {
                let mut p = vec![
                    Token::Word(Word::IllegalMoveSecond),
                    COLON,
                    Token::Side(*by),
                ];
                if !ends.is_empty() {
                    p.push(SEMICOLON);
                    p.extend(ends.iter().copied());
                }
                p.extend([COMMA, Token::Word(Word::YesOrNo)]);
                return p;
            }
            Confirm::Abort => (None, Word::AbortQuestion),
            Confirm::Resign(by) => (Some(*by), Word::ResignsQuestion),
            Confirm::Claim { by, what, .. } => (
                Some(*by),
                match what {
                    ClaimWhat::Threefold => Word::ClaimsThreefold,
                    ClaimWhat::Fifty => Word::ClaimsFifty,
                    ClaimWhat::Flag => Word::ClaimsFlag,
                    ClaimWhat::Quickplay => Word::ClaimsQuickplay,
                    ClaimWhat::Increment => Word::AsksIncrement,
                },
            ),
            Confirm::Accept(by, _) => (Some(*by), Word::AcceptsDraw),
            Confirm::Adjourn { by, .. } => (Some(*by), Word::SealsAndAdjourns),
            Confirm::Open => (None, Word::OpenQuestion),
            Confirm::Undo => (None, Word::UndoQuestion),
        };
        let mut p: Phrase = side.map(Token::Side).into_iter().collect();
        p.extend([Token::Word(what), COMMA, Token::Word(Word::YesOrNo)]);
        p
    }
}

impl Session {
    /// Asks `c` back, unless the game would refuse it anyway (then it is refused now).
    pub(super) fn ask(&mut self, c: Confirm, at: u64) {
        let mut probe = self.state.clone();
        if let Err(why) = probe.apply(&c.record(at)) {
            return self.out.refuse(&self.pack, why);
        }
        self.put(c);
    }

    /// Says `c`'s question and waits for its answer.
    pub(super) fn put(&mut self, c: Confirm) {
        let question = c.question();
        let audience = c.audience();
        self.pending = Some(c);
        self.out.say(&self.pack, audience, question);
    }

    /// The answer to a pending question, if one is pending: `true` when `line` was the yes
    /// (the record is journaled) or a no (cancelled, said); `false` when there was no
    /// question, or it was cancelled (said) and `line` is still to be handled.
    pub(super) fn answer(&mut self, line: Option<&str>, at: u64) -> bool {
        let Some(c) = self.pending.take() else {
            return false;
        };
        if line.is_some_and(|l| self.is_yes(l)) {
            self.commit(c.record(at));
            return true;
        }
        // `repeat` says the question again: a listener may have missed it.
        if line.is_some_and(|l| matches!(super::command::parse(l), Ok(Some(Command::Repeat)))) {
            self.put(c);
            return true;
        }
        // A plain "no" is the answer itself, not a line to read as a command after it.
        let no = line.is_some_and(super::command::is_no);
        if let Confirm::TakebackAnswer(by) = c {
            // Leaving the game answers nobody's request: it stays open, and a resume asks
            // the opponent again.
            let leaving = line.is_some_and(|l| {
                matches!(
                    super::command::parse(l),
                    Ok(Some(Command::Quit | Command::Interrupted(_)))
                )
            });
            if leaving {
                self.pending = Some(c);
                return false;
            }
            self.commit(Record::TakebackAnswer {
                at,
                by,
                accept: false,
            });
            return no;
        }
        self.out
            .refuse(&self.pack, vec![Token::Word(Word::Cancelled)]);
        no
    }

    pub(super) fn is_yes(&self, line: &str) -> bool {
        let w = line
            .trim()
            .trim_end_matches(['.', '!'])
            .trim()
            .to_lowercase();
        let own = self.pack.text(&[Token::Word(Word::Yes)]).to_lowercase();
        YES_WORDS.contains(&w.as_str()) || w == own
    }

    /// The side a command that changes the result is for: the one named, else the VI
    /// player's; with neither, `None` after saying which words name one.
    /// A resignation, draw or claim after the game has ended is told that it has, not asked
    /// for a side it could not use anyway.
    pub(super) fn side_for(&mut self, named: Option<Color>, help: Word) -> Option<Color> {
        let side = named.or(self.config.vi_side);
        let settled = matches!(help, Word::HelpResign | Word::HelpDraw | Word::HelpClaim);
        if let (None, true, Some(ending)) = (side, settled, self.state.ending()) {
            let over = ending.over_phrase();
            self.out.refuse(&self.pack, over);
            return None;
        }
        if side.is_none() {
            self.out.refuse(
                &self.pack,
                vec![
                    Token::Word(Word::NameTheSide),
                    crate::phrase::grammar::SEMICOLON,
                    Token::Word(help),
                ],
            );
        }
        side
    }
}
