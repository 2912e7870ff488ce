//! A puzzle set file (`puzzles/GAME.jsonl`, `chaupal_shared::puzzle_set`) as the generator
//! grows it: the puzzles already there (their positions are not looked at again), the next id,
//! and new puzzles appended one line at a time, so that a run stopped keeps what it found.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use chaupal_rules::GameKind;
use chaupal_shared::puzzle_set::{Goal, PuzzleEntry, parse_set};

use crate::tools::ToolError;

/// The set file being grown.
pub struct SetFile {
    path: PathBuf,
    file: File,
    kind: GameKind,
    /// Positions of the puzzles in the file.
    pub positions: HashSet<String>,
    /// Puzzles in the file, and those of them that save a draw.
    pub len: usize,
    pub save_draws: usize,
    /// The largest number of the file's ids (`GAME-NNNNN`).
    last_number: usize,
}

/// Reads a set file (none there: an empty set).
pub fn read(path: &Path) -> Result<Vec<PuzzleEntry>, ToolError> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(path)?;
    parse_set(&text)
        .map_err(|(line, e)| ToolError::Usage(format!("{} line {line}: {e}", path.display())))
}

/// The id of the `n`th puzzle of a game (from 1): `kalah-00042`.
pub fn id_of(kind: GameKind, n: usize) -> String {
    format!("{}-{n:05}", kind.name())
}

impl SetFile {
    /// Opens `path` to append puzzles of `kind` (created when missing).
    pub fn open(path: &Path, kind: GameKind) -> Result<SetFile, ToolError> {
        let entries = read(path)?;
        if let Some(other) = entries.iter().find(|e| e.game != kind) {
            return Err(ToolError::Usage(format!(
                "{} holds a puzzle of {} ({})",
                path.display(),
                other.game,
                other.id
            )));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(SetFile {
            path: path.to_owned(),
            file,
            kind,
            positions: entries.iter().map(|e| e.position.clone()).collect(),
            len: entries.len(),
            save_draws: entries.iter().filter(|e| e.goal == Goal::SaveDraw).count(),
            last_number: entries
                .iter()
                .filter_map(|e| e.id.rsplit('-').next()?.parse().ok())
                .max()
                .unwrap_or(0),
        })
    }

    /// The id the next puzzle gets: one past the largest number there (a puzzle taken out
    /// leaves its number unused).
    pub fn next_id(&self) -> String {
        id_of(self.kind, self.last_number + 1)
    }

    /// Appends `entry` (checked first) unless its position is in the set already; whether it
    /// was added.
    pub fn add(&mut self, entry: &PuzzleEntry) -> Result<bool, ToolError> {
        entry
            .replay()
            .map_err(|e| ToolError::Usage(format!("puzzle {}: {e}", entry.id)))?;
        if !self.positions.insert(entry.position.clone()) {
            return Ok(false);
        }
        writeln!(self.file, "{}", entry.to_line())?;
        self.file.flush()?;
        self.len += 1;
        self.last_number = self.last_number.max(
            entry
                .id
                .rsplit('-')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0),
        );
        if entry.goal == Goal::SaveDraw {
            self.save_draws += 1;
        }
        Ok(true)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}
