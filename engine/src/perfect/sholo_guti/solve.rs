//! Retrograde analysis: classes are solved in increasing piece count, all classes of one count
//! together (a quiet move keeps the count, swapping the sides; a capture leads into a solved
//! smaller count). Each position first looks at its captures (read from the smaller classes) and
//! counts its quiet moves; then positions are settled level by level in plies to the next
//! capture or the end (DTZ): a loss at level k makes its quiet predecessors wins at k + 1, a win
//! at k takes one from each predecessor's count of quiet moves not yet known to lose, and a
//! count that reaches zero is a loss at k + 1. Levels stop at the no-capture limit: what needs
//! more than [`NO_CAPTURE_LIMIT`] plies stays a draw.

use chaupal_rules::sholo_guti::NO_CAPTURE_LIMIT;
use chaupal_rules::sholo_guti::board::{ALL_POINTS, NEIGHBOURS, RAYS, bit};
use chaupal_rules::sholo_guti::movegen::{Sides, generate, points};

use super::index::{Layout, all_sets};
use crate::perfect::tablebase::Wdl;

/// A counter for a position with a drawing capture: it can never be lost.
const NEVER_LOST: u8 = u8::MAX;

/// The stored value of a win or loss in `plies` (0 stands for a draw).
#[inline]
pub const fn encode(wdl: Wdl, plies: u32) -> u16 {
    match wdl {
        Wdl::Draw => 0,
        Wdl::Win => (2 * plies + 1) as u16,
        Wdl::Loss => (2 * plies + 2) as u16,
    }
}

/// The value and plies a stored value stands for.
#[inline]
pub const fn decode(v: u16) -> (Wdl, u32) {
    if v == 0 {
        (Wdl::Draw, 0)
    } else if v % 2 == 1 {
        (Wdl::Win, (v as u32 - 1) / 2)
    } else {
        (Wdl::Loss, (v as u32 - 2) / 2)
    }
}

/// The point a capture chain ends on and the pieces it takes.
#[inline]
pub(crate) fn chain_end(mv: chaupal_rules::sholo_guti::Move) -> (u8, u64) {
    let mut at = mv.from();
    let mut taken = 0;
    for i in 0..mv.captures() {
        let ray = RAYS[usize::from(at)][usize::from(mv.ray(i))];
        taken |= bit(ray.neighbour);
        at = ray.beyond;
    }
    (at, taken)
}

/// Solves every class of `layout`; `on_total(total)` is called when a piece count is done.
pub fn solve(layout: &Layout, on_total: &mut dyn FnMut(u32)) -> Vec<u16> {
    assert!(
        u32::try_from(layout.len()).is_ok(),
        "slots are listed as u32 while solving"
    );
    let mut values = vec![0u16; layout.len()];
    for total in 2..=layout.max {
        solve_total(layout, total, &mut values);
        on_total(total);
    }
    values
}

/// Solves the classes with `total` pieces, the smaller ones being solved.
fn solve_total(layout: &Layout, total: u32, values: &mut [u16]) {
    let classes: Vec<_> = layout
        .classes
        .iter()
        .filter(|c| c.mover + c.other == total)
        .copied()
        .collect();
    let (Some(first), Some(last)) = (classes.first(), classes.last()) else {
        return;
    };
    let base = first.start;
    let mut counters = vec![0u8; last.start + last.len - base];
    let mut level = Vec::new();
    let mut next = Vec::new();
    let mut moves = Vec::new();
    for class in &classes {
        let mut slot = class.start;
        for own in all_sets(class.mover) {
            for enemy in all_sets(class.other) {
                if own & enemy == 0 {
                    match first_look(layout, values, own, enemy, &mut moves) {
                        Start::Settled(wdl, plies) => {
                            values[slot] = encode(wdl, plies);
                            if plies == 0 { &mut level } else { &mut next }.push(slot as u32);
                        }
                        Start::Open(quiet) => counters[slot - base] = quiet,
                    }
                }
                slot += 1;
            }
        }
    }
    for plies in 0..u32::from(NO_CAPTURE_LIMIT) {
        for &slot in &level {
            let slot = slot as usize;
            let lost = decode(values[slot]).0 == Wdl::Loss;
            let (_, own, enemy) = layout.position(slot);
            let empty = ALL_POINTS & !(own | enemy);
            // The enemy moved last: a piece now on `to` came from an empty neighbour.
            for to in points(enemy) {
                for from in points(NEIGHBOURS[usize::from(to)] & empty) {
                    let before = enemy ^ bit(to) ^ bit(from);
                    let Some(pred) = layout.slot(before, own) else {
                        continue;
                    };
                    if values[pred] != 0 {
                        continue;
                    }
                    if lost {
                        values[pred] = encode(Wdl::Win, plies + 1);
                        next.push(pred as u32);
                    } else {
                        let c = &mut counters[pred - base];
                        if *c != NEVER_LOST {
                            *c -= 1;
                            if *c == 0 {
                                values[pred] = encode(Wdl::Loss, plies + 1);
                                next.push(pred as u32);
                            }
                        }
                    }
                }
            }
        }
        level.clear();
        std::mem::swap(&mut level, &mut next);
        if level.is_empty() {
            break;
        }
    }
}

/// What a position's own moves tell before the quiet ones are known.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Start {
    /// Decided now: a winning capture or a win by no move, a loss with no other choice.
    Settled(Wdl, u32),
    /// Open, with this many quiet moves to refute ([`NEVER_LOST`] when a capture draws).
    Open(u8),
}

/// Looks at a position's moves: captures through the solved smaller classes, quiet moves
/// counted.
pub(super) fn first_look(
    layout: &Layout,
    values: &[u16],
    own: u64,
    enemy: u64,
    moves: &mut Vec<chaupal_rules::sholo_guti::Move>,
) -> Start {
    moves.clear();
    generate(Sides { own, enemy }, false, moves);
    let mut quiet = 0u8;
    let mut drawing = false;
    let mut losing = false;
    for &mv in moves.iter() {
        if !mv.is_capture() {
            quiet += 1;
            continue;
        }
        let (to, taken) = chain_end(mv);
        let left = enemy & !taken;
        if left == 0 {
            return Start::Settled(Wdl::Win, 1);
        }
        let moved = own ^ bit(mv.from()) ^ bit(to);
        let child = layout.slot(left, moved).map_or(0, |s| values[s]);
        match decode(child).0 {
            Wdl::Loss => return Start::Settled(Wdl::Win, 1),
            Wdl::Win => losing = true,
            Wdl::Draw => drawing = true,
        }
    }
    match (quiet, drawing, losing) {
        (0, false, false) => Start::Settled(Wdl::Loss, 0),
        (0, false, true) => Start::Settled(Wdl::Loss, 1),
        (_, true, _) => Start::Open(NEVER_LOST),
        (q, false, _) => Start::Open(q),
    }
}
