//! Braille cells: the Unicode braille block (U+2800) and BRF, the ASCII braille that embossers
//! and braille notetakers read.
//!
//! BRF is the North American Braille ASCII code: one printable ASCII character per six-dot cell
//! (space is the empty cell). It has no room for dots 7 and 8, so [`fold_to_six_dots`] decides what
//! happens to eight-dot cells before a page becomes BRF.

/// The empty cell, U+2800.
pub const BLANK: char = '\u{2800}';

/// The number sign, dots 3-4-5-6, written before digits in literary braille.
pub const NUMBER_SIGN: u8 = 0b0011_1100;

/// Braille ASCII: the character for each six-dot pattern, indexed by the pattern (dot 1 is bit 0).
/// Built from the published table, so both directions are derived from one list.
const BRF_BY_DOTS: [u8; 64] = {
    // (ASCII, dots) pairs of North American Braille ASCII.
    const PAIRS: [(u8, u8); 64] = [
        (b' ', 0),
        (b'A', 0o1),
        (b'1', 0o2),
        (b'B', 0o3),
        (b'\'', 0o4),
        (b'K', 0o5),
        (b'2', 0o6),
        (b'L', 0o7),
        (b'@', 0o10),
        (b'C', 0o11),
        (b'I', 0o12),
        (b'F', 0o13),
        (b'/', 0o14),
        (b'M', 0o15),
        (b'S', 0o16),
        (b'P', 0o17),
        (b'"', 0o20),
        (b'E', 0o21),
        (b'3', 0o22),
        (b'H', 0o23),
        (b'9', 0o24),
        (b'O', 0o25),
        (b'6', 0o26),
        (b'R', 0o27),
        (b'^', 0o30),
        (b'D', 0o31),
        (b'J', 0o32),
        (b'G', 0o33),
        (b'>', 0o34),
        (b'N', 0o35),
        (b'T', 0o36),
        (b'Q', 0o37),
        (b',', 0o40),
        (b'*', 0o41),
        (b'5', 0o42),
        (b'<', 0o43),
        (b'-', 0o44),
        (b'U', 0o45),
        (b'8', 0o46),
        (b'V', 0o47),
        (b'.', 0o50),
        (b'%', 0o51),
        (b'[', 0o52),
        (b'$', 0o53),
        (b'+', 0o54),
        (b'X', 0o55),
        (b'!', 0o56),
        (b'&', 0o57),
        (b';', 0o60),
        (b':', 0o61),
        (b'4', 0o62),
        (b'\\', 0o63),
        (b'0', 0o64),
        (b'Z', 0o65),
        (b'7', 0o66),
        (b'(', 0o67),
        (b'_', 0o70),
        (b'?', 0o71),
        (b'W', 0o72),
        (b']', 0o73),
        (b'#', 0o74),
        (b'Y', 0o75),
        (b')', 0o76),
        (b'=', 0o77),
    ];
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        table[PAIRS[i].1 as usize] = PAIRS[i].0;
        i += 1;
    }
    table
};

/// The dot pattern of a Unicode braille character (bit 0 is dot 1, bit 7 dot 8); `None` for any
/// other character.
pub fn dots(c: char) -> Option<u8> {
    let code = c as u32;
    (0x2800..=0x28FF)
        .contains(&code)
        .then(|| (code - 0x2800) as u8)
}

/// The Unicode braille character of a dot pattern.
pub fn cell(dots: u8) -> char {
    char::from_u32(0x2800 + u32::from(dots)).unwrap_or(BLANK)
}

/// The BRF character of a six-dot pattern; dots 7 and 8 must already be gone.
pub fn brf_char(dots: u8) -> Option<char> {
    (dots < 64).then(|| BRF_BY_DOTS[dots as usize] as char)
}

/// The six-dot pattern of a BRF character. Lower-case letters read as upper case, as braille
/// software does, because BRF files are written in either case.
pub fn brf_dots(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    BRF_BY_DOTS
        .iter()
        .position(|&b| b as char == c)
        .map(|p| p as u8)
}

/// A line of six-dot Unicode braille as BRF; `None` if a character is not a six-dot cell.
pub fn to_brf(line: &str) -> Option<String> {
    line.chars().map(|c| dots(c).and_then(brf_char)).collect()
}

/// A BRF line as Unicode braille; `None` if a character is not Braille ASCII.
pub fn from_brf(line: &str) -> Option<String> {
    line.chars().map(|c| brf_dots(c).map(cell)).collect()
}

/// The capital sign BRF uses for an eight-dot table's capitals, dot 4: the capital sign of
/// the German and English six-dot computer braille that vichess uses too (`@` in BRF), and a
/// cell the Russian and Ukrainian tables give only to quotes, which a scoresheet's moves never
/// hold.
pub const CAPITAL_SIGN: u8 = 0b0000_1000;

/// The plus sign (check) of six-dot computer braille and BAUK, dots 3-4-6.
pub const PLUS: u8 = 0b0010_1100;

/// The parentheses of Russian computer braille (`ru.ctb`), dots 1-2-6 and 3-4-5: how BRF
/// writes a table's eight-dot parentheses, which would fold into digits (see
/// [`SixDot::parens`]).
pub const PARENS: (u8, u8) = (0b0010_0011, 0b0001_1100);

/// How an eight-dot table's cells become six-dot BRF so that they read back to the same
/// print: what [`Louis`](super::louis) finds out about a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SixDot {
    /// The table writes digits as the letters a to j plus dot 8 (Armenian): in BRF the number
    /// sign goes before them.
    pub digits_dot8: bool,
    /// The table writes a capital as its letter plus dot 7 and has no capital sign of its own
    /// (Russian, Ukrainian): in BRF [`CAPITAL_SIGN`] goes before it. Without it the queen's
    /// `Ф` and the file `f` are one cell, so `Фxe5` and `fxe5` read the same.
    pub capital_sign: bool,
    /// The table's own eight-dot plus sign, when folding it would make a digit (the Russian
    /// and Ukrainian `+` is dots 2-3-5-7, the lower digit 6 without dot 7): in BRF it is
    /// written [`PLUS`], a cell those tables give to no character of a scoresheet.
    pub plus: Option<u8>,
    /// The table's own capital sign, when it also gives the capital letter dot 7 (Armenian:
    /// dots 4-5-6 before it). BRF keeps the sign and loses dot 7; reading back, the letter
    /// after the sign gets dot 7 again, which the table needs to read a capital.
    pub table_capital: Option<u8>,
    /// The table's own eight-dot parentheses, when folding them would make digits (the
    /// Ukrainian `(` and `)` are dots 3-5-8 and 2-6-7, the lower digits 9 and 5 without dots
    /// 7 and 8, so the draw offer mark `(=)` read back as `9=5` and a clock time as a number):
    /// in BRF they are written [`PARENS`], the parentheses Russian braille readers know; the
    /// Ukrainian table reads the first back as `(` itself, and a `)` after it is the table's
    /// own again.
    pub parens: Option<(u8, u8)>,
}

/// Eight-dot cells as six-dot cells, for BRF.
///
/// Dot 8 (a Latin letter among Cyrillic ones) is dropped: six-dot braille does not write it,
/// and the files a to h are then the Cyrillic cells braille chess players read (`кf3` is
/// `кф3`). Dot 7 (a capital) becomes the capital sign where `six.capital_sign` says so, so
/// a piece letter never shares its cells with a file; the table's eight-dot plus becomes
/// [`PLUS`], its eight-dot parentheses [`PARENS`]. With `six.digits_dot8`, digits become the
/// literary form, the number sign before upper-cell digits, so they do not turn into letters.
/// [`unfold`] reverses all of it.
pub fn fold_to_six_dots(line: &str, six: SixDot) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_number = false;
    for c in line.chars() {
        let Some(d) = dots(c) else {
            out.push(c);
            in_number = false;
            continue;
        };
        let low = d & 0x3F;
        if six.plus == Some(d) {
            out.push(cell(PLUS));
            in_number = false;
            continue;
        }
        if let Some((open, close)) = six.parens {
            if d == open || d == close {
                out.push(cell(if d == open { PARENS.0 } else { PARENS.1 }));
                in_number = false;
                continue;
            }
        }
        if six.digits_dot8 && d & 0x80 != 0 && d & 0x40 == 0 && is_upper_digit(low) {
            if !in_number {
                out.push(cell(NUMBER_SIGN));
                in_number = true;
            }
        } else {
            in_number = false;
        }
        if six.capital_sign && d & 0x40 != 0 && is_letter(low) {
            out.push(cell(CAPITAL_SIGN));
        }
        out.push(cell(low));
    }
    out
}

/// The inverse of [`fold_to_six_dots`], for reading a BRF page back with the eight-dot table:
/// the number sign and the upper-cell digits after it become the table's eight-dot digits,
/// the capital sign and its letter the capital, [`PLUS`] the table's plus. Other letters stay
/// six-dot (a Latin file reads as its Cyrillic cell, which [`read`](super::read) maps back).
pub fn unfold(line: &str, six: SixDot) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_number = false;
    let cells: Vec<char> = line.chars().collect();
    let next = |i: usize| cells.get(i + 1).and_then(|&n| dots(n));
    let mut capital = false;
    // A [`PARENS`] opening is still to be closed: its closing cell is then the table's own
    // `)`, not the letter the cell is elsewhere (Ukrainian `є`). So it is right after a digit
    // or `=`, where no letter is, and alone between blanks: the end of a clock time or of
    // the draw offer mark cut at a line's end and carried to the next line.
    let mut open = false;
    let blank = |d: Option<u8>| d.is_none_or(|d| d == 0);
    let closes = |i: usize| {
        let before = i.checked_sub(1).and_then(|p| dots(cells[p]));
        before.is_some_and(|d| is_lower_digit(d) || d == EQUALS)
            || (blank(before) && blank(next(i)))
    };
    for (i, &c) in cells.iter().enumerate() {
        let d = dots(c);
        if six.digits_dot8 && d == Some(NUMBER_SIGN) && next(i).is_some_and(is_upper_digit) {
            in_number = true;
            continue;
        }
        if six.capital_sign && d == Some(CAPITAL_SIGN) && next(i).is_some_and(is_letter) {
            capital = true;
            continue;
        }
        if six.table_capital.is_some() && d == six.table_capital && next(i).is_some_and(is_letter) {
            out.push(c);
            capital = true;
            in_number = false;
            continue;
        }
        match d {
            Some(d) if in_number && is_upper_digit(d) => out.push(cell(d | 0x80)),
            Some(d) if capital => {
                out.push(cell(d | 0x40));
                in_number = false;
            }
            Some(PLUS) if six.plus.is_some() => {
                out.push(cell(six.plus.unwrap_or(PLUS)));
                in_number = false;
            }
            Some(d) if d == PARENS.0 && six.parens.is_some() => {
                out.push(cell(six.parens.map_or(d, |p| p.0)));
                open = true;
                in_number = false;
            }
            Some(d) if d == PARENS.1 && six.parens.is_some() && (open || closes(i)) => {
                out.push(cell(six.parens.map_or(d, |p| p.1)));
                open = false;
                in_number = false;
            }
            _ => {
                in_number = false;
                out.push(c);
            }
        }
        capital = false;
    }
    out
}

/// Whether a six-dot pattern can be a letter: every letter of the Latin, Cyrillic and Armenian
/// braille alphabets has dot 1 or dot 4, the lower-cell digits and most signs have neither.
fn is_letter(d: u8) -> bool {
    d & 0b1001 != 0
}

/// Whether a six-dot pattern is one of the lower-cell digits 1 to 0 (a to j moved down a row).
fn is_lower_digit(d: u8) -> bool {
    const LOWER: [u8; 10] = [0o2, 0o6, 0o22, 0o62, 0o42, 0o26, 0o66, 0o46, 0o24, 0o64];
    LOWER.contains(&d)
}

/// The equals sign of the computer tables that fold parentheses, all six dots.
const EQUALS: u8 = 0o77;

/// Whether a six-dot pattern is one of the letters a to j, the upper-cell digits 1 to 0.
fn is_upper_digit(d: u8) -> bool {
    const UPPER: [u8; 10] = [0o1, 0o3, 0o11, 0o31, 0o21, 0o13, 0o33, 0o23, 0o12, 0o32];
    UPPER.contains(&d)
}

/// The number of cells a line takes: every character is one cell.
pub fn width(line: &str) -> usize {
    line.chars().count()
}
