//! The top level's move from a solved database, for any game: the database's move, with its
//! value reported as `win N`, `loss N` or `draw`, and its line as the principal
//! variation. What a game's player does in a drawn position, and where its line stops, are
//! the game's own ([`Policy`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chaupal_rules::Game;

use crate::perfect::probe::{PerfectPlay, Probe, SearchLayer};
use crate::perfect::tablebase::{Choice, Tablebase, Wdl};
use crate::request::{AiError, EngineSpec, SearchInfo, SearchRequest, SearchResult, SearchStats};
use chaupal_rules::score::Score;

/// The level that plays from the databases.
pub const TOP_LEVEL: u8 = 8;
/// The most plies of the database's line shown as the principal variation.
const PV_PLIES: usize = 40;

/// What a game's database player decides beyond the database's values.
pub(crate) trait Policy<G: Game>: Tablebase<G> {
    /// The move to play in `game`, whose best database move is `choice`; `None` leaves the
    /// position to the ordinary search. `search` is what the search lends: that search (of
    /// `request`), for players that choose among moves of equal value by it, and the plain
    /// searches of the opponents they model.
    fn pick(
        &self,
        game: &G,
        choice: &Choice<G::Move>,
        request: &SearchRequest,
        search: &mut dyn SearchLayer<G>,
    ) -> Option<G::Move>;

    /// Whether the database's line stops after `mv` (a database that counts plies to the next
    /// capture knows nothing beyond it).
    fn line_stops_after(&self, mv: G::Move) -> bool {
        let _ = mv;
        false
    }
}

/// Plays the top level's moves from a database.
pub(crate) struct TablebasePlayer<T>(pub Arc<T>);

impl<G, T> PerfectPlay<G> for TablebasePlayer<T>
where
    G: Game,
    T: Policy<G>,
{
    fn play(
        &self,
        game: &G,
        request: &SearchRequest,
        search: &mut dyn SearchLayer<G>,
        _cancel: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<Probe, AiError> {
        if request.engine != EngineSpec::Level(TOP_LEVEL) {
            return Ok(Probe::Search(request.clone()));
        }
        let started = Instant::now();
        let tb = self.0.as_ref();
        let Some(choice) = tb.choose(game) else {
            return Ok(Probe::Search(request.clone()));
        };
        let Some(best) = tb.pick(game, &choice, request, search) else {
            return Ok(Probe::Search(request.clone()));
        };
        let pv = line(tb, game, best);
        let score = match choice.wdl {
            Wdl::Win => Score::Win(choice.plies),
            Wdl::Loss => Score::Loss(choice.plies),
            Wdl::Draw => Score::Draw,
        };
        let time_ms = started.elapsed().as_millis() as u64;
        let info = SearchInfo {
            depth: choice.plies,
            score,
            nodes: pv.len() as u64,
            nps: 0,
            time_ms,
            pv,
        };
        on_info(&info);
        Ok(Probe::Played(SearchResult {
            best_move: Some(game.move_text(best)),
            info: Some(info),
            stats: SearchStats {
                depth: choice.plies,
                time_ms,
                ..SearchStats::default()
            },
            trap_set: false,
        }))
    }
}

/// The database's line from `game` starting with `first`: the best moves of both sides, until
/// a draw, the end of what the database knows, or [`PV_PLIES`].
fn line<G: Game, T: Policy<G>>(tb: &T, game: &G, first: G::Move) -> Vec<String> {
    let mut g = game.clone();
    let mut pv = vec![g.move_text(first)];
    let mut mv = first;
    g.make(mv);
    while pv.len() < PV_PLIES && !tb.line_stops_after(mv) {
        let Some(choice) = tb.choose(&g) else { break };
        if choice.wdl == Wdl::Draw {
            break;
        }
        mv = choice.best;
        pv.push(g.move_text(mv));
        g.make(mv);
    }
    pv
}
