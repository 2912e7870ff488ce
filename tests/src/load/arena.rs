//! Entrants of one arena (`--arena N`) or one Swiss (`--swiss N`): the first makes a public Kalah
//! tournament (`--arena-clock`; an arena starts at once, a Swiss of `--swiss-rounds` a minute
//! later, the soonest the server allows), every one opens its page (following its news, as the
//! client does) and joins it when the run starts, and each plays
//! the games the server pairs it into (random legal moves after a think, resigning at the ply
//! cap), then waits to be paired again, as lichess's arena and Swiss players do.
//!
//! Measured: how long a join takes to be answered, how long an idle entrant waits for its next
//! pairing (from joining, or from its last game's end), how long an entrant's own move takes
//! to come back to it as the game's event, how long after an entrant's game ended its own line
//! in the standings (`own_line`) counts the game, and in a Swiss how long after its round was
//! due (the start, or the end of the round before it and the break) a pairing reaches its
//! entrant.

use std::sync::atomic::Ordering;

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::tournaments::{
    EntrantPresence, TournamentFormat, TournamentId, TournamentNews, TournamentSetup,
};
use chaupal_shared::protocol::{
    Action, ClockSpec, GameEvent, GameId, Reply, Request, ServerMessage,
};
use tokio::sync::watch;
use tokio::time::{Instant, sleep_until};

use super::stats::{Phase, Rng};
use super::wire::Wire;
use super::{Bot, connect_all, drain_until_phase};

/// The arena's game.
const GAME: GameKind = GameKind::Kalah;

/// Which tournament the entrants play.
#[derive(Clone, Copy, Debug)]
pub enum Tourney {
    /// An arena of `minutes`.
    Arena { minutes: u32 },
    /// A Swiss of `rounds` single games.
    Swiss { rounds: u32 },
}

/// One entrant's state.
struct Entrant {
    bot: Bot,
    rng: Rng,
    tournament: TournamentId,
    /// The game in play, its side, its position and plies.
    game: Option<(GameId, Side)>,
    position: AnyGame,
    plies: u32,
    /// Since when it has waited for a pairing (none: playing, or not joined yet).
    idle_since: Option<Instant>,
    /// Its own move sent, not yet back: its ply and when.
    pending: Option<(u32, Instant)>,
    /// When to move next.
    wake: Option<Instant>,
    /// When the join was sent.
    join_sent: Option<Instant>,
    /// When the Swiss's next round is due (wall-clock milliseconds), as last heard.
    round_due_ms: Option<u64>,
    /// Whether it is a Swiss (played in rounds): its line holds a score for the round in play
    /// from its pairing, so a game is counted once the line no longer says `playing`.
    in_rounds: bool,
    /// How many scores the entrant's line should count: one for each of its games ended and
    /// each round it sat out.
    scores_due: usize,
    /// How many its line counted, as last heard.
    scores_seen: usize,
    /// Its games ended whose score its line does not count yet: the count that will, and
    /// when the game's end was seen.
    lines_awaited: Vec<(usize, Instant)>,
}

/// The wall clock in milliseconds since the Unix epoch (the server's records' clock).
fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Runs entrant `index`; the one given `made` makes the tournament (`kind`, games on `clock`)
/// and tells the others, who hear of it through `told`.
pub async fn entrant(
    bot: Bot,
    index: usize,
    (kind, clock): (Tourney, ClockSpec),
    made: Option<watch::Sender<Option<TournamentId>>>,
    mut told: watch::Receiver<Option<TournamentId>>,
) {
    let Some(wires) = connect_all(&bot, &[format!("arena-{index}")]).await else {
        return;
    };
    let Ok::<[Wire; 1], _>([mut wire]) = wires.try_into() else {
        return;
    };
    let mut phase = bot.phase.clone();
    if let Some(made) = made {
        let setup = TournamentSetup {
            computers: Vec::new(),
            correspondence: None,
            game: GAME,
            rules: Vec::new(),
            clock,
            format: match kind {
                Tourney::Arena { minutes } => TournamentFormat::Arena {
                    minutes,
                    streaks: true,
                },
                Tourney::Swiss { rounds } => TournamentFormat::Swiss {
                    rounds,
                    matches: false,
                },
            },
            starts_in_s: match kind {
                Tourney::Arena { .. } => 0,
                Tourney::Swiss { .. } => 60,
            },
            private: false,
            rated: true,
        };
        let asked = wire.send(Request::CreateTournament(Box::new(setup))).await;
        match (asked, made_reply(&mut wire).await) {
            (Ok(_), Some(id)) => {
                made.send_replace(Some(id));
            }
            _ => {
                bot.stats.error("the arena was not made");
                return;
            }
        }
    }
    if !drain_until_phase(&mut phase, Phase::Running, &mut [&mut wire], &bot.stats).await {
        return;
    }
    let tournament = loop {
        if let Some(id) = *told.borrow_and_update() {
            break id;
        }
        if told.changed().await.is_err() {
            return;
        }
    };
    // Its page opened, as a player's client opens it before joining: its news follow.
    let opened = wire
        .send(Request::OpenTournament {
            tournament,
            code: None,
        })
        .await;
    if opened.is_err() || made_reply(&mut wire).await.is_none() {
        bot.stats.error("the tournament's page did not open");
        return;
    }
    let mut e = Entrant {
        rng: Rng::new(bot.seed ^ (index as u64).wrapping_mul(0x9E37_79B9)),
        bot,
        tournament,
        game: None,
        position: crate::start_of(GAME),
        plies: 0,
        idle_since: None,
        pending: None,
        wake: None,
        join_sent: None,
        round_due_ms: None,
        in_rounds: matches!(kind, Tourney::Swiss { .. }),
        scores_due: 0,
        scores_seen: 0,
        lines_awaited: Vec::new(),
    };
    // The joins spread over one think, as people come in.
    let (_, hi) = e.bot.think_ms;
    tokio::time::sleep(e.rng.millis(0, hi)).await;
    e.join_sent = Some(Instant::now());
    if let Err(err) = wire
        .send(Request::JoinTournament {
            tournament,
            code: None,
        })
        .await
    {
        e.bot.stats.error(err);
        return;
    }
    e.play(&mut wire, &mut phase).await;
}

/// The arena's id, from the answer to `create_tournament`.
async fn made_reply(wire: &mut Wire) -> Option<TournamentId> {
    loop {
        match wire.recv().await? {
            Ok(ServerMessage::Reply {
                reply: Reply::Tournament(view),
                ..
            }) => return Some(view.summary.tournament),
            Ok(ServerMessage::Error { .. }) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

impl Entrant {
    async fn play(&mut self, wire: &mut Wire, phase: &mut watch::Receiver<Phase>) {
        loop {
            let wake_at = self.wake;
            tokio::select! {
                m = wire.recv() => if !self.on_message(m, wire).await { break },
                _ = sleep_until(wake_at.unwrap_or_else(Instant::now)), if wake_at.is_some() => {
                    self.wake = None;
                    if *phase.borrow() == Phase::Running {
                        self.on_wake(wire).await;
                    }
                }
                changed = phase.changed() => if changed.is_err() { break },
            }
        }
        self.bot.stats.open.fetch_sub(1, Ordering::Relaxed);
    }

    fn think(&mut self) -> Instant {
        let (lo, hi) = self.bot.think_ms;
        Instant::now() + self.rng.millis(lo, hi)
    }

    /// Moves (or resigns at the ply cap) when it is this entrant's turn.
    async fn on_wake(&mut self, wire: &mut Wire) {
        let Some((game, side)) = self.game else {
            return;
        };
        if self.position.outcome().is_some() || self.position.side_to_move() != side {
            return;
        }
        let action = if self.plies >= self.bot.ply_cap {
            Action::Resign
        } else {
            let moves = self.position.legal_moves_text();
            if moves.is_empty() {
                return;
            }
            let notation = moves[self.rng.below(moves.len())].clone();
            self.pending = Some((self.plies + 1, Instant::now()));
            Action::Move {
                notation,
                ply: Some(self.plies),
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

    /// Handles one message; false when the connection ended.
    async fn on_message(
        &mut self,
        msg: Option<Result<ServerMessage, String>>,
        _wire: &mut Wire,
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
        let stats = &self.bot.stats;
        match msg {
            ServerMessage::Reply {
                reply: Reply::Tournament(view),
                ..
            } if self.join_sent.is_some() => {
                if let Some(sent) = self.join_sent.take() {
                    stats.arena_joined(sent.elapsed());
                }
                self.idle_since = Some(Instant::now());
                if let Some(rounds) = view.summary.rounds {
                    self.round_due_ms = rounds.next_ms;
                }
                let counted = view.me.map_or(0, |me| me.scores.len());
                self.scores_due = counted;
                self.scores_seen = counted;
            }
            ServerMessage::Tournament(TournamentNews::OwnLine { tournament, line })
                if tournament == self.tournament =>
            {
                let in_play = self.in_rounds && line.presence == EntrantPresence::Playing;
                let counted = line.scores.len() - usize::from(in_play && !line.scores.is_empty());
                self.scores_seen = self.scores_seen.max(counted);
                let seen = self.scores_seen;
                self.lines_awaited.retain(|(count, ended)| {
                    let counted = *count <= seen;
                    if counted {
                        stats.own_line_seen(ended.elapsed());
                    }
                    !counted
                });
            }
            ServerMessage::Tournament(TournamentNews::SatOut { tournament, .. })
                if tournament == self.tournament =>
            {
                self.scores_due += 1;
            }
            ServerMessage::Tournament(TournamentNews::Rounds { tournament, rounds })
                if tournament == self.tournament =>
            {
                stats.swiss_round_reached(rounds.round);
                if rounds.next_ms.is_some() {
                    self.round_due_ms = rounds.next_ms;
                }
            }
            ServerMessage::Tournament(TournamentNews::Paired {
                tournament,
                game,
                side,
                ..
            }) if tournament == self.tournament => {
                if let Some(since) = self.idle_since.take() {
                    stats.arena_paired(since.elapsed());
                }
                if let Some(due) = self.round_due_ms.take() {
                    let late = wall_ms().saturating_sub(due);
                    stats.swiss_paired(std::time::Duration::from_millis(late));
                }
                // Each game counted once, by its first side.
                if side == Side::First {
                    stats.games.fetch_add(1, Ordering::Relaxed);
                }
                self.game = Some((game, side));
                self.position = crate::start_of(GAME);
                self.plies = 0;
                self.pending = None;
                if self.position.side_to_move() == side {
                    self.wake = Some(self.think());
                }
            }
            ServerMessage::Event {
                game,
                event: GameEvent::Moved { ply, notation, .. },
                ..
            } if self.game.is_some_and(|(g, _)| g == game) => {
                if ply == self.plies + 1 {
                    if let Err(e) = self.position.play_text(&notation) {
                        stats.error(format!("the server's move {notation}: {e}"));
                        return false;
                    }
                    self.plies = ply;
                }
                if let Some((mine, sent)) = self.pending
                    && mine == ply
                {
                    stats.arena_move_seen(sent.elapsed());
                    self.pending = None;
                }
                let to_move = self.game.is_some_and(|(_, side)| {
                    self.position.outcome().is_none() && self.position.side_to_move() == side
                });
                if to_move {
                    self.wake = Some(self.think());
                }
            }
            ServerMessage::Event {
                game,
                event: GameEvent::Ended { .. },
                ..
            } if self.game.is_some_and(|(g, _)| g == game) => {
                if self.game.is_some_and(|(_, side)| side == Side::First) {
                    stats.finished.fetch_add(1, Ordering::Relaxed);
                }
                self.scores_due += 1;
                if self.scores_seen >= self.scores_due {
                    // The line came first.
                    stats.own_line_seen(std::time::Duration::ZERO);
                } else {
                    self.lines_awaited.push((self.scores_due, Instant::now()));
                }
                self.game = None;
                self.pending = None;
                self.wake = None;
                self.idle_since = Some(Instant::now());
            }
            ServerMessage::Error { error, .. } => {
                stats.error(format!("error {}", error.code));
                self.pending = None;
                if self.game.is_some() {
                    self.wake = Some(self.think());
                }
            }
            _ => {}
        }
        true
    }
}
