//! The position a search walks: the game plus the hashes of the line from the root, so that a
//! repetition on the search path scores as a draw, with the contempt setting applied.

use std::sync::Arc;

use chaupal_rules::{EndReason, Side};

use super::game_ai::{GameAi, TablebaseValue};
use super::value::{TABLEBASE_WIN, Value};
use crate::perfect::probe::EndgameTable;

/// A game being searched.
#[derive(Debug)]
pub(crate) struct SearchPosition<G: GameAi> {
    /// The game, moved along the searched line.
    pub game: G,
    /// Hashes of the positions from the root to the current one (root first).
    path: Vec<u64>,
    /// The side the search plays for.
    root_side: Side,
    /// What a draw costs the side the search plays for (positive: avoid draws): the contempt,
    /// and when playing for a win the game's `draw_penalty` at the root.
    draw_cost: Value,
    /// Whether a position met earlier on the line scores as a draw at once (the usual search
    /// shortcut; the game itself needs a third occurrence). Playing for a win, so does a
    /// position met earlier in the game ([`GameAi::occurred_before`]).
    path_repetition: bool,
    /// Whether the searching side plays for a win (`draw_penalty`, `progress_bonus`).
    play_for_win: bool,
    /// The endgame database positions below the root are scored from, if any.
    endgame: Option<Arc<dyn EndgameTable<G>>>,
}

/// What `status` found at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeStatus {
    pub value: Value,
    /// The value depends on how the node was reached (repetitions, the no-capture clock) or
    /// comes from an endgame database, so it is not a proven game end of the position alone.
    pub path_dependent: bool,
}

impl<G: GameAi> SearchPosition<G> {
    pub fn new(game: G, contempt: Value) -> Self {
        let root_side = game.side_to_move();
        let mut path = Vec::with_capacity(256);
        path.push(game.hash());
        SearchPosition {
            game,
            path,
            root_side,
            draw_cost: contempt,
            path_repetition: true,
            play_for_win: false,
            endgame: None,
        }
    }

    /// Turns off the search-path repetition shortcut (only the game's own rule applies).
    pub(crate) fn without_path_repetition(mut self) -> Self {
        self.path_repetition = false;
        self
    }

    /// Plays for a win: a draw costs the searching side its lead as well
    /// ([`GameAi::draw_penalty`]), and leaves add its [`GameAi::progress_bonus`].
    ///
    /// The lead is the root's, the one the game has now, and it prices every draw of the
    /// search: priced by the lead where the draw happens, a side behind would value a draw more
    /// after losing another piece, so a search level in material gave a piece away and then
    /// repeated (a repetition on the searched line is a draw).
    pub(crate) fn playing_for_win(mut self) -> Self {
        if !self.play_for_win {
            self.play_for_win = true;
            self.draw_cost += self.game.draw_penalty(self.root_side);
        }
        self
    }

    /// Scores the positions below the root that `endgame` covers from it, unless the root
    /// itself is covered: there the database's own player moves, and a search of a drawn root
    /// keeps looking for the opponent's mistakes rather than seeing only draws.
    pub(crate) fn read_endgame(&mut self, endgame: Option<Arc<dyn EndgameTable<G>>>) {
        self.endgame = endgame.filter(|tb| tb.value(&self.game).is_none());
    }

    /// Whether positions below the root are scored from an endgame database.
    #[cfg(test)]
    pub(crate) fn probes_tablebase(&self) -> bool {
        self.endgame.is_some()
    }

    /// The endgame database positions below the root are scored from, if any.
    pub fn endgame(&self) -> Option<Arc<dyn EndgameTable<G>>> {
        self.endgame.clone()
    }

    #[inline]
    pub fn make(&mut self, mv: G::Move) -> G::Undo {
        let undo = self.game.make(mv);
        self.path.push(self.game.hash());
        undo
    }

    #[inline]
    pub fn unmake(&mut self, mv: G::Move, undo: G::Undo) {
        self.path.pop();
        self.game.unmake(mv, undo);
    }

    /// The side the search plays for.
    pub(crate) fn root_side(&self) -> Side {
        self.root_side
    }

    /// What a draw is worth to the side to move: the contempt, and when playing for a win the
    /// game's `draw_penalty` for the searching side at the root.
    #[inline]
    pub(crate) fn draw_value(&self) -> Value {
        if self.game.side_to_move() == self.root_side {
            -self.draw_cost
        } else {
            self.draw_cost
        }
    }

    /// The searching side's [`GameAi::progress_bonus`] here, for the side to move (0 unless
    /// playing for a win).
    #[inline]
    pub(crate) fn progress_bonus(&self) -> Value {
        if !self.play_for_win {
            return 0;
        }
        let bonus = self.game.progress_bonus(self.root_side);
        if self.game.side_to_move() == self.root_side {
            bonus
        } else {
            -bonus
        }
    }

    /// The value of the current node if the game ended there or the line repeated a position;
    /// `None` when play goes on. `ply` is the distance from the root.
    #[inline]
    pub fn status(&self, ply: usize) -> Option<NodeStatus> {
        if let Some(outcome) = self.game.outcome() {
            let path_dependent = matches!(
                outcome.reason(),
                EndReason::Repetition | EndReason::NoCaptureLimit
            );
            return Some(NodeStatus {
                value: self.game.terminal_value(outcome, ply, self.draw_value()),
                path_dependent,
            });
        }
        if self.path_repetition && ply > 0 {
            let current = self.path[self.path.len() - 1];
            if self.path[..self.path.len() - 1].contains(&current)
                || (self.play_for_win && self.game.occurred_before())
            {
                return Some(NodeStatus {
                    value: self.draw_value(),
                    path_dependent: true,
                });
            }
        }
        if ply > 0
            && let Some(endgame) = &self.endgame
            && let Some(known) = endgame.value(&self.game)
        {
            // A database value is exact, but a win counts plies to the next capture, not to
            // the end: it scores below the forced-win band and is not reported as proven.
            let value = match known {
                TablebaseValue::Win(plies) => TABLEBASE_WIN - plies as Value,
                TablebaseValue::Loss(plies) => -TABLEBASE_WIN + plies as Value,
                TablebaseValue::Draw => self.draw_value(),
            };
            return Some(NodeStatus {
                value,
                path_dependent: true,
            });
        }
        None
    }
}
