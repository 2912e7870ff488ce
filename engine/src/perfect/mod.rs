//! Perfect play: every solved database and exact solver of the engine, and what the search
//! asks of them.
//!
//! - [`probe`]: what the search sees of perfect play: a [`PerfectPlay`] that may move before
//!   any search runs, an [`EndgameTable`] the search reads at its leaves, and the
//!   [`Resources`] the engine holds for one game; and what the search lends a perfect player
//!   ([`SearchLayer`]), so that nothing here names the search above it.
//! - [`tablebase`]: what a solved database answers ([`Wdl`], [`Choice`], the [`Tablebase`]
//!   trait); [`player`]: the top level's move from any such database.
//! - [`baghchal`]: the Bagh Chal movement phase (and, by a short search, the last goat
//!   placements), and the placement phase solved layer by layer on it
//!   ([`baghchal::placement`]); [`sholo_guti`]: Sholo Guti endings of few pieces. Both movement
//!   and endings are solved by retrograde analysis and stored in the one file
//!   [`format`](mod@format).
//! - [`kalah`]: Kalah solved exactly (the solver, its endgame databases, the opening book,
//!   checkpoints of long solves, the top level's Kalah player).
//! - [`error`]: why perfect play refused a file ([`PerfectError`]), one type for all of it.
//! - [`Tablebases::load_dir`]: every database of a directory (`baghchal.tb` and its placement
//!   layers `baghchal-placement-NN.tb`, `sholo-guti.tb`, and the Kalah endgame databases
//!   `kalah*.db`), loaded once at start and handed to the engine.
//!
//! Files: the databases are read by [`Tablebases::load_dir`]; their bytes are made here
//! ([`baghchal::file::encode`], [`sholo_guti::file::encode`], [`kalah::EndgameDb::save`] to a
//! writer) and written to disk by the lab's tools. The files the engine writes itself are those
//! of its resumable builds: a long Kalah solve's checkpoint ([`kalah::checkpoint::save`], for
//! `chaupal solve --checkpoint`) and the Bagh Chal placement layers
//! ([`baghchal::placement::file::write_layer`], for `chaupal tablebase baghchal`).

pub mod baghchal;
pub mod error;
pub mod format;
pub mod kalah;
pub mod player;
pub mod probe;
#[cfg(test)]
mod review_check;
pub mod sholo_guti;
pub mod tablebase;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chaupal_rules::GameKind;

use self::baghchal::BaghChalTb;
use self::baghchal::placement::values::Width;
use self::baghchal::placement::{PlacementTb, Residence};
pub use self::error::PerfectError;
use self::kalah::EndgameDb;
pub use self::probe::{EndgameTable, PerfectPlay, Probe, Resources, SearchLayer};
use self::sholo_guti::SholoGutiTb;
pub use self::tablebase::{Choice, Tablebase, Wdl};

/// The Bagh Chal database's file name in a tablebase directory.
pub(crate) const BAGHCHAL_FILE: &str = "baghchal.tb";
/// The Sholo Guti database's file name in a tablebase directory.
pub(crate) const SHOLO_GUTI_FILE: &str = "sholo-guti.tb";

/// One database file loaded from a directory: which game, where from, and what it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedFile {
    pub game: GameKind,
    pub path: PathBuf,
    /// What it covers, in a few words (`captures-to-win=5`, `pieces-max=7`, `16 seeds`).
    pub covers: String,
}

/// What a Bagh Chal database covers, as rule pairs (`goats` only when not the standard 20).
fn baghchal_covers(tb: &BaghChalTb) -> String {
    let mut covers = format!("captures-to-win={}", tb.captures_to_win());
    if tb.goats() != chaupal_rules::baghchal::board::GOATS_TOTAL {
        covers.push_str(&format!(" goats={}", tb.goats()));
    }
    covers
}

/// The databases of a directory, loaded and checked.
#[derive(Clone, Default)]
pub struct Tablebases {
    pub baghchal: Option<Arc<BaghChalTb>>,
    /// The Bagh Chal placement phase, solved on `baghchal` (read from the disk as needed).
    pub baghchal_placement: Option<Arc<PlacementTb>>,
    pub sholo_guti: Option<Arc<SholoGutiTb>>,
    /// Kalah endgame databases, one per board size and capture rule.
    pub kalah: Vec<Arc<EndgameDb>>,
    /// Each file loaded.
    pub files: Vec<LoadedFile>,
}

impl Tablebases {
    /// Loads every database in `dir`: `baghchal.tb` with its placement layers
    /// (`baghchal-placement-00.tb` to `-19`, solved on it with distances), `sholo-guti.tb` and
    /// the Kalah endgame databases `kalah*.db`. A missing file is not an error (the AI plays
    /// without it); a file that is there but wrong or damaged is, and so are placement layers
    /// without distances or with a layer missing.
    pub fn load_dir(dir: &Path) -> Result<Tablebases, PerfectError> {
        let mut tbs = Tablebases::default();
        let path = dir.join(BAGHCHAL_FILE);
        if path.is_file() {
            let tb = BaghChalTb::load(&path)?;
            tbs.files.push(LoadedFile {
                game: GameKind::BaghChal,
                path,
                covers: baghchal_covers(&tb),
            });
            let tb = Arc::new(tb);
            if baghchal::placement::file::layer_path(dir, 0).is_file() {
                let placement = PlacementTb::open(dir, tb.clone(), Residence::Disk)?;
                if placement.width() != Width::Plies {
                    return Err(PerfectError::Corrupt(format!(
                        "the Bagh Chal placement layers in {} keep no distances (2 bits a \
                         value): the engine plays from layers solved with `chaupal tablebase \
                         baghchal --placement --distances`",
                        dir.display()
                    )));
                }
                tbs.files.push(LoadedFile {
                    game: GameKind::BaghChal,
                    path: baghchal::placement::file::layer_path(dir, 0),
                    covers: format!("the placement phase, {}", baghchal_covers(&tb)),
                });
                tbs.baghchal_placement = Some(Arc::new(placement));
            }
            tbs.baghchal = Some(tb);
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
        for (path, db) in kalah::load_dir(dir)? {
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
