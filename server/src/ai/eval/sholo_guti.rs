//! Sholo Guti: seed 002's piece difference and ours (material, mobility, capture threats,
//! control of the centre and of the triangles), with move hints (longer capture chains first,
//! steps into a capture last).

use chaupal_shared::sholo_guti::board::{
    ALL_POINTS, NEIGHBOURS, NO_POINT, POINT_COUNT, RAY_COUNTS, RAY_TO, RAYS, bit,
};
use chaupal_shared::sholo_guti::movegen::points;
use chaupal_shared::sholo_guti::{Move, SholoGuti};
use chaupal_shared::{Game, Side};

use crate::ai::game_ai::{EvalInfo, Evaluator, GameAi};
use crate::ai::value::Value;

/// The evaluations offered, ours first.
pub const EVALUATIONS: &[EvalInfo] = &[
    EvalInfo {
        name: "chaupal",
        about: "material, mobility, capture threats, centre and triangle control, advance (ours)",
    },
    EvalInfo {
        name: "seed002",
        about: "seed 002's piece difference",
    },
];

/// Points 0..6: south's triangle (a1 c1 e1 b2 c2 d2); 31..37: north's.
const SOUTH_TRIANGLE: u64 = (1 << 6) - 1;
const NORTH_TRIANGLE: u64 = ALL_POINTS & !((1 << 31) - 1);
/// The middle ranks 4..6, files b..d (b4 c4 d4 b5 c5 d5 b6 c6 d6).
const CENTRE: u64 =
    bit(12) | bit(13) | bit(14) | bit(17) | bit(18) | bit(19) | bit(22) | bit(23) | bit(24);

/// The rank (0 = south's back rank .. 8 = north's) of each point: three points on the triangle
/// ranks, five on the others.
const RANK: [i32; POINT_COUNT] = {
    let mut ranks = [0; POINT_COUNT];
    let mut p = 0;
    while p < POINT_COUNT {
        ranks[p] = if p < 3 {
            0
        } else if p < 6 {
            1
        } else if p < 31 {
            2 + (p as i32 - 6) / 5
        } else if p < 34 {
            7
        } else {
            8
        };
        p += 1;
    }
    ranks
};

/// How far `side`'s pieces stand forward, in ranks summed over the pieces.
fn advancement(pieces: u64, side: Side) -> i32 {
    points(pieces)
        .map(|p| {
            let r = RANK[usize::from(p)];
            if side == Side::First { r } else { 8 - r }
        })
        .sum()
}

/// Seed 002: pieces left minus the opponent's, in hundredths of a piece.
#[derive(Debug)]
pub struct Seed002;

impl Evaluator<SholoGuti> for Seed002 {
    fn evaluate(&self, g: &SholoGuti) -> Value {
        let me = g.side_to_move();
        100 * (g.pieces(me).count_ones() as Value - g.pieces(me.opponent()).count_ones() as Value)
    }
}

/// The pieces of `enemy` that `own` could jump right now, and the count of `own`'s steps.
fn attacks(own: u64, enemy: u64, empty: u64) -> (u64, i32) {
    let mut hit = 0;
    let mut steps = 0;
    for p in points(own) {
        let p = usize::from(p);
        steps += (NEIGHBOURS[p] & empty).count_ones() as i32;
        for ray in &RAYS[p][..usize::from(RAY_COUNTS[p])] {
            if ray.beyond != NO_POINT
                && enemy & bit(ray.neighbour) != 0
                && empty & bit(ray.beyond) != 0
            {
                hit |= bit(ray.neighbour);
            }
        }
    }
    (hit, steps)
}

/// Ours, in hundredths of a piece.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Chaupal {
    pub piece: i32,
    /// Per step move more than the opponent.
    pub mobility: i32,
    /// Per enemy piece the mover can take now, and per own piece the opponent could take.
    pub threat_on_move: i32,
    pub threatened: i32,
    /// Per piece in the centre.
    pub centre: i32,
    /// Per piece inside the enemy's triangle, and per piece idling in its own.
    pub enemy_triangle: i32,
    pub own_triangle: i32,
    /// Per rank a piece stands forward of its own back rank: a drive to make contact, without
    /// which two careful sides shuffle into a repetition or the no-capture limit.
    pub advance: i32,
}

impl Default for Chaupal {
    fn default() -> Self {
        Chaupal {
            piece: 100,
            mobility: 3,
            threat_on_move: 45,
            threatened: 25,
            centre: 6,
            enemy_triangle: 12,
            own_triangle: -4,
            advance: 3,
        }
    }
}

impl Evaluator<SholoGuti> for Chaupal {
    fn evaluate(&self, g: &SholoGuti) -> Value {
        let me = g.side_to_move();
        let (own, enemy) = (g.pieces(me), g.pieces(me.opponent()));
        let empty = ALL_POINTS & !(own | enemy);
        let (my_hits, my_steps) = attacks(own, enemy, empty);
        let (their_hits, their_steps) = attacks(enemy, own, empty);
        let (my_triangle, their_triangle) = match me {
            Side::First => (SOUTH_TRIANGLE, NORTH_TRIANGLE),
            Side::Second => (NORTH_TRIANGLE, SOUTH_TRIANGLE),
        };
        let count = |b: u64| b.count_ones() as i32;
        self.piece * (count(own) - count(enemy))
            + self.mobility * (my_steps - their_steps)
            + self.threat_on_move * i32::from(my_hits != 0).max(count(my_hits).min(2))
            - self.threatened * count(their_hits)
            + self.centre * (count(own & CENTRE) - count(enemy & CENTRE))
            + self.enemy_triangle * (count(own & their_triangle) - count(enemy & my_triangle))
            + self.own_triangle * (count(own & my_triangle) - count(enemy & their_triangle))
            + self.advance * (advancement(own, me) - advancement(enemy, me.opponent()))
    }
}

/// Whether a piece of `own` standing on `at` (with `vacated` emptied) could be jumped.
fn en_prise(at: u8, own: u64, enemy: u64, vacated: u8) -> bool {
    let empty = (ALL_POINTS & !(own | enemy) & !bit(at)) | bit(vacated);
    points(enemy & NEIGHBOURS[usize::from(at)]).any(|e| {
        let ray = RAY_TO[usize::from(e)][usize::from(at)];
        if ray == NO_POINT {
            return false;
        }
        let beyond = RAYS[usize::from(e)][usize::from(ray)].beyond;
        beyond != NO_POINT && usize::from(beyond) < POINT_COUNT && empty & bit(beyond) != 0
    })
}

impl GameAi for SholoGuti {
    const EVALUATIONS: &'static [EvalInfo] = EVALUATIONS;
    const QUIESCENCE: bool = true;
    const WIN_SCALE: f64 = 300.0;

    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        match name {
            "chaupal" => Some(Box::new(Chaupal::default())),
            "seed002" => Some(Box::new(Seed002)),
            _ => None,
        }
    }

    fn move_hint(&self, mv: Move) -> i32 {
        if mv.is_capture() {
            return 100 * mv.captures() as i32;
        }
        let me = self.side_to_move();
        let (own, enemy) = (self.pieces(me), self.pieces(me.opponent()));
        if en_prise(mv.to(), own & !bit(mv.from()), enemy, mv.from()) {
            -40
        } else {
            0
        }
    }

    fn pieces_left(&self, side: Side) -> Option<u32> {
        Some(self.pieces(side).count_ones())
    }
}
