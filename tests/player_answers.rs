//! What a blind player found wanting in a play-through (session 32), now answered: a move
//! blocked by a man names that man; "which piece?" is answered with the one meant (its
//! square, file or place in the question); a pawn move to the last rank without its piece
//! asks for the piece instead of calling the move illegal, and a king named for it keeps the
//! move waiting. Pure sessions on simulated time: lines in, printed lines and the journal
//! out.

use vichess::rules::{CastlingMode, Position};
use vichess::session::{Session, SessionConfig};
use vichess::voice::Pack;

#[path = "common/session.rs"]
mod common_session;
use common_session::{printed, run};

fn game(pack: &str, fen: &str) -> Session {
    Session::new(
        SessionConfig::default(),
        Pack::builtin(pack).expect("built-in pack"),
        Position::from_fen(fen, CastlingMode::Standard).expect("FEN"),
        None,
    )
}

/// The moves the game holds, from-square and to-square ("e7e8", the piece apart).
fn moves(s: &Session) -> Vec<String> {
    s.state()
        .game()
        .moves()
        .iter()
        .map(|m| format!("{}{}", m.from(), m.to()))
        .collect()
}

/// A rook, a queen and a pawn kept from their square by a man on the way: the refusal says
/// which man stands where, in every language, and nothing is played.
#[test]
fn a_blocked_move_names_the_man_in_the_way() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let cases = [
        ("de", "Ta3", "auf a2 steht ein weißer Bauer im Weg"),
        ("en", "Ra1a3", "the white pawn on a2 is in the way"),
        (
            "ru",
            "Фd3",
            "не может пойти на дэ три: на дэ два стоит белая пешка",
        ),
        (
            "uk",
            "Фd1d3",
            "не може піти на де три: на де два стоїть білий пішак",
        ),
        ("hy", "Նa3", "a2 դաշտում կանգնած է սպիտակ զինվոր"),
    ];
    for (pack, typed, said) in cases {
        let mut s = game(pack, start);
        let out = run(&mut s, 0, &[typed]);
        let lines = printed(&out);
        assert!(
            lines.iter().any(|l| l.contains(said)),
            "{pack} {typed}: {lines:#?}"
        );
        // The short reason says the way is blocked, not that there is no such move.
        let short = [
            ("de", "regelwidriger Zug, der Weg ist versperrt"),
            ("en", "illegal move, the way is blocked"),
            ("ru", "невозможный ход, путь закрыт"),
            ("uk", "неможливий хід, шлях закритий"),
            ("hy", "անկանոն քայլ, ճանապարհը փակ է"),
        ];
        let want = short.iter().find(|(p, _)| *p == pack).map(|(_, w)| *w);
        assert_eq!(
            lines.first().map(String::as_str),
            want,
            "{pack}: {lines:#?}"
        );
        assert!(moves(&s).is_empty(), "{pack}: nothing played");
    }
    // A pawn straight onto a man: that man is named (e3 is free, e4 is not).
    let mut s = game("de", "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1");
    let lines = printed(&run(&mut s, 0, &["e4"]));
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("nach e4 ziehen: auf e4 steht ein schwarzer Bauer im Weg")),
        "{lines:#?}"
    );
}

/// Two knights can go to d2: after "which piece?" the player answers with the one meant,
/// by its square, its file, or its place in the question, in Ukrainian and German; an
/// answer that names neither changes nothing, and the question is not kept past another
/// move.
#[test]
fn which_piece_is_answered_with_the_one_meant() {
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    for (pack, typed, answer, want) in [
        ("uk", "Кd2", "перший", None),
        ("uk", "Кd2", "друга", None),
        ("uk", "Кd2", "бе один", Some("b1d2")),
        ("de", "Sd2", "Felix drei", Some("f3d2")),
        ("de", "Sd2", "Bella", Some("b1d2")),
        ("en", "Nd2", "the second", None),
    ] {
        let mut s = game(pack, fen);
        let out = run(&mut s, 0, &[typed, answer]);
        let played = moves(&s);
        assert_eq!(played.len(), 1, "{pack} {answer}: {:#?}", printed(&out));
        if let Some(want) = want {
            assert_eq!(played[0], want, "{pack} {answer}");
        }
    }
    // The first and the second are the two named, in the order named.
    let first = {
        let mut s = game("uk", fen);
        run(&mut s, 0, &["Кd2", "перший"]);
        moves(&s)
    };
    let second = {
        let mut s = game("uk", fen);
        run(&mut s, 0, &["Кd2", "другий"]);
        moves(&s)
    };
    assert_ne!(first, second);
    let mut s = game("uk", fen);
    let said = printed(&run(&mut s, 0, &["Кd2"])).join("\n");
    let first_named =
        if said.find("бе").unwrap_or(usize::MAX) < said.find("еф").unwrap_or(usize::MAX) {
            "b1d2"
        } else {
            "f3d2"
        };
    assert_eq!(first, vec![first_named.to_string()], "{said}");
    // An answer that names neither: nothing is played.
    let mut s = game("de", fen);
    let out = run(&mut s, 0, &["Sd2", "Cesar drei"]);
    assert!(moves(&s).is_empty(), "{:#?}", printed(&out));
}

/// "e8" for a pawn on e7 is not an illegal move but one without its piece: it is said so,
/// a king named for it is refused with the pieces it may become, and "Dame" after that
/// still makes the move.
#[test]
fn a_promotion_without_its_piece_waits_for_the_piece() {
    let mut s = game("de", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let out = run(&mut s, 0, &["e8", "König", "Dame"]);
    let lines = printed(&out);
    assert!(
        !lines.iter().any(|l| l.contains("regelwidrig")),
        "not called illegal: {lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Umwandlungsfigur nennen")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("ein Bauer kann nicht zu dieser Figur werden (König)")),
        "{lines:#?}"
    );
    assert_eq!(moves(&s), vec!["e7e8".to_string()], "{lines:#?}");
    assert_eq!(
        s.state().game().moves()[0].promotion(),
        Some(vichess::rules::Role::Queen)
    );
}

/// A player who is stuck (two lines in a row not understood) is told where the commands
/// are listed; one slip, or one after an understood line, stays short.
#[test]
fn a_second_line_not_understood_points_to_the_help() {
    let mut s = game(
        "ru",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let lines = printed(&run(&mut s, 0, &["абракадабра", "хочу пить", "e4", "бла"]));
    assert_eq!(
        lines,
        [
            "не понял",
            "не понял; «помощь» — список команд",
            "е четыре",
            "не понял"
        ]
    );
}

/// A question about the move stays open while the player asks something else (the time, a
/// slip of the keyboard), and "no" closes it without a move.
#[test]
fn a_question_about_the_move_outlives_other_lines_and_no_closes_it() {
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let mut s = game("ru", fen);
    let out = run(&mut s, 0, &["Кd2", "сколько", "б", "второй"]);
    assert_eq!(moves(&s).len(), 1, "{:#?}", printed(&out));
    let mut s = game("uk", fen);
    let out = run(&mut s, 0, &["Кd2", "ні", "перший"]);
    let lines = printed(&out);
    assert!(
        lines.iter().any(|l| l == "не виконано, нічого не змінено"),
        "{lines:#?}"
    );
    assert!(moves(&s).is_empty(), "no closed the question: {lines:#?}");
    let mut s = game("ru", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let out = run(&mut s, 0, &["e8", "сколько", "ферзь"]);
    assert_eq!(moves(&s), ["e7e8"], "{:#?}", printed(&out));
}

/// A man's word with a square typed on a Cyrillic keyboard ("ладья а3", "конь с3": the
/// Cyrillic а, с and е look like the files) is the move, as "Ла3" already was.
#[test]
fn a_spoken_man_with_a_cyrillic_square_is_the_move() {
    let mut s = game(
        "ru",
        "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1",
    );
    let out = run(&mut s, 0, &["а5", "ладья а3", "конь с6"]);
    assert_eq!(moves(&s), ["a7a5", "a1a3", "b8c6"], "{:#?}", printed(&out));
}

/// A square typed with the Cyrillic letter its file's name is heard as, after a man's word
/// ("кінь ф3", "слон г5", "ферзь ж4"), is the move, and "вертикаль д" the file: a Ukrainian
/// or Russian player types the letter they say. Alone ("д4") it is notation, and its reader
/// says there is no such square, as it does for "Кж3", rather than guess (offering the move
/// with the Latin letter to be typed).
#[test]
fn a_square_typed_with_the_cyrillic_letter_said_for_its_file_is_the_move() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut s = game("uk", start);
    let out = run(
        &mut s,
        0,
        &[
            "д4",
            "d4",
            "d5",
            "кінь ф3",
            "кінь ц6",
            "слон г5",
            "вертикаль д",
        ],
    );
    let lines = printed(&out);
    assert_eq!(
        lines[0], "на дошці немає поля «д4»; можливо, ви мали на увазі «d4»?",
        "{lines:#?}"
    );
    assert_eq!(
        moves(&s),
        ["d2d4", "d7d5", "g1f3", "b8c6", "c1g5"],
        "{lines:#?}"
    );
    let file = "вертикаль де: де один білий ферзь, де чотири білий пішак, де п'ять чорний пішак, \
                де вісім чорний ферзь";
    assert!(lines.iter().any(|l| l == file), "{lines:#?}");
    let mut s = game("ru", start);
    let out = run(&mut s, 0, &["e4", "e5", "ферзь ж4", "поле ж8"]);
    let lines = printed(&out);
    assert_eq!(moves(&s), ["e2e4", "e7e5", "d1g4"], "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("же восемь: чёрный конь")),
        "{lines:#?}"
    );
}

/// Castling said without its side ("рокировка", "Rochade", "castles") is the only castling
/// allowed (held as the king's move to the rook's square, "e1h1"); with both allowed the
/// player is asked which castling (not "which piece?": the king makes both), and "первый"
/// answers; with neither, the reason is said and nothing changes.
#[test]
fn castling_said_without_its_side_is_the_one_allowed_or_asked() {
    let both = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let mut s = game("ru", both);
    let out = run(&mut s, 0, &["рокировка", "первый"]);
    let lines = printed(&out);
    assert_eq!(
        lines[0], "короткая рокировка или длинная рокировка?",
        "{lines:#?}"
    );
    assert_eq!(moves(&s), ["e1h1"], "{lines:#?}");
    let mut s = game("de", both);
    let lines = printed(&run(&mut s, 0, &["Rochade"]));
    assert_eq!(lines[0], "kurze Rochade oder lange Rochade?", "{lines:#?}");
    assert!(moves(&s).is_empty());
    let mut s = game("de", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    run(&mut s, 0, &["Rochade"]);
    assert_eq!(moves(&s), ["e1h1"]);
    let mut s = game(
        "en",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let lines = printed(&run(&mut s, 0, &["castles"]));
    assert_eq!(
        lines,
        [
            "illegal move, castling not allowed",
            "White cannot castle kingside: the white bishop on f1 is in the way"
        ]
    );
    assert!(moves(&s).is_empty());
}

/// A square typed with a Cyrillic file letter ("б4" on a Russian keyboard) names no square
/// and plays nothing, but the refusal offers the move with the Latin letter when it is legal
/// here, to be typed: "возможно, вы имели в виду «b4»?". No such move, no offer, but the
/// square's Latin name, so the player knows how to type the move they meant.
#[test]
fn a_cyrillic_square_is_refused_with_the_latin_move_offered() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut s = game("ru", start);
    let lines = printed(&run(&mut s, 0, &["б4", "Кф3", "Кж5"]));
    assert_eq!(
        lines,
        [
            "на доске нет поля «б4»; возможно, вы имели в виду «b4»?",
            "на доске нет поля «ф3»; возможно, вы имели в виду «Кf3»?",
            "на доске нет поля «ж5»; поля пишутся латинскими буквами: «Кg5»",
        ]
    );
    assert!(moves(&s).is_empty());
}

/// The question between the two castlings is answered by the side alone, as a player says
/// it: "lange", "queenside", "длинная", "коротка", "կարճ".
#[test]
fn the_castling_question_is_answered_by_the_side_alone() {
    let both = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    for (pack, castle, answer, uci) in [
        ("de", "Rochade", "lange", "e1a1"),
        ("en", "castles", "queenside", "e1a1"),
        ("en", "castles", "short", "e1h1"),
        ("ru", "рокировка", "длинная", "e1a1"),
        ("uk", "рокіровка", "коротка", "e1h1"),
        ("hy", "փոխատեղում", "կարճ", "e1h1"),
    ] {
        let mut s = game(pack, both);
        let lines = printed(&run(&mut s, 0, &[castle, answer]));
        assert_eq!(moves(&s), [uci], "{pack} {answer}: {lines:#?}");
    }
}

/// "Did you mean …?" is a question: a yes as the next line plays the move offered, a no
/// declines it (nothing played), and any other line lets the offer go, so a later yes is
/// answered as a yes with nothing asked.
#[test]
fn a_did_you_mean_offer_is_answered_by_yes_or_no() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (pack, typed, yes, no, uci) in [
        ("ru", "б4", "да", "нет", "b2b4"),
        ("en", "Nxf3", "yes", "no", "g1f3"),
        ("uk", "Кф3", "так", "ні", "g1f3"),
    ] {
        let mut s = game(pack, start);
        let said = printed(&run(&mut s, 0, &[typed, yes]));
        assert!(said[0].ends_with('?'), "{pack}: an offer: {said:?}");
        assert_eq!(moves(&s), [uci], "{pack}: the yes plays it: {said:?}");

        let mut s = game(pack, start);
        let said = printed(&run(&mut s, 0, &[typed, no]));
        assert!(moves(&s).is_empty(), "{pack}: {said:?}");
        assert_eq!(said.len(), 2, "{pack}: the offer, then cancelled: {said:?}");

        let mut s = game(pack, start);
        let said = printed(&run(&mut s, 0, &[typed, "zzz", yes]));
        assert!(moves(&s).is_empty(), "{pack}: the offer lapsed: {said:?}");
    }
}
