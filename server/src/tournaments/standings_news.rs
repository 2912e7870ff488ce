//! The standings' news. At most every [`STANDINGS_EVERY_MS`], for each tournament whose
//! standings changed, every node sends the first page, when it changed, to the connections
//! here that follow the tournament (`standings`), and to each entrant connected here whose
//! own line changed, that line (`own_line`), wherever it is in the standings. A line is sent
//! as soon as its own points, scores, streak or presence change (the entrant's own result,
//! pairing or pause); a change of its rank or tie-breaks alone, which others' results make
//! for most entrants at once, waits for the next [`RANKS_EVERY_MS`]. Each node does this for
//! its own connections, from its own copy of the tournament (run here, or followed from the
//! records).
//!
//! It runs as its own task, looking every [`LOOK_EVERY`], so that a long pass (a round's
//! games starting) never holds the standings back.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chaupal_shared::protocol::tournaments::{StandingLine, TournamentId, TournamentNews};
use chaupal_shared::protocol::{PlayerId, ServerMessage};
use chaupal_tournament::standings::Standings;
use tokio_util::sync::CancellationToken;

use super::Tournaments;
use super::run::{LineSent, Run, hash_of};

/// The least time between two sends of one tournament's standings, in milliseconds: a result
/// reaches every participant's standings within this and [`LOOK_EVERY`].
pub const STANDINGS_EVERY_MS: u64 = 500;

/// The least time between two sends of the lines whose rank or tie-breaks alone changed, in
/// milliseconds: in a large arena every result moves many ranks, and sending them all at
/// every change would send every entrant a line twice a second.
pub const RANKS_EVERY_MS: u64 = 5_000;

/// How often the task looks for standings to send.
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// What of one tournament's standings is sent in one go.
struct ToSend {
    tournament: TournamentId,
    /// None when it is as last sent.
    first_page: Option<Arc<ServerMessage>>,
    own_lines: Vec<(PlayerId, Arc<ServerMessage>)>,
}

impl Run {
    /// The lines in `standings` to send, of the entrants `here` holds a connection of: those
    /// whose own part changed since they were last looked at here, and with `ranks` those
    /// whose place changed too (without it, a line whose place alone changed is left for
    /// later: [`Run::ranks_due`] says so). Every entrant's line is remembered, so that one who
    /// connects later is told only of what changes after (their view has the rest).
    pub(super) fn changed_lines(
        &mut self,
        standings: &Standings,
        ranks: bool,
        here: impl Fn(PlayerId) -> bool,
    ) -> Vec<(PlayerId, StandingLine)> {
        let mut changed = Vec::new();
        self.ranks_due = false;
        self.lines_sent
            .resize(self.entrants.len(), LineSent::default());
        for placed in standings.lines() {
            let Some(rank) = standings.rank_of(placed.entrant) else {
                continue;
            };
            let Some(line) = self.line(placed.entrant, rank, placed.tie_breaks) else {
                continue;
            };
            let Some(sent) = self.lines_sent.get_mut(placed.entrant.0 as usize) else {
                continue;
            };
            let now = LineSent::of(&line);
            if now.own == sent.own && now.placed == sent.placed {
                continue;
            }
            if now.own == sent.own && !ranks {
                self.ranks_due = true;
                continue;
            }
            *sent = now;
            if line.computer.is_none() && here(line.player.id) {
                changed.push((line.player.id, line));
            }
        }
        changed
    }
}

impl Tournaments {
    /// Sends the standings' news until `shutdown`.
    pub(super) async fn tell_standings_until(self, shutdown: CancellationToken) {
        let mut look = tokio::time::interval(LOOK_EVERY);
        look.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                _ = look.tick() => self.tell_standings(Instant::now()),
            }
        }
    }

    /// Sends the standings of each tournament that changed and was last sent at least
    /// [`STANDINGS_EVERY_MS`] before `now`, and the places left for later once
    /// [`RANKS_EVERY_MS`] has passed.
    pub(super) fn tell_standings(&self, now: Instant) {
        let players = self.inner.registry.players().clone();
        let every = Duration::from_millis(STANDINGS_EVERY_MS);
        let ranks_every = Duration::from_millis(RANKS_EVERY_MS);
        let mut sends = Vec::new();
        {
            let mut state = self.state();
            for run in state.runs.values_mut() {
                let waited = run
                    .standings_sent
                    .is_none_or(|at| now.saturating_duration_since(at) >= every);
                let ranks = run
                    .ranks_sent
                    .is_none_or(|at| now.saturating_duration_since(at) >= ranks_every);
                if !waited || !(run.standings_due || (run.ranks_due && ranks)) {
                    continue;
                }
                run.standings_due = false;
                run.standings_sent = Some(now);
                if ranks {
                    run.ranks_sent = Some(now);
                }
                let standings = run.standings();
                let page = run.page(&standings, 0);
                let page_hash = hash_of(&page.lines);
                let first_page = (run.first_page_sent != Some(page_hash)).then(|| {
                    run.first_page_sent = Some(page_hash);
                    Arc::new(ServerMessage::Tournament(TournamentNews::Standings(
                        Box::new(page),
                    )))
                });
                let own_lines = run
                    .changed_lines(&standings, ranks, |p| players.is_online(p))
                    .into_iter()
                    .map(|(player, line)| {
                        let news = TournamentNews::OwnLine {
                            tournament: run.id,
                            line: Box::new(line),
                        };
                        (player, Arc::new(ServerMessage::Tournament(news)))
                    })
                    .collect();
                sends.push(ToSend {
                    tournament: run.id,
                    first_page,
                    own_lines,
                });
            }
        }
        for send in sends {
            if let Some(page) = &send.first_page {
                self.tell_followers(send.tournament, page);
            }
            for (player, msg) in send.own_lines {
                players.tell(player, &msg);
            }
        }
    }
}
