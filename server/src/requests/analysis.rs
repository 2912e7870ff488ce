//! Requests for the AI's help: a hint in a game, an analysis of any position, and a game's
//! review. Searches run on the AI pool in a task of their own, so a long search never stalls
//! the connection; the reply is sent when it is done. One hint or analysis runs at a time per
//! connection.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::echo::about;
use chaupal_shared::protocol::{
    AnalysisRequest, Engine, ErrorCode, ErrorReply, GameId, GameStatus, GameSummary, PlayerId,
    Reply, ServerMessage, WatchKey,
};
use tokio_util::sync::CancellationToken;

use crate::outbox::Outbox;
use crate::pool::{AiPool, PoolError, line_of, request_for};
use crate::registry::Registry;
use crate::review::Reviews;
use crate::setup::check_engine;

/// The engine that answers hints.
const HINT_ENGINE: Engine = Engine::Level { level: 8 };

/// What a search for a connection needs: the pool, the budget, where to answer, and the
/// connection's one-search slot and closing signal.
pub struct SearchFor {
    pub pool: AiPool,
    pub budget: Duration,
    pub outbox: Outbox,
    /// Set while the connection's search runs.
    pub searching: Arc<AtomicBool>,
    /// Cancelled when the connection closes: the search stops.
    pub closer: CancellationToken,
}

/// `hint`: the best move in a game where engine help is allowed, answered later.
pub async fn hint(
    registry: &Registry,
    game: GameId,
    id: u64,
    search: SearchFor,
) -> Result<(), ErrorReply> {
    // A hint shows the position's best move: of a private game, only to its players.
    crate::sight::check_game(registry, game, search.outbox.player, None).await?;
    let view = registry.locate(game).await?.view().await?;
    check_engine_help(&view.summary)?;
    spawn_search(search, id, view.game, HINT_ENGINE)
}

/// `analyse`: an engine's line from a position, answered later. An analysis that names a
/// game in play here gets engine help only where that game allows it.
pub async fn analyse(
    registry: &Registry,
    req: AnalysisRequest,
    max_time_ms: u64,
    id: u64,
    search: SearchFor,
) -> Result<(), ErrorReply> {
    check_engine(req.game, &req.engine, max_time_ms)?;
    if let Some(from) = req.from_game
        && let Some(room) = registry.room(from)
    {
        check_engine_help(&room.view().await?.summary)?;
    }
    let game = analysis_position(&req)?;
    spawn_search(search, id, game, req.engine)
}

/// Runs a hint or analysis on the pool; the reply is sent when it is done.
fn spawn_search(
    search: SearchFor,
    id: u64,
    game: AnyGame,
    engine: Engine,
) -> Result<(), ErrorReply> {
    if search.searching.swap(true, Ordering::AcqRel) {
        return Err(ErrorReply::new(
            ErrorCode::AiBusy,
            "one hint or analysis at a time per connection: wait for the last one",
        ));
    }
    let SearchFor {
        pool,
        budget,
        outbox,
        searching,
        closer,
    } = search;
    let searching = SearchSlot(searching);
    tokio::spawn(async move {
        let _searching = searching;
        let cancel = Arc::new(AtomicBool::new(false));
        let request = request_for(&engine, budget, id);
        let search = pool.search(game, request, budget, cancel.clone());
        let result = tokio::select! {
            r = search => r,
            _ = closer.cancelled() => {
                cancel.store(true, Ordering::Relaxed);
                return;
            }
        };
        let msg = match result {
            Ok(r) => ServerMessage::Reply {
                id,
                reply: Reply::Analysis {
                    line: line_of(&r),
                    best_move: r.best_move,
                },
            },
            Err(PoolError::Busy) => ServerMessage::Error {
                id: Some(id),
                error: ErrorReply::new(ErrorCode::AiBusy, "every AI thread is busy; try again"),
            },
            Err(e) => ServerMessage::Error {
                id: Some(id),
                error: ErrorReply::new(ErrorCode::AiError, e.to_string()),
            },
        };
        outbox.send(Arc::new(msg));
    });
    Ok(())
}

/// `review`: makes or fetches a game's review; progress messages go out as it runs, and the
/// reply when it is done. The review goes on (and is kept) if the connection closes.
pub fn review(
    reviews: Reviews,
    outbox: Outbox,
    id: u64,
    player: PlayerId,
    game: GameId,
    key: Option<WatchKey>,
) {
    tokio::spawn(async move {
        let progress_box = outbox.clone();
        let mut on_progress = move |analysed, total| {
            progress_box.send(Arc::new(ServerMessage::ReviewProgress {
                game,
                analysed,
                total,
            }));
        };
        let msg = match reviews
            .review(player, game, key.as_ref(), &mut on_progress)
            .await
        {
            Ok(review) => ServerMessage::Reply {
                id,
                reply: Reply::Review(Box::new(review)),
            },
            Err(error) => ServerMessage::Error {
                id: Some(id),
                error,
            },
        };
        outbox.send(Arc::new(msg));
    });
}

/// Marks the connection's search as finished when dropped (answered, cancelled or failed).
struct SearchSlot(Arc<AtomicBool>);

impl Drop for SearchSlot {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

/// Engine help (hints, analysis) is for games against the AI, local games and finished games:
/// a live game between two people is refused it, for its players and its watchers alike.
fn check_engine_help(summary: &GameSummary) -> Result<(), ErrorReply> {
    let against_ai = summary.seats.iter().any(|s| s.engine.is_some());
    let local = summary.seats[0].player.as_ref().map(|p| p.id)
        == summary.seats[1].player.as_ref().map(|p| p.id);
    if summary.status == GameStatus::Live && !against_ai && !local {
        return Err(ErrorReply::new(
            ErrorCode::NotAllowed,
            "no engine help in a live game between people: hints and analysis are for games \
             against the AI, local games and finished games",
        ));
    }
    Ok(())
}

/// The position an analysis asks about.
fn analysis_position(req: &AnalysisRequest) -> Result<AnyGame, ErrorReply> {
    let pairs: Vec<(&str, &str)> = req
        .rules
        .iter()
        .map(|r| (r.key.as_str(), r.value.as_str()))
        .collect();
    // What the client wrote, which a refusal of it may repeat (cut short: `echo`).
    let written: Vec<&str> = pairs
        .iter()
        .flat_map(|(key, value)| [*key, *value])
        .chain(req.position.as_deref())
        .collect();
    let written = written.join("\n");
    let mut game = match &req.position {
        Some(p) => AnyGame::from_position_text(req.game, p, pairs)
            .map_err(|e| ErrorReply::new(ErrorCode::BadSetup, about(&e.to_string(), &written)))?,
        None => AnyGame::start(req.game, pairs)
            .map_err(|e| ErrorReply::new(ErrorCode::BadRules, about(&e.to_string(), &written)))?,
    };
    for (i, mv) in req.moves.iter().enumerate() {
        game.play_text(mv).map_err(|e| {
            ErrorReply::new(
                ErrorCode::IllegalMove,
                about(&format!("move {}: {e}", i + 1), mv),
            )
        })?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use chaupal_rules::GameKind;
    use chaupal_shared::protocol::{PlayerInfo, RulePair, SeatInfo};

    use super::*;

    fn request(moves: &[&str]) -> AnalysisRequest {
        AnalysisRequest {
            game: GameKind::BaghChal,
            rules: Vec::new(),
            position: None,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            engine: HINT_ENGINE,
            from_game: None,
        }
    }

    #[test]
    fn an_analysis_replays_its_moves_and_names_the_first_illegal_one() {
        let game = analysis_position(&request(&["c3", "a1-b2"])).unwrap();
        let free = game.legal_moves_text();
        assert!(!free.contains(&"c3".to_owned()) && !free.contains(&"b2".to_owned()));
        assert!(free.contains(&"a1".to_owned()), "{free:?}");
        let e = analysis_position(&request(&["c3", "c3"])).unwrap_err();
        assert_eq!(e.code, ErrorCode::IllegalMove);
        assert!(e.reason.starts_with("move 2:"), "{}", e.reason);
        let mut bad_rules = request(&[]);
        bad_rules.rules.push(RulePair::new("tigers", "nine"));
        assert_eq!(
            analysis_position(&bad_rules).unwrap_err().code,
            ErrorCode::BadRules
        );
    }

    #[test]
    fn engine_help_is_refused_only_in_a_live_game_between_two_people() {
        let person = |id| SeatInfo {
            player: Some(PlayerInfo {
                id: PlayerId(id),
                name: format!("p{id}"),
            }),
            engine: None,
            name: format!("p{id}"),
            rating: None,
        };
        let ai = SeatInfo {
            player: None,
            engine: Some(HINT_ENGINE),
            name: "level 8".to_owned(),
            rating: None,
        };
        let summary = |seats: [SeatInfo; 2], status| GameSummary {
            game: GameId(1),
            kind: GameKind::Kalah,
            rules: Vec::new(),
            clock: None,
            correspondence: None,
            deadline_ms: None,
            rated: false,
            seats,
            status,
            result: None,
            plies: 0,
            watchers: 0,
            started_at_ms: 0,
            private: false,
        };
        let live_people = summary([person(1), person(2)], GameStatus::Live);
        assert_eq!(
            check_engine_help(&live_people).unwrap_err().code,
            ErrorCode::NotAllowed
        );
        assert!(check_engine_help(&summary([person(1), ai], GameStatus::Live)).is_ok());
        assert!(check_engine_help(&summary([person(1), person(1)], GameStatus::Live)).is_ok());
        assert!(check_engine_help(&summary([person(1), person(2)], GameStatus::Finished)).is_ok());
    }
}
