//! Sholo Guti fortresses: positions where one side can never lose a piece, whatever the
//! opponent does, because every capture line through its pieces ends on one of its own pieces
//! and it always has a move that keeps it so (a step into a walled-in hole and back).
//!
//! Such a side cannot lose (captures are optional under the default rules, so it is never made
//! to leave), and its opponent cannot win: the game ends in a draw by repetition or by the
//! no-capture limit unless the fortress side chooses otherwise. The classic one is a side's
//! home (docs/AI.md, "Hints and analysis"; docs/journal/2026-11.md, 2026-11-26): rank 2 full, two of rank 1, the apex and a neighbour
//! on rank 3, shuffling in the hole of rank 1. The test is static and conservative: it assumes
//! the opponent can bring a piece to any point not held by the fortress side (never wrong, only
//! sometimes blind to fortresses that rely on the opponent being unable to get somewhere), and
//! it looks for a two-state shuffle. A `true` is a proof; a `false` says nothing.

use chaupal_rules::sholo_guti::SholoGuti;
use chaupal_rules::sholo_guti::board::{
    ALL_POINTS, MAX_RAYS, NEIGHBOURS, NO_POINT, POINT_COUNT, RAY_COUNTS, RAYS, bit,
};
use chaupal_rules::sholo_guti::movegen::points;
use chaupal_rules::{Game, Side};

/// For each point, the jumps over it: the point a capturing piece stands on and the point it
/// lands on, `count` of them.
#[derive(Clone, Copy)]
struct JumpsOver {
    jumps: [(u8, u8); MAX_RAYS],
    count: u8,
}

const JUMPS_OVER: [JumpsOver; POINT_COUNT] = {
    let mut table = [JumpsOver {
        jumps: [(NO_POINT, NO_POINT); MAX_RAYS],
        count: 0,
    }; POINT_COUNT];
    let mut from = 0;
    while from < POINT_COUNT {
        let mut r = 0;
        while r < RAY_COUNTS[from] as usize {
            let ray = RAYS[from][r];
            if ray.beyond != NO_POINT {
                let over = &mut table[ray.neighbour as usize];
                over.jumps[over.count as usize] = (from as u8, ray.beyond);
                over.count += 1;
            }
            r += 1;
        }
        from += 1;
    }
    table
};

/// Whether some piece of `held` could be jumped by a piece standing on a point outside `held`
/// and landing on another point outside it.
fn exposed(held: u64) -> bool {
    points(held).any(|p| {
        let over = &JUMPS_OVER[usize::from(p)];
        over.jumps[..usize::from(over.count)]
            .iter()
            .any(|&(from, to)| held & (bit(from) | bit(to)) == 0)
    })
}

/// Whether the empty point `hole` is walled in by `held`: no piece of `enemy` can step into
/// the empty region around it.
fn walled_in(hole: u8, held: u64, enemy: u64) -> bool {
    let mut region = bit(hole);
    let mut frontier = region;
    while frontier != 0 {
        let mut next = 0;
        for p in points(frontier) {
            next |= NEIGHBOURS[usize::from(p)];
        }
        next &= !held & !region;
        if next & enemy != 0 {
            return false;
        }
        region |= next;
        frontier = next;
    }
    true
}

/// The step (from, to) that `side` can shuffle back and forth behind a fortress, when its
/// pieces form one: none of them can be jumped before or after the step, and the hole each
/// state leaves is walled in, so the step back is always there. `None` under compulsory
/// capture (an offered piece would drag the fortress out) or when no fortress is found.
pub(crate) fn fortress_shuffle(g: &SholoGuti, side: Side) -> Option<(u8, u8)> {
    if g.rules().compulsory() {
        return None;
    }
    let held = g.pieces(side);
    let enemy = g.pieces(side.opponent());
    if held == 0 || exposed(held) {
        return None;
    }
    let empty = ALL_POINTS & !(held | enemy);
    for from in points(held) {
        for to in points(NEIGHBOURS[usize::from(from)] & empty) {
            let after = (held & !bit(from)) | bit(to);
            if walled_in(from, after, enemy) && walled_in(to, held, enemy) && !exposed(after) {
                return Some((from, to));
            }
        }
    }
    None
}

/// Whether `side` holds a fortress: it cannot lose, and its opponent cannot win.
pub(crate) fn holds_fortress(g: &SholoGuti, side: Side) -> bool {
    fortress_shuffle(g, side).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::sholo_guti::SholoGutiRules;
    use chaupal_rules::sholo_guti::board::{NAMES, RANK_FILES};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn position(text: &str) -> SholoGuti {
        SholoGuti::from_position_text(text, SholoGutiRules::default()).unwrap()
    }

    /// The position text of these pieces, `mover` (`s` or `n`) to move.
    fn text_of(south: u64, north: u64, mover: char) -> String {
        let mut p = 0;
        let mut ranks = Vec::new();
        for files in RANK_FILES {
            let mut rank = String::new();
            let mut empty = 0;
            for _ in files.chars() {
                let piece = if south & bit(p) != 0 {
                    Some('S')
                } else if north & bit(p) != 0 {
                    Some('N')
                } else {
                    None
                };
                match piece {
                    Some(c) => {
                        if empty > 0 {
                            rank.push_str(&empty.to_string());
                            empty = 0;
                        }
                        rank.push(c);
                    }
                    None => empty += 1,
                }
                p += 1;
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            ranks.push(rank);
        }
        ranks.reverse();
        format!("{} {mover} 0", ranks.join("/"))
    }

    /// South's home fortress (docs/journal/2026-11.md, 2026-11-26): b3 c3, rank 2 full, a1 and e1; north all over the
    /// board in front of it.
    const HOME: &str = "NNN/NNN/NNNNN/NNNNN/5/5/1SS2/SSS/S1S n 0";

    #[test]
    fn the_home_fortress_is_found_and_the_start_is_not_one() {
        let g = position(HOME);
        let (from, to) = fortress_shuffle(&g, Side::First).expect("a fortress");
        // The shuffle is in rank 1: a1 or e1 into the hole at c1.
        assert_eq!(NAMES[usize::from(to)], "c1");
        assert!(["a1", "e1"].contains(&NAMES[usize::from(from)]));
        assert!(
            !holds_fortress(&g, Side::Second),
            "north's pieces can be jumped"
        );
        let start = SholoGuti::start(SholoGutiRules::default());
        assert!(!holds_fortress(&start, Side::First) && !holds_fortress(&start, Side::Second));
    }

    #[test]
    fn a_hole_in_the_wall_or_compulsory_capture_is_no_fortress() {
        // Without c2, c3 can be jumped down the c file.
        assert!(!holds_fortress(
            &position("NNN/NNN/NNNNN/NNNNN/5/5/1SS2/S1S/S1S n 0"),
            Side::First
        ));
        // Without b3, c3 can be jumped along rank 3.
        assert!(!holds_fortress(
            &position("NNN/NNN/NNNNN/NNNNN/5/5/2S2/SSS/S1S n 0"),
            Side::First
        ));
        // Rank 1 full: no shuffle inside, and every step out leaves a hole the enemy can use.
        assert!(!holds_fortress(
            &position("NNN/NNN/NNNNN/NNNNN/5/5/1SS2/SSS/SSS n 0"),
            Side::First
        ));
        let compulsory = SholoGutiRules::COMPULSORY;
        let g = SholoGuti::from_position_text(HOME, compulsory).unwrap();
        assert!(!holds_fortress(&g, Side::First));
    }

    /// Random positions: wherever a fortress is found, the opponent's random moves never
    /// include a capture while the fortress side shuffles, for 300 plies.
    #[test]
    fn no_capture_is_ever_possible_against_a_found_fortress() {
        // Each side's home: its triangle and the rank in front (a1 .. e3, a7 .. e9).
        const HOMES: [u64; 2] = [(1 << 11) - 1, ALL_POINTS & !((1 << 26) - 1)];
        let mut rng = StdRng::seed_from_u64(2026);
        let (mut found, mut away) = ([0; 2], 0);
        let mut moves = Vec::new();
        for i in 0..40_000 {
            // The defender: its home points with high odds, a few anywhere else; the attacker
            // anywhere the defender is not.
            let defender = if i % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            let home = HOMES[defender.index()];
            let mut held = 0u64;
            for p in 0..POINT_COUNT as u8 {
                let odds = if home & bit(p) != 0 { 0.85 } else { 0.08 };
                if rng.random_bool(odds) {
                    held |= bit(p);
                }
            }
            let mut attackers = 0u64;
            for p in 0..POINT_COUNT as u8 {
                if held & bit(p) == 0 && rng.random_bool(0.3) {
                    attackers |= bit(p);
                }
            }
            if attackers == 0 || attackers.count_ones() > 16 || held.count_ones() > 16 {
                continue;
            }
            let (south, north, mover) = match defender {
                Side::First => (held, attackers, 'n'),
                Side::Second => (attackers, held, 's'),
            };
            let mut g = position(&text_of(south, north, mover));
            let Some((from, to)) = fortress_shuffle(&g, defender) else {
                continue;
            };
            found[defender.index()] += 1;
            if held & !home != 0 {
                away += 1;
            }
            for ply in 0..300 {
                if g.outcome().is_some() {
                    break;
                }
                g.legal_moves(&mut moves);
                if g.side_to_move() != defender {
                    assert!(
                        moves.iter().all(|m| !m.is_capture()),
                        "a capture at ply {ply} in {}",
                        g.position_text()
                    );
                    g.make(moves[rng.random_range(0..moves.len())]);
                } else {
                    let step = moves
                        .iter()
                        .copied()
                        .find(|m| {
                            !m.is_capture()
                                && ((m.from(), m.to()) == (from, to)
                                    || (m.from(), m.to()) == (to, from))
                        })
                        .expect("the shuffle is always there");
                    g.make(step);
                }
            }
        }
        println!(
            "fortresses found: south {}, north {}, {away} with pieces away from home",
            found[0], found[1]
        );
        assert!(
            found.iter().all(|&n| n > 100),
            "too few fortresses: {found:?}"
        );
        assert!(
            away > 10,
            "only {away} fortresses with pieces away from home"
        );
    }
}
