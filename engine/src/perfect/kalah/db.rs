//! Endgame databases: the exact value of every board with at most `K` seeds left in the houses,
//! for one board size and capture rule.
//!
//! The value of a board is the best final store difference the side to move can still make
//! from the seeds in play (see [`super::board`]); it does not depend on the stores, nor on how
//! many seeds each house held at the start, so one database serves every `seeds=` rule of a
//! board size. Boards are indexed by seed count, then by [`rank`]; a value is one `i8`.
//!
//! Levels are built bottom-up by seed count. A move either puts a seed in a store (the board
//! drops to a lower level, already known) or only moves seeds rightwards within the mover's row
//! and passes the turn (the same level); such moves never cycle (the module notes of
//! `chaupal_rules::kalah` prove it), so a memoised recursion within the level terminates.

use std::io::{self, Read, Write};

use super::board::{After, Geometry, byte_sum};
use super::rank::{Boards, level_offset, level_size, rank};

/// Marks a value not yet computed while a level is built.
const UNKNOWN: i8 = i8::MIN;
/// The first bytes of a database file.
const MAGIC: &[u8; 8] = b"CHKALDB1";
/// The most seeds a database may hold: values must fit an `i8`.
pub const MAX_DB_SEEDS: u32 = 100;

/// The values of every board with at most `max_seeds` seeds in play.
#[derive(Clone, Debug)]
pub struct EndgameDb {
    geo: Geometry,
    max_seeds: u32,
    values: Vec<i8>,
}

impl EndgameDb {
    /// Positions in a database of boards up to `max_seeds` seeds.
    pub fn positions(geo: Geometry, max_seeds: u32) -> u64 {
        level_offset(max_seeds as usize + 1, geo.houses())
    }

    /// The largest `K` whose database holds at most `budget` positions (bytes), capped at
    /// `cap` seeds.
    pub(crate) fn seeds_within(geo: Geometry, budget: u64, cap: u32) -> u32 {
        let mut k = 0;
        while k < cap.min(MAX_DB_SEEDS) && Self::positions(geo, k + 1) <= budget {
            k += 1;
        }
        k
    }

    /// Builds the database of `geo` up to `max_seeds` seeds (at most [`MAX_DB_SEEDS`]).
    /// `progress` hears of each finished level: its seed count and the positions so far.
    pub fn build(geo: Geometry, max_seeds: u32, progress: &mut dyn FnMut(u32, u64)) -> Self {
        let max_seeds = max_seeds.min(MAX_DB_SEEDS);
        let total = Self::positions(geo, max_seeds);
        let mut db = EndgameDb {
            geo,
            max_seeds,
            values: vec![UNKNOWN; total as usize],
        };
        let n = geo.houses();
        for k in 0..=max_seeds {
            for board in Boards::new(k, n) {
                db.value_building(board, k);
            }
            progress(k, level_offset(k as usize + 1, n));
        }
        db
    }

    /// The value of `board` (with `k` seeds) while its level is built: known, or computed now.
    fn value_building(&mut self, board: u128, k: u32) -> i8 {
        let index = self.index(board, k);
        let known = self.values[index];
        if known != UNKNOWN {
            return known;
        }
        let geo = self.geo;
        if geo.is_over(board) {
            // The game is over: the seeds are swept (value: own row - other row).
            let v = byte_sum(geo.own_row(board)) as i32 - byte_sum(geo.other_row(board)) as i32;
            self.values[index] = v as i8;
            return v as i8;
        }
        let mut best = i32::MIN;
        for i in 0..geo.pits {
            if Geometry::get(board, i) == 0 {
                continue;
            }
            let child = geo.play(board, i);
            let v = match child.after {
                After::Over => child.gain,
                After::Again => child.gain + i32::from(self.lower(child.board)),
                After::Pass => {
                    let seeds = byte_sum(child.board);
                    let rest = if seeds == k {
                        self.value_building(child.board, k)
                    } else {
                        self.lower(child.board)
                    };
                    child.gain - i32::from(rest)
                }
            };
            best = best.max(v);
        }
        let v = best as i8;
        self.values[index] = v;
        v
    }

    /// The value of a board of a lower level than the one being built.
    #[inline]
    fn lower(&self, board: u128) -> i8 {
        let k = byte_sum(board);
        self.values[self.index(board, k)]
    }

    #[inline(always)]
    fn index(&self, board: u128, k: u32) -> usize {
        let n = self.geo.houses();
        (level_offset(k as usize, n) + rank(board, n)) as usize
    }

    /// The geometry (board size and capture rule).
    pub fn geometry(&self) -> Geometry {
        self.geo
    }

    /// The most seeds in play the database covers.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Positions stored (bytes of values).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the database holds nothing (it always holds at least the empty board).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of `board`, which holds `seeds` seeds, when the database covers it.
    #[inline(always)]
    pub(crate) fn probe(&self, board: u128, seeds: u32) -> Option<i32> {
        if seeds > self.max_seeds {
            return None;
        }
        Some(i32::from(self.values[self.index(board, seeds)]))
    }

    /// How many boards of each level are won, drawn and lost for the side to move.
    pub fn level_counts(&self, k: u32) -> [u64; 3] {
        let n = self.geo.houses();
        let start = level_offset(k as usize, n) as usize;
        let end = start + level_size(k as usize, n) as usize;
        let mut counts = [0u64; 3];
        for &v in &self.values[start..end] {
            counts[usize::from(v <= 0) + usize::from(v < 0)] += 1;
        }
        counts
    }

    /// Writes the database: a small header, then one byte per position.
    pub fn save(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&[
            self.geo.pits as u8,
            u8::from(self.geo.empty_capture),
            self.max_seeds as u8,
            0,
        ])?;
        out.write_all(&(self.values.len() as u64).to_le_bytes())?;
        let bytes: Vec<u8> = self.values.iter().map(|&v| v as u8).collect();
        out.write_all(&bytes)
    }

    /// Reads a database written by [`EndgameDb::save`], checking its header and size.
    pub fn load(input: &mut impl Read) -> io::Result<Self> {
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_owned());
        let mut head = [0u8; 20];
        input.read_exact(&mut head)?;
        if &head[..8] != MAGIC {
            return Err(bad("not a Kalah endgame database"));
        }
        let pits = usize::from(head[8]);
        if !(1..=super::board::MAX_PITS).contains(&pits) || head[9] > 1 {
            return Err(bad("bad board size or capture rule in the header"));
        }
        let geo = Geometry::new(pits, head[9] == 1);
        let max_seeds = u32::from(head[10]);
        if max_seeds > MAX_DB_SEEDS {
            return Err(bad("too many seeds in the header"));
        }
        let mut len = [0u8; 8];
        len.copy_from_slice(&head[12..20]);
        let len = u64::from_le_bytes(len);
        if len != Self::positions(geo, max_seeds) {
            return Err(bad("the size does not match the header"));
        }
        let mut bytes = Vec::new();
        input.take(len).read_to_end(&mut bytes)?;
        if bytes.len() as u64 != len {
            return Err(bad("the file is cut short"));
        }
        let values: Vec<i8> = bytes.into_iter().map(|b| b as i8).collect();
        if values.contains(&UNKNOWN) {
            return Err(bad("the file holds unfinished values"));
        }
        Ok(EndgameDb {
            geo,
            max_seeds,
            values,
        })
    }
}
