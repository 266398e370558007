//! Piece letters in the players' languages (Appendix C.2-C.3) and figurines.
//!
//! Reading is tolerant of the look-alike letters real scoresheets and keyboards produce; writing
//! always uses each language's own script.

use crate::{Color, Role};

/// A set of piece letters. Squares, capture marks and castling are written the same in all of
/// them (Appendix C.5-C.13); only the letters for the pieces differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// K Q R B N (C.2); PGN's letters.
    En,
    /// K D T L S: König, Dame, Turm, Läufer, Springer.
    De,
    /// Кр Ф Т С К: король, ферзь, тура, слон, кінь.
    Uk,
    /// Кр Ф Л С К: король, ферзь, ладья, слон, конь.
    Ru,
    /// Ա Թ Ն Փ Ձ: արքա, թագուհի, նավակ, փիղ, ձի.
    Hy,
    /// ♔♕♖♗♘ for White, ♚♛♜♝♞ for Black (C.3 recommends figurines in print).
    Figurine,
}

impl Lang {
    /// Every language, English first, for settings menus and tests.
    pub const ALL: [Lang; 6] = [
        Lang::En,
        Lang::De,
        Lang::Uk,
        Lang::Ru,
        Lang::Hy,
        Lang::Figurine,
    ];

    /// Reads a setting such as `"de"`; case and surrounding blanks do not matter.
    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim().to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The setting name, such as `"de"`; [`Lang::from_code`] reads it back.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Uk => "uk",
            Lang::Ru => "ru",
            Lang::Hy => "hy",
            Lang::Figurine => "figurine",
        }
    }

    /// The symbol written for a piece of `color`; the pawn has none (C.4), so it is `""`.
    /// Only figurines depend on the colour.
    pub const fn symbol(self, role: Role, color: Color) -> &'static str {
        use Role::*;
        match (self, role) {
            (_, Pawn) => "",
            (Lang::En, King) => "K",
            (Lang::En, Queen) => "Q",
            (Lang::En, Rook) => "R",
            (Lang::En, Bishop) => "B",
            (Lang::En, Knight) => "N",
            (Lang::De, King) => "K",
            (Lang::De, Queen) => "D",
            (Lang::De, Rook) => "T",
            (Lang::De, Bishop) => "L",
            (Lang::De, Knight) => "S",
            (Lang::Uk | Lang::Ru, King) => "Кр",
            (Lang::Uk | Lang::Ru, Queen) => "Ф",
            (Lang::Uk, Rook) => "Т",
            (Lang::Ru, Rook) => "Л",
            (Lang::Uk | Lang::Ru, Bishop) => "С",
            (Lang::Uk | Lang::Ru, Knight) => "К",
            (Lang::Hy, King) => "Ա",
            (Lang::Hy, Queen) => "Թ",
            (Lang::Hy, Rook) => "Ն",
            (Lang::Hy, Bishop) => "Փ",
            (Lang::Hy, Knight) => "Ձ",
            (Lang::Figurine, King) => match color {
                Color::White => "♔",
                Color::Black => "♚",
            },
            (Lang::Figurine, Queen) => match color {
                Color::White => "♕",
                Color::Black => "♛",
            },
            (Lang::Figurine, Rook) => match color {
                Color::White => "♖",
                Color::Black => "♜",
            },
            (Lang::Figurine, Bishop) => match color {
                Color::White => "♗",
                Color::Black => "♝",
            },
            (Lang::Figurine, Knight) => match color {
                Color::White => "♘",
                Color::Black => "♞",
            },
        }
    }

    /// What one (already normalised, see `parse`) character means as a piece in this language.
    ///
    /// A letter means what it means in its own script: a Latin `K` is the king in every
    /// preference (English and German say so), and only a Cyrillic `К` is the knight (кінь,
    /// конь). A Latin letter that no Latin-script language uses (`C`) may stand for its
    /// Cyrillic twin (`С`, the bishop): nothing else could be meant.
    fn piece(self, c: char) -> Option<Role> {
        use Role::*;
        let role = match (self, c) {
            (Lang::En, 'K') => King,
            (Lang::En, 'Q') => Queen,
            (Lang::En, 'R') => Rook,
            (Lang::En, 'B') => Bishop,
            (Lang::En, 'N') => Knight,
            (Lang::En, 'P') => Pawn,
            (Lang::En, 'q') => Queen,
            (Lang::En, 'r') => Rook,
            (Lang::En, 'n') => Knight,
            (Lang::En, 'k') => King,
            (Lang::De, 'K') => King,
            (Lang::De, 'D') => Queen,
            (Lang::De, 'T' | 't') => Rook,
            (Lang::De, 'L' | 'l') => Bishop,
            (Lang::De, 'S' | 's') => Knight,
            (Lang::Uk | Lang::Ru, 'Ф' | 'ф') => Queen,
            (Lang::Uk | Lang::Ru, 'С' | 'C') => Bishop,
            (Lang::Uk | Lang::Ru, 'К' | 'к') => Knight,
            (Lang::Uk, 'Т' | 'т' | 'T') => Rook,
            (Lang::Ru, 'Л' | 'л') => Rook,
            (Lang::Hy, 'Ա' | 'ա') => King,
            (Lang::Hy, 'Թ' | 'թ') => Queen,
            (Lang::Hy, 'Ն' | 'ն') => Rook,
            (Lang::Hy, 'Փ' | 'փ') => Bishop,
            (Lang::Hy, 'Ձ' | 'ձ') => Knight,
            (Lang::Figurine, '♔' | '♚') => King,
            (Lang::Figurine, '♕' | '♛') => Queen,
            (Lang::Figurine, '♖' | '♜') => Rook,
            (Lang::Figurine, '♗' | '♝') => Bishop,
            (Lang::Figurine, '♘' | '♞') => Knight,
            (Lang::Figurine, '♙' | '♟') => Pawn,
            _ => return None,
        };
        Some(role)
    }

    /// The languages to consult, `self` first, then the fixed order En, De, Uk, Ru, Hy,
    /// figurines. The first language that knows a symbol decides what it means.
    pub(super) fn reading_order(self) -> [Lang; 6] {
        let mut order = [self; 6];
        let mut i = 1;
        for l in Lang::ALL {
            if l != self {
                order[i] = l;
                i += 1;
            }
        }
        order
    }

    /// Reads a piece symbol at the start of `chars` (normalised text): the role and how many
    /// characters it used. The two-letter Cyrillic king `Кр` is tried first, in any mix of
    /// scripts and case, so that its `К` is never taken for a knight.
    pub(super) fn read_piece(self, chars: &[char]) -> Option<(Role, usize)> {
        let first = *chars.first()?;
        if matches!(first, 'К' | 'к' | 'K' | 'k')
            && matches!(chars.get(1), Some('p' | 'P' | 'р' | 'Р'))
        {
            return Some((Role::King, 2));
        }
        self.reading_order()
            .into_iter()
            .find_map(|l| l.piece(first))
            .map(|r| (r, 1))
    }

    /// The other reading of `text` a player of this language may have meant: under a
    /// Ukrainian or Russian preference, a leading Latin `K` typed on a Latin keyboard for the
    /// Cyrillic knight `К`. `None` when there is no second reading (the king `Kр`/`Kp`
    /// included).
    pub fn lookalike_text(self, text: &str) -> Option<String> {
        if !matches!(self, Lang::Uk | Lang::Ru) {
            return None;
        }
        let text = text.trim_start();
        let mut chars = text.chars();
        let first = chars.next()?;
        if !matches!(first, 'K' | 'k') {
            return None;
        }
        let rest = chars.as_str();
        if rest.starts_with(['p', 'P', 'р', 'Р']) {
            return None;
        }
        Some(format!("К{rest}"))
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_order_puts_the_preferred_language_first_and_keeps_every_language() {
        for lang in Lang::ALL {
            let order = lang.reading_order();
            assert_eq!(order[0], lang);
            for l in Lang::ALL {
                assert_eq!(order.iter().filter(|&&o| o == l).count(), 1);
            }
        }
        assert_eq!(Lang::Ru.reading_order()[1], Lang::En);
    }

    #[test]
    fn every_written_symbol_reads_back_in_every_preference() {
        for lang in Lang::ALL {
            for role in Role::PROMOTIONS.into_iter().chain([Role::King]) {
                for color in Color::ALL {
                    let chars: Vec<char> = lang.symbol(role, color).chars().collect();
                    for pref in Lang::ALL {
                        assert_eq!(pref.read_piece(&chars), Some((role, chars.len())));
                    }
                }
            }
        }
    }

    #[test]
    fn latin_k_is_a_king_in_every_preference_and_cyrillic_k_a_knight() {
        assert_eq!(Lang::En.read_piece(&['K']), Some((Role::King, 1)));
        assert_eq!(Lang::De.read_piece(&['K']), Some((Role::King, 1)));
        assert_eq!(Lang::Ru.read_piece(&['K']), Some((Role::King, 1)));
        assert_eq!(Lang::Uk.read_piece(&['k']), Some((Role::King, 1)));
        assert_eq!(Lang::Uk.read_piece(&['К']), Some((Role::Knight, 1)));
        assert_eq!(Lang::Ru.lookalike_text("Ke2").as_deref(), Some("Кe2"));
        assert_eq!(Lang::Ru.lookalike_text("Kpe2"), None);
        assert_eq!(Lang::En.lookalike_text("Ke2"), None);
        assert_eq!(Lang::En.read_piece(&['К']), Some((Role::Knight, 1)));
        assert_eq!(Lang::En.read_piece(&['К', 'p']), Some((Role::King, 2)));
    }
}
