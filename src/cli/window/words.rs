//! The window's own words (menus, buttons, panel titles) in the game's language, so a window
//! in Ukrainian shows no English. The game's lines come from the voice pack as always; the
//! sides and the men's names too (`Token::Side`, `Token::Piece`); these are the few the
//! window adds around them. Commands are named by the session's own command table.

use vichess::phrase::Language;

/// One language's words for the window.
pub struct Words {
    pub game: &'static str,
    pub new_game: &'static str,
    pub resume: &'static str,
    pub save: &'static str,
    pub braille_sheet: &'static str,
    pub quit: &'static str,
    pub commands: &'static str,
    pub view: &'static str,
    pub theme: &'static str,
    pub zoom_in: &'static str,
    pub zoom_out: &'static str,
    /// The Control key's name on the language's keyboards ("Strg" on German ones), for the
    /// menus' shortcuts.
    pub ctrl: &'static str,
    /// The Shift key's name there ("Umschalt").
    pub shift: &'static str,
    pub coordinates: &'static str,
    pub text_display: &'static str,
    /// Before a side: the clock button ("press the clock: White").
    pub press: &'static str,
    pub no_clock: &'static str,
    pub line_hint: &'static str,
    pub send: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    /// The answers to a draw offer standing.
    pub accept_draw: &'static str,
    /// Asked before leaving a game under way: it is kept and can be resumed.
    pub quit_question: &'static str,
    /// The engine waits for the player's press before it replies.
    pub press_for_engine: &'static str,
    pub decline_draw: &'static str,
    pub scoresheet: &'static str,
    pub announcements: &'static str,
    pub board_reads: &'static str,
    pub promote_to: &'static str,
    pub result: &'static str,
    pub high_contrast: &'static str,
    pub black_on_yellow: &'static str,
    pub white_on_black: &'static str,
    pub custom: &'static str,
    pub last_move: &'static str,
    pub chosen: &'static str,
    /// Added to the name of the square that has the keyboard focus.
    pub focus: &'static str,
    pub can_go: &'static str,
    pub differs: &'static str,
    /// Added to the name of the king's square when the king is in check.
    pub check: &'static str,
    /// A mated king's square, in place of "check".
    pub mate: &'static str,
    /// The Game menu's item that opens the dialog (issue 27), and the dialog's heading.
    pub against_computer: &'static str,
    pub computer_title: &'static str,
    /// Before a side, in the dialog: "The computer plays: Black".
    pub computer_plays: &'static str,
    /// The engine's level as the slider says it, `{n}` the level: "Level 3 of 8".
    pub level_of: &'static str,
    pub ok: &'static str,
    pub cancel: &'static str,
    /// The engine's help in the Game menu: the console's `hint` and `eval`.
    pub hint: &'static str,
    pub evaluation: &'static str,
    /// The Game menu's item that says the last move (F4), as the console's `last`.
    pub say_last_move: &'static str,
    /// Why the window refuses `--listen`, and where voice input is.
    pub no_listen: &'static str,
    /// No display to open the window on: where the same game is played without one.
    pub no_display: &'static str,
    /// The display is there but the window cannot be opened on it; the system's reason
    /// follows in brackets.
    pub cannot_open: &'static str,
}

impl Words {
    /// The level as a screen reader and the dialog say it: "Stufe 3 von 8".
    pub fn level(&self, n: u8) -> String {
        self.level_of.replace("{n}", &n.to_string())
    }
}

/// The window's words in `lang`.
pub fn words(lang: Language) -> &'static Words {
    match lang {
        Language::En => &EN,
        Language::De => &DE,
        Language::Uk => &UK,
        Language::Ru => &RU,
        Language::Hy => &HY,
    }
}

static EN: Words = Words {
    last_move: "last move",
    chosen: "chosen",
    focus: "keyboard focus",
    can_go: "a move can go here",
    differs: "the board differs here",
    check: "check",
    mate: "checkmate",
    game: "Game",
    new_game: "New game",
    resume: "Resume the last game",
    save: "Save the game (PGN)",
    braille_sheet: "Braille scoresheet (BRF)",
    quit: "Quit",
    commands: "Commands",
    view: "View",
    theme: "Colours",
    zoom_in: "Zoom in (Ctrl +)",
    zoom_out: "Zoom out (Ctrl -)",
    ctrl: "Ctrl",
    shift: "Shift",
    coordinates: "Coordinates in Appendix D words",
    text_display: "Text display for the opponent",
    press: "Press the clock",
    no_clock: "no clock",
    line_hint: "Type a move or a command",
    send: "Send",
    yes: "Yes",
    accept_draw: "Accept the draw",
    quit_question:
        "Leave the game? It is saved and can be resumed later (Game → Resume the last game).",
    press_for_engine:
        "Press your clock (Space or the clock button): the engine waits for it before it replies.",
    decline_draw: "Decline the draw",
    no: "No",
    scoresheet: "Scoresheet",
    announcements: "Announcements",
    board_reads: "The sensor board reads",
    promote_to: "Promote to",
    result: "Result",
    high_contrast: "High contrast",
    black_on_yellow: "Black on yellow",
    white_on_black: "White on black",
    custom: "My colours",
    against_computer: "Play against the computer…",
    computer_title: "Play against the computer",
    computer_plays: "The computer plays",
    level_of: "Level {n} of 8",
    ok: "OK",
    cancel: "Cancel",
    hint: "Hint",
    evaluation: "Evaluation",
    say_last_move: "Say the last move",
    no_listen: "--listen: the window has no voice input (its F5 shows the scoresheet); `vichess play --listen` plays by voice at the console",
    no_display: "there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set); `vichess play` plays the same game at the console",
    cannot_open: "the window cannot be opened on the display; `vichess play` plays the same game at the console",
};

static DE: Words = Words {
    last_move: "letzter Zug",
    chosen: "gewählt",
    focus: "Tastaturfokus",
    can_go: "Zugziel",
    differs: "das Brett weicht hier ab",
    check: "Schach",
    mate: "matt",
    game: "Partie",
    new_game: "Neue Partie",
    resume: "Letzte Partie fortsetzen",
    save: "Partie speichern (PGN)",
    braille_sheet: "Partieformular in Braille (BRF)",
    quit: "Beenden",
    commands: "Befehle",
    view: "Ansicht",
    theme: "Farben",
    zoom_in: "Vergrößern (Strg +)",
    zoom_out: "Verkleinern (Strg -)",
    ctrl: "Strg",
    shift: "Umschalt",
    coordinates: "Koordinaten in den Wörtern von Anhang D",
    text_display: "Textanzeige für den Gegner",
    press: "Uhr drücken",
    no_clock: "ohne Uhr",
    line_hint: "Zug oder Befehl eingeben",
    send: "Senden",
    yes: "Ja",
    accept_draw: "Remis annehmen",
    quit_question: "Die Partie verlassen? Sie wird gespeichert und kann später fortgesetzt werden (Partie → Letzte Partie fortsetzen).",
    press_for_engine: "Drücken Sie Ihre Uhr (Leertaste oder Uhrknopf): Die Engine wartet darauf, bevor sie antwortet.",
    decline_draw: "Remis ablehnen",
    no: "Nein",
    scoresheet: "Partieformular",
    announcements: "Ansagen",
    board_reads: "Das Sensorbrett zeigt",
    promote_to: "Umwandeln in",
    result: "Ergebnis",
    high_contrast: "Hoher Kontrast",
    black_on_yellow: "Schwarz auf Gelb",
    white_on_black: "Weiß auf Schwarz",
    custom: "Eigene Farben",
    against_computer: "Gegen den Computer spielen…",
    computer_title: "Gegen den Computer spielen",
    computer_plays: "Der Computer spielt",
    level_of: "Stufe {n} von 8",
    ok: "OK",
    cancel: "Abbrechen",
    hint: "Tipp",
    evaluation: "Bewertung",
    say_last_move: "Letzten Zug sagen",
    no_listen: "--listen: das Fenster hat keine Spracheingabe (seine F5-Taste zeigt das Partieformular); `vichess play --listen` spielt per Stimme an der Konsole",
    no_display: "es gibt keinen Bildschirm, auf dem sich das Fenster öffnen ließe (weder DISPLAY noch WAYLAND_DISPLAY ist gesetzt); `vichess play` spielt dieselbe Partie an der Konsole",
    cannot_open: "das Fenster lässt sich auf dem Bildschirm nicht öffnen; `vichess play` spielt dieselbe Partie an der Konsole",
};

static UK: Words = Words {
    last_move: "останній хід",
    chosen: "вибрано",
    focus: "фокус клавіатури",
    can_go: "сюди можна піти",
    differs: "дошка тут відрізняється",
    check: "шах",
    mate: "мат",
    game: "Партія",
    new_game: "Нова партія",
    resume: "Продовжити останню партію",
    save: "Зберегти партію (PGN)",
    braille_sheet: "Бланк партії шрифтом Брайля (BRF)",
    quit: "Вийти",
    commands: "Команди",
    view: "Вигляд",
    theme: "Кольори",
    zoom_in: "Збільшити (Ctrl +)",
    zoom_out: "Зменшити (Ctrl -)",
    ctrl: "Ctrl",
    shift: "Shift",
    coordinates: "Координати словами додатка D",
    text_display: "Текстовий дисплей для суперника",
    press: "Натиснути годинник",
    no_clock: "без годинника",
    line_hint: "Введіть хід або команду",
    send: "Надіслати",
    yes: "Так",
    accept_draw: "Прийняти нічию",
    quit_question: "Вийти з партії? Її збережено, пізніше її можна продовжити.",
    press_for_engine: "Натисніть свій годинник (пробіл або кнопка годинника): рушій чекає на це, перш ніж відповісти.",
    decline_draw: "Відхилити нічию",
    no: "Ні",
    scoresheet: "Бланк партії",
    announcements: "Оголошення",
    board_reads: "Сенсорна дошка показує",
    promote_to: "Перетворити на",
    result: "Результат",
    high_contrast: "Висока контрастність",
    black_on_yellow: "Чорне на жовтому",
    white_on_black: "Біле на чорному",
    custom: "Мої кольори",
    against_computer: "Грати проти комп’ютера…",
    computer_title: "Грати проти комп’ютера",
    computer_plays: "Комп’ютер грає",
    level_of: "Рівень {n} з 8",
    ok: "Гаразд",
    cancel: "Скасувати",
    hint: "Підказка",
    evaluation: "Оцінка позиції",
    say_last_move: "Сказати останній хід",
    no_listen: "--listen: вікно не має голосового введення (його F5 показує бланк запису); `vichess play --listen` грає голосом у консолі",
    no_display: "немає екрана, на якому можна відкрити вікно (не задано ні DISPLAY, ні WAYLAND_DISPLAY); `vichess play` грає ту саму партію в консолі",
    cannot_open: "вікно не вдається відкрити на екрані; `vichess play` грає ту саму партію в консолі",
};

static RU: Words = Words {
    last_move: "последний ход",
    chosen: "выбрано",
    focus: "фокус клавиатуры",
    can_go: "сюда можно пойти",
    differs: "доска здесь отличается",
    check: "шах",
    mate: "мат",
    game: "Партия",
    new_game: "Новая партия",
    resume: "Продолжить последнюю партию",
    save: "Сохранить партию (PGN)",
    braille_sheet: "Бланк партии шрифтом Брайля (BRF)",
    quit: "Выйти",
    commands: "Команды",
    view: "Вид",
    theme: "Цвета",
    zoom_in: "Увеличить (Ctrl +)",
    zoom_out: "Уменьшить (Ctrl -)",
    ctrl: "Ctrl",
    shift: "Shift",
    coordinates: "Координаты словами приложения D",
    text_display: "Текстовый дисплей для соперника",
    press: "Нажать часы",
    no_clock: "без часов",
    line_hint: "Введите ход или команду",
    send: "Отправить",
    yes: "Да",
    accept_draw: "Принять ничью",
    quit_question: "Выйти из партии? Она сохранена, позже её можно продолжить.",
    press_for_engine:
        "Нажмите свои часы (пробел или кнопка часов): движок ждёт этого, прежде чем ответить.",
    decline_draw: "Отклонить ничью",
    no: "Нет",
    scoresheet: "Бланк партии",
    announcements: "Объявления",
    board_reads: "Сенсорная доска показывает",
    promote_to: "Превратить в",
    result: "Результат",
    high_contrast: "Высокая контрастность",
    black_on_yellow: "Чёрное на жёлтом",
    white_on_black: "Белое на чёрном",
    custom: "Мои цвета",
    against_computer: "Играть против компьютера…",
    computer_title: "Играть против компьютера",
    computer_plays: "Компьютер играет",
    level_of: "Уровень {n} из 8",
    ok: "ОК",
    cancel: "Отмена",
    hint: "Подсказка",
    evaluation: "Оценка позиции",
    say_last_move: "Сказать последний ход",
    no_listen: "--listen: у окна нет голосового ввода (его F5 показывает бланк записи); `vichess play --listen` играет голосом в консоли",
    no_display: "нет экрана, на котором можно открыть окно (не задано ни DISPLAY, ни WAYLAND_DISPLAY); `vichess play` играет ту же партию в консоли",
    cannot_open: "окно не удаётся открыть на экране; `vichess play` играет ту же партию в консоли",
};

static HY: Words = Words {
    last_move: "վերջին քայլ",
    chosen: "ընտրված է",
    focus: "ստեղնաշարի ֆոկուս",
    can_go: "այստեղ կարելի է գնալ",
    differs: "տախտակն այստեղ տարբերվում է",
    check: "շախ",
    mate: "մատ",
    game: "Պարտիա",
    new_game: "Նոր պարտիա",
    resume: "Շարունակել վերջին պարտիան",
    save: "Պահպանել պարտիան (PGN)",
    braille_sheet: "Պարտիայի թերթիկ Բրայլով (BRF)",
    quit: "Ելք",
    commands: "Հրամաններ",
    view: "Տեսք",
    theme: "Գույներ",
    zoom_in: "Մեծացնել (Ctrl +)",
    zoom_out: "Փոքրացնել (Ctrl -)",
    ctrl: "Ctrl",
    shift: "Shift",
    coordinates: "Կոորդինատները D հավելվածի բառերով",
    text_display: "Տեքստային ցուցասարք մրցակցի համար",
    press: "Սեղմել ժամացույցը",
    no_clock: "առանց ժամացույցի",
    line_hint: "Մուտքագրեք քայլ կամ հրաման",
    send: "Ուղարկել",
    yes: "Այո",
    accept_draw: "Ընդունել ոչ-ոքին",
    quit_question: "Դուրս գա՞լ պարտիայից։ Այն պահպանված է, և այն կարելի է շարունակել ավելի ուշ։",
    press_for_engine: "Սեղմեք ձեր ժամացույցը (բացատ կամ ժամացույցի կոճակ)․ շարժիչը սպասում է դրան՝ պատասխանելուց առաջ։",
    decline_draw: "Մերժել ոչ-ոքին",
    no: "Ոչ",
    scoresheet: "Պարտիայի թերթիկ",
    announcements: "Հայտարարություններ",
    board_reads: "Սենսորային տախտակը ցույց է տալիս",
    promote_to: "Փոխակերպել",
    result: "Արդյունք",
    high_contrast: "Բարձր կոնտրաստ",
    black_on_yellow: "Սև՝ դեղինի վրա",
    white_on_black: "Սպիտակ՝ սևի վրա",
    custom: "Իմ գույները",
    against_computer: "Խաղալ համակարգչի դեմ…",
    computer_title: "Խաղալ համակարգչի դեմ",
    computer_plays: "Համակարգիչը խաղում է",
    level_of: "Մակարդակ {n}՝ 8-ից",
    ok: "Լավ",
    cancel: "Չեղարկել",
    hint: "Հուշում",
    evaluation: "Դիրքի գնահատական",
    say_last_move: "Ասել վերջին քայլը",
    no_listen: "--listen՝ պատուհանը ձայնային մուտք չունի (նրա F5-ը ցույց է տալիս գրառման թերթիկը); `vichess play --listen`-ը խաղում է ձայնով վահանակում",
    no_display: "պատուհանը բացելու էկրան չկա (ո՛չ DISPLAY, ո՛չ WAYLAND_DISPLAY նշված չէ); `vichess play`-ը նույն պարտիան խաղում է վահանակում",
    cannot_open: "պատուհանը չի հաջողվում բացել էկրանին; `vichess play`-ը նույն պարտիան խաղում է վահանակում",
};

#[cfg(test)]
mod tests {
    use super::*;

    /// No language borrows another's words: each table differs from English everywhere
    /// except the file formats in brackets.
    #[test]
    fn every_language_has_its_own_words() {
        for lang in [Language::De, Language::Uk, Language::Ru, Language::Hy] {
            let w = words(lang);
            assert_ne!(w.game, EN.game, "{lang:?}");
            assert_ne!(w.press, EN.press, "{lang:?}");
            assert_ne!(w.line_hint, EN.line_hint, "{lang:?}");
            assert_ne!(w.scoresheet, EN.scoresheet, "{lang:?}");
        }
        assert!(words(Language::De).zoom_in.contains('ö'));
        assert!(words(Language::Ru).black_on_yellow.contains('ё'));
    }

    /// The engine's level is named whole in every language, the number in its place.
    #[test]
    fn the_level_is_named_with_its_number() {
        assert_eq!(words(Language::De).level(3), "Stufe 3 von 8");
        assert_eq!(words(Language::En).level(8), "Level 8 of 8");
        assert_eq!(words(Language::Uk).level(1), "Рівень 1 з 8");
        assert_eq!(words(Language::Ru).level(2), "Уровень 2 из 8");
        assert_eq!(words(Language::Hy).level(5), "Մակարդակ 5՝ 8-ից");
        for lang in [Language::De, Language::Uk, Language::Ru, Language::Hy] {
            let w = words(lang);
            assert_ne!(w.against_computer, EN.against_computer, "{lang:?}");
            assert_ne!(w.cancel, EN.cancel, "{lang:?}");
            assert_ne!(w.hint, EN.hint, "{lang:?}");
            assert!(w.against_computer.ends_with('…'), "{lang:?}");
        }
    }
}
