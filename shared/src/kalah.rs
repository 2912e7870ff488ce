//! Kalah: placeholder until the rules land (the game's helper replaces this file).

use crate::game::{Game, MoveError, Outcome, PositionError, Side};
use crate::rules::{RuleError, RuleSet};

/// The rule options of Kalah.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct KalahRules;

impl RuleSet for KalahRules {
    const GAME: &'static str = "kalah";
    const KEYS: &'static [&'static str] = &[];
    fn set(&mut self, key: &str, _value: &str) -> Result<(), RuleError> {
        Err(Self::unknown_key(key))
    }
    fn get(&self, _key: &str) -> Option<String> {
        None
    }
}

/// A game of Kalah.
#[derive(Clone, Debug)]
pub struct Kalah {
    rules: KalahRules,
}

impl Game for Kalah {
    type Move = u16;
    type Undo = ();
    type Rules = KalahRules;
    const KIND: crate::GameKind = crate::GameKind::Kalah;

    fn start(rules: Self::Rules) -> Self {
        Kalah { rules }
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
