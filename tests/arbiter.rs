//! The arbiter's laws: made versus completed (4.7, 6.2.1, D.2.3), the illegal-move ladder
//! (7.5, A.5.2), draw offers and claims (9.1-9.5), resignation and flag fall (5.1.2, 6.9),
//! quickplay finishes (Guidelines III) and adjournment (Guidelines I).
//!
//! Each test names the article it checks; positions are the Laws' own examples or the
//! digest's edge cases.

use vichess::rules::arbiter::adjourn::{Envelope, Opening, SealError};
use vichess::rules::arbiter::claims::{judge, ClaimError};
use vichess::rules::arbiter::completion::{CompletedBy, MoveState, MoveTracker, PressError, Step};
use vichess::rules::arbiter::illegal::{
    illegal_position_after_next_move, IllegalMoves, Irregularity,
};
use vichess::rules::arbiter::offers::{DrawOffers, Lapse, OfferError, OfferKind, OfferStatus};
use vichess::rules::arbiter::quickplay::{Answer, Grounds, QuickplayError, QuickplayFinish};
use vichess::rules::arbiter::result::{board_result, flag_fall, resign};
use vichess::rules::arbiter::ruling::{EndReason, Event, Outcome, Question, Ruling, Supervision};
use vichess::rules::clock::{
    Adjustment, BlitzPenalty, Bonus, Clock, ClockConfig, Millis, QuickplayBonus, TimeControl,
};
use vichess::rules::game::{ClaimKind, ClaimVerdict, Game};
use vichess::rules::notation::{parse_move, MoveError};
use vichess::rules::{CastlingMode, Color, Move, Position, Square};

use Color::{Black, White};

const SEC: Millis = 1000;
const MIN: Millis = 60 * SEC;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn game_from(fen: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(pos(fen));
    for text in moves {
        let m = parse_move(game.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.push(m).unwrap();
    }
    game
}

fn game(moves: &[&str]) -> Game {
    game_from(vichess::rules::STARTING_FEN, moves)
}

fn mv(position: &Position, text: &str) -> Move {
    parse_move(position, text).unwrap()
}

fn clock(control: &str, blitz_penalty: BlitzPenalty) -> Clock {
    let mut clock = Clock::new(
        TimeControl::parse_any(control).unwrap(),
        ClockConfig { blitz_penalty },
    );
    clock.start(0).unwrap();
    clock
}

fn event(control: &str, supervision: Supervision) -> Event {
    Event::from_clock(&clock(control, BlitzPenalty::OneMinute), supervision)
}

fn draw(reason: EndReason, article: &'static str) -> Ruling {
    Ruling::Result {
        outcome: Outcome::Draw,
        reason,
        article,
    }
}

fn win(side: Color, reason: EndReason, article: &'static str) -> Ruling {
    Ruling::Result {
        outcome: Outcome::Win(side),
        reason,
        article,
    }
}

/// White: king and queen; Black: a lone king. White can mate, Black cannot.
const KQ_K: &str = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
/// Locked pawns and a bishop: the analysis proves neither mate nor its impossibility.
const UNDECIDED: &str = "k7/1p1p1p1p/1P1P1P1P/8/8/8/8/K5B1 w - - 0 1";

// ---------------------------------------------------------------------------------------
// Made versus completed (4.7, 6.2.1, D.2.3, D.2.4)

#[test]
fn a_sighted_players_move_is_made_on_release_and_completed_by_the_press() {
    let mut t = MoveTracker::new([false, false]);
    assert_eq!(
        t.release(White, 100),
        [Step::Made {
            side: White,
            at: 100
        }]
    );
    assert_eq!(t.state(White), MoveState::Made { at: 100 });
    // 9.1.2.1: between making the move and pressing is the moment to offer a draw.
    assert!(t.may_offer_now(White));
    assert_eq!(
        t.press(White, 200).unwrap(),
        [Step::Completed {
            side: White,
            at: 200,
            by: CompletedBy::Press
        }]
    );
    assert_eq!(t.state(White), MoveState::Idle);
    assert!(!t.may_offer_now(White));
    assert_eq!((t.made(White), t.completed(White)), (1, 1));
}

#[test]
fn a_visually_impaired_players_move_is_made_only_when_announced_d_2_3() {
    let mut t = MoveTracker::new([true, false]);
    assert!(t.release(White, 100).is_empty());
    assert_eq!(t.state(White), MoveState::Released { at: 100 });
    // D.2.4: the opponent's clock is started only once the move is made.
    assert_eq!(t.press(White, 150), Err(PressError::NotAnnounced(White)));
    assert_eq!(
        t.announce(White, 180),
        [Step::Made {
            side: White,
            at: 180
        }]
    );
    // D.2.8: a corrected announcement before the press changes nothing more.
    assert!(t.announce(White, 190).is_empty());
    assert!(t.press(White, 200).is_ok());
    assert_eq!(t.completed(White), 1);
    // The sighted opponent: Art. 4 alone (D.2.5), the announcement is not needed.
    assert_eq!(
        t.release(Black, 300),
        [Step::Made {
            side: Black,
            at: 300
        }]
    );
}

#[test]
fn a_press_without_a_move_counts_as_illegal_7_5_3() {
    let mut t = MoveTracker::new([false, false]);
    let err = t.press(White, 10).unwrap_err();
    assert_eq!(err, PressError::NoMove(White));
    assert!(err.to_string().contains("7.5.3"), "{err}");
}

#[test]
fn a_game_ending_move_completes_itself_6_2_1_1() {
    let mut t = MoveTracker::new([false, false]);
    t.release(White, 10);
    assert_eq!(
        t.game_ended(10),
        [Step::Completed {
            side: White,
            at: 10,
            by: CompletedBy::GameEnd
        }]
    );
    assert_eq!(t.completed(White), 1);
}

#[test]
fn the_next_move_completes_an_unpressed_one_6_2_1_2() {
    let mut t = MoveTracker::new([false, false]);
    t.release(White, 10);
    // White forgot to press; Black replies on the board (6.2.2: White may still press).
    t.release(Black, 20);
    assert!(t.both_have_moved());
    t.press(Black, 25).unwrap();
    assert_eq!(
        t.release(White, 30),
        [
            Step::Completed {
                side: White,
                at: 30,
                by: CompletedBy::NextMove
            },
            Step::Made {
                side: White,
                at: 30
            },
        ]
    );
    assert_eq!((t.made(White), t.completed(White)), (2, 1));
}

// ---------------------------------------------------------------------------------------
// The illegal-move ladder (7.5)

#[test]
fn penalties_by_game_type_come_from_the_clock() {
    let cases = [
        ("90+30", BlitzPenalty::OneMinute, 2),
        ("15+10", BlitzPenalty::OneMinute, 1),
        ("3+2", BlitzPenalty::OneMinute, 1),
        ("3+2", BlitzPenalty::TwoMinutes, 2),
    ];
    for (control, blitz, minutes) in cases {
        let mut c = clock(control, blitz);
        let mut ladder = IllegalMoves::new(Event::from_clock(&c, Supervision::Adequate));
        let rulings = ladder.completed(White, Irregularity::IllegalMove, &pos(KQ_K), false);
        assert_eq!(
            rulings,
            [
                Ruling::ReinstatePosition { article: "7.5.1" },
                Ruling::Penalty {
                    to: Black,
                    minutes,
                    article: "7.5.5"
                }
            ],
            "{control}"
        );
        // Applied through the clock, the opponent gets exactly that.
        let before = c.remaining(Black, 0);
        let adjustment = rulings[1].clock_adjustment().unwrap();
        assert_eq!(adjustment, Adjustment::Penalty { offender: White });
        c.correct(adjustment, "arbiter", "7.5.5", 0).unwrap();
        assert_eq!(
            c.remaining(Black, 0),
            before + Millis::from(minutes) * MIN,
            "{control}"
        );
        assert_eq!(
            rulings[1].to_string(),
            format!(
                "black gets {} more minute{} (7.5.5)",
                if minutes == 1 { "one" } else { "two" },
                if minutes == 1 { "" } else { "s" }
            )
        );
    }
}

#[test]
fn the_second_illegal_move_loses() {
    let mut ladder = IllegalMoves::new(event("90+30", Supervision::Adequate));
    // Black, with a lone king, plays two illegal moves; White can mate.
    let p = pos(KQ_K);
    assert_eq!(
        ladder
            .completed(Black, Irregularity::IllegalMove, &p, false)
            .len(),
        2
    );
    assert_eq!(ladder.count(Black), 1);
    // The other player's count is separate.
    assert_eq!(
        ladder
            .completed(White, Irregularity::TwoHanded, &p, false)
            .len(),
        2
    );
    assert_eq!(
        ladder.completed(Black, Irregularity::IllegalMove, &p, false),
        [win(White, EndReason::SecondIllegalMove, "7.5.5")]
    );
}

#[test]
fn the_second_illegal_move_draws_when_the_opponent_cannot_mate_7_5_5() {
    let mut ladder = IllegalMoves::new(event("15+10", Supervision::Adequate));
    // White has the queen and plays the illegal moves; Black has a lone king.
    let p = pos(KQ_K);
    ladder.completed(White, Irregularity::PressWithoutMove, &p, false);
    assert_eq!(
        ladder.completed(White, Irregularity::IllegalMove, &p, false),
        [draw(
            EndReason::SecondIllegalMoveOpponentCannotMate,
            "7.5.5"
        )]
    );
}

#[test]
fn the_arbiter_decides_when_mating_chances_cannot_be_proved() {
    let mut ladder = IllegalMoves::new(event("90+30", Supervision::Adequate));
    let p = pos(UNDECIDED);
    ladder.completed(Black, Irregularity::IllegalMove, &p, false);
    let rulings = ladder.completed(Black, Irregularity::IllegalMove, &p, false);
    assert_eq!(
        rulings,
        [Ruling::ArbiterDecides {
            question: Question::CanMate {
                side: White,
                if_yes: Outcome::Win(White)
            },
            article: "7.5.5"
        }]
    );
    assert!(rulings[0]
        .to_string()
        .starts_with("the arbiter decides: can white still checkmate"));
}

#[test]
fn what_7_5_2_to_7_5_4_do_besides_the_penalty() {
    let p = pos(KQ_K);
    let e = event("90+30", Supervision::Adequate);
    let e8 = Square::E8;
    let cases = [
        (
            Irregularity::UnpromotedPawn { square: e8 },
            Ruling::PawnBecomesQueen { square: e8 },
        ),
        (
            Irregularity::PressWithoutMove,
            Ruling::MustMove { side: White },
        ),
        (
            Irregularity::TwoHanded,
            Ruling::MoveStands { article: "7.5.4" },
        ),
    ];
    for (what, correction) in cases {
        let mut ladder = IllegalMoves::new(e);
        assert_eq!(
            ladder.completed(White, what, &p, false),
            [
                correction,
                Ruling::Penalty {
                    to: Black,
                    minutes: 2,
                    article: "7.5.5"
                }
            ]
        );
    }
}

#[test]
fn unsupervised_rapid_and_blitz_act_only_before_the_reply_a_5_2() {
    let p = pos(KQ_K);
    for control in ["15+10", "3+2"] {
        let mut ladder = IllegalMoves::new(event(control, Supervision::Unsupervised));
        // After the opponent's reply the illegal move stands and is not counted.
        assert_eq!(
            ladder.completed(White, Irregularity::IllegalMove, &p, true),
            [Ruling::MoveStands { article: "A.5.2" }]
        );
        assert_eq!(ladder.count(White), 0);
        // Before it, the ladder applies as ever.
        assert_eq!(
            ladder.completed(White, Irregularity::IllegalMove, &p, false)[1],
            Ruling::Penalty {
                to: Black,
                minutes: 1,
                article: "7.5.5"
            }
        );
        // A pawn left on its last rank is an illegal position: wait for the next move (A.5.4).
        let e8 = Square::E8;
        assert_eq!(
            ladder.completed(White, Irregularity::UnpromotedPawn { square: e8 }, &p, true),
            [Ruling::Continue { article: "A.5.4" }]
        );
    }
    assert_eq!(
        illegal_position_after_next_move(true),
        draw(EndReason::IllegalPosition, "A.5.4")
    );
    assert_eq!(
        illegal_position_after_next_move(false),
        Ruling::Continue { article: "A.5.4" }
    );
}

#[test]
fn standard_play_and_supervised_rapid_have_no_reply_window() {
    let p = pos(KQ_K);
    for (control, supervision) in [
        ("90+30", Supervision::Unsupervised),
        ("15+10", Supervision::Adequate),
    ] {
        let mut ladder = IllegalMoves::new(event(control, supervision));
        let rulings = ladder.completed(White, Irregularity::IllegalMove, &p, true);
        assert_eq!(rulings[0], Ruling::ReinstatePosition { article: "7.5.1" });
        assert_eq!(ladder.count(White), 1, "{control}");
    }
}

// ---------------------------------------------------------------------------------------
// Draw offers (9.1, 5.2.3)

fn both_moved() -> MoveTracker {
    let mut t = MoveTracker::new([false, false]);
    t.release(White, 1);
    t.press(White, 2).unwrap();
    t.release(Black, 3);
    t.press(Black, 4).unwrap();
    t
}

#[test]
fn an_offer_made_after_moving_and_before_pressing_is_proper_9_1_2_1() {
    let mut t = both_moved();
    let mut offers = DrawOffers::new();
    t.release(White, 10);
    let OfferStatus::Pending(offer) = offers.offer(White, OfferKind::Offer, &t).unwrap() else {
        panic!("pending")
    };
    assert!(offer.proper);
    assert_eq!(offer.after_move, 2);
    t.press(White, 11).unwrap();
    // Black accepts: a draw by agreement.
    assert_eq!(
        offers.accept(Black, &t),
        Ok(draw(EndReason::Agreement, "5.2.3"))
    );
    assert_eq!(offers.pending(), None);
    assert_eq!(offers.reject(Black), Err(OfferError::GameOver));
}

#[test]
fn an_offer_at_another_time_is_still_valid() {
    let t = both_moved();
    let mut offers = DrawOffers::new();
    let OfferStatus::Pending(offer) = offers.offer(Black, OfferKind::Offer, &t).unwrap() else {
        panic!("pending")
    };
    assert!(!offer.proper);
    assert!(offers.accept(White, &t).is_ok());
}

#[test]
fn offers_lapse_on_rejection_touch_and_game_end_9_1_2_3() {
    let t = both_moved();
    let mut offers = DrawOffers::new();
    offers.offer(White, OfferKind::Offer, &t).unwrap();
    assert_eq!(offers.accept(White, &t), Err(OfferError::OwnOffer(White)));
    assert_eq!(offers.reject(Black), Ok(Lapse::Rejected));
    assert_eq!(offers.accept(Black, &t), Err(OfferError::NoOffer));

    offers.offer(White, OfferKind::Offer, &t).unwrap();
    // The offerer's own touch changes nothing; the opponent's rejects.
    assert_eq!(offers.touched(White), None);
    assert!(offers.pending().is_some());
    assert_eq!(offers.touched(Black).map(|o| o.by), Some(White));
    assert_eq!(offers.pending(), None);

    offers.offer(Black, OfferKind::Offer, &t).unwrap();
    assert_eq!(offers.game_ended().map(|o| o.by), Some(Black));
    assert_eq!(
        offers.offer(White, OfferKind::Offer, &t),
        Err(OfferError::GameOver)
    );
}

#[test]
fn no_agreement_before_both_players_have_moved_5_2_3() {
    let mut t = MoveTracker::new([false, false]);
    t.release(White, 1);
    let mut offers = DrawOffers::new();
    offers.offer(White, OfferKind::Offer, &t).unwrap();
    assert_eq!(offers.accept(Black, &t), Err(OfferError::TooEarly));
    // The offer still stands once Black has moved (it lapses on a touch, though: here Black
    // answers before touching, as on a board where the move comes without a touch event).
    t.press(White, 2).unwrap();
    t.release(Black, 3);
    assert!(offers.accept(Black, &t).is_ok());
}

#[test]
fn offering_back_is_agreeing_and_repeating_is_counted() {
    let t = both_moved();
    let mut offers = DrawOffers::new();
    offers.offer(White, OfferKind::Offer, &t).unwrap();
    assert!(matches!(
        offers.offer(White, OfferKind::Offer, &t),
        Ok(OfferStatus::AlreadyPending(_))
    ));
    assert_eq!(offers.offers_made(White), 2);
    assert_eq!(
        offers.offer(Black, OfferKind::Offer, &t),
        Ok(OfferStatus::Agreed(draw(EndReason::Agreement, "5.2.3")))
    );
}

#[test]
fn a_claim_is_an_offer_the_opponent_may_accept() {
    let t = both_moved();
    let mut offers = DrawOffers::new();
    let kind = OfferKind::Claim(ClaimKind::ThreefoldRepetition);
    let Ok(OfferStatus::Pending(offer)) = offers.offer(White, kind, &t) else {
        panic!("pending")
    };
    assert_eq!(offer.kind, kind);
    assert!(offers.accept(Black, &t).is_ok());
}

// ---------------------------------------------------------------------------------------
// Claims (9.2, 9.3, 9.4, 9.5)

/// The knights go out and back twice: the start position stands for the third time with
/// White to move.
const SHUFFLE: [&str; 8] = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn a_correct_claim_draws_9_5_2() {
    let g = game(&SHUFFLE);
    let ruling = judge(
        &g,
        &event("90+30", Supervision::Adequate),
        White,
        ClaimKind::ThreefoldRepetition,
        None,
        false,
    )
    .unwrap();
    assert!(ruling.verdict.is_correct());
    assert_eq!(
        ruling.rulings,
        [draw(
            EndReason::Claim(ClaimKind::ThreefoldRepetition),
            "9.5.2"
        )]
    );
}

#[test]
fn a_claim_with_a_written_move_9_2_1_1() {
    // After 7...Nf6 the knight's return would repeat the start position a third time.
    let g = game(&SHUFFLE[..7]);
    let intended = mv(g.position(), "Ng8");
    let ruling = judge(
        &g,
        &event("90+30", Supervision::Adequate),
        Black,
        ClaimKind::ThreefoldRepetition,
        Some(intended),
        false,
    )
    .unwrap();
    assert!(ruling.verdict.is_correct(), "{}", ruling.verdict);
}

#[test]
fn an_incorrect_claim_gives_the_opponent_time_by_game_type_9_5_3() {
    let g = game(&SHUFFLE[..4]);
    for (control, minutes) in [("90+30", 2), ("15+10", 1), ("3+2", 1)] {
        let ruling = judge(
            &g,
            &event(control, Supervision::Adequate),
            White,
            ClaimKind::ThreefoldRepetition,
            None,
            false,
        )
        .unwrap();
        assert!(matches!(
            ruling.verdict,
            ClaimVerdict::RepetitionIncorrect { .. }
        ));
        assert_eq!(
            ruling.rulings,
            [
                Ruling::Penalty {
                    to: Black,
                    minutes,
                    article: "9.5.3"
                },
                Ruling::Continue { article: "9.5.3" }
            ],
            "{control}"
        );
    }
}

#[test]
fn the_written_move_of_an_incorrect_claim_must_be_played_9_5_3() {
    let g = game(&["e4", "e5"]);
    let intended = mv(g.position(), "Nf3");
    let ruling = judge(
        &g,
        &event("90+30", Supervision::Adequate),
        White,
        ClaimKind::FiftyMoves,
        Some(intended),
        false,
    )
    .unwrap();
    assert_eq!(
        ruling.rulings,
        [
            Ruling::Penalty {
                to: Black,
                minutes: 2,
                article: "9.5.3"
            },
            Ruling::MustPlay {
                side: White,
                mv: intended
            }
        ]
    );
    assert_eq!(
        ruling.rulings[1].to_string(),
        "white must play Ng1-f3 (9.5.3)"
    );
}

#[test]
fn fifty_moves_claimed_with_the_move_that_completes_them_9_3_1() {
    // 99 half-moves without a pawn move or capture; Kd1 makes the hundredth.
    let g = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", &[]);
    let intended = mv(g.position(), "Kd1");
    let e = event("90+30", Supervision::Adequate);
    let early = judge(&g, &e, White, ClaimKind::FiftyMoves, None, false).unwrap();
    assert!(!early.verdict.is_correct());
    let ruling = judge(&g, &e, White, ClaimKind::FiftyMoves, Some(intended), false).unwrap();
    assert_eq!(
        ruling.rulings,
        [draw(EndReason::Claim(ClaimKind::FiftyMoves), "9.5.2")]
    );
}

#[test]
fn claims_that_are_not_heard() {
    let g = game(&SHUFFLE);
    let e = event("90+30", Supervision::Adequate);
    // 9.4: a touch with intent forfeits the claim on this move.
    let touched = judge(&g, &e, White, ClaimKind::ThreefoldRepetition, None, true).unwrap_err();
    assert_eq!(touched, ClaimError::Touched(White));
    assert!(touched.to_string().contains("(9.4)"));
    // Only the player having the move claims.
    assert_eq!(
        judge(&g, &e, Black, ClaimKind::ThreefoldRepetition, None, false),
        Err(ClaimError::NotOnMove(Black))
    );
    // Not after the game has ended.
    let mated = game(&["f3", "e5", "g4", "Qh4"]);
    assert!(matches!(
        judge(&mated, &e, White, ClaimKind::FiftyMoves, None, false),
        Err(ClaimError::GameOver(_))
    ));
}

#[test]
fn a_written_move_that_is_illegal_leaves_the_arbiter_to_decide() {
    let g = game(&["e4", "e5"]);
    // e4-e5 is blocked.
    let blocked = Move::Normal {
        role: vichess::rules::Role::Pawn,
        from: Square::E4,
        capture: None,
        to: Square::E5,
        promotion: None,
    };
    let ruling = judge(
        &g,
        &event("90+30", Supervision::Adequate),
        White,
        ClaimKind::ThreefoldRepetition,
        Some(blocked),
        false,
    )
    .unwrap();
    assert_eq!(ruling.verdict, ClaimVerdict::IllegalIntendedMove(blocked));
    assert!(matches!(
        ruling.rulings[0],
        Ruling::Penalty { to: Black, .. }
    ));
    assert!(matches!(
        ruling.rulings[1],
        Ruling::ArbiterDecides {
            question: Question::IntendedMoveNotLegal { side: White, .. },
            ..
        }
    ));
}

// ---------------------------------------------------------------------------------------
// Resignation (5.1.2) and flag fall (6.9)

#[test]
fn resignation_wins_for_the_opponent_5_1_2() {
    let g = game(&["e4", "e5"]);
    assert_eq!(
        resign(&g, White),
        win(Black, EndReason::Resignation, "5.1.2")
    );
}

#[test]
fn resignation_is_a_draw_when_the_opponent_cannot_mate_5_1_2() {
    // White resigns with a queen against a lone king (2023 Laws: a draw).
    let g = game_from(KQ_K, &[]);
    assert_eq!(
        resign(&g, White),
        draw(EndReason::ResignationOpponentCannotMate, "5.1.2")
    );
    assert_eq!(
        resign(&g, Black),
        win(White, EndReason::Resignation, "5.1.2")
    );
}

#[test]
fn flag_fall_loses_6_9() {
    let g = game(&["e4", "e5"]);
    assert_eq!(flag_fall(&g, White), win(Black, EndReason::FlagFall, "6.9"));
}

#[test]
fn flag_fall_is_a_draw_when_the_opponent_cannot_mate_6_9() {
    // Black's flag falls with a queen against White's lone king: White can never mate.
    let k_kq = game_from("4k3/8/8/7q/8/8/8/4K3 b - - 0 1", &[]);
    assert_eq!(
        flag_fall(&k_kq, Black),
        draw(EndReason::FlagFallOpponentCannotMate, "6.9")
    );
    // A knight cannot mate a king that has only a queen beside it.
    let kn_kq = game_from("4k3/8/8/7q/8/8/8/4KN2 b - - 0 1", &[]);
    assert_eq!(
        flag_fall(&kn_kq, Black),
        draw(EndReason::FlagFallOpponentCannotMate, "6.9")
    );
    // King and knight against king is a dead position: the game ended before any flag.
    let kn_k = game_from("4k3/8/8/8/8/8/8/4KN2 b - - 0 1", &[]);
    assert_eq!(
        flag_fall(&kn_k, Black),
        draw(EndReason::DeadPosition, "5.2.2")
    );
    // The digest's edge case: K+N against K+P is not hopeless for the knight's side (a
    // helpmate exists), so the flag fall of the pawn's side loses.
    let kn_kp = game_from("7k/8/8/8/8/8/6p1/4KN2 b - - 0 1", &[]);
    assert_eq!(
        flag_fall(&kn_kp, Black),
        win(White, EndReason::FlagFall, "6.9")
    );
    // And when neither a mate nor its impossibility is proved, the arbiter decides.
    let g = game_from(UNDECIDED, &[]);
    assert!(matches!(
        flag_fall(&g, Black),
        Ruling::ArbiterDecides {
            question: Question::CanMate { side: White, .. },
            article: "6.9"
        }
    ));
}

#[test]
fn a_mate_before_the_flag_stands_6_9() {
    // Fool's mate: the mating move completed itself (6.2.1.1); White's flag later changes
    // nothing, and Black's resignation neither.
    let g = game(&["f3", "e5", "g4", "Qh4"]);
    let mate = win(Black, EndReason::Checkmate, "5.1.1");
    assert_eq!(flag_fall(&g, Black), mate);
    assert_eq!(resign(&g, Black), mate);
    assert_eq!(board_result(g.status()), Some(mate));
}

// ---------------------------------------------------------------------------------------
// Guidelines III: quickplay finish

fn in_time_trouble(control: &str) -> (Clock, Millis) {
    let mut c = clock(control, BlitzPenalty::OneMinute);
    let base = c.control().period(0).time;
    // White uses all but 90 seconds on the first move, then Black replies at once.
    let t = base - 90 * SEC;
    c.press(White, t).unwrap();
    c.press(Black, t + SEC).unwrap();
    (c, t + SEC)
}

const ANNOUNCED: QuickplayFinish = QuickplayFinish {
    announced: true,
    arbiter_present: true,
};

#[test]
fn the_switch_to_five_seconds_iii_4() {
    let (mut c, now) = in_time_trouble("G/60");
    assert_eq!(ANNOUNCED.check(&c, White, now), Ok(()));
    // The request is a draw offer; Black declines, the arbiter agrees.
    let rulings = ANNOUNCED.switch_declined(White, QuickplayBonus::Increment, true);
    assert_eq!(
        rulings,
        [
            Ruling::SwitchBonus {
                bonus: QuickplayBonus::Increment
            },
            Ruling::ExtraTime {
                to: Black,
                time: 2 * MIN,
                article: "III.4"
            }
        ]
    );
    let black_before = c.remaining(Black, now);
    for r in &rulings {
        c.correct(r.clock_adjustment().unwrap(), "arbiter", "III.4", now)
            .unwrap();
    }
    assert_eq!(c.bonus(White), Bonus::Increment(5 * SEC));
    assert_eq!(c.bonus(Black), Bonus::Increment(5 * SEC));
    assert_eq!(c.remaining(Black, now), black_before + 2 * MIN);
    // Once switched, no second request.
    assert_eq!(
        ANNOUNCED.check(&c, White, now),
        Err(QuickplayError::AlreadySwitched)
    );
    // The arbiter may refuse: nothing changes.
    assert_eq!(
        ANNOUNCED.switch_declined(White, QuickplayBonus::Delay, false),
        [Ruling::Continue { article: "III.4" }]
    );
}

#[test]
fn rapid_gets_two_minutes_too_as_a_3_covers_only_art_7_and_9() {
    let rulings = ANNOUNCED.switch_declined(Black, QuickplayBonus::Delay, true);
    assert_eq!(
        rulings[1],
        Ruling::ExtraTime {
            to: White,
            time: 2 * MIN,
            article: "III.4"
        }
    );
}

#[test]
fn when_guidelines_iii_cannot_be_used() {
    let (c, now) = in_time_trouble("G/60");
    let not_announced = QuickplayFinish {
        announced: false,
        arbiter_present: true,
    };
    assert_eq!(
        not_announced.check(&c, White, now),
        Err(QuickplayError::NotAnnounced)
    );
    // Only the player having the move, with less than two minutes, before the flag falls.
    assert_eq!(
        ANNOUNCED.check(&c, Black, now),
        Err(QuickplayError::NotOnMove(Black))
    );
    let (early, at) = (clock("G/60", BlitzPenalty::OneMinute), 0);
    assert_eq!(
        ANNOUNCED.check(&early, White, at),
        Err(QuickplayError::EnoughTime(White))
    );
    let mut flagged = c.clone();
    flagged.tick(now + 91 * SEC).unwrap();
    assert_eq!(
        ANNOUNCED.check(&flagged, White, now + 91 * SEC),
        Err(QuickplayError::FlagFallen(White))
    );
    // Never blitz (III.2), never with an increment.
    let (blitz, t) = in_time_trouble("G/5");
    assert_eq!(
        ANNOUNCED.check(&blitz, White, t),
        Err(QuickplayError::Blitz)
    );
    let (inc, t) = in_time_trouble("60+30");
    assert_eq!(
        ANNOUNCED.check(&inc, White, t),
        Err(QuickplayError::HasBonus)
    );
}

#[test]
fn the_claim_that_the_opponent_cannot_win_iii_5() {
    let (c, now) = in_time_trouble("G/60");
    let grounds = Grounds {
        cannot_win: true,
        no_effort: false,
    };
    let ruling = ANNOUNCED.claim(&c, White, grounds, now).unwrap();
    assert_eq!(
        ruling,
        Ruling::ArbiterDecides {
            question: Question::QuickplayClaim {
                claimant: White,
                cannot_win: true,
                no_effort: false
            },
            article: "III.5"
        }
    );
    assert_eq!(
        ANNOUNCED.answer(White, Answer::Accept),
        [draw(EndReason::QuickplayFinish, "III.5")]
    );
    let two_minutes = Ruling::ExtraTime {
        to: Black,
        time: 2 * MIN,
        article: "III.5",
    };
    let go_on = Ruling::Continue { article: "III.5" };
    assert_eq!(
        ANNOUNCED.answer(White, Answer::Reject),
        [two_minutes, go_on]
    );
    assert_eq!(
        ANNOUNCED.answer(White, Answer::Postpone { extra_time: true }),
        [two_minutes, go_on]
    );
    assert_eq!(
        ANNOUNCED.answer(White, Answer::Postpone { extra_time: false }),
        [go_on]
    );
}

#[test]
fn without_an_arbiter_the_claim_stops_the_game_iii_6() {
    let (c, now) = in_time_trouble("G/60");
    let alone = QuickplayFinish {
        announced: true,
        arbiter_present: false,
    };
    let no_effort = Grounds {
        cannot_win: false,
        no_effort: true,
    };
    let Ruling::GameStopped {
        to_record, article, ..
    } = alone.claim(&c, White, no_effort, now).unwrap()
    else {
        panic!("the game stops")
    };
    assert_eq!(article, "III.6");
    assert!(to_record.contains("scoresheets"), "{to_record}");
}

// ---------------------------------------------------------------------------------------
// Guidelines I: adjournment

fn adjourned(written: &str) -> (Game, Clock, Envelope) {
    let g = game(&["e4", "e5", "Nf3"]);
    let mut c = clock("90+30", BlitzPenalty::OneMinute);
    c.press(White, 60 * SEC).unwrap();
    c.press(Black, 120 * SEC).unwrap();
    c.press(White, 150 * SEC).unwrap();
    let t = MoveTracker::new([false, false]);
    let mut offers = DrawOffers::new();
    offers.offer(White, OfferKind::Offer, &t).unwrap();
    let envelope = Envelope::seal(
        &g,
        &c,
        200 * SEC,
        written,
        offers.pending(),
        ["Anna", "Bella"],
        "Sunday 10:00, room 2",
    )
    .unwrap();
    (g, c, envelope)
}

#[test]
fn the_envelope_records_what_i_2_asks() {
    let (g, c, e) = adjourned("Nc6");
    assert_eq!(e.position(), g.position());
    assert_eq!(e.sealer(), Black);
    assert_eq!(e.move_number(), 2);
    assert_eq!(e.sealed_move(), "Nc6");
    assert_eq!(e.names(), ["Anna", "Bella"]);
    assert_eq!(e.resumption(), "Sunday 10:00, room 2");
    assert_eq!(e.draw_offer().map(|o| o.by), Some(White));
    assert_eq!(e.readings()[0], c.reading(White, 200 * SEC));
    assert_eq!(
        e.readings()[1].time,
        90 * MIN + 30 * SEC - 60 * SEC - 50 * SEC
    );
    // The pending offer stays open at resumption (I.4).
    let resumed = DrawOffers::with_pending(e.draw_offer());
    assert_eq!(resumed.pending(), e.draw_offer());
}

#[test]
fn resumption_plays_the_sealed_move_and_restores_the_clocks_i_9() {
    // Written in long algebraic notation, with stray spaces (C.8 allows the long form).
    let (_, c, e) = adjourned(" Nb8c6 ");
    let Opening::Play(m) = e.open(None) else {
        panic!("the sealed move is played")
    };
    assert_eq!(m, mv(e.position(), "Nc6"));
    let restored = e.restore_clock(c.control().clone(), c.config()).unwrap();
    for side in Color::ALL {
        assert_eq!(restored.remaining(side, 0), e.readings()[side.index()].time);
        assert_eq!(restored.moves(side), e.readings()[side.index()].moves);
    }
    assert_eq!(restored.audit().len(), 4);
    let mut restored = restored;
    restored.start_with(Black, 0).unwrap();
    restored.press(Black, 5 * SEC).unwrap();
    assert_eq!(restored.moves(Black), 2);
}

#[test]
fn an_ambiguous_or_illegal_sealed_move_loses_i_8() {
    // Unintelligible, or illegal here.
    for written in ["N", "Bb5", "zz"] {
        let (_, _, e) = adjourned(written);
        let Opening::Defective { ruling, why } = e.open(None) else {
            panic!("{written}: defective")
        };
        assert_eq!(
            ruling,
            win(White, EndReason::DefectiveSealedMove, "I.8"),
            "{written}"
        );
        assert!(!why.to_string().is_empty());
    }
    // Ambiguous: the knights on b8 and f6 can both go to d7.
    let g = game(&["d4", "Nf6", "c4", "d5", "cxd5", "e6", "dxe6", "Bb4+", "Nc3"]);
    let c = {
        let mut c = clock("90+30", BlitzPenalty::OneMinute);
        for (i, side) in [
            White, Black, White, Black, White, Black, White, Black, White,
        ]
        .into_iter()
        .enumerate()
        {
            c.press(side, (i as Millis + 1) * SEC).unwrap();
        }
        c
    };
    let e = Envelope::seal(&g, &c, 20 * SEC, "Nd7", None, ["A", "B"], "").unwrap();
    let Opening::Defective { why, .. } = e.open(None) else {
        panic!("ambiguous")
    };
    assert!(matches!(why, MoveError::Ambiguous { .. }), "{why}");
}

#[test]
fn a_game_that_already_ended_keeps_its_result_i_8() {
    let (_, _, e) = adjourned("zz");
    let agreed = draw(EndReason::Agreement, "5.2.3");
    assert_eq!(e.open(Some(agreed)), Opening::AlreadyEnded(agreed));
}

#[test]
fn sealing_needs_the_player_on_move_and_a_running_clock_i_1_1() {
    let g = game(&["e4", "e5", "Nf3"]);
    let c = clock("90+30", BlitzPenalty::OneMinute);
    // The clock still runs for White: it was never pressed.
    assert_eq!(
        Envelope::seal(&g, &c, 0, "Nc6", None, ["A", "B"], ""),
        Err(SealError::ClockDisagrees {
            board: Black,
            clock: White
        })
    );
    let mut stopped = c.clone();
    stopped.stop(0).unwrap();
    let g0 = game(&[]);
    assert_eq!(
        Envelope::seal(&g0, &stopped, 0, "e4", None, ["A", "B"], ""),
        Err(SealError::ClockNotRunning)
    );
    assert_eq!(
        Envelope::seal(&g0, &c, 0, "  ", None, ["A", "B"], ""),
        Err(SealError::Empty)
    );
    let mated = game(&["f3", "e5", "g4", "Qh4"]);
    assert!(matches!(
        Envelope::seal(&mated, &c, 0, "Kf2", None, ["A", "B"], ""),
        Err(SealError::GameOver(_))
    ));
}
