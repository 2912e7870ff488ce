//! The runner: plays one stage with the learner. A legal move is played, then the opponent's
//! reply (the stage's script, or a plain deterministic choice off it); the runner says whether
//! the goal is reached, still ahead, or missed, and why a move is refused.

use std::fmt;

use chaupal_rules::any::AnyGame;
use chaupal_rules::game::{MoveError, Outcome, PositionError, Side};
use thiserror::Error;

use crate::board;
use crate::course::Stage;
use crate::goal::{Goal, Progress};

/// A stage that cannot be played.
#[derive(Debug, Error)]
pub enum StageError {
    #[error("stage '{id}': {source}")]
    Position {
        id: String,
        #[source]
        source: PositionError,
    },
    #[error("stage '{id}': the game is already over")]
    Over { id: String },
}

/// What a played move led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The stage goes on; the opponent answered with these moves (none after an extra turn).
    Going { replies: Vec<String> },
    /// The goal is reached in `moves` of the learner's moves.
    Done { stars: u8, moves: u32 },
    /// The stage is lost.
    Failed(Failure),
}

/// Why a stage was lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The game ended without the goal reached.
    GameOver(Outcome),
    /// A piece was lost on a stage that asks to lose none (the piece's square, when it has one).
    PieceLost { square: Option<String> },
    /// More than four times par would be needed.
    TooManyMoves { limit: u32 },
}

/// A move that is not played; the position stays as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// The rules refuse it.
    Illegal { reason: MoveError },
    /// After it, the opponent could capture the piece on `piece` with a move from `by`.
    Hangs { piece: String, by: String },
    /// Kalah: after it, the opponent could capture the `seeds` of the learner's house `house`
    /// (numbered from the learner's left).
    GivesSeeds { house: usize, seeds: u32 },
    /// The stage is finished; nothing more is played.
    Finished,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::GameOver(o) => write!(f, "the game ended ({})", o.reason().describe()),
            Failure::PieceLost { square: Some(s) } => write!(f, "the piece on {s} was lost"),
            Failure::PieceLost { square: None } => f.write_str("a piece was lost"),
            Failure::TooManyMoves { limit } => write!(f, "not done in {limit} moves"),
        }
    }
}

impl fmt::Display for Wrong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Wrong::Illegal { reason } => reason.fmt(f),
            Wrong::Hangs { piece, by } => {
                write!(f, "the piece on {by} could then capture the one on {piece}")
            }
            Wrong::GivesSeeds { house, seeds } => {
                write!(
                    f,
                    "the opponent could then take the {seeds} seeds of house {house}"
                )
            }
            Wrong::Finished => f.write_str("the stage is finished"),
        }
    }
}

/// One stage being played.
#[derive(Clone, Debug)]
pub struct Lesson {
    game: AnyGame,
    goal: Goal,
    par: u32,
    replies: Vec<String>,
    next_reply: usize,
    off_script: usize,
    hint: String,
    lose_none: bool,
    learner: Side,
    opponent_start: u32,
    moves: u32,
    lost: Option<Option<String>>,
    finished: bool,
}

impl Lesson {
    /// Sets up `stage` at its position.
    pub fn new(stage: &Stage) -> Result<Lesson, StageError> {
        let game = stage.start().map_err(|source| StageError::Position {
            id: stage.id.clone(),
            source,
        })?;
        if game.outcome().is_some() {
            return Err(StageError::Over {
                id: stage.id.clone(),
            });
        }
        let learner = game.side_to_move();
        Ok(Lesson {
            opponent_start: board::material(&game, learner.opponent()),
            game,
            goal: stage.goal.clone(),
            par: stage.par,
            replies: stage.replies.clone(),
            next_reply: 0,
            off_script: 0,
            hint: stage.hint.clone(),
            lose_none: stage.lose_none,
            learner,
            moves: 0,
            lost: None,
            finished: false,
        })
    }

    /// The stage's hint: a move that starts a solution from the stage's position.
    pub fn hint(&self) -> &str {
        &self.hint
    }

    /// The current position.
    pub fn position(&self) -> &AnyGame {
        &self.game
    }

    /// The learner's side.
    pub fn learner(&self) -> Side {
        self.learner
    }

    /// The learner's moves so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// How many scripted replies were not legal when their turn came (the opponent then chose
    /// its own reply). The checker wants none on a solution line.
    pub fn off_script(&self) -> usize {
        self.off_script
    }

    /// Whether the stage is over (done or failed).
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Plays the learner's move and the opponent's replies.
    pub fn play(&mut self, move_text: &str) -> Result<Step, Wrong> {
        if self.finished || self.game.side_to_move() != self.learner {
            return Err(Wrong::Finished);
        }
        let mut after = self.game.clone();
        after
            .play_text(move_text)
            .map_err(|reason| Wrong::Illegal { reason })?;
        if self.lose_none
            && let Some(wrong) = exposed(&after, self.learner)
            && self.some_move_exposes_nothing()
        {
            return Err(wrong);
        }
        self.game = after;
        self.moves += 1;
        let again = self.game.outcome().is_none() && self.game.side_to_move() == self.learner;
        if self.goal_met(again) {
            return Ok(self.done());
        }
        let replies = self.reply();
        if self.goal_met(false) {
            return Ok(self.done());
        }
        if let Some(failure) = self.failure() {
            self.finished = true;
            return Ok(Step::Failed(failure));
        }
        Ok(Step::Going { replies })
    }

    fn goal_met(&self, again: bool) -> bool {
        self.goal.met(&Progress {
            game: &self.game,
            learner: self.learner,
            moves: self.moves,
            opponent_start: self.opponent_start,
            lost: self.lost.is_some(),
            again,
        })
    }

    fn done(&mut self) -> Step {
        self.finished = true;
        Step::Done {
            stars: stars(self.moves, self.par),
            moves: self.moves,
        }
    }

    fn failure(&self) -> Option<Failure> {
        if let Some(outcome) = self.game.outcome() {
            return Some(Failure::GameOver(outcome));
        }
        if let Some(square) = &self.lost
            && (self.lose_none || self.goal.fails_on_loss())
        {
            return Some(Failure::PieceLost {
                square: square.clone(),
            });
        }
        let limit = 4 * self.par;
        (self.moves >= limit).then_some(Failure::TooManyMoves { limit })
    }

    /// The opponent moves until it is the learner's turn again or the game is over.
    fn reply(&mut self) -> Vec<String> {
        let mut played = Vec::new();
        while self.game.outcome().is_none() && self.game.side_to_move() != self.learner {
            let before = board::material(&self.game, self.learner);
            let squares = board::squares_of(&self.game, self.learner);
            let Some(mv) = self.choose() else { break };
            match self.game.play_text(&mv) {
                Ok(canonical) => played.push(canonical),
                Err(_) => break,
            }
            if board::material(&self.game, self.learner) < before && self.lost.is_none() {
                let now = board::squares_of(&self.game, self.learner);
                self.lost = Some(squares.into_iter().find(|s| !now.contains(s)));
            }
        }
        played
    }

    /// The opponent's next move: the script's when legal, else a capture, else the first legal
    /// move in text order.
    fn choose(&mut self) -> Option<String> {
        let legal = self.game.legal_moves_text();
        if let Some(scripted) = self.replies.get(self.next_reply) {
            self.next_reply += 1;
            let mut probe = self.game.clone();
            if probe.play_text(scripted).is_ok() {
                return Some(scripted.clone());
            }
            self.off_script += 1;
        }
        let mut sorted = legal;
        sorted.sort();
        let capture = sorted.iter().find(|m| {
            let mut probe = self.game.clone();
            probe.play_text(m).is_ok() && captures(&self.game, &probe)
        });
        capture.or(sorted.first()).cloned()
    }

    /// Whether the learner has a legal move that leaves nothing to capture.
    fn some_move_exposes_nothing(&self) -> bool {
        self.game.legal_moves_text().iter().any(|m| {
            let mut probe = self.game.clone();
            probe.play_text(m).is_ok() && exposed(&probe, self.learner).is_none()
        })
    }
}

/// Whether the move from `before` to `after` took material from the side that did not move.
fn captures(before: &AnyGame, after: &AnyGame) -> bool {
    let victim = before.side_to_move().opponent();
    board::material(after, victim) < board::material(before, victim)
}

/// What the opponent (to move in `game`) could capture of `learner`'s: the first such capture
/// in the text order of the opponent's moves, as the refusal that explains it.
fn exposed(game: &AnyGame, learner: Side) -> Option<Wrong> {
    if game.outcome().is_some() || game.side_to_move() == learner {
        return None;
    }
    let mut moves = game.legal_moves_text();
    moves.sort();
    match game {
        AnyGame::Kalah(k) => {
            let houses = k.houses(learner).to_vec();
            let store = k.store(learner);
            moves.into_iter().find_map(|m| {
                let mut probe = game.clone();
                probe.play_text(&m).ok()?;
                let AnyGame::Kalah(after) = &probe else {
                    return None;
                };
                // A house emptied while the learner's store stayed as it was: taken, not swept.
                if after.store(learner) != store {
                    return None;
                }
                let i = houses
                    .iter()
                    .zip(after.houses(learner))
                    .position(|(&b, &a)| b > 0 && a == 0)?;
                Some(Wrong::GivesSeeds {
                    house: i + 1,
                    seeds: u32::from(houses[i]),
                })
            })
        }
        _ => {
            let mine = board::squares_of(game, learner);
            moves.into_iter().find_map(|m| {
                let mut probe = game.clone();
                probe.play_text(&m).ok()?;
                let now = board::squares_of(&probe, learner);
                let piece = mine.iter().find(|s| !now.contains(s))?;
                let by = board::from_square(&m)?;
                Some(Wrong::Hangs {
                    piece: piece.clone(),
                    by: by.to_owned(),
                })
            })
        }
    }
}

/// Three stars within par, two within twice par, else one.
pub fn stars(moves: u32, par: u32) -> u8 {
    if moves <= par {
        3
    } else if moves <= 2 * par {
        2
    } else {
        1
    }
}
