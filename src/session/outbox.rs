//! The session's output queue: every effect of one event, in the order the front end must
//! carry them out, with the two rules that make output accessible built in: whatever is said
//! is also printed (D.2.11), and two equal printed lines are made distinct so a screen
//! reader does not swallow the second.

use super::Effect;
use crate::audio::route::Audience;
use crate::phrase::announce::{move_phrase_with, AnnounceOptions};
use crate::phrase::events::move_refused;
use crate::phrase::grammar::SEMICOLON;
use crate::phrase::repeat::LineRepeater;
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::notation::{parse_move_in, san_in, Lang, MoveError};
use crate::rules::{Move, Position};
use crate::voice::Pack;

/// One utterance: who hears it, its words, and its printed line.
type Said = (Audience, Phrase, String);

/// Effects waiting to be handed to the front end, and what was said last (for `repeat`).
#[derive(Debug, Clone, Default)]
pub(super) struct Outbox {
    effects: Vec<Effect>,
    lines: LineRepeater,
    /// What the event being handled has said so far.
    said_now: Vec<Said>,
    /// Everything the last event that said anything said: `repeat` after the move list says
    /// the whole list again, not only its last line.
    last_said: Vec<Said>,
}

impl Outbox {
    /// Hands over everything queued so far: the end of one event.
    pub(super) fn take(&mut self) -> Vec<Effect> {
        if !self.said_now.is_empty() {
            self.last_said = std::mem::take(&mut self.said_now);
        }
        std::mem::take(&mut self.effects)
    }

    pub(super) fn push(&mut self, effect: Effect) {
        self.effects.push(effect);
    }

    pub(super) fn print(&mut self, text: &str) {
        let line = self.lines.line(text);
        self.effects.push(Effect::Print(line));
    }

    /// Says a phrase in `pack`'s words and prints it.
    pub(super) fn say(&mut self, pack: &Pack, audience: Audience, phrase: Phrase) {
        let text = pack.text(&phrase);
        self.said_now.push((audience, phrase.clone(), text.clone()));
        self.effects.push(Effect::Say {
            audience,
            phrase,
            text: text.clone(),
        });
        self.print(&text);
    }

    /// Says a phrase and prints `text` for it instead of the phrase's words: the scoresheet
    /// line "2. Nf3 Nc6" is read by a screen reader, its moves are spoken as announced.
    pub(super) fn say_as(&mut self, audience: Audience, phrase: Phrase, text: &str) {
        self.said_now
            .push((audience, phrase.clone(), text.to_string()));
        self.effects.push(Effect::Say {
            audience,
            phrase,
            text: text.to_string(),
        });
        self.print(text);
    }

    /// Says and prints text that has no vocabulary words (system speech).
    pub(super) fn say_text(&mut self, audience: Audience, text: &str) {
        self.said_now.push((audience, Vec::new(), text.to_string()));
        self.effects.push(Effect::Say {
            audience,
            phrase: Vec::new(),
            text: text.to_string(),
        });
        self.print(text);
    }

    /// A refusal: said to the player and printed in the pack's words; nothing changed.
    pub(super) fn refuse(&mut self, pack: &Pack, why: Phrase) {
        self.say(pack, Audience::Player, why);
    }

    /// A move refused in `pos`: the pack's words for the reason; for an ambiguous text, each
    /// move it could mean ("which piece? king e2 or knight e2"); then the detailed reason,
    /// printed in the pack's words (`why`).
    ///
    /// Returns the line a "did you mean …?" in it offers (the move without its capture), to
    /// be taken if the player answers yes.
    pub(super) fn refuse_move(
        &mut self,
        pack: &Pack,
        pos: &Position,
        lang: Lang,
        e: &MoveError,
    ) -> Option<String> {
        if let MoveError::NoCapture { to, mv, .. } = e {
            // Issue 24.3: "no capture on f3; did you mean „Sf3“?", the move in the game's
            // letters and quoted as the other "did you mean" lines are.
            let phrase = vec![
                Token::Word(Word::NoCaptureOn),
                Token::File(to.file()),
                Token::Rank(to.rank()),
                SEMICOLON,
                Token::Word(Word::DidYouMean),
            ];
            let offered = san_in(pos, mv, lang);
            let hint = pack.language().quote(&offered);
            let line = pack
                .language()
                .question(&format!("{} {hint}", pack.text(&phrase)));
            self.say_text(Audience::Player, &line);
            return Some(offered);
        }
        let mut phrase = move_refused(e);
        if let MoveError::Ambiguous { candidates, .. } = e {
            let Ok(moves) = candidates
                .iter()
                .map(|c| parse_move_in(pos, c, lang))
                .collect::<Result<Vec<_>, _>>()
            else {
                self.refuse(pack, vec![Token::Word(Word::ReasonAmbiguous)]);
                return None;
            };
            // "Castling" said alone with both allowed: the king makes either, so "which
            // piece?" asks the wrong thing; the two castlings are the question.
            let castlings = moves.iter().all(|m| matches!(m, Move::Castle { .. }));
            if castlings {
                phrase.clear();
            }
            let full = AnnounceOptions {
                full_from_square: true,
                ..AnnounceOptions::default()
            };
            for (i, m) in moves.iter().enumerate() {
                if i > 0 {
                    phrase.push(Token::Word(Word::Or));
                }
                phrase.extend(move_phrase_with(pos, m, full));
            }
            if castlings {
                let text = pack.language().question(&pack.text(&phrase));
                self.say_as(Audience::Player, phrase, &text);
            } else {
                self.say(pack, Audience::Player, phrase);
            }
            return None;
        }
        self.say(pack, Audience::Player, phrase);
        if let Some(why) = super::why::move_error_words(pack, e) {
            self.print(&why);
        }
        None
    }

    /// Says again everything the last event said (one line, or a readout's many); `false`
    /// when nothing has been said yet.
    pub(super) fn repeat(&mut self) -> bool {
        if self.last_said.is_empty() {
            return false;
        }
        for (audience, phrase, text) in self.last_said.clone() {
            self.say_as(audience, phrase, &text);
        }
        true
    }
}
