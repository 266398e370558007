//! PGN text to tokens, each with the line and column people would count (from 1, in characters).
//!
//! The lexer knows nothing of games: it never fails outright, it turns what it cannot read into
//! [`TokenKind::Error`] tokens so that the reader decides how much of a game that costs.

use std::fmt;

/// One token and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token<'a> {
    /// What the token is.
    pub kind: TokenKind<'a>,
    /// Its line, from 1.
    pub line: u32,
    /// Its column, from 1, in characters.
    pub column: u32,
    /// Only blanks precede it on its line: a `[` here may open the next game's tags.
    pub line_start: bool,
    /// An empty line lies between it and the token before: games are separated so.
    pub after_blank: bool,
}

/// The kinds of PGN token (PGN standard, section 7), plus the errors met on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenKind<'a> {
    /// `[`
    TagOpen,
    /// `]`
    TagClose,
    /// A quoted string with its `\"` and `\\` escapes resolved.
    Str(String),
    /// A run of symbol characters: a tag name, a move, a result, a null move, `+-`, ...
    Symbol(&'a str),
    /// `12.` or `12...`: the digits before the dots.
    MoveNumber(u32),
    /// Dots not after a number (`...` standing alone).
    Dots,
    /// `{...}` or `; ...` with its whitespace runs collapsed to single spaces and trimmed.
    Comment(String),
    /// `$n`
    Nag(u8),
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` or another run of `!` and `?`.
    Suffix(&'a str),
    /// `(`
    VarOpen,
    /// `)`
    VarClose,
    /// Text the lexer could not read.
    Error(LexError),
}

/// What the lexer could not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LexError {
    /// A `{` comment still open at the end of the file.
    UnclosedComment,
    /// A `"` string still open at the end of its line.
    UnclosedString,
    /// `$` without digits, or with a number above 255.
    BadNag(String),
    /// A character that has no meaning in PGN at this place, such as a stray `}`.
    Unexpected(char),
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LexError::UnclosedComment => {
                f.write_str("a comment opened with { here is never closed with }")
            }
            LexError::UnclosedString => {
                f.write_str("a quoted value opened here is not closed before the end of the line")
            }
            LexError::BadNag(text) => write!(
                f,
                "{text:?} is not an annotation: a dollar sign must be followed by a number from 0 to 255"
            ),
            LexError::Unexpected(c) => write!(f, "unexpected character {c:?}"),
        }
    }
}

/// Streams tokens out of PGN text. A UTF-8 byte order mark is skipped; CR, LF and CRLF all end
/// lines; a line starting with `%` is an escape line and is skipped whole (PGN 6).
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: u32,
    column: u32,
    line_start: bool,
    /// An empty line was passed since the last token.
    blank: bool,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`; a leading byte-order mark is skipped.
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer::starting_at_line(text, 1)
    }

    /// A lexer over a piece of a longer file that begins on line `line`, so that what it
    /// reports points into the whole file (the streaming reader hands it one game at a time).
    pub fn starting_at_line(text: &'a str, line: u32) -> Lexer<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer {
            text,
            pos: 0,
            line,
            column: 1,
            line_start: true,
            blank: false,
        }
    }

    /// The line the lexer has reached: where the file ends, once every token is out.
    pub fn line(&self) -> u32 {
        self.line
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// Moves past one character, keeping line and column. `\r\n` counts as one line end.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        match c {
            '\n' => self.new_line(),
            '\r' => {
                if self.peek() == Some('\n') {
                    self.pos += 1;
                }
                self.new_line();
            }
            _ => {
                self.column += 1;
                if !c.is_whitespace() {
                    self.line_start = false;
                }
            }
        }
        Some(c)
    }

    fn new_line(&mut self) {
        // A line end while still at a line's start ends a line of blanks.
        self.blank |= self.line_start;
        self.line += 1;
        self.column = 1;
        self.line_start = true;
    }

    fn skip_to_line_end(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' || c == '\r' {
                break;
            }
            self.bump();
        }
    }

    /// Skips whitespace and `%` escape lines.
    fn skip_blanks(&mut self) {
        while let Some(c) = self.peek() {
            if c == '%' && self.column == 1 {
                self.skip_to_line_end();
            } else if c.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if !keep(c) {
                break;
            }
            self.bump();
        }
        &self.text[start..self.pos]
    }

    /// A `{` comment; at the end of the file without `}`, an error, and lexing resumes at the
    /// first line inside it that looks like a tag, so the games after it are not swallowed.
    fn brace_comment(&mut self) -> TokenKind<'a> {
        let mut restart: Option<(usize, u32)> = None;
        let mut body = String::new();
        loop {
            let at_line_start = self.column == 1;
            match self.peek() {
                None => break,
                Some('}') => {
                    self.bump();
                    return TokenKind::Comment(collapse(&body));
                }
                Some('[') if at_line_start && restart.is_none() && self.looks_like_tag() => {
                    restart = Some((self.pos, self.line));
                    body.push('[');
                    self.bump();
                }
                Some(c) => {
                    body.push(c);
                    self.bump();
                }
            }
        }
        if let Some((pos, line)) = restart {
            self.pos = pos;
            self.line = line;
            self.column = 1;
            self.line_start = true;
        }
        TokenKind::Error(LexError::UnclosedComment)
    }

    /// `[Name "` at the current position.
    fn looks_like_tag(&self) -> bool {
        let rest = self.text[self.pos..].strip_prefix('[').unwrap_or("");
        let rest = rest.trim_start_matches([' ', '\t']);
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        name_len > 0
            && rest[..name_len].starts_with(|c: char| c.is_ascii_alphabetic())
            && rest[name_len..]
                .trim_start_matches([' ', '\t'])
                .starts_with('"')
    }

    fn string(&mut self) -> TokenKind<'a> {
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') | Some('\r') => {
                    return TokenKind::Error(LexError::UnclosedString)
                }
                Some('"') => {
                    self.bump();
                    return TokenKind::Str(value);
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        // A lone backslash is kept: Windows paths in tags are common.
                        _ => value.push('\\'),
                    }
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
    }

    fn nag(&mut self) -> TokenKind<'a> {
        let digits = self.take_while(|c| c.is_ascii_digit());
        match digits.parse::<u8>() {
            Ok(n) => TokenKind::Nag(n),
            Err(_) => TokenKind::Error(LexError::BadNag(format!("${digits}"))),
        }
    }

    fn symbol(&mut self) -> TokenKind<'a> {
        let text = self.take_while(is_symbol_char);
        if self.peek() == Some('.') && !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
        {
            self.take_while(|c| c == '.');
            // Absurdly long numbers saturate: the reader reports a wrong number in words.
            return TokenKind::MoveNumber(text.parse().unwrap_or(u32::MAX));
        }
        TokenKind::Symbol(text)
    }
}

/// Characters of a symbol token. Wider than PGN's own set on purpose: anything unusual ends up
/// inside a move text, and the move parser then says in words what it cannot read.
fn is_symbol_char(c: char) -> bool {
    !c.is_whitespace()
        && !matches!(
            c,
            '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$' | '!' | '?' | '"' | '.'
        )
}

/// Collapses whitespace runs (line breaks included) to single spaces and trims the ends, so a
/// comment reads the same however a writer wrapped it.
pub fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.skip_blanks();
        let (line, column, line_start) = (self.line, self.column, self.line_start);
        let after_blank = std::mem::take(&mut self.blank);
        let c = self.peek()?;
        let kind = match c {
            '[' | ']' | '(' | ')' => {
                self.bump();
                match c {
                    '[' => TokenKind::TagOpen,
                    ']' => TokenKind::TagClose,
                    '(' => TokenKind::VarOpen,
                    _ => TokenKind::VarClose,
                }
            }
            '{' => {
                self.bump();
                self.brace_comment()
            }
            ';' => {
                self.bump();
                let start = self.pos;
                self.skip_to_line_end();
                TokenKind::Comment(collapse(&self.text[start..self.pos]))
            }
            '"' => {
                self.bump();
                self.string()
            }
            '$' => {
                self.bump();
                self.nag()
            }
            '!' | '?' => TokenKind::Suffix(self.take_while(|c| c == '!' || c == '?')),
            '.' => {
                self.take_while(|c| c == '.');
                TokenKind::Dots
            }
            '}' => {
                self.bump();
                TokenKind::Error(LexError::Unexpected('}'))
            }
            _ => self.symbol(),
        };
        // Empty lines inside a comment belong to it.
        self.blank = false;
        Some(Token {
            kind,
            line,
            column,
            line_start,
            after_blank,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokenKind<'_>> {
        Lexer::new(text).map(|t| t.kind).collect()
    }

    #[test]
    fn tag_pair_with_escapes() {
        assert_eq!(
            kinds(r#"[Event "A \"big\" one \\ here"]"#),
            vec![
                TokenKind::TagOpen,
                TokenKind::Symbol("Event"),
                TokenKind::Str(r#"A "big" one \ here"#.to_owned()),
                TokenKind::TagClose,
            ]
        );
    }

    #[test]
    fn move_numbers_moves_and_results() {
        assert_eq!(
            kinds("1.e4 e5 2. Nf3 2... Nc6 3.O-O 0-0 1-0 1/2-1/2 0-1 *"),
            vec![
                TokenKind::MoveNumber(1),
                TokenKind::Symbol("e4"),
                TokenKind::Symbol("e5"),
                TokenKind::MoveNumber(2),
                TokenKind::Symbol("Nf3"),
                TokenKind::MoveNumber(2),
                TokenKind::Symbol("Nc6"),
                TokenKind::MoveNumber(3),
                TokenKind::Symbol("O-O"),
                TokenKind::Symbol("0-0"),
                TokenKind::Symbol("1-0"),
                TokenKind::Symbol("1/2-1/2"),
                TokenKind::Symbol("0-1"),
                TokenKind::Symbol("*"),
            ]
        );
    }

    #[test]
    fn suffixes_nags_comments_variations() {
        assert_eq!(
            kinds("e4!? $14 {a\n  comment } (d4?) ; rest of line\nNf3"),
            vec![
                TokenKind::Symbol("e4"),
                TokenKind::Suffix("!?"),
                TokenKind::Nag(14),
                TokenKind::Comment("a comment".to_owned()),
                TokenKind::VarOpen,
                TokenKind::Symbol("d4"),
                TokenKind::Suffix("?"),
                TokenKind::VarClose,
                TokenKind::Comment("rest of line".to_owned()),
                TokenKind::Symbol("Nf3"),
            ]
        );
    }

    #[test]
    fn lines_columns_bom_crlf_and_escape_lines() {
        let toks: Vec<_> = Lexer::new("\u{feff}[A \"é\"]\r\n% skip me [\r\n  e4  e5").collect();
        let at: Vec<_> = toks
            .iter()
            .map(|t| (t.line, t.column, t.line_start))
            .collect();
        assert_eq!(
            at,
            vec![
                (1, 1, true),
                (1, 2, false),
                (1, 4, false),
                (1, 7, false),
                (3, 3, true),
                (3, 7, false)
            ]
        );
    }

    #[test]
    fn empty_lines_are_noticed() {
        let toks: Vec<_> = Lexer::new("a\nb\n  \t\nc\n\n\nd {x\n\n} e\n% esc\nf").collect();
        let blank: Vec<_> = toks.iter().map(|t| t.after_blank).collect();
        // a, b, c (after a line of blanks), d, the comment (its inner empty line is its own),
        // e, f (an escape line is not empty).
        assert_eq!(blank, vec![false, false, true, true, false, false, false]);
    }

    #[test]
    fn percent_inside_a_line_is_a_symbol_not_an_escape() {
        assert_eq!(
            kinds("e4 %x"),
            vec![TokenKind::Symbol("e4"), TokenKind::Symbol("%x")]
        );
    }

    #[test]
    fn unclosed_comment_resumes_at_the_next_tag_line() {
        let toks: Vec<_> = Lexer::new("e4 {oops\nstill\n[Event \"B\"]\n1. d4 *").collect();
        assert_eq!(toks[1].kind, TokenKind::Error(LexError::UnclosedComment));
        assert_eq!((toks[1].line, toks[1].column), (1, 4));
        assert_eq!(toks[2].kind, TokenKind::TagOpen);
        assert_eq!(
            (toks[2].line, toks[2].column, toks[2].line_start),
            (3, 1, true)
        );
        assert_eq!(toks.last().unwrap().kind, TokenKind::Symbol("*"));
    }

    #[test]
    fn unclosed_comment_without_tag_runs_to_the_end() {
        assert_eq!(
            kinds("e4 {oops [%clk 1:00:00]\n"),
            vec![
                TokenKind::Symbol("e4"),
                TokenKind::Error(LexError::UnclosedComment)
            ]
        );
    }

    #[test]
    fn errors_are_tokens() {
        assert_eq!(
            kinds("[A \"open\n$ $300 }"),
            vec![
                TokenKind::TagOpen,
                TokenKind::Symbol("A"),
                TokenKind::Error(LexError::UnclosedString),
                TokenKind::Error(LexError::BadNag("$".to_owned())),
                TokenKind::Error(LexError::BadNag("$300".to_owned())),
                TokenKind::Error(LexError::Unexpected('}')),
            ]
        );
    }
}
