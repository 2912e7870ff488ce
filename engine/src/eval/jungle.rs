//! Jungle: seed 003's evaluations (piece values with one square table; per-animal square tables
//! with the "menaced" penalty), piece values alone, and ours (adding distance to the den and
//! trap defence), with move hints (captures by victim value first, moves into a capture last).
//!
//! Seed 003 prints its first table and the rat's; the other animals' tables are built from them
//! as its text describes (lion and tiger on the river banks, wolf, cat and dog near their own
//! traps, leopard in the middle aisle). Its blanks (traps, den) are filled in and named below.

use chaupal_rules::jungle::board::bit;
use chaupal_rules::jungle::{Animal, BoardSize, Geometry, Jungle, Move, Square};
use chaupal_rules::{Game, Side};

use crate::game_ai::{EvalInfo, Evaluator, GameAi};
use crate::value::Value;

/// The evaluations offered, ours first.
pub const EVALUATIONS: &[EvalInfo] = &[
    EvalInfo {
        name: "chaupal",
        about: "piece values, square tables, den distance, menaced pieces, trap defence (ours)",
        aliases: &[],
    },
    EvalInfo {
        name: "square-tables",
        about: "seed 003's final evaluation (per-animal square tables and the menaced penalty)",
        aliases: &["seed003"],
    },
    EvalInfo {
        name: "one-table",
        about: "seed 003's first evaluation (piece values and one square table)",
        aliases: &["seed003-basic"],
    },
    EvalInfo {
        name: "material",
        about: "piece values only",
        aliases: &[],
    },
];

/// Piece values in hundredths, by rank (rat first): power, plus extra for the special moves
/// (the rat swims and takes the elephant, lion and tiger jump the river).
pub(crate) const PIECE_VALUES: [i32; 8] = [450, 250, 300, 350, 450, 750, 800, 900];

/// Seed 003's first table for the south side, rank 9 first (its figure 3). Blanks filled: the
/// enemy traps c9, e9, d8 with 10, the den d9 is a win (100 kept), own traps and den 0.
const GENERIC: [[i32; 7]; 9] = [
    [4, 7, 10, 100, 10, 7, 4],
    [3, 6, 8, 10, 8, 6, 3],
    [3, 5, 7, 9, 7, 5, 3],
    [2, 3, 4, 6, 4, 3, 2],
    [2, 2, 2, 5, 2, 2, 2],
    [1, 1, 2, 4, 2, 1, 1],
    [0, 1, 2, 3, 2, 1, 0],
    [0, 0, 1, 2, 1, 0, 0],
    [0, 0, 0, 0, 0, 0, 0],
];

/// Seed 003's rat table (its figure 5), rank 9 first; blanks (the dens) 0.
const RAT: [[i32; 7]; 9] = [
    [12, 13, 50, 0, 50, 13, 12],
    [11, 12, 13, 50, 13, 12, 11],
    [10, 11, 12, 13, 12, 11, 10],
    [9, 11, 12, 12, 12, 11, 9],
    [8, 10, 11, 11, 11, 10, 8],
    [7, 9, 10, 10, 10, 9, 7],
    [6, 7, 8, 9, 8, 7, 6],
    [5, 6, 7, 8, 7, 6, 5],
    [4, 6, 5, 0, 5, 6, 4],
];

/// File and rank of a square seen from `side` (0, 0 at its own left corner).
fn own_view(geo: &Geometry, side: Side, sq: Square) -> (usize, usize) {
    let (f, r) = (geo.file_of(sq), geo.rank_of(sq));
    match side {
        Side::First => (f as usize, r as usize),
        Side::Second => ((geo.files - 1 - f) as usize, (geo.ranks - 1 - r) as usize),
    }
}

/// Steps from a square to the enemy den (orthogonal distance).
fn den_distance(geo: &Geometry, side: Side, sq: Square) -> i32 {
    let den = geo.dens[side.opponent().index()];
    (geo.file_of(sq) as i32 - geo.file_of(den) as i32).abs()
        + (geo.rank_of(sq) as i32 - geo.rank_of(den) as i32).abs()
}

/// Seed 003's generic table value (the small board: nearness to the enemy den).
fn generic_value(geo: &Geometry, side: Side, sq: Square) -> i32 {
    if geo.size == BoardSize::Standard {
        let (f, r) = own_view(geo, side, sq);
        GENERIC[8 - r][f]
    } else {
        (10 - den_distance(geo, side, sq)).max(0)
    }
}

/// Seed 003's per-animal table value, in table units (0..50).
fn animal_value(geo: &Geometry, side: Side, animal: Animal, sq: Square) -> i32 {
    let base = generic_value(geo, side, sq);
    let standard = geo.size == BoardSize::Standard;
    match animal {
        Animal::Rat if standard => {
            let (f, r) = own_view(geo, side, sq);
            RAT[8 - r][f]
        }
        Animal::Rat => base + if geo.water & bit(sq) != 0 { 5 } else { 0 },
        // On a bank, ready to jump: lion and tiger.
        Animal::Lion | Animal::Tiger => {
            base + if geo.jump_sources & bit(sq) != 0 {
                6
            } else {
                0
            }
        }
        // Guards of their own traps.
        Animal::Wolf | Animal::Cat | Animal::Dog => {
            let guards = geo.steps[sq as usize] & geo.traps[side.index()] != 0;
            base / 2 + if guards { 6 } else { 0 }
        }
        // The middle aisle (only three enemies can take the leopard).
        Animal::Leopard => {
            let middle = geo.file_of(sq) == geo.files / 2;
            base + if middle { 4 } else { 0 }
        }
        Animal::Elephant => base,
    }
}

/// Whether an `attacker` of `side` on `from` may take a `victim` on `to` (a neighbour or a jump
/// landing), by the capture rules: no capture between water and land, any piece takes on its own
/// trap, the rat takes the elephant, the elephant never takes the rat, else rank decides.
fn may_take(
    geo: &Geometry,
    side: Side,
    attacker: Animal,
    from: Square,
    victim: Animal,
    to: Square,
) -> bool {
    let water = |s: Square| geo.water & bit(s) != 0;
    if water(from) != water(to) {
        return false;
    }
    if geo.traps[side.index()] & bit(to) != 0 {
        return true;
    }
    match (attacker, victim) {
        (Animal::Rat, Animal::Elephant) => true,
        (Animal::Elephant, Animal::Rat) => false,
        _ => attacker.rank() >= victim.rank(),
    }
}

/// The squares `side`'s piece on `from` can reach in one move (steps and clear river jumps),
/// ignoring who stands there.
fn reach(g: &Jungle, geo: &Geometry, animal: Animal, from: Square, rats: u64) -> u64 {
    let mut to = geo.steps[from as usize];
    if animal != Animal::Rat {
        to &= !geo.water;
    }
    if animal.jumps() {
        for jump in geo.jumps[from as usize].iter().flatten() {
            if jump.over & rats == 0 {
                to |= bit(jump.to);
            }
        }
    }
    let _ = g;
    to
}

/// A position read once: each side's pieces with their squares.
struct Board {
    pieces: [Vec<(Animal, Square)>; 2],
    rats: u64,
}

fn read(g: &Jungle) -> Board {
    let geo = g.geometry();
    let mut pieces = [Vec::with_capacity(8), Vec::with_capacity(8)];
    let mut rats = 0;
    for sq in 0..geo.squares {
        if let Some((side, animal)) = g.piece_at(sq) {
            pieces[side.index()].push((animal, sq));
            if animal == Animal::Rat {
                rats |= bit(sq);
            }
        }
    }
    Board { pieces, rats }
}

/// The pieces of `victims` side that the other side could take now.
fn menaced(g: &Jungle, b: &Board, victims: Side) -> Vec<(Animal, Square)> {
    let geo = g.geometry();
    let attackers = victims.opponent();
    b.pieces[victims.index()]
        .iter()
        .copied()
        .filter(|&(victim, to)| {
            b.pieces[attackers.index()].iter().any(|&(attacker, from)| {
                reach(g, geo, attacker, from, b.rats) & bit(to) != 0
                    && may_take(geo, attackers, attacker, from, victim, to)
            })
        })
        .collect()
}

/// Which terms an evaluation uses.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Weights {
    /// Hundredths per table unit; 0 for no table.
    pub table: i32,
    /// Per-animal tables (seed 003's final) rather than the generic one.
    pub per_animal: bool,
    /// Share (percent) of a menaced piece's value lost by the side that just moved, and by the
    /// side to move (which can still save it).
    pub menaced_after_move: i32,
    pub menaced_on_move: i32,
    /// Per step nearer the enemy den, for the nearest piece and the others.
    pub nearest_den: i32,
    pub den: i32,
    /// Per enemy piece within two steps of our den with no guard next to its trap.
    pub den_danger: i32,
}

impl Weights {
    pub(crate) const MATERIAL: Weights = Weights {
        table: 0,
        per_animal: false,
        menaced_after_move: 0,
        menaced_on_move: 0,
        nearest_den: 0,
        den: 0,
        den_danger: 0,
    };
    pub(crate) const ONE_TABLE: Weights = Weights {
        table: 10,
        ..Weights::MATERIAL
    };
    pub(crate) const SQUARE_TABLES: Weights = Weights {
        table: 10,
        per_animal: true,
        menaced_after_move: 50,
        ..Weights::MATERIAL
    };
    /// Ours: seed 003's final terms plus the nearest piece's distance to the den. (A first set
    /// with larger den and danger terms scored 60% against seed 003 at depth 4, where seed 003's
    /// own terms under our search scored 85%: the extra terms stay small until tuned.)
    pub(crate) const CHAUPAL: Weights = Weights {
        table: 10,
        per_animal: true,
        menaced_after_move: 50,
        menaced_on_move: 5,
        nearest_den: 10,
        den: 0,
        den_danger: 20,
    };
}

/// A Jungle evaluation with the given terms.
#[derive(Debug)]
pub(crate) struct JungleEval(pub Weights);

impl JungleEval {
    fn side_score(&self, g: &Jungle, b: &Board, side: Side) -> i32 {
        let geo = g.geometry();
        let w = &self.0;
        let mut score = 0;
        let mut nearest = i32::MAX;
        for &(animal, sq) in &b.pieces[side.index()] {
            score += PIECE_VALUES[animal.index()];
            if w.table != 0 {
                let t = if w.per_animal {
                    animal_value(geo, side, animal, sq)
                } else {
                    generic_value(geo, side, sq)
                };
                score += w.table * t;
            }
            if w.den != 0 || w.nearest_den != 0 {
                let d = den_distance(geo, side, sq);
                nearest = nearest.min(d);
                score += w.den * (16 - d).max(0);
            }
        }
        if w.nearest_den != 0 && nearest != i32::MAX {
            score += w.nearest_den * (12 - nearest).max(0);
        }
        if w.den_danger != 0 {
            let enemy = side.opponent();
            let guards = b.pieces[side.index()]
                .iter()
                .filter(|&&(_, sq)| geo.steps[sq as usize] & geo.traps[side.index()] != 0)
                .count() as i32;
            let raiders = b.pieces[enemy.index()]
                .iter()
                .filter(|&&(_, sq)| den_distance(geo, enemy, sq) <= 2)
                .count() as i32;
            score -= w.den_danger * (raiders - guards).max(0);
        }
        score
    }
}

impl Evaluator<Jungle> for JungleEval {
    fn evaluate(&self, g: &Jungle) -> Value {
        let b = read(g);
        let me = g.side_to_move();
        let you = me.opponent();
        let mut v = self.side_score(g, &b, me) - self.side_score(g, &b, you);
        let w = &self.0;
        if w.menaced_after_move != 0 {
            let lost: i32 = menaced(g, &b, you)
                .iter()
                .map(|(a, _)| PIECE_VALUES[a.index()])
                .sum();
            v += lost * w.menaced_after_move / 100;
        }
        if w.menaced_on_move != 0 {
            let lost: i32 = menaced(g, &b, me)
                .iter()
                .map(|(a, _)| PIECE_VALUES[a.index()])
                .sum();
            v -= lost * w.menaced_on_move / 100;
        }
        v
    }
}

impl GameAi for Jungle {
    const EVALUATIONS: &'static [EvalInfo] = EVALUATIONS;
    const QUIESCENCE: bool = true;
    const WIN_SCALE: f64 = 400.0;

    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        let w = match name {
            "chaupal" => Weights::CHAUPAL,
            "square-tables" => Weights::SQUARE_TABLES,
            "one-table" => Weights::ONE_TABLE,
            "material" => Weights::MATERIAL,
            _ => return None,
        };
        Some(Box::new(JungleEval(w)))
    }

    fn move_hint(&self, mv: Move) -> i32 {
        let geo = self.geometry();
        if mv.to() == geo.dens[self.side_to_move().opponent().index()] {
            return 10_000;
        }
        match self.piece_at(mv.to()) {
            Some((_, victim)) => {
                let attacker = self
                    .piece_at(mv.from())
                    .map_or(0, |(_, a)| a.index() as i32);
                100 + PIECE_VALUES[victim.index()] / 10 - attacker
            }
            None => 0,
        }
    }

    fn occurred_before(&self) -> bool {
        self.occurrences() >= 2
    }

    fn pieces_left(&self, side: Side) -> Option<u32> {
        let geo = self.geometry();
        Some(
            (0..geo.squares)
                .filter(|&sq| self.piece_at(sq).is_some_and(|(s, _)| s == side))
                .count() as u32,
        )
    }
}
