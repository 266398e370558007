//! The text display (D.2.11): every announcement as large text, for an opponent who cannot
//! hear them. In the main window a panel of the latest lines, the newest a polite live region
//! so a screen reader says it; and on request a second window that can be dragged to a second
//! screen turned to the opponent, with the latest line, the clocks and the result.

use super::access::{clock_digits, side_name};
use super::panel::time_now;
use super::theme::Theme;
use super::words::Words;
use eframe::egui::{self, RichText};
use std::time::Instant;
use vichess::host::View;
use vichess::rules::Color;
use vichess::voice::Pack;

/// How many of the latest lines the panel keeps in view.
const PANEL_LINES: usize = 200;

/// The announcements panel: the lines so far, newest last and largest; the newest is a
/// polite live region.
pub fn panel(ui: &mut egui::Ui, lines: &[String], words: &Words, font: f32) {
    let heading = ui.label(RichText::new(words.announcements).size(font * 1.1).strong());
    // A gap and a rule under the heading: the oldest line in view is often cut by the
    // scrolling, and without them its remains read as part of the heading.
    ui.add_space(font * 0.3);
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("announcements")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let start = lines.len().saturating_sub(PANEL_LINES);
            let n = lines.len();
            for (i, line) in lines[start..].iter().enumerate() {
                let newest = start + i + 1 == n;
                let size = if newest { font * 1.3 } else { font };
                let mut text = RichText::new(line).size(size);
                if newest {
                    text = text.strong();
                }
                let resp = ui
                    .add(egui::Label::new(text).wrap())
                    .labelled_by(heading.id);
                if newest {
                    live(ui.ctx(), resp.id);
                }
            }
        });
}

/// Marks a widget as a polite live region: a screen reader says its text when it changes,
/// without taking the focus from the board.
pub fn live(ctx: &egui::Context, id: egui::Id) {
    ctx.accesskit_node_builder(id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
}

/// The second window's contents: the newest announcement as large as fits, the clocks and
/// the result.
pub fn second_window(
    ctx: &egui::Context,
    view: Option<&(View, Instant)>,
    last: Option<&str>,
    pack: Option<&Pack>,
    words: &Words,
    theme: &Theme,
    font: f32,
) {
    egui::CentralPanel::default().show(ctx, |ui| {
        let mut clocks = Vec::new();
        let mut result = None;
        let colon = pack.map_or(":", |p| p.colon());
        let moved = view.and_then(|(v, _)| last_move_line(v, words, colon));
        if let (Some((view, at)), Some(pack)) = (view, pack) {
            for side in [Color::White, Color::Black] {
                let digits = time_now(view, *at, side)
                    .map_or_else(|| words.no_clock.to_string(), clock_digits);
                let running = view
                    .clocks
                    .as_ref()
                    .is_some_and(|c| c.running == Some(side));
                clocks.push((format!("{}  {digits}", side_name(pack, side)), running));
            }
            result = super::panel::result_line(view, words, colon);
        }
        // The last move stays on the display after the press and the time calls that
        // follow it: the opponent who cannot hear reads the move there (D.2.11), and the
        // newest line alone would have lost it a second after it was said.
        let newest = match (moved.as_deref(), last) {
            (Some(m), Some(l)) => Some(format!("{m}\n{l}")),
            (Some(m), _) => Some(m.to_string()),
            (None, l) => l.map(str::to_string),
        };
        let resp = lay_out(
            ui,
            &clocks,
            result.as_deref(),
            newest.as_deref(),
            theme,
            font,
        );
        if let Some(id) = resp {
            live(ctx, id);
        }
    });
}

/// The last move with its number in the game's notation ("Letzter Zug: 12… Sf3"), none
/// before the first.
pub fn last_move_line(view: &View, words: &Words, colon: &str) -> Option<String> {
    let san = view.moves.last()?;
    let (number, dots) = match view.to_move {
        Color::Black => (view.position.fullmoves(), "."),
        Color::White => (view.position.fullmoves().saturating_sub(1).max(1), "…"),
    };
    let mut label = words.last_move.chars();
    let first = label.next()?;
    Some(format!(
        "{}{}{colon} {number}{dots} {san}",
        first.to_uppercase(),
        label.as_str()
    ))
}

/// The text display laid out in the space `ui` has: the clocks (each `(label, running)`) as
/// large as lets the longer one fit the width, side by side when both fit, one under the
/// other when not; the result; then the newest line, wrapped, as large as lets all of it fit
/// the height left. Nothing is cut off in any language (Armenian and Russian words are long).
/// Returns the newest line's widget, to be made a live region.
pub fn lay_out(
    ui: &mut egui::Ui,
    clocks: &[(String, bool)],
    result: Option<&str>,
    last: Option<&str>,
    theme: &Theme,
    font: f32,
) -> Option<egui::Id> {
    let big = font * 2.5;
    let width = ui.available_width();
    let measure = |ui: &egui::Ui, text: &str, size: f32, wrap: f32| {
        ui.painter()
            .layout(
                text.to_string(),
                egui::FontId::proportional(size),
                theme.text,
                wrap,
            )
            .size()
    };
    // The clocks' size: the larger one's label fits the width on its own line.
    let mut clock_size = big;
    while clock_size > 8.0
        && clocks
            .iter()
            .any(|(l, _)| measure(ui, l, clock_size, f32::INFINITY).x > width)
    {
        clock_size *= 0.9;
    }
    ui.horizontal_wrapped(|ui| {
        for (label, running) in clocks {
            let mut text = RichText::new(label).size(clock_size).strong();
            if *running {
                text = text.color(theme.background).background_color(theme.text);
            }
            ui.add(egui::Label::new(text).extend());
            ui.add_space(clock_size);
        }
    });
    if let Some(result) = result {
        ui.add(egui::Label::new(RichText::new(result).size(big)).wrap());
    }
    ui.separator();
    let line = last?;
    // The newest line: as large as lets all of it fit below.
    let height = ui.available_height();
    let mut size = big * 1.2;
    while size > 8.0 && measure(ui, line, size, width).y > height {
        size *= 0.9;
    }
    let resp = ui.add(egui::Label::new(RichText::new(line).size(size).strong()).wrap());
    Some(resp.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The display's last move, numbered as a scoresheet numbers it, with the side that
    /// made it told by the dots, in the pack's words and colon.
    #[test]
    fn the_last_move_is_numbered_in_the_games_words() {
        use vichess::phrase::Language;
        use vichess::rules::notation::parse_move_in;
        use vichess::rules::{notation::Lang, Position};
        let mut position = Position::new();
        let mut moves = Vec::new();
        for san in ["e4", "e5", "Nf3"] {
            let m = parse_move_in(&position, san, Lang::En).expect("legal");
            position.play_unchecked(&m);
            moves.push(san.to_string());
        }
        let view = |moves: &[String], position: &Position, language| View {
            moves: moves.to_vec(),
            ..View::still(position.clone(), language)
        };
        let de = super::super::words::words(Language::De);
        let v = view(&moves, &position, Language::De);
        assert_eq!(
            last_move_line(&v, de, ":").as_deref(),
            Some("Letzter Zug: 2. Nf3")
        );
        let m = parse_move_in(&position, "Nc6", Lang::En).expect("legal");
        position.play_unchecked(&m);
        moves.push("Кc6".to_string());
        let ru = super::super::words::words(Language::Ru);
        let v = view(&moves, &position, Language::Ru);
        assert_eq!(
            last_move_line(&v, ru, ":").as_deref(),
            Some("Последний ход: 2… Кc6")
        );
        let hy = super::super::words::words(Language::Hy);
        let v = view(&moves, &position, Language::Hy);
        assert_eq!(
            last_move_line(&v, hy, "՝").as_deref(),
            Some("Վերջին քայլ՝ 2… Кc6")
        );
        let v = view(&[], &Position::new(), Language::De);
        assert_eq!(last_move_line(&v, de, ":"), None, "no move yet");
    }

    /// The text display at its opening size, 900 by 500, in Armenian and Russian: both clocks
    /// and the whole of a long announcement lie inside the window.
    #[test]
    fn both_clocks_and_the_announcement_fit_the_display_in_every_language() {
        let cases = [
            (
                ["սպիտակները  1:30:00", "սևերը  1:30:00"],
                "ժամանակի հսկողություն: մեկ ժամ երեսուն րոպե գումարած երեսուն վայրկյան \
                 յուրաքանչյուր քայլի համար; սպիտակներն են քայլում; լեզու: հայերեն; փոխել՝ \
                 --lang կամ լեզվի կարգավորումը կազմաձևման ֆայլում; «օգնություն»՝ հրամանների ցանկը",
            ),
            (
                ["белые  1:30:00", "чёрные  1:30:00"],
                "контроль времени: один час тридцать минут плюс тридцать секунд за ход; \
                 белые ходят; язык: русский; изменить: --lang или настройка языка в \
                 файле конфигурации; «помощь»: список команд",
            ),
        ];
        let theme = Theme::of(
            super::super::ThemeName::HighContrast,
            [egui::Color32::WHITE, egui::Color32::BLACK],
        );
        for (clocks, line) in cases {
            let ctx = egui::Context::default();
            super::super::app::install_fonts(&ctx);
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(900.0, 500.0));
            let mut drawn = egui::Rect::NOTHING;
            // Twice: the fonts are loaded in the first pass.
            for _ in 0..2 {
                let input = egui::RawInput {
                    screen_rect: Some(screen),
                    ..Default::default()
                };
                let _ = ctx.run(input, |ctx| {
                    egui::CentralPanel::default().show(ctx, |ui| {
                        let clocks: Vec<(String, bool)> =
                            clocks.iter().map(|c| (c.to_string(), false)).collect();
                        lay_out(ui, &clocks, None, Some(line), &theme, 22.0);
                        drawn = ui.min_rect();
                    });
                });
            }
            assert!(
                screen.contains_rect(drawn),
                "{clocks:?}: the display's text reaches {drawn:?}, outside {screen:?}"
            );
        }
    }
}
