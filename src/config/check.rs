//! Checking one configuration file on its own, so each error can name its file, line and
//! key: unknown keys and wrong types are found by walking the file against the shape of the
//! defaults; bad values by the section types' own checks, placed by the error's span.

use super::{Config, Source};
use std::fmt;
use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// One thing wrong in a configuration file, fit to be read out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file as shown to the user (`~/.config/vichess/config.toml`).
    pub file: String,
    /// The line, from 1, when the error has a place in the file.
    pub line: Option<usize>,
    /// The dotted key (`speech.speed`), when the error is about one key.
    pub key: Option<String>,
    /// What is wrong and, where possible, what would be right.
    pub message: String,
    /// The same, in parts, so `play` can say it in the game's language (issue 24, item 12).
    /// (Boxed: an error travels in `Result`s and should stay small.)
    pub what: Box<Complaint>,
}

/// What is wrong with a configuration file, without the words: the framing is the reader's
/// language, the names (keys, sections, the parser's own reason) are the file's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Complaint {
    /// Only [`ConfigError::message`] says it (a value refused by its own check).
    Said,
    /// The file cannot be read: the error's kind, when it is the system's own (so that it
    /// can be said in the game's language), and its text.
    Unreadable(Option<std::io::ErrorKind>, String),
    /// Not TOML.
    NotToml {
        /// The parser's reason, as it gave it.
        reason: String,
        /// The column, from 1, where the parser stopped (with [`ConfigError::line`]).
        column: Option<usize>,
        /// What the reason says, when vichess recognises it.
        fault: Option<Fault>,
    },
    /// A section the defaults do not have.
    UnknownSection {
        /// The section as written.
        name: String,
        /// The section meant, when one is close.
        hint: Option<String>,
        /// The sections there are.
        sections: Vec<String>,
    },
    /// A key its section does not have.
    UnknownKey {
        /// The key as written.
        name: String,
        /// Its section, dotted (empty at the top level).
        section: String,
        /// The key meant, when one is close.
        hint: Option<String>,
    },
    /// A value of the wrong kind.
    WrongType {
        /// The key.
        key: String,
        /// Its section, dotted (empty at the top level).
        section: String,
        /// The kind the key takes.
        expected: Kind,
        /// The kind written.
        found: Kind,
    },
    /// A key whose value was refused; the reason as the value's type gave it.
    BadValue {
        /// The key.
        key: String,
        /// Its section, dotted (empty at the top level).
        section: String,
        /// The value's own reason.
        reason: String,
        /// What the reason says, when vichess recognises it.
        fault: Option<Fault>,
    },
}

/// What a parser's or a value check's English reason says, as far as vichess recognises its
/// words: a reader is told it in the game's language, the reason itself following in
/// brackets (issue 24, item 12). A reason not recognised is said as it came.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// A key or a section written twice.
    DuplicateKey,
    /// A bracket or brace, a table header or a list, not closed.
    Unclosed,
    /// Text without quotes.
    Unquoted,
    /// A key without `=` and a value.
    NoValue,
    /// More after a value on its line.
    MoreOnLine,
    /// A quoted text not closed.
    Unterminated,
    /// A wrong escape in a quoted text.
    BadString,
    /// A number written wrong.
    BadNumber,
    /// Neither `true` nor `false`.
    BadBoolean,
    /// A date or a time written wrong.
    BadDate,
    /// A number outside what the key allows.
    OutOfRange,
    /// A time control vichess cannot read.
    NotTimeControl,
    /// A language vichess does not speak.
    NotLanguage,
    /// A voice pack that is not there.
    NoSuchPack,
    /// A button bound to a command there is not.
    NoSuchCommand,
    /// A word the key does not take (`channel = "middle"`).
    NotOneOf,
    /// A value of another kind than the key takes.
    WrongKind,
    /// A colour not written as `#RRGGBB`.
    NotColour,
}

impl Fault {
    /// The fault a TOML parser's reason names ("unclosed table, expected `]`").
    pub fn of_syntax(reason: &str) -> Option<Fault> {
        let r = reason.trim();
        let starts = |p: &str| r.starts_with(p);
        Some(if starts("duplicate key") {
            Fault::DuplicateKey
        } else if starts("unclosed") {
            Fault::Unclosed
        } else if starts("string values must be quoted") {
            Fault::Unquoted
        } else if starts("key with no value") {
            Fault::NoValue
        } else if starts("unexpected key or value") {
            Fault::MoreOnLine
        } else if r.split(',').next()?.ends_with(" string")
            && (r.ends_with("expected `\"`") || r.ends_with("expected `'`"))
        {
            Fault::Unterminated
        } else if starts("missing escaped value") || r.split(',').next()?.ends_with(" string") {
            Fault::BadString
        } else if [
            "invalid float",
            "invalid fraction",
            "invalid exponent",
            "invalid integer",
        ]
        .iter()
        .any(|p| starts(p))
            || starts("`_` may only go between digits")
            || starts("integer number overflowed")
        {
            Fault::BadNumber
        } else if starts("invalid boolean") {
            Fault::BadBoolean
        } else if ["invalid date", "invalid time", "invalid offset"]
            .iter()
            .any(|p| starts(p))
        {
            Fault::BadDate
        } else {
            return None;
        })
    }

    /// The fault a refused value's reason names: serde's words ("invalid value: integer
    /// `-1`, expected u64") and those of the section checks (src/config/sections.rs).
    pub fn of_value(reason: &str) -> Option<Fault> {
        let r = reason.trim();
        let has = |p: &str| r.contains(p);
        Some(if r.starts_with("invalid value:") {
            Fault::OutOfRange
        } else if r.starts_with("invalid type:") {
            Fault::WrongKind
        } else if r.starts_with("unknown variant") || has("is not a side") || has("is not a theme")
        {
            Fault::NotOneOf
        } else if has("is not a time control vichess can read") {
            Fault::NotTimeControl
        } else if has("is not a language vichess speaks") {
            Fault::NotLanguage
        } else if has("is not a colour") {
            Fault::NotColour
        } else if r.starts_with("there is no voice pack") {
            Fault::NoSuchPack
        } else if has(": there is no command") {
            Fault::NoSuchCommand
        } else if has("is out of range")
            || has("milliseconds is too long")
            || has("is too long")
            || has("must be at least")
            || has("is not allowed")
        {
            Fault::OutOfRange
        } else {
            return None;
        })
    }
}

/// The kinds of TOML value, as a configuration error names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Kind {
    Text,
    WholeNumber,
    Number,
    DecimalNumber,
    TrueOrFalse,
    Date,
    List,
    Table,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}, line {line}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Tables whose keys are the user's to choose (button names); their values are text.
const OPEN_TABLES: &[&str] = &["gamepad.buttons"];

/// A key found in the file, with where it stands.
struct Found {
    section: String,
    key: String,
    key_span: Range<usize>,
    value_span: Range<usize>,
    /// Not a table: a value to check on its own.
    leaf: bool,
    /// A list, whose tables' keys are checked with it.
    list: bool,
}

/// The file's table, or every error found in it.
pub(super) fn check_source(source: &Source) -> Result<toml::Table, Vec<ConfigError>> {
    let text = source.text.as_str();
    let error = |span: Option<Range<usize>>,
                 key: Option<String>,
                 (message, what): (String, Complaint)| ConfigError {
        file: source.name.clone(),
        line: span.map(|s| line_of(text, s.start)),
        key,
        message,
        what: Box::new(what),
    };
    let not_toml = |span: Option<Range<usize>>, reason: &str| {
        let reason = reason.trim().to_string();
        let what = Complaint::NotToml {
            column: span.as_ref().map(|s| column_of(text, s.start)),
            fault: Fault::of_syntax(&reason),
            reason: reason.clone(),
        };
        vec![error(
            span,
            None,
            (format!("this is not valid TOML: {reason}"), what),
        )]
    };
    let doc = DeTable::parse(text).map_err(|e| not_toml(e.span(), e.message()))?;
    let schema = schema();
    let mut found = Vec::new();
    let mut problems = Vec::new();
    walk(doc.get_ref(), &schema, "", &mut found, &mut problems);
    value_problems(text, &found, &mut problems);
    if !problems.is_empty() {
        problems.sort_by_key(|p| p.0.start);
        return Err(problems
            .into_iter()
            .map(|(span, key, message)| error(Some(span), Some(key), message))
            .collect());
    }
    if let Err(e) = toml::from_str::<Config>(text) {
        let message = e.message().trim().replace('`', "\"");
        let at = e.span().map(|s| s.start);
        let place = at.and_then(|at| {
            found
                .iter()
                .filter(|f| f.key_span.contains(&at) || f.value_span.contains(&at))
                .min_by_key(|f| f.value_span.len())
        });
        return Err(vec![match place {
            Some(f) => error(
                Some(f.key_span.clone()),
                Some(dotted(&f.section, &f.key)),
                bad_value(&f.section, &f.key, message),
            ),
            None => error(e.span(), None, (message, Complaint::Said)),
        }]);
    }
    let table: toml::Table = toml::from_str(text).map_err(|e| not_toml(e.span(), e.message()))?;
    Ok(table)
}

/// Bad values, each key on its own: the section types' checks stop at the first error of a
/// file, so every key whose shape was right is read alone (its section with only that key)
/// and each one that is refused is a problem of its own, at its line.
fn value_problems(text: &str, found: &[Found], problems: &mut Vec<Problem>) {
    let known: Vec<String> = problems.iter().map(|p| p.1.clone()).collect();
    // Keys inside a list of tables are checked with their list, as one value.
    let lists: Vec<String> = found
        .iter()
        .filter(|f| f.list)
        .map(|f| dotted(&f.section, &f.key))
        .collect();
    let inside = |section: &str| {
        lists
            .iter()
            .any(|l| section == l || section.starts_with(&format!("{l}.")))
    };
    for f in found.iter().filter(|f| f.leaf && !inside(&f.section)) {
        let path = dotted(&f.section, &f.key);
        if known.iter().any(|k| {
            path == *k || path.starts_with(&format!("{k}.")) || k.starts_with(&format!("{path}."))
        }) {
            continue;
        }
        let Some(value) = text.get(f.value_span.clone()) else {
            continue;
        };
        let header = if f.section.is_empty() {
            String::new()
        } else {
            let parts: Vec<String> = f.section.split('.').map(|p| format!("{p:?}")).collect();
            format!("[{}]\n", parts.join("."))
        };
        let doc = format!("{header}{:?} = {value}\n", f.key);
        if let Err(e) = toml::from_str::<Config>(&doc) {
            let message = e.message().trim().replace('`', "\"");
            problems.push((
                f.key_span.clone(),
                path,
                bad_value(&f.section, &f.key, message),
            ));
        }
    }
}

/// The shape every file must fit: the defaults written out.
fn schema() -> toml::Table {
    match toml::Value::try_from(Config::default()) {
        Ok(toml::Value::Table(t)) => t,
        _ => unreachable!("the defaults are a table"),
    }
}

/// Overrides `base` with `over`, key by key within tables; lists and values are replaced.
pub(super) fn merge(base: &mut toml::Table, over: toml::Table) {
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

type Problem = (Range<usize>, String, (String, Complaint));

/// A key whose value its type refused, in English and in parts.
fn bad_value(section: &str, key: &str, reason: String) -> (String, Complaint) {
    (
        format!("key \"{key}\" {}: {reason}", in_section(section)),
        Complaint::BadValue {
            key: key.to_string(),
            section: section.to_string(),
            fault: Fault::of_value(&reason),
            reason,
        },
    )
}

fn walk(
    table: &DeTable<'_>,
    schema: &toml::Table,
    section: &str,
    found: &mut Vec<Found>,
    problems: &mut Vec<Problem>,
) {
    let open = OPEN_TABLES.contains(&section);
    for (key, value) in table.iter() {
        let name: &str = key.get_ref();
        found.push(Found {
            section: section.to_string(),
            key: name.to_string(),
            key_span: key.span(),
            value_span: value.span(),
            leaf: !matches!(value.get_ref(), DeValue::Table(_)),
            list: matches!(value.get_ref(), DeValue::Array(_)),
        });
        if let (true, DeValue::String(command)) = (open, value.get_ref()) {
            if let Some(problem) = super::sections::command_problem(name, command) {
                let what = Complaint::BadValue {
                    key: name.to_string(),
                    section: section.to_string(),
                    fault: Fault::of_value(&problem),
                    reason: problem.clone(),
                };
                problems.push((key.span(), dotted(section, name), (problem, what)));
                continue;
            }
        }
        let expected = if open {
            Some(toml::Value::String(String::new()))
        } else {
            schema.get(name).cloned()
        };
        let Some(expected) = expected else {
            let near = suggest(name, schema.keys().map(String::as_str)).map(str::to_string);
            let hint = near
                .as_ref()
                .map(|s| format!(" (did you mean \"{s}\"?)"))
                .unwrap_or_default();
            let sections: Vec<String> = schema.keys().cloned().collect();
            let message = if section.is_empty() {
                (
                    format!(
                        "unknown section \"{name}\"{hint}; the sections are {}",
                        sections.join(", ")
                    ),
                    Complaint::UnknownSection {
                        name: name.to_string(),
                        hint: near,
                        sections,
                    },
                )
            } else {
                (
                    format!("unknown key \"{name}\" {}{hint}", in_section(section)),
                    Complaint::UnknownKey {
                        name: name.to_string(),
                        section: section.to_string(),
                        hint: near,
                    },
                )
            };
            problems.push((key.span(), dotted(section, name), message));
            continue;
        };
        check_value(
            value.get_ref(),
            &expected,
            &dotted(section, name),
            key.span(),
            found,
            problems,
        );
    }
}

fn check_value(
    value: &DeValue<'_>,
    expected: &toml::Value,
    path: &str,
    key_span: Range<usize>,
    found: &mut Vec<Found>,
    problems: &mut Vec<Problem>,
) {
    let fits = matches!(
        (expected, value),
        (toml::Value::String(_), DeValue::String(_))
            | (toml::Value::Integer(_), DeValue::Integer(_))
            | (
                toml::Value::Float(_),
                DeValue::Float(_) | DeValue::Integer(_)
            )
            | (toml::Value::Boolean(_), DeValue::Boolean(_))
            | (toml::Value::Datetime(_), DeValue::Datetime(_))
            | (toml::Value::Array(_), DeValue::Array(_))
            | (toml::Value::Table(_), DeValue::Table(_))
    );
    if !fits {
        let (section, key) = path.rsplit_once('.').unwrap_or(("", path));
        problems.push((
            key_span,
            path.to_string(),
            (
                format!(
                    "key \"{key}\" {} must be {}, not {}",
                    in_section(section),
                    expected_kind(expected),
                    found_kind(value)
                ),
                Complaint::WrongType {
                    key: key.to_string(),
                    section: section.to_string(),
                    expected: kind_of_expected(expected),
                    found: kind_of_found(value),
                },
            ),
        ));
        return;
    }
    match (expected, value) {
        (toml::Value::Table(schema), DeValue::Table(table)) => {
            walk(table, schema, path, found, problems)
        }
        (toml::Value::Array(schema), DeValue::Array(items)) => {
            if let Some(first) = schema.first() {
                for item in items.iter() {
                    check_value(item.get_ref(), first, path, item.span(), found, problems);
                }
            }
        }
        _ => {}
    }
}

fn expected_kind(v: &toml::Value) -> &'static str {
    match v {
        toml::Value::String(_) => "text in quotes",
        toml::Value::Integer(_) => "a whole number",
        toml::Value::Float(_) => "a number",
        toml::Value::Boolean(_) => "true or false",
        toml::Value::Datetime(_) => "a date",
        toml::Value::Array(_) => "a list in square brackets",
        toml::Value::Table(_) => "a table",
    }
}

fn found_kind(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "text",
        DeValue::Integer(_) => "a whole number",
        DeValue::Float(_) => "a decimal number",
        DeValue::Boolean(_) => "true or false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

fn kind_of_expected(v: &toml::Value) -> Kind {
    match v {
        toml::Value::String(_) => Kind::Text,
        toml::Value::Integer(_) => Kind::WholeNumber,
        toml::Value::Float(_) => Kind::Number,
        toml::Value::Boolean(_) => Kind::TrueOrFalse,
        toml::Value::Datetime(_) => Kind::Date,
        toml::Value::Array(_) => Kind::List,
        toml::Value::Table(_) => Kind::Table,
    }
}

fn kind_of_found(v: &DeValue<'_>) -> Kind {
    match v {
        DeValue::String(_) => Kind::Text,
        DeValue::Integer(_) => Kind::WholeNumber,
        DeValue::Float(_) => Kind::DecimalNumber,
        DeValue::Boolean(_) => Kind::TrueOrFalse,
        DeValue::Datetime(_) => Kind::Date,
        DeValue::Array(_) => Kind::List,
        DeValue::Table(_) => Kind::Table,
    }
}

fn dotted(section: &str, key: &str) -> String {
    if section.is_empty() {
        key.to_string()
    } else {
        format!("{section}.{key}")
    }
}

fn in_section(section: &str) -> String {
    if section.is_empty() {
        "at the top level".to_string()
    } else {
        format!("in [{section}]")
    }
}

/// The line, from 1, of a byte offset.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The column, from 1, of a byte offset: characters, not bytes, so "Spalte 6" is where a
/// reader counts it in a line with umlauts or Cyrillic.
fn column_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    let start = text[..end].rfind('\n').map_or(0, |i| i + 1);
    text.get(start..end).map_or(0, |s| s.chars().count()) + 1
}

/// The candidate closest to a mistyped word, if it is close enough to be what was meant.
pub(crate) fn suggest<'a>(
    word: &str,
    candidates: impl Iterator<Item = &'a str>,
) -> Option<&'a str> {
    let word = word.to_lowercase();
    candidates
        .map(|c| (edit_distance(&word, &c.to_lowercase()), c))
        .filter(|&(d, c)| d <= 2 && d < c.chars().count().max(2))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_words_only() {
        let keys = ["speed", "gap_ms", "pack"];
        assert_eq!(suggest("spead", keys.iter().copied()), Some("speed"));
        assert_eq!(suggest("Pack", keys.iter().copied()), Some("pack"));
        assert_eq!(suggest("volume", keys.iter().copied()), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn counts_lines_from_one() {
        assert_eq!(line_of("a\nb\nc", 0), 1);
        assert_eq!(line_of("a\nb\nc", 2), 2);
        assert_eq!(line_of("a\nb\nc", 99), 3);
    }
}
