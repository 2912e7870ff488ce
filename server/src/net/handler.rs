//! What each request does, once the connection has decoded it and the player said hello.
//!
//! Lobby requests go to the [`crate::lobby::Lobby`], game requests to the game's room, record
//! requests to the store, hints and analyses to the AI pool (on a task of their own, so a
//! long search never stalls the connection). Every failure becomes a typed error reply.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::{
    AnalysisRequest, Engine, ErrorCode, ErrorReply, GameId, GameStatus, GameSummary, LobbyEvent,
    PlayerId, PlayerInfo, RatingInfo, Reply, Request, ServerMessage,
};
use tokio_util::sync::CancellationToken;

use super::conn::Conn;
use crate::bus::{Received, Subscription};
use crate::cluster::GameRoom;
use crate::identity::{new_token, token_hash};
use crate::lobby::Lobby;
use crate::outbox::Outbox;
use crate::pool::{AiPool, line_of, request_for};
use crate::ratings::player_key;
use crate::record;

/// The most finished games one request lists.
const MAX_LIST: u32 = 100;
/// The engine that answers hints.
const HINT_ENGINE: Engine = Engine::Level { level: 8 };

fn err(code: ErrorCode, reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(code, reason)
}

impl Conn {
    /// Handles one request after Hello.
    pub(super) async fn handle(&mut self, id: u64, request: Request) {
        let (Some(player), Some(outbox)) = (self.player.clone(), self.outbox.clone()) else {
            self.fail(Some(id), ErrorCode::HelloRequired, "say hello first");
            return;
        };
        match self.dispatch(id, request, player, outbox).await {
            Ok(Some(reply)) => self.reply(id, reply),
            Ok(None) => {}
            Err(e) => self.error_reply(id, e),
        }
    }

    /// The reply to a request (none when a task answers later).
    async fn dispatch(
        &mut self,
        id: u64,
        request: Request,
        player: PlayerInfo,
        outbox: Outbox,
    ) -> Result<Option<Reply>, ErrorReply> {
        let lobby = self.shared.lobby.clone();
        let store = self.shared.store.clone();
        Ok(Some(match request {
            Request::Hello { .. } => {
                return Err(err(ErrorCode::AlreadyGreeted, "hello was already said"));
            }
            Request::Ping { data } => Reply::Pong { data },
            Request::CreateGame(setup) => {
                let c = lobby.create(player, outbox, setup).await?;
                Reply::Created {
                    game: c.game,
                    seek: c.seek,
                    invite_code: c.invite_code,
                }
            }
            Request::CancelSeek { seek } => {
                lobby.cancel(player.id, seek)?;
                Reply::Ok
            }
            Request::AcceptSeek { seek } => {
                let game = lobby.accept(player, outbox, seek).await?;
                created(game)
            }
            Request::JoinByCode { code } => {
                let game = lobby.join_by_code(player, outbox, &code).await?;
                created(game)
            }
            Request::ListSeeks => Reply::Seeks {
                seeks: lobby.seeks(),
            },
            Request::ListGames => Reply::Games {
                games: lobby.games(),
            },
            Request::SubscribeLobby => {
                if let Some(old) = self.lobby_sub.take() {
                    old.cancel();
                }
                let (rx, seeks, games) = lobby.subscribe();
                let stop = CancellationToken::new();
                self.lobby_sub = Some(stop.clone());
                // The reply goes first, so the forwarder's events follow it.
                self.reply(id, Reply::Lobby { seeks, games });
                tokio::spawn(forward_lobby(rx, outbox, lobby, stop));
                return Ok(None);
            }
            Request::UnsubscribeLobby => {
                if let Some(old) = self.lobby_sub.take() {
                    old.cancel();
                }
                Reply::Ok
            }
            Request::Watch { game } => {
                room(&lobby, &store, game)
                    .await?
                    .attach(outbox, None)
                    .await?;
                Reply::Ok
            }
            Request::Rejoin { game, since } => {
                room(&lobby, &store, game)
                    .await?
                    .attach(outbox, since)
                    .await?;
                Reply::Ok
            }
            Request::Unwatch { game } => {
                if let Some(room) = lobby.room(game) {
                    room.detach(self.id).await;
                }
                if let Some(cluster) = lobby.cluster() {
                    cluster.detach(self.id, game);
                }
                Reply::Ok
            }
            Request::Act { game, seat, action } => {
                if let Some(cluster) = lobby.cluster() {
                    cluster.available()?;
                }
                room(&lobby, &store, game)
                    .await?
                    .act(self.id, player.id, seat, action, self.lag)
                    .await?;
                Reply::Ok
            }
            Request::Hint { game } => {
                let view = room(&lobby, &store, game).await?.view().await?;
                check_engine_help(&view.summary)?;
                self.spawn_search(id, view.game, HINT_ENGINE);
                return Ok(None);
            }
            Request::Analyse(req) => {
                crate::lobby::check_engine(req.game, &req.engine, self.shared.limits.analysis_ms)?;
                if let Some(from) = req.from_game
                    && let Some(room) = lobby.room(from)
                {
                    check_engine_help(&room.view().await?.summary)?;
                }
                let game = analysis_position(&req)?;
                self.spawn_search(id, game, req.engine);
                return Ok(None);
            }
            Request::FinishedGames {
                player: who,
                limit,
                before,
            } => {
                let who = who.unwrap_or(player.id);
                let rows = store
                    .finished_games(who, limit.clamp(1, MAX_LIST), before)
                    .await?;
                Reply::Games {
                    games: rows.iter().map(|r| r.summary()).collect(),
                }
            }
            Request::GetRecord { game } => {
                if let Some(room) = lobby.room(game)
                    && let Ok(view) = room.view().await
                {
                    let text = record::record_text(&view.summary, view.start_position, &view.moves);
                    Reply::Record {
                        summary: Box::new(view.summary),
                        moves: view.moves,
                        text,
                    }
                } else {
                    let (row, moves) = store
                        .game(game)
                        .await?
                        .ok_or_else(|| err(ErrorCode::NoSuchGame, format!("no {game}")))?;
                    let summary = row.summary();
                    let text =
                        record::record_text(&summary, row.setup.start_position.clone(), &moves);
                    Reply::Record {
                        summary: Box::new(summary),
                        moves,
                        text,
                    }
                }
            }
            Request::ImportRecord { text } => {
                let game = record::import(&store, &text, player.id).await?;
                Reply::Imported { game }
            }
            Request::Review { game } => {
                self.spawn_review(id, player.id, game);
                return Ok(None);
            }
            Request::DeviceCode => {
                let (code, life) = self.shared.devices.issue(player.id);
                Reply::DeviceCode {
                    code,
                    expires_in_ms: life.as_millis() as u64,
                }
            }
            Request::LinkDevice { code } => {
                let linked = self.shared.devices.redeem(&code).ok_or_else(|| {
                    err(
                        ErrorCode::BadDeviceCode,
                        "this code is unknown, used or expired: ask the other device for a new one",
                    )
                })?;
                let name = store
                    .player_name(linked)
                    .await?
                    .ok_or_else(|| err(ErrorCode::BadDeviceCode, "the code's player is gone"))?;
                let token = new_token();
                store
                    .add_token(linked, &token_hash(&token), crate::now_ms())
                    .await?;
                tracing::info!("{player:?} linked a device of {linked}");
                Reply::Linked {
                    player: PlayerInfo { id: linked, name },
                    token,
                }
            }
            Request::Ratings { player: who } => {
                let who = who.unwrap_or(player.id);
                let name = store
                    .player_name(who)
                    .await?
                    .ok_or_else(|| err(ErrorCode::NoSuchPlayer, format!("no {who}")))?;
                let ratings = store
                    .ratings(&player_key(who.0))
                    .await?
                    .into_iter()
                    .map(|(kind, r)| RatingInfo {
                        kind,
                        rating: r.rating,
                        deviation: r.deviation,
                        games: r.games,
                    })
                    .collect();
                Reply::Ratings {
                    player: PlayerInfo { id: who, name },
                    ratings,
                }
            }
        }))
    }

    /// Runs a hint or analysis on the pool; the reply is sent when it is done.
    fn spawn_search(&mut self, id: u64, game: AnyGame, engine: Engine) {
        let pool: AiPool = self.shared.pool.clone();
        let budget = Duration::from_millis(self.shared.limits.analysis_ms);
        let Some(outbox) = self.outbox.clone() else {
            return;
        };
        if self.searching.swap(true, Ordering::AcqRel) {
            self.error_reply(
                id,
                err(
                    ErrorCode::AiBusy,
                    "one hint or analysis at a time per connection: wait for the last one",
                ),
            );
            return;
        }
        let searching = SearchSlot(self.searching.clone());
        let closer = self.closer.clone();
        tokio::spawn(async move {
            let _searching = searching;
            let cancel = Arc::new(AtomicBool::new(false));
            let request = request_for(&engine, budget, id);
            let search = pool.search(game, request, budget, cancel.clone());
            let result = tokio::select! {
                r = search => r,
                _ = closer.cancelled() => {
                    cancel.store(true, std::sync::atomic::Ordering::Relaxed);
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
                Err(crate::pool::PoolError::Busy) => ServerMessage::Error {
                    id: Some(id),
                    error: err(ErrorCode::AiBusy, "every AI thread is busy; try again"),
                },
                Err(e) => ServerMessage::Error {
                    id: Some(id),
                    error: err(ErrorCode::AiError, e.to_string()),
                },
            };
            outbox.send(Arc::new(msg));
        });
    }
}

impl Conn {
    /// Makes or fetches a game's review; progress messages go out as it runs, and the reply
    /// when it is done. The review goes on (and is kept) if the connection closes.
    fn spawn_review(&mut self, id: u64, player: PlayerId, game: GameId) {
        let Some(outbox) = self.outbox.clone() else {
            return;
        };
        let reviews = self.shared.reviews.clone();
        tokio::spawn(async move {
            let progress_box = outbox.clone();
            let mut on_progress = move |analysed, total| {
                progress_box.send(Arc::new(ServerMessage::ReviewProgress {
                    game,
                    analysed,
                    total,
                }));
            };
            let msg = match reviews.review(player, game, &mut on_progress).await {
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
}

/// Marks the connection's search as finished when dropped (answered, cancelled or failed).
struct SearchSlot(Arc<AtomicBool>);

impl Drop for SearchSlot {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

fn created(game: GameId) -> Reply {
    Reply::Created {
        game: Some(game),
        seek: None,
        invite_code: None,
    }
}

/// The room of a live game, on this node or (in a cluster) another; a finished game's error
/// says so.
async fn room(
    lobby: &Lobby,
    store: &crate::store::Store,
    game: GameId,
) -> Result<GameRoom, ErrorReply> {
    if let Some(room) = lobby.room(game) {
        return Ok(GameRoom::Local(room));
    }
    if let Some(cluster) = lobby.cluster()
        && let Some(room) = cluster.locate(game).await?
    {
        return Ok(room);
    }
    match store.game(game).await? {
        Some(_) => Err(err(
            ErrorCode::GameOver,
            format!("{game} is over; get_record shows it"),
        )),
        None => Err(err(ErrorCode::NoSuchGame, format!("no {game}"))),
    }
}

/// Engine help (hints, analysis) is for games against the AI, local games and finished games:
/// a live game between two people is refused it, for its players and its watchers alike.
fn check_engine_help(summary: &GameSummary) -> Result<(), ErrorReply> {
    let against_ai = summary.seats.iter().any(|s| s.engine.is_some());
    let local = summary.seats[0].player.as_ref().map(|p| p.id)
        == summary.seats[1].player.as_ref().map(|p| p.id);
    if summary.status == GameStatus::Live && !against_ai && !local {
        return Err(err(
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
    let mut game = match &req.position {
        Some(p) => AnyGame::from_position_text(req.game, p, pairs)
            .map_err(|e| err(ErrorCode::BadSetup, e.to_string()))?,
        None => {
            AnyGame::start(req.game, pairs).map_err(|e| err(ErrorCode::BadRules, e.to_string()))?
        }
    };
    for (i, mv) in req.moves.iter().enumerate() {
        game.play_text(mv)
            .map_err(|e| err(ErrorCode::IllegalMove, format!("move {}: {e}", i + 1)))?;
    }
    Ok(game)
}

/// Sends lobby events to one connection until it unsubscribes or goes.
async fn forward_lobby(
    mut rx: Subscription<LobbyEvent>,
    outbox: Outbox,
    lobby: Lobby,
    stop: CancellationToken,
) {
    loop {
        let event = tokio::select! {
            _ = stop.cancelled() => return,
            _ = outbox.closed() => return,
            e = rx.recv() => e,
        };
        let msg = match event {
            Received::Message(e) => ServerMessage::Lobby(e),
            Received::Lagged(_) => ServerMessage::Lobby(LobbyEvent::Reset {
                seeks: lobby.seeks(),
                games: lobby.games(),
            }),
            Received::Closed => return,
        };
        if !outbox.send(Arc::new(msg)) {
            return;
        }
    }
}
