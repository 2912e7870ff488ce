//! An arena: for a fixed time, players join, leave and pause at will; whoever is idle is
//! paired again at once; points follow lichess's arena scoring. [`Arena`] holds one arena's
//! players and games; the server calls [`Arena::pass`] every second or two and
//! [`Arena::finish`] as games end.
//!
//! - [`scoring`]: the points of each game, streaks and berserk.
//! - [`colors`]: the sides each player has had.
//! - [`pairing`]: the cheapest pairing of the idle players.
//! - [`waiting`]: who waits, and whether to pair now.

pub mod colors;
pub mod pairing;
pub mod scoring;
pub mod waiting;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use self::colors::SideHistory;
use self::pairing::{Idle, Moment};
use self::scoring::{Finished, Lengths, Sheet};
use self::waiting::Waiting;
use crate::entrant::{EntrantId, Outcome, Pairing, Side};
use crate::standings::{Line, Standings};

/// For this long after its start (milliseconds) an arena pairs by rank alone.
pub const JUST_STARTED_MS: u64 = 15_000;

/// An arena of at most this many players pairs its only two active players again at once.
pub const SMALL_ARENA: usize = 12;

/// What an arena is made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaRules {
    /// Whether two wins in a row set a player on fire.
    pub streaks: bool,
    /// Whether players may halve their clock for an extra point.
    pub berserk: bool,
    pub lengths: Lengths,
    /// How long, in seconds, an idle player waits for a better pairing
    /// ([`waiting::wait_seconds`] of the game's pace).
    pub wait_seconds: u32,
}

/// Where an arena player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Presence {
    /// Waiting for a game.
    Idle,
    /// In a game.
    Playing,
    /// Paused by their own wish: not paired until they come back.
    Paused,
    /// Left the arena; their points stay in the standings.
    Left,
}

/// One arena player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaPlayer {
    pub rating: i32,
    pub sheet: Sheet,
    pub sides: SideHistory,
    pub last_opponent: Option<EntrantId>,
    pub presence: Presence,
}

/// Why an arena refused a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    #[error("already in this arena")]
    AlreadyJoined,
    #[error("not in this arena")]
    NotJoined,
    #[error("the arena is over")]
    Over,
    #[error("that game is not one of this arena's")]
    NoSuchGame,
}

/// One arena's players and games in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arena {
    pub rules: ArenaRules,
    /// When it starts and ends (milliseconds).
    pub starts_ms: u64,
    pub ends_ms: u64,
    players: BTreeMap<EntrantId, ArenaPlayer>,
    playing: Vec<Pairing>,
    #[serde(skip)]
    waiting: Waiting,
    /// Whether any game has been paired yet.
    paired_once: bool,
}

impl Arena {
    /// A new arena with nobody in it.
    pub fn new(rules: ArenaRules, starts_ms: u64, ends_ms: u64) -> Arena {
        Arena {
            rules,
            starts_ms,
            ends_ms,
            players: BTreeMap::new(),
            playing: Vec::new(),
            waiting: Waiting::default(),
            paired_once: false,
        }
    }

    /// Whether the arena is over at `now_ms`.
    pub fn is_over(&self, now_ms: u64) -> bool {
        now_ms >= self.ends_ms
    }

    /// `entrant` joins (or comes back after leaving or pausing).
    pub fn join(&mut self, entrant: EntrantId, rating: i32, now_ms: u64) -> Result<(), ArenaError> {
        if self.is_over(now_ms) {
            return Err(ArenaError::Over);
        }
        match self.players.get_mut(&entrant) {
            Some(p) if matches!(p.presence, Presence::Idle | Presence::Playing) => {
                Err(ArenaError::AlreadyJoined)
            }
            Some(p) => {
                p.presence = Presence::Idle;
                Ok(())
            }
            None => {
                self.players.insert(
                    entrant,
                    ArenaPlayer {
                        rating,
                        sheet: Sheet::default(),
                        sides: SideHistory::default(),
                        last_opponent: None,
                        presence: Presence::Idle,
                    },
                );
                Ok(())
            }
        }
    }

    /// Whether `entrant` may join at `now_ms`: [`Arena::join`]'s answer, without joining (a
    /// server records a join before it makes it).
    pub fn can_join(&self, entrant: EntrantId, now_ms: u64) -> Result<(), ArenaError> {
        if self.is_over(now_ms) {
            return Err(ArenaError::Over);
        }
        match self.players.get(&entrant) {
            Some(p) if matches!(p.presence, Presence::Idle | Presence::Playing) => {
                Err(ArenaError::AlreadyJoined)
            }
            _ => Ok(()),
        }
    }

    /// `entrant` pauses (`leave` false) or leaves (`leave` true). A game in progress is played
    /// out; they are not paired again until they join again.
    pub fn step_out(&mut self, entrant: EntrantId, leave: bool) -> Result<(), ArenaError> {
        let p = self
            .players
            .get_mut(&entrant)
            .ok_or(ArenaError::NotJoined)?;
        p.presence = if leave {
            Presence::Left
        } else {
            Presence::Paused
        };
        Ok(())
    }

    /// A player.
    pub fn player(&self, entrant: EntrantId) -> Option<&ArenaPlayer> {
        self.players.get(&entrant)
    }

    /// How many have joined.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// Whether nobody has joined.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// The games being played.
    pub fn playing(&self) -> &[Pairing] {
        &self.playing
    }

    /// The standings: points, then rating, then who joined first.
    pub fn standings(&self) -> Standings {
        Standings::new(
            self.players
                .iter()
                .map(|(&entrant, p)| Line {
                    entrant,
                    points: p.sheet.total(),
                    tie_breaks: [i64::from(p.rating), 0],
                })
                .collect(),
        )
    }

    /// A pass of pairing at `now_ms` among the idle players for whom `present` holds (the
    /// server's: those with a connection open): the new games, each already counted as begun.
    pub fn pass(
        &mut self,
        now_ms: u64,
        present: &dyn Fn(EntrantId) -> bool,
        toss: &mut dyn FnMut() -> bool,
    ) -> Vec<Pairing> {
        if self.is_over(now_ms) || now_ms < self.starts_ms {
            return Vec::new();
        }
        let idle: Vec<EntrantId> = self
            .players
            .iter()
            .filter(|(e, p)| p.presence == Presence::Idle && present(**e))
            .map(|(&e, _)| e)
            .collect();
        self.waiting.update(idle, now_ms);
        if self.paired_once
            && !self
                .waiting
                .have_waited_enough(now_ms, self.rules.wait_seconds)
        {
            return Vec::new();
        }
        let active = self
            .players
            .values()
            .filter(|p| matches!(p.presence, Presence::Idle | Presence::Playing))
            .count();
        let moment = Moment {
            just_started: now_ms < self.starts_ms + JUST_STARTED_MS,
            only_two_active: self.players.len() <= SMALL_ARENA && active == 2,
        };
        let mut games = self.pair_among(&self.waiting.even(), moment, toss);
        if games.is_empty() && self.waiting.len() % 2 == 1 {
            games = self.pair_among(&self.waiting.all(), moment, toss);
        }
        for g in &games {
            self.begin(*g);
        }
        games
    }

    /// The pairing of `who`, in order of rank.
    fn pair_among(
        &self,
        who: &[EntrantId],
        moment: Moment,
        toss: &mut dyn FnMut() -> bool,
    ) -> Vec<Pairing> {
        let standings = self.standings();
        let mut idle: Vec<Idle> = who
            .iter()
            .filter_map(|e| {
                let p = self.players.get(e)?;
                Some(Idle {
                    entrant: *e,
                    rank: standings.rank_of(*e)?,
                    rating: p.rating,
                    sides: p.sides,
                    last_opponent: p.last_opponent,
                })
            })
            .collect();
        idle.sort_by_key(|i| (i.rank, i.entrant));
        pairing::pair(&idle, moment, toss)
    }

    /// A recorded pairing applied again, as [`Arena::pass`] made it (a server rebuilding an
    /// arena from its records): the game counts as begun, exactly as it did when it was paired.
    /// Refused when a side has not joined, or when the same game is already being played.
    pub fn paired(&mut self, game: Pairing) -> Result<(), ArenaError> {
        if !self.players.contains_key(&game.first) || !self.players.contains_key(&game.second) {
            return Err(ArenaError::NotJoined);
        }
        if game.first == game.second || self.playing.contains(&game) {
            return Err(ArenaError::NoSuchGame);
        }
        self.begin(game);
        Ok(())
    }

    /// Counts a game as begun.
    fn begin(&mut self, game: Pairing) {
        self.paired_once = true;
        for (e, side, other) in [
            (game.first, Side::First, game.second),
            (game.second, Side::Second, game.first),
        ] {
            self.waiting.remove(e);
            if let Some(p) = self.players.get_mut(&e) {
                p.presence = Presence::Playing;
                p.sides = p.sides.after(side);
                p.last_opponent = Some(other);
            }
        }
        self.playing.push(game);
    }

    /// A game of this arena that will not be played (it could not start, or it was aborted):
    /// no points; its players still in the arena are idle again.
    pub fn cancel(&mut self, game: Pairing) -> Result<(), ArenaError> {
        let at = self
            .playing
            .iter()
            .position(|g| *g == game)
            .ok_or(ArenaError::NoSuchGame)?;
        self.playing.swap_remove(at);
        for e in [game.first, game.second] {
            if let Some(p) = self.players.get_mut(&e)
                && p.presence == Presence::Playing
            {
                p.presence = Presence::Idle;
            }
        }
        Ok(())
    }

    /// A game of this arena ended: `outcome` for its first side, `plies` moves in all, and
    /// who went berserk. Players still in the arena become idle.
    pub fn finish(
        &mut self,
        game: Pairing,
        outcome: Outcome,
        plies: u32,
        berserk: [bool; 2],
    ) -> Result<(), ArenaError> {
        let at = self
            .playing
            .iter()
            .position(|g| *g == game)
            .ok_or(ArenaError::NoSuchGame)?;
        self.playing.swap_remove(at);
        let (streaks, lengths) = (self.rules.streaks, self.rules.lengths);
        for (e, outcome, berserk) in [
            (game.first, outcome, berserk[0]),
            (game.second, outcome.for_opponent(), berserk[1]),
        ] {
            if let Some(p) = self.players.get_mut(&e) {
                let finished = Finished {
                    outcome,
                    plies,
                    berserk: berserk && self.rules.berserk,
                };
                p.sheet.add(finished, streaks, &lengths);
                if p.presence == Presence::Playing {
                    p.presence = Presence::Idle;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
