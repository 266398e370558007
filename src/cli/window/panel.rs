//! The clock strip and the scoresheet: two big clock buttons that never scroll away (they sit
//! in their own strip at the top, whatever the zoom), and the moves as a scoresheet, one row
//! a move pair, each row an accessible label.

use super::access::{clock_digits, clock_name, side_name};
use super::theme::Theme;
use super::words::Words;
use eframe::egui::{self, RichText};
use std::time::Instant;
use vichess::host::View;
use vichess::rules::Color;
use vichess::voice::Pack;

/// A clock's time now: the reading of the last turn, less what has run since on the side
/// whose clock runs.
pub fn time_now(view: &View, read_at: Instant, side: Color) -> Option<u64> {
    let c = view.clocks.as_ref()?;
    let r = match side {
        Color::White => &c.white,
        Color::Black => &c.black,
    };
    let run = match c.running == Some(side) {
        true => read_at.elapsed().as_millis() as u64,
        false => 0,
    };
    Some(r.time.saturating_sub(run))
}

/// The line a clock button sends: `start` before the first press of a timed game, `press`
/// after.
pub fn press_line(view: &View) -> &'static str {
    match view.clocks.as_ref().map(|c| c.running) {
        Some(None) if view.moves.is_empty() => "start",
        _ => "press",
    }
}

/// Whether `side`'s clock button carries the marker of the side to move: while no clock runs
/// (before the first press, or in a game without clocks) the filled button that shows whose
/// turn it is is not there, so a shape says it instead.
pub fn on_move_marked(view: &View, side: Color) -> bool {
    let running = view.clocks.as_ref().is_some_and(|c| c.running.is_some());
    !running && view.result.is_none() && view.to_move == side
}

/// A clock button's text: the side and its time, after a triangle when it is that side's
/// move and no clock shows it ([`on_move_marked`]).
pub fn clock_label(side: &str, digits: &str, marked: bool) -> String {
    match marked {
        true => format!("\u{25B6} {side}  {digits}"),
        false => format!("{side}  {digits}"),
    }
}

/// The two clock buttons, the clock of the side at the top of the board first: one above
/// the other in a side panel (`stacked`), side by side in a strip; returns a line when one
/// was pressed.
#[allow(clippy::too_many_arguments)]
pub fn clocks(
    ui: &mut egui::Ui,
    view: &View,
    read_at: Instant,
    pack: &Pack,
    words: &Words,
    theme: &Theme,
    font: f32,
    (stacked, top, high): (bool, Color, bool),
) -> Option<String> {
    let mut line = None;
    let width = match stacked {
        true => ui.available_width(),
        false => ((ui.available_width() - ui.spacing().item_spacing.x * 2.0) / 2.0).max(40.0),
    };
    let layout = match stacked {
        true => egui::Layout::top_down(egui::Align::Min),
        false => egui::Layout::left_to_right(egui::Align::Min),
    };
    // One size for both clocks, as large as the longer label lets it be on one line, by the
    // font's own measure: the side on move's label is longer (its mark), and estimated by
    // characters it came out half the other's size and broke over two lines in Armenian (a
    // play-through at 640x480).
    let labels = [top, !top].map(|side| {
        let digits =
            time_now(view, read_at, side).map_or_else(|| words.no_clock.to_string(), clock_digits);
        let marked = on_move_marked(view, side);
        (clock_label(&side_name(pack, side), &digits, marked), digits)
    });
    let widest = |texts: &mut dyn Iterator<Item = &String>, size: f32| {
        texts
            .map(|l| {
                ui.fonts_mut(|f| {
                    f.layout_no_wrap(l.clone(), egui::FontId::proportional(size), theme.text)
                        .size()
                        .x
                })
            })
            .fold(1.0f32, f32::max)
    };
    let largest = font * 1.6;
    let room = width - ui.spacing().button_padding.x * 2.0 - 12.0;
    let fit = |wide: f32, most: f32| (most * (room / wide).min(1.0)).max(8.0);
    let one_line = fit(widest(&mut labels.iter().map(|l| &l.0), largest), largest);
    // In a column that has the height (`high`: a small or zoomed window's, which holds
    // only the clocks, the line field and the newest line) a label that one line would
    // shrink below the text's size goes on two: the side's name at the text's size over
    // the time, which then gets the column's whole width (the time was the smallest text
    // in a 640x480 window, and smaller still in Armenian, whose names are longer). The
    // side panel of a wider window keeps one line: its scoresheet and announcements need
    // the height.
    // After the game the clocks matter less than its result, which then needs the room.
    let over = view.result.is_some();
    let two_lines = (stacked && high && !over && one_line < font * 1.2).then(|| {
        let names: Vec<String> = [top, !top]
            .map(|side| match on_move_marked(view, side) {
                true => format!("\u{25B6} {}", side_name(pack, side)),
                false => side_name(pack, side),
            })
            .into();
        let time_size = fit(
            widest(&mut labels.iter().map(|l| &l.1), font * 2.2),
            font * 2.2,
        );
        // Both clocks in at most half the column's height, so that the line field and the
        // newest line stay in view under them at 400 % (half of it): the name at most two thirds of the
        // time's size, the time never smaller than on one line.
        // (The column's height is the window's less the menus: in a panel of its own the
        // clocks are told only their own last height.)
        let column = ui.ctx().content_rect().height() - font * 2.0;
        let each = column * 0.5 / 2.0 - ui.spacing().button_padding.y * 2.0;
        let time_size = time_size.min(each / 2.0).max(one_line);
        let name_size = fit(widest(&mut names.iter(), font), font).min(time_size * 0.67);
        (names, name_size, time_size)
    });
    ui.with_layout(layout, |ui| {
        for (i, side) in [top, !top].into_iter().enumerate() {
            let running = view
                .clocks
                .as_ref()
                .is_some_and(|c| c.running == Some(side));
            let millis = time_now(view, read_at, side);
            let marked = on_move_marked(view, side);
            let (label, digits) = labels[i].clone();
            let (fg, bg) = match running {
                true => (theme.background, theme.text),
                false => (theme.text, theme.background),
            };
            let text: egui::WidgetText = match &two_lines {
                Some((names, name_size, time_size)) => {
                    let mut job = egui::text::LayoutJob::default();
                    let format = |size: f32| egui::TextFormat {
                        font_id: egui::FontId::proportional(size),
                        color: fg,
                        ..Default::default()
                    };
                    job.append(&names[i], 0.0, format(*name_size));
                    job.append(&format!("\n{digits}"), 0.0, format(*time_size));
                    job.into()
                }
                None => RichText::new(label)
                    .size(one_line)
                    .color(fg)
                    .strong()
                    .into(),
            };
            // The button's own frame is drawn whatever its state, so the theme's thick
            // focus frame never showed on a clock: the frame is made thick here when the
            // keys are on it, in the face's opposite colour so a running clock's filled
            // face shows it too (a band inside its edge).
            let focused = ui.memory(|m| m.has_focus(ui.next_auto_id()));
            let frame = match focused {
                true => egui::Stroke::new(super::theme::FOCUS_STROKE + 1.0, fg),
                false => egui::Stroke::new(3.0, theme.text),
            };
            let button = egui::Button::new(text)
                .fill(bg)
                .stroke(frame)
                .min_size(egui::vec2(
                    width,
                    if two_lines.is_some() || over {
                        0.0
                    } else {
                        font * 2.4
                    },
                ));
            let resp = ui.add(button);
            debug_assert!(
                !resp.has_focus() || focused,
                "the clock's focus is read from the id its button gets"
            );
            if focused && running {
                // The band alone read as a smaller button: an edge at its outer side makes
                // it a frame. (The band is drawn across the button's edge, half outside.)
                ui.painter().rect_stroke(
                    resp.rect.expand((super::theme::FOCUS_STROKE + 1.0) / 2.0),
                    ui.visuals().widgets.inactive.corner_radius,
                    egui::Stroke::new(2.0, theme.text),
                    egui::StrokeKind::Inside,
                );
            }
            let mut name = match millis {
                Some(ms) => format!("{}: {}", words.press, clock_name(pack, side, ms)),
                None => format!("{}: {}", words.press, side_name(pack, side)),
            };
            if marked {
                // "White to move", "белые ходят": the pack's own words, as the console says it.
                let to_move = pack.text(&[
                    vichess::phrase::token::Token::Side(side),
                    vichess::phrase::token::Token::Word(vichess::phrase::token::Word::ToMove),
                ]);
                name = format!("{name}; {to_move}");
            }
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &name));
            if resp.clicked() {
                line = Some(press_line(view).to_string());
            }
        }
    });
    line
}

/// The moves as a scoresheet: "1. e4 e5" a row, numbered from the game's first move ("3...
/// a6" for a game set up with Black to move at move three), as the console's `moves` and
/// the PGN number them.
pub fn scoresheet_rows(view: &View) -> Vec<String> {
    let (mut number, first) = view.first_move;
    let mut rows = Vec::new();
    let mut moves = view.moves.iter();
    if first == Color::Black {
        if let Some(m) = moves.next() {
            rows.push(format!("{number}... {m}"));
            number += 1;
        }
    }
    let rest: Vec<&String> = moves.collect();
    for pair in rest.chunks(2) {
        let pair: Vec<&str> = pair.iter().map(|m| m.as_str()).collect();
        rows.push(format!("{number}. {}", pair.join("  ")));
        number += 1;
    }
    rows
}

/// "Result: 0-1 (checkmate, Black wins)", the scoresheet's and the text display's last line,
/// with the game's own `colon` (Armenian "՝": the Latin ":" reads as its full stop).
pub fn result_line(view: &View, words: &Words, colon: &str) -> Option<String> {
    let result = view.result.as_ref()?;
    Some(match &view.ending {
        Some(how) => format!("{}{colon} {result} ({how})", words.result),
        None => format!("{}{colon} {result}", words.result),
    })
}

/// The scoresheet, newest row in view.
pub fn scoresheet(ui: &mut egui::Ui, view: &View, words: &Words, font: f32, colon: &str) {
    let heading = ui.label(RichText::new(words.scoresheet).size(font * 1.1).strong());
    egui::ScrollArea::vertical()
        .id_salt("scoresheet")
        .stick_to_bottom(true)
        .max_height(ui.available_height() * 0.5)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for row in scoresheet_rows(view) {
                ui.label(RichText::new(row).size(font))
                    .labelled_by(heading.id);
            }
            if let Some(result) = result_line(view, words, colon) {
                ui.label(RichText::new(result).size(font).strong());
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use vichess::phrase::Language;
    use vichess::rules::Position;

    fn view(to_move: Color, result: Option<&str>) -> View {
        View {
            to_move,
            result: result.map(str::to_string),
            ..View::still(Position::new(), Language::En)
        }
    }

    /// Without a running clock the side to move is marked by a shape on its clock button
    /// (and named so), the other side not; a finished game marks neither.
    #[test]
    fn the_side_to_move_is_marked_while_no_clock_runs() {
        let v = view(Color::White, None);
        assert!(on_move_marked(&v, Color::White));
        assert!(!on_move_marked(&v, Color::Black));
        assert_eq!(
            clock_label("White", "no clock", true),
            "\u{25B6} White  no clock"
        );
        assert_eq!(clock_label("Black", "no clock", false), "Black  no clock");
        let v = view(Color::Black, None);
        assert!(on_move_marked(&v, Color::Black) && !on_move_marked(&v, Color::White));
        let over = view(Color::Black, Some("1-0"));
        assert!(!on_move_marked(&over, Color::Black));
    }

    /// The scoresheet numbers moves as the console and the PGN do: from the game's own
    /// first move, Black's first move alone on its row.
    #[test]
    fn the_scoresheet_numbers_from_the_games_first_move() {
        let moves = |list: &[&str]| list.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        let from_start = View {
            moves: moves(&["e4", "e5", "Sf3"]),
            ..View::still(Position::new(), Language::De)
        };
        assert_eq!(scoresheet_rows(&from_start), ["1. e4  e5", "2. Sf3"]);
        let fen = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
        let set_up = Position::from_fen(fen, Default::default()).unwrap();
        let black_first = View {
            moves: moves(&["a6", "La4", "Sf6"]),
            ..View::still(set_up, Language::De)
        };
        assert_eq!(scoresheet_rows(&black_first), ["3... a6", "4. La4  Sf6"]);
    }
}
