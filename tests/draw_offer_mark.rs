//! FIDE 8.1.5, C.12 (the laws' 9.1.2.3 digest): both players write "(=)" after the move in
//! which a draw was offered. The mark is on every move list vichess shows or writes: the
//! console's `moves` (said in words, as the offer is announced), the PGN (a comment that
//! opens with the mark), and what is read back from that PGN (the braille scoresheet, the
//! dictated one) and from the journal (a resumed game).

use vichess::braille::sheet::{rows, SheetOptions};
use vichess::pgn::read_game;
use vichess::rules::notation::Lang;
use vichess::rules::Position;
use vichess::session::{Audience, Effect, Session, SessionConfig};
use vichess::voice::dictate::dictate;
use vichess::voice::render::{ClipBank, RenderOptions};
use vichess::voice::Pack;

#[path = "common/session.rs"]
mod common_session;
use common_session::{journal, printed, run};

fn pack(name: &str) -> Pack {
    Pack::builtin(name).expect("built-in pack")
}

/// The texts said to the player, as the pack prints their phrases.
fn said(effects: &[Effect], pack: &Pack) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Say {
                audience: Audience::Player,
                phrase,
                ..
            } => Some(pack.text(phrase)),
            _ => None,
        })
        .collect()
}

/// White offers a draw after 1. e4 (before pressing, the proper moment), Black declines by
/// playing 1... e5; White plays 2. Nf3 and Black offers after 2... Nc6.
struct Case {
    name: &'static str,
    lang: Lang,
    lines: [&'static str; 6],
    /// The `moves` lines.
    sheet: [&'static str; 2],
    /// How the first `moves` line is said.
    heard: &'static str,
    /// The PGN's movetext, on one line, up to the end of move 2.
    movetext: &'static str,
}

const CASES: [Case; 2] = [
    Case {
        name: "de-fide",
        lang: Lang::De,
        lines: [
            "e4",
            "remis anbieten weiß",
            "e5",
            "Sf3",
            "Sc6",
            "remis anbieten schwarz",
        ],
        sheet: ["1. e4 (=) e5", "2. Sf3 Sc6 (=)"],
        heard: "Eva vier, Remisangebot: Weiß; Eva fünf",
        movetext: "1. e4 {(=) Remisangebot: Weiß} 1... e5 2. Nf3 Nc6 {(=) Remisangebot: Schwarz}",
    },
    Case {
        name: "ru",
        lang: Lang::Ru,
        lines: [
            "e4",
            "ничья предложить белые",
            "e5",
            "Кf3",
            "Кc6",
            "ничья предложить черные",
        ],
        sheet: ["1. e4 (=) e5", "2. Кf3 Кc6 (=)"],
        heard: "е четыре, белые предлагают ничью; е пять",
        movetext:
            "1. e4 {(=) белые предлагают ничью} 1... e5 2. Nf3 Nc6 {(=) чёрные предлагают ничью}",
    },
];

#[test]
fn the_moves_command_marks_a_draw_offer_and_says_it_in_words() {
    for case in CASES {
        let p = pack(case.name);
        let mut s = Session::new(SessionConfig::default(), p.clone(), Position::new(), None);
        run(&mut s, 0, &case.lines);
        let out = run(&mut s, 10_000, &["moves"]);
        // The scoresheet, then Black's offer, not yet answered, in Black's name.
        let still_open = p.text(&[vichess::phrase::token::Token::Word(
            vichess::phrase::token::Word::StillOpen,
        )]);
        let lines = printed(&out);
        assert_eq!(lines[..2], case.sheet, "{}", case.name);
        assert_eq!(lines.len(), 3, "{}: {lines:?}", case.name);
        let black_offers = p.text(&vichess::phrase::events::draw_offer_phrase(
            vichess::rules::Color::Black,
        ));
        assert_eq!(
            lines[2],
            format!("{black_offers}, {still_open}"),
            "{}",
            case.name
        );
        let heard = said(&out, &p);
        assert_eq!(
            heard.first().map(String::as_str),
            Some(case.heard),
            "{}",
            case.name
        );
        assert!(
            heard[1].ends_with(&p.text(&vichess::phrase::events::draw_offer_phrase(
                vichess::rules::Color::Black
            ))),
            "{}: {heard:?}",
            case.name
        );
    }
}

#[test]
fn the_pgn_keeps_the_offer_and_reads_back_with_the_mark() {
    for case in CASES {
        let p = pack(case.name);
        let mut s = Session::new(SessionConfig::default(), p.clone(), Position::new(), None);
        run(&mut s, 0, &case.lines);
        let pgn = s.pgn();
        let movetext = pgn.replace('\n', " ");
        assert!(
            movetext.contains(case.movetext),
            "{}: {movetext}",
            case.name
        );
        // Read back: the marks are on the same moves, and the braille sheet's rows and the
        // dictated scoresheet show them.
        let game = read_game(&pgn).unwrap().unwrap();
        let marked: Vec<bool> = game.main.moves.iter().map(|m| m.offers_draw()).collect();
        assert_eq!(marked, [true, false, false, true], "{}", case.name);
        let sheet: Vec<String> = rows(&game, case.lang, &SheetOptions::default())
            .into_iter()
            .map(|r| r.parts.join(" "))
            .collect();
        let n = sheet.len();
        assert_eq!(sheet[n - 2..], case.sheet, "{}: {sheet:?}", case.name);
        let bank = ClipBank::load(&p, &RenderOptions::default()).0;
        let dictated = dictate(&game, &p, &bank);
        let first = &dictated.lines[0];
        assert!(first.contains(" (=), "), "{}: {first}", case.name);
    }
}

#[test]
fn a_resumed_game_shows_the_mark_again() {
    for case in CASES {
        let mut s = Session::new(
            SessionConfig::default(),
            pack(case.name),
            Position::new(),
            None,
        );
        let lines = journal(&run(&mut s, 1_000, &case.lines));
        let mut r =
            Session::resume(SessionConfig::default(), pack(case.name), &lines).expect("resume");
        let out = run(&mut r, 20_000, &["moves"]);
        let printed = printed(&out);
        // The sheet, then the offer still open.
        assert_eq!(
            printed[printed.len() - 3..][..2],
            case.sheet,
            "{}",
            case.name
        );
    }
}

/// An offer made before the offerer's own move (valid, though not the proper moment,
/// 9.1.2.1) goes with the move the offerer makes next, the move the opponent may wait to
/// see: "2. Sf3 (=)". Until that move comes, the PGN keeps it after the last move, in the
/// offerer's name, so a game saved or resumed meanwhile keeps it; then it moves on.
#[test]
fn an_offer_before_ones_move_is_marked_with_the_move_made_next() {
    let p = pack("de-fide");
    let mut s = Session::new(SessionConfig::default(), p.clone(), Position::new(), None);
    let played = run(&mut s, 0, &["e4", "e5", "remis anbieten weiß"]);
    // `moves` marks no move yet: a bare "(=)" after 1... e5 would read as Black's offer.
    // The offer is said on its own line, in White's name.
    let out = run(&mut s, 5_000, &["moves"]);
    assert_eq!(
        printed(&out),
        ["1. e4 e5", "Remisangebot: Weiß, noch offen"]
    );
    let movetext = s.pgn().replace('\n', " ");
    assert!(
        movetext.contains("1. e4 e5 {(=) Remisangebot: Weiß}"),
        "{movetext}"
    );

    // Resumed before White's move: the offer is still White's, and goes with 2. Sf3.
    let lines = journal(&played);
    let mut r = Session::resume(SessionConfig::default(), pack("de-fide"), &lines).expect("resume");
    run(&mut r, 20_000, &["Sf3", "Sc6"]);
    let out = run(&mut r, 30_000, &["moves"]);
    assert_eq!(printed(&out), ["1. e4 e5", "2. Sf3 (=) Sc6"]);
    let movetext = r.pgn().replace('\n', " ");
    assert!(
        movetext.contains("1. e4 e5 2. Nf3 {(=) Remisangebot: Weiß} 2... Nc6"),
        "{movetext}"
    );
}

/// An offer made before one's move, then the moves before it taken back: it was made in a
/// position the record no longer has, so no move of the record is marked with it (a
/// play-through found "(=) draw offer: White" on Black's first move, where nobody offered).
#[test]
fn an_offer_made_in_a_position_taken_back_marks_no_move() {
    let p = pack("en");
    let mut s = Session::new(SessionConfig::default(), p, Position::new(), None);
    run(
        &mut s,
        0,
        &[
            "e4",
            "Nf6",
            "f4",
            "Nxe4",
            "draw offer white",
            "draw decline black",
            "takeback white",
            "yes",
        ],
    );
    let out = run(&mut s, 5_000, &["moves"]);
    assert_eq!(printed(&out), ["1. e4 Nf6"]);
    let movetext = s.pgn().replace('\n', " ");
    assert!(!movetext.contains("(=)"), "{movetext}");
    // An offer made after that is marked as usual.
    run(&mut s, 6_000, &["d4", "draw offer white", "e6"]);
    let movetext = s.pgn().replace('\n', " ");
    assert!(movetext.contains("2. d4 {(=)"), "{movetext}");

    // Still open when the moves are taken back: it lapses, said so, and is neither left
    // "still open" nor marked on the next move (a play-through's second finding).
    let mut s = Session::new(SessionConfig::default(), pack("en"), Position::new(), None);
    run(&mut s, 0, &["e4", "e5", "Nf3", "Nc6", "draw offer white"]);
    let out = run(&mut s, 1_000, &["takeback black", "yes"]);
    assert!(
        printed(&out)
            .iter()
            .any(|l| l == "the draw offer lapses with the take-back: White"),
        "{:?}",
        printed(&out)
    );
    let out = run(&mut s, 2_000, &["moves"]);
    assert_eq!(printed(&out), ["1. e4 e5", "2. Nf3"]);
    run(&mut s, 3_000, &["Bc5"]);
    let out = run(&mut s, 4_000, &["Bc4", "moves"]);
    assert_eq!(printed(&out)[1..], ["1. e4 e5", "2. Nf3 Bc5", "3. Bc4"]);
    let movetext = s.pgn().replace('\n', " ");
    assert!(!movetext.contains("(=)"), "{movetext}");
}
