//! The engine value: what the AI holds for every game (tuned evaluations, solved databases,
//! the Kalah solver and book), built once where a program starts and handed to whoever
//! searches. [`Engine::search`] is the entry point for a game of any kind.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chaupal_rules::AnyGame;
use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::jungle::Jungle;
use chaupal_rules::kalah::Kalah;
use chaupal_rules::sholo_guti::SholoGuti;
use thiserror::Error;

use crate::memory::{Memory, TreeOf};
use crate::perfect::Tablebases;
use crate::perfect::error::PerfectError;
use crate::perfect::kalah::Databases;
use crate::perfect::kalah::play::KalahPlayer;
use crate::perfect::player::TablebasePlayer;
use crate::perfect::probe::Resources;
use crate::request::{AiError, SearchInfo, SearchRequest, SearchResult};
use crate::run;
use crate::weights::{Tuned, WeightsError};

/// What an engine is built from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSettings {
    /// A directory of solved databases (`baghchal.tb`, `sholo-guti.tb`, `kalah*.db`).
    pub tablebase_dir: Option<PathBuf>,
    /// A directory of tuned evaluation weights (`GAME.json`), used instead of the weights
    /// shipped with the engine for the games it has a file for.
    pub weights_dir: Option<PathBuf>,
    /// Seeds in play covered by the Kalah endgame database the top level builds in the
    /// background (0: none).
    pub kalah_db_seeds: u32,
}

/// Why an engine could not be built.
#[derive(Debug, Error)]
pub enum EngineError {
    #[error(transparent)]
    Tablebase(#[from] PerfectError),
    #[error(transparent)]
    Weights(#[from] WeightsError),
}

/// What the AI holds for every game. Cheap to share behind an `Arc`; searches only read it.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
///
/// use chaupal_engine::{Engine, EngineSettings, EngineSpec, Memory, SearchLimits, SearchRequest};
/// use chaupal_rules::{AnyGame, GameKind};
///
/// // Built once where the program starts: the shipped weights, no databases.
/// let engine = Engine::load(&EngineSettings::default()).unwrap();
/// // One memory per line of play: the next search of the game reuses what this one kept.
/// let mut memory = Memory::default();
///
/// let game = AnyGame::start(GameKind::Kalah, Vec::<(String, String)>::new()).unwrap();
/// let request = SearchRequest::new(
///     EngineSpec::Level(5),
///     SearchLimits { time: Some(Duration::from_millis(100)), ..SearchLimits::default() },
///     7,
/// );
/// let cancel = AtomicBool::new(false);
/// let mut lines = 0;
/// let result = engine
///     .search(&game, &request, &mut memory, &cancel, &mut |_info| lines += 1)
///     .unwrap();
/// let best = result.best_move.unwrap();
/// assert!(game.legal_moves_text().contains(&best));
/// assert!(lines > 0);
/// ```
#[derive(Clone)]
pub struct Engine {
    baghchal: Resources<BaghChal>,
    kalah: Resources<Kalah>,
    jungle: Resources<Jungle>,
    sholo_guti: Resources<SholoGuti>,
    /// The Kalah endgame databases, shared with the Kalah player.
    kalah_dbs: Arc<Databases>,
    /// What was loaded, for the log.
    tablebases: Tablebases,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine from the code alone: the hand-set evaluation weights, no solved databases,
    /// and the Kalah solver with the shipped opening book (it builds a small endgame database
    /// at its first move).
    pub fn new() -> Engine {
        let kalah_dbs = Arc::new(Databases::default());
        Engine {
            baghchal: Resources::default(),
            kalah: Resources {
                perfect: Some(Arc::new(KalahPlayer::new(kalah_dbs.clone(), 0))),
                ..Resources::default()
            },
            jungle: Resources::default(),
            sholo_guti: Resources::default(),
            kalah_dbs,
            tablebases: Tablebases::default(),
        }
    }

    /// The engine a program plays with: the weights shipped with the engine (or those of
    /// `settings.weights_dir`), the databases of `settings.tablebase_dir`, and the Kalah
    /// background database of `settings.kalah_db_seeds`.
    pub fn load(settings: &EngineSettings) -> Result<Engine, EngineError> {
        let tuned = match &settings.weights_dir {
            Some(dir) => Tuned::shipped()?.overridden_by_dir(dir)?,
            None => Tuned::shipped()?,
        };
        let tablebases = match &settings.tablebase_dir {
            Some(dir) => Tablebases::load_dir(dir)?,
            None => Tablebases::default(),
        };
        Ok(Engine::new()
            .with_tuned(tuned)
            .with_tablebases(tablebases)
            .with_kalah_background(settings.kalah_db_seeds))
    }

    /// This engine with `tuned` as the default evaluation of the games it has weights for.
    pub fn with_tuned(mut self, tuned: Tuned) -> Engine {
        self.baghchal.tuned = tuned.baghchal;
        self.kalah.tuned = tuned.kalah;
        self.jungle.tuned = tuned.jungle;
        self.sholo_guti.tuned = tuned.sholo_guti;
        self
    }

    /// This engine playing from `tablebases`: the top level moves from the Bagh Chal and
    /// Sholo Guti databases (in Bagh Chal from the first move where the placement phase is
    /// solved), its search reads the Sholo Guti one at its leaves, and the Kalah
    /// solver uses the Kalah databases.
    pub fn with_tablebases(mut self, tablebases: Tablebases) -> Engine {
        if let Some(tb) = &tablebases.baghchal_placement {
            self.baghchal.perfect = Some(Arc::new(TablebasePlayer(tb.clone())));
        } else if let Some(tb) = &tablebases.baghchal {
            self.baghchal.perfect = Some(Arc::new(TablebasePlayer(tb.clone())));
        }
        if let Some(tb) = &tablebases.sholo_guti {
            self.sholo_guti.perfect = Some(Arc::new(TablebasePlayer(tb.clone())));
            self.sholo_guti.endgame = Some(tb.clone());
        }
        for db in &tablebases.kalah {
            self.kalah_dbs.keep(db.clone());
        }
        self.tablebases = tablebases;
        self
    }

    /// This engine with a Kalah player that builds a database of `seeds` seeds in play in the
    /// background at the first move on a board (0: none).
    pub(crate) fn with_kalah_background(mut self, seeds: u32) -> Engine {
        self.kalah.perfect = Some(Arc::new(KalahPlayer::new(self.kalah_dbs.clone(), seeds)));
        self
    }

    /// The solved databases loaded.
    pub fn tablebases(&self) -> &Tablebases {
        &self.tablebases
    }

    #[cfg(test)]
    /// The Kalah endgame databases this engine holds.
    pub(crate) fn kalah_databases(&self) -> &Arc<Databases> {
        &self.kalah_dbs
    }

    /// What the engine holds for game `G`.
    pub fn resources<G: Played>(&self) -> &Resources<G> {
        G::resources(self)
    }

    /// Chooses a move for the side to move of `game`, remembering in `memory` what the next
    /// search of the same game can reuse. `on_info` receives each finished iteration.
    pub fn search(
        &self,
        game: &AnyGame,
        request: &SearchRequest,
        memory: &mut Memory,
        cancel: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, AiError> {
        match game {
            AnyGame::BaghChal(g) => self.think(g, request, memory, cancel, on_info),
            AnyGame::Kalah(g) => self.think(g, request, memory, cancel, on_info),
            AnyGame::Jungle(g) => self.think(g, request, memory, cancel, on_info),
            AnyGame::SholoGuti(g) => self.think(g, request, memory, cancel, on_info),
        }
    }

    /// [`Engine::search`] for a game whose type is known.
    pub fn think<G: Played>(
        &self,
        game: &G,
        request: &SearchRequest,
        memory: &mut Memory,
        cancel: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, AiError> {
        let res = G::resources(self);
        memory.with(|kept| run::think(game, request, res, kept, cancel, on_info))
    }
}

/// The four games, each with its place in an [`Engine`] and a [`Memory`].
pub trait Played: TreeOf {
    fn resources(engine: &Engine) -> &Resources<Self>;
}

macro_rules! played {
    ($game:ty, $field:ident) => {
        impl Played for $game {
            fn resources(engine: &Engine) -> &Resources<Self> {
                &engine.$field
            }
        }
    };
}
played!(BaghChal, baghchal);
played!(Kalah, kalah);
played!(Jungle, jungle);
played!(SholoGuti, sholo_guti);

/// The tablebase directory's files, for a log line each.
pub fn describe_loaded(tablebases: &Tablebases, dir: &Path) -> Vec<String> {
    let mut lines: Vec<String> = tablebases
        .files
        .iter()
        .map(|f| {
            format!(
                "{} database loaded from {} ({})",
                f.game,
                f.path.display(),
                f.covers
            )
        })
        .collect();
    if tablebases.files.is_empty() {
        lines.push(format!(
            "no databases in {}: playing without",
            dir.display()
        ));
    }
    lines
}
