//! Perfect play from solved databases, and the process-wide registry the AI reads them from.
//!
//! [`baghchal`] holds the Bagh Chal movement-phase database. The server (`--tablebase DIR`) and
//! `bestmove --tablebase DIR` load `DIR/baghchal.tb` once at start with [`load_dir`]; the top
//! AI level then plays covered positions from it (see [`baghchal::play`]). [`sholo_guti`] holds
//! the Sholo Guti endgame database of few pieces, loaded from `DIR/sholo-guti.tb` the same way.

pub mod baghchal;
mod bytes;
pub mod sholo_guti;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use self::baghchal::BaghChalTb;
use self::baghchal::file::TbError;

/// The Bagh Chal database's file name in a tablebase directory.
pub const BAGHCHAL_FILE: &str = "baghchal.tb";

/// The loaded Bagh Chal database, if any.
static BAGHCHAL: OnceLock<BaghChalTb> = OnceLock::new();

/// The Bagh Chal database the AI plays from, when one is loaded.
pub fn baghchal_tb() -> Option<&'static BaghChalTb> {
    BAGHCHAL.get()
}

/// Makes `tb` the process's Bagh Chal database; `false` if one was installed already (it stays).
pub fn install_baghchal(tb: BaghChalTb) -> bool {
    BAGHCHAL.set(tb).is_ok()
}

/// The Sholo Guti database's file name in a tablebase directory.
pub const SHOLO_GUTI_FILE: &str = "sholo-guti.tb";

/// The loaded Sholo Guti endgame database, if any.
static SHOLO_GUTI: OnceLock<sholo_guti::SholoGutiTb> = OnceLock::new();

/// The Sholo Guti database the AI plays from, when one is loaded.
pub fn sholo_guti_tb() -> Option<&'static sholo_guti::SholoGutiTb> {
    SHOLO_GUTI.get()
}

/// Makes `tb` the process's Sholo Guti database; `false` if one was installed already.
pub fn install_sholo_guti(tb: sholo_guti::SholoGutiTb) -> bool {
    SHOLO_GUTI.set(tb).is_ok()
}

/// Loads `DIR/sholo-guti.tb` into the registry when the file is there and none is installed;
/// the path and its most pieces when it was loaded. A damaged file is an error.
pub fn load_sholo_guti_dir(dir: &Path) -> Result<Option<(PathBuf, u32)>, TbError> {
    let path = dir.join(SHOLO_GUTI_FILE);
    if !path.is_file() || SHOLO_GUTI.get().is_some() {
        return Ok(None);
    }
    let tb = sholo_guti::SholoGutiTb::load(&path)?;
    let pieces = tb.pieces_max();
    Ok(install_sholo_guti(tb).then_some((path, pieces)))
}

/// What [`load_dir`] did.
#[derive(Debug, PartialEq, Eq)]
pub enum Loaded {
    /// The file was read, checked and installed.
    Loaded { path: PathBuf, captures_to_win: u8 },
    /// There is no such file: the AI plays without.
    Missing(PathBuf),
    /// A database was installed before; it stays.
    AlreadyLoaded,
}

/// Loads `DIR/baghchal.tb` into the registry when the file is there. A file that is there but
/// wrong or damaged is an error.
pub fn load_dir(dir: &Path) -> Result<Loaded, TbError> {
    let path = dir.join(BAGHCHAL_FILE);
    if !path.is_file() {
        return Ok(Loaded::Missing(path));
    }
    if BAGHCHAL.get().is_some() {
        return Ok(Loaded::AlreadyLoaded);
    }
    let tb = BaghChalTb::load(&path)?;
    let captures_to_win = tb.captures_to_win();
    Ok(if install_baghchal(tb) {
        Loaded::Loaded {
            path,
            captures_to_win,
        }
    } else {
        Loaded::AlreadyLoaded
    })
}

/// [`load_dir`] with the outcome logged, for the server and the tools; also loads the Kalah
/// endgame databases of the directory (`kalah*.db`, see [`crate::solver::kalah::load_dir`])
/// and the Sholo Guti one ([`load_sholo_guti_dir`]).
pub fn load_dir_logged(dir: &Path) -> Result<(), TbError> {
    for (path, seeds) in crate::solver::kalah::load_dir(dir)? {
        tracing::info!(
            "Kalah endgame database loaded from {} ({seeds} seeds)",
            path.display()
        );
    }
    if let Some((path, pieces)) = load_sholo_guti_dir(dir)? {
        tracing::info!(
            "Sholo Guti endgame database loaded from {} (pieces-max={pieces})",
            path.display()
        );
    }
    match load_dir(dir)? {
        Loaded::Loaded {
            path,
            captures_to_win,
        } => tracing::info!(
            "Bagh Chal tablebase loaded from {} (captures-to-win={captures_to_win})",
            path.display()
        ),
        Loaded::Missing(path) => {
            tracing::warn!(
                "no Bagh Chal tablebase at {}: playing without",
                path.display()
            );
        }
        Loaded::AlreadyLoaded => {}
    }
    Ok(())
}
