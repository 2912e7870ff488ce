//! Search values: plain `i32` scores from the side to move's point of view, with bands for
//! forced wins ("mate" scores that count plies) and, in Kalah, proven final margins.
//!
//! Heuristic evaluations live in `-EVAL_LIMIT..=EVAL_LIMIT`. A forced win in `n` plies is
//! `MATE - n`; a forced loss is its negation. Kalah's game ends score the final seed margin in a
//! band of its own (`MARGIN_BASE + margin`) so that every proven win outranks every heuristic.

use chaupal_rules::score::Score;

/// A search value, from the side to move's point of view.
pub type Value = i32;

/// Above every value the search can return.
pub const INFINITY: Value = 1_000_000_000;
/// A win on the board, right now (before subtracting the plies it takes).
pub(crate) const MATE: Value = 100_000_000;
/// The deepest ply a search ever reaches; win scores lie in `MATE - MAX_PLY ..= MATE`.
pub(crate) const MAX_PLY: usize = 256;
/// Values at or above this are forced wins counted in plies.
pub(crate) const MATE_BOUND: Value = MATE - MAX_PLY as Value;
/// Base of Kalah's proven-margin band: a win by `m` seeds is `MARGIN_BASE + m`.
pub(crate) const MARGIN_BASE: Value = 50_000_000;
/// Heuristic evaluations are clamped into `-EVAL_LIMIT..=EVAL_LIMIT`.
pub(crate) const EVAL_LIMIT: Value = 10_000_000;
/// A win an endgame database knows, before subtracting its plies to the next capture: above
/// every evaluation, below the forced wins counted to the end of the game.
pub(crate) const TABLEBASE_WIN: Value = EVAL_LIMIT / 10;

/// A win `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> Value {
    MATE - ply as Value
}

/// A loss `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> Value {
    -MATE + ply as Value
}

/// Whether `v` is a forced win or loss counted in plies.
#[inline]
pub const fn is_mate(v: Value) -> bool {
    v >= MATE_BOUND || v <= -MATE_BOUND
}

/// Whether `v` is a game-theoretic result band (mate or Kalah margin) rather than a heuristic.
#[inline]
pub const fn is_decisive(v: Value) -> bool {
    v > EVAL_LIMIT || v < -EVAL_LIMIT
}

/// Clamps a heuristic evaluation into its band.
#[inline]
pub(crate) fn clamp_eval(v: i64) -> Value {
    v.clamp(-(EVAL_LIMIT as i64), EVAL_LIMIT as i64) as Value
}

/// Mate scores are stored in the transposition table relative to the node, not the root.
#[inline]
pub const fn to_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v + ply as Value
    } else if v <= -MATE_BOUND {
        v - ply as Value
    } else {
        v
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub const fn from_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v - ply as Value
    } else if v <= -MATE_BOUND {
        v + ply as Value
    } else {
        v
    }
}

/// The score people see for a root value. `proven` says the search reached the end of every
/// line (no heuristic leaf), which makes a Kalah result an exact margin; `pv_len` counts the
/// plies of a decisive line whose length the value does not carry.
pub(crate) fn to_score(v: Value, proven: bool, margin_game: bool, pv_len: usize) -> Score {
    if v >= MATE_BOUND {
        Score::Win((MATE - v) as u32)
    } else if v <= -MATE_BOUND {
        Score::Loss((MATE + v) as u32)
    } else if margin_game && proven {
        Score::Margin(margin_of(v))
    } else if margin_game && v > EVAL_LIMIT {
        Score::Win(pv_len as u32)
    } else if margin_game && v < -EVAL_LIMIT {
        Score::Loss(pv_len as u32)
    } else {
        Score::Cp(v.clamp(-EVAL_LIMIT, EVAL_LIMIT))
    }
}

/// The final margin a Kalah value stands for (0 for a draw or a heuristic value).
pub fn margin_of(v: Value) -> i32 {
    if v > EVAL_LIMIT {
        v - MARGIN_BASE
    } else if v < -EVAL_LIMIT {
        v + MARGIN_BASE
    } else {
        0
    }
}

/// The value of a proven Kalah result: `margin` seeds for the side to move (negative: behind).
pub const fn margin_value(margin: i32) -> Value {
    if margin > 0 {
        MARGIN_BASE + margin
    } else if margin < 0 {
        -MARGIN_BASE + margin
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        for ply in [0usize, 3, 17] {
            let v = mate_in(5 + ply);
            assert_eq!(from_tt(to_tt(v, ply), ply), v);
            let v = mated_in(4 + ply);
            assert_eq!(from_tt(to_tt(v, ply), ply), v);
        }
        assert_eq!(to_tt(123, 9), 123);
    }

    #[test]
    fn scores_decode_into_the_bands_people_see() {
        assert_eq!(to_score(mate_in(3), false, false, 0), Score::Win(3));
        assert_eq!(to_score(mated_in(4), false, false, 0), Score::Loss(4));
        assert_eq!(to_score(margin_value(6), true, true, 9), Score::Margin(6));
        assert_eq!(to_score(margin_value(-2), true, true, 9), Score::Margin(-2));
        assert_eq!(to_score(0, true, true, 9), Score::Margin(0));
        assert_eq!(to_score(margin_value(6), false, true, 9), Score::Win(9));
        assert_eq!(to_score(-250, false, false, 0), Score::Cp(-250));
    }
}
