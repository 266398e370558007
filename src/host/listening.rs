//! Voice input in a game (issue 28): what the game does with a [`Hearing`]. The recogniser
//! only proposes readings; [`verdict`] decides whether one is taken, the player is asked
//! between two, or nothing was understood. A taken move is entered as the typed line that
//! means the same, so the rules check it and it is journaled and announced before the
//! clock; the journal notes that it was heard. With a sensor board, the board has the last
//! word (D.2.8): a heard move the board does not show is said back as a mismatch and is not
//! taken until the board shows it.

use super::*;
use crate::input::InputCommand;
use crate::listen::{verdict, Guess, Hearing, Meaning, Verdict, VerdictRule};
use crate::rules::Move;

/// The listening state of one game.
#[derive(Default)]
pub(super) struct Listening {
    /// Two readings the player was asked to choose between: the next hearing or typed
    /// answer settles it.
    asking: Option<(Guess, Guess)>,
    /// A heard move the board does not show yet: compared with the board's next move.
    awaiting: Option<Guess>,
    /// The verdict's thresholds.
    pub(super) rule: VerdictRule,
    /// Where push-to-talk presses go: the capture thread, when `play --listen` runs one.
    pub(super) talk: Option<Sender<()>>,
}

/// How a typed or heard line answers "X or Y?".
enum Answer {
    First,
    Second,
    No,
    /// Not an answer: the question is dropped and the line handled as usual.
    Other,
}

impl Host {
    /// Sends push-to-talk presses (the gamepad's talk button) to `to`, the thread that
    /// records: each press starts or ends an utterance.
    pub fn set_talk(&mut self, to: Sender<()>) {
        self.listening.talk = Some(to);
    }

    /// Sets how sure a reading must be to be taken, and how far ahead of the next.
    pub fn set_verdict_rule(&mut self, rule: VerdictRule) {
        self.listening.rule = rule;
    }

    /// The game's position now: a recogniser's grammar is built from its legal moves.
    pub fn position(&self) -> crate::rules::Position {
        self.table.session().position().clone()
    }

    /// The gamepad's talk button: to the recording thread, or said that nothing listens.
    pub(super) fn talk_pressed(&mut self) -> anyhow::Result<()> {
        let sent = self
            .listening
            .talk
            .as_ref()
            .is_some_and(|t| t.send(()).is_ok());
        if !sent {
            let text = self.word(Word::ListenOff);
            self.tell(&text)?;
        }
        Ok(())
    }

    /// The microphone opens or closed: two tones in the player's ear (rising, falling) and
    /// a line on the screen, not spoken: a spoken line would be recorded with the move.
    /// Opening stops whatever vichess was saying; `heard` is told once the open cue has been
    /// heard.
    pub(super) fn talking(&mut self, open: bool, heard: Option<Sender<()>>) -> Result<()> {
        let (word, cue) = match open {
            true => (Word::ListenOpen, crate::audio::earcon::Cue::Open),
            false => (Word::ListenClosed, crate::audio::earcon::Cue::Close),
        };
        let text = self.word(word);
        writeln!(self.out, "{text}")?;
        if open {
            // The player presses to speak: vichess stops talking, as a screen reader does
            // at a key. What it was saying is on the screen, and `repeat` says it again.
            self.voice.hush();
        }
        self.voice.cue(cue, heard);
        Ok(())
    }

    /// What was heard: taken, asked about, or "not understood"; while a question is open, an
    /// answer to it.
    pub(super) fn heard(&mut self, hearing: Hearing, now: crate::session::Stamp) -> Result<()> {
        let said = verdict(&hearing, self.listening.rule);
        if let Some((first, second)) = self.listening.asking.take() {
            let answer = match &said {
                Verdict::Take(g) if g.meaning == first.meaning => Answer::First,
                Verdict::Take(g) if g.meaning == second.meaning => Answer::Second,
                Verdict::Take(Guess {
                    meaning: Meaning::Command(c),
                    ..
                }) => match c.as_str() {
                    "first" | "1" => Answer::First,
                    "second" | "2" => Answer::Second,
                    "no" => Answer::No,
                    _ => Answer::Other,
                },
                Verdict::NotUnderstood => {
                    // The question stays: said again after "not understood".
                    let text = self.word(Word::ReasonNotUnderstood);
                    self.tell(&text)?;
                    return self.ask(first, second);
                }
                _ => Answer::Other,
            };
            if self.settle(answer, first, second, now)? {
                return Ok(());
            }
        }
        match said {
            Verdict::Take(g) => self.take_heard(g, now),
            Verdict::Ask(first, second) => self.ask(first, second),
            Verdict::NotUnderstood => {
                let text = self.word(Word::ReasonNotUnderstood);
                self.tell(&text)
            }
        }
    }

    /// A typed line while a question is open: `true` when it answered it (else the question
    /// is dropped and the line is for the game).
    pub(super) fn typed_answer(&mut self, line: &str, now: crate::session::Stamp) -> Result<bool> {
        let Some((first, second)) = self.listening.asking.take() else {
            return Ok(false);
        };
        let answer = self.typed_answer_of(line, &first, &second);
        self.settle(answer, first, second, now)
    }

    fn typed_answer_of(&self, line: &str, first: &Guess, second: &Guess) -> Answer {
        let w = line
            .trim()
            .trim_end_matches(['.', '!'])
            .trim()
            .to_lowercase();
        let word = |word| self.word(word).to_lowercase();
        if w == "1" || w == word(Word::HeardFirst) || w == "first" {
            return Answer::First;
        }
        if w == "2" || w == word(Word::HeardSecond) || w == "second" {
            return Answer::Second;
        }
        if crate::session::is_no(&w) {
            return Answer::No;
        }
        let pos = self.table.session().position();
        let lang = crate::session::notation_lang(self.pack.language());
        match crate::session::parse_move_any(pos, line, lang) {
            Ok(m) if first.meaning == Meaning::Move(m) => Answer::First,
            Ok(m) if second.meaning == Meaning::Move(m) => Answer::Second,
            _ => Answer::Other,
        }
    }

    /// Carries out an answer to "X or Y?"; `false` for [`Answer::Other`].
    fn settle(
        &mut self,
        answer: Answer,
        first: Guess,
        second: Guess,
        now: crate::session::Stamp,
    ) -> Result<bool> {
        match answer {
            Answer::First => self.take_heard(first, now)?,
            Answer::Second => self.take_heard(second, now)?,
            Answer::No => {
                let text = self.word(Word::MoveNotPlayed);
                self.tell(&text)?;
            }
            Answer::Other => return Ok(false),
        }
        Ok(true)
    }

    /// Asks which of two readings was meant: "Springer Felix drei oder Springer David
    /// zwei?". Nothing changes until the answer.
    fn ask(&mut self, first: Guess, second: Guess) -> Result<()> {
        let text = format!(
            "{} {} {}?",
            self.guess_words(&first),
            self.word(Word::HeardOr),
            self.guess_words(&second)
        );
        self.listening.asking = Some((first, second));
        self.tell(&text)
    }

    /// A reading taken: with a sensor board, compared with what the board shows first.
    fn take_heard(&mut self, g: Guess, now: crate::session::Stamp) -> Result<()> {
        let line = match &g.meaning {
            Meaning::Command(c) => c.clone(),
            Meaning::Move(m) if !self.boards.is_empty() => {
                return self.against_board(g.clone(), *m, now)
            }
            Meaning::Move(m) => crate::rules::notation::uci(self.table.session().position(), m),
        };
        self.table.seat(now, |s, now| {
            ((), s.heard(&line, &g.phrase, g.confidence, now))
        });
        Ok(())
    }

    /// A heard move with a sensor board: the board's move already made and the same, the
    /// hearing is noted; another move on the board, or none yet, is said back (D.2.8) and
    /// the heard move waits for the board.
    fn against_board(&mut self, g: Guess, m: Move, now: crate::session::Stamp) -> Result<()> {
        let game = self.table.session().state().game();
        let pos = game.position().clone();
        if pos.is_legal(&m) {
            let text = format!(
                "{}{} {}; {}",
                self.word(Word::Heard),
                self.pack.colon(),
                self.guess_words(&g),
                self.word(Word::HeardBoardNotYet)
            );
            self.listening.awaiting = Some(g);
            return self.tell(&text);
        }
        match game.last_move() {
            Some(last) if last == m => {
                self.table.seat(now, |s, now| {
                    ((), s.heard_note(&g.phrase, g.confidence, now))
                });
                Ok(())
            }
            last => {
                let shows = match (last, game.positions().iter().rev().nth(1)) {
                    (Some(last), Some(before)) => self.move_words(before, &last),
                    _ => String::new(),
                };
                self.mismatch(&g, &shows)
            }
        }
    }

    /// After a board's news: a heard move waiting for the board is compared with the move
    /// the board showed, if it showed one.
    pub(super) fn board_moved(
        &mut self,
        plies_before: usize,
        now: crate::session::Stamp,
    ) -> Result<()> {
        let game = self.table.session().state().game();
        if game.ply_count() <= plies_before {
            return Ok(());
        }
        let Some(g) = self.listening.awaiting.take() else {
            return Ok(());
        };
        let (Some(last), Some(before)) = (game.last_move(), game.positions().iter().rev().nth(1))
        else {
            return Ok(());
        };
        if g.meaning == Meaning::Move(last) {
            self.table.seat(now, |s, now| {
                ((), s.heard_note(&g.phrase, g.confidence, now))
            });
            return Ok(());
        }
        let shows = self.move_words(before, &last);
        self.mismatch(&g, &shows)
    }

    /// "gehört: Springer Felix drei; das Brett zeigt: Springer Hektor drei".
    fn mismatch(&mut self, g: &Guess, shows: &str) -> Result<()> {
        let text = format!(
            "{}{colon} {}; {}{colon} {shows}",
            self.word(Word::Heard),
            self.guess_words(g),
            self.word(Word::HeardBoardShows),
            colon = self.pack.colon()
        );
        self.tell(&text)
    }

    /// A reading in the game's words: a move as the announcements say it (in the position
    /// it is legal in), a command as the recogniser spelled it.
    fn guess_words(&self, g: &Guess) -> String {
        let game = self.table.session().state().game();
        match &g.meaning {
            Meaning::Move(m) => match game
                .positions()
                .iter()
                .rev()
                .take(2)
                .find(|p| p.is_legal(m))
            {
                Some(pos) => self.move_words(pos, m),
                None => g.phrase.clone(),
            },
            Meaning::Command(_) => g.phrase.clone(),
        }
    }

    fn move_words(&self, pos: &crate::rules::Position, m: &Move) -> String {
        self.pack.text(&self.table.session().move_words(pos, m))
    }

    fn word(&self, word: Word) -> String {
        self.pack.text(&[Token::Word(word)])
    }
}

type Result<T> = anyhow::Result<T>;

/// The talk button is the host's, never the game's.
pub(super) fn is_talk(c: InputCommand) -> bool {
    c == InputCommand::Talk
}
