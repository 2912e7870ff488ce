//! A Swiss: a fixed number of rounds; each round pairs players of equal points where it can,
//! never the same two twice, with at most one bye each; the standings break ties by Buchholz
//! and then Sonneborn-Berger. A pairing may be a match of two games, one on each side, scored
//! together (the default for Bagh Chal, whose sides are not alike).
//!
//! - [`pairing`]: a round's pairing, the cheapest by the Dutch system's priorities.
//!
//! Points are counted in half-points: a game won 2, drawn 1; a match scores its two games; a
//! bye scores as a won round.
//!
//! A round robin is kept by the same records ([`Swiss::begin_round`] with its table's round,
//! and [`TieBreaks::RoundRobin`] for its standings).

pub mod pairing;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::entrant::{EntrantId, Outcome, Pairing, Side};
use crate::standings::{Line, Standings};

/// One round of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundResult {
    /// Played `opponent`, scoring `points` (half-points), on `side` (for a single game).
    Played {
        opponent: EntrantId,
        points: u32,
        side: Option<Side>,
    },
    /// Sat out with a bye, scoring a won round.
    Bye,
    /// Not paired: withdrawn, or joined late.
    Absent,
}

/// One Swiss player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissPlayer {
    pub rating: i32,
    pub rounds: Vec<RoundResult>,
    pub withdrawn: bool,
}

impl SwissPlayer {
    /// Half-points in all; a bye counts `bye_points`.
    pub fn points(&self, bye_points: u32) -> u32 {
        self.rounds
            .iter()
            .map(|r| match r {
                RoundResult::Played { points, .. } => *points,
                RoundResult::Bye => bye_points,
                RoundResult::Absent => 0,
            })
            .sum()
    }

    /// Whether this player has had a bye.
    pub fn had_bye(&self) -> bool {
        self.rounds.contains(&RoundResult::Bye)
    }

    /// Whether this player has met `other`.
    pub fn met(&self, other: EntrantId) -> bool {
        self.rounds
            .iter()
            .any(|r| matches!(r, RoundResult::Played { opponent, .. } if *opponent == other))
    }

    /// The sides of their single games, oldest first.
    pub fn sides(&self) -> impl Iterator<Item = Side> + '_ {
        self.rounds.iter().filter_map(|r| match r {
            RoundResult::Played { side, .. } => *side,
            _ => None,
        })
    }
}

/// One round's games and its bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub games: Vec<Pairing>,
    pub bye: Option<EntrantId>,
    /// Players left without a game because no pairing could avoid a repeat or a second bye.
    pub unpaired: Vec<EntrantId>,
}

/// Which tie-breaks the standings apply after points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreaks {
    /// A Swiss's: Buchholz, then Sonneborn-Berger.
    Swiss,
    /// A round robin's: Sonneborn-Berger, then games won (in a round robin everyone meets
    /// everyone, so Buchholz would only mirror one's own points).
    RoundRobin,
}

/// Why a Swiss refused a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SwissError {
    #[error("already in this Swiss")]
    AlreadyJoined,
    #[error("not in this Swiss")]
    NotJoined,
    #[error("the Swiss has played all its rounds")]
    Over,
    #[error("a round is being played")]
    RoundInProgress,
    #[error("no round is being played")]
    NoRound,
    #[error("that game is not one of this round's")]
    NoSuchGame,
}

/// A Swiss's players and rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swiss {
    pub rounds: u32,
    /// Whether each pairing is a match of two games.
    pub matches: bool,
    players: BTreeMap<EntrantId, SwissPlayer>,
    /// Every round paired, the current one last.
    paired: Vec<Round>,
    /// The current round's games still being played.
    open: Vec<Pairing>,
}

impl Swiss {
    /// A Swiss of `rounds` rounds.
    pub fn new(rounds: u32, matches: bool) -> Swiss {
        Swiss {
            rounds,
            matches,
            players: BTreeMap::new(),
            paired: Vec::new(),
            open: Vec::new(),
        }
    }

    /// Half-points for a won round: a game's 2, or a match's 4.
    pub fn round_points(&self) -> u32 {
        if self.matches { 4 } else { 2 }
    }

    /// Rounds played to the end.
    pub fn rounds_played(&self) -> u32 {
        self.paired.len() as u32 - u32::from(!self.open.is_empty())
    }

    /// A player.
    pub fn player(&self, entrant: EntrantId) -> Option<&SwissPlayer> {
        self.players.get(&entrant)
    }

    /// `entrant` joins; one who joins after the first round has missed the rounds played.
    pub fn join(&mut self, entrant: EntrantId, rating: i32) -> Result<(), SwissError> {
        if self.rounds_played() >= self.rounds {
            return Err(SwissError::Over);
        }
        if let Some(p) = self.players.get_mut(&entrant) {
            if !p.withdrawn {
                return Err(SwissError::AlreadyJoined);
            }
            p.withdrawn = false;
            return Ok(());
        }
        let missed = self.paired.len();
        self.players.insert(
            entrant,
            SwissPlayer {
                rating,
                rounds: vec![RoundResult::Absent; missed],
                withdrawn: false,
            },
        );
        Ok(())
    }

    /// `entrant` withdraws from the rounds to come.
    pub fn withdraw(&mut self, entrant: EntrantId) -> Result<(), SwissError> {
        let p = self
            .players
            .get_mut(&entrant)
            .ok_or(SwissError::NotJoined)?;
        p.withdrawn = true;
        Ok(())
    }

    /// Sets how many rounds it has, while none is paired (a round robin's, from its table once
    /// its entrants are known).
    pub fn set_rounds(&mut self, rounds: u32) -> Result<(), SwissError> {
        if !self.paired.is_empty() {
            return Err(SwissError::RoundInProgress);
        }
        self.rounds = rounds;
        Ok(())
    }

    /// Pairs the next round: its games begin; the bye and the unpaired are scored at once.
    pub fn pair_next(&mut self, toss: &mut dyn FnMut() -> bool) -> Result<&Round, SwissError> {
        let round = self.next_round(toss)?;
        self.begin_round(round)
    }

    /// The next round's pairing, not yet begun.
    pub fn next_round(&self, toss: &mut dyn FnMut() -> bool) -> Result<Round, SwissError> {
        if !self.open.is_empty() {
            return Err(SwissError::RoundInProgress);
        }
        if self.paired.len() as u32 >= self.rounds {
            return Err(SwissError::Over);
        }
        Ok(pairing::pair_round(self, toss))
    }

    /// Begins `round` as paired elsewhere (a round robin's table, or a round as the records
    /// keep it): its games begin; the bye is scored at once, and whoever has no game in it
    /// scores nothing for it.
    pub fn begin_round(&mut self, round: Round) -> Result<&Round, SwissError> {
        if !self.open.is_empty() {
            return Err(SwissError::RoundInProgress);
        }
        if self.paired.len() as u32 >= self.rounds {
            return Err(SwissError::Over);
        }
        for p in self.players.values_mut() {
            p.rounds.push(RoundResult::Absent);
        }
        if let Some(bye) = round.bye
            && let Some(p) = self.players.get_mut(&bye)
            && let Some(last) = p.rounds.last_mut()
        {
            *last = RoundResult::Bye;
        }
        self.open = round.games.clone();
        self.paired.push(round);
        self.paired.last().ok_or(SwissError::NoRound)
    }

    /// The round in progress, if any.
    pub fn current(&self) -> Option<&Round> {
        self.paired.last().filter(|_| !self.open.is_empty())
    }

    /// The rounds paired so far, the current one last.
    pub fn paired(&self) -> &[Round] {
        &self.paired
    }

    /// A game (or match) of the current round ended: `first_points` half-points to its first
    /// player, the rest of the round's to the second. The round ends with its last game.
    pub fn finish(&mut self, game: Pairing, first_points: u32) -> Result<(), SwissError> {
        let whole = self.round_points();
        let first = first_points.min(whole);
        self.score(game, [first, whole - first])
    }

    /// A game (or match) of the current round that will not be played (void): neither player
    /// scores.
    pub fn void(&mut self, game: Pairing) -> Result<(), SwissError> {
        self.score(game, [0, 0])
    }

    /// Whether `game` is one of the current round's games still being played.
    pub fn is_open(&self, game: Pairing) -> bool {
        self.open.contains(&game)
    }

    /// Scores a game (or match) of the current round: `points` half-points to its first and
    /// its second player (a match whose second game will not be played scores its first
    /// alone). The round ends with its last game.
    pub fn score(&mut self, game: Pairing, points: [u32; 2]) -> Result<(), SwissError> {
        if self.open.is_empty() {
            return Err(SwissError::NoRound);
        }
        let at = self
            .open
            .iter()
            .position(|g| *g == game)
            .ok_or(SwissError::NoSuchGame)?;
        self.open.swap_remove(at);
        let single = !self.matches;
        for (e, opponent, points, side) in [
            (game.first, game.second, points[0], Side::First),
            (game.second, game.first, points[1], Side::Second),
        ] {
            if let Some(p) = self.players.get_mut(&e)
                && let Some(last) = p.rounds.last_mut()
            {
                *last = RoundResult::Played {
                    opponent,
                    points,
                    side: single.then_some(side),
                };
            }
        }
        Ok(())
    }

    /// Half-points of a single game's outcome for its first player.
    pub fn game_points(outcome: Outcome) -> u32 {
        match outcome {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }

    /// The players, by entrant.
    pub fn players(&self) -> &BTreeMap<EntrantId, SwissPlayer> {
        &self.players
    }

    /// The standings: points, then Buchholz (the sum of one's opponents' points), then
    /// Sonneborn-Berger (the sum over one's games of the points scored times the opponent's
    /// points).
    pub fn standings(&self) -> Standings {
        self.standings_by(TieBreaks::Swiss)
    }

    /// Games (or matches) won by `player`: rounds played for a round's whole points.
    pub fn wins(&self, player: &SwissPlayer) -> u32 {
        let whole = self.round_points();
        player
            .rounds
            .iter()
            .filter(|r| matches!(r, RoundResult::Played { points, .. } if *points == whole))
            .count() as u32
    }

    /// The standings by points, then `tie_breaks`. Sonneborn-Berger is in half-points times
    /// half-points (quarter points when a game is worth one point).
    pub fn standings_by(&self, tie_breaks: TieBreaks) -> Standings {
        let bye = self.round_points();
        let points: BTreeMap<EntrantId, u32> = self
            .players
            .iter()
            .map(|(&e, p)| (e, p.points(bye)))
            .collect();
        Standings::new(
            self.players
                .iter()
                .map(|(&e, p)| {
                    let (mut buchholz, mut sonneborn) = (0i64, 0i64);
                    for r in &p.rounds {
                        if let RoundResult::Played {
                            opponent,
                            points: scored,
                            ..
                        } = r
                        {
                            let theirs = i64::from(points.get(opponent).copied().unwrap_or(0));
                            buchholz += theirs;
                            sonneborn += theirs * i64::from(*scored);
                        }
                    }
                    Line {
                        entrant: e,
                        points: points[&e],
                        tie_breaks: match tie_breaks {
                            TieBreaks::Swiss => [buchholz, sonneborn],
                            TieBreaks::RoundRobin => [sonneborn, i64::from(self.wins(p))],
                        },
                    }
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests;
