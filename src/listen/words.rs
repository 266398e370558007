//! Word by word: how well the grammar's best reading explains each of its words, measured
//! against the free phone loop on the same frames.
//!
//! The acceptance of a whole reading is one per-frame gap over the utterance, so a single
//! confused word ("Bella" heard where "Eva" was said, "a2" where "e5") is diluted by the
//! words that were right. Here each word of the reading is held to the phone loop on its
//! own frames: a reading whose worst word the loop explains much better was forced through
//! that word, and is not taken. Pure arithmetic over the decoder's word segments, so it is
//! tested without a model.

/// One segment of a decoded path: a word (or a pause) over inclusive frames, with its
/// acoustic score (PocketSphinx's log units, larger is better).
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    /// The word as the dictionary spells it, or `<sil>`, `<s>`, `</s>`, `[NOISE]` for pauses.
    pub word: String,
    /// First frame, inclusive.
    pub first: i32,
    /// Last frame, inclusive.
    pub last: i32,
    /// Acoustic score over the segment.
    pub acoustic: i32,
}

impl Span {
    fn frames(&self) -> i32 {
        self.last - self.first + 1
    }

    /// A pause or filler rather than a word the player said.
    pub fn is_pause(&self) -> bool {
        self.word.starts_with('<') || self.word.starts_with('[') || self.word == "(NULL)"
    }
}

/// One word of the reading against the phone loop.
#[derive(Debug, Clone, PartialEq)]
pub struct WordGap {
    /// The word (or pause) of the reading.
    pub word: String,
    /// Its frames.
    pub frames: i32,
    /// The phone loop's acoustic score on those frames minus the word's, a frame.
    pub gap: f64,
    /// A pause of the reading: speech there that the reading did not account for shows as
    /// a large gap.
    pub pause: bool,
}

/// The phone loop's acoustic score on frames `first..=last`: each of its segments counts
/// with the share of its frames that fall there (a segment's score spread evenly).
fn yardstick_on(yardstick: &[Span], first: i32, last: i32) -> f64 {
    yardstick
        .iter()
        .map(|s| {
            let overlap = s.last.min(last) - s.first.max(first) + 1;
            if overlap <= 0 || s.frames() <= 0 {
                0.0
            } else {
                f64::from(s.acoustic) * f64::from(overlap) / f64::from(s.frames())
            }
        })
        .sum()
}

/// Each segment of `path` (the grammar's best reading) held to `yardstick` (the phone
/// loop's best path over the same utterance), in order.
pub fn word_gaps(path: &[Span], yardstick: &[Span]) -> Vec<WordGap> {
    path.iter()
        .filter(|s| s.frames() > 0)
        .map(|s| WordGap {
            word: s.word.clone(),
            frames: s.frames(),
            gap: (yardstick_on(yardstick, s.first, s.last) - f64::from(s.acoustic))
                / f64::from(s.frames()),
            pause: s.is_pause(),
        })
        .collect()
}

/// The largest per-frame gap among the reading's words (pauses left out): the word the
/// phone loop explains best compared with the reading. 0 for a reading without words.
pub fn worst_word(gaps: &[WordGap]) -> f64 {
    gaps.iter()
        .filter(|g| !g.pause)
        .map(|g| g.gap)
        .fold(0.0, f64::max)
}

/// What `path` says at frame `f`: its word without the dictionary's variant number
/// (`eva(3)` is `eva`), or `None` in a pause or outside the path.
fn word_at(path: &[Span], f: i32) -> Option<&str> {
    path.iter()
        .find(|s| s.first <= f && f <= s.last && !s.is_pause())
        .map(|s| s.word.split('(').next().unwrap_or(&s.word))
}

/// How many frames two readings of the same utterance say different words on (a word
/// against a pause counts): where the best reading and its rival disagree, so the lead of
/// one over the other can be taken a frame of that stretch rather than spread over the
/// words they share.
pub fn differing_frames(a: &[Span], b: &[Span]) -> i32 {
    let end = a.iter().chain(b).map(|s| s.last).max().unwrap_or(-1);
    (0..=end)
        .filter(|&f| word_at(a, f) != word_at(b, f))
        .count() as i32
}

/// Each 10 ms frame's energy in dB (PocketSphinx's frame shift at 16 kHz is 160 samples).
pub fn frame_energy(pcm: &[i16]) -> Vec<f64> {
    pcm.chunks(160)
        .map(|c| {
            let power =
                c.iter().map(|&s| f64::from(s) * f64::from(s)).sum::<f64>() / c.len() as f64;
            10.0 * (power + 1e-9).log10()
        })
        .collect()
}

/// The longest run of frames inside the reading's pauses that are as loud as speech: within
/// `below` dB of the utterance's loud frames (its 90th percentile). A word the reading
/// put silence over ("knight" swallowed, so "knight b6" read as the pawn move "b6"; "c2"
/// swallowed after "rook" read as the command "moves") shows as such a run; a pause that
/// is a pause, or only noise at 10 dB below the speech, does not.
pub fn loud_pause(path: &[Span], energy: &[f64], below: f64) -> i32 {
    loudest_pause(path, energy, below).map_or(0, |(_, run)| run)
}

/// Which pause of `path` holds [`loud_pause`]'s run (its index in `path`) and the run's
/// length; `None` when no pause has a loud frame.
pub fn loudest_pause(path: &[Span], energy: &[f64], below: f64) -> Option<(usize, i32)> {
    if energy.is_empty() {
        return None;
    }
    let mut sorted = energy.to_vec();
    sorted.sort_by(f64::total_cmp);
    let loud = sorted[(sorted.len() - 1) * 9 / 10] - below;
    let mut best: Option<(usize, i32)> = None;
    for (i, s) in path.iter().enumerate().filter(|(_, s)| s.is_pause()) {
        let mut run = 0;
        for f in s.first.max(0)..=s.last {
            match energy.get(f as usize) {
                Some(&e) if e >= loud => {
                    run += 1;
                    if best.is_none_or(|(_, r)| run > r) {
                        best = Some((i, run));
                    }
                }
                _ => run = 0,
            }
        }
    }
    best
}

/// The reading `path` with `insert` said in its pause `at`: its words before that pause,
/// then `insert`, then its words after (dictionary variants such as `eva(3)` written as
/// `eva`), the word sequence the grammar would have had if the pause had been heard as
/// that word.
pub fn with_word_in_pause(path: &[Span], at: usize, insert: &str) -> String {
    let word = |s: &Span| s.word.split('(').next().unwrap_or(&s.word).to_string();
    let before = path[..at].iter().filter(|s| !s.is_pause()).map(word);
    let after = path[at + 1..].iter().filter(|s| !s.is_pause()).map(word);
    before
        .chain(std::iter::once(insert.to_string()))
        .chain(after)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(word: &str, first: i32, last: i32, acoustic: i32) -> Span {
        Span {
            word: word.into(),
            first,
            last,
            acoustic,
        }
    }

    #[test]
    fn each_word_is_held_to_the_loop_on_its_own_frames() {
        // The reading: a pause (0..9), "knight" (10..39), "a2" read as "ay two" (40..69).
        let path = [
            span("<sil>", 0, 9, -100),
            span("knight", 10, 39, -3000),
            span("ay", 40, 54, -3000),
            span("two", 55, 69, -1500),
        ];
        // The loop explains the first word as well, and the frames of "ay" much better;
        // its segments straddle the words' boundaries.
        let loop_ = [
            span("<sil>", 0, 9, -100),
            span("ph_n", 10, 24, -1500),
            span("ph_ay", 25, 44, -1700), // 15 frames on "knight", 5 on "ay"
            span("ph_iy", 45, 54, -500),
            span("ph_t", 55, 69, -1400),
        ];
        let gaps = word_gaps(&path, &loop_);
        let words: Vec<&str> = gaps.iter().map(|g| g.word.as_str()).collect();
        assert_eq!(words, ["<sil>", "knight", "ay", "two"]);
        assert!(gaps[0].pause && !gaps[1].pause);
        // knight: loop -1500 - 1275 = -2775 vs -3000 over 30 frames.
        assert!((gaps[1].gap - 225.0 / 30.0).abs() < 1e-9, "{gaps:?}");
        // ay: loop -425 - 500 = -925 vs -3000 over 15 frames.
        assert!((gaps[2].gap - 2075.0 / 15.0).abs() < 1e-9, "{gaps:?}");
        assert!((worst_word(&gaps) - 2075.0 / 15.0).abs() < 1e-9);
    }

    #[test]
    fn readings_differ_only_where_their_words_do() {
        let best = [
            span("queen", 0, 39, -1),
            span("<sil>", 40, 49, -1),
            span("ee", 50, 59, -1),
            span("eight(2)", 60, 89, -1),
        ];
        let rival = [
            span("queen", 0, 41, -1),
            span("dee", 42, 59, -1),
            span("eight", 60, 89, -1),
        ];
        // 40..41: pause against "queen"; 42..49: pause against "dee"; 50..59: "ee"
        // against "dee"; the variants of "eight" are the same word.
        assert_eq!(differing_frames(&best, &rival), 20);
        assert_eq!(differing_frames(&best, &best), 0);
        assert_eq!(differing_frames(&best, &[]), 80);
    }

    #[test]
    fn speech_under_a_pause_is_found_and_a_real_pause_is_not() {
        // 100 frames: loud speech 0..19 (a word the reading calls a pause), quiet 20..29,
        // speech 30..79, noise 12 dB under the speech 80..99.
        let mut pcm = Vec::new();
        for f in 0..100 {
            let amp: i16 = match f {
                0..=19 | 30..=79 => 8000,
                20..=29 => 0,
                _ => 2000,
            };
            pcm.extend((0..160).map(|i| if i % 2 == 0 { amp } else { -amp }));
        }
        let energy = frame_energy(&pcm);
        assert_eq!(energy.len(), 100);
        let swallowed = [
            span("<sil>", 0, 29, -1),
            span("bee", 30, 49, -1),
            span("six", 50, 79, -1),
            span("<sil>", 80, 99, -1),
        ];
        assert_eq!(loud_pause(&swallowed, &energy, 10.0), 20);
        let said = [
            span("knight", 0, 19, -1),
            span("<sil>", 20, 29, -1),
            span("bee", 30, 49, -1),
            span("six", 50, 79, -1),
            span("<sil>", 80, 99, -1),
        ];
        assert_eq!(loud_pause(&said, &energy, 10.0), 0);
        assert_eq!(loud_pause(&said, &[], 10.0), 0);
    }

    #[test]
    fn pauses_do_not_count_as_the_worst_word() {
        let path = [span("<sil>", 0, 9, -5000), span("e4", 10, 19, -1000)];
        let loop_ = [span("ph_iy", 0, 19, -1000)];
        let gaps = word_gaps(&path, &loop_);
        assert!(gaps[0].gap > 400.0);
        assert!((worst_word(&gaps) - 50.0).abs() < 1e-9);
        assert_eq!(worst_word(&[]), 0.0);
    }

    #[test]
    fn the_word_in_the_loudest_pause_goes_where_that_pause_was() {
        // "queen" 0..32, a pause over loud speech 33..71 ("takes"), "ee seven" 72..128, a
        // quiet pause after.
        let mut pcm = Vec::new();
        for f in 0..140 {
            let amp: i16 = if f < 129 { 8000 } else { 0 };
            pcm.extend((0..160).map(|i| if i % 2 == 0 { amp } else { -amp }));
        }
        let energy = frame_energy(&pcm);
        let path = [
            span("<sil>", 0, 0, -1),
            span("queen", 1, 32, -1),
            span("<sil>", 33, 71, -1),
            span("ee", 72, 86, -1),
            span("seven(2)", 87, 128, -1),
            span("<sil>", 129, 139, -1),
        ];
        assert_eq!(loudest_pause(&path, &energy, 10.0), Some((2, 39)));
        assert_eq!(loud_pause(&path, &energy, 10.0), 39);
        assert_eq!(
            with_word_in_pause(&path, 2, "takes"),
            "queen takes ee seven"
        );
        assert_eq!(loudest_pause(&path, &[], 10.0), None);
    }
}
