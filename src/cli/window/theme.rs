//! The window's colours: three fixed themes chosen for low vision (every pair that must be
//! told apart at least 7:1, WCAG AAA) and the user's own two square colours. Men are drawn
//! filled and outlined in the opposite colour, so a white man on a light square keeps its
//! black edge and a black man on a dark square its white one.

use eframe::egui::{self, Color32};

/// The themes a user can name (`--theme`, `[window] theme`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ThemeName {
    /// White and navy squares, black text on white.
    HighContrast,
    /// Yellow and near-black squares, black text on yellow.
    BlackOnYellow,
    /// Light grey and black squares, white text on black.
    WhiteOnBlack,
    /// The configuration's two square colours.
    Custom,
}

impl ThemeName {
    /// Every theme, in menu order.
    pub const ALL: [ThemeName; 4] = [
        ThemeName::HighContrast,
        ThemeName::BlackOnYellow,
        ThemeName::WhiteOnBlack,
        ThemeName::Custom,
    ];

    /// The name as the configuration and the command line spell it.
    pub fn key(self) -> &'static str {
        match self {
            ThemeName::HighContrast => "high-contrast",
            ThemeName::BlackOnYellow => "black-on-yellow",
            ThemeName::WhiteOnBlack => "white-on-black",
            ThemeName::Custom => "custom",
        }
    }

    /// The theme a configuration key names.
    pub fn from_key(key: &str) -> Option<ThemeName> {
        ThemeName::ALL.into_iter().find(|t| t.key() == key)
    }
}

/// Every colour the window draws with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    /// Light squares.
    pub light: Color32,
    /// Dark squares.
    pub dark: Color32,
    /// White men's body and edge.
    pub white_fill: Color32,
    /// The edge drawn round a white man.
    pub white_edge: Color32,
    /// Black men's body.
    pub black_fill: Color32,
    /// The edge drawn round a black man.
    pub black_edge: Color32,
    /// Marks on the board (last move, touched, mismatch, choice): drawn over a band of
    /// `mark_edge`, so they stand out on either square.
    pub mark: Color32,
    /// The band under each mark.
    pub mark_edge: Color32,
    /// The window's background.
    pub background: Color32,
    /// The window's text.
    pub text: Color32,
}

const WHITE: Color32 = Color32::WHITE;

/// The hues the custom theme's mark is chosen from.
const MARKS: [Color32; 5] = [
    Color32::from_rgb(0xFF, 0x00, 0xFF),
    Color32::from_rgb(0x00, 0x66, 0xFF),
    Color32::from_rgb(0xE0, 0x00, 0x00),
    Color32::from_rgb(0x00, 0x80, 0x00),
    Color32::from_rgb(0xFF, 0x80, 0x00),
];
const BLACK: Color32 = Color32::BLACK;

impl Theme {
    /// The colours of `name`; `custom` is the configuration's two square colours, the men and
    /// the text in black or white, whichever stands out more.
    pub fn of(name: ThemeName, custom: [Color32; 2]) -> Theme {
        match name {
            ThemeName::HighContrast => Theme {
                light: WHITE,
                dark: Color32::from_rgb(0x00, 0x00, 0x80),
                white_fill: WHITE,
                white_edge: BLACK,
                black_fill: BLACK,
                black_edge: WHITE,
                mark: Color32::from_rgb(0xFF, 0x00, 0xFF),
                mark_edge: BLACK,
                background: WHITE,
                text: BLACK,
            },
            ThemeName::BlackOnYellow => Theme {
                light: Color32::from_rgb(0xFF, 0xFF, 0x00),
                dark: Color32::from_rgb(0x20, 0x20, 0x20),
                white_fill: Color32::from_rgb(0xFF, 0xFF, 0x00),
                white_edge: BLACK,
                black_fill: BLACK,
                black_edge: Color32::from_rgb(0xFF, 0xFF, 0x00),
                // Blue: 3:1 and more against both the yellow and the near-black squares
                // (the cyan before it was 2:1 on yellow).
                mark: Color32::from_rgb(0x00, 0x66, 0xFF),
                mark_edge: BLACK,
                background: Color32::from_rgb(0xFF, 0xFF, 0x00),
                text: BLACK,
            },
            ThemeName::WhiteOnBlack => Theme {
                light: Color32::from_rgb(0xD0, 0xD0, 0xD0),
                dark: BLACK,
                white_fill: WHITE,
                white_edge: BLACK,
                black_fill: BLACK,
                black_edge: WHITE,
                // Red: 3:1 and more against both the grey and the black squares (the green
                // before it was 1.1:1 on grey).
                mark: Color32::from_rgb(0xE0, 0x00, 0x00),
                mark_edge: BLACK,
                background: BLACK,
                text: WHITE,
            },
            ThemeName::Custom => {
                let [light, dark] = custom;
                let on = |c: Color32| match contrast(c, WHITE) >= contrast(c, BLACK) {
                    true => WHITE,
                    false => BLACK,
                };
                // The mark colour that stands out most from both of the user's squares: each
                // hue of [`MARKS`] at every brightness, the best of them (3:1 from both when
                // the two squares are 9:1 apart or more).
                let worst = |m: Color32| contrast(m, light).min(contrast(m, dark));
                let mark = MARKS
                    .into_iter()
                    .flat_map(|h| {
                        (0..=255u16).map(move |k| {
                            let scale = |v: u8| (u16::from(v) * k / 255) as u8;
                            Color32::from_rgb(scale(h.r()), scale(h.g()), scale(h.b()))
                        })
                    })
                    .max_by(|a, b| worst(*a).total_cmp(&worst(*b)))
                    .unwrap_or(MARKS[0]);
                Theme {
                    light,
                    dark,
                    white_fill: WHITE,
                    white_edge: BLACK,
                    black_fill: BLACK,
                    black_edge: WHITE,
                    mark,
                    mark_edge: on(mark),
                    background: light,
                    text: on(light),
                }
            }
        }
    }

    /// The men's body and edge colours for `white` men or black ones.
    pub fn man(&self, white: bool) -> (Color32, Color32) {
        match white {
            true => (self.white_fill, self.white_edge),
            false => (self.black_fill, self.black_edge),
        }
    }

    /// The ground drawn under a man on a square of colour `square`: a disc in its edge's
    /// colour where its body would not stand out from the square (under 4.5:1, WCAG AA; a
    /// white man on a mid-brown square of a custom theme was 3.2:1). Without it a
    /// black man on a dark square showed only its light edge, an outline drawing, which is
    /// how a white man is drawn: a low-vision player read the black pawn on e5 as White's and
    /// the two queens as the same (a play-through). On the disc the body is a solid shape
    /// 7:1 from what is round it, on every square.
    pub fn ground_under(&self, white: bool, square: Color32) -> Option<Color32> {
        let (fill, edge) = self.man(white);
        (contrast(fill, square) < 4.5).then_some(edge)
    }

    /// The outline drawn round a mark on a square of colour `square`: black or white,
    /// whichever stands out more there, so a mark has an edge on every square (a black edge
    /// on the near-black squares of black-on-yellow was no edge at all).
    pub fn edge_on(&self, square: Color32) -> Color32 {
        match contrast(square, WHITE) > contrast(square, BLACK) {
            true => WHITE,
            false => BLACK,
        }
    }

    /// egui's look in these colours: big text, thick focus rings, no translucency.
    pub fn visuals(&self) -> egui::Visuals {
        let dark_mode = relative_luminance(self.background) < 0.2;
        let mut v = match dark_mode {
            true => egui::Visuals::dark(),
            false => egui::Visuals::light(),
        };
        v.override_text_color = Some(self.text);
        // The menus' shortcuts ("Strg+N") and the line field's hint are egui's weak text,
        // the text's colour at 60 %: grey #666 on white, 5.7:1, under the themes' 7:1. At
        // 80 % (#333 on white, 12.6:1) it still reads as a hint, not as typed text.
        v.weak_text_alpha = 0.8;
        v.panel_fill = self.background;
        v.window_fill = self.background;
        v.extreme_bg_color = self.background;
        v.faint_bg_color = self.background;
        let stroke = egui::Stroke::new(2.0, self.text);
        for w in [
            &mut v.widgets.noninteractive,
            &mut v.widgets.inactive,
            &mut v.widgets.hovered,
            &mut v.widgets.active,
            &mut v.widgets.open,
        ] {
            w.bg_stroke = stroke;
            w.fg_stroke = stroke;
            w.bg_fill = self.background;
            w.weak_bg_fill = self.background;
        }
        v.widgets.hovered.bg_stroke = egui::Stroke::new(3.0, self.text);
        // egui draws a widget with the keyboard focus as `active`: left as the others, the
        // focus was nowhere to be seen on a button or a menu item. A frame more than twice
        // as thick as any other, standing out from the widget, shows where the keys are.
        v.widgets.active.bg_stroke = egui::Stroke::new(FOCUS_STROKE, self.text);
        v.widgets.active.expansion = 2.0;
        v.selection.bg_fill = self.text;
        v.selection.stroke = egui::Stroke::new(3.0, self.background);
        v
    }
}

/// The width of the frame around the widget with the keyboard focus, in points.
pub const FOCUS_STROKE: f32 = 5.0;

/// WCAG 2 relative luminance of an opaque colour.
pub fn relative_luminance(c: Color32) -> f32 {
    let lin = |v: u8| {
        let s = f32::from(v) / 255.0;
        match s <= 0.04045 {
            true => s / 12.92,
            false => ((s + 0.055) / 1.055).powf(2.4),
        }
    };
    0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
}

/// WCAG 2 contrast ratio of two colours, from 1 to 21.
pub fn contrast(a: Color32, b: Color32) -> f32 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// A colour written `#RRGGBB`, as the configuration takes it.
pub fn parse_colour(s: &str) -> Option<Color32> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let v = u32::from_str_radix(hex, 16).ok()?;
    Some(Color32::from_rgb((v >> 16) as u8, (v >> 8) as u8, v as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixed themes keep 7:1 between the squares, and each man stands out 7:1 from
    /// either square by its body or by its edge (WCAG AAA).
    #[test]
    fn fixed_themes_meet_seven_to_one() {
        for name in [
            ThemeName::HighContrast,
            ThemeName::BlackOnYellow,
            ThemeName::WhiteOnBlack,
        ] {
            let t = Theme::of(name, [WHITE, BLACK]);
            assert!(contrast(t.light, t.dark) >= 7.0, "{name:?} squares");
            for white in [true, false] {
                let (fill, edge) = t.man(white);
                assert!(contrast(fill, edge) >= 7.0, "{name:?} man {white}");
                for sq in [t.light, t.dark] {
                    let best = contrast(fill, sq).max(contrast(edge, sq));
                    assert!(best >= 7.0, "{name:?} man {white} on {sq:?}");
                }
            }
            assert!(contrast(t.text, t.background) >= 7.0, "{name:?} text");
        }
    }

    /// A man whose body is the colour of its square (a black man on a dark square, a white
    /// one on a light square) stands on a disc of its edge's colour, against which its body
    /// stands out 7:1; on the other squares it needs none.
    #[test]
    fn a_man_the_colour_of_its_square_stands_on_a_disc() {
        for name in ThemeName::ALL {
            let t = Theme::of(name, [Color32::from_rgb(0xF0, 0xD9, 0xB5), BLACK]);
            for white in [true, false] {
                let (fill, _) = t.man(white);
                for sq in [t.light, t.dark] {
                    match t.ground_under(white, sq) {
                        Some(disc) => {
                            assert!(contrast(fill, sq) < 4.5, "{name:?} {white} {sq:?}");
                            assert!(contrast(fill, disc) >= 7.0, "{name:?} {white} {sq:?}");
                        }
                        None => assert!(contrast(fill, sq) >= 4.5, "{name:?} {white} {sq:?}"),
                    }
                }
            }
            // The case a play-through found: Black's men on the dark squares.
            assert!(t.ground_under(false, t.dark).is_some() || name == ThemeName::Custom);
        }
    }

    /// Every mark stands out at least 3:1 from both squares (WCAG 1.4.11, non-text
    /// contrast), in the fixed themes and a custom one, and its outline too, so a mark is
    /// seen by its colour and by its edge, not by a hue alone.
    #[test]
    fn marks_stand_out_three_to_one_on_both_squares() {
        let custom = [
            Color32::from_rgb(0xF0, 0xD9, 0xB5),
            Color32::from_rgb(0x4A, 0x2C, 0x0A),
        ];
        for name in ThemeName::ALL {
            let t = Theme::of(name, custom);
            for sq in [t.light, t.dark] {
                let c = contrast(t.mark, sq);
                assert!(
                    c >= 3.0,
                    "{name:?}: the mark {:?} on {sq:?} is {c:.2}:1",
                    t.mark
                );
                let e = contrast(t.edge_on(sq), sq);
                assert!(e >= 3.0, "{name:?}: the mark's edge on {sq:?} is {e:.2}:1");
                assert!(
                    contrast(t.edge_on(sq), t.mark) >= 2.0,
                    "{name:?} edge and mark"
                );
            }
        }
    }

    #[test]
    fn colours_are_read_as_hex() {
        assert_eq!(
            parse_colour("#FFFF00"),
            Some(Color32::from_rgb(255, 255, 0))
        );
        assert_eq!(parse_colour("FFFF00"), None);
        assert_eq!(parse_colour("#FFF"), None);
        assert_eq!(parse_colour("#GGGGGG"), None);
    }
}
