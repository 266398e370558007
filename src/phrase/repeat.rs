//! Printed lines that screen readers do not swallow.
//!
//! A screen reader skips a line identical to the one before it, so a move announced twice
//! ("Eva vier" after a correction, a repeat on request, `zeit` asked twice) would be heard
//! once. The second of two equal lines gets a no-break space in front, which is neither read
//! aloud nor shown as a sign: the listener hears the same answer again, unchanged, and
//! nothing on the screen or the braille display looks like a typo. A third equal line is
//! plain again, so each differs from the one just before it. (It used to be a trailing full
//! stop, which a play-tester read as a stray mark: "…Schwarz: fünf Minuten.", "null Züge.";
//! and "?." after a question, issue 24.)

/// Remembers the last printed line.
#[derive(Debug, Clone, Default)]
pub struct LineRepeater {
    last: Option<String>,
}

impl LineRepeater {
    /// A repeater that has printed nothing yet.
    pub fn new() -> LineRepeater {
        LineRepeater::default()
    }

    /// The line to print for `text`: the text itself, or, when that equals the line just
    /// printed, the text with a no-break space before it.
    pub fn line(&mut self, text: &str) -> String {
        let out = if self.last.as_deref() == Some(text) {
            format!("\u{a0}{text}")
        } else {
            text.to_string()
        };
        self.last = Some(out.clone());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_lines_alternate_and_others_pass_through() {
        let mut r = LineRepeater::new();
        assert_eq!(r.line("Eva vier"), "Eva vier");
        assert_eq!(r.line("Eva vier"), "\u{a0}Eva vier");
        assert_eq!(r.line("Eva vier"), "Eva vier");
        assert_eq!(r.line("Eva fuenf"), "Eva fuenf");
        assert_eq!(r.line("Eva vier"), "Eva vier");
    }

    #[test]
    fn a_repeated_question_keeps_its_one_mark() {
        let mut r = LineRepeater::new();
        let q = "White resigns, yes or no?";
        assert_eq!(r.line(q), q);
        let again = r.line(q);
        assert_ne!(again, q);
        assert!(
            again.ends_with("no?") && !again.ends_with("?."),
            "{again:?}"
        );
        assert_eq!(again.trim_start_matches('\u{a0}'), q);
        assert_eq!(r.line(q), q);
    }
}
