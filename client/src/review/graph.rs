//! The advantage graph's arithmetic: the first player's winning chance at every position of
//! the game (before the first move, then after each), where each position sits across the
//! graph, which position a click picks, which moves are marked on it, the axes' ticks (moves
//! along, the first player's winning chance from 0 to 100% up), where the curve crosses the
//! even line (the area between them takes the colour of the side ahead), and how the legend's
//! entries flow into rows. Pixels in, pixels and positions out; the drawing is
//! `draw::screens::review`'s.

use chaupal_rules::review::{GameReview, MoveClass};

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

/// The winning chances the vertical axis is labelled at, with their labels.
pub const CHANCE_TICKS: [(f64, &str); 3] = [(100.0, "100%"), (50.0, "50%"), (0.0, "0%")];

/// The moves the horizontal axis is labelled at, for a game of `moves` moves with room for at
/// most `most` labels: move 1, then every 1, 2, 5, 10, 20, 50... moves (the first step that
/// keeps to `most`).
pub fn move_ticks(moves: usize, most: usize) -> Vec<usize> {
    if moves == 0 {
        return Vec::new();
    }
    let most = most.max(2);
    let step = [1usize, 2, 5]
        .into_iter()
        .cycle()
        .zip((0..).map(|e| 10usize.saturating_pow(e / 3)))
        .map(|(m, p)| m.saturating_mul(p))
        .find(|&step| moves / step < most)
        .unwrap_or(moves);
    let mut ticks = vec![1];
    ticks.extend(
        (1..)
            .map(|k| k * step)
            .take_while(|&t| t <= moves)
            .filter(|&t| t > 1),
    );
    ticks
}

/// Where, between two positions worth `a` and `b` to the first player, the curve crosses the
/// even line: the share of the way from the first to the second; none when it does not cross
/// (both on one side, or one of them on it).
pub fn crossing(a: f64, b: f64) -> Option<f32> {
    let (a, b) = (a - 50.0, b - 50.0);
    (a * b < 0.0).then(|| (a / (a - b)) as f32)
}

/// Lays legend entries `widths` wide in rows `room` wide with `gap` between them: each
/// entry's offset from the row's start and its row. An entry wider than the room has a row of
/// its own.
pub fn flow(widths: &[f32], room: f32, gap: f32) -> Vec<(f32, usize)> {
    let mut out = Vec::with_capacity(widths.len());
    let (mut x, mut row) = (0.0, 0);
    for &w in widths {
        if x > 0.0 && x + w > room {
            x = 0.0;
            row += 1;
        }
        out.push((x, row));
        x += w + gap;
    }
    out
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

    #[test]
    fn the_moves_axis_is_labelled_from_move_1_in_round_steps() {
        assert_eq!(move_ticks(30, 5), [1, 10, 20, 30]);
        assert_eq!(move_ticks(30, 8), [1, 5, 10, 15, 20, 25, 30]);
        assert_eq!(move_ticks(6, 8), [1, 2, 3, 4, 5, 6]);
        assert_eq!(move_ticks(9, 4), [1, 5]);
        assert_eq!(move_ticks(41, 6), [1, 10, 20, 30, 40]);
        assert_eq!(move_ticks(250, 6), [1, 50, 100, 150, 200, 250]);
        assert_eq!(move_ticks(1, 5), [1]);
        assert!(move_ticks(0, 5).is_empty(), "no moves, no ticks");
        // Never more labels than the room for them (move 1 counted).
        for moves in 1..400 {
            for most in 2..9 {
                let ticks = move_ticks(moves, most);
                assert!(ticks.len() <= most, "{moves} {most}: {ticks:?}");
                assert!(ticks.iter().all(|&t| (1..=moves).contains(&t)));
                assert!(ticks.windows(2).all(|w| w[0] < w[1]));
            }
        }
        // The vertical axis: the top, the even line and the bottom.
        let ys: Vec<f32> = CHANCE_TICKS
            .iter()
            .map(|(c, _)| y_of(*c, 0.0, 100.0))
            .collect();
        assert_eq!(ys, [0.0, 50.0, 100.0]);
        assert_eq!(CHANCE_TICKS[1].1, "50%");
    }

    #[test]
    fn the_curve_crosses_the_even_line_where_the_lead_changes_hands() {
        assert_eq!(crossing(60.0, 40.0), Some(0.5));
        assert_eq!(crossing(40.0, 70.0), Some(1.0 / 3.0));
        assert_eq!(crossing(60.0, 70.0), None, "the first stays ahead");
        assert_eq!(crossing(30.0, 20.0), None);
        assert_eq!(crossing(50.0, 20.0), None, "from the line itself");
    }

    #[test]
    fn legend_entries_flow_into_rows() {
        let laid = flow(&[50.0, 60.0, 40.0, 80.0], 130.0, 10.0);
        assert_eq!(laid, [(0.0, 0), (60.0, 0), (0.0, 1), (50.0, 1)]);
        // Too wide for any row: a row of its own, from its start.
        assert_eq!(flow(&[200.0, 20.0], 100.0, 10.0), [(0.0, 0), (0.0, 1)]);
        assert!(flow(&[], 100.0, 10.0).is_empty());
    }
}
