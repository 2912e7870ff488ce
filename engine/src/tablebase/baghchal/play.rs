//! The top AI level in the Bagh Chal movement phase and the last goat placements: the
//! database's move, with its value reported as `win N`, `loss N` or `cp 0` (a draw). Among
//! drawing moves it leaves out those that end the game by repetition or let the opponent do so
//! at once and lets the normal search choose among the rest, so a weaker opponent gets chances
//! to go wrong; when the search's move would give the draw away, the move that leaves the
//! opponent the most losing replies ([`swindle`]) instead.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chaupal_shared::baghchal::{BaghChal, Move};
use chaupal_shared::{EndReason, Game};

use super::{BaghChalTb, Wdl, swindle};
use crate::ai::{
    AiError, EngineSpec, Score, SearchInfo, SearchRequest, SearchResult, SearchStats, search_game,
};

/// The level that plays from the database.
pub const TOP_LEVEL: u8 = 8;
/// The most plies of the database's line shown as the principal variation.
const PV_PLIES: usize = 40;

/// The AI's hook: a result from the loaded database when the request is for the top level and
/// the position is covered; `None` to search as usual.
pub fn search_hook(
    game: &BaghChal,
    request: &SearchRequest,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<Result<SearchResult, AiError>> {
    if request.engine != EngineSpec::Level(TOP_LEVEL) {
        return None;
    }
    play(
        crate::tablebase::baghchal_tb()?,
        game,
        request,
        cancel,
        on_info,
    )
}

/// Plays from `tb`; `None` when it does not cover the position.
pub fn play(
    tb: &BaghChalTb,
    game: &BaghChal,
    request: &SearchRequest,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<Result<SearchResult, AiError>> {
    let started = Instant::now();
    let choice = tb.choose(game)?;
    let mut best = choice.best;
    if choice.wdl == Wdl::Draw && choice.draws.len() > 1 {
        // Keep the game going: a repetition ends it drawn, while play on gives the opponent
        // chances to go wrong.
        let fresh: Vec<Move> = choice
            .draws
            .iter()
            .copied()
            .filter(|&m| !allows_repetition(game, m))
            .collect();
        let drawing = if fresh.is_empty() {
            &choice.draws
        } else {
            &fresh
        };
        // The search's move when it keeps the draw; else the one that leaves the opponent the
        // most (and deepest) losing replies in a position the game has not seen. (Traps first,
        // before the search, scored worse against seed 004's agent: docs/AI.md.)
        let searched = search_game(game, request, cancel, &mut |_| {})
            .ok()
            .and_then(|r| r.best_move)
            .and_then(|text| game.parse_move(&text).ok());
        best = match searched.filter(|m| drawing.contains(m)) {
            Some(m) => m,
            None => swindle::best_traps(tb, game, drawing)[0],
        };
    }
    let pv = line(tb, game, best);
    let score = match choice.wdl {
        Wdl::Win => Score::Win(choice.plies),
        Wdl::Loss => Score::Loss(choice.plies),
        Wdl::Draw => Score::Cp(0),
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
    Some(Ok(SearchResult {
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

/// Whether playing `mv` ends the game by repetition, or lets the opponent end it so at once.
pub fn allows_repetition(game: &BaghChal, mv: Move) -> bool {
    let repeated = |g: &BaghChal| {
        g.outcome()
            .is_some_and(|o| o.reason() == EndReason::Repetition)
    };
    let mut g = game.clone();
    g.make(mv);
    if repeated(&g) {
        return true;
    }
    if g.outcome().is_some() {
        return false;
    }
    let mut replies = Vec::new();
    g.legal_moves(&mut replies);
    replies.into_iter().any(|r| {
        let undo = g.make(r);
        let ends = repeated(&g);
        g.unmake(r, undo);
        ends
    })
}

/// The database's line from `game` starting with `first`: the best moves of both sides.
fn line(tb: &BaghChalTb, game: &BaghChal, first: Move) -> Vec<String> {
    let mut g = game.clone();
    let mut pv = vec![g.move_text(first)];
    g.make(first);
    while pv.len() < PV_PLIES {
        let Some(choice) = tb.choose(&g) else { break };
        if choice.wdl == Wdl::Draw {
            break;
        }
        pv.push(g.move_text(choice.best));
        g.make(choice.best);
    }
    pv
}
