//! How the top level plays Sholo Guti endings the database covers: in a won position the move
//! that keeps the win with the smallest DTZ, reported as `win N`; in a lost one the move that
//! keeps the loss longest, `loss N`; a drawn position is left to the normal search. The
//! database's line stops at the next capture (its distances count plies to the next capture).
//!
//! The same database scores covered positions below the root of the top level's search
//! ([`EndgameTable`]).

use chaupal_rules::sholo_guti::{Move, SholoGuti};

use super::SholoGutiTb;
use crate::game_ai::TablebaseValue;
use crate::perfect::player::Policy;
use crate::perfect::probe::{EndgameTable, SearchLayer};
use crate::perfect::tablebase::{Choice, Tablebase, Wdl};
use crate::request::SearchRequest;

impl Tablebase<SholoGuti> for SholoGutiTb {
    fn value(&self, game: &SholoGuti) -> Option<(Wdl, u32)> {
        SholoGutiTb::value(self, game)
    }

    fn move_values(&self, game: &SholoGuti) -> Option<Vec<(Move, Wdl, u32)>> {
        SholoGutiTb::move_values(self, game)
    }
}

impl Policy<SholoGuti> for SholoGutiTb {
    /// The database's move when the position is won or lost and the move keeps that value.
    fn pick(
        &self,
        game: &SholoGuti,
        choice: &Choice<Move>,
        _request: &SearchRequest,
        _search: &mut dyn SearchLayer<SholoGuti>,
    ) -> Option<Move> {
        let (wdl, _) = SholoGutiTb::value(self, game)?;
        (wdl != Wdl::Draw && wdl == choice.wdl).then_some(choice.best)
    }

    fn line_stops_after(&self, mv: Move) -> bool {
        mv.is_capture()
    }
}

impl EndgameTable<SholoGuti> for SholoGutiTb {
    fn value(&self, game: &SholoGuti) -> Option<TablebaseValue> {
        let (wdl, plies) = SholoGutiTb::value(self, game)?;
        Some(match wdl {
            Wdl::Win => TablebaseValue::Win(plies),
            Wdl::Draw => TablebaseValue::Draw,
            Wdl::Loss => TablebaseValue::Loss(plies),
        })
    }
}
