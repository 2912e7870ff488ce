//! Perfect play from solved databases, one API for every game.
//!
//! - [`baghchal`]: the Bagh Chal movement phase (and, by a short search, the last goat
//!   placements); [`sholo_guti`]: Sholo Guti endings of few pieces. Both are solved by
//!   retrograde analysis, stored in the one file [`format`] (refused with a [`TbError`] when
//!   wrong or damaged), and answer through the [`Tablebase`] trait.
//! - [`player`]: the top level's move from any such database.
//! - [`Tablebases::load_dir`]: every database of a directory (`baghchal.tb`, `sholo-guti.tb`,
//!   and the Kalah endgame databases `kalah*.db` of [`crate::solver::kalah`]), loaded once at
//!   start and handed to the engine.

pub mod baghchal;
pub mod error;
pub mod format;
pub mod player;
#[cfg(test)]
mod review_check;
pub mod sholo_guti;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chaupal_rules::{Game, GameKind};

use self::baghchal::BaghChalTb;
pub use self::error::TbError;
use self::sholo_guti::SholoGutiTb;
use crate::solver::kalah::EndgameDb;

/// The Bagh Chal database's file name in a tablebase directory.
pub(crate) const BAGHCHAL_FILE: &str = "baghchal.tb";
/// The Sholo Guti database's file name in a tablebase directory.
pub(crate) const SHOLO_GUTI_FILE: &str = "sholo-guti.tb";

/// A game-theoretic value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    Win,
    Draw,
    Loss,
}

/// How good a move's value is for its mover: win fastest, draw, lose slowest.
fn rank<M>(&(_, wdl, plies): &(M, Wdl, u32)) -> (u8, i64) {
    match wdl {
        Wdl::Win => (2, -i64::from(plies)),
        Wdl::Draw => (1, 0),
        Wdl::Loss => (0, i64::from(plies)),
    }
}

/// The best move of a position and what it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// Win fastest, lose slowest; for a draw, the first drawing move.
    pub best: M,
    pub wdl: Wdl,
    /// Plies to the database's end (the end of the game, or the next capture where the database
    /// counts so); 0 for a draw.
    pub plies: u32,
    /// Every move that keeps the draw, when the value is a draw.
    pub draws: Vec<M>,
}

/// A solved database of game `G`.
pub trait Tablebase<G: Game>: Send + Sync {
    /// The value of a covered position for the side to move, with its distance in plies;
    /// `None` when the database does not cover it.
    fn value(&self, game: &G) -> Option<(Wdl, u32)>;

    /// The value of each legal move for its mover, or `None` when the position is not covered
    /// or the game is over.
    fn move_values(&self, game: &G) -> Option<Vec<(G::Move, Wdl, u32)>>;

    /// The move that keeps the value: the fastest win, the slowest loss, or the first drawing
    /// move, with every drawing move.
    fn choose(&self, game: &G) -> Option<Choice<G::Move>> {
        let values = self.move_values(game)?;
        // max_by_key keeps the last of equals; reverse so the first generated move wins ties.
        let &(best, wdl, plies) = values.iter().rev().max_by_key(|e| rank(e))?;
        let draws = values
            .iter()
            .filter(|(_, w, _)| *w == Wdl::Draw)
            .map(|&(m, _, _)| m)
            .collect();
        Some(Choice {
            best,
            wdl,
            plies,
            draws,
        })
    }
}

/// One database file loaded from a directory: which game, where from, and what it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedFile {
    pub game: GameKind,
    pub path: PathBuf,
    /// What it covers, in a few words (`captures-to-win=5`, `pieces-max=7`, `16 seeds`).
    pub covers: String,
}

/// The databases of a directory, loaded and checked.
#[derive(Clone, Default)]
pub struct Tablebases {
    pub baghchal: Option<Arc<BaghChalTb>>,
    pub sholo_guti: Option<Arc<SholoGutiTb>>,
    /// Kalah endgame databases, one per board size and capture rule.
    pub kalah: Vec<Arc<EndgameDb>>,
    /// Each file loaded.
    pub files: Vec<LoadedFile>,
}

impl Tablebases {
    /// Loads every database in `dir`: `baghchal.tb`, `sholo-guti.tb` and the Kalah endgame
    /// databases `kalah*.db`. A missing file is not an error (the AI plays without it); a
    /// file that is there but wrong or damaged is.
    pub fn load_dir(dir: &Path) -> Result<Tablebases, TbError> {
        let mut tbs = Tablebases::default();
        let path = dir.join(BAGHCHAL_FILE);
        if path.is_file() {
            let tb = BaghChalTb::load(&path)?;
            tbs.files.push(LoadedFile {
                game: GameKind::BaghChal,
                path,
                covers: format!("captures-to-win={}", tb.captures_to_win()),
            });
            tbs.baghchal = Some(Arc::new(tb));
        }
        let path = dir.join(SHOLO_GUTI_FILE);
        if path.is_file() {
            let tb = SholoGutiTb::load(&path)?;
            tbs.files.push(LoadedFile {
                game: GameKind::SholoGuti,
                path,
                covers: format!("pieces-max={}", tb.pieces_max()),
            });
            tbs.sholo_guti = Some(Arc::new(tb));
        }
        for (path, db) in crate::solver::kalah::load_dir(dir)? {
            tbs.files.push(LoadedFile {
                game: GameKind::Kalah,
                path,
                covers: format!("{} seeds", db.max_seeds()),
            });
            tbs.kalah.push(Arc::new(db));
        }
        Ok(tbs)
    }

    /// Whether `game` has a database here.
    pub fn has(&self, game: GameKind) -> bool {
        self.files.iter().any(|f| f.game == game)
    }
}
