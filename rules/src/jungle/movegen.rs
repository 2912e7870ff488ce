//! Move generation for Jungle: steps, river jumps and the capture rules (rank, rat and
//! elephant, water and land, traps), plus the reason a given move is illegal, for people.

use super::animal::{Animal, EMPTY, code_animal, code_side};
use super::board::{Square, bit};
use super::{Jungle, Move};

impl Jungle {
    /// Calls `visit` with every move the side to move could make on this board, ignoring whether
    /// the game is over. Stops early, returning `false`, as soon as `visit` returns `false`.
    #[inline]
    pub(super) fn for_each_move<F: FnMut(Move) -> bool>(&self, mut visit: F) -> bool {
        let g = self.geo;
        let side = self.side.index();
        let own = self.occ[side];
        let enemy = self.occ[side ^ 1];
        // No piece enters a square of its own side or its own den; only the rat enters water.
        let closed = own | g.den_masks[side];
        let closed_to_land_animals = closed | g.water;
        let mut pieces = own;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as Square;
            pieces &= pieces - 1;
            let animal = code_animal(self.board[from as usize]);
            let mut targets;
            if animal == Animal::Rat {
                targets = g.steps[from as usize] & !closed;
            } else {
                targets = g.steps[from as usize] & !closed_to_land_animals;
                if animal.jumps() && g.jump_sources & bit(from) != 0 {
                    for jump in g.jumps[from as usize].iter().flatten() {
                        if jump.over & self.rats == 0 {
                            targets |= bit(jump.to) & !closed;
                        }
                    }
                }
            }
            let mut quiet = targets & !enemy;
            while quiet != 0 {
                let to = quiet.trailing_zeros() as Square;
                quiet &= quiet - 1;
                if !visit(Move::new(from, to)) {
                    return false;
                }
            }
            let mut prey = targets & enemy;
            while prey != 0 {
                let to = prey.trailing_zeros() as Square;
                prey &= prey - 1;
                if self.may_capture(animal, from, to) && !visit(Move::new(from, to)) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `animal` of the side to move, standing on `from`, may capture the enemy on `to`
    /// (a square it can otherwise reach).
    #[inline]
    fn may_capture(&self, animal: Animal, from: Square, to: Square) -> bool {
        let g = self.geo;
        // No capture between water and land, in either direction.
        if ((g.water >> from) ^ (g.water >> to)) & 1 != 0 {
            return false;
        }
        // An enemy on one of our own traps falls to any of our pieces; elsewhere rank decides.
        g.traps[self.side.index()] & bit(to) != 0
            || animal.outranks(code_animal(self.board[to as usize]))
    }

    /// Why moving from `from` to `to` is not legal here, in words. Meant for a move already
    /// known not to be among the legal moves.
    pub(super) fn why_illegal(&self, from: Square, to: Square) -> String {
        let g = self.geo;
        let side = self.side;
        let (from_name, to_name) = (g.name(from), g.name(to));
        let code = self.board[from as usize];
        if code == EMPTY {
            return format!("there is no piece on {from_name}");
        }
        let animal = code_animal(code);
        if code_side(code) != side {
            return format!(
                "the {} on {from_name} is {}'s, and {} is to move",
                animal.name(),
                Self::name_of(side.opponent()),
                Self::name_of(side)
            );
        }
        if from == to {
            return "a move must leave its square".to_owned();
        }
        let jump = g.jumps[from as usize]
            .iter()
            .flatten()
            .find(|j| j.to == to)
            .copied();
        let step = g.steps[from as usize] & bit(to) != 0;
        if !step {
            let Some(jump) = jump else {
                return format!(
                    "{to_name} is not next to {from_name}: a piece moves one square orthogonally{}",
                    if animal.jumps() {
                        ", or jumps straight across the river"
                    } else {
                        ""
                    }
                );
            };
            if !animal.jumps() {
                return format!(
                    "only the lion and the tiger jump across the river, not the {}",
                    animal.name()
                );
            }
            if jump.over & self.rats != 0 {
                let rat = (jump.over & self.rats).trailing_zeros() as Square;
                return format!("the rat in the water on {} blocks the jump", g.name(rat));
            }
        }
        if to == g.dens[side.index()] {
            return "no piece may enter its own den".to_owned();
        }
        if g.is_water(to) && animal != Animal::Rat {
            return format!("only the rat enters the water, not the {}", animal.name());
        }
        let target = self.board[to as usize];
        if target != EMPTY {
            let prey = code_animal(target);
            if code_side(target) == side {
                return format!("your own {} stands on {to_name}", prey.name());
            }
            if g.is_water(from) != g.is_water(to) {
                return "there is no capture between water and land".to_owned();
            }
            if animal == Animal::Elephant && prey == Animal::Rat {
                return "the elephant never captures the rat (outside your traps)".to_owned();
            }
            return format!(
                "the {} (rank {}) may not capture the stronger {} (rank {}) outside your traps",
                animal.name(),
                animal.rank(),
                prey.name(),
                prey.rank()
            );
        }
        "not a legal move here".to_owned()
    }
}
