//! Seed 002's "winning margin": a Mamdani fuzzy inference system. Inputs are the pieces a side
//! has left and the moves made so far, and (our addition) the engine's evaluation; each is
//! fuzzified by the seed's membership functions, the rules are evaluated with min (AND) and
//! aggregated with max (OR), and the clipped output sets are defuzzified by their centroid.
//! The output runs from 0 (no margin) to 40; the seed's three sets peak at 10, 20 and 30.

/// Degrees of membership in three fuzzy sets (low, middle, high).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Degrees {
    pub low: f64,
    pub mid: f64,
    pub high: f64,
}

/// A trapezoid rising over `a..b`, flat to `c`, falling over `c..d`.
fn trapezoid(x: f64, a: f64, b: f64, c: f64, d: f64) -> f64 {
    if x < a || x > d {
        0.0
    } else if x < b {
        if b > a { (x - a) / (b - a) } else { 1.0 }
    } else if x <= c {
        1.0
    } else if d > c {
        (d - x) / (d - c)
    } else {
        1.0
    }
}

/// Seed 002's piece sets: small (0..5, fading by 7), moderate (5..12, flat 7..10), large
/// (from 10, full at 12).
pub(crate) fn pieces_membership(pieces: f64) -> Degrees {
    Degrees {
        low: trapezoid(pieces, f64::MIN, f64::MIN, 5.0, 7.0),
        mid: trapezoid(pieces, 5.0, 7.0, 10.0, 12.0),
        high: trapezoid(pieces, 10.0, 12.0, f64::MAX, f64::MAX),
    }
}

/// Seed 002's move sets: few (to 70, fading by 80), mid (70..150, flat 80..100), huge (from
/// 100, full at 150).
pub(crate) fn moves_membership(moves: f64) -> Degrees {
    Degrees {
        low: trapezoid(moves, f64::MIN, f64::MIN, 70.0, 80.0),
        mid: trapezoid(moves, 70.0, 80.0, 100.0, 150.0),
        high: trapezoid(moves, 100.0, 150.0, f64::MAX, f64::MAX),
    }
}

/// Our third input: the engine's evaluation for the side, in centi-units: behind, level, ahead.
pub(crate) fn eval_membership(cp: f64, scale: f64) -> Degrees {
    Degrees {
        low: trapezoid(cp, f64::MIN, f64::MIN, -scale, 0.0),
        mid: trapezoid(cp, -scale, 0.0, 0.0, scale),
        high: trapezoid(cp, 0.0, scale, f64::MAX, f64::MAX),
    }
}

/// Seed 002's nine rules: the strength of the narrow, moderate and huge margins.
pub(crate) fn seed_rules(pieces: Degrees, moves: Degrees) -> Degrees {
    let and = f64::min;
    let narrow = and(pieces.low, moves.mid)
        .max(and(pieces.low, moves.high))
        .max(and(pieces.mid, moves.high));
    let moderate = and(pieces.low, moves.low)
        .max(and(pieces.mid, moves.mid))
        .max(and(pieces.high, moves.high));
    let huge = and(pieces.mid, moves.low)
        .max(and(pieces.high, moves.low))
        .max(and(pieces.high, moves.mid));
    Degrees {
        low: narrow,
        mid: moderate,
        high: huge,
    }
}

/// The output sets: narrow, moderate and huge margins, triangles peaking at 10, 20, 30.
fn output_membership(x: f64) -> Degrees {
    Degrees {
        low: trapezoid(x, 0.0, 10.0, 10.0, 20.0),
        mid: trapezoid(x, 10.0, 20.0, 20.0, 30.0),
        high: trapezoid(x, 20.0, 30.0, 30.0, 40.0),
    }
}

/// Centroid of the output sets clipped at the rule strengths and joined by max; 0 when no rule
/// fires.
pub(crate) fn centroid(strength: Degrees) -> f64 {
    const STEPS: usize = 400;
    let (mut num, mut den) = (0.0, 0.0);
    for i in 0..=STEPS {
        let x = 40.0 * i as f64 / STEPS as f64;
        let m = output_membership(x);
        let mu = m
            .low
            .min(strength.low)
            .max(m.mid.min(strength.mid))
            .max(m.high.min(strength.high));
        num += x * mu;
        den += mu;
    }
    if den > 0.0 { num / den } else { 0.0 }
}

/// The seed's own shortcut: the average of the set peaks weighted by rule strength.
#[cfg(test)]
pub(crate) fn seed_defuzzify(strength: Degrees) -> f64 {
    let sum = strength.low + strength.mid + strength.high;
    if sum == 0.0 {
        0.0
    } else {
        (strength.low * 10.0 + strength.mid * 20.0 + strength.high * 30.0) / sum
    }
}

/// The winning margin of a side with `pieces` left after `moves` moves; with the engine's
/// evaluation `eval_cp` for that side (scaled by `scale` centi-units), three more rules join:
/// behind gives a narrow margin, level a moderate one, ahead a huge one.
pub(crate) fn winning_margin(pieces: u32, moves: u32, eval_cp: Option<(i32, f64)>) -> f64 {
    let mut strength = seed_rules(
        pieces_membership(pieces as f64),
        moves_membership(moves as f64),
    );
    if let Some((cp, scale)) = eval_cp {
        let e = eval_membership(cp as f64, scale);
        strength.low = strength.low.max(e.low);
        strength.mid = strength.mid.max(e.mid);
        strength.high = strength.high.max(e.high);
    }
    centroid(strength)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memberships_follow_the_seed_breakpoints() {
        let p = pieces_membership(6.0);
        assert_eq!((p.low, p.mid, p.high), (0.5, 0.5, 0.0));
        assert_eq!(pieces_membership(8.0).mid, 1.0);
        assert_eq!(pieces_membership(16.0).high, 1.0);
        let m = moves_membership(75.0);
        assert_eq!((m.low, m.mid, m.high), (0.5, 0.5, 0.0));
        assert_eq!(moves_membership(125.0).high, 0.5);
        assert_eq!(moves_membership(200.0).high, 1.0);
    }

    #[test]
    fn many_pieces_early_is_a_huge_margin_and_few_late_a_narrow_one() {
        let early = winning_margin(16, 10, None);
        let late = winning_margin(3, 160, None);
        assert!((early - 30.0).abs() < 0.5, "{early}");
        assert!((late - 10.0).abs() < 0.5, "{late}");
        assert_eq!(
            seed_defuzzify(seed_rules(pieces_membership(16.0), moves_membership(10.0))),
            30.0
        );
    }

    #[test]
    fn the_engine_evaluation_moves_the_margin() {
        let level = winning_margin(8, 90, Some((0, 300.0)));
        let ahead = winning_margin(8, 90, Some((900, 300.0)));
        let behind = winning_margin(8, 90, Some((-900, 300.0)));
        assert!(behind < level && level < ahead, "{behind} {level} {ahead}");
    }
}
