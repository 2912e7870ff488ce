//! Puzzle ratings: Glicko-2, as the games' ratings (`crate::ratings`, skillratings with its
//! default settings), in a pool of their own.
//!
//! A player's first attempt at a puzzle, in rated mode, is one game between the player and
//! the puzzle, its own rating period: solved without a mistake, the player wins; a wrong
//! move, giving up, or leaving it after a right move, the puzzle wins. Both ratings move.
//!
//! A player starts as a new player does in the games: 1500, deviation 350, volatility 0.06. A
//! puzzle starts at the rating its set gives it, with the same deviation 350 and volatility
//! 0.06: the set's rating is an estimate of the generator's, as uncertain as a newcomer's, so
//! its first plays move it most (lichess starts its puzzles at deviation 500; Glicko-2's own
//! newcomer value keeps a puzzle's first plays from swinging a player's rating as much).
//! Nothing bounds the deviations beyond what Glicko-2 itself does.

use chaupal_shared::protocol::puzzles::PuzzleRating;

use crate::ratings::{Rating, rate};

/// The rating a puzzle starts with: its set's, with a newcomer's deviation and volatility.
pub fn puzzle_start(set_rating: f64) -> Rating {
    Rating {
        rating: set_rating,
        ..Rating::default()
    }
}

/// The player's and the puzzle's ratings after a rated attempt.
pub fn after_attempt(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    rate(player, puzzle, Some(solved))
}

/// A player's puzzle rating as the protocol shows it.
pub fn shown(rating: Rating) -> PuzzleRating {
    PuzzleRating {
        rating: rating.rating,
        deviation: rating.deviation,
        attempts: rating.games,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::Outcomes;
    use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

    #[test]
    fn an_attempt_is_a_glicko2_game_between_the_player_and_the_puzzle() {
        let player = Rating::default();
        let puzzle = puzzle_start(1700.0);
        for (solved, outcome) in [(true, Outcomes::WIN), (false, Outcomes::LOSS)] {
            let (p, z) = after_attempt(player, puzzle, solved);
            let (ep, ez) = glicko2(
                &Glicko2Rating::new(),
                &Glicko2Rating {
                    rating: 1700.0,
                    deviation: 350.0,
                    volatility: 0.06,
                },
                &outcome,
                &Glicko2Config::new(),
            );
            assert_eq!(
                (p.rating, p.deviation, p.volatility),
                (ep.rating, ep.deviation, ep.volatility)
            );
            assert_eq!(
                (z.rating, z.deviation, z.volatility),
                (ez.rating, ez.deviation, ez.volatility)
            );
            assert_eq!((p.games, z.games), (1, 1));
            assert_eq!(p.rating > 1500.0, solved);
            assert_eq!(z.rating < 1700.0, solved);
        }
        assert_eq!(shown(player).attempts, 0);
    }
}
