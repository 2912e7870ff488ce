//! Perfect play, as the search sees it: what a game's solved database or exact solver may
//! answer for a position before any search runs ([`PerfectPlay`]), and what the search may ask
//! of an endgame database at its leaves ([`EndgameTable`]). Both are trait objects the engine
//! is handed when it is built: the search never reaches for a database by itself. What a
//! perfect player needs of the search comes down to it as a trait object too ([`SearchLayer`]),
//! so perfect play stands below the search and names none of it.
//!
//! [`Resources`] gathers what the engine holds for one game: these and the tuned evaluation.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chaupal_rules::Game;

use crate::game_ai::{Evaluator, TablebaseValue};
use crate::request::{AiError, SearchInfo, SearchLimits, SearchRequest, SearchResult};

/// What a perfect player made of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probe {
    /// It chose the move: the search need not run.
    Played(SearchResult),
    /// It did not (the position is not covered, not solved in time, or the request is not for
    /// the level that plays perfectly): search with this request, which may have less time
    /// left than the one given.
    Search(SearchRequest),
}

/// What the search, the layer above perfect play, lends a perfect player for one move of
/// game `G`. Perfect play names nothing of the search: what it needs of it comes down through
/// this trait, which the search implements when it hands a position to a perfect player.
pub trait SearchLayer<G: Game> {
    /// The limits the ordinary search would run `request` under (a level's own, made stricter
    /// by the request's); an error when the request names no engine there is.
    fn limits(&self, request: &SearchRequest) -> Result<SearchLimits, AiError>;

    /// The ordinary search of the position being played, for `request` (for example to choose
    /// among moves that all keep a draw).
    fn search(&mut self, request: &SearchRequest) -> Result<SearchResult, AiError>;

    /// The move a plain search of `depth` plies with the game's default evaluation plays in
    /// `game`, any position: a searching opponent as the Bagh Chal lures model it
    /// (`baghchal::lure`). `None` when it finds no move.
    fn plain_reply(&self, game: &G, depth: u32) -> Option<G::Move>;
}

/// A solved database or an exact solver that plays positions of game `G` perfectly.
pub trait PerfectPlay<G: Game>: Send + Sync {
    /// Plays `game` for `request` when it can. `search` is what the search lends it (the
    /// ordinary search of the same position among others); `on_info` hears of the line it
    /// reports.
    fn play(
        &self,
        game: &G,
        request: &SearchRequest,
        search: &mut dyn SearchLayer<G>,
        cancel: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<Probe, AiError>;
}

/// An endgame database that the full search reads at its leaves: a covered position below
/// the root is scored from it instead of being searched.
pub trait EndgameTable<G>: fmt::Debug + Send + Sync {
    /// The value of `game` for the side to move, when the database covers it.
    fn value(&self, game: &G) -> Option<TablebaseValue>;
}

/// What the engine holds for one game: the tuned evaluation that replaces the game's default,
/// the endgame database the search reads, and the perfect player that moves first. Each is
/// absent when nothing was loaded for the game.
pub struct Resources<G: Game> {
    pub tuned: Option<Arc<dyn Evaluator<G>>>,
    pub endgame: Option<Arc<dyn EndgameTable<G>>>,
    pub perfect: Option<Arc<dyn PerfectPlay<G>>>,
}

impl<G: Game> Default for Resources<G> {
    fn default() -> Self {
        Resources {
            tuned: None,
            endgame: None,
            perfect: None,
        }
    }
}

impl<G: Game> Clone for Resources<G> {
    fn clone(&self) -> Self {
        Resources {
            tuned: self.tuned.clone(),
            endgame: self.endgame.clone(),
            perfect: self.perfect.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Resources<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resources")
            .field("tuned", &self.tuned.is_some())
            .field("endgame", &self.endgame.is_some())
            .field("perfect", &self.perfect.is_some())
            .finish()
    }
}
