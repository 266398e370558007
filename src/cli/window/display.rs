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
        let big = font * 2.5;
        if let (Some((view, at)), Some(pack)) = (view, pack) {
            ui.horizontal(|ui| {
                for side in [Color::White, Color::Black] {
                    let digits = time_now(view, *at, side)
                        .map_or_else(|| words.no_clock.to_string(), clock_digits);
                    let running = view
                        .clocks
                        .as_ref()
                        .is_some_and(|c| c.running == Some(side));
                    let mut text = RichText::new(format!("{}  {digits}", side_name(pack, side)))
                        .size(big)
                        .strong();
                    if running {
                        text = text.color(theme.background).background_color(theme.text);
                    }
                    ui.label(text);
                    ui.add_space(big);
                }
            });
            if let Some(result) = &view.result {
                ui.label(RichText::new(format!("{}: {result}", words.result)).size(big));
            }
        }
        ui.separator();
        if let Some(line) = last {
            let resp =
                ui.add(egui::Label::new(RichText::new(line).size(big * 1.2).strong()).wrap());
            live(ctx, resp.id);
        }
    });
}
