//! How fast a pack speaks, measured the way the human-pace rule is stated: a five-word
//! announcement ("Springer Gustav eins Felix drei") in at most 1.9 s and a two-word one
//! ("Eva vier") in at most 1.0 s, at speed 1.0 and the default gap.
//!
//! Shared by the pace test of the shipped packs and by `vichess voices --check`, so someone
//! recording a pack by hand (the one way left to make a pack both fast and clear) is told the
//! `pace` their recordings need, measured exactly as the shipped packs are held to.

use crate::phrase::token::Token;
use crate::rules::{File, Rank, Role};
use crate::voice::render::{render, ClipBank, RenderOptions, DEFAULT_GAP_MS, SPEED_RANGE};
use crate::voice::Pack;

/// The longest a five-word announcement may take, in seconds: a human announcer's 1.5 s and
/// a little room.
pub const FIVE_WORDS_MAX_S: f64 = 1.9;
/// The longest a two-word announcement may take, in seconds.
pub const TWO_WORDS_MAX_S: f64 = 1.0;

/// "Ng1-f3" said in full: piece, from-square, to-square.
pub fn five_words() -> Vec<Token> {
    vec![
        Token::Piece(Role::Knight),
        Token::File(File::G),
        Token::Rank(Rank::FIRST),
        Token::File(File::F),
        Token::Rank(Rank::THIRD),
    ]
}

/// "e4": a pawn move in the short form.
pub fn two_words() -> Vec<Token> {
    vec![Token::File(File::E), Token::Rank(Rank::FOURTH)]
}

/// A pack's measured pace.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaceReport {
    /// The manifest's `pace`.
    pub pace: f64,
    /// Seconds the five words take at that pace.
    pub five_s: f64,
    /// Seconds the two words take.
    pub two_s: f64,
    /// The slowest pace at which the five words take at most [`FIVE_WORDS_MAX_S`] (within
    /// the speeds a player can set).
    pub pace_for_limit: f64,
}

impl PaceReport {
    /// Whether both announcements are within the human-pace limits.
    pub fn is_human(&self) -> bool {
        self.five_s <= FIVE_WORDS_MAX_S && self.two_s <= TWO_WORDS_MAX_S
    }
}

/// The pack's pace, rendered at speed 1.0 and the default gap; `None` when a clip the two
/// announcements need is missing or unusable (the check names those on its own).
pub fn measure(pack: &Pack) -> Option<PaceReport> {
    // The clips are found once; each speed decodes only the few the phrase says.
    let found = ClipBank::load(pack, &options(pack, 1.0)).0;
    let five_at = |speed: f64| say(pack, &found, &five_words(), speed);
    let five_s = five_at(1.0)?;
    let two_s = say(pack, &found, &two_words(), 1.0)?;
    // The pace at which the five words take the limit, found by halving over the words'
    // speed (the gaps kept): the length is not quite proportional (a clip too short to
    // stretch is left as it is), and rendering five words is cheap.
    let (mut fast, mut slow) = (*SPEED_RANGE.end(), *SPEED_RANGE.start());
    for _ in 0..24 {
        let mid = 0.5 * (fast + slow);
        if five_at(mid)? > FIVE_WORDS_MAX_S {
            slow = mid;
        } else {
            fast = mid;
        }
    }
    Some(PaceReport {
        pace: pack.pace(),
        five_s,
        two_s,
        pace_for_limit: pack.pace() * fast,
    })
}

/// Rendering at `speed` with the gaps between words as at speed 1.0: the pace shortens only
/// the words, the player's speed also shortens the gaps.
fn options(pack: &Pack, speed: f64) -> RenderOptions {
    let mut options = RenderOptions::speech(pack.sample_rate(), speed, DEFAULT_GAP_MS);
    options.gap *= speed;
    options
}

/// Seconds `phrase` takes in `pack` with its words `speed` times as fast (the gaps as at
/// speed 1.0), from the clips `found`, or `None` if a word has no usable clip.
fn say(pack: &Pack, found: &ClipBank, phrase: &[Token], speed: f64) -> Option<f64> {
    let bank = found.with_options(&options(pack, speed), pack.pace());
    let r = render(phrase, pack, &bank);
    r.is_complete().then(|| r.pcm().seconds())
}
