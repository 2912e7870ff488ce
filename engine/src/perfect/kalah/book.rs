//! The Kalah opening book: solved positions of the first plies, so that the top level plays
//! perfectly from the first move, where the solver cannot prove the value within a move's time.
//!
//! An entry is a board (the houses from the side to move's view, as the solver packs them) with
//! its exact value (the store difference still to come, for the side to move) and a move that
//! keeps it. [`build`] walks the positions the top level can meet while it follows the book:
//! for each side as the book's player, its own turns get one perfect move, the opponent's turns
//! every move, down to a number of plies. Each entry is a line of text
//! (`pits=6 empty-capture=false houses=4,4,4,4,4,4/4,4,4,4,4,4 value=+2 best=3`), so the file is
//! easy to read, to check and to extend; the engine ships `engine/books/kalah.book`, built by
//! `chaupal book kalah`, and reads it with [`shipped`].

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;

use super::board::{After, Geometry};
use super::search::{Limits, Solver};
use crate::perfect::error::PerfectError;

/// The book shipped with the engine (built by `chaupal book kalah`; see docs/SOLVED.md).
const SHIPPED: &str = include_str!("../../../books/kalah.book");

/// One solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The store difference still to come for the side to move, with perfect play.
    pub value: i32,
    /// A house byte (0-based, from the mover's left) whose move keeps `value`.
    pub best: usize,
}

/// Solved positions by geometry and board.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<(Geometry, u128), Entry>,
}

impl Book {
    /// The entry of `board` under `geo`, if the book has it.
    pub fn get(&self, geo: Geometry, board: u128) -> Option<Entry> {
        self.entries.get(&(geo, board)).copied()
    }

    /// Adds or replaces an entry.
    pub fn insert(&mut self, geo: Geometry, board: u128, entry: Entry) {
        self.entries.insert((geo, board), entry);
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (Geometry, u128, Entry)> + '_ {
        self.entries.iter().map(|(&(g, b), &e)| (g, b, e))
    }

    /// Adds every entry of `other`.
    pub fn extend(&mut self, other: &Book) {
        self.entries.extend(other.entries.iter());
    }

    /// Reads a book file: one entry a line; blank lines and lines starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<Book, PerfectError> {
        let mut book = Book::default();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (geo, board, entry) = parse_line(line).map_err(|reason| PerfectError::Book {
                line: n + 1,
                reason,
            })?;
            book.insert(geo, board, entry);
        }
        Ok(book)
    }
}

/// One entry as a line of the book file (no newline).
pub fn format_line(geo: Geometry, board: u128, entry: Entry) -> String {
    let houses = |range: std::ops::Range<usize>| {
        range
            .map(|i| Geometry::get(board, i).to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "pits={} empty-capture={} houses={}/{} value={} best={}",
        geo.pits,
        geo.empty_capture,
        houses(0..geo.pits),
        houses(geo.pits..geo.houses()),
        super::margin_text(entry.value),
        entry.best + 1
    );
    s
}

fn parse_line(line: &str) -> Result<(Geometry, u128, Entry), String> {
    let mut fields = HashMap::new();
    for part in line.split_whitespace() {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("`{part}` is not KEY=VALUE"))?;
        fields.insert(k, v);
    }
    let field = |k: &str| fields.get(k).copied().ok_or(format!("no {k}="));
    let number = |k: &str| -> Result<i64, String> {
        let v = field(k)?;
        v.trim_start_matches('+')
            .parse::<i64>()
            .map_err(|_| format!("{k}={v} is not a number"))
    };
    let pits = number("pits")?;
    if !(1..=super::board::MAX_PITS as i64).contains(&pits) {
        return Err(format!("pits={pits} is out of range"));
    }
    let pits = pits as usize;
    let empty_capture = match field("empty-capture")? {
        "true" => true,
        "false" => false,
        other => return Err(format!("empty-capture={other} is not true or false")),
    };
    let geo = Geometry::new(pits, empty_capture);
    let (own, other) = field("houses")?
        .split_once('/')
        .ok_or("houses= wants OWN/OTHER")?;
    let row = |text: &str| -> Result<Vec<u8>, String> {
        let row = text
            .split(',')
            .map(|c| c.parse::<u8>().map_err(|_| format!("house `{c}`")))
            .collect::<Result<Vec<_>, _>>()?;
        if row.len() != pits {
            return Err(format!("a row of {} houses, not {pits}", row.len()));
        }
        Ok(row)
    };
    let (own, other) = (row(own)?, row(other)?);
    let seeds: u32 = own.iter().chain(&other).map(|&c| u32::from(c)).sum();
    if seeds > 128 {
        return Err(format!("{seeds} seeds in the houses, at most 128"));
    }
    let board = geo.board(&own, &other);
    let value = number("value")?;
    if value.unsigned_abs() > u64::from(seeds) {
        return Err(format!("value {value} is beyond the {seeds} seeds in play"));
    }
    let best = number("best")?;
    if !(1..=pits as i64).contains(&best) || own[best as usize - 1] == 0 {
        return Err(format!("best={best} is not a legal move"));
    }
    let entry = Entry {
        value: value as i32,
        best: best as usize - 1,
    };
    Ok((geo, board, entry))
}

/// The entries of the shipped book.
pub fn shipped() -> Result<Book, PerfectError> {
    Book::parse(SHIPPED)
}

/// A position the walk reached: its board, the plies from the start, and whether the book's
/// player is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Node {
    board: u128,
    ply: u32,
    ours: bool,
}

/// Builds the book of `start` to `plies` plies: for each side as the book's player, every
/// position it can meet on its turn within the first `plies` plies while it plays the book's
/// moves and the opponent plays anything. Positions already in `book` are not solved again, so
/// a build can be resumed or deepened. `on_entry` hears of each new entry (with its ply) as it
/// is solved, breadth first. `None` when stopped by `limits`.
pub fn build(
    solver: &Solver,
    start: u128,
    plies: u32,
    book: &mut Book,
    limits: Limits<'_>,
    on_entry: &mut dyn FnMut(u128, Entry, u32),
) -> Option<()> {
    let geo = solver.geometry();
    let mut queue: VecDeque<Node> = [true, false]
        .into_iter()
        .map(|ours| Node {
            board: start,
            ply: 0,
            ours,
        })
        .collect();
    let mut seen: HashSet<(u128, bool)> = HashSet::new();
    while let Some(node) = queue.pop_front() {
        if node.ply >= plies || geo.is_over(node.board) || !seen.insert((node.board, node.ours)) {
            continue;
        }
        let moves: Vec<usize> = if node.ours {
            let entry = match book.get(geo, node.board) {
                Some(e) => e,
                None => {
                    let e = solve_entry(solver, node.board, limits)?;
                    book.insert(geo, node.board, e);
                    on_entry(node.board, e, node.ply);
                    e
                }
            };
            vec![entry.best]
        } else {
            (0..geo.pits)
                .filter(|&i| Geometry::get(node.board, i) > 0)
                .collect()
        };
        for i in moves {
            let c = geo.play(node.board, i);
            let ours = match c.after {
                After::Over => continue,
                After::Again => node.ours,
                After::Pass => !node.ours,
            };
            queue.push_back(Node {
                board: c.board,
                ply: node.ply + 1,
                ours,
            });
        }
    }
    Some(())
}

/// The exact value of `board` and a move that keeps it ([`Solver::best_move`]).
pub(crate) fn solve_entry(solver: &Solver, board: u128, limits: Limits<'_>) -> Option<Entry> {
    let value = solver.value(board, limits, &mut |_| {})?;
    let best = solver.best_move(board, value, limits)?;
    Some(Entry { value, best })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(geo: Geometry, seeds: u8) -> u128 {
        let row = vec![seeds; geo.pits];
        geo.board(&row, &row)
    }

    /// Plays from `start` to `plies` plies with the book's player (either side) following the
    /// book and the opponent trying every move: the book player's turns met, and those of them
    /// the book lacks.
    fn book_turns(book: &Book, geo: Geometry, start: u128, plies: u32) -> (usize, Vec<u128>) {
        let mut stack = vec![(start, 0u32, true), (start, 0u32, false)];
        let (mut ours_met, mut missing) = (0, Vec::new());
        while let Some((board, ply, ours)) = stack.pop() {
            if ply >= plies || geo.is_over(board) {
                continue;
            }
            let moves = if ours {
                ours_met += 1;
                match book.get(geo, board) {
                    Some(e) => vec![e.best],
                    None => {
                        missing.push(board);
                        continue;
                    }
                }
            } else {
                (0..geo.pits)
                    .filter(|&i| Geometry::get(board, i) > 0)
                    .collect()
            };
            for i in moves {
                let c = geo.play(board, i);
                match c.after {
                    After::Over => {}
                    After::Again => stack.push((c.board, ply + 1, ours)),
                    After::Pass => stack.push((c.board, ply + 1, !ours)),
                }
            }
        }
        (ours_met, missing)
    }

    #[test]
    fn a_line_reads_back_as_the_entry_it_was_written_from() {
        let geo = Geometry::new(6, false);
        let board = geo.board(&[0, 5, 5, 5, 5, 4], &[4, 4, 4, 4, 4, 0]);
        let entry = Entry { value: -3, best: 4 };
        let line = format_line(geo, board, entry);
        assert_eq!(
            line,
            "pits=6 empty-capture=false houses=0,5,5,5,5,4/4,4,4,4,4,0 value=-3 best=5"
        );
        let book = Book::parse(&format!("# a comment\n\n{line}\n")).unwrap();
        assert_eq!(book.len(), 1);
        assert_eq!(book.get(geo, board), Some(entry));
        assert_eq!(book.get(Geometry::new(6, true), board), None);
    }

    #[test]
    fn damaged_lines_are_refused_with_their_line_number() {
        let good = "pits=3 empty-capture=true houses=1,2,3/3,2,1 value=+2 best=1";
        for bad in [
            "pits=3 empty-capture=true houses=1,2,3/3,2,1 value=+2",
            "pits=3 empty-capture=maybe houses=1,2,3/3,2,1 value=+2 best=1",
            "pits=3 empty-capture=true houses=1,2/3,2,1 value=+2 best=1",
            "pits=3 empty-capture=true houses=0,2,3/3,2,1 value=+2 best=1",
            "pits=3 empty-capture=true houses=1,2,3/3,2,1 value=+13 best=1",
            "pits=9 empty-capture=true houses=1,2,3/3,2,1 value=+2 best=1",
            "pits=3 empty-capture=true houses=1,x,3/3,2,1 value=+2 best=1",
            "just words",
        ] {
            let err = Book::parse(&format!("{good}\n{bad}\n")).unwrap_err();
            let PerfectError::Book { line, .. } = err else {
                panic!("not a book error: {err}");
            };
            assert_eq!(line, 2, "{bad}");
        }
    }

    /// On a small board the book covers both sides' turns to its depth, and every entry is the
    /// exact value with a move that keeps it, as a fresh solver finds.
    #[test]
    fn a_built_book_is_exact_and_covers_the_book_players_turns() {
        let geo = Geometry::new(3, false);
        let start = start(geo, 3);
        let solver = Solver::new(geo, 4, None);
        let mut book = Book::default();
        let mut plies_seen = Vec::new();
        build(
            &solver,
            start,
            5,
            &mut book,
            Limits::NONE,
            &mut |_, _, ply| plies_seen.push(ply),
        )
        .unwrap();
        assert!(plies_seen.windows(2).all(|w| w[0] <= w[1]), "breadth first");
        assert!(book.len() > 10, "{} entries", book.len());
        let fresh = Solver::new(geo, 4, None);
        for (g, board, entry) in book.iter() {
            assert_eq!(g, geo);
            assert_eq!(
                fresh.value(board, Limits::NONE, &mut |_| {}),
                Some(entry.value)
            );
            assert_eq!(
                fresh.keeps(board, entry.best, entry.value, Limits::NONE),
                Some(true)
            );
        }
        // Following the book as either player against every reply, each of its turns within
        // the depth is in the book.
        let (ours, missing) = book_turns(&book, geo, start, 5);
        assert!(ours > 3);
        assert!(missing.is_empty(), "{missing:?}");
        // Resuming adds nothing and solves nothing.
        let before = solver.nodes();
        let mut added = 0;
        build(
            &solver,
            start,
            5,
            &mut book,
            Limits::NONE,
            &mut |_, _, _| added += 1,
        )
        .unwrap();
        assert_eq!((added, solver.nodes()), (0, before));
    }

    /// The shipped book reads, and covers what docs/SOLVED.md says: Kalah(6,4)'s first
    /// SHIPPED_PLIES plies for either player under each capture rule, starting with the values
    /// the literature gives (+10 with empty capture) and the solver's +8 without.
    #[test]
    fn the_shipped_book_covers_the_standard_boards_first_plies() {
        let book = shipped().unwrap();
        for (geo, board, entry) in book.iter() {
            assert!(Geometry::get(board, entry.best) > 0);
            assert!(!geo.is_over(board));
        }
        for (empty_capture, plies, root) in SHIPPED_PLIES {
            let geo = Geometry::new(6, empty_capture);
            let start = start(geo, 4);
            assert_eq!(book.get(geo, start).map(|e| e.value), Some(root));
            let (ours, missing) = book_turns(&book, geo, start, plies);
            assert!(missing.is_empty(), "{} uncovered of {ours}", missing.len());
        }
    }

    #[test]
    fn the_shipped_book_opens_kalah_6_5_and_its_entries_agree() {
        // Kalah(6,5) under both rules (from the solves' checkpoints): the start, and the first
        // player's second sowing after the start's move ends in the store.
        let book = shipped().unwrap();
        for empty_capture in [false, true] {
            let geo = Geometry::new(6, empty_capture);
            let start = start(geo, 5);
            let first = book.get(geo, start).expect("the start of Kalah(6,5)");
            let child = geo.play(start, first.best);
            assert_eq!(child.after, After::Again);
            let second = book
                .get(geo, child.board)
                .expect("the first player's next turn");
            // The value still to come drops by what the first sowing banked.
            assert_eq!(second.value, first.value - child.gain);
        }
    }

    /// What the shipped book covers: (empty capture, plies, the start's value).
    const SHIPPED_PLIES: [(bool, u32, i32); 2] = [(false, 12, 8), (true, 12, 10)];
}
