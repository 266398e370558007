//! The Game menu's "Play against the computer…" dialog (issue 27): the engine's side, its
//! level 1-8 and OK/Cancel. Every control has a name a screen reader reads whole ("Der
//! Computer spielt: Schwarz", "Stufe 3 von 8"), the focus starts on the chosen side, Tab goes
//! from control to control, Enter is OK and Escape Cancel. OK gives the [`EngineSpec`] that
//! `play --engine PROGRAM --engine-side SIDE --level N` builds, so the game it starts is
//! opened by the same host code and journaled the same way.

use super::access::side_name;
use super::words::Words;
use eframe::egui::{self, RichText};
use vichess::engine::level::Strength;
use vichess::host::EngineSpec;
use vichess::rules::Color;
use vichess::voice::Pack;

/// What the dialog holds while it is open.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The side the engine plays.
    pub side: Color,
    /// Its level, 1 to 8.
    pub level: u8,
    /// The seat's other settings, kept from the game it was opened over (`play`'s defaults
    /// otherwise): the program, a fixed think time, whether it helps.
    program: String,
    think_ms: Option<u64>,
    helps: bool,
    /// The focus is put on the chosen side once, when the dialog opens.
    focused: bool,
}

/// How the dialog was left.
#[derive(Debug)]
pub enum Answer {
    /// OK: a game against this engine seat.
    Play(EngineSpec),
    /// Cancel, Escape, or a click beside the dialog.
    Cancel,
}

impl Choice {
    /// The dialog over a game: its engine seat's settings when an engine plays in it, else
    /// what `play --engine` alone chooses (Stockfish, Black, level 1, help on).
    pub fn over(current: Option<&EngineSpec>) -> Choice {
        let level = match current.map(|s| s.strength) {
            Some(Strength::Level(n)) => n.clamp(1, 8),
            _ => 1,
        };
        Choice {
            side: current.map_or(Color::Black, |s| s.side),
            level,
            program: current.map_or_else(|| "stockfish".to_string(), |s| s.program.clone()),
            think_ms: current.and_then(|s| s.think_ms),
            helps: current.is_none_or(|s| s.helps),
            focused: false,
        }
    }

    /// The engine seat chosen.
    pub fn spec(&self) -> EngineSpec {
        EngineSpec {
            program: self.program.clone(),
            side: self.side,
            strength: Strength::Level(self.level.clamp(1, 8)),
            think_ms: self.think_ms,
            helps: self.helps,
        }
    }
}

/// A side's name as a control's label starts: "Weiß", "Білі".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Draws the dialog over the window; returns how it was left, once it is.
pub fn show(ctx: &egui::Context, choice: &mut Choice, w: &Words, pack: &Pack) -> Option<Answer> {
    let shown = egui::Modal::new(egui::Id::new("vichess-computer")).show(ctx, |ui| {
        let mut answer = None;
        ui.heading(w.computer_title);
        ui.add_space(ui.spacing().item_spacing.y * 2.0);
        ui.label(RichText::new(w.computer_plays).strong());
        ui.horizontal(|ui| {
            // A word's width between the two choices and the circle set off from its word:
            // packed together "○Weiß⦿Schwarz" read as one control (a play-through).
            let gap = ui.spacing().interact_size.y;
            ui.spacing_mut().icon_spacing = gap * 0.3;
            ui.spacing_mut().item_spacing.x = gap;
            for side in [Color::White, Color::Black] {
                let shown = capitalised(&side_name(pack, side));
                let chosen = choice.side == side;
                let resp = ui.radio(chosen, &shown);
                // The radio's visible word is the side; its name says whose side it is.
                let name = format!("{}: {shown}", w.computer_plays);
                resp.widget_info(|| {
                    egui::WidgetInfo::selected(egui::WidgetType::RadioButton, true, chosen, &name)
                });
                if resp.clicked() {
                    choice.side = side;
                }
                if chosen && !choice.focused {
                    resp.request_focus();
                    choice.focused = true;
                }
            }
        });
        ui.add_space(ui.spacing().item_spacing.y * 2.0);
        let mut level = choice.level;
        // The rail long and thick, the part up to the level filled: in the themes' colours
        // egui drew it in the background's, and only the handle showed.
        let resp = ui
            .scope(|ui| {
                let text = ui.visuals().text_color();
                let size = ui.spacing().interact_size.y;
                ui.spacing_mut().slider_width = size * 8.0;
                ui.spacing_mut().slider_rail_height = size * 0.3;
                // The rail beyond the level half as dark (3:1 and more on the themes'
                // grounds, WCAG 1.4.11), the rail up to it and the handle in the text's.
                // (egui draws the rail in the inactive fill; the handle, a circle, is that
                // fill inside the text's edge.)
                let rail = text.gamma_multiply(0.45);
                let v = &mut ui.visuals_mut().widgets;
                v.inactive.bg_fill = rail;
                for w in [&mut v.inactive, &mut v.hovered, &mut v.active] {
                    w.fg_stroke = egui::Stroke::new(size * 0.12, text);
                }
                ui.visuals_mut().selection.bg_fill = text;
                ui.visuals_mut().handle_shape = egui::style::HandleShape::Circle;
                ui.add(
                    egui::Slider::new(&mut level, 1..=8)
                        .step_by(1.0)
                        .show_value(false)
                        .trailing_fill(true)
                        .text(w.level(choice.level)),
                )
            })
            .inner;
        // egui lets a slider keep the left and right arrows only from its second frame with
        // the focus: an arrow pressed at once after Tab would move the level and the focus
        // both. The focus stays.
        let arrow = ui
            .input(|i| i.key_pressed(egui::Key::ArrowLeft) || i.key_pressed(egui::Key::ArrowRight));
        if resp.has_focus() && arrow {
            ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
        }
        if level != choice.level {
            choice.level = level;
            // The label and the name say the new level at once, not at the next input.
            ui.ctx().request_repaint();
        }
        let name = w.level(choice.level);
        resp.widget_info(|| egui::WidgetInfo::slider(true, f64::from(choice.level), &name));
        ui.add_space(ui.spacing().item_spacing.y * 2.0);
        ui.horizontal(|ui| {
            let ok = ui.button(w.ok);
            let cancel = ui.button(w.cancel);
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            answer = match (cancel.clicked(), ok.clicked() || enter) {
                (true, _) => Some(Answer::Cancel),
                (false, true) => Some(Answer::Play(choice.spec())),
                (false, false) => None,
            };
        });
        answer
    });
    match shown.inner {
        Some(answer) => Some(answer),
        None if shown.should_close() => Some(Answer::Cancel),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Over a game without an engine the dialog offers what `play --engine` alone plays;
    /// over a game against one, that engine's seat, so OK changes only what was changed.
    #[test]
    fn the_dialog_starts_from_the_game_on_screen() {
        let spec = Choice::over(None).spec();
        assert_eq!(spec.record_fields(), "black level 1 think - help stockfish");
        let current = EngineSpec {
            program: "/opt/sf".into(),
            side: Color::White,
            strength: Strength::Level(5),
            think_ms: Some(20),
            helps: false,
        };
        let mut choice = Choice::over(Some(&current));
        assert_eq!(choice.spec(), current);
        choice.side = Color::Black;
        choice.level = 2;
        assert_eq!(
            choice.spec().record_fields(),
            "black level 2 think 20 nohelp /opt/sf"
        );
        let elo = EngineSpec {
            strength: Strength::Elo(1500),
            ..current
        };
        assert_eq!(Choice::over(Some(&elo)).level, 1);
    }

    #[test]
    fn a_side_is_capitalised_as_a_label() {
        assert_eq!(capitalised("білі"), "Білі");
        assert_eq!(capitalised("սևերը"), "Սևերը");
        assert_eq!(capitalised("Weiß"), "Weiß");
    }
}
