//! Where things are on each board: the points, squares and houses in board units, the frame
//! that maps board units to the window (scaled, centred, turned round when the board is
//! flipped), and hit-testing a click. Pure arithmetic, tested without a window.

use chaupal_rules::{GameKind, Side};

use crate::view::BoardView;

/// A point in board units (y grows upward: south, the first player, at the bottom).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Unit {
    pub x: f32,
    pub y: f32,
}

/// A point on the screen, in pixels (y grows downward).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Px {
    pub x: f32,
    pub y: f32,
}

/// A rectangle on the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Area {
    /// Whether `p` lies inside.
    pub fn contains(&self, p: Px) -> bool {
        p.x >= self.x && p.x <= self.x + self.w && p.y >= self.y && p.y <= self.y + self.h
    }

    /// Whether `other` lies wholly within this area (half a pixel spared for rounding).
    pub fn holds(&self, other: Area) -> bool {
        other.x >= self.x - 0.5
            && other.y >= self.y - 0.5
            && other.x + other.w <= self.x + self.w + 0.5
            && other.y + other.h <= self.y + self.h + 0.5
    }

    /// The area shrunk by `m` on every side.
    pub fn inset(&self, m: f32) -> Area {
        Area {
            x: self.x + m,
            y: self.y + m,
            w: (self.w - 2.0 * m).max(0.0),
            h: (self.h - 2.0 * m).max(0.0),
        }
    }
}

/// The extent of a board drawing in board units, margins and trays included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extent {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

/// Bagh Chal: extra room below and above the lines for the goats in hand and the captured.
pub const BAGHCHAL_TRAY: f32 = 1.1;
/// Kalah: the width of a store, in house widths.
pub const KALAH_STORE_W: f32 = 0.9;
/// Kalah: the height of the board (two rows of houses).
pub const KALAH_H: f32 = 3.0;
/// Room around point boards for the coordinate labels.
pub const LABEL_MARGIN: f32 = 1.15;

/// The extent of a view's drawing.
pub fn extent(view: &BoardView) -> Extent {
    match view {
        BoardView::BaghChal(_) => Extent {
            x0: -LABEL_MARGIN,
            y0: -LABEL_MARGIN - BAGHCHAL_TRAY,
            x1: 4.0 + LABEL_MARGIN,
            y1: 4.0 + LABEL_MARGIN + BAGHCHAL_TRAY,
        },
        BoardView::Kalah(v) => Extent {
            x0: -0.1,
            y0: -0.45,
            x1: v.pits as f32 + 2.0 * KALAH_STORE_W + 0.1,
            y1: KALAH_H + 0.45,
        },
        // The coordinates are inside the squares: only the board's edge and shadow around.
        BoardView::Jungle(v) => Extent {
            x0: -0.2,
            y0: -0.2,
            x1: f32::from(v.files) + 0.2,
            y1: f32::from(v.ranks) + 0.2,
        },
        BoardView::SholoGuti(_) => Extent {
            x0: -LABEL_MARGIN,
            y0: -LABEL_MARGIN,
            x1: 4.0 + LABEL_MARGIN,
            y1: 8.0 + LABEL_MARGIN,
        },
    }
}

/// Maps board units to the screen for one drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Pixels per board unit.
    pub scale: f32,
    /// The screen position of the extent's top-left corner (as drawn).
    pub origin: Px,
    /// The extent drawn.
    pub extent: Extent,
    /// Whether the board is turned round (north at the bottom).
    pub flipped: bool,
}

impl Frame {
    /// The largest frame that fits `area`, centred in it.
    pub fn fit(extent: Extent, area: Area, flipped: bool) -> Frame {
        let w = extent.x1 - extent.x0;
        let h = extent.y1 - extent.y0;
        let scale = (area.w / w).min(area.h / h).max(0.001);
        Frame {
            scale,
            origin: Px {
                x: area.x + (area.w - w * scale) / 2.0,
                y: area.y + (area.h - h * scale) / 2.0,
            },
            extent,
            flipped,
        }
    }

    /// A board point on the screen.
    pub fn to_px(&self, u: Unit) -> Px {
        let e = self.extent;
        let (dx, dy) = if self.flipped {
            (e.x1 - u.x, u.y - e.y0)
        } else {
            (u.x - e.x0, e.y1 - u.y)
        };
        Px {
            x: self.origin.x + dx * self.scale,
            y: self.origin.y + dy * self.scale,
        }
    }

    /// A screen point in board units.
    pub fn to_unit(&self, p: Px) -> Unit {
        let e = self.extent;
        let dx = (p.x - self.origin.x) / self.scale;
        let dy = (p.y - self.origin.y) / self.scale;
        if self.flipped {
            Unit {
                x: e.x1 - dx,
                y: e.y0 + dy,
            }
        } else {
            Unit {
                x: e.x0 + dx,
                y: e.y1 - dy,
            }
        }
    }

    /// The screen area of the whole drawing.
    pub fn area(&self) -> Area {
        let e = self.extent;
        Area {
            x: self.origin.x,
            y: self.origin.y,
            w: (e.x1 - e.x0) * self.scale,
            h: (e.y1 - e.y0) * self.scale,
        }
    }

    /// A length in board units, in pixels.
    pub fn px(&self, units: f32) -> f32 {
        units * self.scale
    }
}

/// The name of a clickable place: a point or square name (`c3`), or a Kalah house (`s1` is
/// south's house 1, `n3` north's house 3; `S` and `N` are the stores).
pub type CellName = String;

/// Kalah: the centre of house `house` (0-based, from its owner's left) of `side`.
pub fn kalah_house(pits: usize, side: Side, house: usize) -> Unit {
    let column = match side {
        Side::First => house,
        Side::Second => pits - 1 - house.min(pits - 1),
    };
    Unit {
        x: KALAH_STORE_W + column as f32 + 0.5,
        y: match side {
            Side::First => 0.7,
            Side::Second => KALAH_H - 0.7,
        },
    }
}

/// Kalah: the centre of a side's store (south's at the right, north's at the left).
pub fn kalah_store(pits: usize, side: Side) -> Unit {
    Unit {
        x: match side {
            Side::First => KALAH_STORE_W + pits as f32 + KALAH_STORE_W / 2.0,
            Side::Second => KALAH_STORE_W / 2.0,
        },
        y: KALAH_H / 2.0,
    }
}

/// Kalah: the cell name of a house (1-based number).
pub fn kalah_cell(side: Side, house: usize) -> CellName {
    let letter = match side {
        Side::First => 's',
        Side::Second => 'n',
    };
    format!("{letter}{house}")
}

/// Reads a point or square name into (file, rank) indices, a1 = (0, 0).
pub fn file_rank(name: &str) -> Option<(u8, u8)> {
    match name.as_bytes() {
        [f @ b'a'..=b'z', r @ b'1'..=b'9'] => Some((f - b'a', r - b'1')),
        _ => None,
    }
}

/// The name of (file, rank) indices.
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), char::from(b'1' + rank))
}

/// Where a named cell is drawn, in board units (the centre of a square or house).
pub fn cell_unit(kind: GameKind, view: &BoardView, name: &str) -> Option<Unit> {
    match (kind, view) {
        (GameKind::Kalah, BoardView::Kalah(v)) => {
            let (side, rest) = match name.split_at_checked(1)? {
                ("s", r) => (Side::First, r),
                ("n", r) => (Side::Second, r),
                _ => return None,
            };
            let house: usize = rest.parse().ok()?;
            (1..=v.pits)
                .contains(&house)
                .then(|| kalah_house(v.pits, side, house - 1))
        }
        (GameKind::Jungle, BoardView::Jungle(v)) => {
            let (f, r) = file_rank(name)?;
            (f < v.files && r < v.ranks).then(|| Unit {
                x: f32::from(f) + 0.5,
                y: f32::from(r) + 0.5,
            })
        }
        (GameKind::BaghChal, BoardView::BaghChal(_)) => {
            let (f, r) = file_rank(name)?;
            (f < 5 && r < 5).then(|| Unit {
                x: f32::from(f),
                y: f32::from(r),
            })
        }
        (GameKind::SholoGuti, BoardView::SholoGuti(_)) => {
            chaupal_rules::sholo_guti::board::point_named(name)?;
            let (f, r) = file_rank(name)?;
            Some(Unit {
                x: f32::from(f),
                y: f32::from(r),
            })
        }
        _ => None,
    }
}

/// Every clickable cell of a view.
pub fn cells(view: &BoardView) -> Vec<CellName> {
    match view {
        BoardView::BaghChal(_) => (0..5)
            .flat_map(|r| (0..5).map(move |f| square_name(f, r)))
            .collect(),
        BoardView::Kalah(v) => Side::BOTH
            .into_iter()
            .flat_map(|s| (1..=v.pits).map(move |h| kalah_cell(s, h)))
            .collect(),
        BoardView::Jungle(v) => (0..v.ranks)
            .flat_map(|r| (0..v.files).map(move |f| square_name(f, r)))
            .collect(),
        BoardView::SholoGuti(_) => chaupal_rules::sholo_guti::board::NAMES
            .iter()
            .map(|n| (*n).to_owned())
            .collect(),
    }
}

/// The kind of game a view shows.
pub fn kind_of(view: &BoardView) -> GameKind {
    match view {
        BoardView::BaghChal(_) => GameKind::BaghChal,
        BoardView::Kalah(_) => GameKind::Kalah,
        BoardView::Jungle(_) => GameKind::Jungle,
        BoardView::SholoGuti(_) => GameKind::SholoGuti,
    }
}

/// How far from a cell's centre a click still picks it, in board units.
pub fn pick_radius(view: &BoardView) -> f32 {
    match view {
        BoardView::Jungle(_) => 0.5,
        BoardView::Kalah(_) => 0.5,
        _ => 0.45,
    }
}

/// The cell under a screen point, if any.
pub fn hit(view: &BoardView, frame: &Frame, p: Px) -> Option<CellName> {
    let kind = kind_of(view);
    let u = frame.to_unit(p);
    let radius = pick_radius(view);
    let square = matches!(view, BoardView::Jungle(_) | BoardView::Kalah(_));
    cells(view)
        .into_iter()
        .filter_map(|name| {
            let c = cell_unit(kind, view, &name)?;
            let (dx, dy) = ((u.x - c.x).abs(), (u.y - c.y).abs());
            let inside = if square {
                dx <= radius && dy <= radius
            } else {
                dx * dx + dy * dy <= radius * radius
            };
            inside.then_some((dx * dx + dy * dy, name))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{JungleView, KalahView};
    use chaupal_rules::AnyGame;

    fn area() -> Area {
        Area {
            x: 10.0,
            y: 20.0,
            w: 600.0,
            h: 700.0,
        }
    }

    #[test]
    fn frame_round_trips_and_flipping_turns_the_board_round() {
        let view = BoardView::Jungle(JungleView::standard_start());
        for flipped in [false, true] {
            let f = Frame::fit(extent(&view), area(), flipped);
            let u = Unit { x: 1.5, y: 2.5 };
            let back = f.to_unit(f.to_px(u));
            assert!((back.x - u.x).abs() < 1e-3 && (back.y - u.y).abs() < 1e-3);
        }
        let plain = Frame::fit(extent(&view), area(), false);
        let turned = Frame::fit(extent(&view), area(), true);
        let a1 = Unit { x: 0.5, y: 0.5 };
        // Unflipped, a1 is bottom-left; flipped, it is top-right.
        assert!(plain.to_px(a1).y > plain.to_px(Unit { x: 0.5, y: 8.5 }).y);
        assert!(turned.to_px(a1).y < turned.to_px(Unit { x: 0.5, y: 8.5 }).y);
        assert!(turned.to_px(a1).x > turned.to_px(Unit { x: 6.5, y: 0.5 }).x);
    }

    #[test]
    fn the_frame_fits_inside_the_area_and_keeps_the_aspect() {
        let view = BoardView::of(&AnyGame::start(GameKind::SholoGuti, [("", ""); 0]).expect("ok"));
        let f = Frame::fit(extent(&view), area(), false);
        let a = f.area();
        assert!(a.x >= 10.0 - 1e-3 && a.x + a.w <= 610.0 + 1e-3);
        assert!(a.y >= 20.0 - 1e-3 && a.y + a.h <= 720.0 + 1e-3);
    }

    #[test]
    fn clicking_a_cell_centre_hits_that_cell_on_every_board() {
        let views = [
            BoardView::of(&AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("ok")),
            BoardView::of(&AnyGame::start(GameKind::SholoGuti, [("", ""); 0]).expect("ok")),
            BoardView::of(&AnyGame::start(GameKind::Kalah, [("pits", "8")]).expect("ok")),
            BoardView::Jungle(JungleView::standard_start()),
        ];
        for view in &views {
            for flipped in [false, true] {
                let f = Frame::fit(extent(view), area(), flipped);
                for name in cells(view) {
                    let u = cell_unit(kind_of(view), view, &name).expect("cell");
                    assert_eq!(hit(view, &f, f.to_px(u)).as_deref(), Some(name.as_str()));
                }
            }
        }
    }

    #[test]
    fn a_click_between_points_or_off_the_board_hits_nothing() {
        let view = BoardView::of(&AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("ok"));
        let f = Frame::fit(extent(&view), area(), false);
        assert_eq!(hit(&view, &f, f.to_px(Unit { x: 0.5, y: 0.5 })), None);
        assert_eq!(hit(&view, &f, Px { x: 0.0, y: 0.0 }), None);
    }

    #[test]
    fn kalah_rows_run_counter_clockwise() {
        let v = KalahView::from_slots(6, &[4; 14]);
        let view = BoardView::Kalah(v);
        let s1 = cell_unit(GameKind::Kalah, &view, "s1").expect("s1");
        let s6 = cell_unit(GameKind::Kalah, &view, "s6").expect("s6");
        let n1 = cell_unit(GameKind::Kalah, &view, "n1").expect("n1");
        // South sows left to right along the bottom, north right to left along the top.
        assert!(s1.x < s6.x && s1.y < n1.y);
        assert!(n1.x > s1.x);
        assert!(kalah_store(6, Side::First).x > s6.x);
        assert!(kalah_store(6, Side::Second).x < s1.x);
        assert_eq!(cell_unit(GameKind::Kalah, &view, "s7"), None);
    }
}
