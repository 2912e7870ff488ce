//! Berserk in an arena's game (docs/TOURNAMENTS.md): whether this player may go berserk now,
//! as the game on the screen shows it (the server decides; this keeps the button honest).

use crate::play::{Match, Seats};

impl Match {
    /// Whether this player may go berserk now (in an arena's game, which the caller knows):
    /// a live game with a clock, one side played here, before that side's first move, once.
    pub fn may_go_berserk(&self) -> bool {
        let Seats::One(me) = self.seats else {
            return false;
        };
        self.online
            && self.clocks.is_some()
            && !self.finished()
            && !self.berserk[me.index()]
            && !self.moves.iter().any(|p| p.side == me)
    }
}
