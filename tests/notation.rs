//! Appendix C notation: writing, reading, round trips in every language, shakmaty as an
//! oracle for SAN, and the exact words of every refusal.

use std::str::FromStr;
use vichess::rules::notation::{
    lan, parse_move, parse_move_in, san, san_in, uci, Lang, MoveError, San,
};
use vichess::rules::{CastlingMode, Move, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).expect("test FEN is valid")
}

fn pos960(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Chess960).expect("test FEN is valid")
}

/// The legal move from `from` to `to` (king's target for castling), promoting to `promo`.
fn mv(p: &Position, from: Square, to: Square, promo: Option<Role>) -> Move {
    *p.legal_moves()
        .iter()
        .find(|m| m.from() == from && (m.to() == to || m.king_to() == to) && m.promotion() == promo)
        .unwrap_or_else(|| panic!("no legal move {from}{to} in {}", p.fen()))
}

fn err(p: &Position, text: &str) -> String {
    match parse_move(p, text) {
        Ok(m) => panic!("{text:?} was accepted as {m}"),
        Err(e) => e.to_string(),
    }
}

/// A tiny deterministic generator: the tests must not depend on a random source.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const PROMOTION: &str = "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1";
const PROMOTION_BLACK: &str = "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1";
const EN_PASSANT: &str = "rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1";
const CHESS960_ROOK_BESIDE: &str = "rk6/8/8/8/8/8/8/RK6 w Aa - 0 1";
const CHESS960_KING_ON_ROOK: &str = "1r2k1r1/6p1/8/8/8/8/6P1/1R2K1R1 w GBgb - 0 1";

/// The fixed positions of the brief, plus every position of a few short seeded random games
/// from each of them, so that checks, mates, pins and promotions all occur.
fn round_trip_positions() -> Vec<Position> {
    let mut bases = vec![
        Position::new(),
        pos(KIWIPETE),
        pos(PROMOTION),
        pos(PROMOTION_BLACK),
        pos(EN_PASSANT),
        pos960(CHESS960),
        pos960(CHESS960_ROOK_BESIDE),
        pos960(CHESS960_KING_ON_ROOK),
    ];
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut all = bases.clone();
    for base in bases.drain(..) {
        for _ in 0..6 {
            let mut p = base.clone();
            for _ in 0..40 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(&moves[rng.below(moves.len())]);
                all.push(p.clone());
            }
        }
    }
    all
}

#[test]
fn every_notation_reads_back_as_the_same_move_in_every_language() {
    let mut checked = 0;
    for p in round_trip_positions() {
        for m in p.legal_moves() {
            for lang in Lang::ALL {
                let text = san_in(&p, &m, lang);
                assert_eq!(
                    parse_move(&p, &text),
                    Ok(m),
                    "{text} ({lang}) in {}",
                    p.fen()
                );
                assert_eq!(
                    parse_move_in(&p, &text, lang),
                    Ok(m),
                    "{text} read as {lang} in {}",
                    p.fen()
                );
            }
            for text in [san(&p, &m), uci(&p, &m), lan(&p, &m)] {
                assert_eq!(parse_move(&p, &text), Ok(m), "{text} in {}", p.fen());
            }
            assert_eq!(San::from_move(&p, &m).to_move(&p), Ok(m));
            checked += 1;
        }
    }
    assert!(checked > 10_000, "only {checked} moves were checked");
}

#[test]
fn san_in_english_is_pgn_san() {
    for p in round_trip_positions() {
        for m in p.legal_moves() {
            assert_eq!(san_in(&p, &m, Lang::En), san(&p, &m));
        }
    }
}

#[test]
fn san_examples_of_the_brief() {
    let start = Position::new();
    assert_eq!(
        san(&start, &mv(&start, Square::G1, Square::F3, None)),
        "Nf3"
    );
    assert_eq!(san(&start, &mv(&start, Square::E2, Square::E4, None)), "e4");

    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    let exd5 = mv(&p, Square::E4, Square::D5, None);
    assert_eq!(san(&p, &exd5), "exd5");
    assert_eq!(lan(&p, &exd5), "e4xd5");

    // A queen on e8 checks the king on a8 along the rank; a7 and b7 stay free, so no mate.
    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let e8q = mv(&p, Square::E7, Square::E8, Some(Role::Queen));
    assert_eq!(san(&p, &e8q), "e8=Q+");
    assert_eq!(san_in(&p, &e8q, Lang::De), "e8D+");
    assert_eq!(san_in(&p, &e8q, Lang::Ru), "e8Ф+");
    assert_eq!(san_in(&p, &e8q, Lang::Figurine), "e8♕+");
    assert_eq!(lan(&p, &e8q), "e7-e8Q+");
    assert_eq!(uci(&p, &e8q), "e7e8q");
    let e8n = mv(&p, Square::E7, Square::E8, Some(Role::Knight));
    assert_eq!(san(&p, &e8n), "e8=N");

    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = mv(&p, Square::E1, Square::G1, None);
    let ooo = mv(&p, Square::E1, Square::C1, None);
    assert_eq!(san(&p, &oo), "O-O");
    assert_eq!(san(&p, &ooo), "O-O-O");
    assert_eq!(san_in(&p, &oo, Lang::De), "0-0");
    assert_eq!(san_in(&p, &ooo, Lang::Uk), "0-0-0");
    assert_eq!(lan(&p, &oo), "0-0");
    assert_eq!(uci(&p, &oo), "e1g1");
    assert_eq!(uci(&p, &ooo), "e1c1");

    // Scholar's mate.
    let p = pos("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    assert_eq!(san(&p, &mv(&p, Square::H5, Square::F7, None)), "Qxf7#");

    let p = pos("rnbqkb1r/ppp1pppp/5n2/3p4/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2");
    assert_eq!(san(&p, &mv(&p, Square::B8, Square::D7, None)), "Nbd7");
    assert_eq!(san(&p, &mv(&p, Square::F6, Square::D7, None)), "Nfd7");

    let p = pos("k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1");
    assert_eq!(san(&p, &mv(&p, Square::E1, Square::E2, None)), "R1e2");
    assert_eq!(san(&p, &mv(&p, Square::E3, Square::E2, None)), "R3e2");

    // Three queens reach e1: h4 shares a file with h1 and a rank with e4, so it needs both.
    let p = pos("2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1");
    assert_eq!(san(&p, &mv(&p, Square::H4, Square::E1, None)), "Qh4e1");
    assert_eq!(san(&p, &mv(&p, Square::E4, Square::E1, None)), "Qee1");
    assert_eq!(san(&p, &mv(&p, Square::H1, Square::E1, None)), "Q1e1");
    assert_eq!(
        lan(&p, &mv(&p, Square::H4, Square::E1, None)),
        "Qh4-e1",
        "the long form never abbreviates"
    );

    let start = Position::new();
    assert_eq!(
        lan(&start, &mv(&start, Square::G1, Square::F3, None)),
        "Ng1-f3"
    );
    assert_eq!(
        lan(&start, &mv(&start, Square::E2, Square::E4, None)),
        "e2-e4"
    );
    assert_eq!(
        uci(&start, &mv(&start, Square::G1, Square::F3, None)),
        "g1f3"
    );
}

#[test]
fn localised_letters_and_figurines_follow_the_mover() {
    let start = Position::new();
    let nf3 = mv(&start, Square::G1, Square::F3, None);
    let expect = [
        (Lang::En, "Nf3"),
        (Lang::De, "Sf3"),
        (Lang::Uk, "Кf3"),
        (Lang::Ru, "Кf3"),
        (Lang::Hy, "Ձf3"),
        (Lang::Figurine, "♘f3"),
    ];
    for (lang, text) in expect {
        assert_eq!(san_in(&start, &nf3, lang), text);
    }
    let black = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(
        san_in(
            &black,
            &mv(&black, Square::G8, Square::F6, None),
            Lang::Figurine
        ),
        "♞f6"
    );
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let ke2 = mv(&p, Square::E1, Square::E2, None);
    let bc4 = mv(&p, Square::F1, Square::C4, None);
    let qh5 = mv(&p, Square::D1, Square::H5, None);
    assert_eq!(san_in(&p, &ke2, Lang::Ru), "Крe2");
    assert_eq!(san_in(&p, &ke2, Lang::Uk), "Крe2");
    assert_eq!(san_in(&p, &ke2, Lang::Hy), "Աe2");
    assert_eq!(san_in(&p, &bc4, Lang::De), "Lc4");
    assert_eq!(san_in(&p, &bc4, Lang::Ru), "Сc4");
    assert_eq!(san_in(&p, &qh5, Lang::De), "Dh5");
    assert_eq!(san_in(&p, &qh5, Lang::Uk), "Фh5");
    let rook = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let ra8 = mv(&rook, Square::A1, Square::A8, None);
    assert_eq!(san_in(&rook, &ra8, Lang::De), "Ta8+");
    assert_eq!(san_in(&rook, &ra8, Lang::Uk), "Тa8+");
    assert_eq!(san_in(&rook, &ra8, Lang::Ru), "Лa8+");
    assert_eq!(san_in(&rook, &ra8, Lang::Hy), "Նa8+");
}

#[test]
fn language_codes() {
    for lang in Lang::ALL {
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
    }
    assert_eq!(Lang::from_code(" DE "), Some(Lang::De));
    assert_eq!(Lang::from_code("fr"), None);
}

#[test]
fn chess960_castling_is_king_takes_rook_in_uci_and_o_o_in_san() {
    let p = pos960(CHESS960_KING_ON_ROOK);
    let oo = mv(&p, Square::E1, Square::G1, None);
    assert_eq!(
        oo,
        Move::Castle {
            king: Square::E1,
            rook: Square::G1
        }
    );
    assert_eq!(uci(&p, &oo), "e1g1");
    assert_eq!(san(&p, &oo), "O-O");
    let ooo = mv(&p, Square::E1, Square::C1, None);
    assert_eq!(uci(&p, &ooo), "e1b1");
    assert_eq!(parse_move(&p, "e1b1"), Ok(ooo));
    assert_eq!(parse_move(&p, "Kxb1"), Ok(ooo));
    assert_eq!(
        parse_move(&p, "e1c1"),
        Ok(ooo),
        "two squares towards c1 is castling"
    );

    // King b1, rook a1: castling queenside moves the king one step to c1, which a plain king
    // move does too. The one-step form is always the plain move; castling is b1a1 or 0-0-0.
    let p = pos960(CHESS960_ROOK_BESIDE);
    let castle = Move::Castle {
        king: Square::B1,
        rook: Square::A1,
    };
    assert!(p.is_legal(&castle));
    assert_eq!(uci(&p, &castle), "b1a1");
    assert_eq!(parse_move(&p, "b1a1"), Ok(castle));
    assert_eq!(parse_move(&p, "0-0-0"), Ok(castle));
    let step = parse_move(&p, "Kc1").expect("a king step");
    assert!(matches!(
        step,
        Move::Normal {
            role: Role::King,
            to: Square::C1,
            ..
        }
    ));
    assert_eq!(parse_move(&p, "b1c1"), Ok(step));
}

#[test]
fn standard_castling_reads_in_every_form() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = Move::Castle {
        king: Square::E1,
        rook: Square::H1,
    };
    let ooo = Move::Castle {
        king: Square::E1,
        rook: Square::A1,
    };
    for text in [
        "O-O", "0-0", "o-o", "OO", "00", "О-О", "0-0+", "O-O!", "e1g1", "e1h1", "Kg1", "Ke1g1",
        "Kxh1",
    ] {
        assert_eq!(parse_move(&p, text), Ok(oo), "{text}");
    }
    for text in ["O-O-O", "0-0-0", "o-o-o", "e1c1", "e1a1", "Kc1"] {
        assert_eq!(parse_move(&p, text), Ok(ooo), "{text}");
    }
}

/// Differential check of SAN against shakmaty over seeded random games, standard and 960.
#[test]
fn san_agrees_with_shakmaty() {
    use shakmaty::fen::Fen;
    use shakmaty::san::SanPlus;
    use shakmaty::uci::UciMove;
    use shakmaty::{Chess, Position as _};

    let starts: [(&str, CastlingMode); 5] = [
        (vichess::rules::STARTING_FEN, CastlingMode::Standard),
        (KIWIPETE, CastlingMode::Standard),
        (CHESS960, CastlingMode::Chess960),
        (CHESS960_KING_ON_ROOK, CastlingMode::Chess960),
        (
            "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1",
            CastlingMode::Chess960,
        ),
    ];
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut compared = 0usize;
    for game in 0..300 {
        let (fen, mode) = starts[game % starts.len()];
        let shak_mode = match mode {
            CastlingMode::Standard => shakmaty::CastlingMode::Standard,
            CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
        };
        let mut ours = Position::from_fen(fen, mode).unwrap();
        let mut theirs: Chess = Fen::from_str(fen)
            .unwrap()
            .into_position(shak_mode)
            .unwrap();
        for _ in 0..120 {
            let moves = ours.legal_moves();
            assert_eq!(moves.len(), theirs.legal_moves().len(), "{}", ours.fen());
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                let u = uci(&ours, m);
                let their_move = UciMove::from_str(&u).unwrap().to_move(&theirs).unwrap();
                let expected = SanPlus::from_move(theirs.clone(), their_move).to_string();
                assert_eq!(san(&ours, m), expected, "{u} in {}", ours.fen());
                assert_eq!(parse_move(&ours, &expected), Ok(*m), "{expected}");
                compared += 1;
            }
            let m = moves[rng.below(moves.len())];
            let u = uci(&ours, &m);
            theirs.play_unchecked(UciMove::from_str(&u).unwrap().to_move(&theirs).unwrap());
            ours.play_unchecked(&m);
        }
    }
    assert!(compared > 100_000, "only {compared} moves compared");
}

#[test]
fn accepted_forms_of_one_move() {
    let start = Position::new();
    let nf3 = mv(&start, Square::G1, Square::F3, None);
    for text in [
        "Nf3",
        "Ng1f3",
        "Ng1-f3",
        "g1f3",
        "g1-f3",
        "Ngf3",
        "N1f3",
        "nf3",
        "NF3",
        " Nf3 ",
        "N f3",
        "Nf3!?",
        "Nf3?!",
        "Nf3!!",
        "Nf3??",
        "Sf3",
        "Кf3",
        "Ձf3",
        "♘f3",
        "♞f3",
        "N g1 - f3",
        "Ng1–f3",
    ] {
        assert_eq!(parse_move(&start, text), Ok(nf3), "{text:?}");
    }
    let e4 = mv(&start, Square::E2, Square::E4, None);
    for text in ["e4", "e2e4", "e2-e4", "E2E4", "e2 e4", "Pe4", "е4", "е2-е4"] {
        assert_eq!(parse_move(&start, text), Ok(e4), "{text:?}");
    }

    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    let exd5 = mv(&p, Square::E4, Square::D5, None);
    for text in [
        "exd5", "ed5", "e:d5", "e×d5", "eхd5", "e4xd5", "e4d5", "e4-d5", "exd5+", "xd5",
    ] {
        assert_eq!(parse_move(&p, text), Ok(exd5), "{text:?}");
    }

    let p = pos(EN_PASSANT);
    let ep = Move::EnPassant {
        from: Square::E5,
        to: Square::D6,
    };
    for text in [
        "exd6",
        "ed6",
        "exd6 e.p.",
        "exd6e.p.",
        "exd6ep",
        "exd6 ep",
        "e5d6",
        "exd6 е.р.",
        "exd6e.p.+",
    ] {
        assert_eq!(parse_move(&p, text), Ok(ep), "{text:?}");
    }

    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let q = mv(&p, Square::E7, Square::E8, Some(Role::Queen));
    for text in [
        "e8Q", "e8=Q", "e8(Q)", "e8/Q", "e8q", "e7e8q", "e7-e8Q", "e8D", "e8Ф", "e8♕", "e8=Q+",
        "e8Q+",
    ] {
        assert_eq!(parse_move(&p, text), Ok(q), "{text:?}");
    }
    let b = mv(&p, Square::E7, Square::E8, Some(Role::Bishop));
    for text in ["e8B", "e8=B", "e7e8b", "e8b", "e8L", "e8С"] {
        assert_eq!(parse_move(&p, text), Ok(b), "{text:?}");
    }

    let p = pos("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    let mate = mv(&p, Square::H5, Square::F7, None);
    for text in ["Qxf7#", "Qxf7", "Qf7", "Qxf7++", "Qxf7‡", "Dxf7#", "Фxf7"] {
        assert_eq!(parse_move(&p, text), Ok(mate), "{text:?}");
    }
}

#[test]
fn digest_traps() {
    let start = Position::new();
    // Cyrillic К is a knight; Latin K is the king.
    assert_eq!(
        parse_move(&start, "Кf3"),
        Ok(mv(&start, Square::G1, Square::F3, None))
    );
    assert_eq!(err(&start, "Kf3"), "no white king can move to f3");
    // Russian or Ukrainian preferred: a Latin K is still the king (issue 11, item 1).
    assert!(parse_move_in(&start, "Kf3", Lang::Ru).is_err());

    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let ke2 = mv(&p, Square::E1, Square::E2, None);
    // Кр is the king: read as one symbol, never as knight + junk, in any mix of scripts.
    for text in ["Крe2", "Кре2", "КРe2", "Kрe2", "Кpe2", "Kpe2", "крe2"] {
        assert_eq!(parse_move(&p, text), Ok(ke2), "{text:?}");
        assert_eq!(
            parse_move_in(&p, text, Lang::Ru),
            Ok(ke2),
            "{text:?} as Russian"
        );
    }
    assert_eq!(parse_move_in(&p, "Ke2", Lang::De), Ok(ke2));
    // Cyrillic С (and a Latin C typed for it) is the bishop; lower-case с in a square is c.
    let bc4 = mv(&p, Square::F1, Square::C4, None);
    for text in [
        "Сc4", "Cc4", "Сс4", "Bc4", "Вc4", "Lc4", "Փc4", "♗c4", "bc4",
    ] {
        assert_eq!(parse_move(&p, text), Ok(bc4), "{text:?}");
    }
    // Russian Л and Ukrainian Т are rooks; German T too, German D the queen, S the knight.
    let r = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let ra8 = mv(&r, Square::A1, Square::A8, None);
    for text in ["Ra8", "Лa8", "Тa8", "Ta8", "Նa8", "♖a8", "♜a8", "Ra8+"] {
        assert_eq!(parse_move(&r, text), Ok(ra8), "{text:?}");
    }
    // The Ukrainian file's eхf8N, with a Cyrillic х, and with a Cyrillic е as well.
    let p = pos("k4r2/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let exf8n = mv(&p, Square::E7, Square::F8, Some(Role::Knight));
    for text in [
        "exf8N", "eхf8N", "еxf8N", "ехf8N", "exf8=N", "ef8N", "eхf8К",
    ] {
        assert_eq!(parse_move(&p, text), Ok(exf8n), "{text:?}");
    }
    // German D is the queen; d is a file.
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(
        parse_move(&p, "Dh5"),
        Ok(mv(&p, Square::D1, Square::H5, None))
    );
    assert_eq!(
        parse_move(&p, "d4"),
        Ok(mv(&p, Square::D2, Square::D4, None))
    );
    // A lower-case b is the b-pawn when it can go there.
    let p = pos("rnbqkbnr/ppp1pppp/8/8/2p5/1P6/P1PPPPPP/RNBQKBNR w KQkq - 0 3");
    assert_eq!(
        parse_move(&p, "bc4"),
        Ok(mv(&p, Square::B3, Square::C4, None))
    );
}

#[test]
fn ambiguity_names_each_candidate_in_san() {
    let p = pos("4k3/8/8/8/8/8/8/2K1N1N1 w - - 0 1");
    assert_eq!(err(&p, "Nf3"), "\"Nf3\" is ambiguous: Nef3 or Ngf3");
    let p = pos("2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1");
    assert_eq!(err(&p, "Qe1"), "\"Qe1\" is ambiguous: Q1e1, Qee1 or Qh4e1");
    assert_eq!(err(&p, "Qhe1"), "\"Qhe1\" is ambiguous: Q1e1 or Qh4e1");
    assert_eq!(
        parse_move_in(&p, "De1", Lang::De).unwrap_err().to_string(),
        "\"De1\" is ambiguous: D1e1, Dee1 or Dh4e1",
        "moves are named in the preferred language"
    );
    // A pinned knight does not count (C.10 looks at legal moves only).
    let p = pos("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1");
    let nc3 = mv(&p, Square::B1, Square::C3, None);
    assert_eq!(parse_move(&p, "Nc3"), Ok(nc3));
    assert_eq!(san(&p, &nc3), "Nc3");
}

fn err_of(p: &Position, text: &str) -> MoveError {
    parse_move(p, text).unwrap_err()
}

#[test]
fn syntax_errors_say_where_the_text_stops_making_sense() {
    let start = Position::new();
    let cases = [
        (
            "Nf9",
            "\"Nf9\" is not a move: \"9\" at character 3 is not a rank (1-8)",
        ),
        (
            "Ni3",
            "\"Ni3\" is not a move: \"i\" at character 2 is not a file (a-h)",
        ),
        (
            "z4",
            "\"z\" at character 1 is not a piece letter or a square",
        ),
        (
            "N",
            "\"N\" is not a move: it ends where a square such as e4 should follow",
        ),
        (
            "Nf",
            "\"Nf\" is not a move: it ends where a rank (1-8) should follow",
        ),
        (
            "e4zz",
            "\"e4zz\" is not a move: \"z\" at character 3 does not belong to a move",
        ),
        (
            "Nx",
            "\"Nx\" is not a move: it ends where a square such as e4 should follow",
        ),
        (
            "e8=",
            "it ends where the piece the pawn becomes (Q, R, B or N) should follow",
        ),
        (
            "e8=Z",
            "\"Z\" at character 4 is not the piece the pawn becomes (Q, R, B or N)",
        ),
        ("e8(Q", "it ends where a closing bracket should follow"),
        (
            "O-O-O-O",
            "\"O-O-O-O\" is not a move: castling is written 0-0 or 0-0-0",
        ),
        ("0", "\"0\" is not a move: castling is written 0-0 or 0-0-0"),
        (
            "+",
            "\"+\" is not a move: \"+\" at character 1 is not a piece letter or a square",
        ),
        (
            "N+",
            "\"N+\" is not a move: \"+\" at character 2 is not a square such as e4",
        ),
        (
            "Nf3 Nc6",
            "\"Nf3 Nc6\" is not a move: \"N\" at character 5 does not belong to a move",
        ),
        (
            "e9",
            "\"e9\" is not a move: \"9\" at character 2 is not a rank (1-8)",
        ),
        (
            "e2e",
            "\"e2e\" is not a move: \"e\" at character 3 does not belong to a move",
        ),
    ];
    for (text, expected) in cases {
        let e = err(&start, text);
        assert!(e.contains(expected), "{text:?}: {e}");
        assert!(
            matches!(err_of(&start, text), MoveError::Syntax(_)),
            "{text:?}"
        );
    }
    assert_eq!(
        err(&start, ""),
        "nothing was entered: type a move such as e4, Nf3 or 0-0"
    );
    assert_eq!(err_of(&start, "  \t "), MoveError::Empty);
    assert_eq!(
        err(&start, "e4(=)"),
        "\"e4(=)\" is not a move: (=) marks a draw offer; enter the move on its own and offer the draw separately"
    );
}

#[test]
fn no_such_piece() {
    let start = Position::new();
    assert_eq!(err(&start, "Nh5"), "no white knight can move to h5");
    assert_eq!(err(&start, "e5"), "no white pawn can move to e5");
    // The queen moves that way, but the e-pawn is in the way: that man is named.
    assert_eq!(
        err(&start, "Qh5"),
        "the white queen on d1 cannot move to h5: the white pawn on e2 is in the way"
    );
    assert_eq!(err(&start, "Qb5"), "no white queen can move to b5");
    assert_eq!(
        err(&start, "Ra1a4"),
        "the white rook on a1 cannot move to a4: the white pawn on a2 is in the way"
    );
    // Two rooks each kept from d4 by a man: neither is named.
    let rooks =
        Position::from_fen("4k3/8/8/8/R2p1p1R/8/8/4K3 w - - 0 1", Default::default()).unwrap();
    assert_eq!(err(&rooks, "Re4"), "no white rook can move to e4");
    assert_eq!(err(&start, "dxe3"), "no white pawn can move to e3");
    assert_eq!(err(&start, "Nc1d3"), "there is no white knight on c1");
    assert_eq!(err(&start, "e3e4"), "there is no piece on e3");
    assert_eq!(
        err(&start, "e7e5"),
        "the black pawn on e7 is not yours: it is White's move"
    );
    assert_eq!(
        err(&start, "g1g3"),
        "the white knight on g1 cannot move to g3"
    );
    assert_eq!(
        err(&start, "Nd2"),
        "no white knight can move to d2: the white pawn stands there"
    );
    let rook_beside = pos("4k3/8/8/8/8/8/8/4KR2 w - - 0 1");
    assert_eq!(
        err(&rook_beside, "Kf1"),
        "no white king can move to f1: the white rook stands there"
    );
    let black = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(err(&black, "Nh6f5"), "there is no black knight on h6");
    assert_eq!(err(&black, "e6e5"), "there is no piece on e6");
    assert_eq!(
        err(&black, "d2d3"),
        "the white pawn on d2 is not yours: it is Black's move"
    );
}

#[test]
fn moves_that_would_leave_the_king_in_check() {
    let pinned = pos("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(
        err(&pinned, "Bb5"),
        "Bb5 would leave the white king in check: the bishop on e2 is pinned by the black rook on e8"
    );
    assert!(matches!(err_of(&pinned, "e2b5"), MoveError::Pinned { .. }));
    assert_eq!(
        parse_move_in(&pinned, "Lb5", Lang::De).unwrap_err().to_string(),
        "Lb5 would leave the white king in check: the bishop on e2 is pinned by the black rook on e8"
    );

    let in_check = pos("4r1k1/8/8/8/8/8/8/1N2K3 w - - 0 1");
    assert_eq!(
        err(&in_check, "Nc3"),
        "Nc3 does not get the white king out of check"
    );
    assert_eq!(
        err(&in_check, "Ke2"),
        "Ke2 does not get the white king out of check"
    );
    assert!(parse_move(&in_check, "Kd2").is_ok());

    let into = pos("3r2k1/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        err(&into, "Kd1"),
        "Kd1 would move the white king into check"
    );
    assert_eq!(
        err(&into, "e1d2"),
        "Kd2 would move the white king into check"
    );

    // En passant that takes both pawns off the king's rank: no single man is pinned. The
    // position keeps its en passant square only while the capture is legal, so whether the
    // refusal can name the exposed king depends on it; either way the words must be exact.
    let ep = pos("6k1/8/8/KPp4r/8/8/8/8 w - c6 0 2");
    for text in ["bxc6", "b5c6"] {
        let e = err_of(&ep, text);
        let expected = match e {
            MoveError::ExposesKing { .. } => "bxc6 would leave the white king in check",
            MoveError::NoPiece { .. } => "no white pawn can move to c6",
            MoveError::CannotReach { .. } => "the white pawn on b5 cannot move to c6",
            ref other => panic!("{text}: unexpected {other:?}"),
        };
        assert_eq!(e.to_string(), expected);
    }
}

#[test]
fn castling_refusals_name_the_failing_condition() {
    let cases = [
        // 3.8.2.1: rights lost for good.
        ("r3k2r/8/8/8/8/8/8/R4K1R w kq - 0 1", "0-0", "White cannot castle kingside: the king has already moved"),
        ("r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1", "O-O", "White cannot castle kingside: the rook from h1 has moved or been captured"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", "White cannot castle kingside: that rook has already moved"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "O-O-O", "White cannot castle queenside: the king or that rook has already moved"),
        ("r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1", "O-O", "Black cannot castle kingside: the rook from h8 has moved or been captured"),
        // 3.8.2.2: bars for this move only.
        (vichess::rules::STARTING_FEN, "O-O", "White cannot castle kingside: the white bishop on f1 is in the way"),
        (vichess::rules::STARTING_FEN, "0-0-0", "White cannot castle queenside: the white knight on b1 is in the way"),
        (vichess::rules::STARTING_FEN, "e1g1", "White cannot castle kingside: the white bishop on f1 is in the way"),
        ("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "White cannot castle kingside: the king is in check"),
        ("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "White cannot castle kingside: the king would cross f1, which the black rook on f8 attacks"),
        ("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Kg1", "White cannot castle kingside: the king would cross f1, which the black rook on f8 attacks"),
        ("6rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "White cannot castle kingside: the king would land on g1, which the black rook on g8 attacks"),
        ("6rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", "White cannot castle kingside: the king would land on g1, which the black rook on g8 attacks"),
        ("2r3k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", "White cannot castle queenside: the king would land on c1, which the black rook on c8 attacks"),
    ];
    for (fen, text, expected) in cases {
        let p = pos(fen);
        assert_eq!(err(&p, text), expected, "{text} in {fen}");
        assert!(matches!(err_of(&p, text), MoveError::Castling { .. }));
    }
    // Chess960: the rook that stands on the king's castling square blocks the other castling.
    let p = pos960(CHESS960);
    assert_eq!(
        err(&p, "O-O"),
        "White cannot castle kingside: the white rook on f1 is in the way"
    );
    assert_eq!(
        err(&p, "O-O-O"),
        "White cannot castle queenside: the white bishop on d1 is in the way"
    );
}

#[test]
fn promotion_errors() {
    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    for text in ["e8", "e7e8", "e7-e8"] {
        assert_eq!(
            err(&p, text),
            format!("\"{text}\" does not say what the pawn becomes on e8: choose a queen, rook, bishop or knight")
        );
    }
    assert_eq!(
        err(&p, "e8K"),
        "a pawn cannot become a king: choose a queen, rook, bishop or knight"
    );
    assert_eq!(
        err(&p, "e8=P"),
        "a pawn cannot become a pawn: choose a queen, rook, bishop or knight"
    );
    let start = Position::new();
    assert_eq!(
        err(&start, "e4Q"),
        "a pawn is promoted only on the last rank, and e4 is not on white's last rank"
    );
    assert_eq!(
        err(&start, "Nf3Q"),
        "only a pawn can be promoted, not a knight"
    );
    assert_eq!(
        err(&start, "g1f3q"),
        "only a pawn can be promoted, not a knight"
    );
    let black = pos(PROMOTION_BLACK);
    assert_eq!(
        err(&black, "b1"),
        "\"b1\" does not say what the pawn becomes on b1: choose a queen, rook, bishop or knight"
    );
    assert_eq!(
        err(&black, "g8Q").to_string(),
        "a pawn is promoted only on the last rank, and g8 is not on black's last rank"
    );
}

#[test]
fn san_type_parses_without_a_position() {
    assert_eq!(
        San::from_str("Nbd7").unwrap(),
        San::Normal {
            role: Role::Knight,
            file: Some(vichess::rules::File::B),
            rank: None,
            capture: false,
            to: Square::D7,
            promotion: None,
        }
    );
    assert_eq!(
        San::parse("e7e8q").unwrap(),
        San::Coordinates {
            from: Square::E7,
            capture: false,
            to: Square::E8,
            promotion: Some(Role::Queen)
        }
    );
    assert_eq!(
        San::parse("0-0-0").unwrap(),
        San::Castle(vichess::rules::CastlingSide::QueenSide)
    );
    assert_eq!(San::parse("exd5").unwrap().to_string(), "exd5");
    assert_eq!(San::parse("e8Q").unwrap().to_string(), "e8=Q");
    assert_eq!(San::parse_in("Kf3", Lang::Uk).unwrap().to_string(), "Kf3");
    assert_eq!(San::parse_in("Кf3", Lang::Uk).unwrap().to_string(), "Nf3");
    let start = Position::new();
    assert_eq!(
        San::parse("Nf3").unwrap().to_move(&start),
        Ok(mv(&start, Square::G1, Square::F3, None))
    );
}

/// Item 1 of issue 11: every piece letter of every language, read with every language
/// preferred, names the man it names in its own script, never a look-alike's man. Each
/// man is sent to a square only it can reach, so a wrong reading cannot hide.
#[test]
fn every_piece_letter_means_its_own_piece_under_every_preferred_language() {
    let p = pos("7k/8/8/8/Q7/8/P7/R3KBN1 w - - 0 1");
    let legal = p.legal_moves();
    let only = |role: Role| {
        legal
            .iter()
            .find(|m| {
                m.role() == role
                    && m.promotion().is_none()
                    && legal.iter().filter(|o| o.to() == m.to()).count() == 1
            })
            .copied()
            .unwrap_or_else(|| panic!("the test position has no square only a {role:?} reaches"))
    };
    let mut checked = 0;
    for written in Lang::ALL {
        for role in [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ] {
            let m = only(role);
            let text = format!(
                "{}{}",
                written.symbol(role, vichess::rules::Color::White),
                m.to()
            );
            for preferred in Lang::ALL {
                assert_eq!(
                    parse_move_in(&p, &text, preferred),
                    Ok(m),
                    "{text:?} written in {written}, read with {preferred} preferred"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 6 * 5 * 6);
}

/// Item 1 of issue 11: `Ke2` in a Ukrainian or Russian game after 1. e4 e5 could be the
/// king (Latin K) or the knight (a Cyrillic К typed on a Latin keyboard): both are legal,
/// so neither is played and both are named. Typed in Cyrillic it is the knight.
#[test]
fn latin_k_that_two_readings_make_different_moves_is_refused_as_ambiguous() {
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let king = mv(&p, Square::E1, Square::E2, None);
    let knight = mv(&p, Square::G1, Square::E2, None);
    for lang in [Lang::Uk, Lang::Ru] {
        match parse_move_in(&p, "Ke2", lang) {
            Err(MoveError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates, ["Крe2", "Кe2"], "{lang}")
            }
            other => panic!("{lang}: Ke2 gave {other:?}"),
        }
        assert_eq!(parse_move_in(&p, "Кe2", lang), Ok(knight), "{lang}");
        assert_eq!(parse_move_in(&p, "Крe2", lang), Ok(king), "{lang}");
    }
    for lang in [Lang::En, Lang::De, Lang::Hy, Lang::Figurine] {
        assert_eq!(parse_move_in(&p, "Ke2", lang), Ok(king), "{lang}");
        assert_eq!(parse_move_in(&p, "Кe2", lang), Ok(knight), "{lang}");
    }
    // Only the king can go there: a Latin K is the king, with no second reading.
    let start = Position::new();
    assert!(parse_move_in(&start, "Kf3", Lang::Ru).is_err());
}

/// Issue 24.3: a typed move's capture mark must be true (8.1.1), while a missing one is
/// allowed (C.9) and PGN files keep the lenient reading.
#[test]
fn a_capture_mark_on_no_capture_is_refused_only_by_the_strict_reading() {
    use vichess::rules::notation::parse_move_strict_in;
    let start = Position::new();
    let e = parse_move_strict_in(&start, "Nxf3", Lang::En).unwrap_err();
    assert!(
        matches!(e, MoveError::NoCapture { to: Square::F3, .. }),
        "{e:?}"
    );
    assert_eq!(e.to_string(), "no capture on f3; did you mean Nf3?");
    let e = parse_move_strict_in(&start, "Sxf3", Lang::De).unwrap_err();
    assert_eq!(e.to_string(), "no capture on f3; did you mean Sf3?");
    assert!(parse_move_strict_in(&start, "g1xf3", Lang::En).is_err());
    // The lenient reading (PGN import) still plays it.
    assert_eq!(
        parse_move(&start, "Nxf3").unwrap(),
        mv(&start, Square::G1, Square::F3, None)
    );
    // En passant takes on an empty square: a real capture.
    let ep = pos("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    assert_eq!(
        parse_move_strict_in(&ep, "exd6", Lang::En).unwrap(),
        mv(&ep, Square::E5, Square::D6, None)
    );
    // A capture written without x is correct notation (C.9): accepted.
    let take = pos("rnbqkbnr/ppp1pppp/8/3p4/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 2");
    assert!(parse_move_strict_in(&take, "Nd5", Lang::En)
        .unwrap()
        .is_capture());
    assert!(parse_move_strict_in(&take, "Nxd5", Lang::En)
        .unwrap()
        .is_capture());
}
