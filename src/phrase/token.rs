//! The language-independent vocabulary of announcements.
//!
//! A phrase is a list of tokens; a voice pack maps each token to a display word and a clip.
//! Keeping the vocabulary in one small enum is what lets every pack be checked for
//! completeness, and the printed line and the spoken clip never disagree.
//!
//! Each vocabulary token has a stable id (`file-a`, `piece-knight`, `white-rook-object`,
//! `flag-fall`): the key of the manifest's `[tokens]` table and the clip's file name. Three
//! kinds of token have no entry in a manifest: [`Token::Duration`] and [`Token::Count`] are
//! said in words by the pack's language (`phrase::time`) and spoken by system speech, and
//! [`Token::Punct`] only shapes the printed line and the pauses between clips.

use crate::rules::{Color, File, Piece, Rank, Role};

/// One unit of what vichess says: a pack turns it into a word (and a clip, when it has one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Token {
    /// A file name: "Anna" .. "Hector" in Appendix D.
    File(File),
    /// A rank number: "eins" .. "acht".
    Rank(Rank),
    /// A kind of man: "Springer", "Dame"; also the piece chosen in a promotion.
    Piece(Role),
    /// The plural, for read-outs: "Springer", "Tuerme", "rooks".
    Pieces(Role),
    /// A man of one colour as the subject of a sentence: "white knight", "weisse Dame".
    /// One token rather than colour plus piece, because adjectives agree with the noun.
    Man(Piece),
    /// A man as the object of "remove" / "put": "weissen Springer", "белого коня". A pack
    /// whose language does not change the word leaves it out and [`Token::Man`] is used.
    ManObject(Piece),
    /// A man named with the article a sentence needs: the indefinite "ein schwarzer Bauer",
    /// "eine weiße Dame" ("dort steht ein schwarzer Bauer"), the definite for the one king
    /// ("der weiße König"). A pack whose language has no articles, or puts them in the
    /// sentence, leaves it out and [`Token::Man`] is used.
    ManIndefinite(Piece),
    /// Said before the target square of a capture: "schlägt".
    Captures,
    /// Said after an en passant capture.
    EnPassant,
    /// "Kurze Rochade" (0-0).
    CastlesShort,
    /// "Lange Rochade" (0-0-0).
    CastlesLong,
    /// "Schach".
    Check,
    /// "Matt".
    Mate,
    /// A side as a noun: "White" (wins), "Weiß", "белые".
    Side(Color),
    /// Events, reasons and read-out words.
    Word(Word),
    /// A time in milliseconds, said in words by the pack's language.
    Duration(u64),
    /// A number of moves, said in words with the noun ("zwölf Züge").
    Count(u32),
    /// A number of moves as "mate in N moves" takes it: the case the language's "in" asks
    /// for ("in drei Zügen", "в три хода", "երեք քայլում"); the preposition is the word
    /// before it.
    CountIn(u32),
    /// A number of moves after "for" (a period of the time control): the noun in the case
    /// the language's "for" takes. The same words as [`Token::Count`] but in Armenian,
    /// whose postposition "համար" takes the dative: "քառասուն քայլի համար".
    CountFor(u32),
    /// A bare number, printed in digits and said in words ("Zug 14": "Zug vierzehn"): a
    /// move's number in a review line.
    Number(u32),
    /// Punctuation of the printed line; a short pause when spoken.
    Punct(Punct),
}

/// Punctuation: printed attached to the word before it, spoken as a pause.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Punct {
    /// A short pause.
    Comma,
    /// Before what a label introduces ("Weiß: zwei Minuten").
    Colon,
    /// Between two instructions of guidance.
    Semicolon,
    /// After a White move's number ("12. Springer ..."): the same in every language.
    Period,
    /// The end of a sentence another follows ("White: ... . Black: ..."): Armenian writes
    /// its own full stop there (`[grammar]`).
    Stop,
    /// After a Black move's number, as on a scoresheet ("12... Springer ...").
    Ellipsis,
}

impl Punct {
    /// The mark as printed.
    pub const fn mark(self) -> &'static str {
        match self {
            Punct::Comma => ",",
            Punct::Colon => ":",
            Punct::Semicolon => ";",
            Punct::Period | Punct::Stop => ".",
            Punct::Ellipsis => "...",
        }
    }
}

macro_rules! words {
    ($($(#[$doc:meta])* $name:ident = $id:literal,)*) => {
        /// The vocabulary of events (game ends, illegal moves and why, touch-move, board
        /// guidance, penalties) and of read-outs. The id is the manifest key.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Word {
            $(
                $(#[$doc])*
                #[doc = concat!("Manifest key `", $id, "`.")]
                $name,
            )*
        }

        impl Word {
            /// Every word, in manifest order.
            pub const ALL: &'static [Word] = &[$(Word::$name,)*];

            /// Does every pack record a clip for this word? The words after
            /// [`Word::Moves`] are printed and said by system speech only, except the
            /// few said in every game (the clock answers and the mate), which have clips
            /// so that a game is heard in one voice.
            pub const fn recorded(self) -> bool {
                (self as usize) <= (Word::Moves as usize)
                    || matches!(self, Word::Checkmate | Word::MoveCompleted | Word::ClockRunning)
            }

            /// The manifest key, the same in every pack.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Word::$name => $id,)*
                }
            }
        }
    };
}

words! {
    Stalemate = "stalemate",
    Draw = "draw",
    DeadPosition = "dead-position",
    ThreefoldRepetition = "threefold-repetition",
    FivefoldRepetition = "fivefold-repetition",
    FiftyMoves = "fifty-moves",
    SeventyFiveMoves = "seventy-five-moves",
    FlagFall = "flag-fall",
    /// After a side: "White wins".
    Wins = "wins",
    Resigns = "resigns",
    DrawOffer = "draw-offer",
    IllegalMove = "illegal-move",
    /// The move would leave or put the own king in check.
    ReasonKingInCheck = "reason-king-in-check",
    /// No man of the named kind can make that move.
    ReasonNoSuchMove = "reason-no-such-move",
    ReasonNoPiece = "reason-no-piece",
    ReasonNotYourPiece = "reason-not-your-piece",
    ReasonCastlingNotAllowed = "reason-castling-not-allowed",
    /// Two men could make the move: which one?
    ReasonAmbiguous = "reason-ambiguous",
    ReasonNotUnderstood = "reason-not-understood",
    /// Art. 4.3: the touched man must be moved ("berührt, geführt").
    ReasonTouchMove = "reason-touch-move",
    ReasonPromotionMissing = "reason-promotion-missing",
    Touched = "touched",
    Penalty = "penalty",
    TimeAdded = "time-added",
    BoardsDiffer = "boards-differ",
    PositionCorrect = "position-correct",
    Remove = "remove",
    Put = "put",
    From = "from",
    On = "on",
    Correction = "correction",
    MoveTakenBack = "move-taken-back",
    Empty = "empty",
    And = "and",
    /// "no knights": said after the plural.
    None = "none",
    /// "file e", for a file read-out.
    FileWord = "file",
    /// "rank 4", for a rank read-out.
    RankWord = "rank",
    Time = "time",
    Moves = "moves",
    /// Everything from here on is printed and spoken by system speech: no pack records a
    /// clip for these (see [`Word::recorded`]).
    /// "White's flag fell", "у білих упав прапорець".
    FlagFellWhite = "flag-fell-white",
    FlagFellBlack = "flag-fell-black",
    /// The arbiter's question after a flag fall, a resignation or a second illegal move
    /// where no one could prove whether White can still mate, with the two answers.
    CanWhiteMate = "can-white-mate",
    /// The same for Black.
    CanBlackMate = "can-black-mate",
    /// After Black's flag fell: White may claim it, with the command, and the game goes on
    /// until then (6.8: a flag counts as fallen once claimed or seen by the arbiter).
    ClaimFlagHintWhite = "claim-flag-hint-white",
    /// After White's flag fell: the same for Black.
    ClaimFlagHintBlack = "claim-flag-hint-black",
    /// The game's end by mate, as a sentence's first word ("Matt, Weiß gewinnt").
    Checkmate = "checkmate",
    /// "no pawns", "keine Bauern", "пішаків немає": the language's own case and order.
    NoPawns = "no-pawns",
    NoKnights = "no-knights",
    NoBishops = "no-bishops",
    NoRooks = "no-rooks",
    NoQueens = "no-queens",
    NoKings = "no-kings",
    /// Before the nearest command or move to an input that was not understood.
    DidYouMean = "did-you-mean",
    GameResumed = "game-resumed",
    /// A resumed journal had no clean-stop record: it was cut off.
    JournalUnclean = "journal-unclean",
    /// After a resume with `resume_clock = "paused"`: how the clocks start again.
    ClocksStayStopped = "clocks-stay-stopped",
    /// After a side: "White to move".
    ToMove = "to-move",
    GameOver = "game-over",
    Result = "result",
    NothingSaid = "nothing-said",
    NoMoveYet = "no-move-yet",
    NoClock = "no-clock",
    NoMoveToComplete = "no-move-to-complete",
    /// After a side: "White has already moved: press the clock or correct the move".
    AlreadyMoved = "already-moved",
    NoMoveToCorrect = "no-move-to-correct",
    NoMoveToTakeBack = "no-move-to-take-back",
    ClockRefuses = "clock-refuses",
    /// `start` with the clock already running: whose clock runs follows.
    ClockAlreadyRunning = "clock-already-running",
    /// `my` in a game that does not know the VI player's side: how to ask for a side's men.
    MineNeedsSide = "mine-needs-side",
    /// `quit` with nothing new to save (the game ended and was saved then): the last line,
    /// so the player hears that the quit was taken.
    AlreadySavedClosing = "already-saved-closing",
    StillOpen = "still-open",
    /// After a side: "White offers a draw", where `[grammar] side_offers_draw` says an offer
    /// as a sentence rather than as "draw offer: White".
    OffersDraw = "offers-draw",
    NoOffer = "no-offer",
    /// After a side: "White made this offer: the opponent answers".
    OwnOffer = "own-offer",
    DrawTooEarly = "draw-too-early",
    DrawDeclined = "draw-declined",
    FlagNotFallen = "flag-not-fallen",
    CannotClaimNow = "cannot-claim-now",
    QuickplayNotOnMove = "quickplay-not-on-move",
    LostRightToClaim = "lost-right-to-claim",
    ClaimRejected = "claim-rejected",
    NotOnMove = "not-on-move",
    SealedMoveIllegal = "sealed-move-illegal",
    Adjourned = "adjourned",
    SealedMoveKept = "sealed-move-kept",
    TakenBackAfterPress = "taken-back-after-press",
    NoteForArbiter = "note-for-arbiter",
    SightedTouched = "sighted-touched",
    BoardMoveIllegal = "board-move-illegal",
    BoardWentBack = "board-went-back",
    SecondBoard = "second-board",
    /// A lifted man went back into the hole it came from (no move; the touch still binds).
    ManPutBack = "man-put-back",
    /// A sensor board set up the other way round, read mirrored from now on.
    BoardRotated = "board-rotated",
    Saved = "saved",
    /// Between the moves an ambiguous text could mean.
    Or = "or",
    HelpMove = "help-move",
    HelpTime = "help-time",
    HelpCount = "help-count",
    HelpLast = "help-last",
    HelpMoves = "help-moves",
    HelpBoard = "help-board",
    HelpWhere = "help-where",
    HelpSquares = "help-squares",
    HelpStart = "help-start",
    HelpPress = "help-press",
    HelpPause = "help-pause",
    HelpCorrect = "help-correct",
    HelpTakeBack = "help-takeback",
    HelpDraw = "help-draw",
    HelpClaim = "help-claim",
    HelpResign = "help-resign",
    HelpIllegal = "help-illegal",
    HelpArbiter = "help-arbiter",
    /// "time taken: White, thirty seconds" (12.9.3).
    TimeTaken = "time-taken",
    /// "clock set: White, five minutes" (6.10.2, 7.1).
    ClockSet = "clock-set",
    /// "arbiter's note": before a note the arbiter added to the record.
    ArbiterNote = "arbiter-note",
    /// "draw claim under III.5": before the claimant.
    QuickplayClaim = "quickplay-claim",
    /// "the arbiter decides".
    ArbiterDecides = "arbiter-decides",
    /// "decision postponed".
    DecisionPostponed = "decision-postponed",
    QuickplayNotAnnounced = "quickplay-not-announced",
    QuickplayBlitz = "quickplay-blitz",
    QuickplayHasBonus = "quickplay-has-bonus",
    /// "two minutes or more left: White".
    QuickplayEnoughTime = "quickplay-enough-time",
    /// "the flag has already fallen: White".
    QuickplayFlagFallen = "quickplay-flag-fallen",
    NoQuickplayClaim = "no-quickplay-claim",
    /// III.4: "request for five seconds a move, a draw offer: White".
    IncrementRequest = "increment-request",
    /// "the clocks now add five seconds a move for both".
    IncrementOn = "increment-on",
    IncrementRefused = "increment-refused",
    /// The arbiter rules on a III.4 request only after the opponent answered the offer.
    IncrementOfferOpen = "increment-offer-open",
    /// "asks for five seconds a move (III.4)", in the confirmation question.
    AsksIncrement = "asks-increment",
    /// "position restored" (7.5.1).
    PositionRestored = "position-restored",
    NothingToRestore = "nothing-to-restore",
    HelpRepeat = "help-repeat",
    HelpAdjourn = "help-adjourn",
    HelpSave = "help-save",
    HelpQuit = "help-quit",
    // Issue 11, findings 5, 7, 12, 13: confirmations, clock answers, the opening line, the
    // sealed move.
    /// A confirmation's yes, besides the fixed yes words of every language.
    Yes = "yes",
    /// After the question: "White resigns, yes or no?".
    YesOrNo = "yes-or-no",
    /// After a side, in the confirmation question: "White resigns".
    ResignsQuestion = "resigns-question",
    ClaimsThreefold = "claims-threefold",
    ClaimsFifty = "claims-fifty",
    ClaimsFlag = "claims-flag",
    AcceptsDraw = "accepts-draw",
    SealsAndAdjourns = "seals-and-adjourns",
    OpenQuestion = "open-question",
    UndoQuestion = "undo-question",
    /// Anything but yes after a question: nothing was done.
    Cancelled = "cancelled",
    /// A command that changes the result named no side and none is configured.
    NameTheSide = "name-the-side",
    SealedMoveRequired = "sealed-move-required",
    SealNeedsClock = "seal-needs-clock",
    /// Before the sealed move, announced when the envelope is opened.
    SealedMove = "sealed-move",
    NoSealedMove = "no-sealed-move",
    /// How an adjourned game goes on: the arbiter's `open`.
    OpenWith = "open-with",
    NoResultToUndo = "no-result-to-undo",
    ResultOnBoard = "result-on-board",
    ResultUndone = "result-undone",
    /// Before a side: the answer to `press`.
    MoveCompleted = "move-completed",
    /// Before a side: the answer to `start`, `press` and `pause`.
    ClockRunning = "clock-running",
    ClocksStopped = "clocks-stopped",
    /// `press` while the clocks are stopped: refused, and said so, so that nobody takes the
    /// "did not press" line at the reply (6.2.2) for a press lost.
    PressWhileStopped = "press-while-stopped",
    /// After a side: it made a move and did not press the clock (6.2.2).
    PressForgotten = "press-forgotten",
    /// The opponent's reply pressed for the forgetful side, whose clock ran until then.
    PressedAtReply = "pressed-at-reply",
    /// The short form's "their clock ran on", before how long.
    ClockRanOn = "clock-ran-on",
    /// A time under a second where whole seconds are said: "less than a second".
    LessThanASecond = "less-than-a-second",
    /// The opening line's words.
    TimeControl = "time-control",
    Plus = "plus",
    PerMove = "per-move",
    /// A simple delay (the US delay: the clock waits before it runs).
    DelayWord = "delay",
    /// A Bronstein delay (the time used, up to the delay, given back after the move): named,
    /// so an arbiter hears which of the two the clock was set to.
    BronsteinWord = "bronstein-delay",
    /// Between two periods of a control: "danach".
    ControlThen = "control-then",
    /// Between a period's time and its moves: "für" (vierzig Züge).
    ControlFor = "control-for",
    /// A period for the rest of the game: "für den Rest der Partie".
    ControlRestOfGame = "control-rest-of-game",
    /// The last period, which has a move count, repeats: "und so weiter".
    ControlRepeats = "control-repeats",
    /// A bonus every period shares: "ab dem ersten Zug".
    ControlFromMoveOne = "control-from-move-one",
    /// Before a period's number in the time answer: "Periode".
    ControlPeriod = "control-period",
    /// After the moves still to make in a period: "bis zur Zeitkontrolle".
    ControlMovesToGo = "control-moves-to-go",
    Untimed = "untimed",
    YourColour = "your-colour",
    SayHelp = "say-help",
    /// A board link's news in `play`: a full reading taken again after a doubt.
    BoardReadAgain = "board-read-again",
    /// A board link's news in `play`: the full reading awaited after a damaged message never
    /// came, so nothing seen meanwhile was decided.
    BoardNotReadAgain = "board-not-read-again",
    /// Before the device's own identification: "the board says it is (DGT board 3.1)".
    BoardSaysItIs = "board-says-it-is",
    BoardReports = "board-reports",
    BoardGarbled = "board-garbled",
    /// Before the players and the file of a game `--resume` continues.
    ResumingGame = "resuming-game",
    /// After the options a resumed game does not take.
    IgnoredOnResume = "ignored-on-resume",
    ArbiterNoteEmpty = "arbiter-note-empty",
    ClockStartsWith = "clock-starts-with",
    IgnoredOnResumeControl = "ignored-on-resume-control",
    IgnoredOnResumeTags = "ignored-on-resume-tags",
    /// The first start's line: "voice: en; games are kept in: ...".
    VoicePack = "voice-pack",
    GamesKeptIn = "games-kept-in",
    /// "claims a draw under III.5", in the confirmation question.
    ClaimsQuickplay = "claims-quickplay",
    /// Before a side: who made the claim that ended the game.
    Claimant = "claimant",
    // Issue 11, finding 8: the lines `vichess play` prints itself (saving, the journal on a
    // full disk, the game lock, console notices, board connections).
    /// A PGN file could not be written; the path and reason follow.
    CannotSave = "cannot-save",
    /// The journal cannot be written (a full disk): what vichess does meanwhile.
    JournalFailing = "journal-failing",
    JournalWrittenAgain = "journal-written-again",
    /// Input refused while the journal cannot be written.
    NotAcceptedJournal = "not-accepted-journal",
    /// Leaving with records not on disk: they follow, printed.
    JournalUnwritten = "journal-unwritten",
    /// Another vichess process holds the game's lock.
    GameLocked = "game-locked",
    NoSound = "no-sound",
    /// `--braille-display` asked for a display BrlAPI cannot reach; the reason follows.
    BrailleDisplayMissing = "braille-display-missing",
    /// Why (`host::BrailleFault`), after the socket's path: nothing listens there, BRLTTY
    /// has no display, the key is withheld from that server, the answer is out of step.
    BrailleNoServer = "braille-no-server",
    BrailleNoCells = "braille-no-cells",
    BrailleKeyWithheld = "braille-key-withheld",
    BrailleNotUnderstood = "braille-not-understood",
    /// A console line that was not UTF-8 and was read as Latin-1.
    LineNotUtf8 = "line-not-utf8",
    LineTooLong = "line-too-long",
    BoardConnected = "board-connected",
    BoardDisconnected = "board-disconnected",
    /// The VI player's own board, in a board's connection line.
    PlayersBoard = "players-board",
    // --- issue 15: board read-outs and the board cursor (text only, no clips) ---
    /// Before the opponent's side, name and time.
    Opponent = "opponent",
    /// When the game has no name for a player.
    NoName = "no-name",
    /// "diagonal a1 h8: ...".
    Diagonal = "diagonal",
    /// "around e4: ...": the eight neighbours.
    Around = "around",
    /// The squares a knight on the square reaches.
    KnightSquares = "knight-squares",
    /// "moves from g1: knight f3, knight h3".
    MovesFrom = "moves-from",
    NoMoves = "no-moves",
    /// All legal captures.
    LegalCaptures = "legal-captures",
    /// All legal checks.
    LegalChecks = "legal-checks",
    /// Before a square: the men of the other colour that attack it.
    Attackers = "attackers",
    /// Before a square: the men of the same colour that protect it.
    Defenders = "defenders",
    LastCapture = "last-capture",
    NoCaptureYet = "no-capture-yet",
    LightSquare = "light-square",
    DarkSquare = "dark-square",
    /// The cursor cannot go further that way.
    EdgeOfBoard = "edge-of-board",
    HelpTurn = "help-turn",
    HelpOpponent = "help-opponent",
    HelpWhereSide = "help-where-side",
    HelpLines = "help-lines",
    HelpLegal = "help-legal",
    HelpAttackers = "help-attackers",
    HelpLastCapture = "help-last-capture",
    HelpBack = "help-back",
    HelpCursor = "help-cursor",
    /// After a typed move read back: how to play it.
    ConfirmMove = "confirm-move",
    /// A read-back move that was not confirmed.
    MoveNotPlayed = "move-not-played",
    // --- issue 16: the speaking rate changed during a game (text only, no clips) ---
    /// Before the new rate: "speed 1.2".
    Speed = "speed",
    /// After a rate that cannot go further.
    SpeedLimit = "speed-limit",
    HelpSpeed = "help-speed",
    // --- issue 13: a capture an occupancy-only board may have missed (text only) ---
    /// Before the capture(s): "the board may have missed a capture".
    CaptureUnseen = "capture-unseen",
    /// After them: what the player does either way.
    SayItOrPutBack = "say-it-or-put-back",
    // --- session 40: what a sensor board's lines left out (text only) ---
    /// A man the board cannot name, as the object of "remove": "the man" ("remove the man
    /// from d5"), where "remove from d5" said nothing of what to take away.
    TheMan = "the-man",
    /// Before the moves the touches bound the player to, after the move played: "the
    /// touches bound the player to".
    BreachBoundTo = "breach-bound-to",
    /// "or" between moves in a statement (the Armenian question's "or" is another word).
    OrList = "or-list",
    /// A draw offer still open when moves were taken back: it lapses (the offerer follows).
    OfferLapsed = "offer-lapsed",
    // --- issue 24, items 15-20: the audit's findings on interruptions and resume (text
    // only, no clips) ---
    /// A signal (SIGTERM, SIGHUP, Ctrl-C) stopped the game; the signal follows in brackets.
    GameInterrupted = "game-interrupted",
    /// What stopped it: the terminal closed (SIGHUP).
    SignalHangup = "signal-hangup",
    /// What stopped it: the system asked vichess to stop (SIGTERM).
    SignalTerm = "signal-term",
    /// Before the list of other games in the folder that have no result yet.
    UnfinishedGames = "unfinished-games",
    /// A journal from a newer vichess: "format N" follows in brackets.
    JournalNewer = "journal-newer",
    /// "format 2": the journal format's number follows.
    JournalFormat = "journal-format",
    /// After the newer journal's format: what to do.
    UpdateToResume = "update-to-resume",
    // --- `sim MOVE` with `--board sim`: the simulated hands' answers (text only) ---
    /// Before the move the hands play.
    SimPlays = "sim-plays",
    SimNoBoard = "sim-no-board",
    /// The hands are still copying the last move.
    SimBusy = "sim-busy",
    /// Before the reason the move cannot be played.
    SimCannot = "sim-cannot",
    /// Before the guidance steps the hands carry out when the game went back (a take-back,
    /// a correction, a restored position): said too, so the player hears which man goes
    /// back where.
    SimPutsBack = "sim-puts-back",
    // --- `vichess play`'s own lines that were still English (text only) ---
    /// Before the reason `vichess play` cannot start or must stop, said by system speech.
    VichessStopped = "vichess-stopped",
    /// `--resume` in a folder without a `current-game` file: the newest journal is taken.
    NoCurrentGame = "no-current-game",
    /// Before the journal and why it cannot be read.
    JournalUnreadable = "journal-unreadable",
    /// "line 7": where in the journal a torn entry is.
    JournalLine = "journal-line",
    /// A resumed journal's last line is torn (a power cut mid-write); why follows.
    JournalTorn = "journal-torn",
    /// After [`Word::JournalTorn`]: the torn line is kept aside and the game goes on.
    TornSetAside = "torn-set-aside",
    /// After [`Word::JournalTorn`]: the torn line cannot be kept aside; nothing changes.
    TornNotSetAside = "torn-not-set-aside",
    /// After [`Word::JournalTorn`]: the torn line is the header or the game's first record.
    TornFirstLines = "torn-first-lines",
    /// The PGN beside a resumed journal has moves the journal lost; the counts follow.
    PgnLonger = "pgn-longer",
    /// The journal, as the label of its count of half-moves.
    Journal = "journal",
    /// After [`Word::PgnLonger`]'s counts: what it means and what to do.
    PgnLongerThen = "pgn-longer-then",
    /// Gamepads and pedals (`input::PadNotice`): the device's name follows in brackets.
    PadFound = "pad-found",
    PadConnected = "pad-connected",
    PadDisconnected = "pad-disconnected",
    PadCannotRumble = "pad-cannot-rumble",
    /// Before the system's reason.
    RumbleFailed = "rumble-failed",
    /// The gamepad system cannot start; its reason follows.
    PadsUnavailable = "pads-unavailable",
    PadsNotBuilt = "pads-not-built",
    // --- speech and clip notices (`speech::notice`, `voice::render`), text only ---
    /// "Note: system speech is not available"; why follows.
    SpeechUnavailable = "speech-unavailable",
    /// "Note: system speech failed"; why follows.
    SpeechFailed = "speech-failed",
    /// The end of a speech notice: words without a clip are printed only; install
    /// speech-dispatcher.
    SpeechPrintedOnly = "speech-printed-only",
    /// The engine could not start (the system's reason follows in brackets).
    SpeechCannotStart = "speech-cannot-start",
    SpeechNotBuilt = "speech-not-built",
    /// The engine cannot tell when it speaks.
    SpeechCannotTell = "speech-cannot-tell",
    /// The engine took words and never said them: no working sound output.
    SpeechSilent = "speech-silent",
    SpeechNoAnswer = "speech-no-answer",
    EspeakCannotRun = "espeak-cannot-run",
    /// eSpeak NG could not say some words (its complaint follows in brackets).
    EspeakFailed = "espeak-failed",
    /// speech-dispatcher was reached and refused the words.
    SpeechRefused = "speech-refused",
    SpeechWorkerStopped = "speech-worker-stopped",
    /// After a speech notice for a recording: the recording lacks those words.
    RecordingLacksWords = "recording-lacks-words",
    /// Before a token without a clip ("no clip for").
    ClipMissing = "clip-missing",
    /// After [`Word::ClipMissing`]: a number word piece without a clip, quoted after it.
    ClipNumberWord = "clip-number-word",
    /// After it: the word is said by system speech in another voice.
    SaidBySystemSpeech = "said-by-system-speech",
    /// Before the token and file of a clip that cannot be used; why follows.
    ClipUnusable = "clip-unusable",
    ClipsTooLarge = "clips-too-large",
    ClipTooLong = "clip-too-long",
    ClipWrongRate = "clip-wrong-rate",
    ClipOutside = "clip-outside",
    ClipEmpty = "clip-empty",
    ClipUnreadable = "clip-unreadable",
    /// Before a sound device's name.
    SoundDevice = "sound-device",
    /// The device ran short of sound (underruns; the count follows as "3×").
    DeviceUnderrun = "device-underrun",
    // --- play's last English lines (text only) ---
    /// Before each record printed because it is not on disk when leaving.
    Unwritten = "unwritten",
    /// Why there is no sound: this vichess was built without sound output.
    SoundNotBuilt = "sound-not-built",
    /// Before a button's command (a refused press while the journal cannot be written).
    Button = "button",
    /// What each button, pedal or key command is called (`input::InputCommand`).
    ButtonPressWhite = "button-press-white",
    ButtonPressBlack = "button-press-black",
    ButtonPress = "button-press",
    ButtonTime = "button-time",
    ButtonCount = "button-count",
    ButtonLast = "button-last",
    ButtonMovesBack = "button-moves-back",
    ButtonMovesForward = "button-moves-forward",
    ButtonPause = "button-pause",
    ButtonRepeat = "button-repeat",
    ButtonCursorMode = "button-cursor-mode",
    ButtonCursorUp = "button-cursor-up",
    ButtonCursorDown = "button-cursor-down",
    ButtonCursorLeft = "button-cursor-left",
    ButtonCursorRight = "button-cursor-right",
    ButtonFaster = "button-faster",
    ButtonSlower = "button-slower",
    // --- `vichess report`: the arbiter's report in the game's language (text only) ---
    ReportTitle = "report-title",
    ReportEvent = "report-event",
    ReportRound = "report-round",
    ReportTorn = "report-torn",
    ReportNotOver = "report-not-over",
    ReportSignature = "report-signature",
    ReportBegins = "report-begins",
    ReportControl = "report-control",
    ReportStartPosition = "report-start-position",
    ReportClockStarted = "report-clock-started",
    ReportPressed = "report-pressed",
    ReportClocksStopped = "report-clocks-stopped",
    ReportClocksRestarted = "report-clocks-restarted",
    /// A later run of vichess on the same game: "{to}" the wall-clock time (HH:MM:SS) of its
    /// start, "{from}" that of the last record before it, "{length}" the time between. The
    /// program may have run on for a while after that record, so the gap starts there, not
    /// at a stop nobody recorded.
    ReportRestarted = "report-restarted",
    /// The run before the gap ended with no record of its end: a crash, a kill, a power cut.
    ReportStoppedUnclosed = "report-stopped-unclosed",
    /// The run before the gap closed the game (quit, an interruption, an adjournment).
    ReportStoppedClosed = "report-stopped-closed",
    /// The session time went on over the gap (`resume_clock = "running"`).
    ReportDowntimeCounted = "report-downtime-counted",
    /// The session time stopped at the last record (`resume_clock = "paused"`).
    ReportDowntimeNotCounted = "report-downtime-not-counted",
    ReportDrawOffer = "report-draw-offer",
    ReportDrawAccept = "report-draw-accept",
    ReportDrawDecline = "report-draw-decline",
    ReportClaims = "report-claims",
    ReportClaimThreefold = "report-claim-threefold",
    ReportClaimFifty = "report-claim-fifty",
    ReportClaimFlag = "report-claim-flag",
    ReportClaimQuickplay = "report-claim-quickplay",
    ReportClaimIncrement = "report-claim-increment",
    ReportIntended = "report-intended",
    ReportAdjourned = "report-adjourned",
    ReportNote = "report-note",
    ReportTouched = "report-touched",
    ReportIllegalRecorded = "report-illegal-recorded",
    ReportTimeAdd = "report-time-add",
    ReportTimeTake = "report-time-take",
    ReportTimeSet = "report-time-set",
    ReportTakenBack = "report-taken-back",
    ReportUndo = "report-undo",
    ReportOpen = "report-open",
    ReportRestore = "report-restore",
    ReportRulingIii4 = "report-ruling-iii4",
    ReportRulingIii5 = "report-ruling-iii5",
    /// The arbiter's answer to whether a side can still mate (5.1.2, 6.9, 7.5.5).
    ReportRulingCanMate = "report-ruling-can-mate",
    /// Yes: the side can mate, and wins.
    ReportCanMateYes = "report-can-mate-yes",
    /// No: it cannot, a draw.
    ReportCanMateNo = "report-can-mate-no",
    ReportRulingAccept = "report-ruling-accept",
    ReportRulingReject = "report-ruling-reject",
    ReportRulingPostponeTime = "report-ruling-postpone-time",
    ReportRulingPostpone = "report-ruling-postpone",
    ReportPlays = "report-plays",
    ReportCorrected = "report-corrected",
    ReportOpened = "report-opened",
    ReportIncrementGranted = "report-increment-granted",
    ReportIncrementRefused = "report-increment-refused",
    ReportIllegalNumber = "report-illegal-number",
    ReportTimeLeft = "report-time-left",
    ReportClaimRejected = "report-claim-rejected",
    ReportEnds = "report-ends",
    // --- issue 24, items 6, 7 and 14: take-back requests answered by the opponent, who
    // offers and claims, aborting a game without moves, the anchors' short commands (text
    // only) ---
    /// After a side: a flag claim by the side whose own flag fell (item 7).
    OwnFlagFell = "own-flag-fell",
    /// After a side, before the opponent's "yes or no?": a take-back request (item 6).
    AsksTakeback = "asks-takeback",
    /// Before the side that answered a take-back request.
    TakebackAccepted = "takeback-accepted",
    TakebackDeclined = "takeback-declined",
    NoTakebackRequest = "no-takeback-request",
    /// The record corrected (the assistant's or arbiter's take-back): "take back the move:
    /// Black e5, yes or no?".
    TakeBackRecordQuestion = "take-back-record-question",
    /// A game with no move yet, ended without a result (item 14).
    GameAborted = "game-aborted",
    /// A game that ended without a result ("*"): aborted, or the arbiter still to decide.
    ResultNone = "result-none",
    AbortQuestion = "abort-question",
    AbortTooLate = "abort-too-late",
    /// The help line of the one-letter and slash commands.
    HelpShortcuts = "help-shortcuts",
    ReportTakebackRequest = "report-takeback-request",
    ReportTakebackAccepted = "report-takeback-accepted",
    ReportTakebackDeclined = "report-takeback-declined",
    ReportAborted = "report-aborted",
    // --- issue 24.1 and 24.3: a game-ending move corrected, a capture mark on no capture ---
    /// A move that ended the game was corrected or taken back before any press (D.2.8).
    ResultWithdrawn = "result-withdrawn",
    /// Before a square: a typed capture mark where nothing stands to be taken (8.1.1).
    NoCaptureOn = "no-capture-on",
    /// A move typed to a square the board does not have ("e9"): "{square}" is the text.
    NoSuchSquare = "no-such-square",
    /// After a square typed with a Cyrillic file letter: the board's squares are Latin.
    SquaresInLatin = "squares-in-latin",
    // Issue 24, item 5: no arbiter present (III.6), supervision not adequate (A.5, B.3).
    NoArbiterPresent = "no-arbiter-present",
    SupervisionInadequate = "supervision-inadequate",
    QuickplayGameStops = "quickplay-game-stops",
    RecordFinalPosition = "record-final-position",
    IllegalMoveStands = "illegal-move-stands",
    // --- issue 24, items 8, 11 and 12: the game's language kept with the game, move
    // refusals and help in every language, the last English labels (text only) ---
    /// Before the game's language in the start line: "language: English".
    LanguageLabel = "language-label",
    /// The languages' names, in the pack's language.
    LanguageDe = "language-de",
    LanguageEn = "language-en",
    LanguageUk = "language-uk",
    LanguageRu = "language-ru",
    LanguageHy = "language-hy",
    /// After the language, when the system's locale chose it; the setting follows.
    LanguageFromLocale = "language-from-locale",
    /// After the language, when it is the built-in default (the locale names no language
    /// vichess speaks).
    LanguageDefault = "language-default",
    /// How to change the game's language.
    LanguageChange = "language-change",
    /// A resumed game whose language `--lang` or `--voice` changed: the one before follows.
    LanguageUntilNow = "language-until-now",
    /// Why the rules refused a move, in detail (`session::why`): a sentence with places
    /// (`{piece}`, `{to}`, ...) for the men, squares and sides of the rules' `MoveError`.
    WhyEmpty = "why-empty",
    WhyDrawOfferMark = "why-draw-offer-mark",
    WhyNoPiece = "why-no-piece",
    WhyNotThere = "why-not-there",
    WhyEmptySquare = "why-empty-square",
    WhyNotYours = "why-not-yours",
    WhyCannotReach = "why-cannot-reach",
    WhyBlocked = "why-blocked",
    /// The short reason for a move kept from its square by a man on the way.
    ReasonBlocked = "reason-blocked",
    /// A player's first completed illegal move (7.5.5): the penalty follows.
    IllegalMoveFirst = "illegal-move-first",
    /// A player's second completed illegal move (7.5.5): the game's end follows.
    IllegalMoveSecond = "illegal-move-second",
    /// After the unfinished games in a game folder: how to take one of them up again.
    ResumeOneWith = "resume-one-with",
    /// `--resume JOURNAL` names no journal.
    NoSuchJournal = "no-such-journal",
    /// `arbiter time` without add, take or set: the question, then the command's form.
    ArbiterTimeChange = "arbiter-time-change",
    /// `arbiter time add` without a side.
    ArbiterTimeWhose = "arbiter-time-whose",
    /// "{word}" where the side should be: it is none.
    ArbiterTimeNotSide = "arbiter-time-not-side",
    /// `arbiter time add white` without an amount.
    ArbiterTimeAmount = "arbiter-time-amount",
    /// `arbiter restore` without a move number.
    ArbiterRestoreMove = "arbiter-restore-move",
    /// `arbiter restore 12` without a side.
    ArbiterRestoreSide = "arbiter-restore-side",
    WhyOwnManThere = "why-own-man-there",
    WhyStillInCheck = "why-still-in-check",
    WhyPinned = "why-pinned",
    WhyIntoCheck = "why-into-check",
    WhyExposesKing = "why-exposes-king",
    WhyCastlingShort = "why-castling-short",
    WhyCastlingLong = "why-castling-long",
    WhyPromotionMissing = "why-promotion-missing",
    WhyBadPromotion = "why-bad-promotion",
    /// A board that cannot see the promotion piece asks for it: "which piece replaces the
    /// pawn on {to}", then `PromotionAnswer` and the game's letters.
    PromotionWhich = "promotion-which",
    /// "answer", before the letters and names of the promotion pieces.
    PromotionAnswer = "promotion-answer",
    /// One letter that answers no promotion question: "{text} is no piece a pawn becomes".
    PromotionNotAPiece = "promotion-not-a-piece",
    /// The promotion piece named while the pawn is in the hand, before the board shows the
    /// promotion: "promotion piece chosen: {piece}".
    PromotionChosen = "promotion-chosen",
    WhyNotLastRank = "why-not-last-rank",
    WhyNotAPawn = "why-not-a-pawn",
    WhyCastleKingMoved = "why-castle-king-moved",
    WhyCastleRookGone = "why-castle-rook-gone",
    WhyCastleRightLost = "why-castle-right-lost",
    WhyCastleRookMoved = "why-castle-rook-moved",
    WhyCastleOccupied = "why-castle-occupied",
    WhyCastleInCheck = "why-castle-in-check",
    WhyCastleCrosses = "why-castle-crosses",
    WhyCastleLandsOn = "why-castle-lands-on",
    WhyAttackedBy = "why-attacked-by",
    WhyAttacked = "why-attacked",
    /// The first line of `help`: how to ask for a topic.
    HelpIntro = "help-intro",
    /// The help topics, for a topic not understood.
    HelpTopics = "help-topics",
    /// The report's label for the PGN `Site` tag.
    ReportSite = "report-site",
    /// `vichess play`'s start-up errors, each followed by what only that case knows.
    ConfigUnusable = "config-unusable",
    NoGameFolder = "no-game-folder",
    CannotMakeGameFolder = "cannot-make-game-folder",
    CannotReadGameFolder = "cannot-read-game-folder",
    NoGameToResume = "no-game-to-resume",
    /// The game named in `current-game` has no journal any more.
    JournalGone = "journal-gone",
    /// `--resume` of a finished game without `--resume-finished`.
    GameFinished = "game-finished",
    CannotResume = "cannot-resume",
    /// Why a journal cannot be replayed (`session::ResumeError`): it holds no game, a line
    /// is no record (quoted after it), the first does not begin a game, the start position
    /// or time control cannot be read.
    ResumeEmpty = "resume-empty",
    ResumeNotARecord = "resume-not-a-record",
    ResumeNoBegin = "resume-no-begin",
    ResumeStartUnreadable = "resume-start-unreadable",
    CannotRecordCurrentGame = "cannot-record-current-game",
    /// A new game's journal cannot be made (the system's reason follows).
    JournalCannotCreate = "journal-cannot-create",
    /// A resumed game's journal cannot be opened to go on writing it.
    JournalCannotAppend = "journal-cannot-append",
    /// The game's lock file is a symbolic link, which vichess never writes through.
    LockIsLink = "lock-is-link",
    /// The game's lock file cannot be opened or made.
    LockCannotOpen = "lock-cannot-open",
    /// The game's lock file opened but cannot be locked.
    LockCannotLock = "lock-cannot-lock",
    ControlUnreadable = "control-unreadable",
    /// Where a time control cannot be read: the character's number follows.
    ControlAtCharacter = "control-at-character",
    /// Nothing was written for the time control.
    ControlEmpty = "control-empty",
    /// A number is missing; its unit follows in brackets.
    ControlMissing = "control-missing",
    /// The quoted text is not a number; its unit follows in brackets.
    ControlNotANumber = "control-not-a-number",
    /// The quoted number is too large for a clock.
    ControlTooLarge = "control-too-large",
    /// A period of zero moves, which would never end.
    ControlZeroMoves = "control-zero-moves",
    /// The control gives no time at all.
    ControlNoTime = "control-no-time",
    /// A sandclock control, which vichess does not run.
    ControlSandclock = "control-sandclock",
    /// A period after one for the rest of the game, which could never start.
    ControlAfterRest = "control-after-rest",
    /// Text that is part of no time control.
    ControlUnexpected = "control-unexpected",
    /// `-` where a timed control is needed.
    ControlUntimed = "control-untimed",
    /// `?` where a timed control is needed.
    ControlUnknown = "control-unknown",
    /// A time without a unit beside times with units; how to write one follows.
    ControlNoUnit = "control-no-unit",
    /// The unit a number of a time control was expected in.
    UnitSeconds = "unit-seconds",
    /// The unit a number of a time control was expected in.
    UnitMinutes = "unit-minutes",
    /// The unit a number of a time control was expected in.
    UnitMoves = "unit-moves",
    /// A voice pack named on the command line or in the configuration is in no folder searched; its name, the folders and the packs there follow.
    VoicePackNotFound = "voice-pack-not-found",
    /// Before the folders searched for something.
    SearchedIn = "searched-in",
    /// Before the voice packs that are there.
    PacksFound = "packs-found",
    /// In place of the folders searched for a voice pack, when there is no voices folder at
    /// all (a program copied without its voices, run with nothing installed).
    NoVoicesFolder = "no-voices-folder",
    /// A voice pack newer than the program: its token ids this vichess does not know are
    /// passed over and the game goes on; the pack, the manifest's file and lines and the ids
    /// follow.
    VoicePackUnknownTokens = "voice-pack-unknown-tokens",
    /// An operating system's reason a file could not be used (`crate::io_words`), in place
    /// of the system's English text: no such file or folder.
    IoNotFound = "io-not-found",
    /// The system refused: no permission.
    IoPermissionDenied = "io-permission-denied",
    /// What was to be made is already there.
    IoAlreadyExists = "io-already-exists",
    /// A folder where a file was wanted.
    IoIsADirectory = "io-is-a-directory",
    /// The disk is full.
    IoStorageFull = "io-storage-full",
    /// The file system can only be read.
    IoReadOnly = "io-read-only",
    /// A socket with no program behind it (a stale BrlAPI socket, a board daemon gone).
    IoConnectionRefused = "io-connection-refused",
    /// The other end went away mid-conversation (EPIPE): a board unplugged or its program
    /// stopped.
    IoBrokenPipe = "io-broken-pipe",
    /// The device is held by another program (EBUSY): a serial port another program opened.
    IoBusy = "io-busy",
    /// No answer within the time allowed.
    IoTimedOut = "io-timed-out",
    /// `vichess scoresheet --audio`: the recording's file cannot be made; the file and the
    /// system's reason follow.
    RecordingCannotWrite = "recording-cannot-write",
    /// A journal damaged before its last line: not a power cut, so nothing after it is trusted;
    /// the file, the line and the damage follow.
    JournalDamaged = "journal-damaged",
    /// What is wrong with a journal line (`journal::Damage`): the file is empty.
    DamageEmpty = "damage-empty",
    /// The last line has no end: cut off while it was written.
    DamageNoEnd = "damage-no-end",
    /// The line is longer than any record; `{kib}` is the limit.
    DamageTooLong = "damage-too-long",
    /// The line is not UTF-8 text.
    DamageNotUtf8 = "damage-not-utf8",
    /// The line has no checksum.
    DamageNoChecksum = "damage-no-checksum",
    /// The line has no content.
    DamageNoContent = "damage-no-content",
    /// `{text}`, the first field, quoted, is not a sequence number.
    DamageNotASequenceNumber = "damage-not-a-sequence-number",
    /// `{text}`, the second field, quoted, is not a checksum.
    DamageNotAChecksum = "damage-not-a-checksum",
    /// The checksum does not match the line.
    DamageChecksumMismatch = "damage-checksum-mismatch",
    /// Entry `{found}` stands where `{expected}` belongs: entries are missing.
    DamageEntriesMissing = "damage-entries-missing",
    /// Entry `{found}` comes again where `{expected}` belongs.
    DamageEntryAgain = "damage-entry-again",
    /// The first line is no vichess journal header.
    DamageNotAHeader = "damage-not-a-header",
    /// The header names format `{version}`; this vichess reads `{ours}`.
    DamageOtherVersion = "damage-other-version",
    ConfigAllowed = "config-allowed",
    ConfigAtMost = "config-at-most",
    ConfigAtLeast = "config-at-least",
    /// Why a board's link is down (`board::link::LinkLoss`), after [`Word::BoardDisconnected`]:
    /// it stopped answering, it closed the connection, its port cannot be opened, read or
    /// written, no USB serial port, several and none like the board, the ports cannot be
    /// listed, no Chessnut among the USB devices.
    BoardSilent = "board-silent",
    BoardClosed = "board-closed",
    BoardCannotOpen = "board-cannot-open",
    BoardCannotRead = "board-cannot-read",
    BoardCannotWrite = "board-cannot-write",
    BoardNoPort = "board-no-port",
    BoardSeveralPorts = "board-several-ports",
    BoardCannotList = "board-cannot-list",
    BoardNoChessnut = "board-no-chessnut",
    /// Why there is no sound (`audio::device::DeviceError`), after [`Word::NoSound`].
    SoundNoDevice = "sound-no-device",
    /// The configured device is not there; its name and the devices there are follow.
    SoundNotFound = "sound-not-found",
    /// The device cannot play; its name and the sound system's reason follow.
    SoundCannotPlay = "sound-cannot-play",
    /// Why a sound device failed, by the kind of fault (`audio::fault::FaultKind`): another
    /// program holds it, it is not there, no sound server runs, access is denied, it will
    /// not take the setting, the system ran out of resources, or anything else.
    SoundBusy = "sound-busy",
    SoundGone = "sound-gone",
    SoundNoSystem = "sound-no-system",
    SoundDenied = "sound-denied",
    SoundUnsupported = "sound-unsupported",
    SoundNoResources = "sound-no-resources",
    SoundFault = "sound-fault",
    /// Why the microphone cannot be used (`listen::capture::CaptureError`): there is none,
    /// or it cannot record (the fault's words follow).
    MicNone = "mic-none",
    MicCannotRecord = "mic-cannot-record",
    /// A board's clock did not confirm a command; the link's words follow.
    BoardClockFailed = "board-clock-failed",
    /// `[clock] source = "board"` (issue 26): the clock on the board, before its times.
    BoardClock = "board-clock",
    /// A note for the arbiter: the board's clock and vichess's differ by more than a second.
    BoardClockDiffers = "board-clock-differs",
    /// The board's clock stopped answering; vichess's own clock counts on.
    BoardClockSilent = "board-clock-silent",
    /// The board's clock answers again; its times count again.
    BoardClockBack = "board-clock-back",
    /// The configuration checker's framing, said by `play` in the game's language, and the
    /// refusal of an unknown `--lang` (issue 24, item 12). `config-in-section` holds
    /// `{section}`, `config-did-you-mean` `{key}`.
    ConfigLine = "config-line",
    ConfigUnreadable = "config-unreadable",
    ConfigNotToml = "config-not-toml",
    ConfigUnknownSection = "config-unknown-section",
    ConfigSectionsAre = "config-sections-are",
    ConfigUnknownKey = "config-unknown-key",
    ConfigKey = "config-key",
    ConfigInSection = "config-in-section",
    ConfigTopLevel = "config-top-level",
    ConfigDidYouMean = "config-did-you-mean",
    ConfigExpected = "config-expected",
    ConfigFound = "config-found",
    ConfigKindText = "config-kind-text",
    ConfigKindWholeNumber = "config-kind-whole-number",
    ConfigKindNumber = "config-kind-number",
    ConfigKindDecimalNumber = "config-kind-decimal-number",
    ConfigKindTrueOrFalse = "config-kind-true-or-false",
    ConfigKindDate = "config-kind-date",
    ConfigKindList = "config-kind-list",
    ConfigKindTable = "config-kind-table",
    LangUnknown = "lang-unknown",
    /// `vichess config check`: a file read without errors, "{file}" its name.
    ConfigCheckOk = "config-check-ok",
    /// `vichess config check`: how many errors, "{n}" the number.
    ConfigErrorCount = "config-error-count",
    /// The built-in defaults' file, in brackets after its name.
    ConfigBuiltIn = "config-built-in",
    /// Where an error of the files taken together is: no one file.
    ConfigCombined = "config-combined",
    /// After the line: the column where a file stops being TOML.
    ConfigColumn = "config-column",
    /// What a parser's or a value check's reason says (`config::Fault`), its own words in brackets after.
    ConfigFaultDuplicateKey = "config-fault-duplicate-key",
    ConfigFaultUnclosed = "config-fault-unclosed",
    ConfigFaultUnquoted = "config-fault-unquoted",
    ConfigFaultNoValue = "config-fault-no-value",
    ConfigFaultMoreOnLine = "config-fault-more-on-line",
    /// A quoted text in the configuration is not closed.
    ConfigFaultUnterminated = "config-fault-unterminated",
    ConfigFaultBadString = "config-fault-bad-string",
    /// A command-line option vichess does not have; the option is named before it.
    ArgUnknown = "arg-unknown",
    /// A command-line value that cannot be used; the option and the value come before it.
    ArgInvalidValue = "arg-invalid-value",
    /// A number outside the range an option takes: "allowed: {from} to {to}".
    ArgRange = "arg-range",
    /// A value that is no whole number where one is expected.
    ArgWholeNumber = "arg-whole-number",
    /// A value that is no number where one is expected.
    ArgNumber = "arg-number",
    /// Before the values an option takes.
    ArgValuesAre = "arg-values-are",
    /// An argument the command needs is not on the command line; it is named before it.
    ArgMissing = "arg-missing",
    /// A command vichess does not have; its name comes before it.
    ArgNoSuchCommand = "arg-no-such-command",
    /// Where the command's options are listed: `{help}` is "vichess play --help".
    ArgSeeHelp = "arg-see-help",
    ConfigFaultBadNumber = "config-fault-bad-number",
    ConfigFaultBadBoolean = "config-fault-bad-boolean",
    ConfigFaultBadDate = "config-fault-bad-date",
    ConfigFaultOutOfRange = "config-fault-out-of-range",
    ConfigFaultNotTimeControl = "config-fault-not-time-control",
    ConfigFaultNotLanguage = "config-fault-not-language",
    ConfigFaultNoSuchPack = "config-fault-no-such-pack",
    ConfigFaultNoSuchCommand = "config-fault-no-such-command",
    ConfigFaultNotOneOf = "config-fault-not-one-of",
    ConfigFaultWrongKind = "config-fault-wrong-kind",
    /// A colour not written #RRGGBB; the value is said before it.
    ConfigFaultNotColour = "config-fault-not-colour",
    /// A touch-move breach in the report (4.3-4.4): "{played}" the move the board showed.
    ReportBreachPlayed = "report-breach-played",
    /// The same when the touches bound the player to other moves: "{moves}" those, joined by [`Word::Or`].
    ReportBreachBound = "report-breach-bound",
    /// `vichess report`: the journal cannot be read; the path and the system's reason follow.
    ReportCannotReadJournal = "report-cannot-read-journal",
    ReportNoJournalBeside = "report-no-journal-beside",
    /// `vichess report`: the journal's records do not make a game; the reader's reason follows in brackets.
    ReportCannotReplay = "report-cannot-replay",
    /// The arbiter's time given without its unit (`arbiter time add white 2`): what is
    /// missing and an example, since "2" could be minutes or seconds.
    TimeNeedsUnit = "time-needs-unit",
    /// A time with a word that is no unit ("2х"): "{text}" and "{unit}" are filled in.
    TimeBadUnit = "time-bad-unit",
    /// "{text}": a time written with a minus; the verb that takes time instead.
    TimeNoSign = "time-no-sign",
    /// A draw by agreement (5.2.3), as the record's last comment names it.
    DrawAgreed = "draw-agreed",
    /// The report's label for a move struck by a correction (D.2.8), beside the move that
    /// replaced it.
    ReportStruck = "report-struck",
    /// Before the moves an arbiter's restore strikes (7.5.1), when there are several: the
    /// plural where the language has one ("вычеркнуты").
    MovesStruck = "moves-struck",
    /// A restore's question, before its answer: the move it would strike ("to be struck").
    ToBeStruck = "to-be-struck",
    /// The same, for several moves, where the language has a plural.
    MovesToBeStruck = "moves-to-be-struck",
    // --- issue 27: play against the computer (the engine seat, its help, the review) ---
    /// The engine failed; what went wrong follows: vichess starts it again with the game's position.
    EngineFailed = "engine-failed",
    EngineCrashed = "engine-crashed",
    EngineHung = "engine-hung",
    EngineIllegal = "engine-illegal",
    EngineMalformed = "engine-malformed",
    EngineFlooding = "engine-flooding",
    EngineMissing = "engine-missing",
    /// The engine failed again and again: its side's moves are typed from now on.
    EngineGaveUp = "engine-gave-up",
    /// The engine plays a side: its name, side and level follow.
    EngineReady = "engine-ready",
    /// `hint`: the engine's best move follows.
    Hint = "hint",
    /// `threats`: what the opponent would play if it were their move.
    Threat = "threat",
    NoThreat = "no-threat",
    /// `eval` in words, after the side that stands better where there is one.
    EvalEqual = "eval-equal",
    EvalSlightly = "eval-slightly",
    EvalPawn = "eval-pawn",
    EvalTwoPawns = "eval-two-pawns",
    EvalThreePawns = "eval-three-pawns",
    EvalWinning = "eval-winning",
    /// Before a count of moves ([`Token::CountIn`]): "Black mates in three moves",
    /// "Schwarz setzt in drei Zügen matt".
    MatesIn = "mates-in",
    /// After that count, where the language puts part of the verb there (German "matt");
    /// optional: a pack whose language puts nothing there leaves it out.
    MatesInAfter = "mates-in-after",
    /// `hint`, `eval`, `threats` asked in a game where the engine does not help.
    EngineHelpOff = "engine-help-off",
    /// Help refused in a game against the engine whose help was switched off (`--no-help`,
    /// `[engine] help = false`).
    EngineHelpSwitchedOff = "engine-help-switched-off",
    /// The review's turning points: "move 14, Nf3 was a mistake: it costs about a pawn; better was Bd3".
    ReviewMove = "review-move",
    ReviewMistake = "review-mistake",
    ReviewBlunder = "review-blunder",
    ReviewInaccuracy = "review-inaccuracy",
    CostsPawn = "costs-pawn",
    CostsTwoPawns = "costs-two-pawns",
    CostsPiece = "costs-piece",
    CostsRook = "costs-rook",
    CostsQueen = "costs-queen",
    CostsMoreThanQueen = "costs-more-than-queen",
    /// Before a count of moves ([`Token::CountIn`]): "it allows mate in three moves".
    CostsMate = "costs-mate",
    /// After that count where the language needs it (German "zu"); optional, as
    /// [`Word::MatesInAfter`].
    CostsMateAfter = "costs-mate-after",
    CostsWin = "costs-win",
    BetterWas = "better-was",
    ReviewNone = "review-none",
    /// Progress of a review: "{n}" full moves looked at so far, of "{all}".
    Reviewing = "reviewing",
    /// The game topic's line on the engine's help and the review.
    HelpEngine = "help-engine",
    /// The engine's level, before its number: "level 3" (the PGN keeps "3/8", in no language).
    EngineLevel = "engine-level",
    /// `hint`, `eval`, `threats` asked in an arbiter's game: help is for practice.
    EngineHelpRated = "engine-help-rated",
    /// A resumed game against the engine: the engine plays again; its side and level follow.
    EngineBack = "engine-back",
    /// `review` at a game's end runs in the background, and how to stop it.
    ReviewStarted = "review-started",
    /// `review` typed again while one runs.
    ReviewStopped = "review-stopped",
    /// `vichess review --wav FILE`: the spoken review is in the file named after it.
    ReviewRecorded = "review-recorded",
    /// Leaving while `hint`, `eval` or `threats` wait behind the engine's move: they were
    /// not answered (the help words follow).
    EngineHelpUnanswered = "engine-help-unanswered",
    /// The same when the game was left, not ended: it can be resumed and the help asked again.
    EngineHelpLeft = "engine-help-left",
    /// The engine's program is not there; the path or name as given follows, then
    /// [`Word::EngineTypeMoves`]: it is not tried again.
    EngineNotFound = "engine-not-found",
    /// After an engine given up at once: its side's moves are typed.
    EngineTypeMoves = "engine-type-moves",
    /// How an engine's process ended, "{n}" its exit code or the signal that stopped it.
    EngineExitCode = "engine-exit-code",
    EngineSignal = "engine-signal",
    /// `hint`, `eval`, `threats` once the engine has been given up.
    EngineNotRunning = "engine-not-running",
    /// `review` before the game has ended.
    ReviewNotOver = "review-not-over",
    /// A review where the engine scored some positions not at all: their moves are not
    /// judged and get no `[%eval]`.
    ReviewNoEval = "review-no-eval",
    /// `hint`, `eval` or `threats` asked in a position the game then left (a take-back, a
    /// move) before the engine answered: not answered, ask again (the help words follow).
    EngineHelpWithdrawn = "engine-help-withdrawn",
    /// `hint`, `eval` or `threats` waiting when the engine failed for good (given up after
    /// its faults in a row, or its program gone): not answered, and it cannot be now (the
    /// help words follow).
    EngineHelpLost = "engine-help-lost",
    /// Who claimed, after a claim's result: "по требованию белых" (the side's own case).
    ClaimedByWhite = "claimed-by-white",
    ClaimedByBlack = "claimed-by-black",
    /// After a side: why a game that side would have won is drawn (5.1.2, 6.9, 7.5.5).
    CannotMate = "cannot-mate",
    /// Why a draw claim was refused (9.2, 9.3), with places filled from the rules core's
    /// verdict: `{position}`, `{count}`, `{when}`, `{n}`, `{move}`.
    ClaimWhyRepetition = "claim-why-repetition",
    ClaimWhyThisPosition = "claim-why-this-position",
    ClaimWhyPositionAfter = "claim-why-position-after",
    ClaimWhyAtStart = "claim-why-at-start",
    ClaimWhyAfterWhite = "claim-why-after-white",
    ClaimWhyAfterBlack = "claim-why-after-black",
    ClaimWhyNever = "claim-why-never",
    ClaimWhyFifty = "claim-why-fifty",
    ClaimWhyAfter = "claim-why-after",
    ClaimWhyIllegalMove = "claim-why-illegal-move",
    ClaimWhyGameOver = "claim-why-game-over",
    /// A yes or no typed when no question is open.
    NoQuestionOpen = "no-question-open",
    /// What a board says about itself (`{version}`, `{board}`, `{serial}` filled in).
    /// A pegboard and the name it gives itself: "Steckbrett {name}".
    BoardInfoPegboard = "board-info-pegboard",
    BoardInfoProtocol = "board-info-protocol",
    BoardInfoColours = "board-info-colours",
    BoardInfoOccupancy = "board-info-occupancy",
    BoardInfoVersion = "board-info-version",
    BoardInfoSerial = "board-info-serial",
    BoardInfoCalibrated = "board-info-calibrated",
    BoardInfoCalibrate = "board-info-calibrate",
    /// `sim` alone: how the simulated hands are told a move.
    SimUsage = "sim-usage",
    /// A move typed for the engine's side: "the computer plays this side: Black".
    EnginePlaysSide = "engine-plays-side",
    /// ... and the player's own move waits for its press.
    PressYourClockFirst = "press-your-clock-first",
    /// ... and the engine is finding its move.
    EngineThinking = "engine-thinking",
    /// After "it is finding its move", to help asked meanwhile: when to ask.
    AskAfterItsMove = "ask-after-its-move",
    /// The engine answers a draw offer at once, by its evaluation.
    EngineDeclinesDraw = "engine-declines-draw",
    /// The engine declines, the reason said after it (a draw cannot be agreed yet, 5.2.3).
    EngineDeclinesDrawFor = "engine-declines-draw-for",
    /// The engine declines as it stands clearly better (not "it does not stand worse", true
    /// but odd from an engine a queen up).
    EngineDeclinesDrawBetter = "engine-declines-draw-better",
    /// The engine declines a little worse, not enough for a draw.
    EngineDeclinesDrawSlightlyWorse = "engine-declines-draw-slightly-worse",
    /// After the first two steps of a board's guidance, when there are more.
    MoreStepsFollow = "more-steps-follow",
    EngineAcceptsDraw = "engine-accepts-draw",
    /// A bad `--level`, `--elo`, `--side` or `--engine-side` value, after the flag and the
    /// value as typed: what it must be.
    FlagLevelRange = "flag-level-range",
    FlagEloRange = "flag-elo-range",
    FlagSide = "flag-side",
    FlagThink = "flag-think",
    /// An engine's flag without `--engine`; `--elo` with `--level`.
    FlagNeedsEngine = "flag-needs-engine",
    FlagLevelOrElo = "flag-level-or-elo",
    /// The one line of a take-back against the engine, before the moves taken back; whose
    /// move it is and the clock follow. The report puts it before the moves any accepted
    /// take-back removed.
    EngineTookBack = "engine-took-back",
    /// A side the engine plays, as the report and `opponent` name it: "Black: computer".
    Computer = "computer",
    // --- issue 28: voice input in a game (text only, no clips) ---
    /// Before what the recogniser heard, when it disagrees with the board (D.2.8).
    Heard = "heard",
    /// Between the two moves vichess could not choose between: "Sf3 or Sd2?".
    HeardOr = "heard-or",
    /// The answers to that question: the first move, the second.
    HeardFirst = "heard-first",
    HeardSecond = "heard-second",
    /// Before the move the board shows, when it is not the one heard.
    HeardBoardShows = "heard-board-shows",
    /// After a heard move the board does not show yet: what to do.
    HeardBoardNotYet = "heard-board-not-yet",
    /// `play --listen` without a recogniser, or a device that cannot record: the reason follows.
    ListenOff = "listen-off",
    /// The reason when this vichess has no recogniser built in.
    ListenNoRecogniser = "listen-no-recogniser",
    /// `play --listen`'s start line: how to talk.
    ListenOn = "listen-on",
    /// Whisper is built in but its model is missing: PocketSphinx hears alone; the helper
    /// that installs the model follows.
    ListenWhisperMissing = "listen-whisper-missing",
    /// Push-to-talk: the microphone opened (speak now) and closed (heard next). Printed
    /// beside the cue tones, never spoken: speech would be recorded with the move.
    ListenOpen = "listen-open",
    ListenClosed = "listen-closed",
    /// A recording or the recogniser failed on one utterance; the reason follows.
    ListenFailed = "listen-failed",
    /// The gamepad's push-to-talk button.
    ButtonTalk = "button-talk",
    /// A PGN reader's warning or a scoresheet's: "warning: {what}" (the file and what was odd).
    PgnWarning = "pgn-warning",
    /// A game of a PGN file by its number: "game {n}".
    PgnGame = "pgn-game",
    /// PGN warning: the next game's tags come before this game has moves or a result.
    PgnNoMoves = "pgn-no-moves",
    /// PGN warning: the file ends before the game's result; the moves are kept.
    PgnFileEndsEarly = "pgn-file-ends-early",
    /// PGN warning: the next game's tags begin before the game's result; the moves are kept.
    PgnNextGameEarly = "pgn-next-game-early",
    /// PGN warning: the record ends inside a `{` comment; the moves before it are kept.
    PgnCutInComment = "pgn-cut-in-comment",
    /// After a move's number and side: the file ends inside it (`pgn check`).
    PgnCutInMove = "pgn-cut-in-move",
    /// A warning: the file ends inside {move}; the moves before it are kept.
    PgnCutInMoveKept = "pgn-cut-in-move-kept",
    /// PGN warning: a result inside a variation is ignored.
    PgnResultInVariation = "pgn-result-in-variation",
    /// PGN warning: an annotation that is no standard one is ignored.
    PgnUnknownSuffix = "pgn-unknown-suffix",
    /// PGN: a `$` not followed by a number from 0 to 255.
    PgnBadNag = "pgn-bad-nag",
    /// PGN warning: an annotation before any move is ignored.
    PgnAnnotationBeforeMove = "pgn-annotation-before-move",
    /// PGN warning: the Result tag and the moves' result differ.
    PgnResultTagDiffers = "pgn-result-tag-differs",
    /// PGN warning: SetUp without a FEN tag; the usual start is taken.
    PgnSetUpWithoutFen = "pgn-setup-without-fen",
    /// PGN error: a `{` comment is never closed.
    PgnUnclosedComment = "pgn-unclosed-comment",
    /// PGN error: a quoted value not closed on its line.
    PgnUnclosedString = "pgn-unclosed-string",
    /// PGN error: a character with no meaning here.
    PgnUnexpectedChar = "pgn-unexpected-char",
    /// PGN error: a tag line that is not `[Name "value"]`; what is wrong follows.
    PgnBadTag = "pgn-bad-tag",
    /// PGN error: a tag without its name.
    PgnTagNameMissing = "pgn-tag-name-missing",
    /// PGN error: a tag without its quoted value.
    PgnTagNoValue = "pgn-tag-no-value",
    /// PGN error: a tag not closed with `]`.
    PgnTagNotClosed = "pgn-tag-not-closed",
    /// PGN error: where a tag's next part should be, the file ends.
    PgnFileEnds = "pgn-file-ends",
    /// PGN error: what was found instead, in brackets.
    PgnFound = "pgn-found",
    /// PGN error: a FEN tag that is no usable position; what is wrong and where follow.
    PgnBadFen = "pgn-bad-fen",
    /// PGN error: a variant other than chess and Chess960.
    PgnUnsupportedVariant = "pgn-unsupported-variant",
    /// Where a move stands: White's move `{n}`.
    PgnMoveWhite = "pgn-move-white",
    /// Where a move stands: Black's move `{n}`.
    PgnMoveBlack = "pgn-move-black",
    /// Where a move stands: inside a variation.
    PgnInVariation = "pgn-in-variation",
    /// PGN error: a null move.
    PgnNullMove = "pgn-null-move",
    /// PGN error: a move the position refuses.
    PgnNotLegal = "pgn-not-legal",
    /// PGN error: a `(` never closed.
    PgnUnclosedVariation = "pgn-unclosed-variation",
    /// PGN error: a `)` with no `(`.
    PgnUnopenedVariation = "pgn-unopened-variation",
    /// PGN error: a `(` before any move.
    PgnVariationWithoutMove = "pgn-variation-without-move",
    /// PGN error: variations nested too deep.
    PgnTooDeep = "pgn-too-deep",
    /// PGN error: something with no place among the moves.
    PgnNoPlace = "pgn-no-place",
    /// PGN error: a `[` that does not start a line.
    PgnStrayTagOpen = "pgn-stray-tag-open",
    /// PGN error: a stray `]`.
    PgnStrayTagClose = "pgn-stray-tag-close",
    /// PGN error: a stray quoted string.
    PgnStrayText = "pgn-stray-text",
    /// A game file that cannot be read; the path and the reason follow.
    PgnCannotRead = "pgn-cannot-read",
    /// A game file that holds no game.
    PgnNoGame = "pgn-no-game",
    /// The dictated scoresheet written: file, length, voice pack.
    ScoresheetWroteAudio = "scoresheet-wrote-audio",
    /// The braille scoresheet written: file, format, table, pages.
    ScoresheetWroteBraille = "scoresheet-wrote-braille",
    /// A number of moves in digits with its noun, one form per plural class, `|` between them.
    PgnMoves = "pgn-moves",
    /// A number of games in digits with its noun, one form per plural class, `|` between them.
    PgnGames = "pgn-games",
    /// `pgn check`: one game's moves, result and final position.
    PgnCheckLine = "pgn-check-line",
    /// `pgn check`: the result where the Laws ended the game, how, and at which move.
    PgnResultEnded = "pgn-result-ended",
    /// `pgn check`: a game with no result.
    PgnResultMissing = "pgn-result-missing",
    /// `pgn check`: a final position in which the game goes on.
    PgnOngoing = "pgn-ongoing",
    /// `pgn check`: moves recorded after the Laws ended the game, kept apart.
    PgnAfterEnd = "pgn-after-end",
    /// `pgn check`: the recorded result differs from the result of the Laws.
    PgnResultNotLaws = "pgn-result-not-laws",
    /// `pgn check`'s last line: games, valid ones, ones with errors.
    PgnCheckSummary = "pgn-check-summary",
    /// `clock say`: what was given is no time in seconds.
    ClockNotSeconds = "clock-not-seconds",
    /// The scoresheet (braille or recording) cannot be written; the path and the reason follow.
    ScoresheetCannotWrite = "scoresheet-cannot-write",
    /// A FEN with no text at all.
    FenEmpty = "fen-empty",
    /// The placement field has not 8 ranks: `{n}`, how many it has.
    FenRanks = "fen-ranks",
    /// Where a placement fault is: rank `{rank}` of field 1; what is wrong follows.
    FenPlacementRank = "fen-placement-rank",
    /// A digit `{c}` that counts no run of empty squares (0 or 9).
    FenBadDigit = "fen-bad-digit",
    /// A man `{c}` after the rank's eight squares are full.
    FenPastHFile = "fen-past-h-file",
    /// A character `{c}` that is neither a piece letter nor a digit.
    FenNotAPiece = "fen-not-a-piece",
    /// The rank `{text}` covers more than eight squares.
    FenTooWide = "fen-too-wide",
    /// The rank `{text}` covers only `{n}` squares.
    FenTooNarrow = "fen-too-narrow",
    /// The side-to-move field `{text}` is neither w nor b.
    FenTurn = "fen-turn",
    /// Where a castling fault is: field 3, `{text}`; what is wrong follows.
    FenCastling = "fen-castling",
    /// A castling right for White, whose king is not on rank 1.
    FenCastlingNoKingWhite = "fen-castling-no-king-white",
    /// A castling right for Black, whose king is not on rank 8.
    FenCastlingNoKingBlack = "fen-castling-no-king-black",
    /// `K` or `Q`: no white rook on rank 1 on that wing (`{wing}`).
    FenCastlingNoRookWhite = "fen-castling-no-rook-white",
    /// `k` or `q`: no black rook on rank 8 on that wing (`{wing}`).
    FenCastlingNoRookBlack = "fen-castling-no-rook-black",
    /// The wing of `K`/`k`: between the king and the h-file.
    FenWingH = "fen-wing-h",
    /// The wing of `Q`/`q`: between the king and the a-file.
    FenWingA = "fen-wing-a",
    /// A file letter naming `{square}`, where no white rook stands.
    FenCastlingNoRookOnWhite = "fen-castling-no-rook-on-white",
    /// A file letter naming `{square}`, where no black rook stands.
    FenCastlingNoRookOnBlack = "fen-castling-no-rook-on-black",
    /// A character `{c}` that names no castling right.
    FenCastlingNotALetter = "fen-castling-not-a-letter",
    /// The en passant field `{text}` is neither - nor a square.
    FenEnPassant = "fen-en-passant",
    /// The halfmove clock `{text}` is no whole number.
    FenHalfmoves = "fen-halfmoves",
    /// The move number `{text}` is no whole number.
    FenFullmoves = "fen-fullmoves",
    /// More than six fields: `{n}`.
    FenTooManyFields = "fen-too-many-fields",
    /// The fields read well but the position cannot arise; why follows.
    FenImpossible = "fen-impossible",
    /// No white king.
    FenKingMissingWhite = "fen-king-missing-white",
    /// No black king.
    FenKingMissingBlack = "fen-king-missing-black",
    /// `{n}` white kings.
    FenKingsWhite = "fen-kings-white",
    /// `{n}` black kings.
    FenKingsBlack = "fen-kings-black",
    /// More than 16 white men: `{n}`.
    FenTooManyMenWhite = "fen-too-many-men-white",
    /// More than 16 black men: `{n}`.
    FenTooManyMenBlack = "fen-too-many-men-black",
    /// A pawn on `{square}`, on rank 1 or 8.
    FenPawnBackRank = "fen-pawn-back-rank",
    /// White to move with the black king in check.
    FenOppositeCheckWhite = "fen-opposite-check-white",
    /// Black to move with the white king in check.
    FenOppositeCheckBlack = "fen-opposite-check-black",
    /// The king in check from `{n}` men at once.
    FenImpossibleCheck = "fen-impossible-check",
    /// A castling right on `{square}` with no white rook there beside the white king.
    FenCastlingRightsWhite = "fen-castling-rights-white",
    /// A castling right on `{square}` with no black rook there beside the black king.
    FenCastlingRightsBlack = "fen-castling-rights-black",
    /// A standard-chess castling right on `{square}` with the king or rook off its home.
    FenNotStandardCastling = "fen-not-standard-castling",
    /// An en passant square `{square}` no double step could have left.
    FenBadEnPassant = "fen-bad-en-passant",
}

const FILE_IDS: [&str; 8] = [
    "file-a", "file-b", "file-c", "file-d", "file-e", "file-f", "file-g", "file-h",
];
const RANK_IDS: [&str; 8] = [
    "rank-1", "rank-2", "rank-3", "rank-4", "rank-5", "rank-6", "rank-7", "rank-8",
];
// Indexed by `Role::index()`: pawn, knight, bishop, rook, queen, king.
const PIECE_IDS: [&str; 6] = [
    "piece-pawn",
    "piece-knight",
    "piece-bishop",
    "piece-rook",
    "piece-queen",
    "piece-king",
];
const PIECES_IDS: [&str; 6] = [
    "pieces-pawn",
    "pieces-knight",
    "pieces-bishop",
    "pieces-rook",
    "pieces-queen",
    "pieces-king",
];
const MAN_IDS: [[&str; 6]; 2] = [
    [
        "white-pawn",
        "white-knight",
        "white-bishop",
        "white-rook",
        "white-queen",
        "white-king",
    ],
    [
        "black-pawn",
        "black-knight",
        "black-bishop",
        "black-rook",
        "black-queen",
        "black-king",
    ],
];
const MAN_INDEFINITE_IDS: [[&str; 6]; 2] = [
    [
        "white-pawn-indefinite",
        "white-knight-indefinite",
        "white-bishop-indefinite",
        "white-rook-indefinite",
        "white-queen-indefinite",
        "white-king-indefinite",
    ],
    [
        "black-pawn-indefinite",
        "black-knight-indefinite",
        "black-bishop-indefinite",
        "black-rook-indefinite",
        "black-queen-indefinite",
        "black-king-indefinite",
    ],
];
const MAN_OBJECT_IDS: [[&str; 6]; 2] = [
    [
        "white-pawn-object",
        "white-knight-object",
        "white-bishop-object",
        "white-rook-object",
        "white-queen-object",
        "white-king-object",
    ],
    [
        "black-pawn-object",
        "black-knight-object",
        "black-bishop-object",
        "black-rook-object",
        "black-queen-object",
        "black-king-object",
    ],
];

impl Token {
    /// The stable id: the manifest key and the clip's file name. Tokens outside the
    /// vocabulary (durations, counts, punctuation) get a descriptive id that no manifest
    /// may use.
    pub fn id(&self) -> &'static str {
        match *self {
            Token::File(f) => FILE_IDS[f.index() as usize],
            Token::Rank(r) => RANK_IDS[r.index() as usize],
            Token::Piece(role) => PIECE_IDS[role.index()],
            Token::Pieces(role) => PIECES_IDS[role.index()],
            Token::Man(p) => MAN_IDS[p.color.index()][p.role.index()],
            Token::ManObject(p) => MAN_OBJECT_IDS[p.color.index()][p.role.index()],
            Token::ManIndefinite(p) => MAN_INDEFINITE_IDS[p.color.index()][p.role.index()],
            Token::Captures => "captures",
            Token::EnPassant => "en-passant",
            Token::CastlesShort => "castles-short",
            Token::CastlesLong => "castles-long",
            Token::Check => "check",
            Token::Mate => "mate",
            Token::Side(Color::White) => "white",
            Token::Side(Color::Black) => "black",
            Token::Word(w) => w.id(),
            Token::Duration(_) => "(duration)",
            Token::Count(_) | Token::CountIn(_) | Token::CountFor(_) => "(count)",
            Token::Number(_) => "(number)",
            Token::Punct(_) => "(punctuation)",
        }
    }

    /// The vocabulary token with this id, if there is one.
    pub fn from_id(id: &str) -> Option<Token> {
        // Every process that speaks reads a manifest of some 800 ids; a scan of the
        // vocabulary for each was a tenth of a second of the test suite's every start.
        static BY_ID: std::sync::LazyLock<std::collections::HashMap<&'static str, Token>> =
            std::sync::LazyLock::new(|| {
                Token::vocabulary()
                    .into_iter()
                    .map(|t| (t.id(), t))
                    .collect()
            });
        BY_ID.get(id).copied()
    }

    /// Every token a manifest may hold, in manifest order: moves, then men, then events.
    pub fn vocabulary() -> Vec<Token> {
        let mut out = Vec::with_capacity(110);
        out.extend(File::ALL.into_iter().map(Token::File));
        out.extend(Rank::ALL.into_iter().map(Token::Rank));
        // Manifests list the pieces king first, as Appendix D does.
        let roles = Role::ALL.into_iter().rev();
        out.extend(roles.clone().map(Token::Piece));
        out.extend(roles.clone().map(Token::Pieces));
        out.extend([
            Token::Captures,
            Token::EnPassant,
            Token::CastlesShort,
            Token::CastlesLong,
            Token::Check,
            Token::Mate,
            Token::Side(Color::White),
            Token::Side(Color::Black),
        ]);
        for color in Color::ALL {
            out.extend(roles.clone().map(|role| Token::Man(Piece { color, role })));
        }
        for color in Color::ALL {
            out.extend(
                roles
                    .clone()
                    .map(|role| Token::ManObject(Piece { color, role })),
            );
        }
        for color in Color::ALL {
            out.extend(
                roles
                    .clone()
                    .map(|role| Token::ManIndefinite(Piece { color, role })),
            );
        }
        out.extend(Word::ALL.iter().map(|&w| Token::Word(w)));
        out
    }

    /// Must every complete pack have this token? Object and indefinite forms are optional:
    /// a pack whose language says "remove white knight" like "white knight" leaves them out.
    /// The words a sentence puts after a count only in some languages are optional too: a
    /// pack without them says nothing there.
    pub fn is_required(&self) -> bool {
        self.is_vocabulary() && !self.is_optional()
    }

    /// May a pack leave this token out? Object and indefinite forms fall back to the plain
    /// man; the words after a count ([`Word::MatesInAfter`]) are then not said at all.
    pub fn is_optional(&self) -> bool {
        matches!(
            self,
            Token::ManObject(_)
                | Token::ManIndefinite(_)
                | Token::Word(Word::MatesInAfter | Word::CostsMateAfter)
        )
    }

    /// Must a complete pack have a clip for this token? Words said by system speech only
    /// ([`Word::recorded`]) need a display word but no clip.
    pub fn is_recorded(&self) -> bool {
        match self {
            Token::Word(w) => w.recorded(),
            _ => self.is_required(),
        }
    }

    /// Does a manifest hold this token (as opposed to a duration, count or punctuation)?
    pub fn is_vocabulary(&self) -> bool {
        !matches!(
            self,
            Token::Duration(_)
                | Token::Count(_)
                | Token::CountIn(_)
                | Token::CountFor(_)
                | Token::Number(_)
                | Token::Punct(_)
        )
    }

    /// The token a pack falls back to when it lacks this one.
    pub fn fallback(&self) -> Option<Token> {
        match *self {
            Token::ManObject(p) | Token::ManIndefinite(p) => Some(Token::Man(p)),
            _ => None,
        }
    }
}

/// An announcement as tokens, in the order they are said.
pub type Phrase = Vec<Token>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ids_are_unique_and_round_trip() {
        let vocab = Token::vocabulary();
        let ids: HashSet<_> = vocab.iter().map(|t| t.id()).collect();
        assert_eq!(ids.len(), vocab.len());
        for t in &vocab {
            assert_eq!(Token::from_id(t.id()), Some(*t), "{}", t.id());
            assert!(t
                .id()
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
        }
        assert_eq!(Token::from_id("(duration)"), None);
        assert_eq!(Token::from_id("piece-dragon"), None);
    }

    #[test]
    fn required_vocabulary_size() {
        let required = Token::vocabulary()
            .iter()
            .filter(|t| t.is_required())
            .count();
        // 8 files, 8 ranks, 6 + 6 pieces, 8 move and side words, 12 men, the words but the
        // two a language may leave out after a count.
        assert_eq!(required, 36 + 12 + Word::ALL.len() - 2);
        let recorded = Token::vocabulary()
            .iter()
            .filter(|t| t.is_recorded())
            .count();
        // 87 before the clock answers and the mate got clips.
        assert_eq!(recorded, 90);
    }
}
