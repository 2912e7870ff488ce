//! The move type: a step or a capture chain packed into one `u64`.
//!
//! A move is its start point and, for each step or hop, the index of the ray taken (see
//! [`board::RAYS`]); the points it lands on follow from the tables, so the packing needs no
//! board. Distinct landing sequences are distinct rays, hence distinct moves.

use std::fmt;

use super::board::{self, RAYS};

/// The longest capture chain: every one of the sixteen enemy pieces.
pub const MAX_CAPTURES: usize = 16;

const FROM_MASK: u64 = 0x3f;
const LEN_SHIFT: u32 = 6;
const LEN_MASK: u64 = 0x1f;
const RAYS_SHIFT: u32 = 11;
const RAY_BITS: u32 = 3;
const RAY_MASK: u64 = (1 << RAY_BITS) - 1;

/// A move: a step to a neighbour, or a chain of one to sixteen captures.
///
/// Layout: bits 0..6 the start point, bits 6..11 the number of captures (0 for a step), then
/// three bits per step or hop: the ray index taken from the point the piece stands on.
///
/// ```
/// use chaupal_rules::game::Game;
/// use chaupal_rules::sholo_guti::SholoGuti;
/// use chaupal_rules::sholo_guti::board::name;
///
/// let text = "3/3/S4/N4/3N1/2N2/SN3/3/3 s 0";
/// let game = SholoGuti::from_position_text(text, Default::default()).unwrap();
/// let chain = game.parse_move("a3-c3-c5-e5").unwrap(); // read leniently
/// assert_eq!(chain.to_string(), "a3xc3xc5xe5"); // printed canonically
/// assert_eq!(chain.captures(), 3);
/// assert_eq!(chain.captured().map(name).collect::<Vec<_>>(), ["b3", "c4", "d5"]);
/// assert_eq!(name(chain.to()), "e5");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u64);

impl Move {
    /// A step from `from` along its ray `ray` to the neighbour that way.
    #[inline]
    pub const fn step(from: u8, ray: u8) -> Move {
        Move(from as u64 | (ray as u64) << RAYS_SHIFT)
    }

    /// A chain from `from` with no hop yet: not a move until [`Move::with_hop`] adds one.
    #[inline]
    pub(crate) const fn chain_from(from: u8) -> Move {
        Move(from as u64)
    }

    /// This chain with one more hop along ray `ray` of the point it has reached.
    #[inline]
    pub(crate) const fn with_hop(self, ray: u8) -> Move {
        let len = self.captures() as u32;
        Move((self.0 + (1 << LEN_SHIFT)) | (ray as u64) << (RAYS_SHIFT + RAY_BITS * len))
    }

    /// The point the piece starts from.
    #[inline]
    pub const fn from(self) -> u8 {
        (self.0 & FROM_MASK) as u8
    }

    /// The number of pieces captured (0 for a step).
    #[inline]
    pub const fn captures(self) -> usize {
        ((self.0 >> LEN_SHIFT) & LEN_MASK) as usize
    }

    /// Whether this is a capture chain.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.captures() > 0
    }

    /// The ray index of step or hop number `i` (from 0).
    #[inline]
    pub const fn ray(self, i: usize) -> u8 {
        ((self.0 >> (RAYS_SHIFT + RAY_BITS * i as u32)) & RAY_MASK) as u8
    }

    /// The points the piece lands on, in order: one for a step, one per capture for a chain.
    pub fn landings(self) -> impl Iterator<Item = u8> {
        let hops = self.captures();
        let mut at = self.from();
        (0..hops.max(1)).map(move |i| {
            let ray = RAYS[usize::from(at)][usize::from(self.ray(i))];
            at = if hops == 0 { ray.neighbour } else { ray.beyond };
            at
        })
    }

    /// The points of the captured pieces, in the order they are jumped.
    pub fn captured(self) -> impl Iterator<Item = u8> {
        let mut at = self.from();
        (0..self.captures()).map(move |i| {
            let ray = RAYS[usize::from(at)][usize::from(self.ray(i))];
            at = ray.beyond;
            ray.neighbour
        })
    }

    /// The point the piece ends on.
    pub fn to(self) -> u8 {
        self.landings().last().unwrap_or(self.from())
    }
}

/// Prints the canonical notation: `c3-c4` for a step, `c4xc6xe6` for a chain.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(board::name(self.from()))?;
        let separator = if self.is_capture() { "x" } else { "-" };
        for point in self.landings() {
            f.write_str(separator)?;
            f.write_str(board::name(point))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sholo_guti::board::point_named;

    fn ray_to(from: &str, neighbour: &str) -> u8 {
        let f = usize::from(point_named(from).unwrap());
        let n = point_named(neighbour).unwrap();
        RAYS[f].iter().position(|r| r.neighbour == n).unwrap() as u8
    }

    #[test]
    fn a_step_prints_with_a_dash() {
        let m = Move::step(point_named("c3").unwrap(), ray_to("c3", "c4"));
        assert_eq!(m.to_string(), "c3-c4");
        assert!(!m.is_capture());
        assert_eq!(m.captured().count(), 0);
    }

    #[test]
    fn a_chain_prints_every_landing_with_x_and_knows_its_captures() {
        let m = Move::chain_from(point_named("c4").unwrap())
            .with_hop(ray_to("c4", "c5"))
            .with_hop(ray_to("c6", "d6"));
        assert_eq!(m.to_string(), "c4xc6xe6");
        assert_eq!(m.captures(), 2);
        let captured: Vec<_> = m.captured().map(board::name).collect();
        assert_eq!(captured, ["c5", "d6"]);
        assert_eq!(board::name(m.to()), "e6");
    }

    #[test]
    fn sixteen_hops_fit() {
        let mut m = Move::chain_from(point_named("a3").unwrap());
        for _ in 0..MAX_CAPTURES {
            m = m.with_hop(7);
        }
        assert_eq!(m.captures(), MAX_CAPTURES);
        assert_eq!(m.from(), point_named("a3").unwrap());
        assert!((0..MAX_CAPTURES).all(|i| m.ray(i) == 7));
    }
}
