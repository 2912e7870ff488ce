//! The other load clients: idle connections, spectators following the pairs' games, and
//! players against the AI.

use std::sync::atomic::Ordering;

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    Action, Engine, GameEvent, GameId, GameSetup, Opponent, Reply, Request, ServerMessage,
    SideChoice,
};
use tokio::sync::watch;
use tokio::time::{Instant, sleep_until};

use super::stats::{Phase, Rng};
use super::wire::Wire;
use super::{Bot, connect_all, drain_until_phase};

/// Reads a connection until it ends; counts an end that the server chose as an error.
async fn drain(bot: &Bot, wire: &mut Wire) {
    loop {
        match wire.recv().await {
            Some(Ok(ServerMessage::Error { error, .. })) => {
                bot.stats.error(format!("error {}", error.code));
            }
            Some(Ok(_)) => {}
            Some(Err(e)) => {
                bot.stats.error(e);
                break;
            }
            None => {
                bot.stats.error("connection closed by the server");
                break;
            }
        }
    }
    bot.stats.open.fetch_sub(1, Ordering::Relaxed);
}

/// A connection that says hello and then only reads (answering the server's pings).
pub async fn idle(bot: Bot, index: usize) {
    let Some(mut wires) = connect_all(&bot, &[format!("load-idle{index}")]).await else {
        return;
    };
    if let Some(wire) = wires.first_mut() {
        drain(&bot, wire).await;
    }
}

/// A spectator: watches each game the pair shows, one after another.
pub async fn spectator(bot: Bot, index: usize, mut games: watch::Receiver<Option<GameId>>) {
    let Some(mut wires) = connect_all(&bot, &[format!("load-watch{index}")]).await else {
        return;
    };
    let Some(mut wire) = wires.pop() else { return };
    let mut phase = bot.phase.clone();
    if !drain_until_phase(&mut phase, Phase::Running, &mut [&mut wire], &bot.stats).await {
        return;
    }
    loop {
        tokio::select! {
            changed = games.changed() => {
                if changed.is_err() {
                    break;
                }
                let game = *games.borrow_and_update();
                if let Some(game) = game
                    && let Err(e) = wire.send(Request::Watch { game, key: None }).await
                {
                    bot.stats.error(e);
                    break;
                }
            }
            m = wire.recv_or_count(&bot.stats) => match m {
                Some(ServerMessage::Error { error, .. }) => {
                    bot.stats.error(format!("spectator error {}", error.code));
                }
                Some(_) => {}
                None => {
                    bot.stats.open.fetch_sub(1, Ordering::Relaxed);
                    return;
                }
            },
        }
    }
    drain(&bot, &mut wire).await;
}

/// A person playing the AI: plays the first side with random legal moves after a short think,
/// and starts a new game when one ends.
pub async fn ai_player(bot: Bot, index: usize, level: u8) {
    let Some(mut wires) = connect_all(&bot, &[format!("load-ai{index}")]).await else {
        return;
    };
    let Some(mut wire) = wires.pop() else { return };
    let mut phase = bot.phase.clone();
    if !drain_until_phase(&mut phase, Phase::Running, &mut [&mut wire], &bot.stats).await {
        return;
    }
    let mut rng = Rng::new(bot.seed ^ 0xA1A1 ^ index as u64);
    let mut kind_index = index;
    let mut game: Option<GameId> = None;
    let mut position: AnyGame = crate::start_of(GameKind::Kalah);
    let mut plies = 0u32;
    let mut sent: Option<(u32, Instant)> = None;
    // When to create the next game (None while one is being played).
    let mut create_at = Some(Instant::now() + rng.millis(0, bot.think_ms.1));
    let mut move_at: Option<Instant> = None;
    loop {
        let wake = create_at.or(move_at);
        tokio::select! {
            changed = phase.changed() => if changed.is_err() { break },
            _ = sleep_until(wake.unwrap_or_else(Instant::now)), if wake.is_some() => {
                if *phase.borrow() != Phase::Running {
                    create_at = None;
                    move_at = None;
                    continue;
                }
                if create_at.take().is_some() {
                    let kind = GameKind::ALL[kind_index % GameKind::ALL.len()];
                    kind_index += 1;
                    position = crate::start_of(kind);
                    plies = 0;
                    let setup = GameSetup {
                        private: false,
                        game: kind,
                        rules: vec![],
                        clock: None,
                        correspondence: None,
                        side: SideChoice::First,
                        opponent: Opponent::Ai { engine: Engine::Level { level } },
                        rated: false,
                        position: None,
                    };
                    if let Err(e) = wire.send(Request::CreateGame(setup)).await {
                        bot.stats.error(e);
                    }
                } else if move_at.take().is_some()
                    && let Some(g) = game
                {
                    let action = if plies >= bot.ply_cap {
                        Action::Resign
                    } else {
                        let moves = position.legal_moves_text();
                        if moves.is_empty() {
                            continue;
                        }
                        sent = Some((plies + 1, Instant::now()));
                        Action::Move { notation: moves[rng.below(moves.len())].clone(), ply: None }
                    };
                    if let Err(e) = wire.send(Request::Act { game: g, seat: None, action }).await {
                        bot.stats.error(e);
                    }
                }
            }
            m = wire.recv_or_count(&bot.stats) => {
                let Some(msg) = m else {
                    break;
                };
                let running = *bot.phase.borrow() == Phase::Running;
                let think = bot.think_ms;
                match msg {
                    ServerMessage::Reply { reply: Reply::Created { game: Some(g), .. }, .. } => {
                        game = Some(g);
                        bot.stats.games.fetch_add(1, Ordering::Relaxed);
                        move_at = Some(Instant::now() + rng.millis(think.0, think.1));
                    }
                    ServerMessage::Error { error, .. } => {
                        bot.stats.error(format!("error {}", error.code));
                        if game.is_none() {
                            create_at = Some(Instant::now() + rng.millis(think.0, think.1));
                        } else if position.side_to_move() == Side::First {
                            move_at = Some(Instant::now() + rng.millis(think.0, think.1));
                        }
                    }
                    ServerMessage::Event { game: g, event: GameEvent::Moved { ply, notation, side, .. }, .. }
                        if Some(g) == game && ply == plies + 1 =>
                    {
                        if let Err(e) = position.play_text(&notation) {
                            bot.stats.error(format!("the server's move {notation}: {e}"));
                            break;
                        }
                        plies = ply;
                        if side == Side::First {
                            if let Some((p, at)) = sent.take()
                                && p == ply
                                && running
                            {
                                bot.stats.ai_game_move_seen(at.elapsed());
                            }
                        } else if running {
                            bot.stats.ai_moves.fetch_add(1, Ordering::Relaxed);
                        }
                        if position.outcome().is_none() && position.side_to_move() == Side::First {
                            move_at = Some(Instant::now() + rng.millis(think.0, think.1));
                        }
                    }
                    ServerMessage::Event { game: g, event: GameEvent::Ended { .. }, .. }
                        if Some(g) == game =>
                    {
                        game = None;
                        move_at = None;
                        bot.stats.finished.fetch_add(1, Ordering::Relaxed);
                        create_at = Some(Instant::now() + rng.millis(think.0, think.1));
                    }
                    _ => {}
                }
            }
        }
    }
    bot.stats.open.fetch_sub(1, Ordering::Relaxed);
}
