//! Printed lines that screen readers do not swallow.
//!
//! A screen reader skips a line identical to the one before it, so a move announced twice
//! ("Eva vier" after a correction, a repeat on request) would be heard once. The second of
//! two equal lines gets a trailing full stop, which screen readers do not read aloud; a
//! third equal line is plain again, so each differs from the one just before it.

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
    /// printed, the text with a full stop added.
    pub fn line(&mut self, text: &str) -> String {
        let out = if self.last.as_deref() == Some(text) {
            format!("{text}.")
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
        assert_eq!(r.line("Eva vier"), "Eva vier.");
        assert_eq!(r.line("Eva vier"), "Eva vier");
        assert_eq!(r.line("Eva fuenf"), "Eva fuenf");
        assert_eq!(r.line("Eva vier"), "Eva vier");
    }
}
