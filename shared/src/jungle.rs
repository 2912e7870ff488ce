//! Jungle: placeholder until the rules land (the game's helper replaces this file).

use crate::game::{Game, MoveError, Outcome, PositionError, Side};
use crate::rules::{RuleError, RuleSet};

/// The rule options of Jungle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct JungleRules;

impl RuleSet for JungleRules {
    const GAME: &'static str = "jungle";
    const KEYS: &'static [&'static str] = &[];
    fn set(&mut self, key: &str, _value: &str) -> Result<(), RuleError> {
        Err(Self::unknown_key(key))
    }
    fn get(&self, _key: &str) -> Option<String> {
        None
    }
}

/// A game of Jungle.
#[derive(Clone, Debug)]
pub struct Jungle {
    rules: JungleRules,
}

impl Game for Jungle {
    type Move = u16;
    type Undo = ();
    type Rules = JungleRules;
    const KIND: crate::GameKind = crate::GameKind::Jungle;

    fn start(rules: Self::Rules) -> Self {
        Jungle { rules }
    }
    fn rules(&self) -> &Self::Rules {
        &self.rules
    }
    fn side_to_move(&self) -> Side {
        unimplemented!()
    }
    fn legal_moves(&self, _moves: &mut Vec<Self::Move>) {
        unimplemented!()
    }
    fn make(&mut self, _mv: Self::Move) -> Self::Undo {
        unimplemented!()
    }
    fn unmake(&mut self, _mv: Self::Move, _undo: Self::Undo) {
        unimplemented!()
    }
    fn hash(&self) -> u64 {
        unimplemented!()
    }
    fn hash_from_scratch(&self) -> u64 {
        unimplemented!()
    }
    fn outcome(&self) -> Option<Outcome> {
        unimplemented!()
    }
    fn move_text(&self, _mv: Self::Move) -> String {
        unimplemented!()
    }
    fn parse_move(&self, _text: &str) -> Result<Self::Move, MoveError> {
        unimplemented!()
    }
    fn position_text(&self) -> String {
        unimplemented!()
    }
    fn from_position_text(_text: &str, _rules: Self::Rules) -> Result<Self, PositionError> {
        unimplemented!()
    }
    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "first",
            Side::Second => "second",
        }
    }
}
