//! Kalah solved exactly: the final margin with perfect play from any position, and the moves
//! that keep it.
//!
//! - [`board`]: a position as the solver sees it (houses only, from the mover's side, packed in
//!   a `u128`) and one move on it.
//! - [`rank`] and [`db`]: endgame databases of every board with few seeds left in play, built
//!   bottom-up by seed count and indexed by combinatorial rank.
//! - [`tt`] and [`search`]: the exact search (MTD(f) over null-window alpha-beta, a lock-free
//!   transposition table, database probes, several threads).
//! - [`checkpoint`]: a long solve's table saved to a file and loaded again, so that it resumes.
//! - [`book`]: the opening book of solved positions the top level plays from first.
//! - [`play`]: the top AI level's Kalah player (the book, then the solver within part of the
//!   move's time, or the ordinary search).
//! - [`Databases`]: the endgame databases an engine holds.
//!
//! Values: the solver computes the store difference still to come for the side to move; the
//! final margin of a position is its present store difference plus that value.

pub mod board;
pub mod book;
pub mod checkpoint;
pub mod db;
pub mod play;
pub mod rank;
pub mod search;
pub mod tt;

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use chaupal_rules::Game;
use chaupal_rules::kalah::{Kalah, KalahRules};

use crate::perfect::error::PerfectError;
pub use board::Geometry;
pub use db::EndgameDb;
pub use search::{Pass, Solver};

/// The default size of an endgame database built on first use: at most this many positions
/// (bytes). About 20 seeds on six houses a side, which builds in well under a minute.
pub const DEFAULT_DB_BYTES: u64 = 256 << 20;

/// The solver geometry of a rule set.
pub fn geometry(rules: &KalahRules) -> Geometry {
    Geometry::new(rules.pits() as usize, rules.empty_capture())
}

/// The houses of a position from the side to move's point of view.
pub fn board_of(game: &Kalah) -> u128 {
    let me = game.side_to_move();
    geometry(game.rules()).board(game.houses(me), game.houses(me.opponent()))
}

/// The side to move's store minus the other store.
pub fn store_margin(game: &Kalah) -> i32 {
    let me = game.side_to_move();
    i32::from(game.store(me)) - i32::from(game.store(me.opponent()))
}

/// The size of database to build on first use for a game of `total` seeds: the whole game when
/// it fits in [`DEFAULT_DB_BYTES`], else as many seeds as fit.
pub fn default_db_seeds(geo: Geometry, total: u32) -> u32 {
    EndgameDb::seeds_within(geo, DEFAULT_DB_BYTES, total)
}

/// The Kalah endgame databases an engine holds, one per geometry (the largest kept). Built on
/// first use, loaded from a directory, or built in the background; shared by every search of
/// the engine that owns it.
#[derive(Debug, Default)]
pub(crate) struct Databases {
    dbs: Mutex<HashMap<Geometry, Arc<EndgameDb>>>,
}

impl Databases {
    /// The database held for `geo`, if any.
    pub fn get(&self, geo: Geometry) -> Option<Arc<EndgameDb>> {
        self.dbs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&geo)
            .cloned()
    }

    /// Keeps `db` for later searches of its geometry, unless a larger one is already kept.
    pub fn keep(&self, db: Arc<EndgameDb>) {
        let mut map = self.dbs.lock().unwrap_or_else(|e| e.into_inner());
        let geo = db.geometry();
        if map
            .get(&geo)
            .is_none_or(|old| old.max_seeds() < db.max_seeds())
        {
            map.insert(geo, db);
        }
    }

    /// The database of `geo` with at least `seeds` seeds: the kept one, or built now and kept.
    pub(crate) fn with_seeds(
        &self,
        geo: Geometry,
        seeds: u32,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Arc<EndgameDb> {
        if let Some(db) = self.get(geo).filter(|d| d.max_seeds() >= seeds) {
            return db;
        }
        let db = Arc::new(EndgameDb::build(geo, seeds, progress));
        self.keep(db.clone());
        db
    }
}

/// Loads every Kalah endgame database in `dir` (files named `kalah*.db`, written by
/// `tablebase kalah`; each says its board size and capture rule), in the order of their names.
/// A missing directory loads nothing; a damaged database is an error naming it.
pub fn load_dir(dir: &Path) -> Result<Vec<(PathBuf, EndgameDb)>, PerfectError> {
    let mut loaded = Vec::new();
    if !dir.is_dir() {
        return Ok(loaded);
    }
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("kalah") && n.ends_with(".db"))
        })
        .collect();
    paths.sort();
    for path in paths {
        let file = std::fs::File::open(&path)?;
        let db = EndgameDb::load(&mut std::io::BufReader::new(file)).map_err(|e| {
            PerfectError::Io(std::io::Error::new(
                e.kind(),
                format!("{}: {e}", path.display()),
            ))
        })?;
        loaded.push((path, db));
    }
    Ok(loaded)
}

/// A margin as people read it: `+N`, `-N` or `0`.
pub fn margin_text(margin: i32) -> String {
    if margin > 0 {
        format!("+{margin}")
    } else {
        margin.to_string()
    }
}
