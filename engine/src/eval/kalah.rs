//! Kalah: seed 001's four evaluation functions, ours (store difference, seeds on each side,
//! extra-turn and capture potential), the move hints (extra turns and captures first), and
//! exact final margins for proven results.
//!
//! Seed 001 evaluates for its player "A" and has two slips we mend, saying so: function 1 leaves
//! its value unset unless a row is empty (we return 0), function 3 divides by an empty store
//! (we return the own store), and function 4 reads A's houses for B (we read the mover's).

use chaupal_rules::kalah::{Kalah, KalahMove};
use chaupal_rules::{Game, Outcome, Side};

use crate::game_ai::{EvalInfo, Evaluator, GameAi};
use crate::value::{Value, margin_value};

/// The evaluations offered, ours first.
pub const EVALUATIONS: &[EvalInfo] = &[
    EvalInfo {
        name: "chaupal",
        about: "store difference, seeds on each side, extra-turn and capture potential (ours)",
        aliases: &[],
    },
    EvalInfo {
        name: "empty-row",
        about: "seed 001 evaluation function 1 (a row of empty houses scores 2000)",
        aliases: &["eval1"],
    },
    EvalInfo {
        name: "store-difference",
        about: "seed 001 evaluation function 2 (store difference)",
        aliases: &["eval2"],
    },
    EvalInfo {
        name: "store-ratio",
        about: "seed 001 evaluation function 3 (store ratio, integer division)",
        aliases: &["eval3"],
    },
    EvalInfo {
        name: "house-values",
        about: "seed 001 evaluation function 4 (values by house contents)",
        aliases: &["eval4"],
    },
];

fn sides(g: &Kalah) -> (Side, Side) {
    let me = g.side_to_move();
    (me, me.opponent())
}

/// Seed 001's function 1: 2000 when the mover's houses are all empty, -2000 when the
/// opponent's are, else 0.
#[derive(Debug)]
pub(crate) struct EmptyRow;

impl Evaluator<Kalah> for EmptyRow {
    fn evaluate(&self, g: &Kalah) -> Value {
        let (me, you) = sides(g);
        if g.houses(me).iter().all(|&s| s == 0) {
            2000
        } else if g.houses(you).iter().all(|&s| s == 0) {
            -2000
        } else {
            0
        }
    }
}

/// Seed 001's function 2: the store difference.
#[derive(Debug)]
pub(crate) struct StoreDifference;

impl Evaluator<Kalah> for StoreDifference {
    fn evaluate(&self, g: &Kalah) -> Value {
        let (me, you) = sides(g);
        g.store(me) as Value - g.store(you) as Value
    }
}

/// Seed 001's function 3: own store divided by the opponent's (integers), -1 with an empty
/// own store.
#[derive(Debug)]
pub(crate) struct StoreRatio;

impl Evaluator<Kalah> for StoreRatio {
    fn evaluate(&self, g: &Kalah) -> Value {
        let (me, you) = sides(g);
        let (mine, yours) = (g.store(me) as Value, g.store(you) as Value);
        if mine == 0 {
            -1
        } else if yours == 0 {
            mine
        } else {
            mine / yours
        }
    }
}

/// Seed 001's function 4: by the mover's last non-empty house `i` (from 0): 1500 when it holds
/// `i` seeds, 800 when fewer, 500 when more; 1000 when every house is empty.
#[derive(Debug)]
pub(crate) struct HouseValues;

impl Evaluator<Kalah> for HouseValues {
    fn evaluate(&self, g: &Kalah) -> Value {
        let houses = g.houses(g.side_to_move());
        let mut value = 0;
        let mut empty = 0;
        for (i, &s) in houses.iter().enumerate() {
            let s = s as usize;
            if s == 0 {
                empty += 1;
            } else if s == i {
                value = 1500;
            } else if s < i {
                value = 800;
            } else {
                value = 500;
            }
        }
        if empty == houses.len() { 1000 } else { value }
    }
}

/// What one side's best immediate move gains: an extra turn, and the largest capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Threats {
    pub extra_turns: i32,
    pub best_capture: i32,
}

/// The extra-turn moves and the best capture of `side` if it were to move.
pub(crate) fn threats(g: &Kalah, side: Side) -> Threats {
    let pits = g.pits();
    let ring = 2 * pits + 1;
    let own = g.houses(side);
    let theirs = g.houses(side.opponent());
    let mut t = Threats::default();
    for (i, &n) in own.iter().enumerate() {
        let n = n as usize;
        if n == 0 {
            continue;
        }
        if (i + n) % ring == pits {
            t.extra_turns += 1;
        }
        if n < ring {
            let r = (i + n) % ring;
            if r < pits && r != i && own[r] == 0 {
                let wrapped = r < i;
                let opposite = theirs[pits - 1 - r] as i32 + i32::from(wrapped);
                if opposite > 0 {
                    t.best_capture = t.best_capture.max(opposite + 1);
                }
            }
        }
    }
    t
}

/// Ours: store difference first, seeds on each side, and the threats of both sides (the
/// mover's count more: it can use them now).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Chaupal {
    /// Per seed in store.
    pub store: i32,
    /// Per seed in the side's houses (they end in its store if the other row empties first).
    pub house: i32,
    /// Per extra-turn move of the mover, and of the opponent.
    pub extra_turn: i32,
    pub opponent_extra_turn: i32,
    /// Share (in percent) of the best capture counted, for the mover and for the opponent.
    pub capture_percent: i32,
    pub opponent_capture_percent: i32,
    /// Bonus for holding more than half of all seeds in store (the game is won).
    pub decided: i32,
}

impl Default for Chaupal {
    fn default() -> Self {
        Chaupal {
            store: 100,
            house: 20,
            extra_turn: 45,
            opponent_extra_turn: 20,
            capture_percent: 70,
            opponent_capture_percent: 35,
            decided: 2000,
        }
    }
}

impl Evaluator<Kalah> for Chaupal {
    fn evaluate(&self, g: &Kalah) -> Value {
        let (me, you) = sides(g);
        let seeds = |s: Side| g.houses(s).iter().map(|&x| x as i32).sum::<i32>();
        let (mine, yours) = (g.store(me) as i32, g.store(you) as i32);
        let total = g.rules().total_seeds() as i32;
        let mut v = self.store * (mine - yours) + self.house * (seeds(me) - seeds(you));
        let (tm, ty) = (threats(g, me), threats(g, you));
        v += self.extra_turn * tm.extra_turns - self.opponent_extra_turn * ty.extra_turns;
        v += self.store * self.capture_percent * tm.best_capture / 100;
        v -= self.store * self.opponent_capture_percent * ty.best_capture / 100;
        if 2 * mine > total {
            v += self.decided;
        } else if 2 * yours > total {
            v -= self.decided;
        }
        v
    }
}

impl GameAi for Kalah {
    const EVALUATIONS: &'static [EvalInfo] = EVALUATIONS;
    const MARGIN_SCORES: bool = true;
    const WIN_SCALE: f64 = 500.0;

    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        match name {
            "chaupal" => Some(Box::new(Chaupal::default())),
            "empty-row" => Some(Box::new(EmptyRow)),
            "store-difference" => Some(Box::new(StoreDifference)),
            "store-ratio" => Some(Box::new(StoreRatio)),
            "house-values" => Some(Box::new(HouseValues)),
            _ => None,
        }
    }

    fn move_hint(&self, mv: KalahMove) -> i32 {
        let pits = self.pits();
        let ring = 2 * pits + 1;
        let me = self.side_to_move();
        let own = self.houses(me);
        let i = mv.index();
        let n = own.get(i).copied().unwrap_or(0) as usize;
        if n == 0 {
            return 0;
        }
        if (i + n) % ring == pits {
            return 20;
        }
        let r = (i + n) % ring;
        if n < ring && r < pits && r != i && own[r] == 0 {
            let opposite = self.houses(me.opponent())[pits - 1 - r] as i32 + i32::from(r < i);
            if opposite > 0 {
                return 10 + opposite;
            }
        }
        0
    }

    /// A finished game scores its exact final margin.
    fn terminal_value(&self, _outcome: Outcome, _ply: usize, _draw: Value) -> Value {
        let (me, you) = sides(self);
        margin_value(self.store(me) as i32 - self.store(you) as i32)
    }
}
