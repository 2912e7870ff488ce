//! Puzzles: positions where one move keeps the win (or saves the draw), and the line that
//! follows (docs/PROTOCOL.md, "Puzzles"). The requests are `crate::requests::puzzles`; the
//! ratings and attempts are kept in the records (`crate::store`), so any node of a cluster
//! serves any player.
//!
//! - [`set`]: the set, read at start (shipped in the binary, or `--puzzles DIR`), indexed.
//! - [`ranking`]: the puzzles' current ratings, as the choice of the next one reads them.
//! - [`select`]: choosing the next puzzle near a rating, and a streak's next.
//! - [`rating`]: Glicko-2 between a player and a puzzle.
//! - [`attempt`]: one attempt, and the judging of each move.
//! - [`session`]: what a connection holds: its puzzle, its streak.
//! - [`daily`]: the day's puzzle of each game.
//! - [`mistakes`]: puzzles from a player's own mistakes, from a game's review.
//! - `harness` (feature `test-support`): attempts fed arbitrary moves, for fuzzing.

pub mod attempt;
pub mod daily;
#[cfg(feature = "test-support")]
pub mod harness;
pub mod mistakes;
pub mod ranking;
pub mod rating;
pub mod select;
pub mod session;
pub mod set;

use std::sync::Arc;

use tokio_util::sync::CancellationToken;

use crate::store::Store;
use ranking::{REFRESH, Ranking};
use set::PuzzleSet;

/// The server's puzzles: the set and the ratings the choice reads (cheap to clone).
#[derive(Clone, Debug)]
pub struct Puzzles {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    set: PuzzleSet,
    ranking: Ranking,
}

impl Puzzles {
    pub fn new(set: PuzzleSet) -> Puzzles {
        let ranking = Ranking::new(&set);
        Puzzles {
            inner: Arc::new(Inner { set, ranking }),
        }
    }

    pub fn set(&self) -> &PuzzleSet {
        &self.inner.set
    }

    pub fn ranking(&self) -> &Ranking {
        &self.inner.ranking
    }

    /// Reads the puzzles' ratings from the records into the ranking.
    pub async fn refresh(&self, store: &Store) {
        match store.puzzle_ratings().await {
            Ok(stored) => self.ranking().refresh(self.set(), &stored),
            Err(e) => tracing::warn!("puzzles: reading their ratings failed: {e}"),
        }
    }

    /// Reads the puzzles' ratings again every [`REFRESH`], until `stop` (the other nodes of a
    /// cluster move them too).
    pub async fn keep_ranking(self, store: Store, stop: CancellationToken) {
        if self.set().is_empty() {
            return;
        }
        loop {
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(REFRESH) => {}
            }
            tokio::select! {
                () = stop.cancelled() => return,
                () = self.refresh(&store) => {}
            }
        }
    }
}

/// Puzzles for tests: real positions, with lines played by the rules.
#[cfg(test)]
#[allow(clippy::unwrap_used)] // test helpers: a failure should fail loudly
pub(crate) mod testing {
    use chaupal_rules::review::{GameReview, MoveClass, PositionValue, assemble};
    use chaupal_rules::score::Score;
    use chaupal_rules::{AnyGame, GameKind, Side};
    use chaupal_shared::protocol::GameId;
    use chaupal_shared::puzzle_set::{Goal, Proof, PuzzleEntry};

    use super::set::PuzzleSet;

    /// Kalah with four houses of three seeds.
    fn small_kalah() -> AnyGame {
        AnyGame::start(GameKind::Kalah, small_kalah_rules()).unwrap()
    }

    /// An entry at `game`'s position with the line `solution`.
    pub fn entry_at(game: &AnyGame, id: &str, solution: &[&str]) -> PuzzleEntry {
        PuzzleEntry {
            id: id.to_owned(),
            game: game.kind(),
            rules: game.rule_pairs().into_iter().collect(),
            position: game.position_text(),
            goal: Goal::Win,
            solution: solution.iter().map(|s| (*s).to_owned()).collect(),
            themes: Vec::new(),
            proof: Proof::Exact,
            rating: 1500.0,
        }
    }

    /// A Kalah puzzle `id` rated `rating` with `themes`: south plays 2 (into the store) and
    /// then 4.
    pub fn entry(id: &str, rating: f64, themes: &[&str]) -> PuzzleEntry {
        PuzzleEntry {
            rating,
            themes: themes.iter().map(|t| (*t).to_owned()).collect(),
            ..entry_at(&small_kalah(), id, &["2", "4"])
        }
    }

    /// The movers of a line from `game`.
    fn movers(game: &AnyGame, line: &[&str]) -> Vec<Side> {
        let mut g = game.clone();
        line.iter()
            .map(|m| {
                let side = g.side_to_move();
                g.play_text(m).unwrap();
                side
            })
            .collect()
    }

    /// A Kalah line where south moves twice running, then north replies, then south ends it.
    pub fn kalah_line() -> (PuzzleEntry, Vec<Side>) {
        let line = ["2", "1", "1", "4"];
        let game = small_kalah();
        (entry_at(&game, "k-line", &line), movers(&game, &line))
    }

    /// A Kalah line where north replies twice running.
    pub fn kalah_replies() -> (PuzzleEntry, Vec<Side>) {
        let line = ["2", "1", "2", "1", "4"];
        let game = small_kalah();
        (entry_at(&game, "k-replies", &line), movers(&game, &line))
    }

    /// A set of Kalah puzzles (id, rating, themes).
    pub fn set_of(puzzles: &[(&str, f64, &[&str])]) -> PuzzleSet {
        let text: Vec<String> = puzzles
            .iter()
            .map(|(id, r, t)| entry(id, *r, t).to_line())
            .collect();
        let text = text.join("\n");
        PuzzleSet::from_texts([("test.jsonl".to_owned(), text.as_str())]).unwrap()
    }

    /// Kalah with four houses of three seeds, as played by a game's rules.
    pub fn small_kalah_rules() -> [(&'static str, &'static str); 2] {
        [("pits", "4"), ("seeds", "3")]
    }

    /// A small Kalah game `game` of four moves and its review, where the third move (ply 3)
    /// throws a win away: its start, its moves, the review.
    pub fn reviewed_kalah(id: GameId) -> (AnyGame, Vec<String>, GameReview) {
        let start = small_kalah();
        let mut game = start.clone();
        let mut moves = Vec::new();
        let mut movers = Vec::new();
        let mut legal_before_third = Vec::new();
        for _ in 0..4 {
            let legal = game.legal_moves_text();
            if moves.len() == 2 {
                legal_before_third = legal.clone();
            }
            movers.push(game.side_to_move());
            let mv = legal[0].clone();
            game.play_text(&mv).unwrap();
            moves.push(mv);
        }
        movers.push(game.side_to_move());
        // The third move's mover stood to win, and after it stands to lose; the best was
        // another move.
        let best = legal_before_third
            .iter()
            .find(|m| **m != moves[2])
            .unwrap()
            .clone();
        let values: Vec<PositionValue> = movers
            .iter()
            .enumerate()
            .map(|(i, &to_move)| {
                let (value, best) = match i {
                    2 => (Score::Win(9), Some(best.clone())),
                    3 if to_move == movers[2] => (Score::Loss(8), None),
                    3 => (Score::Win(8), None),
                    _ => (Score::Cp(0), None),
                };
                PositionValue {
                    to_move,
                    value,
                    best,
                    line: vec![],
                    best_after: None,
                }
            })
            .collect();
        let review = assemble(id, GameKind::Kalah, 100, &moves, &values);
        assert_eq!(review.plies[2].class, MoveClass::Blunder);
        (start, moves, review)
    }
}
