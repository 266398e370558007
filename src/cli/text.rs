//! Printed text made safe for a terminal, a screen reader and a braille display.

/// `text` with control characters shown as `\u{..}` escapes: a printed line can never move
/// the cursor, clear the screen or retitle the terminal, whatever a PGN tag or a typed line
/// held.
pub fn visible(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    text.chars()
        .map(|c| match c {
            '\t' => " ".to_string(),
            c if c.is_control() => c.escape_unicode().to_string(),
            c => c.to_string(),
        })
        .collect()
}
