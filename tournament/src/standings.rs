//! Standings: every entrant's place, by points and then by the format's tie-breaks; pages of
//! them; one's own place; the podium.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::entrant::EntrantId;

/// One entrant's line: points in the format's units (an arena's points; half-points in a
/// Swiss and a round robin) and two tie-breaks, the higher the better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub entrant: EntrantId,
    pub points: u32,
    pub tie_breaks: [i64; 2],
}

/// Lines in order, best first: more points, then the higher first tie-break, then the second,
/// then the entrant who joined first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standings {
    lines: Vec<Line>,
    rank: HashMap<EntrantId, u32>,
}

impl Standings {
    /// The standings of `lines`, in any order.
    pub fn new(mut lines: Vec<Line>) -> Standings {
        lines.sort_by(|a, b| {
            b.points
                .cmp(&a.points)
                .then(b.tie_breaks.cmp(&a.tie_breaks))
                .then(a.entrant.cmp(&b.entrant))
        });
        let rank = lines
            .iter()
            .enumerate()
            .map(|(i, l)| (l.entrant, i as u32 + 1))
            .collect();
        Standings { lines, rank }
    }

    /// All lines, best first.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// An entrant's place: 1 is the leader.
    pub fn rank_of(&self, entrant: EntrantId) -> Option<u32> {
        self.rank.get(&entrant).copied()
    }

    /// Page `page` (from 0) of `size` lines.
    pub fn page(&self, page: usize, size: usize) -> &[Line] {
        let start = page.saturating_mul(size).min(self.lines.len());
        let end = start.saturating_add(size).min(self.lines.len());
        &self.lines[start..end]
    }

    /// The page, of `size` lines, on which `entrant` stands.
    pub fn page_of(&self, entrant: EntrantId, size: usize) -> Option<usize> {
        let rank = self.rank_of(entrant)? as usize;
        Some((rank - 1) / size.max(1))
    }

    /// The first three.
    pub fn podium(&self) -> &[Line] {
        self.page(0, 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(e: u32, points: u32, tb: i64) -> Line {
        Line {
            entrant: EntrantId(e),
            points,
            tie_breaks: [tb, 0],
        }
    }

    #[test]
    fn points_then_tie_breaks_then_who_came_first() {
        let s = Standings::new(vec![
            line(0, 4, 1),
            line(1, 6, 0),
            line(2, 4, 3),
            line(3, 4, 1),
        ]);
        let order: Vec<u32> = s.lines().iter().map(|l| l.entrant.0).collect();
        assert_eq!(order, [1, 2, 0, 3]);
        assert_eq!(s.rank_of(EntrantId(3)), Some(4));
        assert_eq!(s.rank_of(EntrantId(9)), None);
        assert_eq!(s.podium().len(), 3);
    }

    #[test]
    fn pages_hold_every_line_once_and_one_finds_oneself() {
        let s = Standings::new((0..25).map(|e| line(e, 100 - e, 0)).collect());
        let mut seen = 0;
        for p in 0..3 {
            seen += s.page(p, 10).len();
        }
        assert_eq!(seen, 25);
        assert_eq!(s.page(2, 10).len(), 5);
        assert!(s.page(7, 10).is_empty());
        assert_eq!(s.page_of(EntrantId(13), 10), Some(1));
        assert_eq!(s.page(1, 10)[3].entrant, EntrantId(13));
    }
}
