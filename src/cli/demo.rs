//! `vichess demo [--wav FILE]`: a famous miniature (Légal's mate) played through the real game
//! session, with the VI player on the built-in simulated pegboard and the speaking clock.
//!
//! Everything runs on simulated time, so the demo is quick and the same every run: the hands
//! simulator lifts and places the VI player's men (each lift a touch, D.2.2), the board tracker
//! turns that into moves, and the session announces them. The sighted player's moves are typed
//! by the assistant (D.2.10) and the VI player copies them onto the pegboard, once putting a
//! man on the wrong square, so the mismatch guidance (D.2.9) is heard. One illegal attempt is
//! refused with its reason, the clock calls the time, and the game ends in mate.
//!
//! It speaks the game's language: `--lang`, `--voice` and the configuration's `[game]
//! language` and `[speech] pack` choose the pack as they do for `vichess play`, and the demo's
//! own lines (`words`) follow the pack's language.
//!
//! The transcript (every printed and spoken line) goes to standard output. The speech is
//! played on the default sound device, paced by its own length, or written to a WAV file with
//! `--wav` or when no sound device can be used.

mod words;

use super::speech_out::Renderer;
use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use vichess::audio::{wav, Pcm};
use vichess::board::sim::human::{actions, apply, Action, Hands};
use vichess::board::tracker::{BoardKind, Tracker};
use vichess::board::{Sensed, SensorEvent, Snapshot};
use vichess::input::InputCommand;
use vichess::phrase::token::Phrase;
use vichess::rules::clock::TimeControl;
use vichess::rules::notation::{parse_move, san_in, Lang};
use vichess::rules::{Board, Color, Position, Square};
use vichess::session::{
    configured_pack, notation_lang, BoardRole, Input, Output, Session, SessionConfig, Stamp, Table,
};
use vichess::voice::render::{RenderOptions, DEFAULT_GAP_MS};
use vichess::voice::Pack;
use words::{fill, words, Words};

/// Where the recording goes when no sound device can be used.
pub const FALLBACK_WAV: &str = "vichess-demo.wav";

/// Silence between two spoken lines, in seconds.
const BETWEEN_S: f64 = 0.45;

/// The demo's clock: three minutes each plus two seconds a move, so time calls come quickly.
const CONTROL: &str = "3+2";

#[derive(clap::Args, Debug, Default)]
pub struct DemoArgs {
    /// Write the speech to this WAV file instead of playing it.
    #[arg(long)]
    pub wav: Option<PathBuf>,
    /// Play only the first N moves of the demo (the whole game when not given).
    #[arg(long, value_name = "N")]
    pub moves: Option<usize>,
    /// Instead of the demo game, type these console lines (one per line of FILE, "-" for
    /// standard input) one second apart, with no board and no clock: the same driver as
    /// `vichess play`, on simulated time. Only the transcript is printed.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// The long form of move announcements: the pawn word and the whole from-square. The
    /// default, as everywhere, is the short form.
    #[arg(long)]
    pub long: bool,
    /// Speaking rate: 1.0 is the pack's own pace, from 0.5 (slow) to 3.0 (fast).
    #[arg(long, default_value_t = 1.0, value_parser = super::announce::parse_speed)]
    pub speed: f64,
    /// The game's language: de, en, uk, ru or hy (default: the configuration's, de). The
    /// demo's lines and moves follow it; the voice pack too, unless one is named.
    #[arg(long)]
    pub lang: Option<String>,
    /// The voice pack (default: the configuration's `[speech] pack`, or the language's own).
    #[arg(long)]
    pub voice: Option<String>,
}

/// The pack the demo speaks with: `--voice`, else `[speech] pack`, else the language's
/// (`--lang`, else `[game] language`), as `vichess play` chooses it.
///
/// Its refusals are in the game's language too (issue 24, item 12): a configuration it cannot
/// use in `--lang`'s words (else the locale's), an unknown `--lang` in the configuration's.
fn demo_pack(args: &DemoArgs) -> anyhow::Result<Pack> {
    use vichess::phrase::token::{Token, Word};
    use vichess::phrase::Language;
    let env = |name: &str| std::env::var(name).ok();
    let pack_of = |language| Pack::builtin(vichess::session::language_pack(language));
    let asked = args.lang.as_deref().and_then(Language::from_code);
    let mut config = vichess::config::load(None).map_err(|errors| {
        let language =
            asked.unwrap_or_else(|| vichess::config::Config::default().first_language(env).0);
        match pack_of(language) {
            Ok(pack) => {
                let lines: Vec<String> = errors
                    .iter()
                    .map(|e| vichess::config::error_line(&pack, e))
                    .collect();
                let lead = pack.text(&[Token::Word(Word::ConfigUnusable)]);
                anyhow::anyhow!("{lead}{}\n{}", pack.colon(), lines.join("\n"))
            }
            Err(_) => {
                let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
                anyhow::anyhow!("the configuration cannot be used:\n{}", lines.join("\n"))
            }
        }
    })?;
    if let Some(lang) = &args.lang {
        if asked.is_none() {
            let pack = pack_of(config.first_language(env).0)?;
            let why = pack.text(&[Token::Word(Word::LangUnknown)]);
            anyhow::bail!("--lang {lang}: {why} {}", Language::listing());
        }
        config.game.language = lang.clone();
    }
    configured_pack(&config, args.voice.as_deref()).map_err(|e| {
        let words = pack_of(config.first_language(env).0).ok();
        let name = args.voice.as_deref().unwrap_or_default();
        super::pack_refused(name, words.as_ref(), e)
    })
}

/// One thing the demo shows: a printed line, or a phrase to say.
#[derive(Debug, Clone)]
enum Out {
    Line(String),
    Say(Phrase, String),
}

/// The demo's front end: the driver ([`Table`]) with the pegboard tracker, the pegboard
/// itself and the hands that move its men, on simulated time.
struct Demo {
    table: Table,
    /// What physically stands on the pegboard.
    pegboard: Board,
    hands: Hands,
    now: Stamp,
    out: Vec<Out>,
    /// Moves left to play before the demo stops (`--moves`).
    moves_left: usize,
    /// The demo's own lines, in the pack's language.
    words: Words,
    /// How the assistant types moves: in the pack's language.
    lang: Lang,
}

impl Demo {
    fn new(pack: Pack, moves: Option<usize>, long: bool) -> anyhow::Result<Demo> {
        let (words, lang) = (words(pack.language()), notation_lang(pack.language()));
        let config = SessionConfig {
            vi_side: Some(Color::White),
            announce: vichess::phrase::announce::AnnounceOptions {
                pawn_word: long,
                full_from_square: long,
            },
            ..SessionConfig::default()
        };
        let control = TimeControl::parse_any(CONTROL).map_err(|e| anyhow::anyhow!("{e}"))?;
        let start = Position::new();
        let mut tracker = Tracker::new(start.clone(), BoardKind::OccupancyOnly);
        tracker.set_owner(Some(Color::White));
        let mut table = Table::new(Session::new(config, pack, start.clone(), Some(control)));
        table.add_board(BoardRole::Pegboard, tracker);
        let mut demo = Demo {
            table,
            pegboard: *start.board(),
            hands: Hands::new(1750, false),
            now: Stamp::ZERO,
            out: Vec::new(),
            moves_left: moves.unwrap_or(usize::MAX),
            words,
            lang,
        };
        // The pegboard's first full reading: how it was found.
        let first = SensorEvent::Snapshot(Snapshot::occupancy_of(start.board()));
        demo.feed(Input::Sensor {
            board: BoardRole::Pegboard,
            event: first,
        });
        Ok(demo)
    }

    /// A table with no board and no clock, for `--script`.
    fn bare(pack: Pack) -> anyhow::Result<Demo> {
        let (words, lang) = (words(pack.language()), notation_lang(pack.language()));
        let session = Session::new(SessionConfig::default(), pack, Position::new(), None);
        Ok(Demo {
            table: Table::new(session),
            pegboard: *Position::new().board(),
            hands: Hands::new(1750, false),
            now: Stamp::ZERO,
            out: Vec::new(),
            moves_left: usize::MAX,
            words,
            lang,
        })
    }

    fn narrate(&mut self, text: &str) {
        self.out
            .push(Out::Line(format!("{}{text}", self.words.tag)));
    }

    fn feed(&mut self, input: Input) {
        self.table.handle(input, self.now);
        self.drain();
    }

    /// Carries out the table's outputs: the demo keeps the transcript; the journal, the
    /// PGN and the cues are `vichess play`'s business.
    fn drain(&mut self) {
        while let Some(o) = self.table.poll_output() {
            match o {
                Output::Print(line) => self.out.push(Out::Line(line)),
                Output::Say { phrase, text, .. } => self.out.push(Out::Say(phrase, text)),
                Output::Journal(_)
                | Output::Cue(_)
                | Output::BoardAdvanced { .. }
                | Output::SavePgn { .. }
                | Output::SpeechRate(_)
                | Output::Engine(_)
                | Output::Quit => {}
            }
        }
    }

    /// Lets `ms` of simulated time pass, waking the table at each of its deadlines.
    fn wait(&mut self, ms: u64) {
        let end = self.now.after(ms);
        while let Some(due) = self.table.poll_timeout().filter(|d| *d <= end) {
            self.now = self.now.max(due);
            self.table.handle_timeout(self.now);
            self.drain();
        }
        self.now = end;
    }

    /// One hand action on the pegboard, as its sensors report it.
    fn hand(&mut self, action: Action) {
        apply(&mut self.pegboard, action);
        let event = match action {
            Action::Lift(sq) => SensorEvent::Lifted(sq),
            Action::Place(square, _) => SensorEvent::Placed {
                square,
                sensed: Sensed::Occupied { color: None },
            },
        };
        self.feed(Input::Sensor {
            board: BoardRole::Pegboard,
            event,
        });
        let pause = self.hands.pause_ms();
        self.wait(pause);
    }

    /// Whether the demo goes on to another move (`--moves`).
    fn next_move(&mut self) -> bool {
        if self.moves_left == 0 {
            return false;
        }
        self.moves_left -= 1;
        true
    }

    /// The VI player makes a move on the pegboard, then presses the clock (a pedal).
    fn vi_move(&mut self, san: &str, think_ms: u64) -> anyhow::Result<()> {
        if !self.next_move() {
            return Ok(());
        }
        self.wait(think_ms);
        let pos = self.table.session().position().clone();
        let m = parse_move(&pos, san).with_context(|| format!("the demo move {san}"))?;
        let style = self.hands.style();
        for a in actions(&pos, &m, style) {
            self.hand(a);
        }
        self.wait(400);
        if !self.table.session().state().is_over() {
            self.feed(Input::Button(InputCommand::Press));
        }
        Ok(())
    }

    /// The assistant types the sighted player's move and presses; the VI player copies it
    /// onto the pegboard, putting the man on `slip` first when given.
    fn assisted_move(
        &mut self,
        san: &str,
        think_ms: u64,
        slip: Option<Square>,
    ) -> anyhow::Result<()> {
        if !self.next_move() {
            return Ok(());
        }
        self.wait(think_ms);
        let pos = self.table.session().position().clone();
        let m = parse_move(&pos, san).with_context(|| format!("the demo move {san}"))?;
        // Typed as the assistant would, in the game's language ("Lg4", "Сg4").
        let san = &san_in(&pos, &m, self.lang);
        self.narrate(&fill(self.words.types, &[("san", san)]));
        self.feed(Input::Line(san.to_string()));
        self.feed(Input::Line("press".into()));
        self.wait(1_500);
        let mut hand = actions(&pos, &m, self.hands.style());
        if let Some(wrong) = slip {
            let Some(Action::Place(right, piece)) = hand.pop() else {
                anyhow::bail!("the demo move {san} does not end with a placement");
            };
            let (w, r) = (wrong.to_string(), right.to_string());
            self.narrate(&fill(
                self.words.copies_wrongly,
                &[("san", san), ("wrong", &w), ("right", &r)],
            ));
            for a in hand {
                self.hand(a);
            }
            self.hand(Action::Place(wrong, piece));
            // The tracker waits before calling a mismatch; then the guidance is heard.
            self.wait(4_000);
            self.narrate(self.words.follows);
            self.hand(Action::Lift(wrong));
            self.hand(Action::Place(right, piece));
        } else {
            self.narrate(&fill(self.words.copies, &[("san", san)]));
            for a in hand {
                self.hand(a);
            }
        }
        self.wait(500);
        Ok(())
    }

    /// Légal's mate, with the demo's extras woven in.
    fn play(&mut self) -> anyhow::Result<()> {
        for line in [
            self.words.title,
            self.words.white,
            self.words.black,
            self.words.clock,
        ] {
            self.narrate(line);
        }
        self.feed(Input::Line("start".into()));
        self.vi_move("e4", 6_000)?;
        self.assisted_move("e5", 5_000, None)?;
        self.vi_move("Nf3", 24_000)?;
        self.assisted_move("d6", 8_000, None)?;
        self.vi_move("Bc4", 25_000)?;
        self.assisted_move("Bg4", 10_000, Some(Square::H5))?;
        self.vi_move("Nc3", 22_000)?;
        if self.moves_left > 0 {
            self.narrate(self.words.tries_castling);
            self.wait(6_000);
            self.feed(Input::Line("O-O".into()));
        }
        self.assisted_move("g6", 3_000, None)?;
        if self.moves_left > 0 {
            self.narrate(self.words.asks);
            self.feed(Input::Button(InputCommand::Time));
            self.feed(Input::Button(InputCommand::Count));
        }
        self.vi_move("Nxe5", 27_000)?;
        self.assisted_move("Bxd1", 6_000, None)?;
        self.vi_move("Bxf7+", 8_000)?;
        self.assisted_move("Ke7", 4_000, None)?;
        self.vi_move("Nd5#", 9_000)?;
        self.narrate(self.words.scoresheet);
        self.feed(Input::Line("moves".into()));
        Ok(())
    }

    /// `--script`: each line typed one second after the one before.
    fn type_lines(&mut self, lines: &str) {
        for line in lines.lines() {
            self.wait(1_000);
            self.feed(Input::Line(line.to_string()));
        }
    }
}

pub fn run_with(args: DemoArgs) -> anyhow::Result<ExitCode> {
    if let Some(file) = &args.script {
        let text = if file.as_os_str() == "-" {
            std::io::read_to_string(std::io::stdin()).context("cannot read the script")?
        } else {
            std::fs::read_to_string(file)
                .with_context(|| format!("cannot read the script {}", file.display()))?
        };
        let mut demo = Demo::bare(demo_pack(&args)?)?;
        demo.type_lines(&text);
        let mut stdout = std::io::stdout().lock();
        for o in &demo.out {
            if let Out::Line(l) = o {
                writeln!(stdout, "{l}")?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let pack = demo_pack(&args)?;
    let w = words(pack.language());
    let mut demo = Demo::new(pack.clone(), args.moves, args.long)?;
    demo.play()?;
    let out = std::mem::take(&mut demo.out);
    if let Some(path) = &args.wav {
        return write_wav(&pack, &out, path, args.speed);
    }
    #[cfg(feature = "audio")]
    match vichess::audio::device::Output::open(None) {
        Ok(device) => return play(&pack, &out, device, args.speed),
        Err(e) => {
            let why = vichess::audio::said::device_why(&pack, &e);
            writeln!(
                std::io::stdout(),
                "{}{}",
                w.tag,
                fill(w.no_device, &[("why", &why), ("file", FALLBACK_WAV)])
            )?
        }
    }
    #[cfg(not(feature = "audio"))]
    writeln!(
        std::io::stdout(),
        "{}{}",
        w.tag,
        fill(w.not_built, &[("file", FALLBACK_WAV)])
    )?;
    write_wav(&pack, &out, Path::new(FALLBACK_WAV), args.speed)
}

/// Prints the transcript and writes all its phrases, with gaps, into one WAV file.
fn write_wav(pack: &Pack, out: &[Out], path: &Path, speed: f64) -> anyhow::Result<ExitCode> {
    let tag = words(pack.language()).tag;
    let mut renderer = Renderer::with_speech(
        pack,
        RenderOptions::speech(pack.sample_rate(), speed, DEFAULT_GAP_MS),
    );
    let rate = renderer.rate();
    let mut all = Pcm::new(rate, Vec::new());
    let mut spoken = 0usize;
    for o in out {
        match o {
            Out::Line(l) => writeln!(std::io::stdout(), "{l}")?,
            Out::Say(phrase, text) => {
                let pcm = renderer.pcm(phrase, text);
                if pcm.is_empty() {
                    continue;
                }
                if spoken > 0 {
                    all.append(&Pcm::silence(rate, BETWEEN_S));
                }
                all.append(&pcm);
                spoken += 1;
            }
        }
    }
    for n in renderer.take_notices() {
        writeln!(std::io::stdout(), "{tag}{n}")?;
    }
    wav::write(path, &all).map_err(|e| {
        super::write_refused(
            pack,
            vichess::phrase::token::Word::RecordingCannotWrite,
            path,
            &e,
        )
    })?;
    let (n, s) = (
        spoken.to_string(),
        pack.language().decimal(all.seconds(), 1),
    );
    let line = fill(
        words(pack.language()).written,
        &[("n", &n), ("s", &s), ("path", &path.display().to_string())],
    );
    writeln!(std::io::stdout(), "{tag}{line}")?;
    Ok(ExitCode::SUCCESS)
}

/// How much of a phrase may still be queued when the next one is: time for a late thread.
#[cfg(feature = "audio")]
const LEAD_S: f64 = 0.3;

/// Waits until at most `seconds` of sound are still queued on `device`, at most `timeout`;
/// false if it stopped taking sound.
#[cfg(feature = "audio")]
fn wait_until_left(
    device: &vichess::audio::device::Output,
    seconds: f64,
    timeout: std::time::Duration,
) -> bool {
    let left = (seconds * f64::from(device.rate())) as usize;
    let deadline = std::time::Instant::now() + timeout;
    while device.pending_frames() > left {
        if std::time::Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    true
}

/// Plays the phrases on `device` one after the other, each line printed as it is said. A
/// device that fails while playing (ALSA's pulse plugin can, on a loaded machine) is said
/// and opened again, and the phrase it may have cut is said again whole before the demo goes
/// on: the listener loses no word.
#[cfg(feature = "audio")]
fn play(
    pack: &Pack,
    out: &[Out],
    device: vichess::audio::device::Output,
    speed: f64,
) -> anyhow::Result<ExitCode> {
    use std::time::Duration;
    use vichess::audio::device::Output as Device;
    use vichess::audio::Channel;
    let w = words(pack.language());
    let mut device = device;
    let mut renderer = Renderer::with_speech(
        pack,
        RenderOptions::speech(device.rate(), speed, DEFAULT_GAP_MS),
    );
    let rate = renderer.rate();
    // A new stream may take a moment to start taking samples; its start-up noise is no error.
    device.wait_until_running(Duration::from_secs(5));
    let _ = device.take_error();
    let mut stdout = std::io::stdout();
    let mut spoken = 0usize;
    let mut seconds = 0.0;
    // The phrase last queued: the one a failing device may have cut.
    let mut last: Option<Pcm> = None;
    // Reopens a device that failed or stopped taking sound and says the last phrase again;
    // true if it did.
    // Underruns of the devices closed on the way, told with the last one's.
    let mut underruns = 0u64;
    let mut recover =
        |device: &mut Device, played: bool, last: Option<&Pcm>| -> anyhow::Result<bool> {
            let why = match device.take_error() {
                Some(e) => e.words(pack),
                None if !played => w.stopped.to_string(),
                None => return Ok(false),
            };
            writeln!(
                std::io::stdout(),
                "{}{}",
                w.tag,
                fill(w.reopening, &[("why", &why)])
            )?;
            underruns += device.take_underruns();
            *device = Device::open(None).map_err(|e| {
                let why = vichess::audio::said::device_why(pack, &e);
                anyhow::anyhow!("{}", fill(w.cannot_reopen, &[("why", &why)]))
            })?;
            device.wait_until_running(Duration::from_secs(5));
            let _ = device.take_error();
            if let Some(pcm) = last {
                device.play(pcm, Channel::Both);
            }
            Ok(true)
        };
    for o in out {
        match o {
            Out::Line(l) => {
                writeln!(stdout, "{l}")?;
                stdout.flush()?;
            }
            Out::Say(phrase, text) => {
                let mut pcm = renderer.pcm(phrase, text);
                if pcm.is_empty() {
                    continue;
                }
                // The phrase before is nearly finished, then a short gap: paced like a
                // person. Queued while the last of it still plays, so a busy machine that
                // wakes this thread late adds no silence.
                let played = wait_until_left(&device, LEAD_S, Duration::from_secs(30));
                if recover(&mut device, played, last.as_ref())? {
                    wait_until_left(&device, LEAD_S, Duration::from_secs(30));
                }
                if spoken > 0 {
                    let mut gap = Pcm::silence(rate, BETWEEN_S);
                    gap.append(&pcm);
                    pcm = gap;
                }
                seconds += pcm.seconds();
                device.play(&pcm, Channel::Both);
                last = Some(pcm);
                spoken += 1;
            }
        }
    }
    let mut retries = 0;
    let done = loop {
        let done = device.wait_until_played(Duration::from_secs(30));
        // The queue is handed over; let the device sound its last buffer.
        std::thread::sleep(Duration::from_millis(300));
        if retries < 3 && recover(&mut device, done, last.as_ref())? {
            retries += 1;
            continue;
        }
        break done;
    };
    for n in renderer.take_notices() {
        writeln!(std::io::stdout(), "{}{n}", w.tag)?;
    }
    // The device's news in the pack's words, as a game says it.
    use super::speech_out::{device_notice, DeviceNews};
    if let Some(e) = device.take_error() {
        let n = device_notice(pack, device.name(), &DeviceNews::Error(e));
        writeln!(std::io::stdout(), "{}{n}", w.tag)?;
    }
    let underruns = underruns + device.take_underruns();
    if underruns > 0 {
        let n = device_notice(pack, device.name(), &DeviceNews::Underruns(underruns));
        writeln!(std::io::stdout(), "{}{n}", w.tag)?;
    }
    if !done {
        anyhow::bail!("{}", w.not_taken);
    }
    let (n, s) = (spoken.to_string(), pack.language().decimal(seconds, 1));
    let line = fill(w.played, &[("n", &n), ("s", &s), ("device", device.name())]);
    writeln!(std::io::stdout(), "{}{line}", w.tag)?;
    Ok(ExitCode::SUCCESS)
}
