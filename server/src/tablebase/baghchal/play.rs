//! The top AI level in the Bagh Chal movement phase: the database's move, with its value
//! reported as `win N`, `loss N` or `cp 0` (a draw). Among drawing moves the normal search
//! chooses, so a weaker opponent still gets chances to go wrong.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chaupal_shared::Game;
use chaupal_shared::baghchal::BaghChal;

use super::{BaghChalTb, Wdl};
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
        let searched = search_game(game, request, cancel, &mut |_| {})
            .ok()
            .and_then(|r| r.best_move)
            .and_then(|text| game.parse_move(&text).ok());
        if let Some(m) = searched.filter(|m| choice.draws.contains(m)) {
            best = m;
        }
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
    }))
}

/// The database's line from `game` starting with `first`: the best moves of both sides.
fn line(tb: &BaghChalTb, game: &BaghChal, first: chaupal_shared::baghchal::Move) -> Vec<String> {
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
