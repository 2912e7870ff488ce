//! A Swiss or a round robin on this node: its rounds as the crate keeps them
//! (`chaupal_tournament::swiss::Swiss`, which keeps a round robin's records too), when each
//! round is paired, the games of a round waiting to start, and a match's first game's points
//! until its second game ends. No I/O: the service records each change and applies it here
//! (`super::records`), so that a restart rebuilds what was lived.
//!
//! A round is paired at the start and then a break after the round before it ended
//! ([`BREAK_MS`] when live, none by correspondence). A Swiss is paired by the crate's Dutch
//! pairing, a round robin by its Berger table over its entrants in order of rating at its first
//! round. In a match (`matches`), the round's pairing plays its first game with its sides and
//! then a second with them swapped, and the two are scored together. A round robin's game
//! against an entrant who withdrew is won by the other without play.

use std::collections::{BTreeSet, HashMap};

use chaupal_tournament::entrant::{EntrantId, Outcome, Pairing};
use chaupal_tournament::round_robin;
use chaupal_tournament::settings::MOST_SWISS_ROUNDS;
use chaupal_tournament::standings::Standings;
use chaupal_tournament::swiss::{Round, Swiss, SwissError, TieBreaks};

/// The break between a live round's last game and the next round's pairing.
pub const BREAK_MS: u64 = 30_000;

/// Which format of rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundsKind {
    Swiss,
    RoundRobin { double: bool, most_entrants: u32 },
}

/// Why an entrant may not join or step out, in the rounds' terms (the service words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundsRefusal {
    #[error("already in this tournament")]
    AlreadyJoined,
    #[error("its last round is paired")]
    LastRoundPaired,
    #[error("a round robin is joined before its start")]
    Started,
    #[error("this round robin is full ({0} entrants)")]
    Full(u32),
    #[error("whoever left a Swiss or a round robin does not come back")]
    Left,
    #[error("a round robin has no pause: leave withdraws from the rounds to come")]
    NoPause,
}

/// A Swiss's or a round robin's rounds.
pub struct Rounds {
    pub kind: RoundsKind,
    swiss: Swiss,
    starts_ms: u64,
    /// The break after a round (live [`BREAK_MS`], by correspondence none).
    break_ms: u64,
    /// How long a round may be reckoned to take, for the summary's end.
    round_reckoned_ms: u64,
    /// A round robin's table, from its first round.
    table: Vec<Vec<Pairing>>,
    /// When the next round is paired, while none is played and one is left.
    next_ms: Option<u64>,
    /// When the last round ended (or the start, when too few came).
    ended_ms: Option<u64>,
    /// Matches whose first game ended: the half-points of the pairing's first and second
    /// player in it.
    halves: HashMap<Pairing, [u32; 2]>,
    /// Games of the round to start, with their sides as played.
    to_start: Vec<Pairing>,
    /// Entrants who paused a Swiss (they may come back) and who left (they may not).
    paused: BTreeSet<EntrantId>,
    left: BTreeSet<EntrantId>,
    /// Who sat out the round begun last, with whether they had a bye, until the service takes
    /// them for its news.
    sat_out: Vec<(EntrantId, bool)>,
}

impl Rounds {
    /// Rounds of `kind` (a Swiss of `rounds`; a round robin's come from its entrants),
    /// starting at `starts_ms`; `live` when its games have a clock, each reckoned at
    /// `game_reckoned_ms`.
    pub fn new(
        kind: RoundsKind,
        rounds: u32,
        matches: bool,
        starts_ms: u64,
        live: bool,
        game_reckoned_ms: u64,
    ) -> Rounds {
        let rounds = match kind {
            RoundsKind::Swiss => rounds,
            // Room for any table; set from the entrants at the first round.
            RoundsKind::RoundRobin { .. } => MOST_SWISS_ROUNDS,
        };
        let break_ms = if live { BREAK_MS } else { 0 };
        let games = if matches { 2 } else { 1 };
        Rounds {
            kind,
            swiss: Swiss::new(rounds, matches && kind == RoundsKind::Swiss),
            starts_ms,
            break_ms,
            round_reckoned_ms: game_reckoned_ms * games + break_ms,
            table: Vec::new(),
            next_ms: Some(starts_ms),
            ended_ms: None,
            halves: HashMap::new(),
            to_start: Vec::new(),
            paused: BTreeSet::new(),
            left: BTreeSet::new(),
            sat_out: Vec::new(),
        }
    }

    pub fn starts_ms(&self) -> u64 {
        self.starts_ms
    }

    /// Its end: when its last round ended, or a reckoning from `now_ms` of the rounds left.
    pub fn ends_ms(&self, now_ms: u64) -> u64 {
        if let Some(ended) = self.ended_ms {
            return ended;
        }
        if self.paired() == 0 && self.too_few(now_ms) {
            return self.starts_ms;
        }
        let from = self.next_ms.unwrap_or(now_ms).max(self.starts_ms);
        let left = u64::from(self.total().saturating_sub(self.paired()));
        let current = u64::from(self.swiss.current().is_some());
        from + (left + current) * self.round_reckoned_ms
    }

    /// Whether it has ended: its last round ended, or too few were in it at the start.
    pub fn is_over(&self, now_ms: u64) -> bool {
        self.ended_ms.is_some() || (self.paired() == 0 && self.too_few(now_ms))
    }

    /// Whether fewer than two are in it at its start, so that it ends unplayed.
    fn too_few(&self, now_ms: u64) -> bool {
        now_ms >= self.starts_ms && self.active().len() < 2
    }

    /// Rounds paired so far.
    pub fn paired(&self) -> u32 {
        self.swiss.paired().len() as u32
    }

    /// Its rounds in all: a Swiss's; a round robin's table's, or before its first round, what
    /// those in it now would play.
    pub fn total(&self) -> u32 {
        match self.kind {
            RoundsKind::Swiss => self.swiss.rounds,
            RoundsKind::RoundRobin { double, .. } => {
                if !self.table.is_empty() {
                    return self.table.len() as u32;
                }
                let n = self.active().len() as u32;
                let once = if n < 2 { 0 } else { n + n % 2 - 1 };
                if double { once * 2 } else { once }
            }
        }
    }

    /// The round being played or last played (0 before the first), and when the next is
    /// paired while it waits.
    pub fn progress(&self) -> (u32, Option<u64>) {
        (
            self.paired(),
            self.next_ms.filter(|_| self.ended_ms.is_none()),
        )
    }

    /// Entrants not withdrawn.
    fn active(&self) -> Vec<EntrantId> {
        self.swiss
            .players()
            .iter()
            .filter(|(_, p)| !p.withdrawn)
            .map(|(e, _)| *e)
            .collect()
    }

    /// Whether `entrant` is withdrawn from the rounds to come (paused, or left).
    pub fn is_paused(&self, entrant: EntrantId) -> bool {
        self.paused.contains(&entrant)
    }

    pub fn has_left(&self, entrant: EntrantId) -> bool {
        self.left.contains(&entrant)
    }

    /// Whether `entrant` may join at `now_ms` ([`Rounds::join`]'s answer without joining).
    pub fn can_join(&self, entrant: EntrantId, now_ms: u64) -> Result<(), RoundsRefusal> {
        if self.left.contains(&entrant) {
            return Err(RoundsRefusal::Left);
        }
        if self.swiss.player(entrant).is_some_and(|p| !p.withdrawn) {
            return Err(RoundsRefusal::AlreadyJoined);
        }
        match self.kind {
            RoundsKind::Swiss => {
                if self.paired() >= self.swiss.rounds {
                    return Err(RoundsRefusal::LastRoundPaired);
                }
            }
            RoundsKind::RoundRobin { most_entrants, .. } => {
                if now_ms >= self.starts_ms || self.paired() > 0 {
                    return Err(RoundsRefusal::Started);
                }
                if self.active().len() as u32 >= most_entrants {
                    return Err(RoundsRefusal::Full(most_entrants));
                }
            }
        }
        Ok(())
    }

    /// Whether `entrant` may pause (`leave` false) or leave.
    pub fn can_step_out(&self, leave: bool) -> Result<(), RoundsRefusal> {
        match self.kind {
            RoundsKind::RoundRobin { .. } if !leave => Err(RoundsRefusal::NoPause),
            _ => Ok(()),
        }
    }

    /// `entrant` joins, or comes back after a pause.
    pub fn join(&mut self, entrant: EntrantId, rating: i32) -> Result<(), SwissError> {
        self.swiss.join(entrant, rating)?;
        self.paused.remove(&entrant);
        Ok(())
    }

    /// `entrant` withdraws from the rounds to come: for a while (a Swiss's pause) or for good.
    pub fn step_out(&mut self, entrant: EntrantId, leave: bool) -> Result<(), SwissError> {
        self.swiss.withdraw(entrant)?;
        if leave {
            self.paused.remove(&entrant);
            self.left.insert(entrant);
        } else {
            self.paused.insert(entrant);
        }
        Ok(())
    }

    /// Whether the next round is due at `now_ms`.
    pub fn round_due(&self, now_ms: u64) -> bool {
        self.ended_ms.is_none()
            && !self.is_over(now_ms)
            && self.swiss.current().is_none()
            && self.next_ms.is_some_and(|at| at <= now_ms)
            && self.paired() < self.total()
    }

    /// The next round's pairing, not yet begun: a Swiss's by its pairing, a round robin's from
    /// its table (made now for the first round).
    pub fn next_round(&self, toss: &mut dyn FnMut() -> bool) -> Result<Round, SwissError> {
        match self.kind {
            RoundsKind::Swiss => self.swiss.next_round(toss),
            RoundsKind::RoundRobin { double, .. } => {
                let table;
                let table = if self.table.is_empty() {
                    table = self.table_of_active(double);
                    &table
                } else {
                    &self.table
                };
                let games = table
                    .get(self.paired() as usize)
                    .cloned()
                    .ok_or(SwissError::Over)?;
                Ok(Round {
                    games,
                    bye: None,
                    unpaired: Vec::new(),
                })
            }
        }
    }

    /// A round robin's table of the entrants in it, by rating (the highest first), then by who
    /// joined first.
    fn table_of_active(&self, double: bool) -> Vec<Vec<Pairing>> {
        let mut seeds: Vec<(i32, EntrantId)> = self
            .active()
            .into_iter()
            .filter_map(|e| self.swiss.player(e).map(|p| (p.rating, e)))
            .collect();
        seeds.sort_by_key(|(rating, e)| (std::cmp::Reverse(*rating), *e));
        let entrants: Vec<EntrantId> = seeds.into_iter().map(|(_, e)| e).collect();
        round_robin::rounds(&entrants, double)
    }

    /// Begins `round` at `at_ms`: its games wait to start; a round robin's games against one
    /// who withdrew are won without play (both withdrawn: void). Who sits it out, with whether
    /// they have a bye (a won round), waits for [`Rounds::take_sat_out`]: the bye, those left
    /// unpaired, and a round robin's odd one out and winners without play.
    pub fn begin(&mut self, round: Round, at_ms: u64) -> Result<(), SwissError> {
        if let RoundsKind::RoundRobin { double, .. } = self.kind
            && self.table.is_empty()
        {
            self.table = self.table_of_active(double);
            self.swiss.set_rounds(self.table.len() as u32)?;
        }
        let bye = round.bye;
        let unpaired = round.unpaired.clone();
        let games = round.games.clone();
        self.swiss.begin_round(round)?;
        self.next_ms = None;
        let withdrawn = |e: EntrantId| self.swiss.player(e).is_none_or(|p| p.withdrawn);
        let mut sat_out: Vec<(EntrantId, bool)> = Vec::new();
        let mut unplayed: Vec<(Pairing, [u32; 2])> = Vec::new();
        for game in &games {
            let whole = self.swiss.round_points();
            match (withdrawn(game.first), withdrawn(game.second)) {
                (false, false) => self.to_start.push(*game),
                (true, true) => unplayed.push((*game, [0, 0])),
                (true, false) => {
                    unplayed.push((*game, [0, whole]));
                    sat_out.push((game.second, true));
                }
                (false, true) => {
                    unplayed.push((*game, [whole, 0]));
                    sat_out.push((game.first, true));
                }
            }
        }
        for (game, points) in unplayed {
            self.swiss.score(game, points)?;
        }
        if let Some(bye) = bye {
            sat_out.push((bye, true));
        }
        sat_out.extend(unpaired.into_iter().map(|e| (e, false)));
        for e in self.active() {
            let in_round = games.iter().any(|g| g.has(e)) || sat_out.iter().any(|(s, _)| *s == e);
            if !in_round {
                sat_out.push((e, false));
            }
        }
        self.after_score(at_ms);
        self.sat_out = sat_out;
        Ok(())
    }

    /// Who sat out the round begun last (once).
    pub fn take_sat_out(&mut self) -> Vec<(EntrantId, bool)> {
        std::mem::take(&mut self.sat_out)
    }

    /// Takes the games waiting to start (their sides as played).
    pub fn take_to_start(&mut self) -> Vec<Pairing> {
        std::mem::take(&mut self.to_start)
    }

    /// Whether `game` (its sides as played) waits to start.
    pub fn waits(&self, game: Pairing) -> bool {
        self.to_start.contains(&game)
    }

    /// `game` started (or was recorded as started): it no longer waits.
    pub fn started(&mut self, game: Pairing) {
        self.to_start.retain(|g| *g != game);
    }

    /// The round's pairing `game` (its sides as played) belongs to, and whether it is a
    /// match's second game.
    fn pairing_of(&self, game: Pairing) -> Option<(Pairing, bool)> {
        if self.swiss.is_open(game) {
            return Some((game, self.halves.contains_key(&game)));
        }
        let swapped = Pairing {
            first: game.second,
            second: game.first,
        };
        (self.swiss.matches && self.swiss.is_open(swapped) && self.halves.contains_key(&swapped))
            .then_some((swapped, true))
    }

    /// A game of the round ended at `at_ms`, `outcome` for its first side as played.
    pub fn finish(
        &mut self,
        game: Pairing,
        outcome: Outcome,
        at_ms: u64,
    ) -> Result<(), SwissError> {
        let first = Swiss::game_points(outcome);
        self.settle(game, [first, 2 - first], at_ms)
    }

    /// A game of the round that will not be played (it could not start, or was aborted):
    /// nobody scores it.
    pub fn void(&mut self, game: Pairing, at_ms: u64) -> Result<(), SwissError> {
        self.to_start.retain(|g| *g != game);
        self.settle(game, [0, 0], at_ms)
    }

    /// Scores one game (`points` to its sides as played): a single game at once; a match's
    /// first game is kept and its second waits to start; a match's second completes it.
    fn settle(&mut self, game: Pairing, points: [u32; 2], at_ms: u64) -> Result<(), SwissError> {
        let (pairing, second) = self.pairing_of(game).ok_or(SwissError::NoSuchGame)?;
        if !self.swiss.matches {
            self.swiss.score(pairing, points)?;
        } else if !second {
            self.halves.insert(pairing, points);
            let swapped = Pairing {
                first: pairing.second,
                second: pairing.first,
            };
            self.to_start.push(swapped);
            return Ok(());
        } else {
            let first = self.halves.remove(&pairing).unwrap_or([0, 0]);
            // The second game's sides are swapped: its second side is the pairing's first.
            let total = [first[0] + points[1], first[1] + points[0]];
            self.swiss.score(pairing, total)?;
        }
        self.after_score(at_ms);
        Ok(())
    }

    /// After a score: when the round has ended, the next is due after the break, or the
    /// tournament has ended.
    fn after_score(&mut self, at_ms: u64) {
        if self.swiss.current().is_some() {
            return;
        }
        let no_games = self
            .swiss
            .paired()
            .last()
            .is_some_and(|r| r.games.is_empty());
        if self.paired() >= self.total() || no_games {
            self.ended_ms = Some(at_ms);
            self.next_ms = None;
        } else {
            self.next_ms = Some(at_ms + self.break_ms);
        }
    }

    /// The standings, by points and the format's tie-breaks.
    pub fn standings(&self) -> Standings {
        self.swiss.standings_by(self.tie_breaks())
    }

    pub fn tie_breaks(&self) -> TieBreaks {
        match self.kind {
            RoundsKind::Swiss => TieBreaks::Swiss,
            RoundsKind::RoundRobin { .. } => TieBreaks::RoundRobin,
        }
    }

    /// The records of the rounds, for a standings line.
    pub fn swiss(&self) -> &Swiss {
        &self.swiss
    }
}

#[cfg(test)]
mod tests;
