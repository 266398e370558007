//! The words of the clock's own commands (`clock run`, `clock simulate`), per language:
//! the few words around the times and move counts, which `phrase::time` says.

use vichess::phrase::number::counting;
use vichess::phrase::{say_duration, Language, SayOptions};
use vichess::rules::clock::{ClockEvent, Millis};
use vichess::rules::Color;

/// The words of the clock's announcements, per language. Times and move counts come from
/// `phrase::time`; these are the few words around them.
pub(super) struct Words {
    pub(super) white: &'static str,
    pub(super) black: &'static str,
    pub(super) started: &'static str,
    pub(super) stopped: &'static str,
    pub(super) resumed: &'static str,
    pub(super) flag: &'static str,
    pub(super) no_duty: &'static str,
    /// "{n}" is the period number, "{t}" the time added.
    pub(super) period: &'static str,
    /// "{t}" is the alarm threshold.
    pub(super) less_than: &'static str,
    /// The keys, printed at the start and on `h`.
    pub(super) keys: &'static str,
    /// A player's button before Black's has started the clock.
    pub(super) not_started: &'static str,
    /// "{c}", quoted in the language's marks, is no key.
    pub(super) not_a_key: &'static str,
    /// A player's button while both clocks are stopped (paused).
    pub(super) paused: &'static str,
    /// Any other press the clock refuses; its own reason follows in brackets.
    pub(super) refused: &'static str,
    /// `clock simulate`: a side's move, "{n}" its number.
    pub(super) move_number: &'static str,
    /// `clock simulate`: the time a move took, "{t}", in a form that agrees with any number
    /// of seconds ("одна секунда на обдумывание", not "затрачено одна секунда").
    pub(super) spent: &'static str,
    /// After a side's name, before its time: Armenian writes "՝".
    pub(super) colon: &'static str,
}

pub(super) fn words(lang: Language) -> Words {
    match lang {
        Language::En => Words {
            white: "white",
            black: "black",
            started: "clock started",
            stopped: "clock stopped",
            resumed: "clock running again",
            flag: "flag fell",
            no_duty: "need not record moves",
            period: "period {n}, {t} added",
            less_than: "less than {t}",
            keys: super::clock_run::KEYS,
            not_started: "the clock has not been started yet: Black's button (b) starts White's \
                          clock",
            not_a_key: "{c} is not a key of the clock: press h for the list",
            paused: "both clocks are stopped: p sets them going again",
            refused: "the clock cannot do that",
            move_number: "move {n}",
            spent: "{t} thinking",
            colon: ":",
        },
        Language::De => Words {
            white: "Weiß",
            black: "Schwarz",
            started: "Uhr gestartet",
            stopped: "Uhr angehalten",
            resumed: "Uhr läuft wieder",
            flag: "Fallblättchen gefallen",
            no_duty: "muss nicht mehr mitschreiben",
            period: "Periode {n}, {t} dazu",
            less_than: "weniger als {t}",
            keys: "Tasten (im Terminal wirkt jede sofort; aus einer Pipe eine pro Zeile): w oder \
                   1 = Uhrtaste von Weiß, b oder 2 = Uhrtaste von Schwarz (die Taste von Schwarz \
                   startet die Uhr), p = anhalten oder weiter, t = die Zeit sagen, m = die \
                   Zugzahl sagen, h = diese Liste, q = beenden",
            not_started: "die Uhr läuft noch nicht: die Taste von Schwarz (b) startet die Uhr \
                          von Weiß",
            not_a_key: "{c} ist keine Taste der Uhr: h zeigt die Liste",
            paused: "beide Uhren sind angehalten: p lässt sie weiterlaufen",
            refused: "das kann die Uhr nicht",
            move_number: "Zug {n}",
            spent: "{t} Bedenkzeit",
            colon: ":",
        },
        Language::Uk => Words {
            white: "білі",
            black: "чорні",
            started: "годинник запущено",
            stopped: "годинник зупинено",
            resumed: "годинник знову йде",
            flag: "прапорець упав",
            no_duty: "можуть не записувати ходи",
            period: "період {n}, додано {t}",
            less_than: "менше ніж {t}",
            keys: "клавіші (у терміналі кожна діє одразу; з каналу — по одній у рядку): w або \
                   1 = кнопка годинника білих, b або 2 = кнопка годинника чорних (кнопка чорних \
                   запускає годинник), p = пауза або далі, t = сказати час, m = сказати \
                   кількість ходів, h = цей список, q = вихід",
            not_started: "годинник ще не запущено: кнопка чорних (b) запускає годинник білих",
            not_a_key: "{c} — не клавіша годинника: h покаже список",
            paused: "обидва годинники зупинено: p запускає їх знову",
            refused: "годинник цього не може",
            move_number: "хід {n}",
            spent: "{t} на обдумування",
            colon: ":",
        },
        Language::Ru => Words {
            white: "белые",
            black: "чёрные",
            started: "часы запущены",
            stopped: "часы остановлены",
            resumed: "часы снова идут",
            flag: "флажок упал",
            no_duty: "могут не записывать ходы",
            period: "период {n}, добавлено {t}",
            less_than: "меньше чем {t}",
            keys: "клавиши (в терминале каждая действует сразу; из канала — по одной в строке): \
                   w или 1 = кнопка часов белых, b или 2 = кнопка часов чёрных (кнопка чёрных \
                   запускает часы), p = пауза или продолжить, t = сказать время, m = сказать \
                   число ходов, h = этот список, q = выход",
            not_started: "часы ещё не запущены: кнопка чёрных (b) запускает часы белых",
            not_a_key: "{c} — не клавиша часов: h покажет список",
            paused: "часы обоих игроков остановлены: p снова запускает их",
            refused: "часы этого не могут",
            move_number: "ход {n}",
            spent: "{t} на обдумывание",
            colon: ":",
        },
        Language::Hy => Words {
            white: "սպիտակներ",
            black: "սևեր",
            started: "ժամացույցը միացված է",
            stopped: "ժամացույցը կանգնեցված է",
            resumed: "ժամացույցը կրկին աշխատում է",
            flag: "դրոշակն ընկավ",
            no_duty: "կարող են չգրանցել քայլերը",
            period: "փուլ {n}, ավելացվեց {t}",
            less_than: "պակաս քան {t}",
            keys: "ստեղներ (տերմինալում յուրաքանչյուրն անմիջապես է գործում, խողովակից՝ մեկական \
                   տողում)՝ w կամ 1 = սպիտակների ժամացույցի կոճակ, b կամ 2 = սևերի ժամացույցի \
                   կոճակ (սևերի կոճակը միացնում է ժամացույցը), p = դադար կամ շարունակել, t = \
                   ասել ժամանակը, m = ասել քայլերի թիվը, h = այս ցանկը, q = ելք",
            not_started: "ժամացույցը դեռ միացված չէ։ սևերի կոճակը (b) միացնում է սպիտակների \
                          ժամացույցը",
            not_a_key: "{c}-ը ժամացույցի ստեղն չէ։ h-ը ցույց կտա ցանկը",
            paused: "երկու ժամացույցն էլ կանգնեցված են։ p-ն դրանք կրկին միացնում է",
            refused: "ժամացույցը դա չի կարող անել",
            move_number: "քայլ {n}",
            spent: "ծախսվեց {t}",
            colon: "՝",
        },
    }
}

impl Words {
    /// A side as the clock names it.
    pub(super) fn side(&self, side: Color) -> &'static str {
        side.fold(self.white, self.black)
    }
}

/// A clock's reading in words: tenths under ten seconds, where a player in time trouble
/// needs them.
pub(super) fn reading(ms: Millis, lang: Language) -> String {
    let opts = SayOptions {
        tenths: ms < 10_000,
        ..SayOptions::default()
    };
    say_duration(ms, lang, opts)
}

/// Both clocks: "white: one hour; black: fifty minutes".
pub(super) fn both(white: Millis, black: Millis, lang: Language) -> String {
    let w = words(lang);
    Color::ALL
        .map(|side| {
            let ms = side.fold(white, black);
            format!("{}{} {}", w.side(side), w.colon, reading(ms, lang))
        })
        .join("; ")
}

/// What a press brought besides the move, as `clock run` and `clock simulate` say it: a new
/// period with the time it added ("white: period two, thirty minutes added"), or the end of
/// the duty to record (8.4). `None` for any other event.
pub(super) fn press_news(event: &ClockEvent, lang: Language) -> Option<String> {
    let w = words(lang);
    match *event {
        ClockEvent::PeriodStarted {
            side,
            period,
            added,
            ..
        } => {
            let text = w
                .period
                .replace("{n}", &counting(u64::from(period), lang))
                .replace("{t}", &reading(added, lang));
            Some(format!("{}{} {text}", w.side(side), w.colon))
        }
        ClockEvent::NoDutyToRecord { side, .. } => {
            Some(format!("{}{} {}", w.side(side), w.colon, w.no_duty))
        }
        _ => None,
    }
}
