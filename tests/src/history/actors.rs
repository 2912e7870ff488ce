//! The actors of a run: the two players of each game, and spectators. Players set their game
//! up (a private game and its invite code, before any fault), then play legal moves at a human
//! pace through whatever happens to the nodes: a refused move is sent again, a move without an
//! answer is looked up by sitting down again, and a player who falls behind catches up or
//! resyncs before it moves. A few players stall on purpose, so that their clock or their
//! correspondence deadline must end the game. Spectators watch one game each to its end.
//! Every step goes into the [`History`] through the actors' [`Session`]s.

use std::sync::Arc;
use std::time::Duration;

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    Action, ClockSpec, Correspondence, ErrorCode, GameId, GameSetup, Opponent, Reply, Request,
    SideChoice,
};
use tokio::time::Instant;

use super::log::{ActorId, History, Op};
use super::session::{Answer, Session};
use crate::pick_move;

/// What one game of a run is to be.
#[derive(Clone, Debug)]
pub struct GamePlan {
    pub kind: GameKind,
    pub clock: Option<ClockSpec>,
    pub correspondence: Option<Correspondence>,
    /// From this ply on, the side to move stops moving (its flag, or its deadline, must end
    /// the game).
    pub stall_at: Option<u32>,
    /// The shortest and longest think before a move.
    pub think_ms: (u64, u64),
    pub seed: u64,
}

/// A game and its two players (the first seat is the creator's).
pub struct Table {
    pub game: GameId,
    pub plan: GamePlan,
    pub seats: [Session; 2],
}

/// What a game's players did, for the report.
#[derive(Clone, Debug, Default)]
pub struct Played {
    pub game: Option<GameId>,
    pub acknowledged: u32,
    pub refused: u32,
    pub unknown: u32,
    /// Whether the game had ended (by the rules, a resignation, a flag) when the players left.
    pub ended: bool,
    /// What went wrong for the players themselves (a node never came back, say).
    pub trouble: Option<String>,
}

/// The players' actor numbers for table `index`: `2 * index` and `2 * index + 1`.
pub fn seat_actors(index: usize) -> [ActorId; 2] {
    let a = u32::try_from(index * 2).unwrap_or(u32::MAX - 2);
    [a, a + 1]
}

/// Sets game `index` up as `plan` says: its first player (on node `index`) creates a private
/// game and the second (on the next node) joins it by code.
pub async fn set_up(
    urls: Arc<[String]>,
    history: History,
    index: usize,
    plan: GamePlan,
) -> Result<Table, String> {
    let [first_actor, second_actor] = seat_actors(index);
    let mut first = Session::new(
        urls.clone(),
        index,
        &format!("p{index}a"),
        first_actor,
        history.clone(),
    );
    let mut second = Session::new(
        urls,
        index + 1,
        &format!("p{index}b"),
        second_actor,
        history,
    );
    let setup = GameSetup {
        private: false,
        game: plan.kind,
        rules: vec![],
        clock: plan.clock,
        correspondence: plan.correspondence,
        side: SideChoice::First,
        opponent: Opponent::Private,
        rated: false,
        position: None,
    };
    let code = match first.request(Request::CreateGame(setup)).await {
        Answer::Reply(Reply::Created {
            invite_code: Some(code),
            ..
        }) => code,
        other => return Err(format!("game {index}: not created: {other:?}")),
    };
    let game = match second.request(Request::JoinByCode { code }).await {
        Answer::Reply(Reply::Created {
            game: Some(game), ..
        }) => game,
        other => return Err(format!("game {index}: not joined: {other:?}")),
    };
    for s in [&mut first, &mut second] {
        s.sit(game, Duration::from_secs(30)).await?;
    }
    Ok(Table {
        game,
        plan,
        seats: [first, second],
    })
}

/// The position a view's moves reach.
fn position(kind: GameKind, moves: &[String]) -> Option<AnyGame> {
    let mut game = AnyGame::start(kind, Vec::<(String, String)>::new()).ok()?;
    for mv in moves {
        game.play_text(mv).ok()?;
    }
    Some(game)
}

/// A think time drawn from the plan's range.
fn think(plan: &GamePlan, seed: &mut u64) -> Duration {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let (lo, hi) = plan.think_ms;
    let span = hi.saturating_sub(lo).max(1);
    Duration::from_millis(lo + (*seed >> 33) % span)
}

/// When the actors of a run are to stop: a time the run may move (from "not yet" to "soon"
/// once its faults are over).
pub type StopAt = tokio::sync::watch::Receiver<Instant>;

/// Plays the table's game until it ends or the `stop` time comes; then, if it is still live,
/// the first player resigns it (through whatever the nodes are doing), and both players wait to
/// hear the end.
pub async fn play(mut table: Table, history: History, stop: StopAt) -> Played {
    let game = table.game;
    let mut played = Played {
        game: Some(game),
        ..Played::default()
    };
    let mut seed = table.plan.seed;
    let patience = Duration::from_secs(90);
    loop {
        let views = [table.seats[0].view(game), table.seats[1].view(game)];
        if views.iter().any(|v| v.finished) {
            played.ended = true;
            break;
        }
        if Instant::now() >= *stop.borrow() {
            break;
        }
        let newest = if views[0].version >= views[1].version {
            &views[0]
        } else {
            &views[1]
        };
        let Some(pos) = position(table.plan.kind, &newest.moves) else {
            played.trouble = Some(format!("{game}: the moves seen do not replay"));
            break;
        };
        if pos.outcome().is_some() {
            // The rules ended it; the players hear it with the last move's event, or after.
            for s in table.seats.iter_mut() {
                s.pump(Duration::from_millis(200)).await;
            }
            if table.seats.iter().all(|s| !s.view(game).finished) {
                for s in table.seats.iter_mut() {
                    let _ = s.sit(game, patience).await;
                }
            }
            continue;
        }
        let ply = u32::try_from(newest.moves.len()).unwrap_or(u32::MAX);
        let seat = match pos.side_to_move() {
            Side::First => 0,
            Side::Second => 1,
        };
        if table.plan.stall_at.is_some_and(|at| ply >= at) {
            // The staller sits still; both take in what comes (the end, when it falls).
            for s in table.seats.iter_mut() {
                if !s.pump(Duration::from_millis(250)).await {
                    let _ = s.sit(game, patience).await;
                }
            }
            continue;
        }
        let newest_version = newest.version;
        let other = 1 - seat;
        table.seats[other].pump(Duration::ZERO).await;
        let me = &mut table.seats[seat];
        if !me
            .catch_up(game, newest_version, Duration::from_secs(3))
            .await
            && let Err(e) = me.sit(game, patience).await
        {
            played.trouble = Some(e);
            break;
        }
        let view = me.view(game);
        if view.gap {
            if let Err(e) = me.sit(game, patience).await {
                played.trouble = Some(e);
                break;
            }
            continue;
        }
        let Some(pos) = position(table.plan.kind, &view.moves) else {
            played.trouble = Some(format!("{game}: the moves seen do not replay"));
            break;
        };
        if view.finished || pos.outcome().is_some() || pos.side_to_move() != side_of(seat) {
            continue;
        }
        // A client moves only where it sits on the connection it has (after a reconnection,
        // once it has rejoined), as the protocol's reconnecting says: elsewhere it would not
        // hear its move's event, and could send a move for a position it has not seen.
        if !me.seated_at(game) {
            if let Err(e) = me.sit(game, patience).await {
                played.trouble = Some(e);
                break;
            }
            continue;
        }
        tokio::time::sleep(think(&table.plan, &mut seed)).await;
        let notation = pick_move(&pos, &mut seed);
        let req = me.next_request();
        let ply = u32::try_from(view.moves.len()).unwrap_or(u32::MAX);
        history.add(
            me.actor,
            me.node(),
            Op::Invoke {
                game,
                ply,
                notation: notation.clone(),
                req,
            },
        );
        let answer = me
            .request(Request::Act {
                game,
                seat: None,
                action: Action::Move {
                    notation,
                    ply: Some(ply),
                },
            })
            .await;
        match answer {
            Answer::Reply(_) => {
                played.acknowledged += 1;
                // The move's own event came before the reply (others may have come since).
                let version = me.move_version(game, ply).unwrap_or(0);
                history.add(me.actor, me.node(), Op::Ok { game, req, version });
            }
            // It may or may not have been played: as a lost answer.
            Answer::Error(e) if e.code == ErrorCode::OutcomeUnknown => {
                played.unknown += 1;
                let why = e.reason;
                history.add(me.actor, me.node(), Op::Unknown { game, req, why });
                if let Err(e) = me.sit(game, patience).await {
                    played.trouble = Some(e);
                    break;
                }
            }
            Answer::Error(e) => {
                played.refused += 1;
                history.add(
                    me.actor,
                    me.node(),
                    Op::Fail {
                        game,
                        req,
                        code: format!("{:?}", e.code),
                    },
                );
                if matches!(
                    e.code,
                    ErrorCode::Unavailable | ErrorCode::Storage | ErrorCode::RateLimited
                ) {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                } else if let Err(e) = me.sit(game, patience).await {
                    played.trouble = Some(e);
                    break;
                }
            }
            Answer::Lost(why) => {
                played.unknown += 1;
                history.add(me.actor, me.node(), Op::Unknown { game, req, why });
                if let Err(e) = me.sit(game, patience).await {
                    played.trouble = Some(e);
                    break;
                }
            }
        }
    }
    if !played.ended && played.trouble.is_none() {
        match resign(&mut table, patience).await {
            Ok(()) => played.ended = true,
            Err(e) => played.trouble = Some(e),
        }
    }
    // Both hear the end (or sit down again to learn it).
    for s in table.seats.iter_mut() {
        if !s.view(game).finished {
            let _ = s.sit(game, patience).await;
        }
    }
    played
}

fn side_of(seat: usize) -> Side {
    if seat == 0 { Side::First } else { Side::Second }
}

/// The first player resigns the game, sending again while it is unavailable; a game that has
/// ended meanwhile is fine.
async fn resign(table: &mut Table, patience: Duration) -> Result<(), String> {
    let game = table.game;
    let deadline = Instant::now() + patience;
    let me = &mut table.seats[0];
    while Instant::now() < deadline {
        if me.view(game).finished {
            return Ok(());
        }
        match me
            .request(Request::Act {
                game,
                seat: None,
                action: Action::Resign,
            })
            .await
        {
            Answer::Reply(_) => return Ok(()),
            Answer::Error(e) if e.code == ErrorCode::GameOver => {
                let _ = me.sit(game, patience).await;
                return Ok(());
            }
            Answer::Error(e) if e.code == ErrorCode::Unavailable => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Answer::Error(e) if e.code == ErrorCode::OutcomeUnknown => {
                let _ = me.sit(game, patience).await;
            }
            Answer::Error(e) => return Err(format!("resign {game}: {:?} {}", e.code, e.reason)),
            Answer::Lost(_) => {
                let _ = me.sit(game, patience).await;
            }
        }
    }
    Err(format!("{game} could not be resigned within {patience:?}"))
}

/// A spectator of one game: watches it from now to its end (or a minute past the `stop`
/// time), sitting down again wherever it can after each fault.
pub async fn spectate(mut session: Session, game: GameId, stop: StopAt) -> Result<bool, String> {
    let patience = Duration::from_secs(90);
    session.sit(game, patience).await?;
    loop {
        if session.view(game).finished {
            return Ok(true);
        }
        if Instant::now() >= *stop.borrow() + Duration::from_secs(60) {
            return Ok(false);
        }
        let alive = session.pump(Duration::from_millis(500)).await;
        if !alive || session.view(game).gap {
            session.sit(game, patience).await?;
        }
    }
}
