//! The puzzle set the server serves, read once at start: the shipped set built into the
//! binary (`puzzles/*.jsonl` at the workspace's root), or every `*.jsonl` file of the
//! directory `--puzzles DIR` names. Each line is a [`PuzzleEntry`] read with
//! [`parse_set`]; a bad line stops the start, naming its file and line.
//!
//! The set is indexed by id, by game and by game and theme (each list sorted by the set's
//! rating); it never changes while the server runs (the puzzles' current ratings are the
//! records', see [`super::ranking`]).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::puzzle_set::{EntryError, PuzzleEntry, parse_set};
use thiserror::Error;

/// The shipped set: one file a game, as the lab's `chaupal puzzles` writes them.
const SHIPPED: [(&str, &str); 4] = [
    (
        "puzzles/baghchal.jsonl",
        include_str!("../../../puzzles/baghchal.jsonl"),
    ),
    (
        "puzzles/kalah.jsonl",
        include_str!("../../../puzzles/kalah.jsonl"),
    ),
    (
        "puzzles/jungle.jsonl",
        include_str!("../../../puzzles/jungle.jsonl"),
    ),
    (
        "puzzles/sholo-guti.jsonl",
        include_str!("../../../puzzles/sholo-guti.jsonl"),
    ),
];

/// The start of the ids of puzzles made from a player's own games (`super::mistakes`): no
/// puzzle of a set may have one.
pub const OWN_PREFIX: &str = "mine-";

/// Why the set could not be read.
#[derive(Debug, Error)]
pub enum SetError {
    #[error("puzzles: cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("puzzles: no *.jsonl file in {}", .0.display())]
    NoFiles(PathBuf),
    #[error("puzzles: {file}, line {line}: {error}")]
    Line {
        file: String,
        line: usize,
        error: EntryError,
    },
    #[error("puzzles: {file}, line {line}: the id {id} is used twice")]
    Duplicate {
        file: String,
        line: usize,
        id: String,
    },
    #[error(
        "puzzles: {file}, line {line}: ids starting with {OWN_PREFIX} are kept for puzzles from players' own games"
    )]
    Reserved { file: String, line: usize },
}

/// One puzzle, ready to serve: its line of the set, and the solution as the rules write it.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub entry: PuzzleEntry,
    /// The solution in the game's canonical notation (what `play_text` answers).
    pub line: Vec<String>,
    /// Who plays each move of [`Puzzle::line`].
    pub movers: Vec<Side>,
    /// The side to move at the start, who solves it.
    pub solver: Side,
}

impl Puzzle {
    /// Checks an entry (its line must be legal) and writes its solution canonically.
    pub fn new(entry: PuzzleEntry) -> Result<Puzzle, EntryError> {
        entry.replay()?;
        Puzzle::checked(entry)
    }

    /// An entry already checked ([`PuzzleEntry::replay`], as [`parse_set`] does), its
    /// solution written canonically.
    fn checked(entry: PuzzleEntry) -> Result<Puzzle, EntryError> {
        let mut game = entry.start()?;
        let solver = game.side_to_move();
        let mut line = Vec::with_capacity(entry.solution.len());
        let mut movers = Vec::with_capacity(entry.solution.len());
        for (index, text) in entry.solution.iter().enumerate() {
            movers.push(game.side_to_move());
            let canonical = game.play_text(text).map_err(|e| EntryError::Illegal {
                index,
                text: text.clone(),
                detail: e.to_string(),
            })?;
            line.push(canonical);
        }
        Ok(Puzzle {
            entry,
            line,
            movers,
            solver,
        })
    }

    pub fn id(&self) -> &str {
        &self.entry.id
    }

    pub fn game(&self) -> GameKind {
        self.entry.game
    }

    /// The position the puzzle starts from.
    pub fn start(&self) -> Result<AnyGame, EntryError> {
        self.entry.start()
    }

    /// How many of the solution's moves are the solver's.
    pub fn moves_to_find(&self) -> u32 {
        self.movers.iter().filter(|&&s| s == self.solver).count() as u32
    }

    pub fn has_theme(&self, theme: &str) -> bool {
        self.entry.themes.iter().any(|t| t == theme)
    }
}

/// The whole set, indexed.
#[derive(Debug, Default)]
pub struct PuzzleSet {
    puzzles: Vec<Arc<Puzzle>>,
    by_id: HashMap<String, usize>,
    /// Each game's puzzles, by the set's rating (then id).
    by_game: BTreeMap<GameKind, Vec<usize>>,
    /// Each game's puzzles of each theme, by the set's rating (then id).
    by_theme: BTreeMap<(GameKind, String), Vec<usize>>,
}

impl PuzzleSet {
    /// The set built into the binary.
    pub fn shipped() -> Result<PuzzleSet, SetError> {
        PuzzleSet::from_texts(SHIPPED.iter().map(|&(name, text)| (name.to_owned(), text)))
    }

    /// Every `*.jsonl` file of `dir`, in the order of their names.
    pub fn from_dir(dir: &Path) -> Result<PuzzleSet, SetError> {
        let read_error = |source| SetError::Read {
            path: dir.to_path_buf(),
            source,
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(read_error)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl") && p.is_file())
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(SetError::NoFiles(dir.to_path_buf()));
        }
        let mut texts = Vec::with_capacity(files.len());
        for path in files {
            let text = std::fs::read_to_string(&path).map_err(|source| SetError::Read {
                path: path.clone(),
                source,
            })?;
            texts.push((path.display().to_string(), text));
        }
        PuzzleSet::from_texts(texts.iter().map(|(n, t)| (n.clone(), t.as_str())))
    }

    /// A set from files' texts, each with the name its errors give.
    pub fn from_texts<'a>(
        files: impl IntoIterator<Item = (String, &'a str)>,
    ) -> Result<PuzzleSet, SetError> {
        let mut set = PuzzleSet::default();
        for (file, text) in files {
            let entries = parse_set(text).map_err(|(line, error)| SetError::Line {
                file: file.clone(),
                line,
                error,
            })?;
            // parse_set skips blank lines: the line numbers of the entries, for the errors
            // found here.
            let lines = text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, _)| i + 1);
            for (entry, line) in entries.into_iter().zip(lines) {
                set.add(entry, &file, line)?;
            }
        }
        set.index();
        Ok(set)
    }

    fn add(&mut self, entry: PuzzleEntry, file: &str, line: usize) -> Result<(), SetError> {
        if entry.id.starts_with(OWN_PREFIX) {
            return Err(SetError::Reserved {
                file: file.to_owned(),
                line,
            });
        }
        if self.by_id.contains_key(&entry.id) {
            return Err(SetError::Duplicate {
                file: file.to_owned(),
                line,
                id: entry.id,
            });
        }
        let puzzle = Puzzle::checked(entry).map_err(|error| SetError::Line {
            file: file.to_owned(),
            line,
            error,
        })?;
        self.by_id
            .insert(puzzle.entry.id.clone(), self.puzzles.len());
        self.puzzles.push(Arc::new(puzzle));
        Ok(())
    }

    /// Builds the lists by game and by theme.
    fn index(&mut self) {
        let mut order: Vec<usize> = (0..self.puzzles.len()).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&self.puzzles[a].entry, &self.puzzles[b].entry);
            a.rating.total_cmp(&b.rating).then_with(|| a.id.cmp(&b.id))
        });
        for i in order {
            let entry = &self.puzzles[i].entry;
            self.by_game.entry(entry.game).or_default().push(i);
            for theme in &entry.themes {
                self.by_theme
                    .entry((entry.game, theme.clone()))
                    .or_default()
                    .push(i);
            }
        }
    }

    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// The puzzle at `index` (as the lists give them).
    pub fn get(&self, index: usize) -> Option<&Arc<Puzzle>> {
        self.puzzles.get(index)
    }

    /// Every puzzle, in the set's order.
    pub fn all(&self) -> &[Arc<Puzzle>] {
        &self.puzzles
    }

    /// The index of the puzzle with this id.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// A game's puzzles, by the set's rating.
    pub fn of_game(&self, game: GameKind) -> &[usize] {
        self.by_game.get(&game).map_or(&[], Vec::as_slice)
    }

    /// How many puzzles each game has (games without any left out).
    pub fn counts(&self) -> Vec<(GameKind, usize)> {
        self.by_game.iter().map(|(&g, l)| (g, l.len())).collect()
    }

    /// Whether any puzzle (of `game`, when given) has `theme`.
    pub fn has_theme(&self, game: Option<GameKind>, theme: &str) -> bool {
        self.by_theme
            .iter()
            .any(|((g, t), _)| t == theme && game.is_none_or(|want| want == *g))
    }

    /// Each game's themes with their counts: most puzzles first, then by game and name.
    pub fn themes(&self) -> Vec<(GameKind, String, usize)> {
        let mut all: Vec<(GameKind, String, usize)> = self
            .by_theme
            .iter()
            .map(|((g, t), l)| (*g, t.clone(), l.len()))
            .collect();
        all.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| (a.0, &a.1).cmp(&(b.0, &b.1))));
        all
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::puzzles::testing::{entry, kalah_line};

    #[test]
    fn a_set_is_indexed_by_id_game_and_theme_and_sorted_by_rating() {
        let a = entry("k-a", 1700.0, &["capture"]);
        let b = entry("k-b", 1200.0, &["capture", "sweep"]);
        let text = format!("{}\n\n{}\n", a.to_line(), b.to_line());
        let set = PuzzleSet::from_texts([("k.jsonl".to_owned(), text.as_str())]).unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set.get(set.index_of("k-b").unwrap()).unwrap().entry, b);
        let order: Vec<&str> = set
            .of_game(GameKind::Kalah)
            .iter()
            .map(|&i| set.get(i).unwrap().id())
            .collect();
        assert_eq!(order, ["k-b", "k-a"]);
        assert!(set.of_game(GameKind::Jungle).is_empty());
        assert_eq!(
            set.themes(),
            [
                (GameKind::Kalah, "capture".to_owned(), 2),
                (GameKind::Kalah, "sweep".to_owned(), 1)
            ]
        );
        assert!(set.has_theme(Some(GameKind::Kalah), "sweep"));
        assert!(!set.has_theme(Some(GameKind::Jungle), "sweep"));
        assert!(!set.has_theme(None, "den"));
        assert_eq!(set.counts(), [(GameKind::Kalah, 2)]);
    }

    #[test]
    fn the_solution_is_kept_canonically_with_its_movers() {
        let (entry, movers) = kalah_line();
        let puzzle = Puzzle::new(entry).unwrap();
        assert_eq!(puzzle.movers, movers);
        assert_eq!(puzzle.solver, Side::First);
        assert_eq!(
            puzzle.moves_to_find() as usize,
            movers.iter().filter(|&&s| s == Side::First).count()
        );
    }

    #[test]
    fn a_bad_line_a_duplicate_and_a_reserved_id_name_their_file_and_line() {
        let good = entry("k-a", 1500.0, &[]).to_line();
        let text = format!("{good}\n{{\"id\":\"x\"}}\n");
        let e = PuzzleSet::from_texts([("one.jsonl".to_owned(), text.as_str())]).unwrap_err();
        assert!(matches!(e, SetError::Line { line: 2, .. }), "{e}");
        assert!(e.to_string().contains("one.jsonl, line 2"), "{e}");
        let text = format!("\n{good}\n{good}\n");
        let e = PuzzleSet::from_texts([("two.jsonl".to_owned(), text.as_str())]).unwrap_err();
        assert!(matches!(e, SetError::Duplicate { line: 3, .. }), "{e}");
        let mine = entry("mine-1-2", 1500.0, &[]).to_line();
        let e = PuzzleSet::from_texts([("three.jsonl".to_owned(), mine.as_str())]).unwrap_err();
        assert!(matches!(e, SetError::Reserved { line: 1, .. }), "{e}");
    }

    #[test]
    fn a_directory_gives_its_jsonl_files_and_an_empty_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            PuzzleSet::from_dir(dir.path()),
            Err(SetError::NoFiles(_))
        ));
        std::fs::write(
            dir.path().join("a.jsonl"),
            entry("k-a", 1500.0, &[]).to_line(),
        )
        .unwrap();
        std::fs::write(dir.path().join("notes.txt"), "not a puzzle").unwrap();
        let set = PuzzleSet::from_dir(dir.path()).unwrap();
        assert_eq!(set.len(), 1);
        std::fs::write(dir.path().join("b.jsonl"), "nonsense\n").unwrap();
        let e = PuzzleSet::from_dir(dir.path()).unwrap_err();
        assert!(e.to_string().contains("b.jsonl, line 1"), "{e}");
    }

    #[test]
    fn the_shipped_set_reads() {
        let set = PuzzleSet::shipped().unwrap();
        assert_eq!(
            set.len(),
            set.counts().iter().map(|(_, n)| n).sum::<usize>()
        );
    }
}
