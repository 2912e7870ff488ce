//! Correspondence games in the registry: waking a sleeping game's room from the records (on a
//! request for it, or when its deadline passes), the deadline scanner, and a player's list of
//! games in play.
//!
//! A correspondence game's room sleeps when nobody has been at it for a while (the room
//! decides: [`crate::room`]); the game stays live in the records, with its deadline.
//! [`Registry::wake`] opens it again. In a cluster a sleeping game has no owner, and the node
//! that wakes it claims it first (the database decides between two nodes that try at once).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chaupal_rules::Side;
use chaupal_shared::protocol::{
    ErrorReply, GameId, GameStatus, GameSummary, MyGame, PlayerId, ResultReason, ServerMessage,
};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::Registry;
use crate::push::notice::{Notice, Outcome};
use crate::room::RoomHandle;
use crate::store::GameRow;

/// How often the records are read for deadlines that have passed.
pub const DEADLINE_SCAN: Duration = Duration::from_secs(1);
/// The most games one scan acts on (the rest wait for the next scan).
const DEADLINES_AT_ONCE: u32 = 256;
/// The most news delivered together (with one read of the players' mutes).
const NEWS_AT_ONCE: usize = 512;
/// How long a wake waits for a room that is falling asleep to be gone.
const ASLEEP_WITHIN: Duration = Duration::from_secs(2);

impl Registry {
    /// The room of correspondence game `game` on this node, opened from the records if it
    /// slept; `None` when `game` is not a correspondence game in play, or another live node
    /// runs it.
    pub async fn wake(&self, game: GameId) -> Result<Option<RoomHandle>, ErrorReply> {
        let _one_at_a_time = self.inner.waking.lock().await;
        let falling_asleep = tokio::time::Instant::now() + ASLEEP_WITHIN;
        loop {
            match self.room(game) {
                Some(room) if !room.is_closed() => return Ok(Some(room)),
                Some(_) if tokio::time::Instant::now() < falling_asleep => {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                _ => break,
            }
        }
        let store = &self.inner.store;
        let Some(owner) = store.correspondence_owner(game).await? else {
            return Ok(None);
        };
        if let Some(cluster) = self.cluster() {
            match owner {
                Some(node) if node == cluster.node() => {}
                Some(node) if cluster.is_live_now(&node).await => return Ok(None),
                _ => {
                    if !store
                        .claim_game(cluster.node(), game, &cluster.live())
                        .await?
                    {
                        return Ok(None);
                    }
                }
            }
        }
        let Some((row, moves, log)) = store
            .live_game(game, self.inner.limits.replay_events)
            .await?
        else {
            return Ok(None);
        };
        if !self.open_stored(row, moves, log).await? {
            return Ok(None);
        }
        tracing::debug!("{game}: woken");
        Ok(self.room(game))
    }

    /// Acts on the deadlines that have passed, by the records' clock, every [`DEADLINE_SCAN`]
    /// (at once again after a full batch) until `stop`: a game's room here is told; a sleeping
    /// game is woken (its room ends it as it opens). In a cluster, a game another live node
    /// runs is left to that node.
    pub async fn watch_deadlines(self, stop: CancellationToken) {
        let mut full = false;
        loop {
            let pause = if full { Duration::ZERO } else { DEADLINE_SCAN };
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(pause) => {}
            }
            full = false;
            if self.closing() {
                continue;
            }
            let store = &self.inner.store;
            let due = match store.due_deadlines(store.now_ms(), DEADLINES_AT_ONCE).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::warn!("reading the deadlines that have passed failed: {e}");
                    continue;
                }
            };
            // A full batch that this node acted on: more may be due, and the next scan follows
            // at once.
            let batch = due.len();
            let mut acted = 0;
            for (game, owner) in due {
                if let Some(room) = self.room(game).filter(|r| !r.is_closed()) {
                    room.deadline_passed().await;
                    acted += 1;
                    continue;
                }
                if let (Some(cluster), Some(node)) = (self.cluster(), &owner)
                    && node != cluster.node()
                    && cluster.is_live_now(node).await
                {
                    continue;
                }
                match self.wake(game).await {
                    Ok(Some(room)) => {
                        room.deadline_passed().await;
                        acted += 1;
                    }
                    Ok(None) => {}
                    Err(e) => tracing::warn!("{game}: waking it for its deadline failed: {e}"),
                }
            }
            full = batch == DEADLINES_AT_ONCE as usize && acted > 0;
        }
    }

    /// Tells the players of a correspondence game how it stands now (`to_move` to move; it
    /// began now when `started` names its creator), in order, through the news task
    /// ([`Registry::deliver_news`]).
    pub(super) fn tell_players(
        &self,
        summary: GameSummary,
        to_move: Side,
        started: Option<PlayerId>,
    ) {
        let news = News {
            summary,
            to_move,
            started,
        };
        if let Err(e) = self.inner.news.try_send(news) {
            tracing::warn!("news of a correspondence game was dropped: {e}");
        }
    }

    /// Delivers the news of correspondence games, in order, until the registry goes: a
    /// `my_game` message to each player's every device, on every node, and a push notice when
    /// it concerns them (their turn, their invitation taken, the end). What is waiting goes
    /// together, with one read of the players' mutes.
    pub(super) async fn deliver_news(self, mut rx: mpsc::Receiver<News>) {
        let mut waiting = Vec::new();
        while rx.recv_many(&mut waiting, NEWS_AT_ONCE).await > 0 {
            let players: Vec<PlayerId> = waiting
                .iter()
                .flat_map(|n: &News| n.summary.seats.iter())
                .filter_map(|s| s.player.as_ref().map(|p| p.id))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let mutes = match self.inner.store.mutes_of(&players).await {
                Ok(mutes) => mutes,
                Err(e) => {
                    tracing::warn!("reading the players' mutes failed: {e}");
                    Default::default()
                }
            };
            for news in waiting.drain(..) {
                self.deliver(news, &mutes);
            }
        }
    }

    fn deliver(&self, news: News, mutes: &HashMap<PlayerId, (bool, Vec<GameId>)>) {
        let summary = &news.summary;
        let game = summary.game;
        let mut players: Vec<PlayerId> = summary
            .seats
            .iter()
            .filter_map(|s| s.player.as_ref().map(|p| p.id))
            .collect();
        players.dedup();
        for player in players {
            let your_seats: Vec<Side> = Side::BOTH
                .into_iter()
                .filter(|s| summary.seats[s.index()].player.as_ref().map(|p| p.id) == Some(player))
                .collect();
            let muted = mutes
                .get(&player)
                .is_some_and(|(all, games)| *all || games.contains(&game));
            let live = summary.status == GameStatus::Live;
            let notice = MyGame {
                your_turn: live && your_seats.contains(&news.to_move),
                your_seats,
                muted,
                summary: summary.clone(),
            };
            if let Some(push) = &self.inner.push
                && let Some(push_notice) = push_notice(&news, &notice, player)
            {
                push.notify(player, push_notice);
            }
            let msg = Arc::new(ServerMessage::MyGame(Box::new(notice)));
            self.inner.players.tell(player, &msg);
            if let Some(cluster) = self.cluster() {
                cluster.tell_player(player, &msg);
            }
        }
    }

    /// `player`'s games in play: those where it is the player's turn first, then by deadline
    /// (soonest first; none last), then oldest first.
    pub async fn my_games(&self, player: PlayerId) -> Result<Vec<MyGame>, ErrorReply> {
        let rows = self.inner.store.games_in_play(player).await?;
        let (all_muted, muted) = self.inner.store.mutes(player).await?;
        let mut games: Vec<MyGame> = rows
            .iter()
            .map(|row| my_game(row, player, all_muted || muted.contains(&row.id)))
            .collect();
        games.sort_by_key(|g| {
            (
                !g.your_turn,
                g.summary.deadline_ms.unwrap_or(u64::MAX),
                g.summary.game,
            )
        });
        Ok(games)
    }
}

/// What happened to a correspondence game, for its players.
pub(super) struct News {
    summary: GameSummary,
    to_move: Side,
    /// The game's creator, when it began now.
    started: Option<PlayerId>,
}

/// The push notice `player` gets of `news` (`mine`: the game as the player sees it), if any:
/// the end, for both; the start, for the creator of a game between two players; a move, for
/// the player whose turn it is now.
fn push_notice(news: &News, mine: &MyGame, player: PlayerId) -> Option<Notice> {
    let summary = &news.summary;
    let side = *mine.your_seats.first()?;
    let opponent = summary.seats[side.opponent().index()].name.clone();
    let (game, kind) = (summary.game, summary.kind);
    if let Some(result) = summary
        .result
        .filter(|_| summary.status == GameStatus::Finished)
    {
        let outcome = match (result.winner, result.reason) {
            (_, ResultReason::Aborted) => Outcome::Aborted,
            (None, _) => Outcome::Drawn,
            (Some(w), _) if mine.your_seats.contains(&w) => Outcome::Won,
            (Some(_), _) => Outcome::Lost,
        };
        return Some(Notice::Ended {
            game,
            kind,
            opponent,
            outcome,
            on_time: result.reason == ResultReason::Timeout,
        });
    }
    match news.started {
        Some(creator) => {
            let two_players = summary.seats.iter().all(|s| s.player.is_some());
            (creator == player && two_players).then_some(Notice::Accepted {
                game,
                kind,
                opponent,
            })
        }
        None => mine.your_turn.then_some(Notice::YourTurn {
            game,
            kind,
            opponent,
        }),
    }
}

/// One game of `player`'s list, from its row (`muted`: whether its notices are).
fn my_game(row: &GameRow, player: PlayerId, muted: bool) -> MyGame {
    let your_seats: Vec<_> = chaupal_rules::Side::BOTH
        .into_iter()
        .filter(|s| row.setup.seats[s.index()].player == Some(player))
        .collect();
    // Rows from before the side to move was recorded: the plies tell it in all but Kalah's
    // extra turns.
    let to_move = row.to_move.unwrap_or(if row.plies % 2 == 0 {
        chaupal_rules::Side::First
    } else {
        chaupal_rules::Side::Second
    });
    MyGame {
        summary: row.summary(),
        your_turn: your_seats.contains(&to_move),
        your_seats,
        muted,
    }
}
