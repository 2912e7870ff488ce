//! Bagh Chal: seed 004's evaluation features (goats captured, immediate capture threats, tiger
//! mobility, trapped tigers, goats on the board, points no tiger can reach) with two weight sets,
//! seed 000's capture count, and the move hints (captures first, goats into danger last).
//!
//! Seed 004 computes `(tiger_score - goat_score) * turn`; so do we, in hundredths of a goat.

use chaupal_rules::baghchal::board::{JUMPS, Points, STEPS, between, bit, points};
use chaupal_rules::baghchal::{BaghChal, Move, MoveKind};
use chaupal_rules::{Game, Side};

use crate::game_ai::{EvalInfo, Evaluator, GameAi};
use crate::value::Value;

/// The evaluations offered, ours first.
pub const EVALUATIONS: &[EvalInfo] = &[
    EvalInfo {
        name: "chaupal",
        about: "seed 004's features with our weights, double threats and capture progress (ours)",
        aliases: &[],
    },
    EvalInfo {
        name: "features",
        about: "seed 004's features and weights (captures, threats, mobility, traps, goats, inaccessible points)",
        aliases: &["seed004"],
    },
    EvalInfo {
        name: "captures",
        about: "goats captured only, as seed 000's tiger counted them",
        aliases: &["seed000"],
    },
];

/// Seed 004's features of a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Goats captured so far.
    pub eaten: i32,
    /// Distinct goats some tiger could capture right now.
    pub threatened: i32,
    /// Tiger moves available (steps and captures).
    pub tiger_mobility: i32,
    /// Tigers with no move.
    pub trapped: i32,
    /// Goats on the board.
    pub goats_on_board: i32,
    /// Empty points no tiger can reach in one move.
    pub inaccessible: i32,
}

/// The goats some tiger could jump, and each tiger's number of moves.
fn threats_and_mobility(tigers: Points, goats: Points, empty: Points) -> (Points, [i32; 4]) {
    let mut threatened = 0;
    let mut mobility = [0; 4];
    for (i, t) in points(tigers).enumerate().take(4) {
        let mut moves = (STEPS[t as usize] & empty).count_ones() as i32;
        for land in points(JUMPS[t as usize] & empty) {
            let over = between(t, land);
            if goats & bit(over) != 0 {
                threatened |= bit(over);
                moves += 1;
            }
        }
        mobility[i] = moves;
    }
    (threatened, mobility)
}

/// The features of a position.
pub fn features(g: &BaghChal) -> Features {
    let (tigers, goats, empty) = (g.tigers(), g.goats(), g.empty());
    let (threatened, mobility) = threats_and_mobility(tigers, goats, empty);
    let mut reachable = 0;
    for t in points(tigers) {
        reachable |= STEPS[t as usize] & empty;
        for land in points(JUMPS[t as usize] & empty) {
            if goats & bit(between(t, land)) != 0 {
                reachable |= bit(land);
            }
        }
    }
    Features {
        eaten: g.goats_captured() as i32,
        threatened: threatened.count_ones() as i32,
        tiger_mobility: mobility.iter().sum(),
        trapped: mobility.iter().filter(|&&m| m == 0).count() as i32,
        goats_on_board: goats.count_ones() as i32,
        inaccessible: (empty & !reachable).count_ones() as i32,
    }
}

/// Seed 004's weighted sum: tiger terms minus goat terms.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Weights {
    pub eat: i32,
    pub potential_capture: i32,
    pub mobility: i32,
    pub trap: i32,
    pub presence: i32,
    pub inaccessible: i32,
}

impl Weights {
    /// Seed 004 names its weights but prints no values; these keep its order of importance
    /// (a capture first, then threats, traps and inaccessible points, mobility last).
    pub const PUBLISHED: Weights = Weights {
        eat: 100,
        potential_capture: 50,
        mobility: 5,
        trap: 40,
        presence: 10,
        inaccessible: 15,
    };

    /// Ours: captures count more as the tigers near their target, see [`Chaupal`].
    pub(crate) const CHAUPAL: Weights = Weights {
        eat: 400,
        potential_capture: 90,
        mobility: 8,
        trap: 120,
        presence: 0,
        inaccessible: 12,
    };

    /// The tigers' advantage.
    pub(crate) fn tiger_advantage(&self, f: &Features) -> i32 {
        let tiger = f.eaten * self.eat
            + f.threatened * self.potential_capture
            + f.tiger_mobility * self.mobility;
        let goat = f.trapped * self.trap
            + f.goats_on_board * self.presence
            + f.inaccessible * self.inaccessible;
        tiger - goat
    }
}

/// From the tigers' advantage to the side to move's.
fn for_side_to_move(g: &BaghChal, tiger_advantage: i32) -> Value {
    if g.side_to_move() == Side::Second {
        tiger_advantage
    } else {
        -tiger_advantage
    }
}

/// Seed 004's evaluation.
#[derive(Debug)]
pub struct Published(pub Weights);

impl Evaluator<BaghChal> for Published {
    fn evaluate(&self, g: &BaghChal) -> Value {
        for_side_to_move(g, self.0.tiger_advantage(&features(g)))
    }
}

/// Seed 000: the goats captured.
#[derive(Debug)]
pub(crate) struct CapturesOnly;

impl Evaluator<BaghChal> for CapturesOnly {
    fn evaluate(&self, g: &BaghChal) -> Value {
        for_side_to_move(g, 100 * g.goats_captured() as i32)
    }
}

/// Ours: seed 004's features with our weights, plus the capture count's progress towards the
/// target (each capture is worth more than the last), and the timing of threats: a threat with
/// the tigers to move is nearly a capture, two threats against the goats to move are a fork.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Chaupal {
    pub weights: Weights,
    /// Added per capture, times the captures already made.
    pub capture_progress: i32,
    /// A threat when the tigers are to move.
    pub threat_on_move: i32,
    /// Two or more threats with the goats to move (they can parry one).
    pub fork: i32,
}

impl Default for Chaupal {
    fn default() -> Self {
        Chaupal {
            weights: Weights::CHAUPAL,
            capture_progress: 60,
            threat_on_move: 160,
            fork: 150,
        }
    }
}

impl Evaluator<BaghChal> for Chaupal {
    fn evaluate(&self, g: &BaghChal) -> Value {
        let f = features(g);
        let mut tiger =
            self.weights.tiger_advantage(&f) + self.capture_progress * f.eaten * f.eaten;
        if f.threatened > 0 {
            if g.side_to_move() == Side::Second {
                tiger += self.threat_on_move;
            } else if f.threatened >= 2 {
                tiger += self.fork;
            }
        }
        for_side_to_move(g, tiger)
    }
}

/// Whether a goat arriving at `to` (from `from`, which empties) could be captured at once.
fn goat_in_danger(g: &BaghChal, from: Option<u8>, to: u8) -> bool {
    let mut empty = g.empty() & !bit(to);
    if let Some(f) = from {
        empty |= bit(f);
    }
    points(g.tigers() & STEPS[to as usize]).any(|t| {
        let land = 2 * to as i32 - t as i32;
        (0..25).contains(&land)
            && JUMPS[t as usize] & bit(land as u8) != 0
            && between(t, land as u8) == to
            && empty & bit(land as u8) != 0
    })
}

impl GameAi for BaghChal {
    const EVALUATIONS: &'static [EvalInfo] = EVALUATIONS;
    const WIN_SCALE: f64 = 300.0;

    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        match name {
            "chaupal" => Some(Box::new(Chaupal::default())),
            "features" => Some(Box::new(Published(Weights::PUBLISHED))),
            "captures" => Some(Box::new(CapturesOnly)),
            _ => None,
        }
    }

    fn move_hint(&self, mv: Move) -> i32 {
        match mv.kind() {
            MoveKind::Capture => 100,
            MoveKind::Place if goat_in_danger(self, None, mv.to()) => -50,
            MoveKind::Step
                if self.side_to_move() == Side::First
                    && goat_in_danger(self, Some(mv.from()), mv.to()) =>
            {
                -50
            }
            _ => 0,
        }
    }

    fn pieces_left(&self, side: Side) -> Option<u32> {
        Some(match side {
            Side::First => 20 - self.goats_captured() as u32,
            Side::Second => 4 - features(self).trapped as u32,
        })
    }
}
