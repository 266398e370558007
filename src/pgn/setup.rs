//! The start position a game's tags ask for: `[Variant]`, `[SetUp]` and `[FEN]`.

use super::error::PgnErrorKind;
use super::warning::PgnWarning;
use crate::rules::{CastlingMode, Position};

/// Is this `[Variant]` value Chess960 (`Some(true)`), standard chess (`Some(false)`), or
/// something else (`None`)? Programs spell it many ways: "Chess960", "fischerandom",
/// "Fischer Random", "chess 960".
pub fn variant_is_chess960(value: &str) -> Option<bool> {
    let v: String = value
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    match v.as_str() {
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" => Some(true),
        "" | "standard" | "normal" | "chess" | "regular" | "fromposition" => Some(false),
        _ => None,
    }
}

/// The start position, and a warning when the tags were odd but usable.
pub fn start_position(
    tags: &[(String, String)],
) -> Result<(Position, Option<PgnWarning>), PgnErrorKind> {
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let chess960 = match tag("Variant") {
        None => false,
        Some(v) => {
            variant_is_chess960(v).ok_or_else(|| PgnErrorKind::UnsupportedVariant(v.to_owned()))?
        }
    };
    let fen = tag("FEN").map(str::trim).filter(|f| !f.is_empty());
    let Some(fen) = fen else {
        let warning = (tag("SetUp") == Some("1")).then_some(PgnWarning::SetUpWithoutFen);
        let mut pos = Position::new();
        if chess960 {
            // The standard array is array 518 of Chess960; its castling is written the same.
            pos.set_castling_mode(CastlingMode::Chess960);
        }
        return Ok((pos, warning));
    };
    if chess960 {
        return Position::from_fen(fen, CastlingMode::Chess960)
            .map(|p| (p, None))
            .map_err(|e| PgnErrorKind::BadFen(fen.to_owned(), Box::new(e)));
    }
    match Position::from_fen(fen, CastlingMode::Standard) {
        Ok(pos) => Ok((pos, None)),
        // Many Chess960 files forget the Variant tag: a FEN whose castling only makes sense in
        // Chess960 says which it is.
        Err(standard_err) => match Position::from_fen(fen, CastlingMode::Chess960) {
            Ok(pos) => Ok((pos, None)),
            Err(_) => Err(PgnErrorKind::BadFen(fen.to_owned(), Box::new(standard_err))),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn variants() {
        assert_eq!(variant_is_chess960("Chess960"), Some(true));
        assert_eq!(variant_is_chess960("fischerandom"), Some(true));
        assert_eq!(variant_is_chess960("Fischer Random"), Some(true));
        assert_eq!(variant_is_chess960("Standard"), Some(false));
        assert_eq!(variant_is_chess960("crazyhouse"), None);
    }

    #[test]
    fn no_tags_is_the_standard_start() {
        let (pos, w) = start_position(&[]).unwrap();
        assert_eq!(pos, Position::new());
        assert!(w.is_none());
    }

    #[test]
    fn chess960_fen_by_variant_and_by_castling_field() {
        let fen = "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1";
        let (pos, _) = start_position(&tags(&[("Variant", "fischerandom"), ("FEN", fen)])).unwrap();
        assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
        // No Variant tag: the castling rights name rooks off the corners, so Chess960 it is.
        let (pos, _) = start_position(&tags(&[("SetUp", "1"), ("FEN", fen)])).unwrap();
        assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    }

    #[test]
    fn standard_fen_stays_standard() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let (pos, _) = start_position(&tags(&[("SetUp", "1"), ("FEN", fen)])).unwrap();
        assert_eq!(pos.castling_mode(), CastlingMode::Standard);
        assert_eq!(pos.fen(), fen);
    }

    #[test]
    fn bad_fen_and_variant_are_errors() {
        assert!(matches!(
            start_position(&tags(&[("FEN", "not a fen")])),
            Err(PgnErrorKind::BadFen(..))
        ));
        assert!(matches!(
            start_position(&tags(&[("Variant", "atomic")])),
            Err(PgnErrorKind::UnsupportedVariant(_))
        ));
    }

    #[test]
    fn setup_without_fen_warns() {
        let (pos, w) = start_position(&tags(&[("SetUp", "1")])).unwrap();
        assert_eq!(pos, Position::new());
        assert_eq!(w, Some(PgnWarning::SetUpWithoutFen));
        assert!(w.unwrap().to_string().contains("no FEN tag"));
    }
}
