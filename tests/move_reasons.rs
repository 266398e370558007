//! Why a move is refused, in every language (issue 24, item 11): the rules core's
//! `MoveError` carries the men and squares, the session says the reason in the game's words.
//! English reads as the rules core's own message; the others in their own words, with no
//! place left unfilled and no English left in.

use vichess::rules::notation::{CastlingRefusal, MoveError};
use vichess::rules::{CastlingSide, Color, Position, Role, Square};
use vichess::session::{move_error_words, Effect, Event, Session, SessionConfig, Stamp};
use vichess::voice::Pack;

/// One value of every reason the rules core gives (every castling bar too).
fn every_reason() -> Vec<MoveError> {
    let wq = Role::Queen.of(Color::White);
    let bb = Role::Bishop.of(Color::Black);
    let castling = |reason| MoveError::Castling {
        color: Color::White,
        side: CastlingSide::KingSide,
        reason,
    };
    vec![
        MoveError::Empty,
        MoveError::DrawOfferMark {
            text: "e4(=)".into(),
        },
        MoveError::NoPiece {
            piece: wq,
            to: Square::D5,
        },
        MoveError::NotThere {
            piece: wq,
            from: Square::D1,
        },
        MoveError::EmptySquare { from: Square::E4 },
        MoveError::NotYours {
            piece: bb,
            from: Square::C8,
            turn: Color::White,
        },
        MoveError::CannotReach {
            piece: wq,
            from: Square::D1,
            to: Square::E3,
        },
        MoveError::OwnManThere {
            piece: wq,
            to: Square::D2,
            occupant: Role::Pawn.of(Color::White),
        },
        MoveError::StillInCheck {
            san: "a3".into(),
            color: Color::White,
        },
        MoveError::Pinned {
            san: "Nd2".into(),
            color: Color::White,
            role: Role::Knight,
            from: Square::C3,
            pinner: bb,
            pinner_square: Square::B4,
        },
        MoveError::IntoCheck {
            san: "Kf2".into(),
            color: Color::White,
        },
        MoveError::ExposesKing {
            san: "exd6".into(),
            color: Color::White,
        },
        MoveError::Castling {
            color: Color::Black,
            side: CastlingSide::QueenSide,
            reason: CastlingRefusal::KingMoved,
        },
        castling(CastlingRefusal::RookGone(Square::H1)),
        castling(CastlingRefusal::RightLost),
        castling(CastlingRefusal::RookMoved),
        castling(CastlingRefusal::Occupied(
            Square::F1,
            Role::Bishop.of(Color::White),
        )),
        castling(CastlingRefusal::InCheck),
        castling(CastlingRefusal::Crosses {
            square: Square::F1,
            attacker: Some((bb, Square::A6)),
        }),
        castling(CastlingRefusal::LandsOn {
            square: Square::G1,
            attacker: None,
        }),
        MoveError::PromotionMissing {
            text: "e8".into(),
            to: Square::E8,
        },
        MoveError::BadPromotionPiece(Role::King),
        MoveError::NotLastRank {
            to: Square::E6,
            color: Color::White,
        },
        MoveError::NotAPawn(Role::Knight),
        MoveError::Blocked {
            piece: Role::Rook.of(Color::White),
            from: Square::A1,
            to: Square::A3,
            blocker: Role::Pawn.of(Color::White),
            at: Square::A2,
        },
    ]
}

fn pack(name: &str) -> Pack {
    Pack::builtin(name).unwrap()
}

/// The lines `line`, typed into `s` at the start, printed.
fn printed(s: &mut Session, line: &str) -> Vec<String> {
    s.handle(Event::Line(line.into()), Stamp::ZERO)
        .into_iter()
        .filter_map(|e| match e {
            Effect::Print(line) => Some(line),
            _ => None,
        })
        .collect()
}

#[test]
fn every_reason_is_said_in_every_language() {
    let en = pack("en");
    for e in every_reason() {
        let english = move_error_words(&en, &e).expect("a detailed reason");
        // English says what the rules core's own message says.
        assert_eq!(english.to_lowercase(), e.to_string().to_lowercase());
        for name in ["de", "de-fide", "uk", "ru", "hy"] {
            let said = move_error_words(&pack(name), &e).expect("a detailed reason");
            assert!(!said.contains(['{', '}']), "{name}: {said}");
            assert_ne!(said, english, "{name}");
            for english_word in [
                " the ", "king", "queen", "rook", "bishop", "knight", "pawn", "white", "black",
                "move", "check", "castle",
            ] {
                assert!(
                    !said.to_lowercase().contains(english_word),
                    "{name}: {english_word:?} in {said}"
                );
            }
            // Every square the reason names is in the sentence, in Cyrillic where the pack
            // announces moves in it ("дэ пять" as "конь дэ пять" says it).
            let p = pack(name);
            // (An example, "e4, Nf3 or 0-0", and the text typed are notation, not squares.)
            let notation = matches!(e, MoveError::Empty | MoveError::DrawOfferMark { .. });
            let san = match &e {
                MoveError::StillInCheck { san, .. }
                | MoveError::Pinned { san, .. }
                | MoveError::IntoCheck { san, .. }
                | MoveError::ExposesKing { san, .. } => san.as_str(),
                _ => "",
            };
            let named = english.split(|c: char| !c.is_ascii_alphanumeric());
            for sq in named.filter(|sq| !notation && !san.contains(sq)) {
                if let (2, Ok(square)) = (sq.len(), sq.parse::<Square>()) {
                    let words = if matches!(name, "uk" | "ru") {
                        p.text(&[
                            vichess::phrase::token::Token::File(square.file()),
                            vichess::phrase::token::Token::Rank(square.rank()),
                        ])
                    } else {
                        sq.to_string()
                    };
                    assert!(said.contains(&words), "{name}: {words} missing in {said}");
                }
            }
        }
    }
    let no_queen = &every_reason()[2];
    for (name, said) in [
        ("en", "no white queen can move to d5"),
        ("de", "eine weiße Dame kann nicht nach d5 ziehen"),
        ("ru", "белый ферзь не может пойти на дэ пять"),
        ("uk", "білий ферзь не може піти на де п'ять"),
        ("de-fide", "eine weiße Dame kann nicht nach d5 ziehen"),
        ("hy", "ոչ մի սպիտակ թագուհի չի կարող գնալ d5 դաշտ"),
    ] {
        assert_eq!(move_error_words(&pack(name), no_queen).unwrap(), said);
    }
    let crosses = &every_reason()[18];
    assert_eq!(
        move_error_words(&pack("ru"), crosses).unwrap(),
        "белые: короткая рокировка невозможна: король прошёл бы через эф один, которое \
         бьёт чёрный слон с а шесть"
    );
}

#[test]
fn a_game_prints_the_reason_in_its_own_language() {
    // b5 is on no line of the queen's (d5 would be, behind the d-pawn, which is named).
    for (name, said) in [
        ("ru", "белый ферзь не может пойти на бэ пять"),
        ("uk", "білий ферзь не може піти на бе п'ять"),
        ("de-fide", "eine weiße Dame kann nicht nach b5 ziehen"),
        ("de", "eine weiße Dame kann nicht nach b5 ziehen"),
        ("en", "no white queen can move to b5"),
    ] {
        let mut s = Session::new(SessionConfig::default(), pack(name), Position::new(), None);
        let lines = printed(&mut s, "Qb5");
        assert!(lines.iter().any(|l| l == said), "{name}: {lines:?}");
    }
}

/// A move of the side not on move (a blind player who lost track of the turn) is refused
/// with the turn as the reason, not as the side to move's man that cannot go there; a move
/// neither side could make keeps its own reason. The game does not change.
#[test]
fn a_move_of_the_side_not_on_move_is_refused_with_whose_move_it_is() {
    for (name, said) in [
        ("ru", "ход не в свою очередь: чёрные; белые ходят"),
        ("uk", "хід не в свою чергу: чорні; білі ходять"),
        ("de", "nicht am Zug: Schwarz; Weiß am Zug"),
        ("hy", "հիմա նրանց քայլը չէ՝ սևերը; սպիտակներն են քայլում"),
        ("en", "not on move: Black; White to move"),
    ] {
        let mut s = Session::new(SessionConfig::default(), pack(name), Position::new(), None);
        let lines = printed(&mut s, "e5");
        assert_eq!(lines, vec![said.to_string()], "{name}");
        assert_eq!(s.position(), &Position::new(), "{name}");
        // Qd5 is neither side's move here: the man's own reason stays.
        let lines = printed(&mut s, "Qd5");
        assert!(!lines.iter().any(|l| l.contains(said)), "{name}: {lines:?}");
    }
}

/// A man pinned against its king: the short line says the king would be in check (it is not
/// in check now), and the detail names the pin, in every language.
#[test]
fn a_pinned_man_is_refused_with_the_right_reason_in_every_language() {
    for (name, short, detail) in [
        (
            "de",
            "regelwidriger Zug, der König stünde im Schach",
            "nach Sb3 stünde der König im Schach: die Figur auf d2, ein weißer Springer, ist \
             gefesselt (schwarzer Läufer auf c3)",
        ),
        (
            "en",
            "illegal move, the king would be in check",
            "Nb3 would leave the white king in check: the knight on d2 is pinned by the black \
             bishop on c3",
        ),
        (
            "uk",
            "неможливий хід, король опиниться під шахом",
            "після Кb3 білий король опинився б під шахом: кінь на де два у зв'язці (чорний \
             слон на це три)",
        ),
        (
            "ru",
            "невозможный ход, король окажется под шахом",
            "после Кb3 белый король оказался бы под шахом: конь на дэ два в связке (чёрный \
             слон на цэ три)",
        ),
        (
            "hy",
            "անկանոն քայլ, արքան շախի տակ կլիներ",
            "Ձb3 քայլից հետո սպիտակ արքան շախի տակ կլիներ։ d2 դաշտի ձին կապված է (սև փիղ՝ c3 \
             դաշտում)",
        ),
    ] {
        let mut s = Session::new(SessionConfig::default(), pack(name), Position::new(), None);
        let mut printed = Vec::new();
        for line in [
            "e4", "e5", "d4", "Bb4+", "c3", "Bxc3+", "Nd2", "Qe7", "Nd2b3",
        ] {
            printed = s
                .handle(Event::Line(line.into()), Stamp::ZERO)
                .into_iter()
                .filter_map(|e| match e {
                    Effect::Print(line) => Some(line),
                    _ => None,
                })
                .collect();
        }
        assert_eq!(printed, [short, detail], "{name}");
    }
}

/// German names a man in a sentence with its article: "dort steht ein schwarzer Bauer",
/// "eine weiße Dame", never the bare label ("dort steht schwarzer Bauer"); the king of the
/// side moving is "der König". Both German packs, every reason that names a man.
#[test]
fn german_reasons_name_a_man_with_its_article() {
    let reasons = every_reason();
    let black_knight_onto_pawn = MoveError::OwnManThere {
        piece: Role::Knight.of(Color::Black),
        to: Square::D7,
        occupant: Role::Pawn.of(Color::Black),
    };
    for name in ["de", "de-fide"] {
        let p = pack(name);
        let said = |e: &MoveError| move_error_words(&p, e).unwrap();
        assert_eq!(
            said(&black_knight_onto_pawn),
            "ein schwarzer Springer kann nicht nach d7 ziehen: dort steht ein schwarzer Bauer"
        );
        for (e, want) in [
            (&reasons[2], "eine weiße Dame kann nicht nach d5 ziehen"),
            (&reasons[3], "eine weiße Dame steht nicht auf d1"),
            (
                &reasons[5],
                "die Figur auf c8, ein schwarzer Läufer, gehört nicht dir: Weiß ist am Zug",
            ),
            (
                &reasons[6],
                "die Figur auf d1, eine weiße Dame, kann nicht nach e3 ziehen",
            ),
            (
                &reasons[7],
                "eine weiße Dame kann nicht nach d2 ziehen: dort steht ein weißer Bauer",
            ),
            (&reasons[8], "nach a3 steht der König weiter im Schach"),
            (&reasons[10], "mit Kf2 zöge der König ins Schach"),
            (&reasons[11], "nach exd6 stünde der König im Schach"),
            (
                &reasons[16],
                "Weiß: kurze Rochade nicht möglich: auf f1 steht ein weißer Läufer im Weg",
            ),
        ] {
            assert_eq!(said(e), want, "{name}");
        }
        for e in &reasons {
            let text = said(e);
            for bare in ["weißer", "weiße ", "schwarzer", "schwarze "] {
                if let Some(at) = text.find(bare) {
                    // Only in brackets, as a label ("(schwarzer Läufer auf c3)"), or after
                    // its article.
                    let before = &text[..at];
                    assert!(
                        before.ends_with("ein ")
                            || before.ends_with("eine ")
                            || before.rfind('(') > before.rfind(')'),
                        "{name}: {text}"
                    );
                }
            }
        }
    }
}

/// Armenian: the king of these sentences is the one king of the side moving, so it takes the
/// definite article ("սպիտակ արքան շախի տակ կլիներ", not "սպիտակ արքա").
#[test]
fn armenian_names_the_king_with_its_article() {
    let reasons = every_reason();
    let hy = pack("hy");
    for (e, want) in [
        (&reasons[8], "a3 քայլից հետո սպիտակ արքան մնում է շախի տակ"),
        (&reasons[10], "Kf2 քայլով սպիտակ արքան կմտներ շախի տակ"),
        (
            &reasons[11],
            "exd6 քայլից հետո սպիտակ արքան շախի տակ կլիներ",
        ),
    ] {
        assert_eq!(move_error_words(&hy, e).unwrap(), want);
    }
}

/// Armenian: the square is where a man goes, the object of "գնալ" after it ("չի կարող գնալ
/// d5 դաշտ"), never the subject before it ("d5 դաշտ չի կարող գնալ": "the square d5 cannot
/// go"); a man missing from a square is said as the empty square is ("d1 դաշտում ... չկա").
#[test]
fn armenian_sends_the_man_to_the_square() {
    let reasons = every_reason();
    let hy = pack("hy");
    for (e, want) in [
        (&reasons[2], "ոչ մի սպիտակ թագուհի չի կարող գնալ d5 դաշտ"),
        (&reasons[3], "d1 դաշտում սպիտակ թագուհի չկա"),
        (&reasons[4], "e4 դաշտում խաղաքար չկա"),
        (
            &reasons[5],
            "c8 դաշտի սև փիղը ձերը չէ։ քայլում են սպիտակները",
        ),
        (
            &reasons[6],
            "d1 դաշտից սպիտակ թագուհին չի կարող գնալ e3 դաշտ",
        ),
        (
            &reasons[7],
            "ոչ մի սպիտակ թագուհի չի կարող գնալ d2 դաշտ։ այնտեղ կանգնած է սպիտակ զինվոր",
        ),
    ] {
        let said = move_error_words(&hy, e).unwrap();
        assert_eq!(said, want);
        assert!(!said.contains("դաշտ չի"), "{said}");
    }
}
