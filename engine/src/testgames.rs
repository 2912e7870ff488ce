//! Tiny games with known values, for testing the engines without the real games: tic-tac-toe,
//! a take-away game with extra turns (like Kalah's), and a tug-of-war that can only repeat.

use chaupal_rules::history::History;
use chaupal_rules::rules::RuleSet;
use chaupal_rules::{
    EndReason, Game, GameKind, MoveError, Outcome, PositionError, RuleError, Side,
};

use super::game_ai::{EvalInfo, Evaluator, GameAi};
use super::value::Value;

/// No options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct NoRules;

impl RuleSet for NoRules {
    const GAME: &'static str = "test";
    const KEYS: &'static [&'static str] = &[];
    fn set(&mut self, key: &str, _value: &str) -> Result<(), RuleError> {
        Err(Self::unknown_key(key))
    }
    fn get(&self, _key: &str) -> Option<String> {
        None
    }
}

const KEYS: [u64; 64] = chaupal_rules::zobrist::keys(99);

fn side_key(side: Side) -> u64 {
    if side == Side::Second { KEYS[63] } else { 0 }
}

// ---------------------------------------------------------------------------------------------

/// Tic-tac-toe; cells 0..9 row by row; `First` plays X.
#[derive(Clone, Debug)]
pub(crate) struct TicTacToe {
    cells: [Option<Side>; 9],
    to_move: Side,
    hash: u64,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    /// A position from 9 characters `x`, `o`, `.`; X moves when the counts are equal.
    pub(crate) fn from_cells(text: &str) -> TicTacToe {
        let mut g = TicTacToe::start(NoRules);
        let mut n = [0, 0];
        for (i, c) in text.chars().enumerate() {
            let side = match c {
                'x' => Side::First,
                'o' => Side::Second,
                _ => continue,
            };
            g.cells[i] = Some(side);
            n[side.index()] += 1;
        }
        g.to_move = if n[0] == n[1] {
            Side::First
        } else {
            Side::Second
        };
        g.hash = g.hash_from_scratch();
        g
    }

    fn winner(&self) -> Option<Side> {
        LINES.iter().find_map(|l| {
            let a = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(a) && self.cells[l[2]] == Some(a)).then_some(a)
        })
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type Undo = ();
    type Rules = NoRules;
    const KIND: GameKind = GameKind::Kalah;

    fn start(_rules: NoRules) -> Self {
        TicTacToe {
            cells: [None; 9],
            to_move: Side::First,
            hash: 0,
        }
    }
    fn rules(&self) -> &NoRules {
        &NoRules
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend((0..9u8).filter(|&i| self.cells[i as usize].is_none()));
        }
    }
    fn make(&mut self, mv: u8) {
        self.cells[mv as usize] = Some(self.to_move);
        self.hash ^= KEYS[mv as usize + 9 * self.to_move.index()] ^ KEYS[63];
        self.to_move = self.to_move.opponent();
    }
    fn unmake(&mut self, mv: u8, _undo: ()) {
        self.to_move = self.to_move.opponent();
        self.cells[mv as usize] = None;
        self.hash ^= KEYS[mv as usize + 9 * self.to_move.index()] ^ KEYS[63];
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = side_key(self.to_move);
        for (i, c) in self.cells.iter().enumerate() {
            if let Some(s) = c {
                h ^= KEYS[i + 9 * s.index()];
            }
        }
        h
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner() {
            return Some(Outcome::Win {
                winner,
                reason: EndReason::AllCaptured,
            });
        }
        self.cells
            .iter()
            .all(|c| c.is_some())
            .then_some(Outcome::Draw {
                reason: EndReason::NoLegalMove,
            })
    }
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        chaupal_rules::game::find_legal_by_text(self, text)
            .ok_or_else(|| MoveError::illegal(text, "no such move"))
    }
    fn position_text(&self) -> String {
        self.cells
            .iter()
            .map(|c| match c {
                Some(Side::First) => 'x',
                Some(Side::Second) => 'o',
                None => '.',
            })
            .collect()
    }
    fn from_position_text(text: &str, _rules: NoRules) -> Result<Self, PositionError> {
        Ok(TicTacToe::from_cells(text))
    }
    fn side_name(side: Side) -> &'static str {
        if side == Side::First { "x" } else { "o" }
    }
}

/// Open lines for the side to move minus open lines for the other, in hundredths.
#[derive(Debug)]
struct TicTacToeEval;

impl Evaluator<TicTacToe> for TicTacToeEval {
    fn evaluate(&self, g: &TicTacToe) -> Value {
        let open = |s: Side| {
            LINES
                .iter()
                .filter(|l| l.iter().all(|&i| g.cells[i] != Some(s.opponent())))
                .count() as Value
        };
        100 * (open(g.to_move) - open(g.to_move.opponent()))
    }
}

impl GameAi for TicTacToe {
    const EVALUATIONS: &'static [EvalInfo] = &[EvalInfo {
        name: "lines",
        about: "open lines",
        aliases: &[],
    }];
    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        (name == "lines").then(|| Box::new(TicTacToeEval) as Box<dyn Evaluator<Self>>)
    }
    fn move_hint(&self, mv: u8) -> i32 {
        // The centre, then corners.
        match mv {
            4 => 2,
            0 | 2 | 6 | 8 => 1,
            _ => 0,
        }
    }
}

// ---------------------------------------------------------------------------------------------

/// Take-away: take 1, 2 or 3 from a pile; whoever takes the last one wins; taking 3 (when some
/// are left) gives another turn, as Kalah's last seed in the store does.
#[derive(Clone, Debug)]
pub(crate) struct ExtraNim {
    pub pile: u8,
    to_move: Side,
}

impl ExtraNim {
    pub fn new(pile: u8) -> Self {
        ExtraNim {
            pile,
            to_move: Side::First,
        }
    }
}

impl Game for ExtraNim {
    type Move = u8;
    type Undo = Side;
    type Rules = NoRules;
    const KIND: GameKind = GameKind::Kalah;

    fn start(_rules: NoRules) -> Self {
        ExtraNim::new(15)
    }
    fn rules(&self) -> &NoRules {
        &NoRules
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend((1..=3).filter(|&n| n <= self.pile));
    }
    fn make(&mut self, mv: u8) -> Side {
        let before = self.to_move;
        self.pile -= mv;
        if !(mv == 3 && self.pile > 0) {
            self.to_move = self.to_move.opponent();
        }
        before
    }
    fn unmake(&mut self, mv: u8, undo: Side) {
        self.pile += mv;
        self.to_move = undo;
    }
    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }
    fn hash_from_scratch(&self) -> u64 {
        KEYS[self.pile as usize % 60] ^ side_key(self.to_move)
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.pile == 0).then_some(Outcome::Win {
            winner: self.to_move.opponent(),
            reason: EndReason::AllCaptured,
        })
    }
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        chaupal_rules::game::find_legal_by_text(self, text)
            .ok_or_else(|| MoveError::illegal(text, "no such move"))
    }
    fn position_text(&self) -> String {
        format!("{} {}", self.pile, self.to_move.index())
    }
    fn from_position_text(text: &str, _rules: NoRules) -> Result<Self, PositionError> {
        let pile = text
            .split(' ')
            .next()
            .and_then(|p| p.parse().ok())
            .ok_or_else(|| PositionError::syntax("pile", "a number"))?;
        Ok(ExtraNim::new(pile))
    }
    fn side_name(side: Side) -> &'static str {
        if side == Side::First {
            "first"
        } else {
            "second"
        }
    }
}

/// A deliberately poor evaluation: the pile size, odd is good.
#[derive(Debug)]
struct NimEval;

impl Evaluator<ExtraNim> for NimEval {
    fn evaluate(&self, g: &ExtraNim) -> Value {
        if g.pile % 2 == 1 { 30 } else { -30 }
    }
}

impl GameAi for ExtraNim {
    const EVALUATIONS: &'static [EvalInfo] = &[EvalInfo {
        name: "parity",
        about: "odd piles are good",
        aliases: &[],
    }];
    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        (name == "parity").then(|| Box::new(NimEval) as Box<dyn Evaluator<Self>>)
    }
}

// ---------------------------------------------------------------------------------------------

/// Tug-of-war: a marker on 0..=6 starts at 3; the first side pulls it up or down one step, as
/// does the second. The first side wins at 6, the second at 0. With best play each side undoes
/// the other's pull and the game is drawn by the third repetition.
#[derive(Clone, Debug)]
pub(crate) struct TugOfWar {
    pub marker: i8,
    to_move: Side,
    history: History,
}

impl TugOfWar {
    pub fn at(marker: i8) -> Self {
        let mut g = TugOfWar {
            marker,
            to_move: Side::First,
            history: History::new(0),
        };
        g.history = History::new(g.hash_from_scratch());
        g
    }
}

impl Game for TugOfWar {
    type Move = i8;
    type Undo = u32;
    type Rules = NoRules;
    const KIND: GameKind = GameKind::Jungle;

    fn start(_rules: NoRules) -> Self {
        TugOfWar::at(3)
    }
    fn rules(&self) -> &NoRules {
        &NoRules
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<i8>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend([1, -1]);
        }
    }
    fn make(&mut self, mv: i8) -> u32 {
        self.marker += mv;
        self.to_move = self.to_move.opponent();
        self.history.push(self.hash_from_scratch(), false)
    }
    fn unmake(&mut self, mv: i8, undo: u32) {
        self.history.pop(undo);
        self.to_move = self.to_move.opponent();
        self.marker -= mv;
    }
    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }
    fn hash_from_scratch(&self) -> u64 {
        KEYS[self.marker as usize + 20] ^ side_key(self.to_move)
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.marker >= 6 {
            Some(Outcome::Win {
                winner: Side::First,
                reason: EndReason::DenEntered,
            })
        } else if self.marker <= 0 {
            Some(Outcome::Win {
                winner: Side::Second,
                reason: EndReason::DenEntered,
            })
        } else if self.history.occurrences_of_current() >= 3 {
            Some(Outcome::Draw {
                reason: EndReason::Repetition,
            })
        } else {
            None
        }
    }
    fn move_text(&self, mv: i8) -> String {
        if mv > 0 { "up".into() } else { "down".into() }
    }
    fn parse_move(&self, text: &str) -> Result<i8, MoveError> {
        chaupal_rules::game::find_legal_by_text(self, text)
            .ok_or_else(|| MoveError::illegal(text, "no such move"))
    }
    fn position_text(&self) -> String {
        format!("{} {}", self.marker, self.to_move.index())
    }
    fn from_position_text(_text: &str, _rules: NoRules) -> Result<Self, PositionError> {
        Ok(TugOfWar::at(3))
    }
    fn side_name(side: Side) -> &'static str {
        if side == Side::First { "up" } else { "down" }
    }
}

/// The marker's distance from the middle, for the side to move.
#[derive(Debug)]
struct TugEval;

impl Evaluator<TugOfWar> for TugEval {
    fn evaluate(&self, g: &TugOfWar) -> Value {
        let v = 100 * (g.marker as Value - 3);
        if g.to_move == Side::First { v } else { -v }
    }
}

impl GameAi for TugOfWar {
    const EVALUATIONS: &'static [EvalInfo] = &[EvalInfo {
        name: "distance",
        about: "distance from the middle",
        aliases: &[],
    }];
    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        (name == "distance").then(|| Box::new(TugEval) as Box<dyn Evaluator<Self>>)
    }
}
