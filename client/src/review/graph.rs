//! The advantage graph's arithmetic: the first player's winning chance at every position of
//! the game (before the first move, then after each), where each position sits across the
//! graph, which position a click picks, and which moves are marked on it. Pixels in, pixels
//! and positions out; the drawing is `draw::screens::review`'s.

use chaupal_shared::review::{GameReview, MoveClass};

/// The first player's winning chance, in percent, at each position: `start_chance`, then
/// `first_chance` after each move (one more than the moves).
pub fn chances(review: &GameReview) -> Vec<f64> {
    std::iter::once(review.start_chance)
        .chain(review.plies.iter().map(|p| p.first_chance))
        .map(|c| c.clamp(0.0, 100.0))
        .collect()
}

/// Where the position after `ply` of `moves` moves sits across a graph from `x`, `w` wide.
pub fn x_of(ply: usize, moves: usize, x: f32, w: f32) -> f32 {
    if moves == 0 {
        x + w / 2.0
    } else {
        x + w * ply.min(moves) as f32 / moves as f32
    }
}

/// The position a click at `px` picks on a graph of `moves` moves from `x`, `w` wide: the
/// nearest one, the start left of the graph and the end right of it.
pub fn ply_at(px: f32, moves: usize, x: f32, w: f32) -> usize {
    if moves == 0 || w <= 0.0 || !px.is_finite() {
        return 0;
    }
    let f = ((px - x) / w).clamp(0.0, 1.0);
    ((f * moves as f32).round() as usize).min(moves)
}

/// How far down a graph from `y`, `h` tall, a winning chance sits: 100 at the top, 0 at the
/// bottom, 50 on the middle line.
pub fn y_of(chance: f64, y: f32, h: f32) -> f32 {
    y + h * (1.0 - (chance.clamp(0.0, 100.0) / 100.0) as f32)
}

/// The moves marked on the graph, the mistakes and the blunders: the position after each
/// (its number of moves played), and its class.
pub fn marked(review: &GameReview) -> Vec<(usize, MoveClass)> {
    review
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.class, MoveClass::Mistake | MoveClass::Blunder))
        .map(|(i, p)| (i + 1, p.class))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::notes::tests::sample;

    #[test]
    fn a_click_picks_the_nearest_position_and_is_clamped_at_the_ends() {
        // Ten moves across 200 pixels from x = 100: a position every 20 pixels.
        let (x, w) = (100.0, 200.0);
        assert_eq!(ply_at(100.0, 10, x, w), 0);
        assert_eq!(ply_at(109.0, 10, x, w), 0);
        assert_eq!(ply_at(111.0, 10, x, w), 1);
        assert_eq!(ply_at(160.0, 10, x, w), 3);
        assert_eq!(ply_at(300.0, 10, x, w), 10);
        // Beyond either end: the start, the end.
        assert_eq!(ply_at(20.0, 10, x, w), 0);
        assert_eq!(ply_at(999.0, 10, x, w), 10);
        // A game without moves, a graph without width, a click nowhere.
        assert_eq!(ply_at(150.0, 0, x, w), 0);
        assert_eq!(ply_at(150.0, 10, x, 0.0), 0);
        assert_eq!(ply_at(f32::NAN, 10, x, w), 0);
        // Each position's own x picks it back.
        for ply in 0..=10 {
            assert_eq!(ply_at(x_of(ply, 10, x, w), 10, x, w), ply);
        }
    }

    #[test]
    fn chances_run_from_the_start_and_sit_top_to_bottom() {
        let review = sample();
        let c = chances(&review);
        assert_eq!(c.len(), review.plies.len() + 1);
        assert_eq!(c[0], review.start_chance);
        assert_eq!(c[3], review.plies[2].first_chance);
        assert_eq!(y_of(100.0, 10.0, 80.0), 10.0);
        assert_eq!(y_of(50.0, 10.0, 80.0), 50.0);
        assert_eq!(y_of(0.0, 10.0, 80.0), 90.0);
        assert_eq!(y_of(140.0, 10.0, 80.0), 10.0, "clamped");
    }

    #[test]
    fn only_mistakes_and_blunders_are_marked_after_their_move() {
        let review = sample();
        assert_eq!(
            marked(&review),
            [(3, MoveClass::Blunder), (4, MoveClass::Mistake)]
        );
    }
}
