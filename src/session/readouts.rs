//! Answers to the player's questions (D.2.6.1, D.2.10.4): the time, the move count, the last
//! moves, the scoresheet, and where the game stands after a resume. They change nothing.

use super::{Effect, Session};
use crate::audio::route::Audience;
use crate::phrase::announce::move_phrase_with;
use crate::phrase::control::period_phrase;
use crate::phrase::events::{clock_phrase, draw_offer_phrase, move_count_phrase};
use crate::phrase::grammar::{COLON, SEMICOLON};
use crate::phrase::token::{Phrase, Token, Word};
use crate::rules::notation::{san_in, DRAW_OFFER_MARK};
use crate::rules::{Color, Move, Position};

impl Session {
    pub(super) fn say_time(&mut self, at: u64) {
        match self.state.clock() {
            None => self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoClock)]),
            // The physical clock is the truth while it answers (issue 26): its times, named
            // as its, so the player knows which clock spoke.
            Some(_) if self.board_times.is_some() => {
                let (w, b) = self.board_times.unwrap_or_default();
                let mut p = vec![Token::Word(Word::BoardClock), COLON];
                p.extend(clock_phrase(w, b));
                self.out.say(&self.pack, Audience::Player, p);
            }
            Some(clock) => {
                let (w, b) = (
                    clock.remaining(Color::White, at),
                    clock.remaining(Color::Black, at),
                );
                let mut p = clock_phrase(w, b);
                // With several periods, where each side stands: once when both are in
                // the same place, by colour when a side has passed a control already.
                let stand = |side| period_phrase(clock.control(), clock.moves(side));
                match (stand(Color::White), stand(Color::Black)) {
                    (Some(white), Some(black)) if white == black => {
                        p.push(SEMICOLON);
                        p.extend(white);
                    }
                    (Some(white), Some(black)) => {
                        for (side, part) in [(Color::White, white), (Color::Black, black)] {
                            p.extend([SEMICOLON, Token::Side(side), COLON]);
                            p.extend(part);
                        }
                    }
                    _ => {}
                }
                self.out.say(&self.pack, Audience::Player, p);
            }
        }
    }

    /// The moves each side has completed (D.2.6.1: "the number of moves completed"), said
    /// per side: one number was ambiguous, "one move" after White's first move and again
    /// after Black's reply, and one too many for Black after White's second.
    pub(super) fn say_count(&mut self) {
        let phrase = self.count_phrase();
        self.out.say(&self.pack, Audience::Player, phrase);
    }

    /// "White: two moves; Black: one move": the moves each side has completed.
    fn count_phrase(&self) -> Phrase {
        let done = self.completed_plies();
        let white = self.state.game().positions()[..done]
            .iter()
            .filter(|p| p.turn() == Color::White)
            .count() as u32;
        let black = done as u32 - white;
        let mut phrase = vec![Token::Side(Color::White), COLON];
        phrase.extend(move_count_phrase(white));
        phrase.extend([SEMICOLON, Token::Side(Color::Black), COLON]);
        phrase.extend(move_count_phrase(black));
        phrase
    }

    pub(super) fn completed_plies(&self) -> usize {
        self.state.game().ply_count() - usize::from(self.state.unpressed().is_some())
    }

    /// The ply `i` as it was announced.
    /// Ply `i` numbered as the scoresheet numbers it ("2. Springer Felix drei", "1… Eva
    /// fünf"): a player stepping back and forth through the moves, or asking for the last,
    /// hears which move it was and whose.
    pub(super) fn say_ply(&mut self, i: usize) {
        let game = self.state.game();
        let played = [(game.positions()[i].clone(), game.moves()[i])];
        let phrase = crate::phrase::announce::numbered_moves_phrase(&played, self.config.announce);
        self.out.say(&self.pack, Audience::Player, phrase);
    }

    pub(super) fn say_last(&mut self, n: usize) {
        let plies = self.state.game().ply_count();
        if plies == 0 {
            return self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoMoveYet)]);
        }
        if n == 1 {
            return self.say_ply(plies - 1);
        }
        // Several moves: numbered as the scoresheet numbers them ("1... d5; 2. c4"), so
        // the player hears which move and whose each one was.
        let played = self.state.played_from(plies.saturating_sub(n));
        let mut phrase = Vec::new();
        for (i, one) in played.iter().enumerate() {
            if i > 0 {
                phrase.push(crate::phrase::grammar::SEMICOLON);
            }
            phrase.extend(crate::phrase::announce::numbered_moves_phrase(
                std::slice::from_ref(one),
                self.config.announce,
            ));
        }
        self.out.say(&self.pack, Audience::Player, phrase);
    }

    /// The scoresheet: "1. e4 e5", one numbered line per move pair; "(=)" after a move in
    /// which a draw was offered (8.1.5, C.12): "12. Sd4 (=) Dd7".
    pub fn scoresheet_lines(&self) -> Vec<String> {
        let game = self.state.game();
        let offers = self.state.offers_on_moves();
        let mut lines = Vec::new();
        let mut current = String::new();
        for (i, m) in game.moves().iter().enumerate() {
            let pos = &game.positions()[i];
            let mut s = san_in(pos, m, self.lang);
            if offers.get(i).is_some_and(Option::is_some) {
                s.push(' ');
                s.push_str(DRAW_OFFER_MARK);
            }
            let number = pos.fullmoves();
            match pos.turn() {
                Color::White => {
                    if !current.is_empty() {
                        lines.push(std::mem::take(&mut current));
                    }
                    current = format!("{number}. {s}");
                }
                Color::Black if current.is_empty() => current = format!("{number}... {s}"),
                Color::Black => {
                    current.push(' ');
                    current.push_str(&s);
                    lines.push(std::mem::take(&mut current));
                }
            }
        }
        if !current.is_empty() {
            lines.push(current);
        }
        lines
    }

    /// The scoresheet, one numbered line per move pair; each line is also said, its moves
    /// as announced, so the list is heard in short chunks (issue 15).
    pub(super) fn print_scoresheet(&mut self) {
        let lines = self.scoresheet_lines();
        if lines.is_empty() {
            return self
                .out
                .refuse(&self.pack, vec![Token::Word(Word::NoMoveYet)]);
        }
        let game = self.state.game();
        let offers = self.state.offers_on_moves();
        let mut chunks: Vec<crate::phrase::token::Phrase> = Vec::new();
        for (i, m) in game.moves().iter().enumerate() {
            let pos = &game.positions()[i];
            let mut p = move_phrase_with(pos, m, self.config.announce);
            // The "(=)" after the move, heard as the offer is announced ("белые предлагают
            // ничью").
            if let Some(&Some(by)) = offers.get(i) {
                p.push(COMMA);
                p.extend(draw_offer_phrase(by));
            }
            match chunks.last_mut() {
                Some(last) if pos.turn() == Color::Black => {
                    last.push(SEMICOLON);
                    last.extend(p);
                }
                _ => chunks.push(p),
            }
        }
        for (line, phrase) in lines.into_iter().zip(chunks) {
            self.out.say_as(Audience::Player, phrase, &line);
        }
        // The result, as a scoresheet ends with it: printed with its label and score, said
        // as the game's end was announced (words the packs have recorded, in one voice).
        if let Some(e) = self.state.ending() {
            let mut p = vec![Token::Word(Word::Result), COLON];
            p.extend(e.phrase.iter().copied());
            let text = format!("{} ({})", self.pack.text(&p), e.score);
            self.out.say_as(Audience::Player, e.phrase.clone(), &text);
        }
        // An offer not yet answered, in its offerer's name: marked on no move yet if made
        // before the offerer's move.
        if let Some(by) = self.state.offer() {
            let mut p = draw_offer_phrase(by);
            p.extend([COMMA, Token::Word(Word::StillOpen)]);
            self.tell(p);
        }
    }

    /// Where a resumed game stands: moves played, whose move or the result, the last move.
    /// Whose move is left to [`Self::say_still_open`] (`false` returned) while a move waits
    /// for its press: "Weiß am Zug" and then "Schwarz hat schon gezogen: die Uhr drücken"
    /// told the player two things at once, and the press on resume may yet complete it.
    pub(super) fn summary(&mut self) -> bool {
        let plies = self.state.game().ply_count();
        // Each side's completed moves, as `count` says them: a bare "one move" did not say
        // whose.
        let mut p = self.count_phrase();
        let mut told_turn = false;
        let text = match self.state.ending() {
            Some(e) => {
                p.extend([SEMICOLON, Token::Word(Word::Result), COLON]);
                p.extend(e.phrase.iter().copied());
                format!("{} ({})", self.pack.text(&p), e.score)
            }
            // "zero moves" then "1. e4" contradicts itself: with only an unpressed first move
            // made, the move alone is said, and then that it waits for its press.
            None if self.state.unpressed().is_some() && self.completed_plies() == 0 => {
                String::new()
            }
            None if self.state.unpressed().is_some() => self.pack.text(&p),
            None => {
                told_turn = true;
                p.push(SEMICOLON);
                p.extend(self.to_move_phrase());
                self.pack.text(&p)
            }
        };
        if !text.is_empty() {
            self.out.print(&text);
        }
        if plies > 0 {
            self.say_ply(plies - 1);
        }
        let position = self.position().clone();
        self.out.push(Effect::BoardSync { position });
        told_turn
    }

    /// What a resumed game left open, which the players must know to go on: a move made
    /// whose clock was not yet pressed (a correction is still possible, D.2.8), and a draw
    /// offer not yet answered (9.1.2.2). Said after the clocks are settled, so a move the
    /// automatic press completed on resume is not called unpressed.
    ///
    /// `told_turn`: whether [`Self::summary`] said whose move it is; if not, and the move is
    /// complete now, it is said here.
    pub(super) fn say_still_open(&mut self, told_turn: bool) {
        if self.state.is_over() {
            return;
        }
        if let Some(side) = self.state.unpressed() {
            self.tell(vec![Token::Side(side), Token::Word(Word::AlreadyMoved)]);
        } else if !told_turn {
            let turn = vec![
                Token::Side(self.position().turn()),
                Token::Word(Word::ToMove),
            ];
            self.out.print(&self.pack.text(&turn));
        }
        if let Some(by) = self.state.offer() {
            let mut p = crate::phrase::events::draw_offer_phrase(by);
            p.extend([COMMA, Token::Word(Word::StillOpen)]);
            self.tell(p);
        }
    }
}

// --- issue 15: read-outs (parsed in `ask.rs`) ---

use super::ask::{Men, Readout};
use crate::input::InputCommand;
use crate::phrase::grammar::COMMA;
use crate::phrase::readout::{
    around_readout, board_readout, diagonals_readout, labelled, men_on, side_readout,
    square_readout, where_readout,
};
use crate::rules::{Role, Square};

/// A piece letter as the game's notation reads it: German `B` is a pawn, English `B` a
/// bishop; the other letters of both notations mean one kind each.
pub(super) fn letter_role(c: char, lang: crate::rules::notation::Lang) -> Option<Role> {
    use crate::rules::notation::Lang;
    Some(match c.to_ascii_uppercase() {
        'K' => Role::King,
        'Q' | 'D' => Role::Queen,
        'R' | 'T' => Role::Rook,
        'B' if lang == Lang::De => Role::Pawn,
        'B' | 'L' => Role::Bishop,
        'N' | 'S' => Role::Knight,
        'P' => Role::Pawn,
        _ => return None,
    })
}

impl Session {
    pub(super) fn readout(&mut self, r: Readout, at: u64) {
        let board = *self.position().board();
        match r {
            Readout::Turn => self.say_turn(),
            Readout::Opponent => self.say_opponent(at),
            Readout::Where(side, men) => {
                let role = match men {
                    Men::All => None,
                    Men::Kind(role) => Some(role),
                    Men::Letter(c) => letter_role(c, self.lang),
                };
                let p = match (side, role) {
                    (None, None) => board_readout(&board),
                    (None, Some(role)) => where_readout(&board, role),
                    (Some(c), role) => side_readout(&board, c, role),
                };
                self.tell(p);
            }
            Readout::Diagonals(sq) => {
                for p in diagonals_readout(&board, sq) {
                    self.tell(p);
                }
            }
            Readout::Around(sq) => {
                for p in around_readout(&board, sq) {
                    self.tell(p);
                }
            }
            Readout::Legal(sq) => {
                let Some(man) = board.piece_at(sq) else {
                    return self.tell(square_readout(&board, sq));
                };
                // The opponent's man: the moves it would have if its side were to move (none
                // while the side to move gives check).
                let mut pos = self.position().clone();
                if man.color != pos.turn() {
                    if let Some(swapped) = pos.swap_turn() {
                        pos = swapped;
                    }
                }
                let moves: Vec<Move> = pos.legal_moves_from(sq).iter().copied().collect();
                let mut p = labelled(Word::MovesFrom, sq);
                p.extend(self.moves_phrase_in(&pos, &moves));
                self.tell(p);
            }
            Readout::Captures | Readout::Checks => {
                let pos = self.position().clone();
                let moves: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .filter(|m| match r {
                        Readout::Captures => m.is_capture(),
                        _ => pos.play(m).is_ok_and(|p| p.is_check()),
                    })
                    .copied()
                    .collect();
                let label = match r {
                    Readout::Captures => Word::LegalCaptures,
                    _ => Word::LegalChecks,
                };
                let mut p = vec![Token::Word(label), COLON];
                p.extend(self.moves_phrase(&moves));
                self.tell(p);
            }
            Readout::Attackers(sq) | Readout::Defenders(sq) => {
                let attack = matches!(r, Readout::Attackers(_));
                let sides: Vec<Color> = match (board.color_at(sq), attack) {
                    (Some(c), true) => vec![!c],
                    (Some(c), false) => vec![c],
                    (None, _) => Color::ALL.to_vec(),
                };
                let occupied = board.occupied();
                let mut men: Vec<Square> = Vec::new();
                for side in sides {
                    men.extend(board.attackers_to(sq, side, occupied));
                }
                let label = if attack {
                    Word::Attackers
                } else {
                    Word::Defenders
                };
                let mut p = labelled(label, sq);
                p.extend(men_on(&board, men));
                self.tell(p);
            }
            Readout::LastCapture => {
                let game = self.state.game();
                match game.moves().iter().rposition(|m| m.is_capture()) {
                    None => self
                        .out
                        .refuse(&self.pack, vec![Token::Word(Word::NoCaptureYet)]),
                    Some(i) => {
                        let mut p = vec![Token::Word(Word::LastCapture), COLON];
                        p.extend(move_phrase_with(
                            &game.positions()[i],
                            &game.moves()[i],
                            self.config.announce,
                        ));
                        self.tell(p);
                    }
                }
            }
            Readout::Back => self.button(InputCommand::MovesBack, at),
            Readout::Forward => self.button(InputCommand::MovesForward, at),
            Readout::Cursor(step) => self.cursor_step(step),
        }
    }

    /// Says a read-out to the player only, and prints it.
    pub(super) fn tell(&mut self, p: crate::phrase::token::Phrase) {
        self.out.say(&self.pack, Audience::Player, p);
    }

    /// Moves as announced, separated by semicolons (a move's own comma comes before
    /// "check" in some languages); "no moves" for none.
    fn moves_phrase(&self, moves: &[Move]) -> crate::phrase::token::Phrase {
        self.moves_phrase_in(self.position(), moves)
    }

    fn moves_phrase_in(&self, pos: &Position, moves: &[Move]) -> crate::phrase::token::Phrase {
        let mut p = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            if i > 0 {
                p.push(SEMICOLON);
            }
            p.extend(move_phrase_with(pos, m, self.config.announce));
        }
        if p.is_empty() {
            p.push(Token::Word(Word::NoMoves));
        }
        p
    }

    /// Whose move it is, or how the game ended.
    /// "White to move", and ", check" when the side to move is in check: a game set up
    /// from a position may begin in check, with no move that gave it to announce (a
    /// play-through heard of the check only when its king could not go where it wanted).
    pub(super) fn to_move_phrase(&self) -> Vec<Token> {
        let mut p = vec![
            Token::Side(self.position().turn()),
            Token::Word(Word::ToMove),
        ];
        if self.position().is_check() {
            p.extend([COMMA, Token::Check]);
        }
        p
    }

    fn say_turn(&mut self) {
        let p = match self.state.ending() {
            Some(e) => {
                let mut p = vec![Token::Word(Word::Result), COLON];
                p.extend(e.phrase.iter().copied());
                p
            }
            // The move is made and not yet pressed: the opponent is not to move yet (their
            // clock does not run, an engine waits), and the mover's clock runs on. Said as
            // the resume says it, with what to do.
            None => match self.state.unpressed() {
                Some(side) => vec![Token::Side(side), Token::Word(Word::AlreadyMoved)],
                None => self.to_move_phrase(),
            },
        };
        self.tell(p);
    }

    /// The opponent of the VI player (of the side to move when no side is configured): side
    /// and time on one line, the name (from the game's tags) on the next. The engine is
    /// named in the sentence, with its level in words: "opponent: Black (Stockfish 15.1,
    /// level 3), five minutes".
    fn say_opponent(&mut self, at: u64) {
        let side = !self
            .config
            .vi_side
            .unwrap_or_else(|| self.position().turn());
        let tag = match side {
            Color::White => "White",
            Color::Black => "Black",
        };
        let name = self
            .state
            .tags()
            .iter()
            .rev()
            .find(|(k, v)| k == tag && !v.is_empty() && v != "?")
            .map(|(_, v)| v.clone());
        let time = self
            .state
            .clock()
            .map(|clock| Token::Duration(clock.remaining(side, at)));
        // The period the opponent is in, with several periods (the play-test's item 1).
        let period = self
            .state
            .clock()
            .and_then(|clock| period_phrase(clock.control(), clock.moves(side)))
            .map(|p| self.pack.text(&p));
        if let Some(spec) = self.engine.as_ref().filter(|e| e.side == side) {
            let seat = crate::engine::words::seat_text(&self.pack, name.as_deref(), spec.strength);
            let who = self
                .pack
                .text(&[Token::Word(Word::Opponent), COLON, Token::Side(side)]);
            let mut line = match time {
                Some(t) => format!("{who} ({seat}), {}", self.pack.text(&[t])),
                None => format!("{who} ({seat})"),
            };
            if let Some(period) = period {
                line = format!("{line}, {period}");
            }
            self.out.say_text(Audience::Player, &line);
            return;
        }
        let mut p = vec![Token::Word(Word::Opponent), COLON, Token::Side(side)];
        if let Some(t) = time {
            p.extend([COMMA, t]);
        }
        if let Some(clock) = self.state.clock() {
            if let Some(period) = period_phrase(clock.control(), clock.moves(side)) {
                p.push(COMMA);
                p.extend(period);
            }
        }
        self.tell(p);
        match name {
            Some(n) => self.out.say_text(Audience::Player, &n),
            None => self.tell(vec![Token::Word(Word::NoName)]),
        }
    }
}
