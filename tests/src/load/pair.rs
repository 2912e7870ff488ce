//! Two players on two connections playing private games against each other, one after another:
//! the first creates a game and the second joins it by its invite code; they play random legal
//! moves (from the shared rules) after a short think, and start again when a game ends.
//!
//! The latency of a move is measured from the moment the mover sends it until the opponent's
//! connection receives the event.

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    Action, GameEvent, GameId, GameSetup, Opponent, Reply, Request, ServerMessage, SideChoice,
};
use tokio::sync::watch;
use tokio::time::{Instant, sleep_until};

use super::stats::{Phase, Rng};
use super::wire::Wire;
use super::{Bot, connect_all, drain_until_phase};

/// What the pair does next when its timer fires.
#[derive(Clone, Copy, Debug)]
enum Wake {
    Create,
    Move,
}

/// A move sent and not yet seen by the opponent.
struct Pending {
    ply: u32,
    by: usize,
    sent: Instant,
}

struct Pair {
    bot: Bot,
    rng: Rng,
    kind_index: usize,
    game: Option<GameId>,
    position: AnyGame,
    plies: u32,
    pending: Option<Pending>,
    wake: Option<(Instant, Wake)>,
    /// The current game, for spectators.
    show: watch::Sender<Option<GameId>>,
}

/// Runs a pair until the process ends.
pub async fn run(bot: Bot, index: usize, show: watch::Sender<Option<GameId>>) {
    let names = [format!("load-a{index}"), format!("load-b{index}")];
    let Some(wires) = connect_all(&bot, &names).await else {
        return;
    };
    let Ok::<[Wire; 2], _>([mut a, mut b]) = wires.try_into() else {
        return;
    };
    let mut phase = bot.phase.clone();
    if !drain_until_phase(
        &mut phase,
        Phase::Running,
        &mut [&mut a, &mut b],
        &bot.stats,
    )
    .await
    {
        return;
    }
    let kind = GameKind::ALL[index % GameKind::ALL.len()];
    let mut pair = Pair {
        rng: Rng::new(bot.seed ^ (index as u64).wrapping_mul(0x1000_0001)),
        kind_index: index,
        game: None,
        position: crate::start_of(kind),
        plies: 0,
        pending: None,
        wake: None,
        show,
        bot,
    };
    // Stagger the first games over one think time.
    let first = pair.rng.millis(0, pair.bot.think_ms.1);
    pair.wake = Some((Instant::now() + first, Wake::Create));
    let mut wires = [a, b];
    pair.play(&mut wires, &mut phase).await;
}

impl Pair {
    async fn play(&mut self, wires: &mut [Wire; 2], phase: &mut watch::Receiver<Phase>) {
        let [a, b] = wires;
        loop {
            let wake_at = self.wake.map(|(t, _)| t);
            tokio::select! {
                m = a.recv() => if !self.on_message(0, m, b).await { break },
                m = b.recv() => if !self.on_message(1, m, b).await { break },
                _ = sleep_until(wake_at.unwrap_or_else(Instant::now)), if wake_at.is_some() => {
                    if *phase.borrow() == Phase::Running {
                        self.on_wake(a, b).await;
                    } else {
                        self.wake = None;
                    }
                }
                changed = phase.changed() => if changed.is_err() { break },
            }
        }
        self.bot
            .stats
            .open
            .fetch_sub(2, std::sync::atomic::Ordering::Relaxed);
    }

    fn think(&mut self) -> Instant {
        let (lo, hi) = self.bot.think_ms;
        Instant::now() + self.rng.millis(lo, hi)
    }

    async fn on_wake(&mut self, a: &mut Wire, b: &mut Wire) {
        let Some((_, what)) = self.wake.take() else {
            return;
        };
        match what {
            Wake::Create => {
                let kind = GameKind::ALL[self.kind_index % GameKind::ALL.len()];
                self.kind_index += 1;
                self.position = crate::start_of(kind);
                self.plies = 0;
                let setup = GameSetup {
                    private: false,
                    game: kind,
                    rules: vec![],
                    clock: None,
                    correspondence: None,
                    side: SideChoice::First,
                    opponent: Opponent::Private,
                    rated: false,
                    position: None,
                };
                if let Err(e) = a.send(Request::CreateGame(setup)).await {
                    self.bot.stats.error(e);
                }
            }
            Wake::Move => {
                let Some(game) = self.game else { return };
                let who = match self.position.side_to_move() {
                    Side::First => 0,
                    Side::Second => 1,
                };
                let wire = if who == 0 { a } else { b };
                let action = if self.plies >= self.bot.ply_cap {
                    Action::Resign
                } else {
                    let moves = self.position.legal_moves_text();
                    if moves.is_empty() {
                        return;
                    }
                    let mv = moves[self.rng.below(moves.len())].clone();
                    self.pending = Some(Pending {
                        ply: self.plies + 1,
                        by: who,
                        sent: Instant::now(),
                    });
                    Action::Move {
                        notation: mv,
                        ply: None,
                    }
                };
                let sent = wire
                    .send(Request::Act {
                        game,
                        seat: None,
                        action,
                    })
                    .await;
                if let Err(e) = sent {
                    self.bot.stats.error(e);
                }
            }
        }
    }

    /// Handles a message that connection `who` received; false when a connection ended.
    async fn on_message(
        &mut self,
        who: usize,
        msg: Option<Result<ServerMessage, String>>,
        b: &mut Wire,
    ) -> bool {
        let msg = match msg {
            None => {
                self.bot.stats.error("connection closed by the server");
                return false;
            }
            Some(Err(e)) => {
                self.bot.stats.error(e);
                return false;
            }
            Some(Ok(m)) => m,
        };
        let running = *self.bot.phase.borrow() == Phase::Running;
        match msg {
            ServerMessage::Reply {
                reply:
                    Reply::Created {
                        invite_code: Some(code),
                        ..
                    },
                ..
            } if who == 0 => {
                if let Err(e) = b.send(Request::JoinByCode { code }).await {
                    self.bot.stats.error(e);
                }
            }
            ServerMessage::Reply {
                reply: Reply::Created {
                    game: Some(game), ..
                },
                ..
            } if who == 1 => {
                self.game = Some(game);
                self.show.send_replace(Some(game));
                self.bot
                    .stats
                    .games
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                self.wake = Some((self.think(), Wake::Move));
            }
            ServerMessage::Error { error, .. } => {
                self.bot.stats.error(format!("error {}", error.code));
                if self.pending.as_ref().is_some_and(|p| p.by == who) {
                    self.pending = None;
                }
                let retry = if self.game.is_some() {
                    Wake::Move
                } else {
                    Wake::Create
                };
                self.wake = Some((self.think(), retry));
            }
            ServerMessage::Event {
                game,
                event: GameEvent::Moved { ply, notation, .. },
                ..
            } if Some(game) == self.game => {
                if ply == self.plies + 1 {
                    if let Err(e) = self.position.play_text(&notation) {
                        self.bot
                            .stats
                            .error(format!("the server's move {notation}: {e}"));
                        return false;
                    }
                    self.plies = ply;
                }
                if let Some(p) = &self.pending
                    && p.ply == ply
                    && p.by != who
                {
                    if running {
                        self.bot.stats.move_seen(p.sent.elapsed());
                    }
                    self.pending = None;
                    if self.position.outcome().is_none() {
                        self.wake = Some((self.think(), Wake::Move));
                    }
                }
            }
            ServerMessage::Event {
                game,
                event: GameEvent::Ended { .. },
                ..
            } if Some(game) == self.game => {
                self.game = None;
                self.pending = None;
                self.bot
                    .stats
                    .finished
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                self.wake = Some((self.think(), Wake::Create));
            }
            _ => {}
        }
        true
    }
}
