//! The men as pictures: each man's glyph with its thick edge is painted once per size, side
//! and theme into a texture, and a frame draws one image a man. Drawn as text, the edge took
//! eight copies of the glyph behind it, each a whole glyph's box for the renderer to blend:
//! with a software renderer (Mesa's llvmpipe, what a machine without a graphics driver, and
//! the test suite, draw with) the men's edges were over a quarter of every frame.

use ab_glyph::{Font as _, FontRef, Glyph, OutlinedGlyph, PxScale, PxScaleFactor};
use eframe::egui::{self, Color32, ColorImage, Pos2, Rect, TextureHandle, TextureOptions, Vec2};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Sets of pictures kept at most; a window resized step by step leaves the old sizes
/// behind, and they are dropped all at once past this.
const KEPT: usize = 8;

/// What a set of pictures is painted from: every man of both sides, at one size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Look {
    /// The six men's glyphs, pawn first.
    pub glyphs: [char; 6],
    /// Each side's fill and edge, White first.
    pub colours: [[Color32; 2]; 2],
    /// The glyphs' size, in the screen's pixels.
    px: u32,
    /// The edge's width, in tenths of a pixel.
    edge_tenths: u32,
}

impl Look {
    /// The men of `glyphs` in `colours` at `size` points with an edge `edge_width` points
    /// wide, on a screen of `ppp` pixels a point.
    pub fn new(
        glyphs: [char; 6],
        colours: [[Color32; 2]; 2],
        size: f32,
        edge_width: f32,
        ppp: f32,
    ) -> Look {
        Look {
            glyphs,
            colours,
            px: (size * ppp).round().max(1.0) as u32,
            edge_tenths: (edge_width * ppp * 10.0).round() as u32,
        }
    }
}

/// One man's picture: its place in the set's texture and the centre of its ink, in pixels.
#[derive(Clone, Copy)]
struct Cell {
    min: Vec2,
    size: Vec2,
    ink: Vec2,
}

/// Every man of a [`Look`] in one texture, so that the men of a frame are one mesh.
#[derive(Clone)]
struct Pictures {
    texture: TextureHandle,
    cells: [[Cell; 6]; 2],
}

type Cache = Arc<Mutex<HashMap<Look, Pictures>>>;

/// Draws the man `role` (pawn 0 to king 5) of the side `white` in `look`, its ink centred
/// on `centre`.
pub fn draw(
    painter: &egui::Painter,
    font: &'static [u8],
    centre: Pos2,
    look: Look,
    role: usize,
    white: bool,
) {
    let ctx = painter.ctx();
    let ppp = ctx.pixels_per_point();
    let cache: Cache = ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<Cache>(egui::Id::new("vichess men"))
            .clone()
    });
    let (texture, cell) = {
        let mut sets = cache.lock().unwrap_or_else(|e| e.into_inner());
        if !sets.contains_key(&look) {
            if sets.len() >= KEPT {
                sets.clear();
            }
            let (image, cells) = paint_all(font, look);
            let name = format!("men {}px", look.px);
            let texture = ctx.load_texture(name, image, TextureOptions::LINEAR);
            sets.insert(look, Pictures { texture, cells });
        }
        let set = &sets[&look];
        (set.texture.id(), set.cells[usize::from(!white)][role])
    };
    let [w, h] = ctx
        .tex_manager()
        .read()
        .meta(texture)
        .map_or([1, 1], |m| m.size);
    let whole = Vec2::new(w as f32, h as f32);
    // On the screen's own pixels, so that the picture is not resampled (blurred).
    let min = ((centre.to_vec2() * ppp - cell.ink).round() / ppp).to_pos2();
    let rect = Rect::from_min_size(min, cell.size / ppp);
    let uv = Rect::from_min_size((cell.min / whole).to_pos2(), cell.size / whole);
    painter.image(texture, rect, uv, Color32::WHITE);
}

/// Every man of `look`, side by side in one image (White's row over Black's), and where
/// each is in it.
fn paint_all(font: &[u8], look: Look) -> (ColorImage, [[Cell; 6]; 2]) {
    let men: Vec<Vec<(ColorImage, Vec2)>> = look
        .colours
        .iter()
        .map(|&[fill, edge]| {
            look.glyphs
                .iter()
                .map(|&glyph| {
                    let key = Key {
                        glyph,
                        px: look.px,
                        edge_tenths: look.edge_tenths,
                        fill,
                        edge,
                    };
                    paint(font, key)
                })
                .collect()
        })
        .collect();
    // A pixel of clear space between pictures, so that sampling one never reads its
    // neighbour.
    let largest = |axis: usize| men.iter().flatten().map(|(i, _)| i.size[axis]).max();
    let (cell_w, cell_h) = (largest(0).unwrap_or(1) + 1, largest(1).unwrap_or(1) + 1);
    let (w, h) = (cell_w * 6, cell_h * 2);
    let mut atlas = ColorImage::new([w, h], vec![Color32::TRANSPARENT; w * h]);
    let empty = Cell {
        min: Vec2::ZERO,
        size: Vec2::ZERO,
        ink: Vec2::ZERO,
    };
    let mut cells = [[empty; 6]; 2];
    for (side, row) in men.iter().enumerate() {
        for (role, (image, ink)) in row.iter().enumerate() {
            let (x0, y0) = (role * cell_w, side * cell_h);
            let [iw, ih] = image.size;
            for y in 0..ih {
                let from = &image.pixels[y * iw..(y + 1) * iw];
                atlas.pixels[(y0 + y) * w + x0..(y0 + y) * w + x0 + iw].copy_from_slice(from);
            }
            cells[side][role] = Cell {
                min: Vec2::new(x0 as f32, y0 as f32),
                size: Vec2::new(iw as f32, ih as f32),
                ink: *ink,
            };
        }
    }
    (atlas, cells)
}

/// What one picture is painted from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Key {
    glyph: char,
    /// The glyph's size, in the screen's pixels.
    px: u32,
    /// The edge's width, in tenths of a pixel.
    edge_tenths: u32,
    fill: Color32,
    edge: Color32,
}

/// The picture of `key` and the centre of its ink, in pixels. The edge is the glyph's
/// coverage at eight offsets round a circle of the edge's width, blended as the eight text
/// copies were; the glyph's own fill goes over it.
fn paint(font: &[u8], key: Key) -> (ColorImage, Vec2) {
    let font = FontRef::try_from_slice(font).expect("the embedded font parses");
    let id = font.glyph_id(key.glyph);
    let empty = (
        ColorImage::new([1, 1], vec![Color32::TRANSPARENT]),
        Vec2::ZERO,
    );
    let Some(outline) = font.outline(id) else {
        return empty;
    };
    // The scale egui gives text of this size: pixels per font unit of the em.
    let scale = key.px as f32 / font.units_per_em().unwrap_or(2048.0);
    let glyph = Glyph {
        id,
        scale: PxScale::from(key.px as f32),
        position: ab_glyph::point(0.0, 0.0),
    };
    let factor = PxScaleFactor {
        horizontal: scale,
        vertical: scale,
    };
    let outlined = OutlinedGlyph::new(glyph, outline, factor);
    let bounds = outlined.px_bounds();
    let (gw, gh) = (bounds.width() as usize, bounds.height() as usize);
    if gw == 0 || gh == 0 {
        return empty;
    }
    let width = key.edge_tenths as f32 / 10.0;
    let pad = width.ceil() as usize + 2;
    let (w, h) = (gw + 2 * pad, gh + 2 * pad);
    let mut ink = vec![0f32; w * h];
    outlined.draw(|x, y, v| {
        let (x, y) = (x as usize + pad, y as usize + pad);
        if x < w && y < h {
            ink[y * w + x] = v.clamp(0.0, 1.0);
        }
    });
    let at = |x: isize, y: isize| -> f32 {
        match (usize::try_from(x), usize::try_from(y)) {
            (Ok(x), Ok(y)) if x < w && y < h => ink[y * w + x],
            _ => 0.0,
        }
    };
    // The ink at a point between pixels, read as the renderer reads a texture: bilinearly.
    let sample = |x: f32, y: f32| -> f32 {
        let (x0, y0) = (x.floor(), y.floor());
        let (fx, fy) = (x - x0, y - y0);
        let (x0, y0) = (x0 as isize, y0 as isize);
        let top = at(x0, y0) * (1.0 - fx) + at(x0 + 1, y0) * fx;
        let bottom = at(x0, y0 + 1) * (1.0 - fx) + at(x0 + 1, y0 + 1) * fx;
        top * (1.0 - fy) + bottom * fy
    };
    let offsets: Vec<Vec2> = (0..8)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 8.0;
            Vec2::new(a.cos(), a.sin()) * width
        })
        .collect();
    let mut pixels = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let (px, py) = (x as f32, y as f32);
            let clear = offsets
                .iter()
                .map(|o| 1.0 - sample(px - o.x, py - o.y))
                .product::<f32>();
            pixels.push(over(key.fill, ink[y * w + x], key.edge, 1.0 - clear));
        }
    }
    let centre = Vec2::new(pad as f32 + gw as f32 / 2.0, pad as f32 + gh as f32 / 2.0);
    (ColorImage::new([w, h], pixels), centre)
}

/// `top` at coverage `a` over `bottom` at coverage `b`, premultiplied as egui's colours are.
fn over(top: Color32, a: f32, bottom: Color32, b: f32) -> Color32 {
    let under = b * (1.0 - a);
    let mix = |t: u8, u: u8| -> u8 {
        (f32::from(t) * a * f32::from(top.a()) / 255.0
            + f32::from(u) * under * f32::from(bottom.a()) / 255.0)
            .round()
            .clamp(0.0, 255.0) as u8
    };
    let alpha = (a * f32::from(top.a()) + under * f32::from(bottom.a()))
        .round()
        .clamp(0.0, 255.0) as u8;
    Color32::from_rgba_premultiplied(
        mix(top.r(), bottom.r()),
        mix(top.g(), bottom.g()),
        mix(top.b(), bottom.b()),
        alpha,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEJAVU: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

    /// A white pawn at 80 pixels with a 5-pixel black edge: across its middle the picture is
    /// clear, then the edge at least four pixels wide, then the fill, then the edge and
    /// clear again; above and below the ink, clear.
    #[test]
    fn a_man_is_its_fill_inside_a_band_of_its_edge() {
        let (white, black) = (Color32::WHITE, Color32::BLACK);
        let key = Key {
            glyph: '♟',
            px: 80,
            edge_tenths: 50,
            fill: white,
            edge: black,
        };
        let (image, centre) = paint(DEJAVU, key);
        let [w, h] = image.size;
        assert!(w > 30 && h > 40, "{w}x{h}");
        let row = centre.y as usize;
        let kinds: Vec<char> = (0..w)
            .map(|x| {
                let p = image.pixels[row * w + x];
                match (p.a(), p.r()) {
                    (0..=10, _) => '.',
                    (245.., 245..) => 'W',
                    (245.., 0..=10) => 'B',
                    _ => '~',
                }
            })
            .collect();
        let line: String = kinds.iter().collect();
        // Runs of the same kind, the blends between them left out.
        let mut runs: Vec<(char, usize)> = Vec::new();
        for k in kinds.into_iter().filter(|&k| k != '~') {
            match runs.last_mut() {
                Some((c, n)) if *c == k => *n += 1,
                _ => runs.push((k, 1)),
            }
        }
        let order: String = runs.iter().map(|(c, _)| *c).collect();
        assert_eq!(order, ".BWB.", "{line}");
        assert!(
            runs[1].1 >= 4 && runs[3].1 >= 4,
            "the edge is thick: {line}"
        );
        for y in [0, h - 1] {
            let row = &image.pixels[y * w..(y + 1) * w];
            assert!(row.iter().all(|p| p.a() == 0), "a clear margin, row {y}");
        }
        // The ink's centre is the picture's centre: the margin is the same all round.
        assert!(
            (centre.x - w as f32 / 2.0).abs() <= 0.5,
            "{centre:?} in {w}x{h}"
        );
    }

    /// The men are painted once for their size and theme, all in one texture: drawn again
    /// in the next frame, or another man, it is the same texture; at another size it is
    /// another.
    #[test]
    fn a_man_drawn_again_is_not_painted_again() {
        let ctx = egui::Context::default();
        let painter = egui::Painter::new(
            ctx.clone(),
            egui::LayerId::background(),
            Rect::from_min_size(Pos2::ZERO, Vec2::splat(400.0)),
        );
        let textures = || ctx.tex_manager().read().num_allocated();
        let colours = [
            [Color32::WHITE, Color32::BLACK],
            [Color32::BLACK, Color32::WHITE],
        ];
        let glyphs = ['♟', '♞', '♝', '♜', '♛', '♚'];
        let look = |size| Look::new(glyphs, colours, size, 4.0, 1.0);
        let before = textures();
        for (x, role, white) in [(50.0, 5, true), (150.0, 5, true), (250.0, 0, false)] {
            draw(
                &painter,
                DEJAVU,
                Pos2::new(x, 50.0),
                look(60.0),
                role,
                white,
            );
        }
        assert_eq!(
            textures(),
            before + 1,
            "one texture for every man of a size"
        );
        draw(&painter, DEJAVU, Pos2::new(50.0, 50.0), look(70.0), 5, true);
        assert_eq!(textures(), before + 2, "another size, another texture");
    }

    /// The set's image holds each man where its cell says, apart from its neighbours:
    /// White's men are mostly white ink, Black's mostly black.
    #[test]
    fn each_man_is_in_its_own_cell_of_the_set() {
        let colours = [
            [Color32::WHITE, Color32::BLACK],
            [Color32::BLACK, Color32::WHITE],
        ];
        // A thin edge, so that every man's fill is more of it than its edge.
        let look = Look::new(['♟', '♞', '♝', '♜', '♛', '♚'], colours, 60.0, 1.5, 1.0);
        let (image, cells) = paint_all(DEJAVU, look);
        let [w, _] = image.size;
        for (side, row) in cells.iter().enumerate() {
            for (role, cell) in row.iter().enumerate() {
                let (x0, y0) = (cell.min.x as usize, cell.min.y as usize);
                let (cw, ch) = (cell.size.x as usize, cell.size.y as usize);
                let (mut white, mut black) = (0, 0);
                for y in y0..y0 + ch {
                    for p in &image.pixels[y * w + x0..y * w + x0 + cw] {
                        match (p.a(), p.r()) {
                            (255, 255) => white += 1,
                            (255, 0) => black += 1,
                            _ => {}
                        }
                    }
                }
                let (own, other) = match side {
                    0 => (white, black),
                    _ => (black, white),
                };
                assert!(
                    own > other && other > 0,
                    "side {side}, man {role}: {own} against {other}"
                );
                if let Some(next) = row.get(role + 1) {
                    assert!(
                        cell.min.x + cell.size.x < next.min.x,
                        "clear space between men"
                    );
                }
            }
        }
    }
}
