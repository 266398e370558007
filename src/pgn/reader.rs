//! Games out of tokens: tags, then movetext as a tree, then the result.
//!
//! Variations are read with an explicit stack rather than recursion, so that a file of ten
//! thousand `(` cannot overflow the stack.

use super::error::{Found, MoveAt, PgnError, PgnErrorKind, Stray, TagProblem};
use super::lexer::{LexError, Lexer, Token, TokenKind};
use super::model::{players, Comment, GameResult, Line, PgnGame, PgnMove};
use super::moves::parse_move;
use super::setup::start_position;
use super::warning::PgnWarning;
use crate::rules::{Move, Position};
use std::collections::VecDeque;

/// Reads every game of a PGN file. One bad game never stops the next ones from being read.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    Games::new(text).collect()
}

/// Reads the first game of `text`; `None` when there is none at all.
pub fn read_game(text: &str) -> Option<Result<PgnGame, PgnError>> {
    Games::new(text).next()
}

/// The games of a PGN text, one at a time.
pub struct Games<'a> {
    tokens: Tokens<'a>,
    number: usize,
}

impl<'a> Games<'a> {
    /// The games of `text`, read lazily: a bad game costs only itself.
    pub fn new(text: &'a str) -> Games<'a> {
        Games::starting_at(text, 1, 1)
    }

    /// The games of a piece of a longer file that begins on `line` with game number
    /// `number`, so that errors and warnings point into the whole file.
    pub fn starting_at(text: &'a str, line: u32, number: usize) -> Games<'a> {
        Games {
            tokens: Tokens {
                lexer: Lexer::starting_at_line(text, line),
                ahead: VecDeque::new(),
                cut_before_game: false,
            },
            number: number.saturating_sub(1),
        }
    }

    /// Says that the text was cut just before the next game's first tag line, so that its end
    /// reads as that tag line would: the streaming reader's pieces then give exactly what the
    /// whole file gives.
    pub fn cut_before_next_game(mut self) -> Self {
        self.tokens.cut_before_game = true;
        self
    }

    /// How many games have been handed out so far, counting from the piece's first number.
    pub fn last_number(&self) -> usize {
        self.number
    }
}

impl Iterator for Games<'_> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.tokens.peek(0)?;
        self.number += 1;
        let mut reader = GameReader {
            tokens: &mut self.tokens,
            number: self.number,
            tags: Vec::new(),
            tag_at: Vec::new(),
            warnings: Vec::new(),
        };
        let result = reader.read();
        if result.is_err() {
            self.tokens.skip_to_next_game();
        }
        Some(result)
    }
}

/// The lexer with a little lookahead: a tag line is recognised by its first two tokens.
struct Tokens<'a> {
    lexer: Lexer<'a>,
    ahead: VecDeque<Token<'a>>,
    /// The text ends where the next game's tags begin (see [`Games::cut_before_next_game`]).
    cut_before_game: bool,
}

impl<'a> Tokens<'a> {
    fn peek(&mut self, n: usize) -> Option<&Token<'a>> {
        while self.ahead.len() <= n {
            let t = self.lexer.next()?;
            self.ahead.push_back(t);
        }
        self.ahead.get(n)
    }

    fn next(&mut self) -> Option<Token<'a>> {
        self.peek(0)?;
        self.ahead.pop_front()
    }

    /// A `[` first on its line: the start of a tag pair, so of a new game when in movetext.
    fn at_tag_line(&mut self) -> bool {
        matches!(self.peek(0), Some(t) if t.kind == TokenKind::TagOpen && t.line_start)
    }

    /// At a tag line, or at the end of a piece cut just before one.
    fn at_next_game(&mut self) -> bool {
        self.at_tag_line() || (self.cut_before_game && self.peek(0).is_none())
    }

    /// The recovery rule: after an error, go on at the next `[Event` line, or at the next tag
    /// line after an empty line or after a game termination marker. The token that caused the
    /// error has already been taken, so this always makes progress.
    fn skip_to_next_game(&mut self) {
        let mut after_result = false;
        while let Some(t) = self.peek(0) {
            if let TokenKind::Symbol(s) = t.kind {
                after_result |= GameResult::from_pgn(s).is_some();
            }
            if self.at_tag_line() {
                let is_event = matches!(
                    self.peek(1),
                    Some(Token {
                        kind: TokenKind::Symbol("Event"),
                        ..
                    })
                );
                let after_blank = self.peek(0).is_some_and(|t| t.after_blank);
                if is_event || after_result || after_blank {
                    return;
                }
            }
            self.next();
        }
    }
}

/// One line of play being read: the moves so far and the positions around the last one.
struct Frame {
    line: Line,
    /// The position before the last move: where a variation on it starts.
    before: Position,
    /// The position after the last move: where the next move is played.
    pos: Position,
    /// Where the `(` that opened it stands (unused for the main line).
    opened_at: (u32, u32),
}

impl Frame {
    fn new(pos: Position, opened_at: (u32, u32)) -> Frame {
        Frame {
            line: Line::default(),
            before: pos.clone(),
            pos,
            opened_at,
        }
    }
}

struct GameReader<'r, 'a> {
    tokens: &'r mut Tokens<'a>,
    number: usize,
    tags: Vec<(String, String)>,
    /// Line and column of each tag, index for index.
    tag_at: Vec<(u32, u32)>,
    warnings: Vec<PgnWarning>,
}

/// Variations nested deeper than this are refused: no real annotation needs it, and the
/// tree's recursive code (drop, writer) must not meet a pathological depth.
pub const MAX_DEPTH: usize = 64;

type Failure = (u32, u32, PgnErrorKind);

impl GameReader<'_, '_> {
    fn error(&self, (line, column, kind): Failure, partial: Option<PgnGame>) -> PgnError {
        PgnError {
            game: self.number,
            players: players(&self.tags),
            line,
            column,
            kind,
            partial: partial.map(Box::new),
        }
    }

    fn read(&mut self) -> Result<PgnGame, PgnError> {
        self.read_tags().map_err(|f| self.error(f, None))?;
        let (start, warning) = start_position(&self.tags).map_err(|kind| {
            // Point at the tag that asked for the impossible start.
            let culprit = match kind {
                PgnErrorKind::UnsupportedVariant(_) => "Variant",
                _ => "FEN",
            };
            let (line, column) = match self.tags.iter().position(|(n, _)| n == culprit) {
                Some(i) => self.tag_at[i],
                None => self.here(),
            };
            self.error((line, column, kind), None)
        })?;
        self.warnings.extend(warning);
        let mut game = PgnGame::new(start.clone());
        game.tags = self.tags.clone();
        let mut stack = vec![Frame::new(start, (0, 0))];
        let mut outcome = self.read_movetext(&mut stack);
        // A main-line move that is the start of a legal one, with nothing after it in the
        // file: the record was cut off inside it ("2. Nf3 N"), not written wrong.
        if let Err((_, _, kind)) = &mut outcome {
            let cut = match &*kind {
                PgnErrorKind::Move(at, _) | PgnErrorKind::NotLegal(at) if !at.in_variation => {
                    let pos = &stack[0].pos;
                    let starts_a_move = pos
                        .legal_moves()
                        .iter()
                        .any(|m| crate::rules::notation::san(pos, m).starts_with(&at.text));
                    (stack.len() == 1 && starts_a_move && self.tokens.peek(0).is_none())
                        .then(|| at.clone())
                }
                _ => None,
            };
            if let Some(at) = cut {
                *kind = PgnErrorKind::CutInMove(at);
            }
        }
        game.main = unwind(stack);
        match outcome {
            Ok(result) => {
                game.result = result;
                self.check_result_tag(&game);
                game.warnings = std::mem::take(&mut self.warnings);
                Ok(game)
            }
            Err(f) => {
                game.warnings = std::mem::take(&mut self.warnings);
                Err(self.error(f, Some(game)))
            }
        }
    }

    /// Line and column of the next token, or of the end of the file.
    fn here(&mut self) -> (u32, u32) {
        match self.tokens.peek(0) {
            Some(t) => (t.line, t.column),
            None => (self.tokens.lexer_line(), 1),
        }
    }

    fn read_tags(&mut self) -> Result<(), Failure> {
        while matches!(self.tokens.peek(0), Some(t) if t.kind == TokenKind::TagOpen) {
            let is_next_event = matches!(
                self.tokens.peek(1),
                Some(Token {
                    kind: TokenKind::Symbol("Event"),
                    ..
                })
            );
            if is_next_event && self.tags.iter().any(|(n, _)| n == "Event") {
                // A game with tags and nothing else: the next game begins here.
                break;
            }
            let open = self.tokens.next().expect("peeked");
            let at = (open.line, open.column);
            let name = match self.tokens.next() {
                Some(Token {
                    kind: TokenKind::Symbol(s),
                    ..
                }) if s.starts_with(|c: char| c.is_ascii_alphanumeric()) => s.to_owned(),
                other => return Err(bad_tag(at, other, TagProblem::NameMissing)),
            };
            let value = match self.tokens.next() {
                Some(Token {
                    kind: TokenKind::Str(v),
                    ..
                }) => v,
                Some(Token {
                    kind: TokenKind::Error(e),
                    line,
                    column,
                    ..
                }) => return Err((line, column, PgnErrorKind::Lex(e))),
                other => return Err(bad_tag(at, other, TagProblem::NoValue(name))),
            };
            match self.tokens.next() {
                Some(Token {
                    kind: TokenKind::TagClose,
                    ..
                }) => {}
                other => return Err(bad_tag(at, other, TagProblem::NotClosed(name))),
            }
            self.tags.push((name, value));
            self.tag_at.push(at);
        }
        Ok(())
    }

    /// Reads moves until the result, the next game's tags, or the end of the file.
    fn read_movetext(&mut self, stack: &mut Vec<Frame>) -> Result<Option<GameResult>, Failure> {
        let mut started = false;
        loop {
            if self.tokens.at_next_game() {
                if !started {
                    let (line, _) = self.here();
                    self.warnings.push(PgnWarning::NoMoves { line });
                    return Ok(None);
                }
                return self.game_ends_early(stack, true);
            }
            let Some(tok) = self.tokens.next() else {
                if !started {
                    return Ok(None);
                }
                return self.game_ends_early(stack, false);
            };
            started = true;
            let at = (tok.line, tok.column);
            let depth = stack.len();
            let frame = stack.last_mut().expect("the main line is never popped");
            match tok.kind {
                TokenKind::MoveNumber(_) | TokenKind::Dots => {}
                TokenKind::Symbol(s) => {
                    if let Some(result) = GameResult::from_pgn(s) {
                        if depth == 1 {
                            return Ok(Some(result));
                        }
                        self.warnings.push(PgnWarning::ResultInVariation {
                            line: at.0,
                            column: at.1,
                            result: s.to_owned(),
                        });
                    } else if let Some(nag) = textual_nag(s) {
                        self.annotate(frame, nag, at, s);
                    } else {
                        play(frame, s, at, depth > 1)?;
                    }
                }
                TokenKind::Comment(text) => {
                    let comment = Comment::new(text);
                    match frame.line.moves.last_mut() {
                        Some(m) => m.comments.push(comment),
                        None => frame.line.comments.push(comment),
                    }
                }
                TokenKind::Nag(n) => self.annotate(frame, n, at, &format!("${n}")),
                TokenKind::Suffix(s) => match suffix_nag(s) {
                    Some(n) => self.annotate(frame, n, at, s),
                    None => self.warnings.push(PgnWarning::UnknownSuffix {
                        line: at.0,
                        column: at.1,
                        text: s.to_owned(),
                    }),
                },
                TokenKind::VarOpen => {
                    if frame.line.moves.is_empty() {
                        return Err((at.0, at.1, PgnErrorKind::VariationWithoutMove));
                    }
                    if depth > MAX_DEPTH {
                        return Err((at.0, at.1, PgnErrorKind::TooDeep(MAX_DEPTH)));
                    }
                    let start = frame.before.clone();
                    stack.push(Frame::new(start, at));
                }
                TokenKind::VarClose => {
                    if stack.len() == 1 {
                        return Err((at.0, at.1, PgnErrorKind::UnopenedVariation));
                    }
                    let done = stack.pop().expect("checked");
                    let parent = stack.last_mut().expect("checked");
                    let last = parent.line.moves.last_mut().expect("checked when opened");
                    last.variations.push(done.line);
                }
                // A mistyped NAG loses nothing that matters: say so and read on.
                TokenKind::Error(LexError::BadNag(text)) => {
                    self.warnings.push(PgnWarning::BadNag {
                        line: at.0,
                        column: at.1,
                        text,
                    })
                }
                TokenKind::Error(e) => return Err((at.0, at.1, PgnErrorKind::Lex(e))),
                TokenKind::TagOpen => {
                    return Err(unexpected(at, Stray::TagOpen));
                }
                TokenKind::TagClose => return Err(unexpected(at, Stray::TagClose)),
                TokenKind::Str(_) => return Err(unexpected(at, Stray::Text)),
            }
        }
    }

    /// The movetext stops without a result: inside a variation that is an error, otherwise a
    /// warning, and the moves are kept.
    fn game_ends_early(
        &mut self,
        stack: &[Frame],
        next_game: bool,
    ) -> Result<Option<GameResult>, Failure> {
        if let Some(open) = stack.get(1) {
            let (line, column) = open.opened_at;
            return Err((line, column, PgnErrorKind::UnclosedVariation));
        }
        let (line, _) = self.here();
        self.warnings
            .push(PgnWarning::EndsEarly { line, next_game });
        Ok(None)
    }

    fn annotate(&mut self, frame: &mut Frame, nag: u8, at: (u32, u32), text: &str) {
        match frame.line.moves.last_mut() {
            Some(m) => m.nags.push(nag),
            None => self.warnings.push(PgnWarning::AnnotationBeforeMove {
                line: at.0,
                column: at.1,
                text: text.to_owned(),
            }),
        }
    }

    fn check_result_tag(&mut self, game: &PgnGame) {
        if let (Some(tag), Some(result)) = (game.tag("Result"), game.result) {
            if tag != result.as_pgn() && result != GameResult::Unknown {
                self.warnings.push(PgnWarning::ResultTagDiffers {
                    tag: tag.to_owned(),
                    result,
                });
            }
        }
    }
}

impl Tokens<'_> {
    fn lexer_line(&self) -> u32 {
        self.lexer.line()
    }
}

/// Plays the move written `text` in the frame, or says why it cannot be played.
fn play(
    frame: &mut Frame,
    text: &str,
    (line, column): (u32, u32),
    in_variation: bool,
) -> Result<(), Failure> {
    let at = MoveAt {
        number: frame.pos.fullmoves(),
        color: frame.pos.turn(),
        text: text.to_owned(),
        in_variation,
    };
    if is_null_move(text) {
        return Err((line, column, PgnErrorKind::NullMove(at)));
    }
    let m: Move = parse_move(&frame.pos, text)
        .map_err(|why| (line, column, PgnErrorKind::Move(at.clone(), Box::new(why))))?;
    // parse_move promises a legal move; this guards the promise rather than trusting it.
    let next = frame
        .pos
        .play(&m)
        .map_err(|_| (line, column, PgnErrorKind::NotLegal(at)))?;
    frame.before = std::mem::replace(&mut frame.pos, next);
    frame.line.moves.push(PgnMove::new(m));
    Ok(())
}

/// Closes every open variation into its parent, so that the moves of a game cut short by an
/// error are all kept.
fn unwind(mut stack: Vec<Frame>) -> Line {
    while stack.len() > 1 {
        let done = stack.pop().expect("len > 1");
        let parent = stack.last_mut().expect("len > 1");
        if let Some(last) = parent.line.moves.last_mut() {
            last.variations.push(done.line);
        }
    }
    stack.pop().map(|f| f.line).unwrap_or_default()
}

/// What programs write for "this side passes".
fn is_null_move(text: &str) -> bool {
    let t = text.trim_end_matches(['+', '#']);
    matches!(
        t,
        "--" | "Z0" | "z0" | "0000" | "@@@@" | "null" | "<>" | "pass"
    )
}

/// `!` = 1, `?` = 2, `!!` = 3, `??` = 4, `!?` = 5, `?!` = 6 (PGN 10).
pub fn suffix_nag(s: &str) -> Option<u8> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// Evaluation signs some programs write as text instead of NAGs.
fn textual_nag(s: &str) -> Option<u8> {
    Some(match s {
        "=" => 10,
        "∞" => 13,
        "+=" | "⩲" => 14,
        "=+" | "⩱" => 15,
        "+/-" | "±" => 16,
        "-/+" | "∓" => 17,
        "+-" => 18,
        "-+" => 19,
        _ => return None,
    })
}

fn bad_tag(at: (u32, u32), found: Option<Token<'_>>, problem: TagProblem) -> Failure {
    let found = match found.map(|t| t.kind) {
        None => Found::End,
        Some(TokenKind::Symbol(s)) => Found::Symbol(s.to_owned()),
        Some(TokenKind::Str(s)) => Found::Text(s),
        Some(_) => Found::Other,
    };
    (at.0, at.1, PgnErrorKind::BadTag(problem, found))
}

fn unexpected(at: (u32, u32), what: Stray) -> Failure {
    (at.0, at.1, PgnErrorKind::Unexpected(what))
}
