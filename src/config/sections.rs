//! The configuration's sections, with their defaults and the checks on each value.
//!
//! Every struct denies unknown fields and takes its defaults from `Default`, so a file may
//! set any subset of keys. The `Default` impls equal `config/default.toml` (tested).

use crate::audio::route;
use crate::board::tracker;
use crate::phrase::Language;
use crate::rules::clock::{
    Band, BlitzPenalty, CallMode, CallPolicy, CallSchedule, ClockConfig, TimeControl,
};
use crate::voice::PACK_NAMES;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

/// The commands a gamepad button or pedal can be bound to (`[gamepad.buttons]`).
pub const COMMANDS: &[&str] = &[
    "press-white",
    "press-black",
    "press",
    "time",
    "count",
    "last",
    "moves-back",
    "moves-forward",
    "pause",
    "repeat",
    "cursor-mode",
    "cursor-up",
    "cursor-down",
    "cursor-left",
    "cursor-right",
    "faster",
    "slower",
    "talk",
];

/// Bound to this, a button does nothing (it undoes a default binding).
pub const UNBOUND: &str = "none";

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// `[game]`: time control, language, where journals go, how a resume starts.
    pub game: GameSection,
    /// `[speech]`: the voice pack and how announcements are worded.
    pub speech: SpeechSection,
    /// `[audio]`: which device and channel each audience hears.
    pub audio: AudioSection,
    /// `[clock]`: automatic time calls, the low-time alarm, the blitz penalty.
    pub clock: ClockSection,
    /// `[board]`: the sensor boards and the tracker's timings.
    pub board: BoardSection,
    /// `[gamepad]`: buttons, pedals and the rumble channel.
    pub gamepad: GamepadSection,
    /// `[braille]`: the live line on a braille display.
    pub braille: BrailleSection,
    /// `[window]`: the colours and sizes of `vichess window`.
    pub window: WindowSection,
    /// `[engine]`: a chess engine as the opponent (issue 27).
    pub engine: EngineSection,
}

/// `[window]`: how `vichess window` looks, for low vision: every colour and size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WindowSection {
    /// high-contrast, black-on-yellow, white-on-black, or custom (`light` and `dark`).
    #[serde(deserialize_with = "window_theme")]
    pub theme: String,
    /// The light squares of the custom theme, `#RRGGBB`.
    #[serde(deserialize_with = "colour")]
    pub light: String,
    /// The dark squares of the custom theme, `#RRGGBB`.
    #[serde(deserialize_with = "colour")]
    pub dark: String,
    /// The men's size, in per cent of a square (50 to 100).
    #[serde(deserialize_with = "piece_size")]
    pub piece_size: u32,
    /// The zoom the window opens with, in per cent (50 to 400; Ctrl + and Ctrl - change it).
    #[serde(deserialize_with = "zoom")]
    pub zoom: u32,
    /// The files' and ranks' names along the board.
    pub coordinates: bool,
    /// Those names in the Appendix D words (Anna .. Hector, eins .. acht).
    pub coordinate_words: bool,
    /// The text size in points (10 to 96).
    #[serde(deserialize_with = "font_size")]
    pub font_size: u32,
    /// Open the text display for the opponent (D.2.11) with the window.
    pub display: bool,
}

impl Default for WindowSection {
    fn default() -> WindowSection {
        WindowSection {
            theme: "high-contrast".into(),
            light: "#F0D9B5".into(),
            dark: "#4A2C0A".into(),
            piece_size: 85,
            zoom: 100,
            coordinates: true,
            coordinate_words: false,
            font_size: 22,
            display: false,
        }
    }
}

/// The themes `[window] theme` takes.
pub const WINDOW_THEMES: &[&str] = &[
    "high-contrast",
    "black-on-yellow",
    "white-on-black",
    "custom",
];

fn window_theme<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let v = String::deserialize(d)?;
    match WINDOW_THEMES.contains(&v.as_str()) {
        true => Ok(v),
        // serde's own shape ("expected one of"), which the checker retells in the game's words.
        false => Err(D::Error::custom(format!(
            "{v:?} is not a theme; expected one of {}",
            WINDOW_THEMES
                .iter()
                .map(|t| format!("{t:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

fn colour<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let v = String::deserialize(d)?;
    let hex = v.strip_prefix('#').unwrap_or("");
    match hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()) {
        true => Ok(v),
        false => Err(D::Error::custom(format!(
            "{v:?} is not a colour; write it as #RRGGBB, e.g. \"#FFFF00\" for yellow"
        ))),
    }
}

/// A whole number within `range`, or an error naming the range and the unit.
fn within<'de, D: Deserializer<'de>>(
    d: D,
    range: std::ops::RangeInclusive<u32>,
    unit: &str,
) -> Result<u32, D::Error> {
    let v = u32::deserialize(d)?;
    match range.contains(&v) {
        true => Ok(v),
        false => Err(D::Error::custom(format!(
            "{v} is out of range; use {} to {} {unit}",
            range.start(),
            range.end()
        ))),
    }
}

fn piece_size<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    within(d, 50..=100, "per cent of a square")
}

fn zoom<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    within(d, 50..=400, "per cent")
}

fn font_size<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    within(d, 10..=96, "points")
}

/// `[engine]`: the opponent `vichess play` gets without `--engine` (issue 27).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EngineSection {
    /// The engine's program, a path or a name on PATH; "" for no engine unless `--engine`.
    pub program: String,
    /// The engine's side: "white" or "black".
    #[serde(deserialize_with = "engine_side")]
    pub side: String,
    /// 1 (a beginner can win) to 8 (full strength).
    #[serde(deserialize_with = "engine_level")]
    pub level: u8,
    /// A rating instead of the level (500 to 3500), or 0 for the level.
    #[serde(deserialize_with = "engine_elo")]
    pub elo: u32,
    /// A fixed think time per move in milliseconds; 0 for the level's.
    pub think_ms: u64,
    /// `hint`, `eval`, `threats` and take-backs without asking.
    pub help: bool,
}

impl Default for EngineSection {
    fn default() -> EngineSection {
        EngineSection {
            program: String::new(),
            side: "black".into(),
            level: 1,
            elo: 0,
            think_ms: 0,
            help: true,
        }
    }
}

fn engine_side<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    match s.as_str() {
        "white" | "black" => Ok(s),
        _ => Err(D::Error::custom(format!(
            "\"{s}\" is not a side: write \"white\" or \"black\""
        ))),
    }
}

fn engine_level<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = i64::deserialize(d)?;
    match v {
        1..=8 => Ok(v as u8),
        _ => Err(D::Error::custom(format!(
            "{v} is out of range: the levels go from 1 to 8"
        ))),
    }
}

fn engine_elo<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = i64::deserialize(d)?;
    match v {
        0 | 500..=3500 => Ok(v as u32),
        _ => Err(D::Error::custom(format!(
            "{v} is out of range: a rating goes from 500 to 3500 (0 for the level)"
        ))),
    }
}

/// `[braille]`: `vichess play`'s lines on a refreshable braille display through BRLTTY.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BrailleSection {
    /// Show every printed line on the display (off by default: a screen reader may already
    /// own it, and vichess must not fight it for the display).
    pub display: bool,
    /// BrlAPI's socket; empty for `$BRLAPI_HOST` or BRLTTY's first server.
    pub socket: String,
}

/// How the clocks stand when a game is resumed from its journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResumeClock {
    /// Stopped until a player or the arbiter starts them: the safe choice after a crash.
    #[default]
    Paused,
    /// Running for the side to move at once.
    Running,
}

/// How closely the event watches rapid and blitz games (A.6, B.4 let the regulations choose).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SupervisionSetting {
    /// A.4, B.2: the full rules.
    #[default]
    Adequate,
    /// A.5, B.3: an illegal move is penalised only before the opponent's reply (A.5.2).
    Inadequate,
}

/// `[game]`: what is played and where its journal is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameSection {
    /// Checked with [`TimeControl::parse_any`]; read it with [`GameSection::time_control`].
    #[serde(deserialize_with = "time_control")]
    pub control: String,
    /// An ISO 639-1 code vichess speaks; read it with [`GameSection::language`].
    #[serde(deserialize_with = "language")]
    pub language: String,
    /// Whether a configuration file set `language` (not just the built-in default): when
    /// none did, the system's locale chooses ([`Config::first_language`]).
    #[serde(skip)]
    pub language_set: bool,
    /// Where journals are kept; empty for the per-user data directory.
    pub games_dir: String,
    /// Whether `--resume` restarts the clocks at once or leaves them paused.
    pub resume_clock: ResumeClock,
    /// The event (tournament) for the PGN; `--event` overrides it.
    pub event: String,
    /// Where games are played, for the PGN.
    pub site: String,
    /// The round, for the PGN.
    pub round: String,
    /// White's name, for the PGN and the game's file name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// An arbiter is at hand during play; `false`: Guidelines III.6 (a III.5 claim ends
    /// the game and the designated arbiter rules on it later). `--no-arbiter` overrides it.
    pub arbiter_present: bool,
    /// The event's supervision of rapid and blitz; `--supervision` overrides it.
    pub supervision: SupervisionSetting,
}

impl Default for GameSection {
    fn default() -> GameSection {
        GameSection {
            control: "90+30".to_string(),
            language: "de".to_string(),
            language_set: false,
            games_dir: String::new(),
            resume_clock: ResumeClock::Paused,
            event: String::new(),
            site: String::new(),
            round: String::new(),
            white: String::new(),
            black: String::new(),
            arbiter_present: true,
            supervision: SupervisionSetting::Adequate,
        }
    }
}

impl GameSection {
    /// The parsed time control (the text was checked when the file was read, so this cannot fail).
    pub fn time_control(&self) -> TimeControl {
        TimeControl::parse_any(&self.control).expect("checked when the configuration was read")
    }

    /// The language of times, counts and messages (checked when the file was read).
    pub fn language(&self) -> Language {
        Language::from_code(&self.language).expect("checked when the configuration was read")
    }
}

/// `[speech]`: the voice and the wording of announcements.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SpeechSection {
    /// One of [`PACK_NAMES`].
    #[serde(deserialize_with = "voice_pack")]
    pub pack: String,
    /// Speaking rate: 1.0 is the pack's own speed, from 0.5 to 3.0.
    #[serde(deserialize_with = "speed")]
    pub speed: f64,
    /// Silence between the words of a phrase, in milliseconds (at most 2000).
    #[serde(deserialize_with = "gap_ms")]
    pub gap_ms: u64,
    /// Say the pawn ("Bauer e2-e4") rather than the bare squares.
    pub say_pawn: bool,
    /// Name the square a man comes from (D.2.1: "Springer g1-f3").
    pub full_from_square: bool,
    /// Words replacing the pack's own for a capture, check and mate; empty keeps the pack's.
    pub capture_word: String,
    /// Replaces the pack's word for check; empty keeps it.
    pub check_word: String,
    /// Replaces the pack's word for mate; empty keeps it.
    pub mate_word: String,
    /// Touches (D.2.2) told to the VI player privately.
    pub private_touch: bool,
    /// D.2.10.4: time and move count only when the player asks; no automatic time calls.
    pub on_request_only: bool,
    /// Print ä ö ü ß as ae oe ue ss, for a terminal or braille table without them; speech
    /// is not changed.
    pub ascii_umlauts: bool,
    /// Who speaks the printed lines: vichess's own voice, the player's screen reader, or
    /// both (issue 15).
    pub output: SpeechOutput,
    /// A typed move is read back and played only after Enter or `yes` (issue 15).
    pub confirm_moves: bool,
}

/// Who speaks (issue 15): with a screen reader running, vichess's own voice and the screen
/// reader reading the printed line would say everything twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpeechOutput {
    /// vichess says everything itself: clips, and system speech for the rest.
    #[default]
    Clips,
    /// vichess says nothing: the printed lines are the speech, read by the screen reader.
    ScreenReader,
    /// The screen reader reads the player's lines; vichess still says what everyone at the
    /// board must hear (moves, results) in the Appendix D voice.
    Both,
}

impl SpeechOutput {
    /// Does vichess's own voice say a line meant for `audience`?
    pub fn voices(self, audience: crate::audio::route::Audience) -> bool {
        match self {
            SpeechOutput::Clips => true,
            SpeechOutput::ScreenReader => false,
            SpeechOutput::Both => audience == crate::audio::route::Audience::Public,
        }
    }
}

impl Default for SpeechSection {
    fn default() -> SpeechSection {
        SpeechSection {
            pack: crate::voice::DEFAULT_PACK.to_string(),
            speed: 1.0,
            gap_ms: crate::voice::render::DEFAULT_GAP_MS,
            say_pawn: false,
            full_from_square: false,
            capture_word: String::new(),
            check_word: String::new(),
            mate_word: String::new(),
            private_touch: true,
            on_request_only: false,
            ascii_umlauts: false,
            output: SpeechOutput::Clips,
            confirm_moves: false,
        }
    }
}

/// Which side of a stereo output carries a sound (mirrors [`route::Channel`], which cannot
/// be written back out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OutputChannel {
    /// Both ears: the usual choice with one listener.
    #[default]
    Both,
    /// The left ear only, so the other can carry a second audience.
    Left,
    /// The right ear only.
    Right,
}

impl From<OutputChannel> for route::Channel {
    fn from(c: OutputChannel) -> route::Channel {
        match c {
            OutputChannel::Both => route::Channel::Both,
            OutputChannel::Left => route::Channel::Left,
            OutputChannel::Right => route::Channel::Right,
        }
    }
}

/// A sound device by the name the sound system lists (`default` for the default device)
/// and a side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Destination {
    /// The device name, or `default` (or empty) for the system's default device.
    pub device: String,
    /// Which ear of that device.
    pub channel: OutputChannel,
}

impl Default for Destination {
    fn default() -> Destination {
        Destination {
            device: "default".to_string(),
            channel: OutputChannel::Both,
        }
    }
}

impl From<&Destination> for route::Destination {
    fn from(d: &Destination) -> route::Destination {
        let device = d.device.trim();
        route::Destination {
            device: (!device.is_empty() && !device.eq_ignore_ascii_case("default"))
                .then(|| device.to_string()),
            channel: d.channel.into(),
        }
    }
}

/// Who hears what: see [`route`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AudioSection {
    /// Move announcements and anything the arbiter must hear.
    pub public: Destination,
    /// Answers for the VI player only: time, move count.
    pub player: Destination,
}

impl AudioSection {
    /// The routing the audio layer uses, with `default` device names resolved to `None`.
    pub fn routing(&self) -> route::Routing {
        route::Routing {
            public: (&self.public).into(),
            player: (&self.player).into(),
        }
    }
}

/// A band of the time-call schedule: a call every `every_s` seconds while at most
/// `up_to_s` seconds are left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BandSetting {
    /// The band applies while at most this many seconds are left.
    pub up_to_s: u64,
    /// Seconds between two calls in this band (at least 1).
    #[serde(deserialize_with = "positive_seconds")]
    pub every_s: u64,
}

/// `[clock]`: when the time is said, the low-time alarm, the blitz penalty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ClockSection {
    /// The time-call bands, below the top band.
    pub call_bands: Vec<BandSetting>,
    /// Above the highest band: a call every this many seconds.
    #[serde(deserialize_with = "positive_seconds")]
    pub call_above_every_s: u64,
    /// The alarm under this many seconds left; 0 for no alarm.
    pub low_time_alarm_s: u64,
    /// A.4.2 / blitz penalty: 1 or 2 minutes added to the opponent.
    #[serde(deserialize_with = "penalty_minutes")]
    pub blitz_penalty_minutes: u64,
    /// The event announced Guidelines III (III.1): III.5 draw claims may be made.
    pub guidelines_iii: bool,
    /// Which clock is the truth: vichess's own, or the physical clock plugged into the board
    /// (a DGT 3000 on a DGT board), whose lever is then the press.
    pub source: ClockSourceSetting,
}

/// `[clock] source`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockSourceSetting {
    /// vichess's own clock.
    #[default]
    Vichess,
    /// The physical clock on the board: its lever completes a move.
    Board,
}

impl Default for ClockSection {
    fn default() -> ClockSection {
        let band = |up_to_s, every_s| BandSetting { up_to_s, every_s };
        ClockSection {
            call_bands: vec![band(10, 1), band(60, 10), band(600, 60)],
            call_above_every_s: 600,
            low_time_alarm_s: 120,
            blitz_penalty_minutes: 1,
            guidelines_iii: false,
            source: ClockSourceSetting::Vichess,
        }
    }
}

impl ClockSection {
    /// The call policy; `on_request_only` is [`SpeechSection::on_request_only`].
    pub fn call_policy(&self, on_request_only: bool) -> CallPolicy {
        let ms = |s: u64| s.saturating_mul(1000);
        let mut bands: Vec<Band> = self
            .call_bands
            .iter()
            .map(|b| Band {
                up_to: ms(b.up_to_s),
                every: ms(b.every_s),
            })
            .collect();
        bands.push(Band {
            up_to: u64::MAX,
            every: ms(self.call_above_every_s),
        });
        CallPolicy {
            mode: if on_request_only {
                CallMode::OnRequest
            } else {
                CallMode::Automatic
            },
            schedule: CallSchedule::new(bands),
            low_time_alarm: (self.low_time_alarm_s > 0).then(|| ms(self.low_time_alarm_s)),
        }
    }

    /// The clock's rule settings (the illegal-move penalty of 1 or 2 minutes).
    pub fn clock_config(&self) -> ClockConfig {
        ClockConfig {
            blitz_penalty: if self.blitz_penalty_minutes == 2 {
                BlitzPenalty::TwoMinutes
            } else {
                BlitzPenalty::OneMinute
            },
        }
    }
}

/// How vichess talks to a sensor board.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum BoardProtocol {
    /// No board: moves are spoken or typed.
    #[default]
    None,
    /// A DGT e-board, which identifies every man.
    Dgt,
    /// A Millennium ChessLink or eONE board, which identifies every man.
    Chesslink,
    /// A home-made pegboard that reports only lifts and placements.
    Pegboard,
}

impl BoardProtocol {
    /// What the board's sensors can tell.
    pub fn kind(self) -> tracker::BoardKind {
        match self {
            BoardProtocol::Pegboard => tracker::BoardKind::OccupancyOnly,
            _ => tracker::BoardKind::IdentifiesPieces,
        }
    }
}

/// `rook_first`: what a rook placed first on its castling square means (see
/// [`tracker::RookFirst`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RookFirstSetting {
    /// Art. 4.4.2: the rook released on its square is a rook move.
    #[default]
    Law,
    /// Casual play: the rook waits `castle_wait_ms` for the king.
    Lenient,
}

/// `[board]`: the sensor boards and the tracker's patience, in milliseconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BoardSection {
    /// The VI player's board, or `none` when moves are spoken or typed.
    pub protocol: BoardProtocol,
    /// The serial device; empty to look for the board.
    pub path: String,
    /// A second board (the sighted opponent's): `none` for none.
    pub second_protocol: BoardProtocol,
    /// The second board's serial device; empty to look for it.
    pub second_path: String,
    /// A move whose man could still slide on is made once the board is still this long.
    pub settle_ms: u64,
    /// A position that is no position of the game is reported after standing this long.
    pub mismatch_ms: u64,
    /// After a mismatch, the next step is said once the board is still this long.
    pub follow_up_ms: u64,
    /// The same guidance is said again at most this often.
    pub repeat_ms: u64,
    /// Sensor updates within this time belong to one scan of the board (a capture reported
    /// out of order within it is asked about, not made).
    pub scan_window_ms: u64,
    /// A man held in the hand is not reported missing until this long.
    pub in_hand_ms: u64,
    /// Castling with the rook first: by the Laws or leniently.
    pub rook_first: RookFirstSetting,
    /// With `lenient`: how long a rook on its castling square waits for the king.
    pub castle_wait_ms: u64,
    /// Light the squares to put right (the opponent's move to copy, a mismatch) on boards
    /// that have lights (ChessLink, Certabo, Chessnut).
    pub leds: bool,
    /// A pegboard with a vibration motor buzzes the tactile clock's cues (the `[gamepad]`
    /// rumble patterns) through the protocol's buzz line; off unless asked, like rumble.
    pub buzz: bool,
}

impl Default for BoardSection {
    fn default() -> BoardSection {
        let t = tracker::Config::default();
        BoardSection {
            protocol: BoardProtocol::None,
            path: String::new(),
            second_protocol: BoardProtocol::None,
            second_path: String::new(),
            settle_ms: t.settle_ms,
            mismatch_ms: t.mismatch_ms,
            follow_up_ms: t.follow_up_ms,
            repeat_ms: t.repeat_ms,
            scan_window_ms: t.scan_window_ms,
            in_hand_ms: t.in_hand_ms,
            rook_first: RookFirstSetting::Law,
            castle_wait_ms: t.castle_wait_ms,
            leds: true,
            buzz: false,
        }
    }
}

impl BoardSection {
    /// The board tracker's timings.
    pub fn tracker(&self) -> tracker::Config {
        tracker::Config {
            settle_ms: self.settle_ms,
            mismatch_ms: self.mismatch_ms,
            follow_up_ms: self.follow_up_ms,
            repeat_ms: self.repeat_ms,
            scan_window_ms: self.scan_window_ms,
            in_hand_ms: self.in_hand_ms,
            rook_first: match self.rook_first {
                RookFirstSetting::Law => tracker::RookFirst::Law,
                RookFirstSetting::Lenient => tracker::RookFirst::Lenient,
            },
            castle_wait_ms: self.castle_wait_ms,
        }
    }
}

/// `[gamepad]`: pads and pedals as clock buttons and command keys, and the rumble cues.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GamepadSection {
    /// Listen to gamepads and foot pedals at all.
    pub enabled: bool,
    /// Use force feedback as a tactile clock channel (off by default).
    pub rumble: bool,
    /// Rumble pattern for "the opponent has moved": on, off, on, … in milliseconds. The four
    /// patterns differ so the player can tell them apart by touch alone.
    #[serde(deserialize_with = "pattern")]
    pub rumble_opponent_moved_ms: Vec<u64>,
    /// Rumble pattern for "your clock is running".
    #[serde(deserialize_with = "pattern")]
    pub rumble_clock_running_ms: Vec<u64>,
    /// Rumble pattern for the low-time alarm.
    #[serde(deserialize_with = "pattern")]
    pub rumble_low_time_ms: Vec<u64>,
    /// Rumble pattern for a fallen flag.
    #[serde(deserialize_with = "pattern")]
    pub rumble_flag_ms: Vec<u64>,
    /// Button name to command (one of [`COMMANDS`], or [`UNBOUND`]).
    #[serde(deserialize_with = "buttons")]
    pub buttons: BTreeMap<String, String>,
}

impl Default for GamepadSection {
    fn default() -> GamepadSection {
        // One layout for the configuration and the input layer's own default.
        let buttons = crate::input::mapping::DEFAULT_GAMEPAD_BUTTONS;
        GamepadSection {
            enabled: true,
            rumble: false,
            rumble_opponent_moved_ms: vec![150],
            rumble_clock_running_ms: vec![80, 120, 80],
            rumble_low_time_ms: vec![80, 120, 80, 120, 80],
            rumble_flag_ms: vec![1000],
            buttons: buttons
                .iter()
                .map(|(b, c)| (b.to_string(), c.to_string()))
                .collect(),
        }
    }
}

impl GamepadSection {
    /// The tactile clock channel as configured: the four cues' patterns, on or off.
    pub fn rumble(&self) -> Result<crate::input::Rumble, crate::input::RumbleError> {
        use crate::input::{Pattern, SessionCue};
        let mut rumble = crate::input::Rumble::default();
        rumble.enabled = self.rumble;
        for (cue, steps) in [
            (SessionCue::OpponentMoved, &self.rumble_opponent_moved_ms),
            (SessionCue::YourClockRunning, &self.rumble_clock_running_ms),
            (SessionCue::LowTime, &self.rumble_low_time_ms),
            (SessionCue::FlagFell, &self.rumble_flag_ms),
        ] {
            rumble.set_pattern(cue, Pattern::from_on_off(1.0, steps))?;
        }
        Ok(rumble)
    }

    /// The bindings in force: `(button, command)`, unbound buttons left out.
    pub fn bindings(&self) -> impl Iterator<Item = (&str, &str)> {
        self.buttons
            .iter()
            .filter(|(_, c)| c.as_str() != UNBOUND)
            .map(|(b, c)| (b.as_str(), c.as_str()))
    }
}

// The value checks. Their messages follow "key "x" in [section]: ".

fn time_control<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    match TimeControl::parse_any(&s) {
        Ok(_) => Ok(s),
        Err(e) => Err(D::Error::custom(format!(
            "\"{s}\" is not a time control vichess can read ({e}); write for example \"90+30\" or \"40/90+30:30+30\""
        ))),
    }
}

fn language<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    match Language::from_code(&s) {
        Some(_) => Ok(s),
        None => Err(D::Error::custom(format!(
            "\"{s}\" is not a language vichess speaks: use de, en, uk, ru or hy"
        ))),
    }
}

fn voice_pack<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    if PACK_NAMES.contains(&s.as_str()) {
        Ok(s)
    } else {
        Err(D::Error::custom(format!(
            "there is no voice pack \"{s}\": the packs are {}",
            PACK_NAMES.join(", ")
        )))
    }
}

fn speed<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    let v = f64::deserialize(d)?;
    if (0.5..=3.0).contains(&v) {
        Ok(v)
    } else {
        Err(D::Error::custom(format!(
            "{v} is out of range: the speed goes from 0.5 to 3.0"
        )))
    }
}

fn gap_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let v = u64::deserialize(d)?;
    if v <= 2000 {
        Ok(v)
    } else {
        Err(D::Error::custom(format!(
            "{v} milliseconds is too long: at most 2000"
        )))
    }
}

fn positive_seconds<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let v = u64::deserialize(d)?;
    if v > 0 {
        Ok(v)
    } else {
        Err(D::Error::custom("must be at least 1 second"))
    }
}

fn penalty_minutes<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let v = u64::deserialize(d)?;
    if v == 1 || v == 2 {
        Ok(v)
    } else {
        // The shape `config check` retells in the game's words ("3; erlaubt: 1 bis 2").
        Err(D::Error::custom(format!(
            "{v} is out of range: a penalty of minutes, use 1 to 2"
        )))
    }
}

fn pattern<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
    let v = Vec::<u64>::deserialize(d)?;
    if v.iter().all(|&ms| ms <= 5000) {
        Ok(v)
    } else {
        Err(D::Error::custom(
            "a rumble step is too long: at most 5000 milliseconds",
        ))
    }
}

fn buttons<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    let map = BTreeMap::<String, String>::deserialize(d)?;
    for (button, command) in &map {
        if let Some(problem) = command_problem(button, command) {
            return Err(D::Error::custom(problem));
        }
    }
    Ok(map)
}

/// What is wrong with binding `button` to `command`, if anything.
pub(super) fn command_problem(button: &str, command: &str) -> Option<String> {
    if command == UNBOUND || COMMANDS.contains(&command) {
        return None;
    }
    Some(format!(
        "button \"{button}\": there is no command \"{command}\"{}; the commands are {}, or \"{UNBOUND}\"",
        super::check::suggest(command, COMMANDS.iter().copied())
            .map(|s| format!(" (did you mean \"{s}\"?)"))
            .unwrap_or_default(),
        COMMANDS.join(", ")
    ))
}
