//! What a puzzle is about, read from its line: the themes a player may choose puzzles by.
//!
//! | game | theme | when |
//! |---|---|---|
//! | all | `finish` | the line ends the game, the solver winning |
//! | all | `save-draw` | the goal is to save the draw |
//! | all | `one-move` / `long` | one move of the solver's / three or more |
//! | Bagh Chal | `placement` / `movement` | the phase at the start |
//! | Bagh Chal | `capture` | the tigers solve and capture a goat |
//! | Bagh Chal | `double-threat` | a tiger move of the solver's leaves two goats or more open to capture |
//! | Bagh Chal | `block` | a goat move of the solver's leaves no capture where there was one |
//! | Bagh Chal | `trap` | a goat move of the solver's leaves more tigers unable to move |
//! | Kalah | `extra-turn` / `extra-turn-chain` | the solver moves again once / twice or more running |
//! | Kalah | `capture` | the solver captures from an empty house of its own |
//! | Kalah | `sweep` | the line ends the game: the seeds left are swept into the stores |
//! | Jungle | `den` | the line ends in the opponent's den |
//! | Jungle | `trap` | the solver takes a piece standing on one of the solver's traps |
//! | Jungle | `capture` | the solver takes a piece |
//! | Sholo Guti | `capture` / `chain` | the solver captures / jumps twice or more in one move |

use chaupal_rules::baghchal::board::{JUMPS, STEPS, between, bit, points};
use chaupal_rules::baghchal::{BaghChal, MoveKind};
use chaupal_rules::jungle::Jungle;
use chaupal_rules::kalah::Kalah;
use chaupal_rules::puzzle::Goal;
use chaupal_rules::sholo_guti::SholoGuti;
use chaupal_rules::{EndReason, Game, Side};

/// The themes of a puzzle of game `G`.
pub trait Themed: Game {
    /// The game's own themes of the line played from `start` by `solver`.
    fn game_themes(start: &Self, solver: Side, line: &[Self::Move]) -> Vec<&'static str>;
}

/// Every theme of the puzzle `line` from `start` with `goal`, sorted, each once.
pub fn themes<G: Themed>(start: &G, goal: Goal, line: &[G::Move]) -> Vec<&'static str> {
    let solver = start.side_to_move();
    let mut out = G::game_themes(start, solver, line);
    let mut end = start.clone();
    let mut solver_moves = 0;
    for &mv in line {
        if end.side_to_move() == solver {
            solver_moves += 1;
        }
        end.make(mv);
    }
    if end.outcome().and_then(|o| o.winner()) == Some(solver) {
        out.push("finish");
    }
    if goal == Goal::SaveDraw {
        out.push("save-draw");
    }
    match solver_moves {
        1 => out.push("one-move"),
        n if n >= 3 => out.push("long"),
        _ => {}
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Each position of the line with the move played from it.
fn walk<G: Game>(start: &G, line: &[G::Move]) -> Vec<(G, G::Move)> {
    let mut game = start.clone();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        out.push((game.clone(), mv));
        game.make(mv);
    }
    out
}

/// The goats a tiger could capture now, whoever is to move.
fn open_goats(game: &BaghChal) -> u32 {
    let (tigers, goats, empty) = (game.tigers(), game.goats(), game.empty());
    let mut open = 0;
    for t in points(tigers) {
        for to in points(JUMPS[t as usize] & empty) {
            let over = between(t, to);
            if goats & bit(over) != 0 {
                open |= bit(over);
            }
        }
    }
    open
}

/// The tigers that could not move now, whoever is to move.
fn stuck_tigers(game: &BaghChal) -> u32 {
    let (tigers, goats, empty) = (game.tigers(), game.goats(), game.empty());
    points(tigers)
        .filter(|&t| {
            let steps = STEPS[t as usize] & empty;
            let jumps = points(JUMPS[t as usize] & empty)
                .filter(|&to| goats & bit(between(t, to)) != 0)
                .count();
            steps == 0 && jumps == 0
        })
        .count() as u32
}

impl Themed for BaghChal {
    fn game_themes(start: &Self, solver: Side, line: &[Self::Move]) -> Vec<&'static str> {
        let mut out = vec![if start.goats_in_hand() > 0 {
            "placement"
        } else {
            "movement"
        }];
        let goats = Side::First;
        for (before, mv) in walk(start, line) {
            if before.side_to_move() != solver {
                continue;
            }
            let mut after = before.clone();
            after.make(mv);
            if solver == goats {
                if open_goats(&before) != 0 && open_goats(&after) == 0 {
                    out.push("block");
                }
                if stuck_tigers(&after) > stuck_tigers(&before) {
                    out.push("trap");
                }
            } else {
                if mv.kind() == MoveKind::Capture {
                    out.push("capture");
                }
                if open_goats(&after).count_ones() >= 2 {
                    out.push("double-threat");
                }
            }
        }
        out
    }
}

impl Themed for Kalah {
    fn game_themes(start: &Self, solver: Side, line: &[Self::Move]) -> Vec<&'static str> {
        let mut out = Vec::new();
        let mut run = 0;
        let mut longest = 0;
        let mut end = *start;
        for (before, mv) in walk(start, line) {
            if before.side_to_move() != solver {
                run = 0;
                continue;
            }
            let mut after = before;
            after.make(mv);
            let theirs: u32 = before
                .houses(solver.opponent())
                .iter()
                .map(|&s| u32::from(s))
                .sum();
            let theirs_after: u32 = after
                .houses(solver.opponent())
                .iter()
                .map(|&s| u32::from(s))
                .sum();
            // Sowing only adds to the opponent's houses: fewer seeds there is a capture (unless
            // the move ended the game, whose sweep empties them).
            if after.outcome().is_none() && theirs_after < theirs {
                out.push("capture");
            }
            if after.outcome().is_none() && after.side_to_move() == solver {
                run += 1;
                longest = longest.max(run);
            } else {
                run = 0;
            }
            end = after;
        }
        if let Some(o) = end.outcome()
            && o.winner() == Some(solver)
        {
            out.push("sweep");
        }
        match longest {
            0 => {}
            1 => out.push("extra-turn"),
            _ => out.push("extra-turn-chain"),
        }
        out
    }
}

impl Themed for Jungle {
    fn game_themes(start: &Self, solver: Side, line: &[Self::Move]) -> Vec<&'static str> {
        let mut out = Vec::new();
        let traps = start.geometry().traps[solver.index()];
        let mut end = start.clone();
        for (before, mv) in walk(start, line) {
            if before.side_to_move() == solver && before.is_capture(mv) {
                out.push("capture");
                if traps & chaupal_rules::jungle::board::bit(mv.to()) != 0 {
                    out.push("trap");
                }
            }
            end = before;
            end.make(mv);
        }
        if let Some(o) = end.outcome()
            && o.winner() == Some(solver)
            && o.reason() == EndReason::DenEntered
        {
            out.push("den");
        }
        out
    }
}

impl Themed for SholoGuti {
    fn game_themes(start: &Self, solver: Side, line: &[Self::Move]) -> Vec<&'static str> {
        let mut out = Vec::new();
        for (before, mv) in walk(start, line) {
            if before.side_to_move() != solver || !mv.is_capture() {
                continue;
            }
            out.push("capture");
            if mv.captures() >= 2 {
                out.push("chain");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The themes of `line` played from `position` with goal `goal`.
    fn of<G: Themed>(position: &str, goal: Goal, line: &[&str]) -> Vec<&'static str> {
        let start = G::from_position_text(position, Default::default()).unwrap();
        let mut game = start.clone();
        let moves: Vec<G::Move> = line.iter().map(|t| game.play_text(t).unwrap()).collect();
        themes(&start, goal, &moves)
    }

    #[test]
    fn bagh_chal_themes() {
        // A tiger jumps the goat at b4 in the placement phase.
        let t = of::<BaghChal>("T3T/1G3/5/5/T3T t 19 0", Goal::Win, &["a5xc3"]);
        assert_eq!(t, ["capture", "one-move", "placement"]);
        // The tiger's step leaves two goats open to capture at once.
        let t = of::<BaghChal>("1G1GG/GTGGG/GT1GG/G1T1G/GGTGG t 0 4", Goal::Win, &["b4-c5"]);
        assert!(
            t.contains(&"double-threat") && t.contains(&"movement"),
            "{t:?}"
        );
        // The goat closes the last capture.
        let t = of::<BaghChal>("GG1GG/GGGGT/GGGGG/TG1GG/GGTT1 g 0 2", Goal::Win, &["b2-c2"]);
        assert!(t.contains(&"block"), "{t:?}");
        assert!(!t.contains(&"capture"), "{t:?}");
    }

    #[test]
    fn kalah_themes() {
        // 6, 5 and 6 again each end in the store; the last empties south's houses and the
        // sweep gives north its 23: south wins 25 to 23.
        let t = of::<Kalah>(
            "0,0,0,0,2,1:22/4,4,4,4,4,3:0 s",
            Goal::Win,
            &["6", "5", "6"],
        );
        assert_eq!(t, ["extra-turn-chain", "finish", "long", "sweep"]);
        // One extra turn, then a move that hands over.
        let t = of::<Kalah>(
            "0,0,0,0,2,1:22/4,4,4,4,4,3:0 s",
            Goal::SaveDraw,
            &["6", "5"],
        );
        assert!(
            t.contains(&"extra-turn-chain") && t.contains(&"save-draw"),
            "{t:?}"
        );
        let t = of::<Kalah>("0,0,0,1,0,1:22/4,4,4,4,4,4:0 s", Goal::Win, &["4"]);
        assert!(t.contains(&"capture"), "{t:?}");
        assert!(!t.contains(&"extra-turn"), "{t:?}");
    }

    #[test]
    fn jungle_themes() {
        let t = of::<Jungle>(
            "l3L2/2d1p1e/3w3/1r3R1/7/7/2EW3/4t2/TC5 s 2",
            Goal::Win,
            &["e9-d9"],
        );
        assert_eq!(t, ["den", "finish", "one-move"]);
    }

    #[test]
    fn sholo_guti_themes() {
        let t = of::<SholoGuti>(
            "2N/N2/5/3N1/5/3N1/2S2/2S/3 s 24",
            Goal::Win,
            &["c3xe5xc7xa9"],
        );
        assert!(t.contains(&"chain") && t.contains(&"capture"), "{t:?}");
    }
}
