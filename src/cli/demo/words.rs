//! The demo's own lines (its narration and its closing figures) in the game's language, so a
//! demo in Ukrainian prints no English. The session's lines come from the voice pack as
//! always; these are the few the demo adds around them. "{san}", "{wrong}", "{right}",
//! "{n}", "{s}", "{path}", "{file}", "{device}", "{why}" are filled in by the caller.

use vichess::phrase::Language;

// A build without sound output plays nothing, so the device's lines go unused there.
#[cfg_attr(not(feature = "audio"), allow(dead_code))]
pub struct Words {
    /// Before each of the demo's own lines, telling them from the session's: the
    /// language's word for the demo and its label mark ("demo: ", "ցուցադրություն՝ ").
    pub tag: &'static str,
    pub title: &'static str,
    pub white: &'static str,
    pub black: &'static str,
    pub clock: &'static str,
    /// {san}
    pub types: &'static str,
    /// {san} {wrong} {right}
    pub copies_wrongly: &'static str,
    pub follows: &'static str,
    /// {san}
    pub copies: &'static str,
    pub tries_castling: &'static str,
    pub asks: &'static str,
    pub scoresheet: &'static str,
    /// {n} {s} {path}
    pub written: &'static str,
    /// {n} {s} {device}
    pub played: &'static str,
    /// {why} {file}
    pub no_device: &'static str,
    /// {file}
    #[cfg_attr(feature = "audio", allow(dead_code))] // said only by a build without sound
    pub not_built: &'static str,
    /// {why}
    pub reopening: &'static str,
    /// {why}
    pub cannot_reopen: &'static str,
    /// The reason for reopening when the device reported nothing but took no sound.
    pub stopped: &'static str,
    pub not_taken: &'static str,
}

pub fn words(lang: Language) -> Words {
    match lang {
        Language::En => Words {
            tag: "demo: ",
            title: "Légal's mate (Paris, 1750), played on vichess's simulated pegboard.",
            white: "White: the visually impaired player, on the pegboard; every lift is a touch.",
            black: "Black: a sighted player; the assistant types Black's moves.",
            clock: "the clock: 3 minutes each, plus 2 seconds for every move; the assistant starts it",
            types: "the assistant types {san}",
            copies_wrongly: "the VI player copies {san} onto the pegboard, but puts the man on {wrong} instead of {right}",
            follows: "the VI player follows the guidance",
            copies: "the VI player copies {san} onto the pegboard",
            tries_castling: "the assistant tries to enter castling for Black",
            asks: "the VI player asks for the time and the move count (gamepad buttons)",
            scoresheet: "the scoresheet",
            written: "{n} phrases, {s} seconds of speech, written to {path}",
            played: "{n} phrases, {s} seconds of speech, played on {device}",
            no_device: "no sound device can be used ({why}); the speech goes to {file}",
            not_built: "this vichess was built without sound output; the speech goes to {file}",
            reopening: "the sound device failed ({why}); opening it again and saying the last phrase again",
            cannot_reopen: "the sound device cannot be opened again: {why}",
            stopped: "it stopped taking sound",
            not_taken: "the sound device did not take the demo's speech in time",
        },
        Language::De => Words {
            tag: "demo: ",
            title: "Légals Matt (Paris, 1750), gespielt auf dem simulierten Steckbrett von vichess.",
            white: "Weiß: der sehbehinderte Spieler, am Steckbrett; jedes Anheben ist ein Berühren.",
            black: "Schwarz: ein sehender Spieler; der Assistent gibt die Züge von Schwarz ein.",
            clock: "die Uhr: je 3 Minuten, dazu 2 Sekunden für jeden Zug; der Assistent startet sie",
            types: "der Assistent gibt {san} ein",
            copies_wrongly: "der sehbehinderte Spieler überträgt {san} auf das Steckbrett, setzt die Figur aber auf {wrong} statt auf {right}",
            follows: "der sehbehinderte Spieler folgt der Anleitung",
            copies: "der sehbehinderte Spieler überträgt {san} auf das Steckbrett",
            tries_castling: "der Assistent versucht, für Schwarz eine Rochade einzugeben",
            asks: "der sehbehinderte Spieler fragt nach der Zeit und der Zahl der Züge (Tasten am Gamepad)",
            scoresheet: "das Partieformular",
            written: "{n} Sätze, {s} Sekunden Sprache, geschrieben in {path}",
            played: "{n} Sätze, {s} Sekunden Sprache, abgespielt auf {device}",
            no_device: "kein Tongerät ist nutzbar ({why}); die Sprache geht in {file}",
            not_built: "dieses vichess wurde ohne Tonausgabe gebaut; die Sprache geht in {file}",
            reopening: "das Tongerät ist ausgefallen ({why}); es wird neu geöffnet und der letzte Satz noch einmal gesagt",
            cannot_reopen: "das Tongerät lässt sich nicht wieder öffnen: {why}",
            stopped: "es nahm keinen Ton mehr an",
            not_taken: "das Tongerät hat die Sprache der Vorführung nicht rechtzeitig abgenommen",
        },
        Language::Uk => Words {
            tag: "демо: ",
            title: "Мат Легаля (Париж, 1750) на імітованій шахівниці з гніздами vichess.",
            white: "Білі: незрячий гравець, на шахівниці з гніздами; кожне підняття фігури — це дотик.",
            black: "Чорні: зрячий гравець; асистент вводить ходи чорних.",
            clock: "годинник: по 3 хвилини кожному, плюс 2 секунди за кожен хід; асистент запускає його",
            types: "асистент вводить {san}",
            copies_wrongly: "незрячий гравець переносить {san} на шахівницю з гніздами, але ставить фігуру на {wrong} замість {right}",
            follows: "незрячий гравець виконує підказку",
            copies: "незрячий гравець переносить {san} на шахівницю з гніздами",
            tries_castling: "асистент намагається ввести рокіровку за чорних",
            asks: "незрячий гравець питає час і кількість ходів (кнопки геймпада)",
            scoresheet: "бланк партії",
            written: "фраз: {n}, секунд мовлення: {s}, записано до {path}",
            played: "фраз: {n}, секунд мовлення: {s}, відтворено на {device}",
            no_device: "жоден звуковий пристрій не можна використати ({why}); мовлення записується до {file}",
            not_built: "цей vichess зібрано без виведення звуку; мовлення записується до {file}",
            reopening: "звуковий пристрій дав збій ({why}); відкриваю його знову й повторюю останню фразу",
            cannot_reopen: "звуковий пристрій не вдається відкрити знову: {why}",
            stopped: "він перестав приймати звук",
            not_taken: "звуковий пристрій не прийняв мовлення демонстрації вчасно",
        },
        Language::Ru => Words {
            tag: "демо: ",
            title: "Мат Легаля (Париж, 1750) на имитируемой доске с гнёздами vichess.",
            white: "Белые: незрячий игрок, на доске с гнёздами; каждое поднятие фигуры — это касание.",
            black: "Чёрные: зрячий игрок; ассистент вводит ходы чёрных.",
            clock: "часы: по 3 минуты каждому, плюс 2 секунды за каждый ход; ассистент запускает их",
            types: "ассистент вводит {san}",
            copies_wrongly: "незрячий игрок переносит {san} на доску с гнёздами, но ставит фигуру на {wrong} вместо {right}",
            follows: "незрячий игрок следует подсказке",
            copies: "незрячий игрок переносит {san} на доску с гнёздами",
            tries_castling: "ассистент пытается ввести рокировку за чёрных",
            asks: "незрячий игрок спрашивает время и число ходов (кнопки геймпада)",
            scoresheet: "бланк партии",
            written: "фраз: {n}, секунд речи: {s}, записано в {path}",
            played: "фраз: {n}, секунд речи: {s}, воспроизведено на {device}",
            no_device: "ни одно звуковое устройство нельзя использовать ({why}); речь записывается в {file}",
            not_built: "этот vichess собран без вывода звука; речь записывается в {file}",
            reopening: "звуковое устройство дало сбой ({why}); открываю его снова и повторяю последнюю фразу",
            cannot_reopen: "звуковое устройство не удаётся открыть снова: {why}",
            stopped: "оно перестало принимать звук",
            not_taken: "звуковое устройство не приняло речь демонстрации вовремя",
        },
        Language::Hy => Words {
            tag: "ցուցադրություն՝ ",
            title: "Լեգալի մատը (Փարիզ, 1750), vichess-ի մոդելավորված անցքավոր տախտակի վրա։",
            white: "Սպիտակներ՝ տեսողության խնդիր ունեցող խաղացողը, անցքավոր տախտակի վրա․ ամեն բարձրացում հպում է։",
            black: "Սևեր՝ տեսնող խաղացող․ օգնականը մուտքագրում է սևերի քայլերը։",
            clock: "ժամացույց՝ յուրաքանչյուրին 3 րոպե, գումարած 2 վայրկյան ամեն քայլի համար․ օգնականը միացնում է այն",
            types: "օգնականը մուտքագրում է {san}",
            copies_wrongly: "խաղացողը {san} քայլը կրկնում է անցքավոր տախտակի վրա, բայց խաղաքարը դնում է {wrong}-ի վրա՝ {right}-ի փոխարեն",
            follows: "խաղացողը հետևում է ցուցումներին",
            copies: "խաղացողը {san} քայլը կրկնում է անցքավոր տախտակի վրա",
            tries_castling: "օգնականը փորձում է մուտքագրել փոխատեղում սևերի համար",
            asks: "խաղացողը հարցնում է ժամանակն և քայլերի թիվը (խաղասարքի կոճակներ)",
            scoresheet: "խաղի արձանագրությունը",
            written: "արտահայտություններ՝ {n}, խոսքի վայրկյաններ՝ {s}, գրված է {path} ֆայլում",
            played: "արտահայտություններ՝ {n}, խոսքի վայրկյաններ՝ {s}, հնչեց {device} սարքով",
            no_device: "ոչ մի ձայնային սարք հնարավոր չէ օգտագործել ({why})․ խոսքը գրվում է {file} ֆայլում",
            not_built: "այս vichess-ը կառուցված է առանց ձայնի ելքի․ խոսքը գրվում է {file} ֆայլում",
            reopening: "ձայնային սարքը խափանվեց ({why})․ այն նորից բացվում է, և վերջին արտահայտությունը կրկնվում է",
            cannot_reopen: "ձայնային սարքը չի հաջողվում նորից բացել՝ {why}",
            stopped: "այն դադարեց ձայն ընդունել",
            not_taken: "ձայնային սարքը ժամանակին չընդունեց ցուցադրության խոսքը",
        },
    }
}

/// `template` with each `{key}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(template.to_string(), |t, (k, v)| {
        t.replace(&format!("{{{k}}}"), v)
    })
}
