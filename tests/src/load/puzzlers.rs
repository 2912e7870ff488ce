//! Puzzle solvers under load: each asks for a rated puzzle (`next_puzzle`: choosing one near
//! the player's rating among those not tried, a read of the records), plays moves right or
//! wrong (at random) until its attempt ends, at a wrong move (two ratings updated and an
//! attempt stored) or the line's end, then asks for the next. Both waits are measured.

use std::sync::atomic::Ordering;

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::puzzles::{PuzzleMode, PuzzleQuery};
use chaupal_shared::protocol::{Reply, Request, ServerMessage};
use tokio::time::{Instant, sleep_until};

use super::stats::{Phase, Rng};
use super::{Bot, connect_all, drain_until_phase};

/// What the puzzler waits for.
enum Waiting {
    Nothing,
    Puzzle(Instant),
    Judged(Instant),
}

/// One puzzle solver: a new player, so every attempt of it is rated.
pub async fn puzzler(bot: Bot, index: usize) {
    let Some(mut wires) = connect_all(&bot, &[format!("load-puzzle{index}")]).await else {
        return;
    };
    let Some(mut wire) = wires.pop() else { return };
    let mut phase = bot.phase.clone();
    if !drain_until_phase(&mut phase, Phase::Running, &mut [&mut wire], &bot.stats).await {
        return;
    }
    let mut rng = Rng::new(bot.seed ^ 0x0902_21e5 ^ index as u64);
    let mut waiting = Waiting::Nothing;
    let mut act_at = Some(Instant::now() + rng.millis(0, bot.think_ms.1));
    // The puzzle given: its id and position.
    let mut given: Option<(String, AnyGame)> = None;
    // The move last sent for judging.
    let mut sent_move: Option<String> = None;
    loop {
        tokio::select! {
            changed = phase.changed() => if changed.is_err() { break },
            _ = sleep_until(act_at.unwrap_or_else(Instant::now)), if act_at.is_some() => {
                act_at = None;
                if *phase.borrow() != Phase::Running {
                    continue;
                }
                let request = match &given {
                    None => {
                        waiting = Waiting::Puzzle(Instant::now());
                        Request::NextPuzzle(PuzzleQuery {
                            game: None,
                            theme: None,
                            mode: PuzzleMode::Rated,
                        })
                    }
                    Some((id, position)) => {
                        let moves = position.legal_moves_text();
                        let notation = moves[rng.below(moves.len().max(1))].clone();
                        waiting = Waiting::Judged(Instant::now());
                        sent_move = Some(notation.clone());
                        Request::PuzzleMove {
                            puzzle: id.clone(),
                            notation,
                        }
                    }
                };
                if let Err(e) = wire.send(request).await {
                    bot.stats.error(e);
                    break;
                }
            }
            m = wire.recv_or_count(&bot.stats) => {
                let Some(msg) = m else {
                    break;
                };
                let running = *bot.phase.borrow() == Phase::Running;
                match msg {
                    ServerMessage::Reply { reply: Reply::Puzzle(info), .. } => {
                        if let Waiting::Puzzle(sent) = waiting {
                            bot.stats.puzzle_served(sent.elapsed());
                        }
                        given = AnyGame::from_position_text(
                            info.game,
                            &info.position,
                            Vec::<(String, String)>::new(),
                        )
                        .ok()
                        .map(|g| (info.id.clone(), g));
                        if given.is_none() {
                            bot.stats.error("a puzzle's position does not read");
                        }
                    }
                    ServerMessage::Reply { reply: Reply::PuzzleMoved(moved), .. } => {
                        if let Waiting::Judged(sent) = waiting {
                            bot.stats.puzzle_judged(sent.elapsed(), moved.outcome.is_some());
                        }
                        // A right move and more to find: the line goes on from the replies.
                        // Else the attempt is over (rated or not): the next puzzle.
                        let going_on = !moved.done && moved.outcome.is_none();
                        given = given.take().filter(|_| going_on).and_then(|(id, mut g)| {
                            let mv = sent_move.take()?;
                            g.play_text(&mv).ok()?;
                            for reply in &moved.replies {
                                g.play_text(reply).ok()?;
                            }
                            Some((id, g))
                        });
                    }
                    ServerMessage::Error { error, .. } => {
                        bot.stats.error(format!("error {}", error.code));
                        given = None;
                    }
                    _ => continue,
                }
                waiting = Waiting::Nothing;
                if running {
                    act_at = Some(Instant::now() + rng.millis(bot.think_ms.0, bot.think_ms.1));
                }
            }
        }
    }
    bot.stats.open.fetch_sub(1, Ordering::Relaxed);
}
