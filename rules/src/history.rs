//! Repetition tracking: the hashes of the positions a game has passed through.
//!
//! Games keep a [`History`] inside their state, push the new position's hash in `make` and pop it
//! in `unmake`. Only positions since the last irreversible move (a placement, a capture) can
//! repeat, so searches for repeats scan that window alone.

/// The positions of one game so far, newest last.
///
/// ```
/// use chaupal_rules::history::History;
///
/// let mut history = History::new(0xA);
/// history.push(0xB, false);
/// let saved = history.push(0xA, false); // back to the start: its second occurrence
/// assert_eq!(history.occurrences_of_current(), 2);
/// history.pop(saved);
/// assert_eq!(history.current(), 0xB);
/// // After an irreversible move (a placement, a capture) nothing earlier can come back.
/// history.push(0xA, true);
/// assert_eq!(history.occurrences_of_current(), 1);
/// assert_eq!(history.plies(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    hashes: Vec<u64>,
    /// Index in `hashes` of the first position reached after the last irreversible move.
    window_start: usize,
}

impl History {
    /// A history that starts at the position with this hash.
    pub fn new(start_hash: u64) -> Self {
        let mut hashes = Vec::with_capacity(256);
        hashes.push(start_hash);
        History {
            hashes,
            window_start: 0,
        }
    }

    /// Records the position a move reached. Returns what [`History::pop`] needs to undo it.
    #[inline]
    pub fn push(&mut self, hash: u64, irreversible: bool) -> u32 {
        let saved = self.window_start as u32;
        if irreversible {
            self.window_start = self.hashes.len();
        }
        self.hashes.push(hash);
        saved
    }

    /// Forgets the newest position; `saved` is what the matching `push` returned.
    #[inline]
    pub fn pop(&mut self, saved: u32) {
        self.hashes.pop();
        self.window_start = saved as usize;
    }

    /// The hash of the current (newest) position.
    #[inline]
    pub fn current(&self) -> u64 {
        self.hashes[self.hashes.len() - 1]
    }

    /// How many times the current position has occurred, this time included.
    #[inline]
    pub fn occurrences_of_current(&self) -> usize {
        let current = self.current();
        self.hashes[self.window_start..]
            .iter()
            .filter(|&&h| h == current)
            .count()
    }

    /// Whether a position with this hash occurred earlier in the game (within the window where a
    /// repeat is possible), the current position included.
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        self.hashes[self.window_start..].contains(&hash)
    }

    /// The number of plies played since the history began.
    #[inline]
    pub fn plies(&self) -> usize {
        self.hashes.len() - 1
    }

    /// The number of plies played since the last irreversible move.
    #[inline]
    pub fn plies_since_irreversible(&self) -> usize {
        self.hashes.len() - 1 - self.window_start
    }
}

/// For the games' tests: plays four plies (each side out and back) that return to the current
/// position, so that it occurs once more.
#[cfg(test)]
pub(crate) fn round_trip<G: crate::game::Game>(g: &mut G) {
    let start = g.hash();
    let (mut firsts, mut replies, mut backs, mut lasts) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    g.legal_moves(&mut firsts);
    for &a in &firsts {
        let ua = g.make(a);
        g.legal_moves(&mut replies);
        for &b in &replies {
            let ub = g.make(b);
            g.legal_moves(&mut backs);
            for &c in &backs {
                let uc = g.make(c);
                g.legal_moves(&mut lasts);
                if let Some(&d) = lasts.iter().find(|&&d| {
                    let ud = g.make(d);
                    let back = g.hash() == start;
                    g.unmake(d, ud);
                    back
                }) {
                    g.make(d);
                    return;
                }
                g.unmake(c, uc);
            }
            g.unmake(b, ub);
        }
        g.unmake(a, ua);
    }
    panic!("no four plies return to this position");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_repeats_since_last_irreversible_move() {
        let mut h = History::new(1);
        let a = h.push(2, false);
        let b = h.push(1, false);
        assert_eq!(h.occurrences_of_current(), 2);
        let c = h.push(5, true);
        let d = h.push(1, false);
        assert_eq!(h.occurrences_of_current(), 1, "a capture cuts the window");
        h.pop(d);
        h.pop(c);
        assert_eq!(h.current(), 1);
        assert_eq!(h.occurrences_of_current(), 2, "pop restores the window");
        h.pop(b);
        h.pop(a);
        assert_eq!(h, History::new(1));
    }
}
