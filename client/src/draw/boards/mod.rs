//! The four boards, drawn from a [`BoardView`] through a [`Frame`], with the marks of play on
//! top (selection, legal destinations, last move, hint). Shapes and letters only: the fonts are
//! the only bundled art.
//!
//! One file a game (`bagh_chal`, `sholo_guti`, `jungle`, `kalah`); what they share:
//! the wooden face and its coordinates (`board_face`), the round tokens and the sides' colours
//! (`tokens`), the marks of play (`marks`). This file holds the [`Marks`], [`draw`] and
//! where a cell is on the screen.

mod bagh_chal;
mod board_face;
mod jungle;
mod kalah;
mod marks;
mod sholo_guti;
mod tokens;

use chaupal_rules::GameKind;

use super::Fonts;
use crate::geometry::{self, CellName, Frame, Px, Unit};
use crate::view::BoardView;
use crate::words::Words;

pub use bagh_chal::{goat, tiger};
pub use jungle::animal_piece;

/// The marks of play drawn over a board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The cells clicked towards a move (the piece, then the landings of a chain).
    pub selected: Vec<CellName>,
    /// Where the next click can go.
    pub targets: Vec<CellName>,
    /// The cells of the last move.
    pub last: Vec<CellName>,
    /// Pieces the last move captured.
    pub last_captured: Vec<CellName>,
    /// Pieces the selected piece can capture by a jump (ringed, as Jungle rings the pieces a
    /// step can take).
    pub capturable: Vec<CellName>,
    /// Pieces jumped so far in the chain being entered.
    pub jumped: Vec<CellName>,
    /// The cells of a suggested move.
    pub hint: Vec<CellName>,
    /// The cells of the review's best move in the position shown.
    pub best: Vec<CellName>,
    /// The cell under the mouse.
    pub hover: Option<CellName>,
    /// Kalah: the slot (shared layout) a seed just landed in.
    pub sown: Option<usize>,
    /// A piece on its way: the cell it is going to, and where it is now.
    pub moving: Option<(CellName, Unit)>,
    /// The keyboard's cursor.
    pub cursor: Option<CellName>,
}

/// Draws `view` in `frame` with `marks`.
pub fn draw(view: &BoardView, frame: &Frame, marks: &Marks, (fonts, words): (&Fonts, &Words)) {
    match view {
        BoardView::BaghChal(v) => bagh_chal::bagh_chal(v, frame, marks, (fonts, words)),
        BoardView::Kalah(v) => kalah::kalah(v, frame, marks, fonts),
        BoardView::Jungle(v) => jungle::jungle(v, frame, marks, (fonts, words)),
        BoardView::SholoGuti(v) => sholo_guti::sholo_guti(v, frame, marks, fonts),
    }
    if let Some(cell) = &marks.cursor
        && let Some(p) = at(view, frame, cell)
    {
        marks::cursor_frame(p, frame.px(geometry::pick_radius(view)));
    }
}

/// Piece radius on the point boards, in board units.
const POINT_PIECE_R: f32 = 0.34;

/// The screen position of a named cell.
fn at(view: &BoardView, frame: &Frame, cell: &str) -> Option<Px> {
    geometry::cell_unit(geometry::kind_of(view), view, cell).map(|u| frame.to_px(u))
}

/// Where the piece standing on `cell` is drawn: on its cell, or on its way there.
fn piece_at(view: &BoardView, frame: &Frame, marks: &Marks, cell: &str) -> Option<Px> {
    match &marks.moving {
        Some((to, now)) if to == cell => Some(frame.to_px(*now)),
        _ => at(view, frame, cell),
    }
}

/// The kind of game a view is, for callers that only have the view.
pub fn kind(view: &BoardView) -> GameKind {
    geometry::kind_of(view)
}
