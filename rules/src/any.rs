//! [`AnyGame`]: one value that holds any of the four games, driven by text.
//!
//! The server, the client and the tools often learn which game is played only at run time (from
//! a request, a record or a command line). They hold an `AnyGame` and speak to it in notation;
//! the search and perft use the concrete types through the [`Game`] trait instead.

use crate::baghchal::BaghChal;
use crate::game::{Game, GameKind, MoveError, Outcome, PositionError, Side};
use crate::jungle::Jungle;
use crate::kalah::Kalah;
use crate::perft::{divide, perft};
use crate::rules::{RuleError, RuleSet};
use crate::sholo_guti::SholoGuti;

/// What depends on the games themselves: their rule keys and names of sides.
impl GameKind {
    /// The rule keys this game knows.
    pub fn rule_keys(self) -> &'static [&'static str] {
        match self {
            GameKind::BaghChal => <BaghChal as Game>::Rules::KEYS,
            GameKind::Kalah => <Kalah as Game>::Rules::KEYS,
            GameKind::Jungle => <Jungle as Game>::Rules::KEYS,
            GameKind::SholoGuti => <SholoGuti as Game>::Rules::KEYS,
        }
    }

    /// What this game calls a side.
    pub fn side_name(self, side: Side) -> &'static str {
        match self {
            GameKind::BaghChal => BaghChal::side_name(side),
            GameKind::Kalah => Kalah::side_name(side),
            GameKind::Jungle => Jungle::side_name(side),
            GameKind::SholoGuti => SholoGuti::side_name(side),
        }
    }
}

/// Any of the four games, in progress.
///
/// ```
/// use chaupal_rules::any::AnyGame;
/// use chaupal_rules::game::{GameKind, Side};
///
/// // The game is known only at run time, here from its name and rule pairs.
/// let kind: GameKind = "kalah".parse().unwrap();
/// let mut game = AnyGame::start(kind, [("pits", "4"), ("seeds", "3")]).unwrap();
/// assert_eq!(game.position_text(), "3,3,3,3:0/3,3,3,3:0 s pits=4 seeds=3");
/// assert_eq!(game.legal_moves_text(), ["1", "2", "3", "4"]);
/// game.play_text("2").unwrap(); // the last seed falls in south's store: south moves again
/// assert_eq!(game.side_to_move(), Side::First);
/// assert_eq!(game.perft(1), 3); // house 2 is empty now
/// ```
#[derive(Clone, Debug)]
pub enum AnyGame {
    BaghChal(BaghChal),
    Kalah(Kalah),
    Jungle(Jungle),
    SholoGuti(SholoGuti),
}

/// Runs `$body` with `$g` bound to the concrete game inside `$self`.
macro_rules! with_game {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::BaghChal($g) => $body,
            AnyGame::Kalah($g) => $body,
            AnyGame::Jungle($g) => $body,
            AnyGame::SholoGuti($g) => $body,
        }
    };
}

/// Builds the concrete game of `$kind` from `$make` (a generic closure-like expression over the
/// type `$t`).
macro_rules! for_kind {
    ($kind:expr, $t:ident => $body:expr) => {
        match $kind {
            GameKind::BaghChal => {
                type $t = BaghChal;
                $body.map(AnyGame::BaghChal)
            }
            GameKind::Kalah => {
                type $t = Kalah;
                $body.map(AnyGame::Kalah)
            }
            GameKind::Jungle => {
                type $t = Jungle;
                $body.map(AnyGame::Jungle)
            }
            GameKind::SholoGuti => {
                type $t = SholoGuti;
                $body.map(AnyGame::SholoGuti)
            }
        }
    };
}

impl AnyGame {
    /// The start position of `kind` under the rule pairs given (defaults for the rest).
    pub fn start<K: AsRef<str>, V: AsRef<str>>(
        kind: GameKind,
        rules: impl IntoIterator<Item = (K, V)>,
    ) -> Result<AnyGame, RuleError> {
        for_kind!(kind, G => <G as Game>::Rules::from_pairs(rules).map(G::start))
    }

    /// A position read from text, under the rule pairs given (pairs in the text apply on top).
    pub fn from_position_text<K: AsRef<str>, V: AsRef<str>>(
        kind: GameKind,
        text: &str,
        rules: impl IntoIterator<Item = (K, V)>,
    ) -> Result<AnyGame, PositionError> {
        for_kind!(kind, G => <G as Game>::Rules::from_pairs(rules)
            .map_err(PositionError::from)
            .and_then(|r| G::from_position_text(text, r)))
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::BaghChal(_) => GameKind::BaghChal,
            AnyGame::Kalah(_) => GameKind::Kalah,
            AnyGame::Jungle(_) => GameKind::Jungle,
            AnyGame::SholoGuti(_) => GameKind::SholoGuti,
        }
    }

    /// Every rule option with its value, in canonical order.
    pub fn rule_pairs(&self) -> Vec<(String, String)> {
        with_game!(self, g => g.rules().pairs())
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        with_game!(self, g => g.side_to_move())
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, g => g.outcome())
    }

    /// The Zobrist hash of the position.
    pub fn hash(&self) -> u64 {
        with_game!(self, g => g.hash())
    }

    /// The position in one line of notation.
    pub fn position_text(&self) -> String {
        with_game!(self, g => g.position_text())
    }

    /// Every legal move, in notation.
    pub fn legal_moves_text(&self) -> Vec<String> {
        with_game!(self, g => {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            moves.into_iter().map(|m| g.move_text(m)).collect()
        })
    }

    /// Checks and plays a move given in notation; returns it in canonical notation.
    pub fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        with_game!(self, g => {
            if g.outcome().is_some() {
                return Err(MoveError::GameOver);
            }
            let mv = g.parse_move(text)?;
            let canonical = g.move_text(mv);
            g.make(mv);
            Ok(canonical)
        })
    }

    /// Perft from this position.
    pub fn perft(&mut self, depth: u32) -> u64 {
        with_game!(self, g => perft(g, depth))
    }

    /// Perft split by first move.
    pub fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        with_game!(self, g => divide(g, depth))
    }

    /// What this game calls a side.
    pub fn side_name(&self, side: Side) -> &'static str {
        self.kind().side_name(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_names_round_trip() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.name()));
        }
        assert!("chess".parse::<GameKind>().is_err());
    }
}
