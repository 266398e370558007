//! `vichess report GAME.journal`: the arbiter's report of one game, to read and sign.
//!
//! Every move, touch, illegal move, penalty, claim, draw offer, clock start, pause and
//! correction, note and the result, in the order they happened, with the session time and
//! (when the journal knows it) the time of day in UTC; then the game as PGN with the same
//! events as comments after the move they followed. The report replays the journal through
//! the session's own [`replay_journal`], so it says exactly what a resume would rebuild.

use anyhow::Context;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use vichess::pgn::{write_game, Comment, GameResult, PgnGame};
use vichess::phrase::token::{Token, Word};
use vichess::phrase::Language;
use vichess::rules::clock::{ClockConfig, ClockEvent};
use vichess::rules::notation::san_in;
use vichess::rules::{Color, Position};
use vichess::session::hms;
use vichess::session::{
    replay_journal, ClaimWhat, DrawAction, Ending, Happening, QuickplayAnswer, Record, UtcTime,
};
use vichess::voice::Pack;

/// The pack's word.
fn w(pack: &Pack, word: Word) -> String {
    pack.text(&[Token::Word(word)])
}

/// A side as a noun in the report's language ("White", "Weiß", "белые").
fn side(pack: &Pack, c: Color) -> String {
    pack.text(&[Token::Side(c)])
}

/// "1. e4" or "1... e5": the move as a scoresheet numbers it.
fn numbered(before: &Position, text: &str) -> String {
    match before.turn() {
        Color::White => format!("{}. {text}", before.fullmoves()),
        Color::Black => format!("{}... {text}", before.fullmoves()),
    }
}

/// A move the journal keeps in UCI (the engine's, a hint) as the report writes every move:
/// SAN with the pack's piece letters, numbered when `numbered`; as written when it is no
/// legal move in `pos`.
fn uci_words(pack: &Pack, pos: &Position, text: &str, number: bool) -> String {
    let letters = vichess::session::notation_lang(pack.language());
    let legal = pos
        .legal_moves()
        .into_iter()
        .find(|m| vichess::rules::notation::uci(pos, m) == text);
    match legal {
        Some(m) if number => numbered(pos, &san_in(pos, &m, letters)),
        Some(m) => san_in(pos, &m, letters),
        None => text.to_string(),
    }
}

/// What one record did, in plain words of the report's language; `None` for bookkeeping
/// (checkpoints, anchors). Moves in SAN with the pack's piece letters, times as h:mm:ss, a FEN
/// and tags as they are. `pos` is the game's position before the record.
fn describe(
    pack: &Pack,
    rec: &Record,
    happened: &[Happening],
    seat: &Seat,
    pos: &Position,
) -> Option<String> {
    let w = |word| w(pack, word);
    let side = |c| side(pack, c);
    // The label's mark as the game's lines write it: Armenian "՝", ":" elsewhere.
    let c = pack.colon();
    // A scoresheet in the game's language: its piece letters (Appendix C.2), "2. Sf3".
    let letters = vichess::session::notation_lang(pack.language());
    let san = |before: &Position, mv| san_in(before, mv, letters);
    let mut line = match rec {
        Record::Begin { control, fen, .. } => format!(
            "{}; {}{c} {}; {}{c} {fen}",
            w(Word::ReportBegins),
            w(Word::ReportControl),
            control_words(pack, control.as_deref()),
            w(Word::ReportStartPosition)
        ),
        Record::Start { .. } => w(Word::ReportClockStarted),
        // The implied press is said by its happening, with what it cost.
        Record::Press { implied: true, .. } => String::new(),
        Record::Press { side: s, .. } => format!("{} {}", side(*s), w(Word::ReportPressed)),
        Record::Pause { stopped: true, .. } => w(Word::ReportClocksStopped),
        Record::Pause { stopped: false, .. } => w(Word::ReportClocksRestarted),
        Record::Draw { by, action, .. } => format!(
            "{} {}",
            side(*by),
            w(match action {
                DrawAction::Offer => Word::ReportDrawOffer,
                DrawAction::Accept => Word::ReportDrawAccept,
                DrawAction::Decline => Word::ReportDrawDecline,
            })
        ),
        Record::Claim {
            by, what, intended, ..
        } => format!(
            "{} {} {}{}",
            side(*by),
            w(Word::ReportClaims),
            w(match what {
                ClaimWhat::Threefold => Word::ReportClaimThreefold,
                ClaimWhat::Fifty => Word::ReportClaimFifty,
                ClaimWhat::Flag => Word::ReportClaimFlag,
                ClaimWhat::Quickplay => Word::ReportClaimQuickplay,
                ClaimWhat::Increment => Word::ReportClaimIncrement,
            }),
            intended
                .as_deref()
                .map(|m| format!(
                    " {} {}",
                    w(Word::ReportIntended),
                    uci_words(pack, pos, m, true)
                ))
                .unwrap_or_default()
        ),
        Record::Resign { by, .. } => format!("{} {}", side(*by), w(Word::Resigns)),
        Record::Adjourn { .. } => w(Word::ReportAdjourned),
        Record::Note { text, .. } => note_line(pack, pos, text),
        Record::Touch {
            side: s, square, ..
        } => format!("{} {} {square}", side(*s), w(Word::ReportTouched)),
        Record::Illegal { by, .. } => {
            format!("{}{c} {}", w(Word::ReportIllegalRecorded), side(*by))
        }
        Record::Adjust {
            side: s,
            change,
            ms,
            ..
        } => vichess::session::time_change_line(pack, *s, *change, *ms),
        Record::TakeBack { .. } => w(Word::ReportTakenBack),
        Record::TakebackRequest { by, .. } => {
            format!("{} {}", side(*by), w(Word::ReportTakebackRequest))
        }
        Record::TakebackAnswer { by, accept, .. } => format!(
            "{} {}",
            side(*by),
            w(if *accept {
                Word::ReportTakebackAccepted
            } else {
                Word::ReportTakebackDeclined
            })
        ),
        Record::Abort { .. } => w(Word::ReportAborted),
        Record::Undo { .. } => w(Word::ReportUndo),
        Record::Open { .. } => w(Word::ReportOpen),
        // The moves struck too, as the record had them: a restore takes them from the PGN.
        Record::Restore { .. } => {
            let struck = happened
                .iter()
                .find_map(|h| match h {
                    Happening::Restored { struck, .. } => Some(struck.as_slice()),
                    _ => None,
                })
                .unwrap_or_default();
            let moves: Vec<String> = struck
                .iter()
                .map(|(before, mv)| numbered(before, &san(before, mv)))
                .collect();
            let label = if moves.len() == 1 {
                Word::ReportStruck
            } else {
                Word::MovesStruck
            };
            // The move named as the arbiter's question named it ("move 2, Black"): a count
            // of the half-moves kept, beside the moves struck, reads as the number struck.
            let from = match struck.first() {
                Some((before, _)) => format!(
                    "{}{c} {} {}, {}",
                    w(Word::ReportRestore),
                    w(Word::ReviewMove),
                    before.fullmoves(),
                    side(before.turn())
                ),
                None => w(Word::ReportRestore),
            };
            format!("{from}; {}{c} {} (7.5.1)", w(label), moves.join(", "))
        }
        Record::Ruling { .. }
            if happened
                .iter()
                .any(|h| matches!(h, Happening::IncrementRuled { .. })) =>
        {
            w(Word::ReportRulingIii4)
        }
        // The answer to the question the game stopped on (5.1.2, 6.9, 7.5.5): the result
        // follows, from the game's end.
        Record::Ruling { answer, .. }
            if !happened
                .iter()
                .any(|h| matches!(h, Happening::QuickplayRuled { .. })) =>
        {
            format!(
                "{}{c} {}",
                w(Word::ReportRulingCanMate),
                w(match answer {
                    QuickplayAnswer::Accept => Word::ReportCanMateYes,
                    _ => Word::ReportCanMateNo,
                })
            )
        }
        Record::Ruling { answer, .. } => format!(
            "{}{c} {}",
            w(Word::ReportRulingIii5),
            w(match answer {
                QuickplayAnswer::Accept => Word::ReportRulingAccept,
                QuickplayAnswer::Reject => Word::ReportRulingReject,
                QuickplayAnswer::Postpone { extra_time: true } => Word::ReportRulingPostponeTime,
                QuickplayAnswer::Postpone { extra_time: false } => Word::ReportRulingPostpone,
            })
        ),
        // The engine's side: "Schwarz: Computer (Stockfish 15.1, Stufe 3)", not the PGN's
        // "BlackType: program".
        Record::Tag { name, value, .. } if value == "program" => match type_side(name) {
            Some(s) => seat.line(pack, s),
            None => format!("{name}{c} {value}"),
        },
        // The engine's name tag is said by its Type tag's line, with the level in words.
        Record::Tag { name, .. } if seat.names_program(name) => return None,
        Record::Tag { name, value, .. } => format!("{}{c} {value}", tag_label(pack, name)),
        // The engine seat: who plays which side, how strongly, and which program.
        Record::Engine { spec, .. } => format!(
            "{}{c} {}, {} ({})",
            w(Word::EngineReady),
            side(spec.side),
            vichess::engine::words::strength_text(pack, spec.strength),
            spec.program
        ),
        Record::Interrupted { signal, .. } => format!(
            "{} ({})",
            w(Word::GameInterrupted),
            vichess::session::interruption_words(pack, signal)
        ),
        Record::Rules { .. } => rules_words(pack, happened),
        Record::Move { .. } | Record::Correct { .. } => String::new(),
        Record::Checkpoint { .. }
        | Record::Anchor { .. }
        | Record::End { .. }
        | Record::Speed { .. }
        | Record::Language { .. }
        | Record::Side { .. } => return None,
    };
    // The moves a take-back removed, as they were played: the arbiter must see which left
    // the game ("Black accepts the take-back; taken back: 2. Nf3, 2... Nc6").
    let taken: Vec<String> = happened
        .iter()
        .rev()
        .filter_map(|h| match h {
            Happening::TakenBack { before, undone, .. } => {
                Some(numbered(before, &san(before, undone)))
            }
            _ => None,
        })
        .collect();
    if !taken.is_empty() {
        let moves = taken.join(", ");
        line = match rec {
            Record::TakeBack { .. } => format!("{line}{c} {moves}"),
            _ => format!("{line}; {}{c} {moves}", w(Word::EngineTookBack)),
        };
    }
    // The move first, then what it did besides (a draw offer it declined, 9.1.2.3).
    let moves = happened
        .iter()
        .filter(|h| matches!(h, Happening::Moved { .. }));
    let others = happened
        .iter()
        .filter(|h| !matches!(h, Happening::Moved { .. }));
    for h in moves.chain(others) {
        let extra = match h {
            Happening::Moved {
                before,
                mv,
                side: s,
            } => format!(
                "{} {} {}",
                side(*s),
                w(Word::ReportPlays),
                numbered(before, &san(before, mv))
            ),
            // The struck move too: a mate typed by mistake is gone from the movetext, and
            // the record must say what it was.
            Happening::Corrected { before, struck, mv } => format!(
                "{} {} ({}{c} {})",
                w(Word::ReportCorrected),
                numbered(before, &san(before, mv)),
                w(Word::ReportStruck),
                numbered(before, &san(before, struck))
            ),
            Happening::Opened { before, mv } => format!(
                "{}{c} {}",
                w(Word::ReportOpened),
                numbered(before, &san(before, mv))
            ),
            // A `draw decline` record says so itself; a move declines by being made.
            Happening::OfferDeclined { by } if !matches!(rec, Record::Draw { .. }) => {
                format!("{} {}", side(*by), w(Word::ReportDrawDecline))
            }
            Happening::IllegalMoveStands { by } => {
                format!("{}{c} {}", side(*by), w(Word::IllegalMoveStands))
            }
            Happening::IncrementRuled { agrees: true, .. } => w(Word::ReportIncrementGranted),
            Happening::IncrementRuled { agrees: false, .. } => w(Word::ReportIncrementRefused),
            Happening::PenaltyTime { to, ms, .. } => {
                // Time given to the opponent, not taken from the offender: "penalty: Black"
                // read as Black being penalised.
                format!(
                    "{}{c} {} +{} (7.5.5)",
                    w(Word::TimeAdded),
                    side(*to),
                    hms(*ms)
                )
            }
            Happening::IllegalMove { by, count } => {
                format!("{}{c} {} {count}", side(*by), w(Word::ReportIllegalNumber))
            }
            Happening::TimeAdjusted { side: s, left, .. } => {
                format!("{}{c} {} {}", side(*s), w(Word::ReportTimeLeft), hms(*left))
            }
            Happening::ClaimRejected {
                verdict,
                intended,
                penalty,
                ..
            } => {
                let words = vichess::session::claim_verdict_words(pack, verdict, intended.as_ref());
                match penalty {
                    Some((to, ms, _)) => format!(
                        "{}{c} {words}; {}{c} {} +{}",
                        w(Word::ReportClaimRejected),
                        w(Word::TimeAdded),
                        side(*to),
                        hms(*ms)
                    ),
                    None => format!("{}{c} {words}", w(Word::ReportClaimRejected)),
                }
            }
            // "Black resigns; the game ends: 1-0 (White wins)": the half of the result the
            // record's own words have just said is not said again.
            Happening::Ended { ending, .. } => format!(
                "{}{c} {}",
                w(Word::ReportEnds),
                result_line(pack, ending).replacen(&format!("({line}, "), "(", 1)
            ),
            Happening::ResultWithdrawn => w(Word::ResultWithdrawn),
            // 6.2.2: nobody pressed; the reply did, and the forgetful side's clock ran on.
            Happening::PressImplied {
                side: s,
                ran_on,
                left,
            } => format!(
                "{} {}; {}: {}; {}: {} {} (6.2.2)",
                side(*s),
                w(Word::PressForgotten),
                w(Word::PressedAtReply),
                hms(*ran_on),
                side(*s),
                w(Word::ReportTimeLeft),
                hms(*left)
            ),
            Happening::Clock(events) => {
                let falls: Vec<String> = events
                    .iter()
                    .filter_map(|e| match e {
                        // With the moment it fell, which the claim's time is not (III.3.1).
                        ClockEvent::FlagFell { side: s, at, .. } => Some(format!(
                            "{} ({})",
                            w(s.fold(Word::FlagFellWhite, Word::FlagFellBlack)),
                            hms(*at)
                        )),
                        // The period's time is the clock's, not a ruling: said as the
                        // control's own words.
                        ClockEvent::PeriodStarted {
                            side: s,
                            period,
                            added,
                            ..
                        } if *added > 0 => Some(format!(
                            "{}{c} {} {period}, +{}",
                            side(*s),
                            w(Word::ControlPeriod),
                            hms(*added)
                        )),
                        _ => None,
                    })
                    .collect();
                falls.join("; ")
            }
            _ => String::new(),
        };
        if !extra.is_empty() {
            if !line.is_empty() {
                line += "; ";
            }
            line += &extra;
        }
    }
    (!line.is_empty()).then(|| pack.grammar().with_articles(&line))
}

/// The event's supervision, as the opening line says it (issue 24, item 5).
fn rules_words(pack: &Pack, happened: &[Happening]) -> String {
    happened
        .iter()
        .find_map(|h| match h {
            Happening::Rules {
                arbiter_present,
                supervision,
            } => Some(vichess::session::rules_phrase(
                *arbiter_present,
                *supervision,
            )),
            _ => None,
        })
        .map(|p| pack.text(&p))
        .unwrap_or_default()
}

/// The engine that played in the game (its last journaled seat) and its sides' names, for
/// the line of its side's `WhiteType` or `BlackType` tag.
struct Seat {
    spec: Option<vichess::engine::EngineSpec>,
    names: [Option<String>; 2],
    /// Which sides the game's Type tags say a program played.
    programs: [bool; 2],
}

impl Seat {
    /// Whether `tag` is the name tag of a side a program played.
    fn names_program(&self, tag: &str) -> bool {
        match tag {
            "White" => self.programs[Color::White.index()],
            "Black" => self.programs[Color::Black.index()],
            _ => false,
        }
    }

    /// "Schwarz: Computer (Stockfish 15.1, Stufe 3)": who played `side`, in the report's
    /// words.
    fn line(&self, pack: &Pack, side_: Color) -> String {
        let c = pack.colon();
        let computer = w(pack, Word::Computer);
        let seat = match &self.spec {
            Some(spec) if spec.side == side_ => format!(
                " ({})",
                vichess::engine::words::seat_text(
                    pack,
                    self.names[side_.index()].as_deref(),
                    spec.strength
                )
            ),
            _ => String::new(),
        };
        format!("{}{c} {computer}{seat}", side(pack, side_))
    }
}

/// The side whose type a `WhiteType` or `BlackType` tag gives.
fn type_side(name: &str) -> Option<Color> {
    match name {
        "WhiteType" => Some(Color::White),
        "BlackType" => Some(Color::Black),
        _ => None,
    }
}

/// A PGN tag's name as the report's label: the roster's in the pack's words ("Weiß",
/// "турнир"), any other as it is.
fn tag_label(pack: &Pack, name: &str) -> String {
    match name {
        "White" => side(pack, Color::White),
        "Black" => side(pack, Color::Black),
        "Event" => w(pack, Word::ReportEvent),
        "Round" => w(pack, Word::ReportRound),
        "Site" => w(pack, Word::ReportSite),
        other => other.to_string(),
    }
}

/// A journaled note in the report's language: the arbiter's own note ("arbiter: ...") and a
/// sighted player's touch (D.2.10.5) as the game said them; any other note as it was written.
/// `pos` is the position it was made in, for the engine's moves it names.
fn note_line(pack: &Pack, pos: &Position, text: &str) -> String {
    let c = pack.colon();
    if let Some(note) = text.strip_prefix(vichess::session::ARBITER_NOTE) {
        return format!("{}{c} {note}", w(pack, Word::ArbiterNote));
    }
    if let Some(breach) = text.strip_prefix("touch-move: ") {
        return format!(
            "{}{c} {}{c} {}",
            w(pack, Word::NoteForArbiter),
            w(pack, Word::ReasonTouchMove),
            breach_words(pack, breach)
        );
    }
    if let Some((piece, square)) = sighted_touch(text) {
        return pack.text(&[
            Token::Word(Word::NoteForArbiter),
            vichess::phrase::grammar::COLON,
            Token::Word(Word::SightedTouched),
            Token::ManObject(piece),
            Token::File(square.file()),
            Token::Rank(square.rank()),
        ]);
    }
    if let Some(drift) = text.strip_prefix(vichess::session::DRIFT_NOTE) {
        // "white 0:14:57, vichess 0:15:00": the side in words, the times as written.
        let (name, rest) = drift.split_once(' ').unwrap_or((drift, ""));
        let who = match name {
            "white" => side(pack, Color::White),
            "black" => side(pack, Color::Black),
            other => other.to_string(),
        };
        return format!(
            "{}{c} {}{c} {who} {rest}",
            w(pack, Word::NoteForArbiter),
            w(pack, Word::BoardClockDiffers)
        );
    }
    if let Some(said) = engine_note(pack, pos, text) {
        return said;
    }
    // A move or command said aloud (issue 28): "Notiz: gehört (99 %): Springer, Felix, drei."
    if let Some((confidence, words)) = vichess::session::read_heard_note(text) {
        return format!(
            "{}{c} {} ({:.0} %){c} {words}",
            w(pack, Word::ReportNote),
            w(pack, Word::Heard),
            confidence * 100.0
        );
    }
    format!("{}{c} {text}", w(pack, Word::ReportNote))
}

/// The engine seat's notes (issue 27) in the report's language: its move ("engine NAME:
/// e7e5"), and the help it gave ("help hint g1f3", "help eval cp 27", "help threats none"),
/// with the evaluation in words and the moves as every move of the report ("1... e5",
/// "Tipp: 2. Sf3"; a threat is the opponent's move were it their turn, so unnumbered). The
/// journal keeps them in UCI: they are made in `pos`, the game's position then.
fn engine_note(pack: &Pack, pos: &Position, text: &str) -> Option<String> {
    use vichess::engine::uci::Score;
    let c = pack.colon();
    if let Some((by, mv)) = text
        .strip_prefix("engine ")
        .and_then(|r| r.rsplit_once(": "))
    {
        // "Stockfish 15.1, level 3": the level as every language says it, 3/8.
        let by = match by.rsplit_once(", level ") {
            Some((name, level)) => format!("{name}, {level}/8"),
            None => by.to_string(),
        };
        let mv = uci_words(pack, pos, mv, true);
        return Some(format!("{}{c} {by}{c} {mv}", w(pack, Word::EngineReady)));
    }
    let help = text.strip_prefix("help ")?;
    let mut words = help.split(' ');
    let said = match (words.next()?, words.next(), words.next()) {
        ("hint", Some(mv), None) => {
            format!(
                "{}{c} {}",
                w(pack, Word::Hint),
                uci_words(pack, pos, mv, true)
            )
        }
        ("threats", Some("none"), None) => w(pack, Word::NoThreat),
        ("threats", Some(mv), None) => {
            let theirs = pos.swap_turn();
            let mv = match &theirs {
                Some(theirs) => uci_words(pack, theirs, mv, false),
                None => mv.to_string(),
            };
            format!("{}{c} {mv}", w(pack, Word::Threat))
        }
        ("eval", Some(kind), Some(n)) => {
            let n: i32 = n.parse().ok()?;
            let score = match kind {
                "cp" => Score::Centipawns(n),
                "mate" => Score::Mate(n),
                _ => return None,
            };
            pack.text(&vichess::engine::words::eval_phrase(score))
        }
        _ => return None,
    };
    Some(said)
}

/// A touch-move breach (4.3-4.4) as the session journals it (the tracker's English: "Ng1-f3
/// was played, but the player was bound to Nb1-c3 or Nb1-a3", or only the move played) in
/// the pack's words; the moves stay as written.
fn breach_words(pack: &Pack, breach: &str) -> String {
    let lang = vichess::session::notation_lang(pack.language());
    match breach.split_once(" was played, but the player was bound to ") {
        Some((played, moves)) => {
            let or = format!(" {} ", w(pack, Word::OrList));
            let moves = moves
                .split(" or ")
                .map(|m| long_move_in(m, lang))
                .collect::<Vec<_>>()
                .join(&or);
            let played = long_move_in(played, lang);
            w(pack, Word::ReportBreachBound)
                .replace("{played}", &played)
                .replace("{moves}", &moves)
        }
        None => w(pack, Word::ReportBreachPlayed)
            .replace("{played}", &long_move_in(breach.trim(), lang)),
    }
}

/// A move in the tracker's long form ("Bf1-c4", "e7-e8=Q", "O-O") with the piece letters of
/// `lang` ("Сf1-c4"), as every other line of the report writes them.
fn long_move_in(text: &str, lang: vichess::rules::notation::Lang) -> String {
    let letter = |c: char| {
        vichess::rules::Role::from_char(c)
            .filter(|_| c.is_ascii_uppercase())
            .map(|r| lang.symbol(r, Color::White).to_string())
    };
    if lang != vichess::rules::notation::Lang::En {
        // FIDE's scoresheet castling, as the report's moves write it.
        if let Some(rest) = text.strip_prefix("O-O") {
            return format!("0-0{}", rest.replace("-O", "-0"));
        }
    }
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    if let Some(first) = chars.peek().copied() {
        if let Some(l) = letter(first) {
            out.push_str(&l);
            chars.next();
        }
    }
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '=' {
            if let Some(l) = chars.peek().copied().and_then(letter) {
                out.push_str(&l);
                chars.next();
            }
        }
    }
    out
}

/// "the sighted player touched the white knight on g1", as the session journals it.
fn sighted_touch(text: &str) -> Option<(vichess::rules::Piece, vichess::rules::Square)> {
    let rest = text.strip_prefix("the sighted player touched the ")?;
    let (man, square) = rest.split_once(" on ")?;
    let (color, role) = man.split_once(' ')?;
    let color = Color::ALL.into_iter().find(|c| c.name() == color)?;
    let role = vichess::rules::Role::ALL
        .into_iter()
        .find(|r| r.name() == role)?;
    Some((role.of(color), square.parse().ok()?))
}

/// The journal's time control in the game's words, as play says it at the start, with the
/// PGN tag's form after it for whoever checks it against the PGN: "fifteen minutes, plus
/// ten seconds per move from move one (900+10)". A form vichess cannot read is given as it
/// stands.
fn control_words(pack: &Pack, control: Option<&str>) -> String {
    let Some(control) = control else {
        // "no clock", not the word for no men ("չկան", "there are none").
        return w(pack, Word::Untimed);
    };
    match vichess::rules::clock::TimeControl::parse(control) {
        Ok(parsed) => {
            let words = vichess::phrase::control::control_phrase(&parsed, pack.grammar());
            format!("{} ({control})", pack.text(&words))
        }
        Err(_) => control.to_string(),
    }
}

/// The score and how the game ended, as the game announced it in the pack's words, English
/// too ("illegal move, White wins", not "white wins: second illegal move (7.5.5)"); the
/// journal's plain words only for an ending said by no phrase.
fn result_line(pack: &Pack, ending: &Ending) -> String {
    let words = if ending.phrase.is_empty() {
        ending.words.clone()
    } else {
        pack.text(&ending.phrase)
    };
    format!("{} ({words})", ending.score)
}

/// The report's language: `--lang`, else the game's own as its journal keeps it, else (a
/// journal from before that record, or none that can be read) the configuration's or the
/// system locale's, as `play` would take it, else English when the configuration cannot be
/// read. An unknown `--lang` is refused in the language the report would otherwise have.
fn report_language(lang: Option<&str>, lines: &[String]) -> anyhow::Result<Language> {
    let own = match vichess::session::journaled_language(lines) {
        Some((language, _)) => language,
        None => vichess::config::load(None)
            .map(|c| c.first_language(|name| std::env::var(name).ok()).0)
            .unwrap_or(Language::En),
    };
    match lang {
        None => Ok(own),
        Some(code) => Language::from_code(code).ok_or_else(|| {
            let why = Pack::builtin(vichess::session::language_pack(own))
                .map(|p| w(&p, Word::LangUnknown))
                .unwrap_or_else(|_| "not a language vichess speaks; the languages are".into());
            anyhow::anyhow!("--lang {code}: {why} {}", Language::listing())
        }),
    }
}

pub fn run(path: &Path, lang: Option<&str>) -> anyhow::Result<ExitCode> {
    // The game's PGN named instead of its journal: vichess keeps the journal beside it, under
    // the same name, and the report is made from that (a PGN has no rulings or clock record).
    let beside = path.with_extension("journal");
    let pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let path = match pgn {
        true if beside.is_file() => beside.as_path(),
        _ => path,
    };
    let read = vichess::journal::read(path);
    let lines: Vec<String> = match &read {
        Ok(read) => read.entries.iter().map(|e| e.payload.clone()).collect(),
        Err(_) => Vec::new(),
    };
    let language = report_language(lang, &lines)?;
    let pack = Pack::builtin(vichess::session::language_pack(language))
        .with_context(|| format!("the {language} voice pack is needed for the report"))?;
    // The report's own errors in its language; what the journal reader found, in brackets.
    // A PGN with no journal beside it: say which file is missing, not that the PGN is a
    // damaged journal.
    if pgn && path != beside.as_path() {
        let word = w(&pack, Word::ReportNoJournalBeside);
        // The PGN named may be missing too (a mistyped name): each file that is not there
        // is named with its path, not only the journal the report is made from.
        if !path.is_file() {
            let c = pack.colon();
            anyhow::bail!(
                "{}{c} {}; {word} ({})",
                path.display(),
                missing_words(&pack, path),
                beside.display()
            );
        }
        anyhow::bail!("{word} ({})", beside.display());
    }
    let read = read.map_err(|e| {
        let word = w(&pack, Word::ReportCannotReadJournal);
        let why = vichess::journal::error_words(&pack, &e);
        anyhow::anyhow!("{word}{} {} ({why})", pack.colon(), path.display())
    })?;
    let (state, steps) = replay_journal(ClockConfig::default(), &pack, &lines).map_err(|e| {
        // The reason in the report's language (its English `Display` leaked into a German
        // report before): "…lässt sich nicht nachspielen: X.journal: enthält keine Partie".
        let word = w(&pack, Word::ReportCannotReplay);
        let why = e.words(&pack, &path.display().to_string());
        anyhow::anyhow!("{word}{} {why}", pack.colon())
    })?;
    // Notes, tags and names are as the journal has them, which is as they were typed:
    // every line is escaped on its way out, so none can drive the arbiter's terminal.
    let mut out = super::text::Escaped::new(std::io::stdout().lock());

    // PGN's "?" is no value: a reader would hear "question mark". A side without a name
    // is named by its colour; an unknown event or round is left out.
    let tag = |name: &str| {
        state
            .tags()
            .iter()
            .find(|(n, v)| n == name && !v.trim().is_empty() && v.trim() != "?")
            .map(|(_, v)| v.clone())
    };
    let word = |word| w(&pack, word);
    let c = pack.colon();
    // A side named by its colour is a name here, capitalised as the resume's line writes it
    // ("Белые – Чёрные"), whatever the language does mid-sentence.
    let player = |name: &str, side: Color| {
        tag(name).unwrap_or_else(|| vichess::host::words::side_name(&pack, side))
    };
    // An en dash between the players, as the resume and the list of unfinished games
    // write them.
    writeln!(
        out,
        "{}{c} {} – {}",
        word(Word::ReportTitle),
        player("White", Color::White),
        player("Black", Color::Black)
    )?;
    let event: Vec<String> = [("Event", Word::ReportEvent), ("Round", Word::ReportRound)]
        .into_iter()
        .filter_map(|(name, label)| tag(name).map(|v| format!("{}{c} {v}", word(label))))
        .collect();
    if !event.is_empty() {
        writeln!(out, "{}", event.join("; "))?;
    }
    writeln!(out, "{}{c} {}", word(Word::Journal), path.display())?;
    if let Some(torn) = &read.torn {
        writeln!(
            out,
            "{} ({} {}{c} {})",
            word(Word::ReportTorn),
            word(Word::JournalLine),
            torn.line,
            vichess::journal::damage_words(&pack, &torn.why)
        )?;
    }

    let seat = Seat {
        spec: steps.iter().rev().find_map(|(rec, _)| match rec {
            Record::Engine { spec, .. } => Some(spec.clone()),
            _ => None,
        }),
        names: [tag("White"), tag("Black")],
        programs: [
            tag("WhiteType").is_some_and(|t| t == "program"),
            tag("BlackType").is_some_and(|t| t == "program"),
        ],
    };
    // The wall clock, once an anchor says how session time maps to it.
    let mut anchor: Option<(u64, u64)> = None;
    let first_anchor = steps.iter().find_map(|(rec, _)| match rec {
        Record::Anchor { at, unix_ms } => Some((*at, *unix_ms)),
        _ => None,
    });
    let mut pgn = PgnGame::from_game(state.game());
    let mut ply = 0usize;
    // Every PGN comment in journal order, with the number of half-moves it follows.
    let mut notes: Vec<(usize, String)> = Vec::new();
    // The game's positions so far, to word the moves the journal keeps in UCI.
    let mut line = vec![state.game().start().clone()];
    for (i, (rec, happened)) in steps.iter().enumerate() {
        let pos = line.last().cloned().unwrap_or_default();
        // An anchor after the first starts another run of vichess on this game.
        let downtime = match (rec, anchor) {
            (Record::Anchor { at, unix_ms }, Some(before)) => {
                downtime_line(&pack, &steps[..i], before, (*at, *unix_ms))
            }
            _ => None,
        };
        if let Record::Anchor { at, unix_ms } = rec {
            anchor = Some((*at, *unix_ms));
        }
        // A sealed move opened is a move of the game too: what follows it comes after it.
        let moved = happened
            .iter()
            .any(|h| matches!(h, Happening::Moved { .. } | Happening::Opened { .. }));
        // A take-back, an accepted request that took back one move or two, or the arbiter's
        // undo of a move that ended the game.
        let taken_back = happened
            .iter()
            .filter(|h| matches!(h, Happening::TakenBack { .. }))
            .count();
        let restored = match rec {
            Record::Restore { ply, .. } => Some(*ply),
            _ => None,
        };
        follow(&mut line, rec, happened);
        let corrected = happened
            .iter()
            .any(|h| matches!(h, Happening::Corrected { .. }));
        if moved {
            ply += 1;
        } else if let Some(kept) = restored {
            // 7.5.1: the game goes back to `kept` plies; what follows comes after them.
            ply = kept;
        } else {
            ply = ply.saturating_sub(taken_back);
        }
        // What was said after a move now struck (taken back, gone with a restore, replaced
        // by a correction) stays in the record, in its order, after the last move that
        // stayed: the struck move is no longer in the movetext to carry it.
        let stood = if corrected {
            ply.saturating_sub(1)
        } else {
            ply
        };
        for (at, _) in notes.iter_mut() {
            *at = (*at).min(stood);
        }
        let Some(text) = downtime.or_else(|| describe(&pack, rec, happened, &seat, &pos)) else {
            continue;
        };
        // Lines before the first anchor (the game's beginning is journaled before it) are
        // of the same run, so the first anchor maps them too.
        let when = match anchor.or(first_anchor) {
            Some((at, unix)) => {
                let utc = UtcTime::from_unix_ms((unix + rec.at()).saturating_sub(at));
                format!(
                    "{} ({} {:02}:{:02}:{:02} UTC)",
                    hms(rec.at()),
                    utc.pgn_date(),
                    utc.hour,
                    utc.minute,
                    utc.second
                )
            }
            None => hms(rec.at()),
        };
        writeln!(out, "{when}  {text}")?;
        // Presses and tags are in the plain lines; the PGN keeps the comments an arbiter or
        // a reader of the game needs. A move is the movetext itself: only what it did
        // besides (a draw offer declined by moving, the game's end) becomes a comment.
        let routine = matches!(
            rec,
            Record::Begin { .. }
                | Record::Tag { .. }
                | Record::Press { implied: false, .. }
                | Record::Start { .. }
        );
        let comment = if matches!(rec, Record::Move { .. }) {
            let besides: Vec<Happening> = happened
                .iter()
                .filter(|h| !matches!(h, Happening::Moved { .. }))
                .cloned()
                .collect();
            describe(&pack, rec, &besides, &seat, &pos).map(|t| format!("{when} {t}"))
        } else {
            (!routine).then(|| format!("{when} {text}"))
        };
        if let Some(comment) = comment {
            // The engine's move is noted just before it is made: the note is about that
            // move, and after the move before it, it would read as its answer.
            let at = match engine_move_next(rec, &steps[i + 1..]) {
                true => ply + 1,
                false => ply,
            };
            notes.push((at, comment));
        }
    }
    attach(&mut pgn, notes);
    let result = state
        .ending()
        .map(|e| result_line(&pack, e))
        .unwrap_or_else(|| format!("* ({})", word(Word::ReportNotOver)));
    writeln!(out, "{}{c} {result}", word(Word::Result))?;
    writeln!(
        out,
        "{}{c} ____________________",
        word(Word::ReportSignature)
    )?;
    writeln!(out)?;
    for (name, value) in state.tags() {
        pgn.set_tag(name, value.clone());
    }
    if let Some(control) = state.time_control_tag() {
        pgn.set_tag("TimeControl", control);
    }
    if let Some(unix) = state.began_unix_ms() {
        pgn.set_tag("Date", UtcTime::from_unix_ms(unix).pgn_date());
    }
    if let Some(e) = state.ending() {
        pgn.result = GameResult::from_pgn(e.score);
        pgn.set_tag("Result", e.score);
    }
    vichess::session::finish_pgn(&mut pgn, &state, &pack);
    // A draw offer's mark is the scoresheet's symbol alone, first after the offerer's move:
    // the report's own comment says the offer in words, with its time. An offer whose
    // move has not come (the game file keeps it, named, after the opponent's move) has no
    // mark here: a bare "(=)" there would read as the opponent's.
    let offers = state.offers();
    let movers = state.game().positions().iter().map(|p| p.turn());
    for ((m, by), mover) in pgn.main.moves.iter_mut().zip(offers).zip(movers) {
        let own = by == Some(mover);
        m.comments.retain(|c| own || !c.marks_draw_offer());
        for c in &mut m.comments {
            if c.marks_draw_offer() {
                *c = Comment::new(vichess::rules::notation::DRAW_OFFER_MARK);
            }
        }
        m.comments.sort_by_key(|c| !c.marks_draw_offer());
    }
    // The report's own comment already says how the game ended, with its time: the game
    // file's closing comment after it would say it a second time to anyone reading aloud.
    if state.ending().is_some() {
        match pgn.main.moves.last_mut() {
            Some(last) => last.comments.pop(),
            None => pgn.main.comments.pop(),
        };
    }
    write!(out, "{}", write_game(&pgn))?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The line a later run of vichess on the game starts with: when it started, the last record
/// before it, whether the run before closed the game, and whether the clocks counted the gap.
/// Without it the arbiter reads "both clocks stopped" at the resume and cannot tell that a
/// crash came first, nor how long the game stood. `before` are the records up to this run's
/// anchor, `last_anchor` and `now` (session time, Unix milliseconds) the anchors around it.
fn downtime_line(
    pack: &Pack,
    before: &[(Record, Vec<Happening>)],
    last_anchor: (u64, u64),
    now: (u64, u64),
) -> Option<String> {
    let last = before
        .iter()
        .rev()
        .map(|(r, _)| r)
        .find(|r| !matches!(r, Record::Checkpoint { .. }))?;
    let last_at = before.iter().map(|(r, _)| r.at()).max()?;
    let last_unix = last_anchor.1 + last_at.saturating_sub(last_anchor.0);
    let (at, unix) = now;
    let gap = unix.saturating_sub(last_unix);
    let wall = |ms: u64| {
        let t = UtcTime::from_unix_ms(ms);
        format!("{:02}:{:02}:{:02}", t.hour, t.minute, t.second)
    };
    // Over a midnight the first time says its day too.
    let from = match UtcTime::from_unix_ms(last_unix).pgn_date() {
        day if day != UtcTime::from_unix_ms(unix).pgn_date() => {
            format!("{day} {}", wall(last_unix))
        }
        _ => wall(last_unix),
    };
    let closed = matches!(
        last,
        Record::End { .. } | Record::Interrupted { .. } | Record::Adjourn { .. }
    );
    let timed = before.iter().any(|(r, _)| {
        matches!(
            r,
            Record::Begin {
                control: Some(_),
                ..
            }
        )
    });
    let mut parts = vec![
        w(pack, Word::ReportRestarted)
            .replace("{from}", &from)
            .replace("{to}", &wall(unix))
            .replace("{length}", &pack.text(&[Token::Duration(gap)])),
        w(
            pack,
            match closed {
                true => Word::ReportStoppedClosed,
                false => Word::ReportStoppedUnclosed,
            },
        ),
    ];
    // `resume_clock = "running"` moves the session time on by the gap; "paused" keeps it.
    if timed {
        parts.push(w(
            pack,
            match at.saturating_sub(last_at) * 2 >= gap && gap > 0 {
                true => Word::ReportDowntimeCounted,
                false => Word::ReportDowntimeNotCounted,
            },
        ));
    }
    Some(parts.join("; "))
}

/// Why `path` cannot be read as a file, in the pack's words: not there, a folder, or what
/// the system says.
fn missing_words(pack: &Pack, path: &Path) -> String {
    match std::fs::metadata(path) {
        Err(e) => vichess::io_words::io_reason(pack, &e),
        Ok(m) if m.is_dir() => {
            vichess::io_words::kind_words(pack, std::io::ErrorKind::IsADirectory)
                .unwrap_or_default()
        }
        Ok(_) => {
            vichess::io_words::kind_words(pack, std::io::ErrorKind::NotFound).unwrap_or_default()
        }
    }
}

/// Follows the game's positions through what a record did: a move adds one, a correction
/// replaces the last, a take-back removes it, a restore goes back to the plies kept.
fn follow(line: &mut Vec<Position>, rec: &Record, happened: &[Happening]) {
    for h in happened {
        match h {
            Happening::Moved { before, mv, .. } | Happening::Opened { before, mv } => {
                line.extend(before.play(mv).ok());
            }
            Happening::Corrected { before, mv, .. } => {
                if line.len() > 1 {
                    line.pop();
                }
                line.extend(before.play(mv).ok());
            }
            Happening::TakenBack { before, .. } => {
                if line.len() > 1 {
                    line.pop();
                }
                if line.last() != Some(before) {
                    line.push(before.clone());
                }
            }
            _ => {}
        }
    }
    if let Record::Restore { ply, .. } = rec {
        line.truncate(*ply + 1);
    }
}

/// Whether `rec` is the engine's note of its move ("engine NAME: e7e5") and the next
/// record that is more than bookkeeping makes that very move.
fn engine_move_next(rec: &Record, after: &[(Record, Vec<Happening>)]) -> bool {
    let Record::Note { text, .. } = rec else {
        return false;
    };
    let Some((_, noted)) = text
        .strip_prefix("engine ")
        .and_then(|r| r.rsplit_once(": "))
    else {
        return false;
    };
    let next = after
        .iter()
        .find(|(r, _)| !matches!(r, Record::Checkpoint { .. } | Record::Anchor { .. }));
    match next {
        Some((Record::Move { .. }, happened)) => happened.iter().any(|h| match h {
            Happening::Moved { before, mv, .. } => {
                vichess::rules::notation::uci(before, mv) == noted
            }
            _ => false,
        }),
        _ => false,
    }
}

/// Puts the notes, in journal order, after the move each follows (before the first move, on
/// the game itself), as PGN comments. The half-moves a note follows never decrease along
/// the journal, so the movetext reads in the order things happened.
fn attach(pgn: &mut PgnGame, notes: Vec<(usize, String)>) {
    let n = pgn.main.moves.len();
    for (ply, text) in notes {
        let comment = Comment::new(text);
        match ply.min(n).checked_sub(1) {
            Some(i) => pgn.main.moves[i].comments.push(comment),
            None => pgn.main.comments.push(comment),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_trackers_long_moves_take_the_reports_letters() {
        use vichess::rules::notation::Lang;
        assert_eq!(super::long_move_in("Bf1-c4", Lang::Ru), "Сf1-c4");
        assert_eq!(super::long_move_in("Nb8xc6", Lang::De), "Sb8xc6");
        assert_eq!(super::long_move_in("e7-e8=Q", Lang::Uk), "e7-e8=Ф");
        assert_eq!(super::long_move_in("d2-d4", Lang::Hy), "d2-d4");
        assert_eq!(super::long_move_in("O-O-O", Lang::Ru), "0-0-0");
        assert_eq!(super::long_move_in("O-O", Lang::En), "O-O");
        assert_eq!(super::long_move_in("Bf1-c4", Lang::En), "Bf1-c4");
    }

    use super::*;

    /// The engine seat's notes read in the report's language: no "engine", "help", "eval"
    /// or "cp" left from the journal's machine form (issue 27 in the arbiter's report).
    #[test]
    fn the_engines_moves_and_help_are_said_in_the_reports_language() {
        let ru = Pack::builtin("ru").unwrap();
        let start = Position::new();
        let said = |text: &str| note_line(&ru, &start, text);
        assert_eq!(
            said("engine Stockfish 15.1, level 1: e2e4"),
            "движок играет: Stockfish 15.1, 1/8: 1. e4"
        );
        assert_eq!(said("help hint g1f3"), "подсказка: 1. Кf3");
        // A move that is none here stays as written.
        assert_eq!(said("help hint e7e5"), "подсказка: e7e5");
        assert_eq!(
            said("help threats none"),
            ru.text(&[Token::Word(Word::NoThreat)])
        );
        assert_eq!(said("help eval cp 27"), "позиция примерно равная");
        let de = Pack::builtin("de").unwrap();
        let mate = note_line(&de, &start, "help eval mate -3");
        assert!(
            mate.starts_with("Schwarz") && !mate.contains("mate"),
            "{mate}"
        );
        // Anything else stays a note as it was written.
        assert!(said("help eval banana 3").ends_with("help eval banana 3"));
    }

    /// A move said aloud is a note in the report's language, not the journal's "heard".
    #[test]
    fn a_hearing_is_said_in_the_reports_language() {
        let start = Position::new();
        let de = Pack::builtin("de").unwrap();
        assert_eq!(
            note_line(&de, &start, "heard 0.99: Springer, Felix, drei."),
            "Notiz: gehört (99 %): Springer, Felix, drei."
        );
        let ru = Pack::builtin("ru").unwrap();
        let line = note_line(&ru, &start, "heard 0.96: Конь, эф, три.");
        assert!(
            !line.contains("heard") && line.ends_with("(96 %): Конь, эф, три."),
            "{line}"
        );
        // Not a hearing's note (no confidence): as written.
        assert!(note_line(&ru, &start, "heard it: e4").ends_with("heard it: e4"));
    }
}
