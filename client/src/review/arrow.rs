//! The best move's mark on the board: an arrow from the piece's cell through each landing for
//! a step, a jump or a chain of captures, or a marker on one cell for a move that names a
//! single cell (a goat placed in Bagh Chal, a Kalah house sown). The cells come from the move's
//! notation the way a clicked move's do ([`move_path`]); only cells the board has are used.

use chaupal_rules::AnyGame;

use crate::geometry::{self, CellName, Unit};
use crate::selection::move_path;
use crate::view::BoardView;

/// How the best move is marked on the board.
#[derive(Clone, Debug, PartialEq)]
pub enum BestMark {
    /// An arrow through these cells: where the piece starts, then each landing.
    Arrow(Vec<CellName>),
    /// A marker on one cell: a placement, or a Kalah house.
    Point(CellName),
}

impl BestMark {
    /// The cells marked, in order.
    pub fn cells(&self) -> Vec<CellName> {
        match self {
            BestMark::Arrow(path) => path.clone(),
            BestMark::Point(cell) => vec![cell.clone()],
        }
    }

    /// Where the arrow starts and ends in board units (a point's marker: the same point
    /// twice); none when a cell is not on the board.
    pub fn ends(&self, view: &BoardView) -> Option<(Unit, Unit)> {
        let kind = geometry::kind_of(view);
        let cells = self.cells();
        let first = geometry::cell_unit(kind, view, cells.first()?)?;
        let last = geometry::cell_unit(kind, view, cells.last()?)?;
        Some((first, last))
    }
}

/// The mark for `best`, a move of the side to move in `game`; none when it names no cell of
/// the board.
pub fn best_mark(game: &AnyGame, best: &str) -> Option<BestMark> {
    let kind = game.kind();
    let view = BoardView::of(game);
    let path = move_path(kind, game.side_to_move(), best);
    if path.is_empty()
        || path
            .iter()
            .any(|c| geometry::cell_unit(kind, &view, c).is_none())
    {
        return None;
    }
    Some(match path.as_slice() {
        [one] => BestMark::Point(one.clone()),
        _ => BestMark::Arrow(path),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::GameKind;

    fn start(kind: GameKind) -> AnyGame {
        AnyGame::start(kind, [("", ""); 0]).expect("start")
    }

    #[test]
    fn a_bagh_chal_step_is_an_arrow_between_its_points() {
        let mut game = start(GameKind::BaghChal);
        game.play_text("c3").expect("a goat");
        let mark = best_mark(&game, "a1-b2").expect("a mark");
        assert_eq!(mark, BestMark::Arrow(vec!["a1".into(), "b2".into()]));
        let ends = mark.ends(&BoardView::of(&game));
        assert_eq!(
            ends,
            Some((Unit { x: 0.0, y: 0.0 }, Unit { x: 1.0, y: 1.0 }))
        );
    }

    #[test]
    fn a_goat_placed_is_a_marker_on_its_point() {
        let game = start(GameKind::BaghChal);
        let mark = best_mark(&game, "c3").expect("a mark");
        assert_eq!(mark, BestMark::Point("c3".into()));
        assert_eq!(
            mark.ends(&BoardView::of(&game)),
            Some((Unit { x: 2.0, y: 2.0 }, Unit { x: 2.0, y: 2.0 }))
        );
    }

    #[test]
    fn a_jungle_move_is_an_arrow_between_square_centres() {
        let game = start(GameKind::Jungle);
        // South's elephant steps forward.
        let mark = best_mark(&game, "a3-a4").expect("a mark");
        assert_eq!(mark, BestMark::Arrow(vec!["a3".into(), "a4".into()]));
        assert_eq!(
            mark.ends(&BoardView::of(&game)),
            Some((Unit { x: 0.5, y: 2.5 }, Unit { x: 0.5, y: 3.5 }))
        );
        // A capture reads the same way.
        assert_eq!(
            best_mark(&game, "a3xa4").map(|m| m.cells()),
            Some(vec!["a3".to_owned(), "a4".to_owned()])
        );
    }

    #[test]
    fn a_kalah_move_marks_the_movers_house_and_nonsense_marks_nothing() {
        let game = start(GameKind::Kalah);
        assert_eq!(best_mark(&game, "3"), Some(BestMark::Point("s3".into())));
        assert_eq!(best_mark(&game, "99"), None, "no such house");
        assert_eq!(best_mark(&start(GameKind::BaghChal), "z9-c3"), None);
        assert_eq!(best_mark(&start(GameKind::Jungle), ""), None);
    }
}
