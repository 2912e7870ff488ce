//! The lobby's side of the state: the choices made there (game, rules, way of playing, side,
//! computer player, clock or correspondence, rated or casual), the values offered for each,
//! and the entries of its lists (open seeks, live games, this player's finished games). The
//! paces of correspondence are in `paces`, the list of this player's games in play in
//! `my_games`.

mod action;
mod event;
mod request;
pub use action::LobbyAction;
pub use event::LobbyChange;
pub use request::{LobbyRequest, OpponentPick};

mod paces;
mod seeks;

pub use paces::{pace_value, pace_words};

use chaupal_rules::GameKind;
use chaupal_shared::protocol::{ClockSpec, Correspondence};

use crate::rulebook;
use crate::say;
use crate::terms;
use crate::words::Phrase;

/// How the player wants to play, chosen in the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayMode {
    /// Both sides at this screen.
    ThisComputer,
    /// Against the server's AI.
    Computer,
    /// A friend with an invite code.
    Friend,
    /// Anyone: an open seek listed in every lobby.
    Anyone,
}

/// Which side the player asks for: the protocol's choice, as the request carries it.
pub use chaupal_shared::protocol::SideChoice as SidePick;

/// The AI levels offered.
pub const LEVELS: u8 = chaupal_shared::levels::LEVELS;

/// The engines offered besides the levels, for those who study them.
pub const ENGINES: [&str; 5] = ["alphabeta", "mcts", "minimax", "greedy", "random"];

/// The deepest fixed search depth offered for a named engine.
pub const MAX_DEPTH: u32 = 16;

/// The initial times offered, in minutes (0: no clock).
pub const CLOCK_MINUTES: [u32; 12] = [0, 1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90];

/// The increments offered, in seconds a move.
pub const CLOCK_INCREMENTS: [u32; 10] = [0, 1, 2, 3, 5, 10, 15, 20, 30, 60];

/// The paces of a correspondence game, in the stepper's order: the days a move the server
/// offers, then no limit.
pub const PACES: [Correspondence; 7] = [
    Correspondence { days: Some(1) },
    Correspondence { days: Some(2) },
    Correspondence { days: Some(3) },
    Correspondence { days: Some(5) },
    Correspondence { days: Some(7) },
    Correspondence { days: Some(14) },
    Correspondence::UNLIMITED,
];

/// The pace chosen until the player chooses another: three days a move.
pub const DEFAULT_PACE: usize = 2;

/// Moves `index` one step on (or back) among `n` values, wrapping round.
pub(in crate::app) fn cycle(index: usize, n: usize, forward: bool) -> usize {
    if n == 0 {
        0
    } else if forward {
        (index + 1) % n
    } else {
        (index + n - 1) % n
    }
}

/// The computer player chosen: a level, or a named engine at a fixed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnginePick {
    Level(u8),
    Named { name: String, depth: u32 },
}

impl EnginePick {
    /// How the lobby shows it.
    pub fn describe(&self) -> Phrase {
        match self {
            EnginePick::Level(l) => terms::ai_level(*l),
            EnginePick::Named { name, depth } => {
                say!("engine-named", name = name, depth = *depth)
            }
        }
    }
}

/// The lobby's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lobby {
    /// The game chosen.
    pub kind: GameKind,
    /// For each game (in `GameKind::ALL` order), the index of the value chosen for each option.
    pub rule_choice: [Vec<usize>; 4],
    pub mode: PlayMode,
    /// The side asked for, for each game (in `GameKind::ALL` order): a choice of tigers stays
    /// with Bagh Chal and does not become north in Kalah.
    pub sides: [SidePick; 4],
    /// The AI level, 1..=LEVELS.
    pub level: u8,
    /// The engine: 0 for a level, `i + 1` for `ENGINES[i]`.
    pub engine: usize,
    /// The search depth of a named engine, 1..=MAX_DEPTH.
    pub depth: u32,
    /// The invite code being typed.
    pub code: String,
    /// The invite code of the private game this player created, to pass on.
    pub my_code: Option<String>,
    /// The clock: an index into [`CLOCK_MINUTES`] (0: no clock) and one into
    /// [`CLOCK_INCREMENTS`].
    pub minutes: usize,
    pub increment: usize,
    /// Whether the game is to be played by correspondence (days a move) rather than live.
    pub by_correspondence: bool,
    /// The correspondence pace chosen: an index into [`PACES`].
    pub pace: usize,
    /// Whether the player asked for a rated game (it is rated only where the server rates:
    /// see [`Lobby::rated`]).
    pub rated: bool,
    /// The open seeks listed.
    pub seeks: Vec<SeekEntry>,
    /// The live games listed, to watch.
    pub live: Vec<LiveEntry>,
    /// This player's finished games on the server, newest first.
    pub finished: Vec<FinishedEntry>,
    /// Whether this player's open seek waits for someone to accept it.
    pub seeking: bool,
    /// How far the lobby's lists are scrolled down in their column of a wide window (the
    /// screen itself scrolls apart from them).
    pub lists_scroll: i32,
}

impl Default for Lobby {
    fn default() -> Self {
        Lobby {
            kind: GameKind::BaghChal,
            rule_choice: GameKind::ALL.map(|k| vec![0; rulebook::options(k).len()]),
            mode: PlayMode::ThisComputer,
            sides: [SidePick::First; 4],
            level: 3,
            engine: 0,
            depth: 6,
            code: String::new(),
            my_code: None,
            minutes: 0,
            increment: 0,
            by_correspondence: false,
            pace: DEFAULT_PACE,
            rated: false,
            seeks: Vec::new(),
            live: Vec::new(),
            finished: Vec::new(),
            seeking: false,
            lists_scroll: 0,
        }
    }
}

/// The position of a game in `GameKind::ALL`.
pub fn kind_index(kind: GameKind) -> usize {
    GameKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

impl Lobby {
    /// The side asked for in the chosen game.
    pub fn side(&self) -> SidePick {
        self.sides[kind_index(self.kind)]
    }

    /// Asks for `side` in the chosen game.
    pub fn set_side(&mut self, side: SidePick) {
        self.sides[kind_index(self.kind)] = side;
    }

    /// The computer player chosen.
    pub fn engine_pick(&self) -> EnginePick {
        match self.engine.checked_sub(1).and_then(|i| ENGINES.get(i)) {
            Some(name) => EnginePick::Named {
                name: (*name).to_owned(),
                depth: self.depth,
            },
            None => EnginePick::Level(self.level),
        }
    }

    /// Whether the chosen way of playing takes a clock (games kept by the server against
    /// someone; two players on this computer play without one).
    pub fn clock_applies(&self) -> bool {
        self.mode != PlayMode::ThisComputer
    }

    /// The time control chosen, when the mode takes one (a correspondence game has none).
    pub fn clock(&self) -> Option<ClockSpec> {
        let minutes = *CLOCK_MINUTES.get(self.minutes)?;
        if minutes == 0 || !self.clock_applies() || self.correspondence().is_some() {
            return None;
        }
        let increment = CLOCK_INCREMENTS.get(self.increment).copied().unwrap_or(0);
        Some(ClockSpec {
            initial_ms: u64::from(minutes) * 60_000,
            increment_ms: u64::from(increment) * 1000,
        })
    }

    /// The clock in words, as the lobby shows it.
    pub fn clock_text(&self) -> Phrase {
        self.clock()
            .map_or_else(|| say!("clock-none"), |c| clock_words(&c))
    }

    /// Whether the server would rate a game set up this way: against a person, or against an
    /// AI level (never a named engine, never two players on this computer, never a
    /// correspondence game with no time limit).
    pub fn rated_allowed(&self) -> bool {
        if self.correspondence().is_some_and(|c| c.days.is_none()) {
            return false;
        }
        match self.mode {
            PlayMode::ThisComputer => false,
            PlayMode::Computer => self.engine == 0,
            PlayMode::Friend | PlayMode::Anyone => true,
        }
    }

    /// Whether the game asked for is rated.
    pub fn rated(&self) -> bool {
        self.rated && self.rated_allowed()
    }

    /// The rule pairs chosen for the selected game (all of them, defaults included).
    pub fn rule_pairs(&self) -> Vec<(String, String)> {
        let choice = &self.rule_choice[kind_index(self.kind)];
        rulebook::options(self.kind)
            .iter()
            .zip(choice)
            .map(|(o, &i)| {
                let value = o.values.get(i).or(o.values.first()).copied().unwrap_or("");
                (o.key.to_owned(), value.to_owned())
            })
            .collect()
    }

    /// The rule pairs chosen that differ from the defaults.
    pub fn changed_rules(&self) -> Vec<(String, String)> {
        let choice = &self.rule_choice[kind_index(self.kind)];
        self.rule_pairs()
            .into_iter()
            .zip(choice)
            .filter(|(_, i)| **i != 0)
            .map(|(p, _)| p)
            .collect()
    }

    /// Moves the value of option `index` of the selected game on (or back).
    pub fn cycle_rule(&mut self, index: usize, forward: bool) {
        let Some(option) = rulebook::options(self.kind).get(index) else {
            return;
        };
        let n = option.values.len();
        if let Some(i) = self.rule_choice[kind_index(self.kind)].get_mut(index) {
            *i = cycle(*i, n, forward);
        }
    }
}

/// A time control in words: "5 min + 3 s", "10 min", "30 s + 1 s".
pub fn clock_words(c: &ClockSpec) -> Phrase {
    let amount = |ms: u64| {
        if ms >= 60_000 && ms % 60_000 == 0 {
            say!("clock-minutes", count = ms / 60_000)
        } else if ms % 1000 == 0 {
            say!("clock-seconds", count = ms / 1000)
        } else {
            say!(
                "clock-seconds",
                count = format!("{:.1}", ms as f64 / 1000.0)
            )
        }
    };
    if c.increment_ms == 0 {
        amount(c.initial_ms)
    } else {
        say!(
            "clock-increment",
            initial = amount(c.initial_ms),
            increment = amount(c.increment_ms)
        )
    }
}

/// An open seek in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekEntry {
    pub id: u64,
    pub kind: GameKind,
    pub rules: Vec<(String, String)>,
    pub who: Phrase,
    /// How fast it is played, in words: the clock ("5 min + 3 s"), or a correspondence
    /// game's days a move ("3 days a move"); none: live, without a clock.
    pub pace: Option<Phrase>,
    pub rated: bool,
    /// Whether this player made it (cancel rather than accept).
    pub mine: bool,
}

/// A live game to watch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveEntry {
    pub id: u64,
    pub kind: GameKind,
    pub players: [Phrase; 2],
    /// The seats' ratings, by `Side::index` (none: not shown).
    pub ratings: [Option<i32>; 2],
    pub moves: u32,
    pub watchers: u32,
    pub exhibition: bool,
    /// Whether this player sits at it (resume rather than watch).
    pub mine: bool,
}

/// A finished game of this player, to replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedEntry {
    pub id: u64,
    pub kind: GameKind,
    pub players: [Phrase; 2],
    /// The result in a few words ("Asha won", "draw", ...).
    pub result: Phrase,
    pub moves: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_in_minutes_and_seconds() {
        let words = |initial_ms, increment_ms| {
            clock_words(&ClockSpec {
                initial_ms,
                increment_ms,
            })
        };
        let en = crate::words::Words::new(crate::words::Language::English);
        assert_eq!(en.say(&words(600_000, 0)), "10 min");
        assert_eq!(en.say(&words(30_000, 1_000)), "30 s + 1 s");
        assert_eq!(en.say(&words(90_000, 2_500)), "90 s + 2.5 s");
        assert_eq!(en.say(&words(3_600_000, 60_000)), "60 min + 1 min");
    }

    #[test]
    fn the_side_asked_for_is_kept_for_each_game() {
        let mut lobby = Lobby::default();
        lobby.set_side(SidePick::Second);
        assert_eq!(lobby.side(), SidePick::Second, "tigers in Bagh Chal");
        lobby.kind = GameKind::Kalah;
        assert_eq!(lobby.side(), SidePick::First, "not north in Kalah");
        lobby.set_side(SidePick::Random);
        lobby.kind = GameKind::BaghChal;
        assert_eq!(lobby.side(), SidePick::Second, "still tigers");
    }
}
