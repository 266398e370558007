//! The board: 64 squares drawn as large as the space allows, each an accessible button named
//! as the console's cursor names it, clicked or dragged to make a move, moved over with the
//! arrow keys. A move leaves here as the line a person would type ("e2e4", "e7e8q"), so it is
//! checked, announced and journaled exactly as typed.

use super::access::{square_name, touched_word};
use super::theme::Theme;
use eframe::egui::{self, Align2, FontId, Pos2, Rect, Sense, Shape, Stroke, Vec2};
use vichess::board::{Sensed, Snapshot};
use vichess::host::View;
use vichess::phrase::token::Token;
use vichess::rules::notation::uci;
use vichess::rules::{Color, File, Move, Piece, Rank, Role, Square};
use vichess::voice::Pack;

/// The filled chess glyphs of DejaVu Sans, by [`Role`] (pawn first).
pub const GLYPHS: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];

/// What the board remembers between frames.
#[derive(Debug, Default)]
pub struct BoardState {
    /// The man clicked first; its legal targets are shown.
    pub selected: Option<Square>,
    /// A promotion waiting for its piece: from, to.
    pub promotion: Option<(Square, Square)>,
    /// The man being dragged.
    pub dragging: Option<Square>,
    /// The square with the keyboard focus, if one has it.
    pub focus: Option<Square>,
    /// The square that had the focus last: an arrow key with nothing focused (at the start,
    /// after Escape) brings the focus back there, so the keys never go dead.
    pub last_focus: Option<Square>,
    /// The promotion chooser has just opened: its first button takes the focus, so a move
    /// made with the keys ends with them (Enter on the queen, arrows to the others). Asked
    /// for over a few frames: egui lays a new window out unseen first, and a button there
    /// cannot keep the focus.
    pub promotion_focus: u8,
}

/// How the board is drawn this frame.
pub struct Look<'a> {
    pub theme: &'a Theme,
    /// Black at the bottom.
    pub flipped: bool,
    /// The files' and ranks' names along the edges, when shown.
    pub coordinates: Option<Coordinates<'a>>,
    /// The men's size as a share of a square.
    pub man_scale: f32,
}

/// How the files and ranks are named along the board.
#[derive(Clone, Copy)]
pub enum Coordinates<'a> {
    /// a .. h, 1 .. 8.
    Letters,
    /// A pack's words: the Appendix D words (Anna .. Hector, eins .. acht) of de-fide.
    Words(&'a Pack),
}

impl Coordinates<'_> {
    fn file(&self, f: File) -> String {
        match self {
            Coordinates::Letters => f.char().to_string(),
            Coordinates::Words(p) => p.text(&[Token::File(f)]),
        }
    }

    fn rank(&self, r: Rank) -> String {
        match self {
            Coordinates::Letters => r.char().to_string(),
            Coordinates::Words(p) => p.text(&[Token::Rank(r)]),
        }
    }

    /// The share of a square the names take beside the board.
    fn margin(&self) -> f32 {
        match self {
            Coordinates::Letters => 0.35,
            Coordinates::Words(_) => 0.6,
        }
    }
}

/// The id of a square's widget, to move the focus to it.
pub fn square_id(sq: Square) -> egui::Id {
    egui::Id::new(("vichess-square", sq.index()))
}

/// Whether `id` is one of the board's squares.
pub fn is_square(id: egui::Id) -> bool {
    Square::all().any(|s| square_id(s) == id)
}

/// Draws the game's board into the space `ui` has and handles clicks, drags and keys;
/// returns a line to send to the game when a move was made, and where the 64 squares are.
pub fn show(
    ui: &mut egui::Ui,
    state: &mut BoardState,
    view: &View,
    pack: &Pack,
    look: &Look,
) -> (Option<String>, Rect) {
    let avail = ui.available_rect_before_wrap();
    let margin = look.coordinates.map_or(0.0, |c| c.margin());
    let sq_size = (avail.width().min(avail.height()) / (8.0 + margin))
        .floor()
        .max(8.0);
    let edge = sq_size * margin;
    let board_rect =
        Rect::from_min_size(avail.min + Vec2::new(edge, 0.0), Vec2::splat(sq_size * 8.0));
    ui.allocate_rect(
        Rect::from_min_max(avail.min, board_rect.max + Vec2::new(0.0, edge)),
        Sense::hover(),
    );
    let rect_of = |sq: Square| square_rect(board_rect, sq_size, sq, look.flipped);
    // Escape lets go of the chosen man (and of an open promotion chooser).
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        state.selected = None;
        state.promotion = None;
    }
    let board = *view.position.board();
    let legal = view.position.legal_moves();
    let targets: Vec<Square> = state
        .selected
        .map(|from| {
            legal
                .iter()
                .filter(|m| m.from() == from)
                .flat_map(|m| [m.to(), m.king_to()])
                .collect()
        })
        .unwrap_or_default();
    let touched: Vec<Square> = view.boards.iter().flat_map(|b| b.touched.clone()).collect();
    let mismatched: Vec<Square> = view
        .boards
        .iter()
        .flat_map(|b| b.mismatched.clone())
        .collect();
    let last: Vec<Square> = view
        .last_move
        .as_ref()
        .map(|m| vec![m.from(), m.king_to()])
        .unwrap_or_default();
    let words = super::words::words(view.language);
    // The king in check: marked by a shape (a ring and a plus), and named so.
    let checked = view
        .position
        .is_check()
        .then(|| board.king_of(view.to_move))
        .flatten();
    let touched_word = touched_word(pack);
    let painter = ui.painter().clone();
    let mut line = None;
    let mut focused = None;
    let mut drop_at = None;
    let roving = roving_square(ui, state, view, look.flipped);
    // The men go on after every square and its marks, and the focus over them: the men's
    // pictures share one texture, so together they are one mesh for the renderer, where
    // between the squares each was one of its own.
    let mut men = Vec::new();
    let mut focus = None;
    for sq in Square::all() {
        let rect = rect_of(sq);
        let fill = match sq.is_light() {
            true => look.theme.light,
            false => look.theme.dark,
        };
        painter.rect_filled(rect, 0.0, fill);
        // The disc under a man the colour of its square, under every mark, so that none of
        // them is hidden by it (a play-through found the capture ring and the chosen
        // square's fill covered).
        if let Some(p) = board.piece_at(sq).filter(|_| state.dragging != Some(sq)) {
            if let Some(disc) = look.theme.ground_under(p.color == Color::White, fill) {
                painter.circle_filled(rect.center(), sq_size * MAN_DISC, disc);
            }
        }
        // Each mark's outline in black or white, whichever stands out on this square.
        let theme = &Theme {
            mark_edge: look.theme.edge_on(fill),
            ..*look.theme
        };
        let mut marks = Vec::new();
        // The chosen man's square is filled with the mark's colour (under everything else):
        // unlike the focus, which is a dashed frame, so the two are never taken for each
        // other.
        if state.selected == Some(sq) {
            selected_fill(&painter, rect, theme);
        }
        if last.contains(&sq) {
            corner_triangle(&painter, rect, theme);
            marks.push(words.last_move);
        }
        if touched.contains(&sq) {
            double_frame(&painter, rect, theme);
            marks.push(&touched_word);
        }
        if mismatched.contains(&sq) {
            corner_cross(&painter, rect, theme);
            marks.push(words.differs);
        }
        if checked == Some(sq) {
            // Mated: the king's square filled in the mark's colour as well, so a mate is told
            // from a check at a glance, not by the small sign in the corner alone (a
            // play-through); after the mate no man can be chosen, whose mark that fill is.
            let mated = view.position.is_checkmate();
            if mated {
                selected_fill(&painter, rect, theme);
            }
            check_mark(&painter, rect, theme, mated);
            marks.push(if mated { words.mate } else { words.check });
        }
        if state.selected == Some(sq) {
            marks.push(words.chosen);
        }
        let piece = board.piece_at(sq);
        if targets.contains(&sq) {
            target_mark(&painter, rect, piece.is_some(), theme);
            marks.push(words.can_go);
        }
        if let Some(p) = piece.filter(|_| state.dragging != Some(sq)) {
            men.push((rect.center(), p));
        }
        // One square is a Tab stop, the one the keys are on: Tab leaves the board in one
        // step, as it leaves any grid, and the arrows move within it. The other squares are
        // still buttons for the mouse and a screen reader, which may also move the focus to
        // any of them.
        let sense = match sq == roving {
            true => Sense::click_and_drag(),
            false => Sense::CLICK | Sense::DRAG,
        };
        let resp = ui.interact(rect, square_id(sq), sense);
        if sq != roving && focus_asked(ui, square_id(sq)) {
            resp.request_focus();
        }
        if resp.has_focus() {
            focused = Some(sq);
            focus = Some((rect, *theme));
            marks.push(words.focus);
        }
        let name = square_name(pack, &board, sq, &marks);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &name));
        if resp.clicked() {
            // The keys go on from the square clicked: the arrows move from there.
            resp.request_focus();
            line = click(state, view, &legal, sq);
        }
        if resp.drag_started() && owns(view, piece) {
            state.selected = Some(sq);
            state.dragging = Some(sq);
        }
        if resp.drag_stopped() {
            drop_at = Some(sq);
        }
    }
    for (centre, p) in men {
        draw_man(&painter, centre, sq_size * look.man_scale, p, look.theme);
    }
    if let Some((rect, theme)) = focus {
        focus_frame(&painter, rect, &theme);
    }
    if let (Some(from), Some(p)) = (state.dragging, ui.ctx().pointer_latest_pos()) {
        if let Some(piece) = board.piece_at(from) {
            draw_man(&painter, p, sq_size * look.man_scale, piece, look.theme);
        }
        if drop_at.is_some() {
            state.dragging = None;
            let to = Square::all().find(|&s| rect_of(s).contains(p));
            if let Some(to) = to.filter(|&to| to != from) {
                line = click(state, view, &legal, to);
            }
        }
    } else if drop_at.is_some() {
        state.dragging = None;
    }
    if let Some(names) = look.coordinates {
        draw_coordinates(&painter, board_rect, sq_size, edge, look, names);
    }
    // The focus moved after the squares were named (a click, an arrow key, a screen
    // reader's focus): drawn and named again at once, so the name saying which square has
    // the focus is never a frame behind. Only while the window has the keyboard: a square
    // shows its focus only then (`Response::has_focus`), so in a window in the background
    // the two never agree, and asking again redrew every frame at full speed (the software
    // renderer took both cores from the first square clicked until the game ended).
    let now = ui
        .ctx()
        .memory(|m| m.focused())
        .filter(|_| ui.input(|i| i.focused));
    if now != focused.map(square_id) && Square::all().any(|s| Some(square_id(s)) == now) {
        ui.ctx().request_repaint();
    }
    state.focus = focused;
    if let Some(sq) = focused {
        state.last_focus = Some(sq);
        arrow_keys(ui, sq, look.flipped);
    } else {
        focus_on_arrow(ui, state, view, look.flipped);
    }
    let line = line.or_else(|| promotion_chooser(ui, state, view, pack, look));
    (line, board_rect)
}

/// Where `sq` is drawn.
pub fn square_rect(board: Rect, size: f32, sq: Square, flipped: bool) -> Rect {
    let (f, r) = (f32::from(sq.file().index()), f32::from(sq.rank().index()));
    let (col, row) = match flipped {
        false => (f, 7.0 - r),
        true => (7.0 - f, r),
    };
    Rect::from_min_size(
        board.min + Vec2::new(col * size, row * size),
        Vec2::splat(size),
    )
}

/// A man of the side to move.
fn owns(view: &View, piece: Option<Piece>) -> bool {
    piece.is_some_and(|p| p.color == view.to_move) && view.result.is_none()
}

/// A click on `sq`: choose a man, or move the chosen one there.
fn click(state: &mut BoardState, view: &View, legal: &[Move], sq: Square) -> Option<String> {
    let piece = view.position.board().piece_at(sq);
    let Some(from) = state.selected else {
        state.selected = owns(view, piece).then_some(sq);
        return None;
    };
    let moves: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from() == from && (m.to() == sq || m.king_to() == sq))
        .collect();
    match moves.as_slice() {
        // Another man of the side to move: chosen instead; the chosen one again: let go.
        [] if owns(view, piece) && sq != from => {
            state.selected = Some(sq);
            None
        }
        [] if sq == from => {
            state.selected = None;
            None
        }
        // No move goes there: sent as typed, so the game refuses it with the reason, in its
        // words and aloud, as the console does, instead of the click doing nothing.
        [] => {
            state.selected = None;
            Some(format!("{from}{sq}"))
        }
        [m] => {
            state.selected = None;
            Some(uci(&view.position, m))
        }
        _ if moves.iter().any(|m| m.promotion().is_some()) => {
            state.promotion = Some((from, sq));
            state.promotion_focus = 5;
            state.selected = None;
            None
        }
        [m, ..] => {
            state.selected = None;
            Some(uci(&view.position, m))
        }
    }
}

/// The square that is the board's Tab stop: the one with the focus, else the one that had it
/// last, else the last move's square, else the corner at the bottom left; the square an
/// arrow with nothing focused comes back to ([`focus_on_arrow`]).
fn roving_square(ui: &egui::Ui, state: &BoardState, view: &View, flipped: bool) -> Square {
    // Asked of egui, not of `state`: an arrow moved the focus after the last frame's squares.
    let now = ui.ctx().memory(|m| m.focused());
    let corner = match flipped {
        false => Square::A1,
        true => Square::H8,
    };
    Square::all()
        .find(|&s| Some(square_id(s)) == now)
        .or(state.last_focus)
        .or_else(|| view.last_move.as_ref().map(|m| m.to()))
        .unwrap_or(corner)
}

/// Whether a screen reader asked to move the focus to the widget `id` in this frame: egui
/// gives it only to Tab stops, and all but one square are not.
fn focus_asked(ui: &egui::Ui, id: egui::Id) -> bool {
    ui.input(|i| {
        i.events.iter().any(|e| {
            matches!(e, egui::Event::AccessKitActionRequest(r)
                if r.action == egui::accesskit::Action::Focus && r.target == egui::accesskit::NodeId::from(id.value()))
        })
    })
}

/// Arrow keys move the focus from square to square, as the console's cursor moves (up is
/// up on the screen); the keys stay with the board instead of leaving it.
fn arrow_keys(ui: &egui::Ui, sq: Square, flipped: bool) {
    let id = square_id(sq);
    ui.memory_mut(|m| {
        m.set_focus_lock_filter(
            id,
            egui::EventFilter {
                horizontal_arrows: true,
                vertical_arrows: true,
                ..Default::default()
            },
        )
    });
    let sign: i8 = if flipped { -1 } else { 1 };
    let step = ui.input(|i| {
        [
            (egui::Key::ArrowUp, (0, sign)),
            (egui::Key::ArrowDown, (0, -sign)),
            (egui::Key::ArrowRight, (sign, 0)),
            (egui::Key::ArrowLeft, (-sign, 0)),
        ]
        .into_iter()
        .find(|(k, _)| i.key_pressed(*k))
        .map(|(_, d)| d)
    });
    if let Some(next) = step.and_then(|(df, dr)| sq.offset(df, dr)) {
        ui.memory_mut(|m| m.request_focus(square_id(next)));
    }
}

/// An arrow key while nothing in the window has the focus (at the start, after Escape, after
/// a promotion) gives it to the board: the square that had it last, else the last move's
/// square, else the corner at the bottom left.
fn focus_on_arrow(ui: &egui::Ui, state: &BoardState, view: &View, flipped: bool) {
    let arrow = ui.input(|i| {
        i.focused
            && [
                egui::Key::ArrowUp,
                egui::Key::ArrowDown,
                egui::Key::ArrowLeft,
                egui::Key::ArrowRight,
            ]
            .iter()
            .any(|k| i.key_pressed(*k))
    });
    if !arrow || ui.ctx().memory(|m| m.focused()).is_some() || state.promotion.is_some() {
        return;
    }
    let sq = roving_square(ui, state, view, flipped);
    // The arrow only brings the focus back: egui would also move it one square on.
    ui.memory_mut(|m| {
        m.request_focus(square_id(sq));
        m.move_focus(egui::FocusDirection::None);
    });
    ui.ctx().request_repaint();
}

/// The id of the promotion chooser's button for `role`.
fn promotion_id(role: Role) -> egui::Id {
    egui::Id::new(("vichess-promote", role as u8))
}

/// The promotion chooser: four large buttons, the men named in the game's language.
fn promotion_chooser(
    ui: &egui::Ui,
    state: &mut BoardState,
    view: &View,
    pack: &Pack,
    look: &Look,
) -> Option<String> {
    let (from, to) = state.promotion?;
    let mut line = None;
    let mut open = true;
    let title = super::words::words(view.language).promote_to;
    if state.promotion_focus > 0 {
        let queen = promotion_id(Role::Queen);
        match ui.memory(|m| m.has_focus(queen)) {
            true => state.promotion_focus = 0,
            false => {
                state.promotion_focus -= 1;
                ui.memory_mut(|m| m.request_focus(queen));
                ui.ctx().request_repaint();
            }
        }
    }
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .anchor(Align2::CENTER_CENTER, Vec2::ZERO)
        .show(ui.ctx(), |ui| {
            ui.horizontal(|ui| {
                let f = look.theme_font(ui);
                for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    // Named in words only (a screen reader says "Springer", not a glyph).
                    let name = pack.text(&[Token::Piece(role)]);
                    if promotion_button(ui, role, view.to_move, &name, f, look.theme) {
                        line = view
                            .position
                            .legal_moves()
                            .iter()
                            .find(|m| {
                                m.from() == from && m.to() == to && m.promotion() == Some(role)
                            })
                            .map(|m| uci(&view.position, m));
                    }
                }
            });
        });
    if line.is_some() || !open {
        state.promotion = None;
    }
    line
}

/// One of the chooser's buttons: the man as large as three lines of text, drawn as on the
/// board (its side's body, the opposite edge) on a light ground, its name under it; returns
/// whether it was chosen (a click, or Enter or Space with the focus).
fn promotion_button(
    ui: &mut egui::Ui,
    role: Role,
    side: Color,
    name: &str,
    f: f32,
    theme: &Theme,
) -> bool {
    let man = f * 3.5;
    let size = Vec2::new(
        (f * 0.62 * name.chars().count() as f32).max(man) + f,
        man + f * 2.2,
    );
    let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
    let resp = ui.interact(rect, promotion_id(role), Sense::click());
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, name));
    let painter = ui.painter();
    let ground = theme.light;
    let text = theme.edge_on(ground);
    let stroke = match resp.has_focus() || resp.hovered() {
        true => f * 0.25,
        false => f * 0.1,
    };
    painter.rect(
        rect,
        f * 0.2,
        ground,
        Stroke::new(stroke, text),
        egui::StrokeKind::Inside,
    );
    let piece = Piece { color: side, role };
    draw_man(
        painter,
        Pos2::new(rect.center().x, rect.min.y + f * 0.3 + man / 2.0),
        man,
        piece,
        theme,
    );
    painter.text(
        Pos2::new(rect.center().x, rect.max.y - f * 0.9),
        Align2::CENTER_CENTER,
        name,
        FontId::proportional(f),
        text,
    );
    resp.clicked()
}

impl Look<'_> {
    fn theme_font(&self, ui: &egui::Ui) -> f32 {
        ui.style()
            .text_styles
            .get(&egui::TextStyle::Body)
            .map_or(16.0, |f| f.size)
    }
}

/// The radius of the disc under a man the colour of its square ([`Theme::ground_under`]), in
/// squares: round the whole man (at 0.39 a man's base stood out of it), under the marks.
const MAN_DISC: f32 = 0.44;

/// A man: its filled glyph in the side's colour over a band of the opposite colour, so its
/// shape stands out on either square. A thick edge: a man the colour of its square still
/// reads as a solid shape, not as an outline drawing, at low vision. Painted once a size
/// into a picture ([`super::men`]).
pub fn draw_man(painter: &egui::Painter, centre: Pos2, size: f32, p: Piece, theme: &Theme) {
    let side = |white| {
        let (fill, edge) = theme.man(white);
        [fill, edge]
    };
    let width = (size / 15.0).max(1.5);
    let ppp = painter.ctx().pixels_per_point();
    let look = super::men::Look::new(GLYPHS, [side(true), side(false)], size, width, ppp);
    let (font, white) = (super::app::DEJAVU, p.color == Color::White);
    super::men::draw(painter, font, centre, look, p.role as usize, white);
}

/// Two strokes, the band under the mark's colour: visible on either square.
fn banded(painter: &egui::Painter, shape: impl Fn(Stroke) -> Shape, w: f32, theme: &Theme) {
    painter.add(shape(Stroke::new(w * 1.8, theme.mark_edge)));
    painter.add(shape(Stroke::new(w, theme.mark)));
}

/// The chosen man's square: filled with the mark's colour inside an outline of its edge.
fn selected_fill(painter: &egui::Painter, rect: Rect, theme: &Theme) {
    let w = (rect.width() * 0.04).max(2.0);
    painter.rect(
        rect.shrink(w),
        0.0,
        theme.mark,
        Stroke::new(w, theme.mark_edge),
        egui::StrokeKind::Middle,
    );
}

/// The keyboard focus: two thick dashed frames, the mark's colour over its edge, inset so
/// the square's own colour shows round it (the chosen square is filled instead).
fn focus_frame(painter: &egui::Painter, rect: Rect, theme: &Theme) {
    let w = (rect.width() * 0.05).max(2.0);
    for inset in [w * 1.2, w * 3.6] {
        let r = rect.shrink(inset);
        let pts = vec![
            r.left_top(),
            r.right_top(),
            r.right_bottom(),
            r.left_bottom(),
            r.left_top(),
        ];
        let dash = rect.width() * 0.12;
        painter.extend(Shape::dashed_line(
            &pts,
            Stroke::new(w * 1.8, theme.mark_edge),
            dash,
            dash * 0.5,
        ));
        painter.extend(Shape::dashed_line(
            &pts,
            Stroke::new(w, theme.mark),
            dash,
            dash * 0.5,
        ));
    }
}

/// Two frames: a man touched (lifted) in the move being made.
fn double_frame(painter: &egui::Painter, rect: Rect, theme: &Theme) {
    let w = (rect.width() * 0.04).max(2.0);
    for inset in [w, w * 3.5] {
        let r = rect.shrink(inset);
        banded(
            painter,
            |s| Shape::rect_stroke(r, 0.0, s, egui::StrokeKind::Middle),
            w,
            theme,
        );
    }
}

/// A triangle in the top left corner: the last move's squares.
fn corner_triangle(painter: &egui::Painter, rect: Rect, theme: &Theme) {
    let s = rect.width() * 0.34;
    let pts = vec![
        rect.min,
        rect.min + Vec2::new(s, 0.0),
        rect.min + Vec2::new(0.0, s),
    ];
    painter.add(Shape::convex_polygon(
        pts,
        theme.mark,
        Stroke::new((rect.width() * 0.03).max(1.5), theme.mark_edge),
    ));
}

/// A cross in the bottom right corner: the board disagrees with the game here.
fn corner_cross(painter: &egui::Painter, rect: Rect, theme: &Theme) {
    let s = rect.width() * 0.3;
    let c = rect.max - Vec2::splat(s * 0.6);
    let h = s * 0.45;
    let w = (rect.width() * 0.05).max(2.0);
    for (a, b) in [
        (c + Vec2::new(-h, -h), c + Vec2::new(h, h)),
        (c + Vec2::new(-h, h), c + Vec2::new(h, -h)),
    ] {
        banded(painter, |s| Shape::line_segment([a, b], s), w, theme);
    }
}

/// A king in check: a ring round it and a plus in the square's upper right corner; mated,
/// a hash there, as the notation writes it (the same mark for both hid the mate).
fn check_mark(painter: &egui::Painter, rect: Rect, theme: &Theme, mated: bool) {
    let w = (rect.width() * 0.05).max(2.0);
    let c = rect.center();
    let r = rect.width() * 0.46;
    banded(painter, |s| Shape::circle_stroke(c, r, s), w, theme);
    let p = Pos2::new(
        rect.max.x - rect.width() * 0.18,
        rect.min.y + rect.width() * 0.18,
    );
    let h = rect.width() * if mated { 0.15 } else { 0.12 };
    // The hash's four strokes are thinner than the plus's two, or their bands ran together.
    let w = if mated { w * 0.6 } else { w };
    let strokes = match mated {
        false => vec![
            (p + Vec2::new(-h, 0.0), p + Vec2::new(h, 0.0)),
            (p + Vec2::new(0.0, -h), p + Vec2::new(0.0, h)),
        ],
        true => {
            let g = h * 0.5;
            vec![
                (p + Vec2::new(-h, -g), p + Vec2::new(h, -g)),
                (p + Vec2::new(-h, g), p + Vec2::new(h, g)),
                (p + Vec2::new(-g, -h), p + Vec2::new(-g, h)),
                (p + Vec2::new(g, -h), p + Vec2::new(g, h)),
            ]
        }
    };
    for (a, b) in strokes {
        banded(painter, |s| Shape::line_segment([a, b], s), w, theme);
    }
}

/// Where the chosen man may go: a dot on an empty square, a ring round a man to take.
fn target_mark(painter: &egui::Painter, rect: Rect, capture: bool, theme: &Theme) {
    let c = rect.center();
    match capture {
        false => {
            let r = rect.width() * 0.14;
            painter.circle(c, r, theme.mark, Stroke::new(r * 0.35, theme.mark_edge));
        }
        true => {
            let r = rect.width() * 0.44;
            let w = (rect.width() * 0.05).max(2.0);
            banded(painter, |s| Shape::circle_stroke(c, r, s), w, theme);
        }
    }
}

/// The files' and ranks' names along the bottom and the left edge, all in one size: the
/// largest at which the longest name fits.
fn draw_coordinates(
    painter: &egui::Painter,
    board: Rect,
    size: f32,
    edge: f32,
    look: &Look,
    names: Coordinates,
) {
    let files: Vec<String> = File::ALL.iter().map(|&f| names.file(f)).collect();
    let ranks: Vec<String> = Rank::ALL.iter().map(|&r| names.rank(r)).collect();
    let longest = files
        .iter()
        .chain(&ranks)
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    let font = FontId::proportional((size.min(edge * 1.6) / (longest * 0.62)).min(edge * 0.75));
    for i in 0..8u8 {
        let (Some(file), Some(rank)) = (File::new(i), Rank::new(i)) else {
            continue;
        };
        let r = square_rect(board, size, Square::from_coords(file, rank), look.flipped);
        painter.text(
            Pos2::new(r.center().x, board.max.y + edge * 0.5),
            Align2::CENTER_CENTER,
            &files[usize::from(i)],
            font.clone(),
            look.theme.text,
        );
        painter.text(
            Pos2::new(board.min.x - edge * 0.5, r.center().y),
            Align2::CENTER_CENTER,
            &ranks[usize::from(i)],
            font.clone(),
            look.theme.text,
        );
    }
}

/// The sensor board's reading, drawn small beside the game's board when they differ: the
/// men it can tell, a ring where it only knows something stands, a cross where it differs.
pub fn show_sensed(
    ui: &mut egui::Ui,
    sensed: &Snapshot,
    mismatched: &[Square],
    flipped: bool,
    theme: &Theme,
    side: f32,
) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
    let size = side / 8.0;
    let painter = ui.painter();
    for sq in Square::all() {
        let r = square_rect(rect, size, sq, flipped);
        painter.rect_filled(
            r,
            0.0,
            match sq.is_light() {
                true => theme.light,
                false => theme.dark,
            },
        );
        match sensed.get(sq) {
            Sensed::Empty => {}
            Sensed::Piece(p) => draw_man(painter, r.center(), size * 0.85, p, theme),
            Sensed::Occupied { color } => {
                let (fill, edge) = match color {
                    Some(c) => theme.man(c == Color::White),
                    None => (theme.mark, theme.mark_edge),
                };
                painter.circle(r.center(), size * 0.3, fill, Stroke::new(size * 0.08, edge));
            }
        }
        if mismatched.contains(&sq) {
            corner_cross(painter, r, theme);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use vichess::phrase::Language;
    use vichess::rules::Position;

    /// One frame of the board alone, the window having the keyboard or not; returns how soon
    /// the board asks to be drawn again (`Duration::MAX`: not until something happens).
    fn frame(ctx: &egui::Context, state: &mut BoardState, focused: bool) -> Duration {
        let view = View::still(Position::new(), Language::En);
        drawn(ctx, state, &view, focused, &[]).1
    }

    /// The words and colours the board's tests draw with.
    fn english_high_contrast() -> (Pack, Theme) {
        let pack = Pack::builtin("en").expect("the built-in English pack");
        let theme = Theme::of(
            super::super::ThemeName::HighContrast,
            [egui::Color32::WHITE, egui::Color32::BLACK],
        );
        (pack, theme)
    }

    /// White at the bottom, no coordinates.
    fn plain_look(theme: &Theme) -> Look<'_> {
        Look {
            theme,
            flipped: false,
            coordinates: None,
            man_scale: 0.8,
        }
    }

    /// One frame of `view` with `keys` pressed, the window having the keyboard when
    /// `focused`: the line the board sent, if any, and how soon it asks to be drawn again.
    fn drawn(
        ctx: &egui::Context,
        state: &mut BoardState,
        view: &View,
        focused: bool,
        keys: &[egui::Key],
    ) -> (Option<String>, Duration) {
        let (pack, theme) = english_high_contrast();
        let look = plain_look(&theme);
        let events = keys
            .iter()
            .map(|&key| egui::Event::Key {
                key,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            })
            .collect();
        let input = egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, Vec2::splat(800.0))),
            focused,
            events,
            ..Default::default()
        };
        let mut line = None;
        let out = ctx.run(input, |ctx| {
            egui::CentralPanel::default().show(ctx, |ui| {
                line = show(ui, state, view, &pack, &look).0;
            });
        });
        (
            line,
            out.viewport_output[&egui::ViewportId::ROOT].repaint_delay,
        )
    }

    /// A square keeps the focus a screen reader or a click gave it when the player turns to
    /// another window. The board then rests: it used to ask for a new frame at every frame,
    /// and the software renderer drew at full speed on both cores until the game ended.
    #[test]
    fn a_focused_square_in_a_window_in_the_background_does_not_redraw_for_ever() {
        let ctx = egui::Context::default();
        let mut state = BoardState::default();
        for _ in 0..2 {
            frame(&ctx, &mut state, true);
        }
        ctx.memory_mut(|m| m.request_focus(square_id(Square::E2)));
        let settled = |state: &mut BoardState, focused: bool| {
            (0..4).any(|_| frame(&ctx, state, focused) == Duration::MAX)
        };
        assert!(settled(&mut state, true), "the window with the keyboard");
        assert_eq!(state.focus, Some(Square::E2), "e2 is drawn with the focus");
        assert!(settled(&mut state, false), "the window in the background");
        assert_eq!(
            state.focus, None,
            "no square shows the focus in the background"
        );
        assert_eq!(
            ctx.memory(|m| m.focused()),
            Some(square_id(Square::E2)),
            "e2 has the focus back when the window has the keyboard again"
        );
        assert!(
            settled(&mut state, true),
            "the window with the keyboard again"
        );
        assert_eq!(state.focus, Some(Square::E2));
    }

    /// One frame of `view` with `keys` pressed, the window having the keyboard; returns the
    /// line the board sent, if any.
    fn keyed(
        ctx: &egui::Context,
        state: &mut BoardState,
        view: &View,
        keys: &[egui::Key],
    ) -> Option<String> {
        drawn(ctx, state, view, true, keys).0
    }

    /// A promotion made with the keys alone: an arrow key with nothing focused gives the
    /// board the focus, Enter chooses the pawn and its square, the chooser opens with the
    /// focus on the queen, and Enter there sends the move; after Escape the arrows come back
    /// to the square that had the focus.
    #[test]
    fn a_promotion_is_made_with_the_keys_alone() {
        use egui::Key::*;
        let position = Position::from_fen(
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            vichess::rules::CastlingMode::Standard,
        )
        .expect("FEN");
        let view = View::still(position, Language::En);
        let ctx = egui::Context::default();
        let mut state = BoardState::default();
        let run = |state: &mut BoardState, keys: &[egui::Key]| {
            let mut line = keyed(&ctx, state, &view, keys);
            for _ in 0..2 {
                line = line.or(keyed(&ctx, state, &view, &[]));
            }
            line
        };
        run(&mut state, &[]);
        assert_eq!(state.focus, None, "nothing has the focus at the start");
        run(&mut state, &[ArrowUp]);
        assert_eq!(
            state.focus,
            Some(Square::A1),
            "the first arrow focuses a corner"
        );
        for _ in 0..6 {
            run(&mut state, &[ArrowUp]);
        }
        assert_eq!(state.focus, Some(Square::A7));
        assert_eq!(run(&mut state, &[Enter]), None);
        assert_eq!(state.selected, Some(Square::A7), "Enter chose the pawn");
        run(&mut state, &[ArrowUp]);
        assert_eq!(run(&mut state, &[Enter]), None, "no move before the piece");
        assert_eq!(state.promotion, Some((Square::A7, Square::A8)));
        assert_eq!(
            ctx.memory(|m| m.focused()),
            Some(promotion_id(Role::Queen)),
            "the chooser has the focus, on the queen"
        );
        let line = run(&mut state, &[Enter]);
        assert_eq!(
            line.as_deref(),
            Some("a7a8q"),
            "Enter on the queen promotes"
        );
        assert_eq!(state.promotion, None);
        run(&mut state, &[Escape]);
        run(&mut state, &[ArrowDown]);
        assert_eq!(
            state.focus,
            Some(Square::A8),
            "after Escape an arrow brings the focus back to its square"
        );
    }

    /// The board is one Tab stop, as a grid is: Tab from any square goes on to what follows
    /// the board, Shift+Tab from there comes back to the square the keys were on, and the
    /// arrows, not Tab, walk the 64 squares.
    #[test]
    fn tab_passes_the_board_in_one_step_and_comes_back_to_its_square() {
        use egui::Key::*;
        let view = View::still(Position::new(), Language::En);
        let ctx = egui::Context::default();
        let mut state = BoardState::default();
        let (pack, theme) = english_high_contrast();
        let look = plain_look(&theme);
        // The buttons' ids, as egui gives them.
        let buttons = std::cell::Cell::new((egui::Id::NULL, egui::Id::NULL));
        // Frames with a button before the board and one after it, `key` pressed in the
        // first (with Shift when `shift`); the widget with the focus after them.
        let run = |state: &mut BoardState, key: Option<egui::Key>, shift: bool| {
            for n in 0..3 {
                let events = key
                    .filter(|_| n == 0)
                    .map(|key| egui::Event::Key {
                        key,
                        physical_key: None,
                        pressed: true,
                        repeat: false,
                        modifiers: match shift {
                            true => egui::Modifiers::SHIFT,
                            false => egui::Modifiers::NONE,
                        },
                    })
                    .into_iter()
                    .collect();
                let input = egui::RawInput {
                    screen_rect: Some(Rect::from_min_size(Pos2::ZERO, Vec2::splat(900.0))),
                    focused: true,
                    events,
                    ..Default::default()
                };
                let _ = ctx.run(input, |ctx| {
                    egui::CentralPanel::default().show(ctx, |ui| {
                        let before = ui.button("before").id;
                        show(ui, state, &view, &pack, &look);
                        buttons.set((before, ui.button("after").id));
                    });
                });
            }
            ctx.memory(|m| m.focused())
        };
        let named = |id: Option<egui::Id>| -> String {
            let (before, after) = buttons.get();
            match Square::all().find(|&s| Some(square_id(s)) == id) {
                Some(sq) => sq.to_string(),
                None if id == Some(before) => "the button before".to_string(),
                None if id == Some(after) => "the button after".to_string(),
                None => format!("{id:?}"),
            }
        };
        run(&mut state, None, false);
        run(&mut state, Some(ArrowUp), false);
        // The first arrow focuses a1; then to e4.
        for key in [
            ArrowUp, ArrowUp, ArrowUp, ArrowRight, ArrowRight, ArrowRight, ArrowRight,
        ] {
            run(&mut state, Some(key), false);
        }
        assert_eq!(state.focus, Some(Square::E4), "the arrows walk the board");
        let next = run(&mut state, Some(Tab), false);
        assert_eq!(named(next), "the button after", "Tab from e4");
        let back = run(&mut state, Some(Tab), true);
        assert_eq!(
            named(back),
            "e4",
            "Shift+Tab comes back to the square the keys were on"
        );
        let out = run(&mut state, Some(Tab), true);
        assert_eq!(named(out), "the button before", "Shift+Tab from e4");
        assert_eq!(named(run(&mut state, Some(Tab), false)), "e4");
    }
}
