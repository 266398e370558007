//! Issue 15: the board read-outs, asked in every language from scripted positions (the
//! Ruy Lopez exchange, a Chess960 position with castling, a promotion), answered to the
//! player alone in the pack's words.

use vichess::rules::clock::TimeControl;
use vichess::rules::{CastlingMode, Position};
use vichess::session::{Audience, Effect, Event, Session, SessionConfig, Stamp};
use vichess::voice::Pack;

const PACKS: [&str; 6] = ["en", "de", "de-fide", "uk", "ru", "hy"];

/// A session in `pack` from `fen` (Chess960 when asked), with `moves` played and pressed.
fn game(pack: &str, fen: Option<&str>, chess960: bool, moves: &[&str]) -> Session {
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let start = fen.map_or_else(Position::new, |f| Position::from_fen(f, mode).expect("fen"));
    let control = TimeControl::parse("300").expect("control");
    let pack = Pack::builtin(pack).expect("built-in pack");
    let mut s = Session::new(SessionConfig::default(), pack, start, Some(control));
    s.set_tag("Black", "Anna Weiss");
    s.handle(Event::Line(String::new()), Stamp::ZERO);
    for (i, m) in moves.iter().enumerate() {
        for line in [*m, "press"] {
            s.handle(
                Event::Line(line.to_string()),
                Stamp::from_millis(i as u64 * 1000),
            );
        }
    }
    s
}

/// The printed answer to `line`; every spoken part of it goes to the player alone.
fn ask(s: &mut Session, line: &str) -> Vec<String> {
    let out = s.handle(Event::Line(line.to_string()), Stamp::from_millis(60_000));
    for e in &out {
        match e {
            Effect::Say { audience, .. } => assert_eq!(*audience, Audience::Player, "{line}"),
            Effect::Journal(j) => panic!("{line} changed the game: {j}"),
            _ => {}
        }
    }
    out.iter()
        .filter_map(|e| match e {
            Effect::Print(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

const CHESS960: &str = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1";

const PROMOTION: &str = "7k/P7/8/8/8/8/6K1/8 w - - 0 1";

const RUY: &[&str] = &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6"];

/// Each question in each language's own words (English, German, Ukrainian, Russian,
/// Armenian), asked in order in one game after `RUY`.
const QUESTIONS: &[[&str; 5]] = &[
    ["turn", "zug", "черга", "очередь", "հերթ"],
    ["opponent", "gegner", "суперник", "соперник", "մրցակից"],
    [
        "where white knights",
        "wo weiße Springer",
        "де білі коні",
        "где белые кони",
        "որտեղ սպիտակ ձիեր",
    ],
    ["p N", "p S", "p N", "p N", "p N"],
    ["p b", "p b", "p b", "p b", "p b"],
    [
        "where black",
        "wo schwarz",
        "де чорні",
        "где черные",
        "որտեղ սև",
    ],
    ["where knight", "wo S", "де коні", "где кони", "որտեղ ձի"],
    [
        "diagonals c4",
        "diagonalen c4",
        "діагоналі c4",
        "диагонали c4",
        "անկյունագծեր c4",
    ],
    [
        "around e4",
        "umgebung e4",
        "навколо e4",
        "вокруг e4",
        "շուրջը e4",
    ],
    [
        "legal f3",
        "legal f3",
        "можливі f3",
        "возможные f3",
        "հնարավոր f3",
    ],
    [
        "legal e6",
        "legal e6",
        "можливі e6",
        "возможные e6",
        "հնարավոր e6",
    ],
    ["captures", "schlagzüge", "взяття", "взятия", "վերցումներ"],
    ["checks", "schachgebote", "шахи", "шахи", "շախեր"],
    [
        "attackers e5",
        "angreifer e5",
        "нападники e5",
        "нападающие e5",
        "հարձակվողներ e5",
    ],
    [
        "defenders e5",
        "verteidiger e5",
        "захисники e5",
        "защитники e5",
        "պաշտպաններ e5",
    ],
    [
        "attackers d4",
        "angreifer d4",
        "нападники d4",
        "нападающие d4",
        "հարձակվողներ d4",
    ],
    [
        "last capture",
        "letzter Schlagzug",
        "останнє взяття",
        "последнее взятие",
        "վերջին վերցում",
    ],
    ["back", "rückwärts", "назад", "назад", "հետ"],
    ["back", "rückwärts", "назад", "назад", "հետ"],
    ["forward", "vorwärts", "вперед", "вперёд", "առաջ"],
    ["cursor", "cursor", "курсор", "курсор", "կուրսոր"],
    ["up", "hoch", "вгору", "вверх", "վեր"],
    [
        "up left",
        "hoch links",
        "вгору ліворуч",
        "вверх влево",
        "վեր ձախ",
    ],
    [
        "next knight",
        "nächster Springer",
        "наступний кінь",
        "следующий конь",
        "հաջորդ ձի",
    ],
    [
        "cursor h8",
        "cursor h8",
        "курсор h8",
        "курсор h8",
        "կուրսոր h8",
    ],
    ["up", "hoch", "вгору", "вверх", "վեր"],
    ["repeat", "wiederholen", "повторити", "повторить", "կրկնել"],
];

/// The language column of `QUESTIONS` a pack's player writes in.
fn column(pack: &str) -> usize {
    match pack {
        "en" => 0,
        "de" | "de-fide" => 1,
        "uk" => 2,
        "ru" => 3,
        _ => 4,
    }
}

/// The answers, pack by pack, in the order `answers` asks: the questions of `QUESTIONS`
/// after `RUY`, then `legal` in the Chess960 position, then `legal` and `checks` after the
/// promotion position.
const ANSWERS: &[(&str, &[&[&str]])] = &[
    (
        "en",
        &[
            // turn
            &["White to move"],
            // opponent
            &["opponent: Black, four minutes fifty-six seconds", "Anna Weiss"],
            // where white knights
            &["White: knights b1 and f3"],
            // p N
            &["\u{a0}White: knights b1 and f3"],
            // p b
            &["Black: bishops c8 and f8"],
            // where black
            &["Black: king e8; queen d8; rooks a8 and h8; bishops c8 and f8; knight g8; pawns a6, b7, c6, c7, e5, f7, g7 and h7"],
            // where knight
            &["White: knights b1 and f3. Black: knight g8"],
            // diagonals c4
            &["diagonal a2 g8: a2 white pawn, f7 black pawn, g8 black knight", "diagonal f1 a6: a6 black pawn"],
            // around e4
            &["around e4: e5 black pawn, f3 white knight", "knight squares from e4: d2 white pawn, f2 white pawn"],
            // legal f3
            &["moves from f3: knight g1; knight d4; knight h4; knight g5; knight takes e5"],
            // legal e6
            &["e6: empty"],
            // captures
            &["captures: knight takes e5"],
            // checks
            &["checks: no moves"],
            // attackers e5
            &["attackers of e5: f3 white knight"],
            // defenders e5
            &["defenders of e5: none"],
            // attackers d4
            &["attackers of d4: f3 white knight, e5 black pawn, d8 black queen"],
            // last capture
            &["last capture: d takes c6"],
            // back
            &["4... d takes c6"],
            // back
            &["4. bishop takes c6"],
            // forward
            &["4... d takes c6"],
            // cursor
            &["e4, light square, white pawn"],
            // up
            &["e5, dark square, black pawn"],
            // up left
            &["d6, dark square, empty"],
            // next knight
            &["g8, light square, black knight"],
            // cursor h8
            &["h8, dark square, black rook"],
            // up
            &["edge of the board"],
            // repeat
            &["\u{a0}edge of the board"],
            // legal d1
            &["moves from d1: king c1; king e1; castles kingside; castles queenside"],
            // legal a7
            &["moves from a7: a8 queen, check; a8 rook, check; a8 bishop; a8 knight"],
            // checks
            &["checks: a8 queen, check; a8 rook, check"],
        ],
    ),
    (
        "de",
        &[
            // zug
            &["Weiß am Zug"],
            // gegner
            &["Gegner: Schwarz, vier Minuten sechsundfünfzig Sekunden", "Anna Weiss"],
            // wo weiße Springer
            &["Weiß: Springer b1 und f3"],
            // p S
            &["\u{a0}Weiß: Springer b1 und f3"],
            // p b
            &["Schwarz: Bauern a6, b7, c6, c7, e5, f7, g7 und h7"],
            // wo schwarz
            &["Schwarz: König e8; Dame d8; Türme a8 und h8; Läufer c8 und f8; Springer g8; Bauern a6, b7, c6, c7, e5, f7, g7 und h7"],
            // wo S
            &["Weiß: Springer b1 und f3. Schwarz: Springer g8"],
            // diagonalen c4
            &["Diagonale a2 g8: a2 weißer Bauer, f7 schwarzer Bauer, g8 schwarzer Springer", "Diagonale f1 a6: a6 schwarzer Bauer"],
            // umgebung e4
            &["rund um e4: e5 schwarzer Bauer, f3 weißer Springer", "Springerfelder von e4: d2 weißer Bauer, f2 weißer Bauer"],
            // legal f3
            &["Züge von f3: Springer g1; Springer d4; Springer h4; Springer g5; Springer schlägt e5"],
            // legal e6
            &["e6: leer"],
            // schlagzüge
            &["Schlagzüge: Springer schlägt e5"],
            // schachgebote
            &["Schachgebote: keine Züge"],
            // angreifer e5
            &["Angreifer von e5: f3 weißer Springer"],
            // verteidiger e5
            &["Verteidiger von e5: keine"],
            // angreifer d4
            &["Angreifer von d4: f3 weißer Springer, e5 schwarzer Bauer, d8 schwarze Dame"],
            // letzter Schlagzug
            &["letzter Schlagzug: d schlägt c6"],
            // rückwärts
            &["4... d schlägt c6"],
            // rückwärts
            &["4. Läufer schlägt c6"],
            // vorwärts
            &["4... d schlägt c6"],
            // cursor
            &["e4, helles Feld, weißer Bauer"],
            // hoch
            &["e5, dunkles Feld, schwarzer Bauer"],
            // hoch links
            &["d6, dunkles Feld, leer"],
            // nächster Springer
            &["g8, helles Feld, schwarzer Springer"],
            // cursor h8
            &["h8, dunkles Feld, schwarzer Turm"],
            // hoch
            &["Brettrand"],
            // wiederholen
            &["\u{a0}Brettrand"],
            // legal d1
            &["Züge von d1: König c1; König e1; kurze Rochade; lange Rochade"],
            // legal a7
            &["Züge von a7: a8 Dame, Schach; a8 Turm, Schach; a8 Läufer; a8 Springer"],
            // schachgebote
            &["Schachgebote: a8 Dame, Schach; a8 Turm, Schach"],
        ],
    ),
    (
        "de-fide",
        &[
            // zug
            &["Weiß am Zug"],
            // gegner
            &["Gegner: Schwarz, vier Minuten sechsundfünfzig Sekunden", "Anna Weiss"],
            // wo weiße Springer
            &["Weiß: Springer Bella eins und Felix drei"],
            // p S
            &["\u{a0}Weiß: Springer Bella eins und Felix drei"],
            // p b
            &["Schwarz: Bauern Anna sechs, Bella sieben, Cesar sechs, Cesar sieben, Eva fünf, Felix sieben, Gustav sieben und Hector sieben"],
            // wo schwarz
            &["Schwarz: König Eva acht; Dame David acht; Türme Anna acht und Hector acht; Läufer Cesar acht und Felix acht; Springer Gustav acht; Bauern Anna sechs, Bella sieben, Cesar sechs, Cesar sieben, Eva fünf, Felix sieben, Gustav sieben und Hector sieben"],
            // wo S
            &["Weiß: Springer Bella eins und Felix drei. Schwarz: Springer Gustav acht"],
            // diagonalen c4
            &["Diagonale Anna zwei Gustav acht: Anna zwei weißer Bauer, Felix sieben schwarzer Bauer, Gustav acht schwarzer Springer", "Diagonale Felix eins Anna sechs: Anna sechs schwarzer Bauer"],
            // umgebung e4
            &["rund um Eva vier: Eva fünf schwarzer Bauer, Felix drei weißer Springer", "Springerfelder von Eva vier: David zwei weißer Bauer, Felix zwei weißer Bauer"],
            // legal f3
            &["Züge von Felix drei: Springer Gustav eins; Springer David vier; Springer Hector vier; Springer Gustav fünf; Springer schlägt Eva fünf"],
            // legal e6
            &["Eva sechs: leer"],
            // schlagzüge
            &["Schlagzüge: Springer schlägt Eva fünf"],
            // schachgebote
            &["Schachgebote: keine Züge"],
            // angreifer e5
            &["Angreifer von Eva fünf: Felix drei weißer Springer"],
            // verteidiger e5
            &["Verteidiger von Eva fünf: keine"],
            // angreifer d4
            &["Angreifer von David vier: Felix drei weißer Springer, Eva fünf schwarzer Bauer, David acht schwarze Dame"],
            // letzter Schlagzug
            &["letzter Schlagzug: David schlägt Cesar sechs"],
            // rückwärts
            &["4... David schlägt Cesar sechs"],
            // rückwärts
            &["4. Läufer schlägt Cesar sechs"],
            // vorwärts
            &["4... David schlägt Cesar sechs"],
            // cursor
            &["Eva vier, helles Feld, weißer Bauer"],
            // hoch
            &["Eva fünf, dunkles Feld, schwarzer Bauer"],
            // hoch links
            &["David sechs, dunkles Feld, leer"],
            // nächster Springer
            &["Gustav acht, helles Feld, schwarzer Springer"],
            // cursor h8
            &["Hector acht, dunkles Feld, schwarzer Turm"],
            // hoch
            &["Brettrand"],
            // wiederholen
            &["\u{a0}Brettrand"],
            // legal d1
            &["Züge von David eins: König Cesar eins; König Eva eins; Kurze Rochade; Lange Rochade"],
            // legal a7
            &["Züge von Anna sieben: Anna acht Dame Schach; Anna acht Turm Schach; Anna acht Läufer; Anna acht Springer"],
            // schachgebote
            &["Schachgebote: Anna acht Dame Schach; Anna acht Turm Schach"],
        ],
    ),
    (
        "uk",
        &[
            // черга
            &["білі ходять"],
            // суперник
            &["суперник: чорні, чотири хвилини п'ятдесят шість секунд", "Anna Weiss"],
            // де білі коні
            &["білі: коні бе один і еф три"],
            // p N
            &["\u{a0}білі: коні бе один і еф три"],
            // p b
            &["чорні: слони це вісім і еф вісім"],
            // де чорні
            &["чорні: король е вісім; ферзь де вісім; тури а вісім і аш вісім; слони це вісім і еф вісім; кінь же вісім; пішаки а шість, бе сім, це шість, це сім, е п'ять, еф сім, же сім і аш сім"],
            // де коні
            &["білі: коні бе один і еф три. чорні: кінь же вісім"],
            // діагоналі c4
            &["діагональ а два же вісім: а два білий пішак, еф сім чорний пішак, же вісім чорний кінь", "діагональ еф один а шість: а шість чорний пішак"],
            // навколо e4
            &["навколо е чотири: е п'ять чорний пішак, еф три білий кінь", "поля коня з е чотири: де два білий пішак, еф два білий пішак"],
            // можливі f3
            &["ходи з еф три: кінь же один; кінь де чотири; кінь аш чотири; кінь же п'ять; кінь б'є е п'ять"],
            // можливі e6
            &["е шість: порожньо"],
            // взяття
            &["взяття: кінь б'є е п'ять"],
            // шахи
            &["шахи: ходів немає"],
            // нападники e5
            &["атакують е п'ять: еф три білий кінь"],
            // захисники e5
            &["захищають е п'ять: немає"],
            // нападники d4
            &["атакують де чотири: еф три білий кінь, е п'ять чорний пішак, де вісім чорний ферзь"],
            // останнє взяття
            &["останнє взяття: де б'є це шість"],
            // назад
            &["4... де б'є це шість"],
            // назад
            &["4. слон б'є це шість"],
            // вперед
            &["4... де б'є це шість"],
            // курсор
            &["е чотири, світле поле, білий пішак"],
            // вгору
            &["е п'ять, темне поле, чорний пішак"],
            // вгору ліворуч
            &["де шість, темне поле, порожньо"],
            // наступний кінь
            &["же вісім, світле поле, чорний кінь"],
            // курсор h8
            &["аш вісім, темне поле, чорна тура"],
            // вгору
            &["край дошки"],
            // повторити
            &["\u{a0}край дошки"],
            // можливі d1
            &["ходи з де один: король це один; король е один; коротка рокіровка; довга рокіровка"],
            // можливі a7
            &["ходи з а сім: а вісім ферзь, шах; а вісім тура, шах; а вісім слон; а вісім кінь"],
            // шахи
            &["шахи: а вісім ферзь, шах; а вісім тура, шах"],
        ],
    ),
    (
        "ru",
        &[
            // очередь
            &["белые ходят"],
            // соперник
            &["соперник: чёрные, четыре минуты пятьдесят шесть секунд", "Anna Weiss"],
            // где белые кони
            &["белые: кони бэ один и эф три"],
            // p N
            &["\u{a0}белые: кони бэ один и эф три"],
            // p b
            &["чёрные: слоны цэ восемь и эф восемь"],
            // где черные
            &["чёрные: король е восемь; ферзь дэ восемь; ладьи а восемь и аш восемь; слоны цэ восемь и эф восемь; конь же восемь; пешки а шесть, бэ семь, цэ шесть, цэ семь, е пять, эф семь, же семь и аш семь"],
            // где кони
            &["белые: кони бэ один и эф три. чёрные: конь же восемь"],
            // диагонали c4
            &["диагональ а два же восемь: а два белая пешка, эф семь чёрная пешка, же восемь чёрный конь", "диагональ эф один а шесть: а шесть чёрная пешка"],
            // вокруг e4
            &["вокруг е четыре: е пять чёрная пешка, эф три белый конь", "поля коня с е четыре: дэ два белая пешка, эф два белая пешка"],
            // возможные f3
            &["ходы с эф три: конь же один; конь дэ четыре; конь аш четыре; конь же пять; конь бьёт е пять"],
            // возможные e6
            &["е шесть: пусто"],
            // взятия
            &["взятия: конь бьёт е пять"],
            // шахи
            &["шахи: ходов нет"],
            // нападающие e5
            &["атакуют е пять: эф три белый конь"],
            // защитники e5
            &["защищают е пять: нет"],
            // нападающие d4
            &["атакуют дэ четыре: эф три белый конь, е пять чёрная пешка, дэ восемь чёрный ферзь"],
            // последнее взятие
            &["последнее взятие: дэ бьёт цэ шесть"],
            // назад
            &["4... дэ бьёт цэ шесть"],
            // назад
            &["4. слон бьёт цэ шесть"],
            // вперёд
            &["4... дэ бьёт цэ шесть"],
            // курсор
            &["е четыре, светлое поле, белая пешка"],
            // вверх
            &["е пять, тёмное поле, чёрная пешка"],
            // вверх влево
            &["дэ шесть, тёмное поле, пусто"],
            // следующий конь
            &["же восемь, светлое поле, чёрный конь"],
            // курсор h8
            &["аш восемь, тёмное поле, чёрная ладья"],
            // вверх
            &["край доски"],
            // повторить
            &["\u{a0}край доски"],
            // возможные d1
            &["ходы с дэ один: король цэ один; король е один; короткая рокировка; длинная рокировка"],
            // возможные a7
            &["ходы с а семь: а восемь ферзь, шах; а восемь ладья, шах; а восемь слон; а восемь конь"],
            // шахи
            &["шахи: а восемь ферзь, шах; а восемь ладья, шах"],
        ],
    ),
    (
        "hy",
        &[
            // հերթ
            &["սպիտակներն են քայլում"],
            // մրցակից
            &["մրցակից՝ սևերը, չորս րոպե հիսունվեց վայրկյան", "Anna Weiss"],
            // որտեղ սպիտակ ձիեր
            &["սպիտակները՝ ձիեր b1 և f3"],
            // p N
            &["\u{a0}սպիտակները՝ ձիեր b1 և f3"],
            // p b
            &["սևերը՝ փղեր c8 և f8"],
            // որտեղ սև
            &["սևերը՝ արքա e8; թագուհի d8; նավակներ a8 և h8; փղեր c8 և f8; ձի g8; զինվորներ a6, b7, c6, c7, e5, f7, g7 և h7"],
            // որտեղ ձի
            &["սպիտակները՝ ձիեր b1 և f3։ սևերը՝ ձի g8"],
            // անկյունագծեր c4
            &["անկյունագիծ a2 g8՝ a2 սպիտակ զինվոր, f7 սև զինվոր, g8 սև ձի", "անկյունագիծ f1 a6՝ a6 սև զինվոր"],
            // շուրջը e4
            &["շուրջը e4՝ e5 սև զինվոր, f3 սպիտակ ձի", "ձիու դաշտերը e4՝ d2 սպիտակ զինվոր, f2 սպիտակ զինվոր"],
            // հնարավոր f3
            &["քայլեր դաշտից f3՝ ձի g1; ձի d4; ձի h4; ձի g5; ձի վերցնում է e5"],
            // հնարավոր e6
            &["e6՝ դատարկ"],
            // վերցումներ
            &["վերցումներ՝ ձի վերցնում է e5"],
            // շախեր
            &["շախեր՝ քայլեր չկան"],
            // հարձակվողներ e5
            &["հարձակվում են e5՝ f3 սպիտակ ձի"],
            // պաշտպաններ e5
            &["պաշտպանում են e5՝ չկան"],
            // հարձակվողներ d4
            &["հարձակվում են d4՝ f3 սպիտակ ձի, e5 սև զինվոր, d8 սև թագուհի"],
            // վերջին վերցում
            &["վերջին վերցումը՝ d վերցնում է c6"],
            // հետ
            &["4... d վերցնում է c6"],
            // հետ
            &["4. փիղ վերցնում է c6"],
            // առաջ
            &["4... d վերցնում է c6"],
            // կուրսոր
            &["e4, սպիտակ դաշտ, սպիտակ զինվոր"],
            // վեր
            &["e5, սև դաշտ, սև զինվոր"],
            // վեր ձախ
            &["d6, սև դաշտ, դատարկ"],
            // հաջորդ ձի
            &["g8, սպիտակ դաշտ, սև ձի"],
            // կուրսոր h8
            &["h8, սև դաշտ, սև նավակ"],
            // վեր
            &["տախտակի եզր"],
            // կրկնել
            &["\u{a0}տախտակի եզր"],
            // հնարավոր d1
            &["քայլեր դաշտից d1՝ արքա c1; արքա e1; կարճ փոխատեղում; երկար փոխատեղում"],
            // հնարավոր a7
            &["քայլեր դաշտից a7՝ a8 թագուհի, շախ; a8 նավակ, շախ; a8 փիղ; a8 ձի"],
            // շախեր
            &["շախեր՝ a8 թագուհի, շախ; a8 նավակ, շախ"],
        ],
    ),
];

/// Every question in every language from the three positions, with the exact words.
#[test]
fn every_question_is_answered_in_each_packs_words() {
    let packs: Vec<&str> = ANSWERS.iter().map(|(p, _)| *p).collect();
    assert_eq!(packs, PACKS);
    for (pack, expected) in ANSWERS {
        let mut got: Vec<Vec<String>> = Vec::new();
        let mut s = game(pack, None, false, RUY);
        for q in QUESTIONS {
            got.push(ask(&mut s, q[column(pack)]));
        }
        let legal = QUESTIONS[9][column(pack)];
        let mut s = game(pack, Some(CHESS960), true, &[]);
        got.push(ask(&mut s, &legal.replace("f3", "d1")));
        let mut s = game(pack, Some(PROMOTION), false, &[]);
        got.push(ask(&mut s, &legal.replace("f3", "a7")));
        got.push(ask(&mut s, QUESTIONS[12][column(pack)]));
        assert_eq!(got.len(), expected.len(), "{pack}");
        for (g, e) in got.iter().zip(expected.iter()) {
            assert_eq!(g, e, "{pack}");
        }
    }
}

/// The gamepad's default layout moves the board cursor: Select turns the pad into a cursor,
/// down always moves it; each step says the square, its colour and the man on it, to the
/// player alone, through the driver every front end runs.
#[test]
fn the_gamepad_moves_the_board_cursor_through_the_table() {
    use vichess::input::{InputCommand, Mapping};
    use vichess::session::{Input, Output, Table};
    let pad = Mapping::default_gamepad();
    let bound = |button: &str| {
        pad.bindings()
            .find(|(c, _)| c == button)
            .map(|(_, cmd)| cmd)
            .unwrap_or_else(|| panic!("{button} is not bound"))
    };
    let s = game("en", None, false, RUY);
    let mut table = Table::new(s);
    let mut said = Vec::new();
    for button in [
        "Select",
        "DPadUp",
        "DPadLeft",
        "DPadDown",
        "DPadRight",
        "Select",
        "DPadLeft",
    ] {
        let cmd: InputCommand = bound(button);
        table.handle(Input::Button(cmd), Stamp::from_millis(70_000));
        while let Some(o) = table.poll_output() {
            match o {
                Output::Print(l) => said.push(l),
                Output::Say { audience, .. } => assert_eq!(audience, Audience::Player),
                Output::Journal(j) => panic!("the cursor changed the game: {j}"),
                _ => {}
            }
        }
    }
    assert_eq!(
        said,
        [
            "e4, light square, white pawn",
            "e5, dark square, black pawn",
            "d5, light square, empty",
            "d4, dark square, empty",
            "e4, light square, white pawn",
            "moves",
            "4... d takes c6",
        ]
    );
}

/// `[speech] output`: with a screen reader, vichess's own voice says nothing (or, with
/// "both", only what everyone at the board must hear), so no line is heard twice.
#[test]
fn screen_reader_mode_is_read_from_the_configuration() {
    use vichess::config::{load_layers, Source, SpeechOutput};
    let load = |text: &str| load_layers(&[Source::new("test.toml", text)]);
    assert_eq!(load("").unwrap().speech.output, SpeechOutput::Clips);
    let sr = load("[speech]\noutput = \"screen-reader\"\n").unwrap();
    assert_eq!(sr.speech.output, SpeechOutput::ScreenReader);
    let both = load("[speech]\noutput = \"both\"\n").unwrap();
    assert_eq!(both.speech.output, SpeechOutput::Both);
    for (output, player, public) in [
        (SpeechOutput::Clips, true, true),
        (SpeechOutput::ScreenReader, false, false),
        (SpeechOutput::Both, false, true),
    ] {
        assert_eq!(output.voices(Audience::Player), player, "{output:?}");
        assert_eq!(output.voices(Audience::Public), public, "{output:?}");
    }
    let wrong = load("[speech]\noutput = \"loud\"\n").unwrap_err();
    assert!(format!("{wrong:?}").contains("loud"), "{wrong:?}");
}

/// `help` lists the questions in the game's language, each line starting with its words.
#[test]
fn help_lists_the_questions_in_the_games_language() {
    for (pack, firsts) in [
        (
            "en",
            [
                "turn:",
                "opponent",
                "where white|black",
                "diagonals",
                "legal",
                "attackers",
                "last capture",
                "back, forward",
                "cursor",
            ],
        ),
        (
            "de",
            [
                "zug:",
                "gegner:",
                "wo weiß|schwarz",
                "diagonalen",
                "legal",
                "angreifer",
                "letzter schlagzug",
                "rückwärts, vorwärts",
                "cursor",
            ],
        ),
        (
            "uk",
            [
                "черга:",
                "суперник:",
                "де білі|чорні",
                "діагоналі",
                "можливі",
                "нападники",
                "останнє взяття",
                "назад, вперед",
                "курсор",
            ],
        ),
        (
            "ru",
            [
                "очередь:",
                "соперник:",
                "где белые|чёрные",
                "диагонали",
                "возможные",
                "нападающие",
                "последнее взятие",
                "назад, вперёд",
                "курсор",
            ],
        ),
        (
            "hy",
            [
                "հերթ՝",
                "մրցակից՝",
                "որտեղ սպիտակ|սև",
                "անկյունագծեր",
                "հնարավոր",
                "հարձակվողներ",
                "վերջին վերցում",
                "հետ, առաջ",
                "կուրսոր",
            ],
        ),
    ] {
        let mut s = game(pack, None, false, &[]);
        // The board's questions are the help's board topic (issue 24, item 11).
        let lines = ask(&mut s, "help board");
        for first in firsts {
            assert!(
                lines.iter().any(|l| l.starts_with(first)),
                "{pack}: no help line starts with {first}: {lines:?}"
            );
        }
    }
}

/// A move made and not yet pressed: the opponent is not to move yet (their clock does not
/// run, an engine waits for the press), so `turn` says who has moved and what to do, as a
/// resume does (a play-through heard "Black to move" and waited, its own clock running).
#[test]
fn whose_turn_after_a_move_not_yet_pressed_says_to_press() {
    for (pack, word, answer) in [
        (
            "en",
            "turn",
            "White has already moved: press the clock, or correct the move",
        ),
        (
            "de",
            "zug",
            "Weiß hat schon gezogen: die Uhr drücken oder den Zug korrigieren",
        ),
    ] {
        let mut s = game(pack, None, false, &[]);
        s.handle(Event::Line("e4".into()), Stamp::from_millis(1_000));
        assert_eq!(ask(&mut s, word), [answer], "{pack}");
        s.handle(Event::Line("press".into()), Stamp::from_millis(2_000));
        assert_ne!(ask(&mut s, word), [answer], "{pack}");
    }
}

/// A game set up in check has no move that gave it to announce: the greeting and `turn`
/// say it with whose move it is (a play-through learnt of the check only from a refused
/// move).
#[test]
fn a_game_set_up_in_check_says_so_with_whose_move_it_is() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w KQkq - 1 3";
    for (pack, word, answer) in [
        ("de", "zug", "Weiß am Zug, Schach"),
        ("en", "turn", "White to move, check"),
        ("ru", "очередь", "белые ходят, шах"),
    ] {
        let mut s = game(pack, Some(fen), false, &[]);
        assert!(s.greeting().contains(answer), "{pack}: {}", s.greeting());
        assert_eq!(ask(&mut s, word), [answer], "{pack}");
    }
    let s = game("en", None, false, &[]);
    assert!(!s.greeting().contains("check"), "{}", s.greeting());
}

/// After the end an unknown word is "not understood", as during the game; only a move is
/// refused because the game is over (a play-through had every word answered "the game is
/// over").
#[test]
fn after_the_end_an_unknown_word_is_not_understood_and_a_move_is_too_late() {
    let mut s = game("de", None, false, &["f3", "e5", "g4", "Dh4"]);
    assert_eq!(ask(&mut s, "foo"), ["nicht verstanden"]);
    assert_eq!(
        ask(&mut s, "e4"),
        ["die Partie ist beendet: Matt, Schwarz gewinnt"]
    );
}

/// The English words work in every game, and the answer is in the game's language.
#[test]
fn english_words_are_answered_in_the_games_language() {
    for (pack, answer) in [
        ("de", "Schwarz am Zug"),
        ("uk", "чорні ходять"),
        ("ru", "чёрные ходят"),
        ("hy", "սևերն են քայլում"),
    ] {
        let mut s = game(pack, None, false, &["e4"]);
        assert_eq!(ask(&mut s, "turn"), [answer], "{pack}");
    }
}

/// `moves` prints the scoresheet and says it one move pair at a time, the moves as announced.
#[test]
fn the_moves_are_said_one_pair_at_a_time() {
    let mut s = game("de-fide", None, false, &["e4", "e5", "Nf3"]);
    let out = s.handle(Event::Line("züge".into()), Stamp::from_millis(60_000));
    let said: Vec<(String, String)> = out
        .iter()
        .filter_map(|e| match e {
            Effect::Say {
                audience,
                phrase,
                text,
            } => {
                assert_eq!(*audience, Audience::Player);
                Some((text.clone(), s.pack().text(phrase)))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        said,
        [
            ("1. e4 e5".to_string(), "Eva vier; Eva fünf".to_string()),
            ("2. Sf3".to_string(), "Springer Felix drei".to_string()),
        ]
    );
}

/// A question with a wrong square or piece is refused in the game's words and changes nothing.
#[test]
fn a_wrong_square_or_piece_is_refused_in_the_games_words() {
    let mut s = game("en", None, false, RUY);
    assert_eq!(
        ask(&mut s, "legal z9"),
        ["\"z9\" is not a square: say a letter and a number, like e4"]
    );
    assert_eq!(
        ask(&mut s, "where white dragons"),
        ["\"dragons\" is not a kind of piece: say where white knights, where black pawns, ..."]
    );
    let mut s = game("de", None, false, RUY);
    let got = ask(&mut s, "angreifer z9");
    assert_eq!(got.len(), 1);
    assert!(
        got[0].starts_with("nicht verstanden; angreifer <e5>"),
        "{got:?}"
    );
}

/// `confirm_moves`: a typed move is read back and played only after Enter or "yes"; any
/// other line drops it (and is read as usual). Off by default.
#[test]
fn a_typed_move_waits_for_enter_or_yes_when_asked_to() {
    let config = SessionConfig {
        confirm_moves: true,
        ..SessionConfig::default()
    };
    for (pack, move_text, yes, read_back, dropped) in [
        (
            "en",
            "Nf3",
            "yes",
            "knight f3; Enter or yes plays it",
            "move not played",
        ),
        (
            "de",
            "Sf3",
            "ja",
            "Springer f3; Enter oder ja spielt ihn",
            "Zug nicht gespielt",
        ),
        (
            "uk",
            "Кf3",
            "так",
            "кінь еф три; Enter або так — зіграти",
            "хід не зіграно",
        ),
        (
            "ru",
            "Кf3",
            "да",
            "конь эф три; Enter или да — сыграть",
            "ход не сыгран",
        ),
        (
            "hy",
            "Nf3",
            "այո",
            "ձի f3; Enter կամ այո՝ խաղալու համար",
            "քայլը չի խաղացվել",
        ),
    ] {
        let start = Position::new();
        let mut s = Session::new(config.clone(), Pack::builtin(pack).unwrap(), start, None);
        let step = |s: &mut Session, line: &str| {
            let out = s.handle(Event::Line(line.into()), Stamp::from_millis(1_000));
            let journal: Vec<String> = out
                .iter()
                .filter_map(|e| match e {
                    Effect::Journal(j) if !j.starts_with("begin") => Some(j.clone()),
                    _ => None,
                })
                .collect();
            let printed: Vec<String> = out
                .iter()
                .filter_map(|e| match e {
                    Effect::Print(l) => Some(l.clone()),
                    _ => None,
                })
                .collect();
            (journal, printed)
        };
        let (journal, printed) = step(&mut s, move_text);
        assert!(journal.is_empty(), "{pack}: {journal:?}");
        assert_eq!(printed, [read_back], "{pack}");
        let (journal, _) = step(&mut s, "");
        assert_eq!(journal, ["move 1000 g1f3"], "{pack}");
        step(&mut s, "press");
        let (_, printed) = step(&mut s, "e5");
        assert_eq!(printed.len(), 1, "{pack}: {printed:?}");
        let (journal, printed) = step(&mut s, "cursor");
        assert!(journal.is_empty(), "{pack}: {journal:?}");
        assert_eq!(printed[0], dropped, "{pack}");
        step(&mut s, "e5");
        let (journal, _) = step(&mut s, yes);
        assert_eq!(journal, ["move 1000 e7e5"], "{pack}");
    }
}

/// The Chess960 game: both sides castle (the king from d1 and d8), then a capture.
const CHESS960_MOVES: &[&str] = &["O-O", "O-O-O", "a4", "b5", "axb5"];

/// Questions for the Chess960 game, in the same five languages as `QUESTIONS`.
const QUESTIONS_960: &[[&str; 5]] = &[
    ["turn", "zug", "черга", "очередь", "հերթ"],
    [
        "where white rooks",
        "wo weiße Türme",
        "де білі тури",
        "где белые ладьи",
        "որտեղ սպիտակ նավակներ",
    ],
    ["p r", "p t", "p r", "p r", "p r"],
    [
        "where white",
        "wo weiß",
        "де білі",
        "где белые",
        "որտեղ սպիտակ",
    ],
    [
        "legal g1",
        "legal g1",
        "можливі g1",
        "возможные g1",
        "հնարավոր g1",
    ],
    [
        "legal c8",
        "legal c8",
        "можливі c8",
        "возможные c8",
        "հնարավոր c8",
    ],
    ["captures", "schlagzüge", "взяття", "взятия", "վերցումներ"],
    [
        "attackers b5",
        "angreifer b5",
        "нападники b5",
        "нападающие b5",
        "հարձակվողներ b5",
    ],
    [
        "defenders b5",
        "verteidiger b5",
        "захисники b5",
        "защитники b5",
        "պաշտպաններ b5",
    ],
    [
        "last capture",
        "letzter Schlagzug",
        "останнє взяття",
        "последнее взятие",
        "վերջին վերցում",
    ],
    ["back", "rückwärts", "назад", "назад", "հետ"],
    ["back", "rückwärts", "назад", "назад", "հետ"],
    ["back", "rückwärts", "назад", "назад", "հետ"],
    ["back", "rückwärts", "назад", "назад", "հետ"],
    [
        "around g1",
        "umgebung g1",
        "навколо g1",
        "вокруг g1",
        "շուրջը g1",
    ],
    [
        "cursor g1",
        "cursor g1",
        "курсор g1",
        "курсор g1",
        "կուրսոր g1",
    ],
    [
        "next rook",
        "nächster Turm",
        "наступний тура",
        "следующий ладья",
        "հաջորդ նավակ",
    ],
];

/// The answers to `QUESTIONS_960` after `CHESS960_MOVES`, pack by pack.
const ANSWERS_960: &[(&str, &[&[&str]])] = &[
    (
        "en",
        &[
            // turn
            &["Black to move"],
            // where white rooks
            &["White: rooks b1 and f1"],
            // p r
            &["Black: rooks d8 and g8"],
            // where white
            &["White: king g1; rooks b1 and f1; pawns b2, b5, c2, d2, e2, f2, g2 and h2"],
            // legal g1
            &["moves from g1: king h1"],
            // legal c8
            &["moves from c8: king b7; king b8"],
            // captures
            &["captures: no moves"],
            // attackers b5
            &["attackers of b5: none"],
            // defenders b5
            &["defenders of b5: none"],
            // last capture
            &["last capture: a takes b5"],
            // back
            &["3. a takes b5"],
            // back
            &["2... b5"],
            // back
            &["2. a4"],
            // back
            &["1... castles queenside"],
            // around g1
            &["around g1: f2 white pawn, g2 white pawn, h2 white pawn, f1 white rook", "knight squares from g1: e2 white pawn"],
            // cursor g1
            &["g1, dark square, white king"],
            // next rook
            &["d8, dark square, black rook"],
        ],
    ),
    (
        "de",
        &[
            // zug
            &["Schwarz am Zug"],
            // wo weiße Türme
            &["Weiß: Türme b1 und f1"],
            // p t
            &["Schwarz: Türme d8 und g8"],
            // wo weiß
            &["Weiß: König g1; Türme b1 und f1; Bauern b2, b5, c2, d2, e2, f2, g2 und h2"],
            // legal g1
            &["Züge von g1: König h1"],
            // legal c8
            &["Züge von c8: König b7; König b8"],
            // schlagzüge
            &["Schlagzüge: keine Züge"],
            // angreifer b5
            &["Angreifer von b5: keine"],
            // verteidiger b5
            &["Verteidiger von b5: keine"],
            // letzter Schlagzug
            &["letzter Schlagzug: a schlägt b5"],
            // rückwärts
            &["3. a schlägt b5"],
            // rückwärts
            &["2... b5"],
            // rückwärts
            &["2. a4"],
            // rückwärts
            &["1... lange Rochade"],
            // umgebung g1
            &["rund um g1: f2 weißer Bauer, g2 weißer Bauer, h2 weißer Bauer, f1 weißer Turm", "Springerfelder von g1: e2 weißer Bauer"],
            // cursor g1
            &["g1, dunkles Feld, weißer König"],
            // nächster Turm
            &["d8, dunkles Feld, schwarzer Turm"],
        ],
    ),
    (
        "de-fide",
        &[
            // zug
            &["Schwarz am Zug"],
            // wo weiße Türme
            &["Weiß: Türme Bella eins und Felix eins"],
            // p t
            &["Schwarz: Türme David acht und Gustav acht"],
            // wo weiß
            &["Weiß: König Gustav eins; Türme Bella eins und Felix eins; Bauern Bella zwei, Bella fünf, Cesar zwei, David zwei, Eva zwei, Felix zwei, Gustav zwei und Hector zwei"],
            // legal g1
            &["Züge von Gustav eins: König Hector eins"],
            // legal c8
            &["Züge von Cesar acht: König Bella sieben; König Bella acht"],
            // schlagzüge
            &["Schlagzüge: keine Züge"],
            // angreifer b5
            &["Angreifer von Bella fünf: keine"],
            // verteidiger b5
            &["Verteidiger von Bella fünf: keine"],
            // letzter Schlagzug
            &["letzter Schlagzug: Anna schlägt Bella fünf"],
            // rückwärts
            &["3. Anna schlägt Bella fünf"],
            // rückwärts
            &["2... Bella fünf"],
            // rückwärts
            &["2. Anna vier"],
            // rückwärts
            &["1... Lange Rochade"],
            // umgebung g1
            &["rund um Gustav eins: Felix zwei weißer Bauer, Gustav zwei weißer Bauer, Hector zwei weißer Bauer, Felix eins weißer Turm", "Springerfelder von Gustav eins: Eva zwei weißer Bauer"],
            // cursor g1
            &["Gustav eins, dunkles Feld, weißer König"],
            // nächster Turm
            &["David acht, dunkles Feld, schwarzer Turm"],
        ],
    ),
    (
        "uk",
        &[
            // черга
            &["чорні ходять"],
            // де білі тури
            &["білі: тури бе один і еф один"],
            // p r
            &["чорні: тури де вісім і же вісім"],
            // де білі
            &["білі: король же один; тури бе один і еф один; пішаки бе два, бе п'ять, це два, де два, е два, еф два, же два і аш два"],
            // можливі g1
            &["ходи з же один: король аш один"],
            // можливі c8
            &["ходи з це вісім: король бе сім; король бе вісім"],
            // взяття
            &["взяття: ходів немає"],
            // нападники b5
            &["атакують бе п'ять: немає"],
            // захисники b5
            &["захищають бе п'ять: немає"],
            // останнє взяття
            &["останнє взяття: а б'є бе п'ять"],
            // назад
            &["3. а б'є бе п'ять"],
            // назад
            &["2... бе п'ять"],
            // назад
            &["2. а чотири"],
            // назад
            &["1... довга рокіровка"],
            // навколо g1
            &["навколо же один: еф два білий пішак, же два білий пішак, аш два білий пішак, еф один біла тура", "поля коня з же один: е два білий пішак"],
            // курсор g1
            &["же один, темне поле, білий король"],
            // наступний тура
            &["де вісім, темне поле, чорна тура"],
        ],
    ),
    (
        "ru",
        &[
            // очередь
            &["чёрные ходят"],
            // где белые ладьи
            &["белые: ладьи бэ один и эф один"],
            // p r
            &["чёрные: ладьи дэ восемь и же восемь"],
            // где белые
            &["белые: король же один; ладьи бэ один и эф один; пешки бэ два, бэ пять, цэ два, дэ два, е два, эф два, же два и аш два"],
            // возможные g1
            &["ходы с же один: король аш один"],
            // возможные c8
            &["ходы с цэ восемь: король бэ семь; король бэ восемь"],
            // взятия
            &["взятия: ходов нет"],
            // нападающие b5
            &["атакуют бэ пять: нет"],
            // защитники b5
            &["защищают бэ пять: нет"],
            // последнее взятие
            &["последнее взятие: а бьёт бэ пять"],
            // назад
            &["3. а бьёт бэ пять"],
            // назад
            &["2... бэ пять"],
            // назад
            &["2. а четыре"],
            // назад
            &["1... длинная рокировка"],
            // вокруг g1
            &["вокруг же один: эф два белая пешка, же два белая пешка, аш два белая пешка, эф один белая ладья", "поля коня с же один: е два белая пешка"],
            // курсор g1
            &["же один, тёмное поле, белый король"],
            // следующий ладья
            &["дэ восемь, тёмное поле, чёрная ладья"],
        ],
    ),
    (
        "hy",
        &[
            // հերթ
            &["սևերն են քայլում"],
            // որտեղ սպիտակ նավակներ
            &["սպիտակները՝ նավակներ b1 և f1"],
            // p r
            &["սևերը՝ նավակներ d8 և g8"],
            // որտեղ սպիտակ
            &["սպիտակները՝ արքա g1; նավակներ b1 և f1; զինվորներ b2, b5, c2, d2, e2, f2, g2 և h2"],
            // հնարավոր g1
            &["քայլեր դաշտից g1՝ արքա h1"],
            // հնարավոր c8
            &["քայլեր դաշտից c8՝ արքա b7; արքա b8"],
            // վերցումներ
            &["վերցումներ՝ քայլեր չկան"],
            // հարձակվողներ b5
            &["հարձակվում են b5՝ չկան"],
            // պաշտպաններ b5
            &["պաշտպանում են b5՝ չկան"],
            // վերջին վերցում
            &["վերջին վերցումը՝ a վերցնում է b5"],
            // հետ
            &["3. a վերցնում է b5"],
            // հետ
            &["2... b5"],
            // հետ
            &["2. a4"],
            // հետ
            &["1... երկար փոխատեղում"],
            // շուրջը g1
            &["շուրջը g1՝ f2 սպիտակ զինվոր, g2 սպիտակ զինվոր, h2 սպիտակ զինվոր, f1 սպիտակ նավակ", "ձիու դաշտերը g1՝ e2 սպիտակ զինվոր"],
            // կուրսոր g1
            &["g1, սև դաշտ, սպիտակ արքա"],
            // հաջորդ նավակ
            &["d8, սև դաշտ, սև նավակ"],
        ],
    ),
];

/// Every Chess960 question in every language: castling from the d-file, stepping back over
/// it, and the men as they stand after it.
#[test]
fn chess960_questions_are_answered_in_each_packs_words() {
    let packs: Vec<&str> = ANSWERS_960.iter().map(|(p, _)| *p).collect();
    assert_eq!(packs, PACKS);
    for (pack, expected) in ANSWERS_960 {
        let mut s = game(pack, Some(CHESS960), true, CHESS960_MOVES);
        assert_eq!(QUESTIONS_960.len(), expected.len(), "{pack}");
        for (q, e) in QUESTIONS_960.iter().zip(expected.iter()) {
            assert_eq!(
                ask(&mut s, q[column(pack)]),
                *e,
                "{pack}: {}",
                q[column(pack)]
            );
        }
    }
}

/// After the promotion a8=Q+: each pack's questions and their answers.
const AFTER_PROMOTION: &[(&str, &[(&str, &str)])] = &[
    (
        "en",
        &[
            ("turn", "Black to move, check"),
            ("last capture", "no capture yet"),
            ("back", "1. a8 queen, check"),
            ("attackers h8", "attackers of h8: a8 white queen"),
            ("where white queens", "White: queen a8"),
        ],
    ),
    (
        "de",
        &[
            ("zug", "Schwarz am Zug, Schach"),
            ("letzter Schlagzug", "noch kein Schlagzug"),
            ("rückwärts", "1. a8 Dame, Schach"),
            ("angreifer h8", "Angreifer von h8: a8 weiße Dame"),
            ("wo weiße Damen", "Weiß: Dame a8"),
        ],
    ),
    (
        "de-fide",
        &[
            ("zug", "Schwarz am Zug, Schach"),
            ("letzter Schlagzug", "noch kein Schlagzug"),
            ("rückwärts", "1. Anna acht Dame Schach"),
            (
                "angreifer h8",
                "Angreifer von Hector acht: Anna acht weiße Dame",
            ),
            ("wo weiße Damen", "Weiß: Dame Anna acht"),
        ],
    ),
    (
        "uk",
        &[
            ("черга", "чорні ходять, шах"),
            ("останнє взяття", "взять ще не було"),
            ("назад", "1. а вісім ферзь, шах"),
            ("нападники h8", "атакують аш вісім: а вісім білий ферзь"),
            ("де білі ферзі", "білі: ферзь а вісім"),
        ],
    ),
    (
        "ru",
        &[
            ("очередь", "чёрные ходят, шах"),
            ("последнее взятие", "взятий ещё не было"),
            ("назад", "1. а восемь ферзь, шах"),
            ("нападающие h8", "атакуют аш восемь: а восемь белый ферзь"),
            ("где белые ферзи", "белые: ферзь а восемь"),
        ],
    ),
    (
        "hy",
        &[
            ("հերթ", "սևերն են քայլում, շախ"),
            ("վերջին վերցում", "դեռ վերցում չի եղել"),
            ("հետ", "1. a8 թագուհի, շախ"),
            ("հարձակվողներ h8", "հարձակվում են h8՝ a8 սպիտակ թագուհի"),
            ("որտեղ սպիտակ թագուհիներ", "սպիտակները՝ թագուհի a8"),
        ],
    ),
];

/// After a promotion the new queen is where it was put, attacks along its rank, and
/// stepping back names the promotion; whose move it is says the check it gives.
#[test]
fn questions_after_a_promotion_name_the_new_piece() {
    for (pack, cases) in AFTER_PROMOTION {
        let mut s = game(pack, Some(PROMOTION), false, &["a8=Q+"]);
        for (q, answer) in *cases {
            assert_eq!(ask(&mut s, q), [*answer], "{pack}: {q}");
        }
    }
}

/// Issue 26: with the clock on the board as the truth, `time` says its times, named as the
/// board clock's, in each pack's words; without a reading it says vichess's own.
#[test]
fn the_board_clocks_times_are_said_in_each_packs_words() {
    use vichess::phrase::token::{Token, Word};
    for pack in PACKS {
        let mut s = game(pack, None, false, &[]);
        let own = ask(&mut s, "time");
        s.set_board_times(Some((754_000, 545_000)));
        let board = ask(&mut s, "time");
        let words = Pack::builtin(pack).unwrap();
        let name = words.text(&[Token::Word(Word::BoardClock)]).to_lowercase();
        assert_eq!(board.len(), 1, "{pack}: {board:?}");
        assert!(
            board[0].to_lowercase().starts_with(&name),
            "{pack}: {board:?}"
        );
        let twelve = words.text(&[Token::Duration(754_000)]);
        assert!(
            board[0].contains(&twelve),
            "{pack}: {board:?} lacks {twelve}"
        );
        assert_ne!(board, own, "{pack}");
        s.set_board_times(None);
        assert_eq!(
            ask(&mut s, "time"),
            own,
            "{pack}: vichess's own clock again"
        );
    }
}

/// The short form `p` takes the game's own piece letters too (Appendix C.2), their case
/// naming the side as a Latin letter's does, and `help` shows the game's letters.
#[test]
fn the_short_form_takes_the_games_piece_letters() {
    for (pack, lines, said) in [
        (
            "ru",
            ["p К", "p кр", "p Л", "p п"],
            [
                "белые: кони бэ один и же один",
                "чёрные: король е восемь",
                "белые: ладьи а один и аш один",
                "чёрные: пешки а семь, бэ семь, цэ семь, дэ семь, е семь, эф семь, же семь \
                 и аш семь",
            ],
        ),
        (
            "uk",
            ["p К", "p Кр", "p т", "p С"],
            [
                "білі: коні бе один і же один",
                "білі: король е один",
                "чорні: тури а вісім і аш вісім",
                "білі: слони це один і еф один",
            ],
        ),
        (
            "hy",
            ["p Ձ", "p ա", "p Ն", "p փ"],
            [
                "սպիտակները՝ ձիեր b1 և g1",
                "սևերը՝ արքա e8",
                "սպիտակները՝ նավակներ a1 և h1",
                "սևերը՝ փղեր c8 և f8",
            ],
        ),
        (
            "de",
            ["p S", "p k", "p T", "p B"],
            [
                "Weiß: Springer b1 und g1",
                "Schwarz: König e8",
                "Weiß: Türme a1 und h1",
                "Weiß: Bauern a2, b2, c2, d2, e2, f2, g2 und h2",
            ],
        ),
    ] {
        let mut s = game(pack, None, false, &[]);
        for (line, said) in lines.iter().zip(said) {
            assert_eq!(ask(&mut s, line), [said], "{pack}: {line}");
        }
    }
    for (pack, shown) in [
        ("ru", "p К, p к"),
        ("uk", "p К, p к"),
        ("hy", "p Ձ, p ձ"),
        ("de", "p S, p s"),
        ("en", "p N, p n"),
    ] {
        let mut s = game(pack, None, false, &[]);
        let help = ask(&mut s, "help board").join("\n") + &ask(&mut s, "help short").join("\n");
        assert!(help.contains(shown), "{pack}: {help}");
        if pack != "en" {
            assert!(!help.contains("p N"), "{pack}: {help}");
        }
    }
}

/// An answer asked twice in a row (play-test: "…Schwarz: fünf Minuten." the second time)
/// carries no stray full stop: the second line differs only by a no-break space in front,
/// which a screen reader neither shows nor says, so it reads the same answer again
/// (phrase::repeat).
#[test]
fn an_answer_asked_twice_has_no_stray_full_stop() {
    for (pack, time, count) in [
        ("de", "zeit", "anzahl"),
        ("uk", "час", "кількість"),
        ("en", "time", "count"),
    ] {
        let mut s = game(pack, None, false, &[]);
        for question in [time, count] {
            let first = ask(&mut s, question);
            let second = ask(&mut s, question);
            assert_eq!(first.len(), 1, "{pack} {question}: {first:?}");
            assert_eq!(second, [format!("\u{a0}{}", first[0])], "{pack} {question}");
            assert!(!second[0].ends_with('.'), "{pack}: {second:?}");
            // A third time is plain again: each line differs from the one before it.
            assert_eq!(ask(&mut s, question), first, "{pack} {question}");
        }
    }
}

/// A control of several periods is said whole, each period with its moves and time and the
/// bonus with the move it starts from (play-test: "…, danach weitere Perioden"); the time
/// and the opponent's read-out say the period and the moves to the time control.
#[test]
fn a_control_of_several_periods_is_said_whole() {
    let session = |lang: &str| {
        let control = TimeControl::parse("40/5400+30:1800+30").expect("control");
        let pack = Pack::builtin(lang).expect("built-in pack");
        Session::new(
            SessionConfig::default(),
            pack,
            Position::new(),
            Some(control),
        )
    };
    for (lang, control) in [
        (
            "de",
            "Bedenkzeit: eine Stunde dreißig Minuten für vierzig Züge, danach dreißig Minuten \
             für den Rest der Partie, plus dreißig Sekunden pro Zug ab dem ersten Zug",
        ),
        (
            "uk",
            "контроль часу: одна година тридцять хвилин на сорок ходів, далі тридцять хвилин \
             на решту партії, плюс тридцять секунд за хід з першого ходу",
        ),
        (
            "en",
            "time control: one hour thirty minutes for forty moves, then thirty minutes for \
             the rest of the game, plus thirty seconds per move from move one",
        ),
    ] {
        let greeting = session(lang).greeting();
        assert!(greeting.contains(control), "{lang}: {greeting}");
        assert!(!greeting.contains("Perioden") && !greeting.contains("періоди"));
    }
    // Armenian as an arbiter writes it, the moves before "for" in the case it takes
    // (play-test: "հետևյալ քանակով քայլերի համար՝ քառասուն քայլ", "for the following
    // number of moves: forty moves").
    let greeting = session("hy").greeting();
    assert!(
        greeting.contains(
            "ժամանակի հսկողություն՝ մեկ ժամ երեսուն րոպե քառասուն քայլի համար, հետո երեսուն \
             րոպե մինչև պարտիայի ավարտը,"
        ),
        "{greeting}"
    );
    assert!(!greeting.contains("հետևյալ"), "{greeting}");
    let mut s = session("de");
    for (i, line) in ["e4", "press", "e5", "press"].iter().enumerate() {
        s.handle(
            Event::Line(line.to_string()),
            Stamp::from_millis(i as u64 * 1000),
        );
    }
    let time = ask(&mut s, "zeit");
    assert!(
        time[0].ends_with("; Periode 1, neununddreißig Züge bis zur Zeitkontrolle"),
        "{time:?}"
    );
    let opponent = ask(&mut s, "o");
    assert!(
        opponent[0].starts_with("Gegner: Schwarz, ")
            && opponent[0].ends_with(", Periode 1, neununddreißig Züge bis zur Zeitkontrolle"),
        "{opponent:?}"
    );
    let mut s = session("uk");
    s.handle(Event::Line(String::new()), Stamp::ZERO);
    let time = ask(&mut s, "час");
    assert!(
        time[0].ends_with("; період 1, сорок ходів до контролю часу"),
        "{time:?}"
    );
}
