//! Phrases for every kind of move, in every shipped pack, and event and read-out phrases.

use vichess::phrase::announce::{de_fide_text, move_phrase, move_phrase_with, AnnounceOptions};
use vichess::rules::notation::parse_move;
use vichess::rules::{CastlingMode, Position};
use vichess::voice::{Pack, PACK_NAMES};

fn pack(name: &str) -> Pack {
    Pack::builtin(name).unwrap_or_else(|e| panic!("{e}"))
}

fn line(pack: &Pack, fen: &str, mv: &str) -> String {
    let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
    let m = parse_move(&pos, mv).unwrap_or_else(|e| panic!("{mv} in {fen}: {e}"));
    pack.text(&move_phrase(&pos, &m))
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// (what, FEN, move, [de-fide, en, de, uk, ru, hy])
const CASES: &[(&str, &str, &str, [&str; 6])] = &[
    (
        "pawn",
        START,
        "e4",
        ["Eva vier", "e4", "e4", "е чотири", "е четыре", "e4"],
    ),
    (
        "piece",
        START,
        "Nf3",
        [
            "Springer Felix drei",
            "knight f3",
            "Springer f3",
            "кінь еф три",
            "конь эф три",
            "ձի f3",
        ],
    ),
    (
        "pawn capture",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "exd5",
        [
            "Eva schlägt David fünf",
            "e takes d5",
            "e schlägt d5",
            "е б'є де п'ять",
            "е бьёт дэ пять",
            "e վերցնում է d5",
        ],
    ),
    (
        "piece capture with check",
        "rn1qkbnr/ppp2ppp/3p4/4p3/2B1P1b1/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 4",
        "Bxf7+",
        [
            "Läufer schlägt Felix sieben Schach",
            "bishop takes f7, check",
            "Läufer schlägt f7, Schach",
            "слон б'є еф сім, шах",
            "слон бьёт эф семь, шах",
            "փիղ վերցնում է f7, շախ",
        ],
    ),
    (
        "by file",
        "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1",
        "Ngf3",
        [
            "Springer Gustav Felix drei",
            "knight g f3",
            "Springer g f3",
            "кінь же еф три",
            "конь же эф три",
            "ձի g f3",
        ],
    ),
    (
        "by rank",
        "3R4/8/7k/8/8/8/8/3R2K1 w - - 0 1",
        "R1d4",
        [
            "Turm eins David vier",
            "rook 1 d4",
            "Turm 1 d4",
            "тура один де чотири",
            "ладья один дэ четыре",
            "նավակ 1 d4",
        ],
    ),
    (
        "by square",
        "8/8/7k/8/Q2Q4/8/8/Q5K1 w - - 0 1",
        "Qa4d1",
        [
            "Dame Anna vier David eins",
            "queen a4 d1",
            "Dame a4 d1",
            "ферзь а чотири де один",
            "ферзь а четыре дэ один",
            "թագուհի a4 d1",
        ],
    ),
    (
        "check",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "Ra8+",
        [
            "Turm Anna acht Schach",
            "rook a8, check",
            "Turm a8, Schach",
            "тура а вісім, шах",
            "ладья а восемь, шах",
            "նավակ a8, շախ",
        ],
    ),
    (
        "mate",
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        "Qh4#",
        [
            "Dame Hector vier Matt",
            "queen h4, checkmate",
            "Dame h4, matt",
            "ферзь аш чотири, мат",
            "ферзь аш четыре, мат",
            "թագուհի h4, մատ",
        ],
    ),
    (
        "short castling",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "O-O",
        [
            "Kurze Rochade",
            "castles kingside",
            "kurze Rochade",
            "коротка рокіровка",
            "короткая рокировка",
            "կարճ փոխատեղում",
        ],
    ),
    (
        "long castling",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "O-O-O",
        [
            "Lange Rochade",
            "castles queenside",
            "lange Rochade",
            "довга рокіровка",
            "длинная рокировка",
            "երկար փոխատեղում",
        ],
    ),
    (
        "en passant",
        "rnbqkbnr/pp2pppp/2p5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "exd6",
        [
            "Eva schlägt David sechs en passant",
            "e takes d6 en passant",
            "e schlägt d6 en passant",
            "е б'є де шість на проході",
            "е бьёт дэ шесть на проходе",
            "e վերցնում է d6 անցումով",
        ],
    ),
    (
        "queen promotion",
        "k7/3P4/8/8/8/8/8/4K3 w - - 0 1",
        "d8=Q+",
        [
            "David acht Dame Schach",
            "d8 queen, check",
            "d8 Dame, Schach",
            "де вісім ферзь, шах",
            "дэ восемь ферзь, шах",
            "d8 թագուհի, շախ",
        ],
    ),
    (
        "rook promotion",
        "k7/3P4/8/8/8/8/8/4K3 w - - 0 1",
        "d8=R+",
        [
            "David acht Turm Schach",
            "d8 rook, check",
            "d8 Turm, Schach",
            "де вісім тура, шах",
            "дэ восемь ладья, шах",
            "d8 նավակ, շախ",
        ],
    ),
    (
        "bishop promotion",
        "k7/3P4/8/8/8/8/8/4K3 w - - 0 1",
        "d8=B",
        [
            "David acht Läufer",
            "d8 bishop",
            "d8 Läufer",
            "де вісім слон",
            "дэ восемь слон",
            "d8 փիղ",
        ],
    ),
    (
        "knight promotion",
        "k7/3P4/8/8/8/8/8/4K3 w - - 0 1",
        "d8=N",
        [
            "David acht Springer",
            "d8 knight",
            "d8 Springer",
            "де вісім кінь",
            "дэ восемь конь",
            "d8 ձի",
        ],
    ),
    (
        "promotion with capture and check",
        "k1r5/3P4/8/8/8/8/8/4K3 w - - 0 1",
        "dxc8=Q+",
        [
            "David schlägt Cesar acht Dame Schach",
            "d takes c8 queen, check",
            "d schlägt c8 Dame, Schach",
            "де б'є це вісім ферзь, шах",
            "дэ бьёт цэ восемь ферзь, шах",
            "d վերցնում է c8 թագուհի, շախ",
        ],
    ),
];

#[test]
fn every_kind_of_move_in_every_pack() {
    let packs: Vec<Pack> = PACK_NAMES.iter().map(|p| pack(p)).collect();
    for (what, fen, mv, want) in CASES {
        for (p, want) in packs.iter().zip(want) {
            assert_eq!(
                line(p, fen, mv),
                *want,
                "{what} ({mv}) in pack {}",
                p.name()
            );
        }
    }
}

#[test]
fn the_demo_table_and_the_de_fide_pack_print_the_same_line() {
    let fide = pack("de-fide");
    for (what, fen, mv, _) in CASES {
        let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
        let m = parse_move(&pos, mv).unwrap();
        let phrase = move_phrase(&pos, &m);
        assert_eq!(de_fide_text(&phrase), fide.text(&phrase), "{what}");
    }
}

fn with(fen: &str, mv: &str, opts: AnnounceOptions, p: &Pack) -> String {
    let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
    let m = parse_move(&pos, mv).unwrap();
    p.text(&move_phrase_with(&pos, &m, opts))
}

#[test]
fn options_pawn_word_and_full_from_square() {
    let fide = pack("de-fide");
    let pawn = AnnounceOptions {
        pawn_word: true,
        ..AnnounceOptions::default()
    };
    assert_eq!(with(START, "e4", pawn, &fide), "Bauer Eva vier");
    let ep = "rnbqkbnr/pp2pppp/2p5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(
        with(ep, "exd6", pawn, &fide),
        "Bauer Eva schlägt David sechs en passant"
    );
    let full = AnnounceOptions {
        full_from_square: true,
        ..AnnounceOptions::default()
    };
    assert_eq!(
        with(START, "Nf3", full, &fide),
        "Springer Gustav eins Felix drei"
    );
    assert_eq!(with(START, "e4", full, &fide), "Eva zwei Eva vier");
    assert_eq!(with(START, "e4", full, &pack("en")), "e2 e4");
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(with(castle, "O-O", full, &fide), "Kurze Rochade");
    let both = AnnounceOptions {
        pawn_word: true,
        full_from_square: true,
    };
    assert_eq!(with(START, "e4", both, &pack("en")), "pawn e2 e4");
}

#[test]
fn configured_capture_check_and_mate_words() {
    use vichess::phrase::token::Token;
    let mut fide = pack("de-fide");
    fide.set_word(Token::Captures, "nimmt");
    fide.set_word(Token::Check, "Schach!");
    let fen = "rn1qkbnr/ppp2ppp/3p4/4p3/2B1P1b1/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 4";
    assert_eq!(
        line(&fide, fen, "Bxf7+"),
        "Läufer nimmt Felix sieben Schach!"
    );
    // A changed word has no clip any more: system speech says it.
    assert_eq!(fide.clip_path(Token::Captures), None);
}

#[test]
fn spoken_text_never_lets_an_engine_misread_a_letter() {
    let en = pack("en");
    let fen = "rn1qkbnr/ppp2ppp/3p4/4p3/2B1P1b1/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 4";
    let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
    let m = parse_move(&pos, "Bxf7+").unwrap();
    assert_eq!(
        en.spoken_text(&move_phrase(&pos, &m)),
        "bishop takes eff seven, check"
    );
    let m = parse_move(&Position::new(), "c4").unwrap();
    assert_eq!(
        en.spoken_text(&move_phrase(&Position::new(), &m)),
        "see four"
    );
    let hy = pack("hy");
    assert_eq!(
        hy.spoken_text(&move_phrase(&Position::new(), &m)),
        "ցե չորս"
    );
    assert_eq!(hy.text(&move_phrase(&Position::new(), &m)), "c4");
}

mod events {
    use super::pack;
    use vichess::phrase::events::*;
    use vichess::rules::game::{ClaimKind, Status};
    use vichess::rules::notation::parse_move;
    use vichess::rules::{Color, Piece, Position, Role, Square};

    #[test]
    fn game_ends() {
        let en = pack("en");
        let fide = pack("de-fide");
        let mate = Status::Checkmate {
            winner: Color::Black,
        };
        assert_eq!(en.text(&status_phrase(mate)), "checkmate, Black wins");
        assert_eq!(fide.text(&status_phrase(mate)), "Matt, Schwarz gewinnt");
        assert_eq!(
            en.text(&status_phrase(Status::Stalemate)),
            "stalemate, draw"
        );
        assert_eq!(
            pack("ru").text(&status_phrase(Status::DeadPosition)),
            "мёртвая позиция, ничья"
        );
        assert!(status_phrase(Status::Ongoing).is_empty());
        assert_eq!(
            pack("de").text(&claim_phrase(ClaimKind::ThreefoldRepetition)),
            "dreifache Stellungswiederholung, Remis"
        );
        assert_eq!(
            en.text(&flag_fall_phrase(Color::White, true)),
            "White's flag fell, Black wins"
        );
        assert_eq!(
            en.text(&flag_fall_phrase(Color::White, false)),
            "White's flag fell, draw"
        );
        assert_eq!(
            pack("uk").text(&resign_phrase(Color::White)),
            "білі здалися"
        );
    }

    #[test]
    fn illegal_moves_say_why() {
        let pos = Position::new();
        let err = parse_move(&pos, "Ke2").unwrap_err();
        let why = Refusal::from_move_error(&err);
        assert_eq!(why, Refusal::NoSuchMove, "{err}");
        assert_eq!(
            pack("en").text(&illegal_move_phrase(why)),
            "illegal move, no such move"
        );
        let pinned = Position::from_fen(
            "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
            vichess::rules::CastlingMode::Standard,
        )
        .unwrap();
        let err = parse_move(&pinned, "Nc3").unwrap_err();
        assert_eq!(
            Refusal::from_move_error(&err),
            Refusal::KingInCheck,
            "{err}"
        );
        assert_eq!(
            pack("de-fide").text(&illegal_move_phrase(Refusal::KingInCheck)),
            "regelwidriger Zug, der König stünde im Schach"
        );
        let err = parse_move(&pos, "xyz").unwrap_err();
        assert_eq!(
            Refusal::from_move_error(&err),
            Refusal::NotUnderstood,
            "{err}"
        );
    }

    #[test]
    fn touched_penalty_and_clock() {
        let knight = Piece {
            color: Color::White,
            role: Role::Knight,
        };
        assert_eq!(
            pack("de-fide").text(&touched_phrase(knight, Square::G1)),
            "berührt: weißer Springer Gustav eins"
        );
        assert_eq!(
            pack("ru").text(&touch_move_phrase(knight, Square::G1)),
            "взялся, ходи, белый конь же один"
        );
        assert_eq!(
            pack("en").text(&time_added_phrase(Color::Black, 120_000)),
            "time added: Black, two minutes"
        );
        assert_eq!(
            pack("de").text(&penalty_phrase(Color::White, 60_000)),
            "Zeitstrafe: Weiß, eine Minute"
        );
        assert_eq!(
            pack("en").text(&clock_phrase(3_600_000, 3_000_000)),
            "White: one hour; Black: fifty minutes"
        );
        assert_eq!(pack("de").text(&move_count_phrase(12)), "zwölf Züge");
    }

    #[test]
    fn board_guidance_in_each_language_order() {
        let expected = *Position::new().board();
        let mut actual = expected;
        let knight = actual.remove_piece_at(Square::G1).unwrap();
        actual.set_piece_at(Square::F3, knight);
        let say = |name: &str| {
            let p = pack(name);
            p.text(&board_guidance(&actual, &expected, p.grammar()))
        };
        assert_eq!(
            say("en"),
            "the boards differ: remove white knight from f3; put white knight on g1"
        );
        assert_eq!(
            say("de"),
            "die Bretter stimmen nicht überein: weißen Springer von f3 entfernen; weißen Springer auf g1 setzen"
        );
        assert_eq!(
            say("ru"),
            "доски не совпадают: убрать белого коня с эф три; поставить белого коня на же один"
        );
        assert_eq!(
            say("hy"),
            "տախտակները չեն համընկնում՝ սպիտակ ձին f3 դաշտից հանել; սպիտակ ձին g1 դաշտին դնել"
        );
        assert_eq!(
            pack("en").text(&board_guidance(&expected, &expected, pack("en").grammar())),
            "position correct"
        );
    }
}

mod readouts {
    use super::pack;
    use vichess::phrase::readout::*;
    use vichess::rules::{CastlingMode, File, Position, Rank, Role, Square};

    fn board(fen: &str) -> vichess::rules::Board {
        *Position::from_fen(fen, CastlingMode::Standard)
            .unwrap()
            .board()
    }

    #[test]
    fn whole_board_grouped_by_colour_then_kind() {
        let b = board("6k1/5ppp/8/8/8/8/5PPP/R2Q1RK1 w - - 0 1");
        assert_eq!(
            pack("en").text(&board_readout(&b)),
            "White: king g1; queen d1; rooks a1 and f1; pawns f2, g2 and h2. Black: king g8; pawns f7, g7 and h7"
        );
        assert_eq!(
            pack("de-fide").text(&board_readout(&b)),
            "Weiß: König Gustav eins; Dame David eins; Türme Anna eins und Felix eins; Bauern Felix zwei, Gustav zwei und Hector zwei. Schwarz: König Gustav acht; Bauern Felix sieben, Gustav sieben und Hector sieben"
        );
    }

    #[test]
    fn rank_file_square_and_where() {
        let b = *Position::new().board();
        let en = pack("en");
        assert_eq!(en.text(&rank_readout(&b, Rank::FOURTH)), "rank 4: empty");
        assert_eq!(
            en.text(&file_readout(&b, File::E)),
            "file e: e1 white king, e2 white pawn, e7 black pawn, e8 black king"
        );
        assert_eq!(en.text(&square_readout(&b, Square::D8)), "d8: black queen");
        assert_eq!(en.text(&square_readout(&b, Square::D4)), "d4: empty");
        assert_eq!(
            en.text(&where_readout(&b, Role::Knight)),
            "White: knights b1 and g1. Black: knights b8 and g8"
        );
        let lone = board("4k3/8/8/8/8/8/8/4KN2 w - - 0 1");
        assert_eq!(
            pack("ru").text(&where_readout(&lone, Role::Knight)),
            "белые: конь эф один. чёрные: коней нет"
        );
    }
}

#[test]
fn the_same_line_twice_still_differs() {
    use vichess::phrase::repeat::LineRepeater;
    let mut r = LineRepeater::new();
    let a = r.line("Springer Felix drei");
    let b = r.line("Springer Felix drei");
    assert_ne!(a, b);
    // A no-break space in front, neither shown nor said (phrase::repeat).
    assert_eq!(b, format!("\u{a0}{a}"));
}

#[test]
fn clock_events_said_aloud() {
    use vichess::phrase::events::clock_event_phrase;
    use vichess::rules::clock::ClockEvent;
    use vichess::rules::Color;
    let en = pack("en");
    let fell = ClockEvent::FlagFell {
        side: Color::Black,
        at: 1,
        move_number: 40,
        period: 1,
    };
    assert_eq!(
        en.text(&clock_event_phrase(&fell).unwrap()),
        "Black's flag fell"
    );
    let period = ClockEvent::PeriodStarted {
        side: Color::White,
        period: 2,
        added: 30 * 60_000,
        at: 1,
    };
    assert_eq!(
        pack("uk").text(&clock_event_phrase(&period).unwrap()),
        "білі: період 2, плюс тридцять хвилин"
    );
    assert_eq!(clock_event_phrase(&ClockEvent::Stopped { at: 5 }), None);
}

/// Guidance on a board that cannot tell men apart names what it can: "remove the man from
/// d5", never "remove from d5" (a play-through on an occupancy-only pegboard), in each
/// language's order and case.
#[test]
fn a_man_the_board_cannot_name_is_still_the_object_of_remove() {
    use vichess::board::tracker::Fix;
    use vichess::board::Sensed;
    use vichess::rules::{Color, Role, Square};
    let fixes = [
        Fix::Remove {
            what: Sensed::Occupied { color: None },
            square: Square::D5,
        },
        Fix::Put {
            piece: Role::King.of(Color::Black),
            square: Square::E7,
        },
    ];
    for (name, want) in [
        ("en", "remove the man from d5; put black king on e7"),
        (
            "de",
            "die Figur von d5 entfernen; schwarzen König auf e7 setzen",
        ),
        (
            "de-fide",
            "die Figur von David fünf entfernen; schwarzen König auf Eva sieben setzen",
        ),
        (
            "ru",
            "убрать фигуру с дэ пять; поставить чёрного короля на е семь",
        ),
        (
            "uk",
            "прибрати фігуру з де п'ять; поставити чорного короля на е сім",
        ),
    ] {
        let p = pack(name);
        let said = p.text(&vichess::session::guidance_phrase(&fixes, p.grammar()));
        assert_eq!(said, want, "{name}");
    }
    let hy = pack("hy");
    let said = hy.text(&vichess::session::guidance_phrase(
        &fixes[..1],
        hy.grammar(),
    ));
    assert!(said.starts_with("խաղաքարը "), "{said}");
}

/// A simple delay and a Bronstein delay are said apart, so an arbiter hears which one the
/// clock was set to (both were "delay five seconds").
#[test]
fn the_two_delays_are_named_apart() {
    use vichess::phrase::control::control_phrase;
    use vichess::rules::clock::TimeControl;
    for (lang, delay, bronstein) in [
        (
            "de",
            "eine Minute, Verzögerung fünf Sekunden",
            "eine Minute, Bronstein-Verzögerung fünf Sekunden",
        ),
        (
            "en",
            "one minute, delay five seconds",
            "one minute, Bronstein delay five seconds",
        ),
        (
            "ru",
            "одна минута, задержка пять секунд",
            "одна минута, задержка Бронштейна пять секунд",
        ),
    ] {
        let p = pack(lang);
        for (control, said) in [("1m;d5s", delay), ("1m;b5s", bronstein)] {
            let control = TimeControl::parse_any(control).unwrap();
            assert_eq!(
                p.text(&control_phrase(&control, p.grammar())),
                said,
                "{lang}"
            );
        }
    }
}
