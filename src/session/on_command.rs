//! Console commands and typed moves: each is checked, journaled as a [`Record`], and
//! answered; a refused one changes nothing.

use super::arbiter_command::ArbiterCommand;
use super::command::{ClaimWhat, Command, CommandError, DrawAction};
use super::confirm::Confirm;
use super::record::Record;
use super::spoken;
use super::{Effect, Session};
use crate::audio::route::Audience;
use crate::phrase::grammar::{COLON, COMMA, SEMICOLON};
use crate::phrase::readout::{
    board_readout, file_readout, rank_readout, square_readout, where_readout,
};
use crate::phrase::token::{Token, Word};
use crate::rules::clock::ClockState;
use crate::rules::notation::{uci, MoveError};
use crate::rules::{Color, Move};

impl Session {
    pub(super) fn command(&mut self, cmd: Command, at: u64) {
        match cmd {
            Command::Help => {
                for line in super::help::first_answer(&self.pack) {
                    self.out.print(&line);
                }
            }
            Command::HelpOn(topic) => {
                for line in super::help::topic_answer(&self.pack, topic) {
                    self.out.print(&line);
                }
            }
            Command::Move(text) => self.typed_move(&text, at),
            // --- issue 15 ---
            Command::Readout(r) => self.readout(r, at),
            Command::Time => self.say_time(at),
            Command::Count => self.say_count(),
            Command::Last(n) => self.say_last(n),
            Command::Moves => self.print_scoresheet(),
            Command::Board => {
                let p = board_readout(self.position().board());
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::Where(role) => {
                let p = where_readout(self.position().board(), role);
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::Rank(r) => {
                let p = rank_readout(self.position().board(), r);
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::File(f) => {
                let p = file_readout(self.position().board(), f);
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::Square(sq) => {
                let p = square_readout(self.position().board(), sq);
                self.out.say(&self.pack, Audience::Player, p);
            }
            Command::Repeat => {
                if !self.out.repeat() {
                    self.out
                        .refuse(&self.pack, vec![Token::Word(Word::NothingSaid)]);
                }
            }
            Command::Start => {
                if self.commit(Record::Start { at }) {
                    self.say_clock_answer(None);
                }
            }
            Command::Press => match (self.state.unpressed(), self.state.ending()) {
                (Some(side), _) => self.press_for(side, at),
                // After the game has ended there is no move to make: say why, not "move
                // first".
                (None, Some(ending)) => {
                    let over = ending.over_phrase();
                    self.out.refuse(&self.pack, over)
                }
                (None, None) => self
                    .out
                    .refuse(&self.pack, vec![Token::Word(Word::NoMoveToComplete)]),
            },
            Command::Pause => {
                self.restart_on_play = false;
                let stopped = !matches!(
                    self.state.clock().map(|c| c.state()),
                    Some(ClockState::Stopped { .. })
                );
                if self.commit(Record::Pause { at, stopped }) {
                    self.say_clock_answer(None);
                }
            }
            Command::Correct(text) => self.correct(&text, at),
            Command::TakeBack(side) => {
                // A request, as lichess and Tornelo players mean it (issue 24, item 6): it is
                // journaled, then put to the opponent, whose answer is journaled too.
                // Against the engine a take-back is its help: without help, refused with the
                // reason as `hint` is, never a question the player would answer for it.
                let refused = |s: &Self, by: Color| match s.computer == Some(!by) {
                    true => s.engine_helps().err(),
                    false => None,
                };
                if let Some(by) = self.side_for(side, Word::HelpTakeBack) {
                    if let Some(why) = refused(self, by) {
                        self.out.refuse(&self.pack, vec![Token::Word(why)]);
                    } else if self.commit(Record::TakebackRequest { at, by }) {
                        match self.engine_grants_takeback(!by) {
                            // The engine answers for itself at once: no question to say.
                            true => self.pending = Some(Confirm::TakebackAnswer(!by)),
                            false => self.put(Confirm::TakebackAnswer(!by)),
                        }
                    }
                }
            }
            Command::Arbiter(ArbiterCommand::TakeBack) => self.ask_take_back(at),
            Command::Abort => self.ask(Confirm::Abort, at),
            // "Your men": the VI player's side, which only `--side` (or the journal) gives;
            // without it, how to ask for either side's men, not "which side?" with every
            // short form after it (no side can be added to `my`).
            Command::Mine => match self.config.vi_side {
                Some(side) => {
                    let r = super::ask::Readout::Where(Some(side), super::ask::Men::All);
                    self.readout(r, at);
                }
                None => self
                    .out
                    .refuse(&self.pack, vec![Token::Word(Word::MineNeedsSide)]),
            },
            Command::Draw(action, side) => {
                // An offer made while the opponent's stands is an acceptance (9.1.2).
                let agreement = action == DrawAction::Accept
                    || (action == DrawAction::Offer && self.state.offer().is_some());
                if !agreement {
                    // Nothing irreversible: an offer, or a refusal. An offer is the side
                    // named's, else the VI player's (issue 24, item 7: never whoever is on
                    // move); a refusal can only be the opponent of the offerer.
                    let by = match action {
                        DrawAction::Offer => match self.side_for(side, Word::HelpDraw) {
                            Some(by) => by,
                            None => return,
                        },
                        _ => side.unwrap_or_else(|| match self.state.offer() {
                            Some(offerer) => !offerer,
                            None => self.position().turn(),
                        }),
                    };
                    self.commit(Record::Draw { at, by, action });
                } else if let Some(by) = self.side_for(side, Word::HelpDraw) {
                    self.ask(Confirm::Accept(by, action), at);
                }
            }
            Command::Claim(what, side, intended) => {
                // The side named, else the VI player's, else asked for (issue 24, item 7): a
                // flag claim is never made for the opponent of whoever typed it, so the VI
                // player's `claim flag` when his own flag fell cannot lose him the game.
                if let Some(by) = self.side_for(side, Word::HelpClaim) {
                    self.claim(what, by, intended, at);
                }
            }
            Command::Resign(side) => {
                if let Some(by) = self.side_for(side, Word::HelpResign) {
                    self.ask(Confirm::Resign(by), at);
                }
            }
            Command::Arbiter(ArbiterCommand::Open) => self.ask(Confirm::Open, at),
            Command::Arbiter(ArbiterCommand::Undo) => self.ask(Confirm::Undo, at),
            Command::Illegal(by, replied) => {
                // An illegal move that ends the game is asked first, like every other command
                // that decides a result; the first is a penalty, recorded at once.
                let rec = Record::Illegal { at, by, replied };
                let mut probe = self.state.clone();
                match probe.apply(&rec) {
                    Ok(happened) if probe.is_over() => {
                        let ends = happened
                            .into_iter()
                            .find_map(|h| match h {
                                super::state::Happening::Ended { phrase, .. } => Some(phrase),
                                _ => None,
                            })
                            .unwrap_or_default();
                        self.put(Confirm::Illegal { by, replied, ends });
                    }
                    _ => {
                        self.commit(rec);
                    }
                }
            }
            Command::Arbiter(ArbiterCommand::Time { side, change, ms }) => {
                self.commit(Record::Adjust {
                    at,
                    side,
                    change,
                    ms,
                });
            }
            Command::Arbiter(ArbiterCommand::Restore { number, side }) => {
                // The ply before `side`'s move `number`, counted from the game's start.
                let start = self.state.game().start();
                let from_start = i64::from(number) * 2 - i64::from(start.fullmoves()) * 2
                    + i64::from(side == Color::Black)
                    - i64::from(start.turn() == Color::Black);
                match usize::try_from(from_start) {
                    Ok(ply) => {
                        let struck = crate::phrase::announce::struck_moves_phrase(
                            &self.state.played_from(ply),
                            self.config.announce,
                            true,
                        );
                        let restore = Confirm::Restore {
                            ply,
                            number,
                            side,
                            struck,
                        };
                        self.ask(restore, at)
                    }
                    Err(_) => self
                        .out
                        .refuse(&self.pack, vec![Token::Word(Word::NothingToRestore)]),
                }
            }
            Command::Arbiter(ArbiterCommand::Rule(answer)) => {
                self.commit(Record::Ruling { at, answer });
            }
            Command::Arbiter(ArbiterCommand::Note(text)) => {
                // One line in the journal: a note never breaks the record's line format.
                let text = text.replace(['\n', '\r'], " ");
                if self.commit(Record::Note {
                    at,
                    text: format!("{}{text}", super::record::ARBITER_NOTE),
                }) {
                    let line = self.pack.text(&[Token::Word(Word::ArbiterNote)]);
                    self.out
                        .print(&format!("{line}{} {text}", self.pack.colon()));
                }
            }
            Command::Adjourn(side, sealed) => self.adjourn(side, sealed, at),
            // After the game has ended there is nothing to hint, weigh or threaten: the
            // result is said, and the engine not asked (it would say "mate in zero").
            Command::EngineHelp(_) if self.engine_helps().is_ok() && self.state.is_over() => {
                if let Some(e) = self.state.ending() {
                    let why = self.state.over_phrase(e);
                    self.out.refuse(&self.pack, why);
                }
            }
            // A hint is for the player's own move: after it is made and before the press, the
            // engine's side is on move and a hint would be the engine's move, so it is refused
            // saying why, as a move typed then is. While the engine thinks (in a game without a
            // clock it starts at once), the hint waits for the player's turn.
            Command::EngineHelp(crate::engine::words::Help::Hint)
                if self.engine_helps().is_ok()
                    && self.state.clock().is_some()
                    && self.computer == Some(self.position().turn())
                    && self
                        .state
                        .unpressed()
                        .is_some_and(|own| own != self.position().turn())
                    && self.computer_on_move() => {}
            Command::EngineHelp(help) => match self.engine_helps() {
                Ok(()) => self
                    .out
                    .push(Effect::Engine(crate::engine::words::EngineAsk::Help(help))),
                Err(why) => self.out.refuse(&self.pack, vec![Token::Word(why)]),
            },
            // The review needs an engine and a game that has ended; it is no help during
            // play, so an arbiter's game may have it afterwards too.
            Command::Review => match (&self.engine, self.state.is_over()) {
                (Some(_), true) => self
                    .out
                    .push(Effect::Engine(crate::engine::words::EngineAsk::Review)),
                (Some(_), false) => self
                    .out
                    .refuse(&self.pack, vec![Token::Word(Word::ReviewNotOver)]),
                (None, _) => self
                    .out
                    .refuse(&self.pack, vec![Token::Word(Word::EngineHelpOff)]),
            },
            Command::Faster => self.change_speed(true, at),
            Command::Slower => self.change_speed(false, at),
            Command::Save(path) => {
                let pgn = self.pgn();
                self.out.push(Effect::SavePgn {
                    path: Some(path),
                    pgn,
                });
            }
            Command::Quit => {
                self.commit(Record::End { at });
                // Nothing new to save (the game ended and was saved then): one line all the
                // same, so the player hears the quit was taken; the file was named at the end.
                if self.saved_pgn.as_deref() == Some(self.pgn().as_str()) {
                    self.out.say(
                        &self.pack,
                        Audience::Player,
                        vec![Token::Word(Word::AlreadySavedClosing)],
                    );
                }
                self.save_game();
                self.out.push(Effect::Quit);
            }
            Command::Interrupted(signal) => {
                // One word in the journal, whatever the front end passed.
                let signal: String = signal
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                let signal = if signal.is_empty() {
                    "signal".into()
                } else {
                    signal
                };
                let phrase = vec![Token::Word(Word::GameInterrupted)];
                let why = super::interruption_words(&self.pack, &signal);
                let text = format!("{} ({why})", self.pack.text(&phrase));
                self.commit(Record::Interrupted { at, signal });
                // Saved before anything is printed: after SIGHUP the terminal is gone, and
                // a line that cannot be printed must not cost the game its PGN.
                self.save_game();
                self.out.say_as(Audience::Player, phrase, &text);
                self.out.push(Effect::Quit);
            }
        }
    }

    /// One step faster or slower (×1.15, rounded to a tenth so the answer is short to hear),
    /// within 0.5-3.0. The new rate is journaled as a setting, handed to the front end and
    /// then said, so the answer already sounds at the new pace.
    fn change_speed(&mut self, faster: bool, at: u64) {
        use super::record::{RATE_MAX, RATE_MIN};
        let old = self.state.speech_rate().unwrap_or(self.config.speech_rate);
        // Integer rounding: 1.0 × 1.15 in floating point is 1.1499…, which would round down.
        let tenths = if faster {
            (old * 115 + 500) / 1000
        } else {
            (old * 200 + 1150) / 2300
        };
        let new = (tenths * 10).clamp(RATE_MIN, RATE_MAX);
        let mut line = format!(
            "{} {}",
            self.pack.text(&[Token::Word(Word::Speed)]),
            rate_text(new, self.pack.language())
        );
        if new == old {
            line = format!(
                "{line}, {}",
                self.pack.text(&[Token::Word(Word::SpeedLimit)])
            );
        } else if self.commit(Record::Speed {
            at,
            hundredths: new,
        }) {
            self.out.push(Effect::SpeechRate(new));
        } else {
            return;
        }
        self.out.say_text(Audience::Player, &line);
    }

    /// The record corrected: the last move struck out, after a question that names it ("the
    /// arbiter takes back the move: Black e5, yes or no?").
    fn ask_take_back(&mut self, at: u64) {
        let game = self.state.game();
        let (Some(mv), [.., before, _]) = (game.moves().last(), game.positions()) else {
            return self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoMoveToTakeBack)]);
        };
        let mut named = vec![Token::Side(before.turn())];
        named.extend(crate::phrase::announce::move_phrase_with(
            before,
            mv,
            self.config.announce,
        ));
        self.ask(Confirm::TakeBackRecord(named), at);
    }

    /// D.2.8: the move just made replaced, before the clock was pressed. A move that ended
    /// the game was never pressed either (it completed itself, 6.2.1.1), so it is corrected
    /// the same way and the result goes with it (issue 24.1).
    fn correct(&mut self, text: &str, at: u64) {
        let positions = self.state.game().positions();
        let n = positions.len();
        let open = self.state.unpressed().is_some() || self.state.ended_by_move().is_some();
        if n < 2 || !open {
            return self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoMoveToCorrect)]);
        }
        let before = positions[n - 2].clone();
        match spoken::parse_any(&before, text, self.lang) {
            Ok(m) => {
                let u = uci(&before, &m);
                self.commit(Record::Correct { at, uci: u });
            }
            // Not offered to a yes: the move alone would be played, not the correction.
            Err(e) => {
                self.out.refuse_move(&self.pack, &before, self.lang, &e);
            }
        }
    }

    /// `press`, from the console or a clock button: the move completed, in one line.
    pub(super) fn press_for(&mut self, side: crate::rules::Color, at: u64) {
        self.restart_clocks_if_resumed(at);
        if self.commit(Record::Press {
            at,
            side,
            implied: false,
        }) {
            self.say_clock_answer(Some(side));
        }
    }

    /// The one-line answer to `start`, `press` and `pause` (issue 11, finding 7): whose move
    /// was completed, and whose clock runs now, or that the clocks stand.
    pub(super) fn say_clock_answer(&mut self, completed: Option<crate::rules::Color>) {
        let mut p = Vec::new();
        if let Some(side) = completed {
            p.extend([Token::Word(Word::MoveCompleted), COLON, Token::Side(side)]);
        }
        match self.state.clock().map(|c| c.state()) {
            Some(ClockState::Running(side)) => {
                if !p.is_empty() {
                    p.push(SEMICOLON);
                }
                p.extend([Token::Word(Word::ClockRunning), COLON, Token::Side(side)]);
                // The clock that starts may be the mover's, whose move is not complete
                // until pressed (6.2.1): after a pause, or a result undone, over a move
                // left unpressed. Said, so nobody takes it for a clock on the wrong side.
                if completed.is_none() && self.state.unpressed() == Some(side) {
                    p.extend([
                        SEMICOLON,
                        Token::Side(side),
                        Token::Word(Word::AlreadyMoved),
                    ]);
                }
            }
            Some(ClockState::Stopped { .. }) => {
                if !p.is_empty() {
                    p.push(SEMICOLON);
                }
                p.push(Token::Word(Word::ClocksStopped));
            }
            _ => {}
        }
        if !p.is_empty() {
            self.out.say(&self.pack, Audience::Public, p);
        }
    }

    /// Guidelines I.1.1: the player on move seals a move; it is checked, asked back, and
    /// kept secret (the question names the sealer only).
    fn adjourn(&mut self, side: Option<crate::rules::Color>, sealed: Option<String>, at: u64) {
        let turn = self.position().turn();
        let by = side.unwrap_or(turn);
        if let Some(e) = self.state.ending() {
            let why = self.state.over_phrase(e);
            return self.out.refuse(&self.pack, why);
        }
        if by != turn {
            return self.out.refuse(
                &self.pack,
                vec![Token::Word(Word::NotOnMove), COLON, Token::Side(by)],
            );
        }
        let Some(text) = sealed else {
            return self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::SealedMoveRequired)]);
        };
        // The move is checked in the position the sealer is in; a refusal never repeats it.
        let pos = self.position().clone();
        match spoken::parse_any(&pos, &text, self.lang) {
            Ok(m) => {
                let sealed = uci(&pos, &m);
                self.ask(Confirm::Adjourn { by, sealed }, at);
            }
            Err(_) => self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::SealedMoveIllegal)]),
        }
    }

    fn claim(
        &mut self,
        what: ClaimWhat,
        by: crate::rules::Color,
        intended: Option<String>,
        at: u64,
    ) {
        let intended = match intended {
            None => None,
            Some(text) => match spoken::parse_any(self.position(), &text, self.lang) {
                Ok(m) => Some(uci(self.position(), &m)),
                Err(e) => {
                    let pos = self.position().clone();
                    self.out.refuse_move(&self.pack, &pos, self.lang, &e);
                    return;
                }
            },
        };
        self.ask(Confirm::Claim { by, what, intended }, at);
    }

    fn typed_move(&mut self, text: &str, at: u64) {
        let pos = self.position().clone();
        let parsed = spoken::parse_any(&pos, text, self.lang);
        // Words that are no move at all are not understood, whoever is on move and whether
        // or not the game is over: only a move is refused as the engine's, or as too late
        // (after the end an unknown word was answered "the game is over", a play-through).
        if matches!(parsed, Err(MoveError::Syntax(_) | MoveError::Empty)) {
            return self.not_understood(text, at);
        }
        if let Some(e) = self.state.ending() {
            let why = self.state.over_phrase(e);
            return self.out.refuse(&self.pack, why);
        }
        if self.computer_on_move() {
            return;
        }
        match parsed {
            Ok(m) => self.make(m, at),
            Err(MoveError::Syntax(_) | MoveError::Empty) => self.not_understood(text, at),
            Err(e) => {
                if matches!(e, MoveError::PromotionMissing { .. }) {
                    self.typed_promotion = Some((text.to_string(), pos.clone()));
                }
                if let MoveError::Ambiguous { candidates, .. } = &e {
                    let moves: Vec<Move> = candidates
                        .iter()
                        .filter_map(|c| spoken::parse_any(&pos, c, self.lang).ok())
                        .collect();
                    if moves.len() == candidates.len() {
                        self.typed_choice = Some((pos.clone(), moves));
                    }
                }
                // A move of the side not on move (a player who lost track of the turn): the
                // turn is the reason, not "the black pawn cannot go to e5". Castling names no
                // side: "O-O" typed for Black is Black's, refused with its own reason.
                let other_sides = pos
                    .swap_turn()
                    .filter(|_| !matches!(e, MoveError::Ambiguous { .. }))
                    .and_then(|p| spoken::parse_any(&p, text, self.lang).ok())
                    .is_some_and(|m| !matches!(m, crate::rules::Move::Castle { .. }));
                if other_sides {
                    let turn = pos.turn();
                    return self.out.refuse(
                        &self.pack,
                        vec![
                            Token::Word(Word::NotOnMove),
                            COLON,
                            Token::Side(!turn),
                            SEMICOLON,
                            Token::Side(turn),
                            Token::Word(Word::ToMove),
                        ],
                    );
                }
                self.offered_line = self.out.refuse_move(&self.pack, &pos, self.lang, &e);
                // "Kf3" in a game whose own letter for the knight is the Cyrillic "К": a
                // screen reader says the two letters alike, and the king cannot go there
                // while the knight can. The knight's move is offered to a yes, never played.
                // (Where both can go, the rules core's reading already asked which.)
                let knight = self
                    .lang
                    .lookalike_text(text)
                    .filter(|_| !matches!(e, MoveError::Ambiguous { .. }))
                    .and_then(|t| {
                        let mv = spoken::parse_any(&pos, &t, self.lang).ok()?;
                        Some((t, mv))
                    });
                if let (None, Some((knight, mv))) = (&self.offered_line, knight) {
                    let did = self.pack.text(&[Token::Word(Word::DidYouMean)]);
                    let q = self.pack.language().quote(&knight);
                    // Its announcement too: read aloud, «Кf3» sounds as the "Kf3" typed.
                    let said = self
                        .pack
                        .text(&crate::phrase::announce::move_phrase(&pos, &mv));
                    let line = self
                        .pack
                        .language()
                        .question(&format!("{did} {q} ({said})"));
                    self.out.say_text(Audience::Player, &line);
                    self.offered_line = Some(knight);
                }
            }
        }
    }

    /// The piece word alone ("queen", "Dame", "ферзь", "Q") typed after a pawn move that
    /// named none: the move is made with that piece. `false` for any other line, or once the
    /// position has changed; the remembered move is then forgotten.
    pub(super) fn typed_promotion_answer(&mut self, line: &str, at: u64) -> bool {
        let Some((text, pos)) = self.typed_promotion.take() else {
            return false;
        };
        if pos != *self.position() {
            return false;
        }
        let Some(role) = super::promotion::promotion_piece(&self.pack, pos.turn(), line.trim())
        else {
            // A king or a pawn named: refused with the pieces it may be, and the move waits
            // on for one of them instead of being forgotten.
            let named = [crate::rules::Role::King, crate::rules::Role::Pawn]
                .into_iter()
                .find(|&r| {
                    let folded = line.trim().to_lowercase();
                    !folded.is_empty() && self.lang.symbol(r, pos.turn()).to_lowercase() == folded
                        || self.pack.text(&[Token::Piece(r)]).to_lowercase() == folded
                });
            if super::command::is_no(line) {
                self.out
                    .refuse(&self.pack, vec![Token::Word(Word::Cancelled)]);
                return true;
            }
            if let Some(role) = named {
                let e = MoveError::BadPromotionPiece(role);
                self.out
                    .refuse(&self.pack, vec![Token::Word(Word::ReasonPromotionMissing)]);
                if let Some(why) = super::why::move_error_words(&self.pack, &e) {
                    self.out.print(&why);
                }
                self.typed_promotion = Some((text, pos));
                return true;
            }
            // Any other line leaves the move waiting for its piece until the position
            // changes.
            self.typed_promotion = Some((text, pos));
            return false;
        };
        // The move as if typed whole: with the word said after it ("David acht Dame"), in the
        // game's letters ("d8=Д") or in English ones ("d8=Q", UCI "d7d8q").
        let own = self.lang.symbol(role, pos.turn());
        let en = crate::rules::notation::Lang::En.symbol(role, crate::rules::Color::White);
        let found = [
            (format!("{text} {}", line.trim()), self.lang),
            (format!("{text}={own}"), self.lang),
            (format!("{text}={en}"), crate::rules::notation::Lang::En),
            (
                format!("{text}{}", en.to_lowercase()),
                crate::rules::notation::Lang::En,
            ),
        ]
        .iter()
        .find_map(|(t, lang)| spoken::parse_any(&pos, t, *lang).ok())
        .filter(|m| m.promotion() == Some(role));
        match found {
            Some(m) => {
                self.typed_move(&uci(&pos, &m), at);
                true
            }
            None => false,
        }
    }

    /// The one meant, typed after an ambiguous move was refused with its candidates named:
    /// that move is made as if typed whole. `false` for any other line, or once the position
    /// has changed; the question is then forgotten.
    pub(super) fn typed_choice_answer(&mut self, line: &str, at: u64) -> bool {
        let Some((pos, choices)) = self.typed_choice.take() else {
            return false;
        };
        if pos != *self.position() {
            return false;
        }
        // No: neither is meant, and the question is closed (not "no question is open").
        if super::command::is_no(line) {
            self.out
                .refuse(&self.pack, vec![Token::Word(Word::Cancelled)]);
            return true;
        }
        match super::choice::chosen(&choices, line) {
            Some(m) => {
                self.typed_move(&uci(&pos, &m), at);
                true
            }
            // Any other line (the time asked in between, a slip) leaves the question open
            // until a move changes the position.
            None => {
                self.typed_choice = Some((pos, choices));
                false
            }
        }
    }

    /// A move typed for the side the engine plays is refused, and nothing changes (it is
    /// said why). Not pressed on the player's behalf instead: in a practice game the press
    /// is still the player's own act that completes the move (Appendix D, D.2), and until it
    /// the player may correct it; those who want it pressed for them have `auto_press`.
    /// Without this the engine's move was the player's, and its clock ran for the wrong side.
    pub(super) fn computer_on_move(&mut self) -> bool {
        let side = self.position().turn();
        if self.computer != Some(side) || self.state.is_over() {
            return false;
        }
        let next = match self.state.unpressed() {
            Some(own) if own != side => Word::PressYourClockFirst,
            _ => Word::EngineThinking,
        };
        let phrase = vec![
            Token::Word(Word::EnginePlaysSide),
            COLON,
            Token::Side(side),
            SEMICOLON,
            Token::Word(next),
        ];
        self.out.refuse(&self.pack, phrase);
        true
    }

    /// Input that is neither a command nor a move (issue 11, item 6): "not understood", and
    /// the nearest command word or legal move, never "illegal move" (Art. 7.5 is for moves
    /// the rules forbid).
    fn not_understood(&mut self, text: &str, at: u64) {
        // A yes or no with nothing asked: say so, rather than guess at a command.
        let word = text
            .trim()
            .trim_end_matches(['.', '!'])
            .trim()
            .to_lowercase();
        let no = super::command::is_no(text);
        let yes = super::command::YES_WORDS.contains(&word.as_str());
        // An open draw offer is a question to the opponent (9.1.2): no declines it; yes
        // accepts it after the usual question, since an agreement ends the game.
        if let (Some(offerer), true) = (self.state.offer(), yes || no) {
            let by = !offerer;
            return if yes {
                self.ask(Confirm::Accept(by, DrawAction::Accept), at)
            } else {
                self.commit(Record::Draw {
                    at,
                    by,
                    action: DrawAction::Decline,
                });
            };
        }
        if yes || no {
            return self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoQuestionOpen)]);
        }
        // "e9", "Nj3": a move to a square the board does not have. Saying so tells the
        // player what to type again; "not understood" or a guess at another move does not.
        if let Some(square) = off_board_square(text) {
            let q = |t: &str| self.pack.language().quote(t);
            let mut line = self
                .pack
                .text(&[Token::Word(Word::NoSuchSquare)])
                .replace("{square}", &q(square));
            // "б4" typed on a Russian keyboard: the move with the file's Latin letter, if it
            // is legal here, offered to be typed; nothing is played on a guess.
            if let Some(latin) = spoken::latin_square(square) {
                let typed = format!(
                    "{}{latin}",
                    &text.trim()[..text.trim().len() - square.len()]
                );
                if crate::rules::notation::parse_move_in(self.position(), &typed, self.lang).is_ok()
                {
                    self.offered_line = Some(typed.clone());
                    let did = self.pack.text(&[Token::Word(Word::DidYouMean)]);
                    line = format!(
                        "{line}; {}",
                        self.pack
                            .language()
                            .question(&format!("{did} {}", q(&typed)))
                    );
                } else {
                    // No legal move with it: the move in Latin letters still tells the player
                    // how to type what they meant ("Сц5" is "Сc5"); not offered, it is no move.
                    let latin_words = self.pack.text(&[Token::Word(Word::SquaresInLatin)]);
                    line = format!("{line}; {latin_words}{} {}", self.pack.colon(), q(&typed));
                }
            }
            return self.out.say_text(Audience::Player, &line);
        }
        self.misunderstood = self.misunderstood_before.saturating_add(1);
        let mut phrase = vec![Token::Word(Word::ReasonNotUnderstood)];
        if let Some(hint) = self.nearest(text) {
            phrase.extend([COMMA, Token::Word(Word::DidYouMean)]);
            self.offered_line = Some(hint.clone());
            let hint = self.pack.language().quote(&hint);
            let line = self
                .pack
                .language()
                .question(&format!("{} {hint}", self.pack.text(&phrase)));
            return self.out.say_text(Audience::Player, &line);
        }
        if self.misunderstood >= 2 {
            phrase.extend([SEMICOLON, Token::Word(Word::SayHelp)]);
        }
        self.out.refuse(&self.pack, phrase);
    }

    /// The nearest command or move, as `spoken::suggestion` finds it.
    fn nearest(&self, text: &str) -> Option<String> {
        spoken::suggestion(self.position(), text, &self.pack, self.lang)
    }

    /// A command with a missing or wrong argument: the reason in English games, and the
    /// command's help line in the game's language.
    pub(super) fn command_error(&mut self, e: CommandError) {
        if !e.2.is_empty() {
            let q = |text: &str| self.pack.language().quote(text);
            let mut line = self.pack.text(&[Token::Word(e.1)]);
            for (name, value) in &e.2 {
                line = line.replace(&format!("{{{name}}}"), &q(value));
            }
            return self.out.say_text(Audience::Player, &line);
        }
        // Understood but missing a part: the question for it and the command's form, in
        // every language (English too: its reason would list every arbiter command).
        let asks = matches!(
            e.1,
            Word::ArbiterTimeChange
                | Word::ArbiterTimeWhose
                | Word::ArbiterTimeAmount
                | Word::ArbiterRestoreMove
                | Word::ArbiterRestoreSide
                | Word::ArbiterNoteEmpty
        );
        if asks {
            return self.out.refuse(&self.pack, vec![Token::Word(e.1)]);
        }
        if self.pack.language() == crate::phrase::Language::En {
            return self.out.say_text(Audience::Player, &e.0);
        }
        let phrase = vec![
            Token::Word(Word::ReasonNotUnderstood),
            SEMICOLON,
            Token::Word(e.1),
        ];
        self.out.refuse(&self.pack, phrase);
    }

    /// The opponent replies to a move its mover did not press for: the reply presses for
    /// them now (6.2.2: their clock ran until then), journaled as implied and said before
    /// the reply, so both players and the arbiter know the clock was switched late and what
    /// it cost. Not in an untimed game (nobody presses), nor when vichess's own automatic
    /// press was still to come (nobody forgot; the move record implies it as before).
    /// `false` when the press was refused (the clocks stand): the reply is not made either.
    fn press_implied_by_reply(&mut self, at: u64) -> bool {
        let mover = self.position().turn();
        let Some(forgetful) = self.state.unpressed().filter(|s| *s != mover) else {
            return true;
        };
        let automatic = matches!(self.auto_press, Some((_, side)) if side == forgetful);
        if self.state.clock().is_none() || automatic {
            return true;
        }
        self.commit(Record::Press {
            at,
            side: forgetful,
            implied: true,
        })
    }

    /// A legal move in the current position: journal, announce, and maybe press.
    pub(super) fn make(&mut self, m: Move, at: u64) {
        self.restart_clocks_if_resumed(at);
        if !self.press_implied_by_reply(at) {
            return;
        }
        let u = uci(self.position(), &m);
        if self.commit(Record::Move { at, uci: u }) {
            if let Some((due, side)) = self.auto_press {
                if due <= at {
                    self.auto_press = None;
                    self.commit(Record::Press {
                        at,
                        side,
                        implied: false,
                    });
                }
            }
        }
    }
}

/// A rate as a blind player hears it best: one decimal unless the configuration gave two,
/// with the language's decimal mark ("1.2", "1,2").
fn rate_text(hundredths: u32, lang: crate::phrase::Language) -> String {
    let (whole, frac) = (hundredths / 100, hundredths % 100);
    let digits = if frac % 10 == 0 {
        format!("{}", frac / 10)
    } else {
        format!("{frac:02}")
    };
    let mark = if lang == crate::phrase::Language::En {
        '.'
    } else {
        ','
    };
    format!("{whole}{mark}{digits}")
}

/// The square off the board that `text`, written as a move, goes to ("e9", "Nj3", "exd9",
/// "e2e0"), or `None` when `text` is no such move. The move's other letters may be piece
/// letters of any language (upper case), squares on the board, and capture or move marks.
fn off_board_square(text: &str) -> Option<&str> {
    let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let head = text.trim_end_matches(|c: char| c.is_ascii_digit());
    if !(1..=2).contains(&(text.len() - head.len())) {
        return None;
    }
    let typed = head.chars().next_back()?;
    let at = head.len() - typed.len_utf8();
    // A Cyrillic letter that looks like a file ("е9" typed on a Russian keyboard) is that
    // file, as the move reader takes it.
    let file = match typed {
        'а' => 'a',
        'с' => 'c',
        'е' => 'e',
        other => other,
    };
    let rank: u32 = text[head.len()..].parse().ok()?;
    // A small Cyrillic or Armenian letter that is no file ("Кж3" typed for "Кg3") names no
    // square either: saying so tells the player the letter is wrong, where a guess at the
    // nearest move ("Кa3") would be another move.
    let native = native_small_letter(file);
    if !(file.is_ascii_lowercase() || native)
        || (('a'..='h').contains(&file) && (1..=8).contains(&rank))
    {
        return None;
    }
    let before = &text[..at];
    let on_board = |c: char| matches!(c, 'a'..='h' | '1'..='8' | 'x' | ':' | '-');
    let piece_letter = |c: char| c.is_uppercase() || (c.is_alphabetic() && !c.is_ascii());
    // Before a native letter only a piece letter (the king's "Кр" too) or a square: a word
    // that ends in one ("ход3") is no move.
    let native_piece =
        |(i, c): (usize, char)| c.is_uppercase() || (c == 'р' && before[..i].ends_with(['К', 'K']));
    let fits = match native {
        true => before
            .char_indices()
            .all(|(i, c)| on_board(c) || native_piece((i, c))),
        false => before.chars().all(|c| on_board(c) || piece_letter(c)),
    };
    (before.chars().count() <= 5 && fits).then_some(&text[at..])
}

/// A small letter of the Cyrillic or Armenian alphabet: what a Russian, Ukrainian or
/// Armenian keyboard gives where a file was meant.
fn native_small_letter(c: char) -> bool {
    c.is_lowercase() && matches!(c, '\u{0400}'..='\u{04FF}' | '\u{0530}'..='\u{058F}')
}
