//! The top AI level in Sholo Guti endings the database covers: in a won position the move that
//! keeps the win with the smallest DTZ, reported as `win N`; in a lost one the move that keeps
//! the loss longest, `loss N`; a drawn position is left to the normal search.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chaupal_shared::Game;
use chaupal_shared::sholo_guti::{Move, SholoGuti};

use super::{SholoGutiTb, Wdl};
use crate::ai::{AiError, EngineSpec, Score, SearchInfo, SearchRequest, SearchResult, SearchStats};

/// The level that plays from the database.
pub const TOP_LEVEL: u8 = 8;
/// The most plies of the database's line shown as the principal variation.
const PV_PLIES: usize = 40;

/// The AI's hook: a result from the loaded database when the request is for the top level and
/// the position is a covered win or loss; `None` to search as usual.
pub fn search_hook(
    game: &SholoGuti,
    request: &SearchRequest,
    _cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<Result<SearchResult, AiError>> {
    if request.engine != EngineSpec::Level(TOP_LEVEL) {
        return None;
    }
    play(crate::tablebase::sholo_guti_tb()?, game, on_info)
}

/// Plays from `tb`; `None` when it does not cover the position or the position is drawn.
pub fn play(
    tb: &SholoGutiTb,
    game: &SholoGuti,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<Result<SearchResult, AiError>> {
    let started = Instant::now();
    let (wdl, _) = tb.value(game)?;
    let (best, kept, plies) = tb.choose(game)?;
    let score = match (wdl, kept) {
        (Wdl::Win, Wdl::Win) => Score::Win(plies),
        (Wdl::Loss, Wdl::Loss) => Score::Loss(plies),
        _ => return None,
    };
    let pv = line(tb, game, best);
    let time_ms = started.elapsed().as_millis() as u64;
    let info = SearchInfo {
        depth: plies,
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
            depth: plies,
            time_ms,
            ..SearchStats::default()
        },
        trap_set: false,
    }))
}

/// The database's line from `game` starting with `first`, up to the next capture or the end.
fn line(tb: &SholoGutiTb, game: &SholoGuti, first: Move) -> Vec<String> {
    let mut g = game.clone();
    let mut pv = vec![g.move_text(first)];
    let mut mv = first;
    g.make(mv);
    while pv.len() < PV_PLIES && !mv.is_capture() {
        let Some((best, wdl, _)) = tb.choose(&g) else {
            break;
        };
        if wdl == Wdl::Draw {
            break;
        }
        mv = best;
        pv.push(g.move_text(mv));
        g.make(mv);
    }
    pv
}
