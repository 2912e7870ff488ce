//! A game's review: the engine's verdict on every move, as the server stores and sends it and
//! as the client and the `chaupal review` tool show it. This module holds the types and the
//! arithmetic on them (winning chances, classes, accuracy); the engine finds the values
//! (`chaupal_engine::review`).
//!
//! Every value is from the point of view of the side that moved. A move's **loss** is the
//! winning chance it gave away against the best move, in percentage points: the chance of the
//! position before the move (the best move's value) less the chance after it, never below
//! zero. The winning chance of a heuristic score follows a logistic curve whose scale each game
//! measured from the AI's own games (the table between the `review:scale` lines, written by
//! `chaupal winchance --write`); a proven result is certain: a win 100, a draw 50, a loss 0.
//!
//! The classes and the accuracy follow lichess's: an inaccuracy gives away at least 5 points,
//! a mistake 10, a blunder 15; a move's accuracy is `103.17 e^(-0.04354 loss) - 2.17` (0 to
//! 100), and a player's accuracy the mean of the volatility-weighted mean and the harmonic
//! mean of their moves' accuracies.

use serde::{Deserialize, Serialize};

use crate::game::{GameKind, Side};
use crate::record::GameId;
use crate::score::Score;

// review:scale:begin
/// Each game's winning-chance scale: the evaluation (in its hundredths) at which the side to
/// move wins 1/(1+e^-1) = 73% of its games, counting draws half, fitted to the positions and
/// results of games between the AI's levels (docs/AI.md, "Winning chances").
const WIN_SCALE: [(GameKind, f64); 4] = [
    (GameKind::BaghChal, 7478.0),
    (GameKind::Kalah, 745.0),
    (GameKind::Jungle, 383.0),
    (GameKind::SholoGuti, 599.0),
];
// review:scale:end

/// The loss, in points of winning chance, from which a move is an inaccuracy.
pub const INACCURACY: f64 = 5.0;
/// The loss from which a move is a mistake.
pub const MISTAKE: f64 = 10.0;
/// The loss from which a move is a blunder.
pub const BLUNDER: f64 = 15.0;

/// What a move was worth against the best one.
///
/// ```
/// use chaupal_rules::review::MoveClass;
///
/// // A move's loss is the winning chance it gave away against the best move, in points.
/// assert_eq!(MoveClass::of(0.0, true), MoveClass::Best);
/// assert_eq!(MoveClass::of(3.0, false), MoveClass::Good);
/// assert_eq!(MoveClass::of(7.5, false), MoveClass::Inaccuracy);
/// assert_eq!(MoveClass::of(20.0, false), MoveClass::Blunder);
/// assert_eq!(MoveClass::Mistake.name(), "mistake");
/// assert!(MoveClass::Good < MoveClass::Blunder);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveClass {
    /// The engine's best move, or one of exactly the same value.
    Best,
    /// Less than [`INACCURACY`] given away.
    Good,
    /// At least [`INACCURACY`].
    Inaccuracy,
    /// At least [`MISTAKE`].
    Mistake,
    /// At least [`BLUNDER`].
    Blunder,
}

impl MoveClass {
    /// Every class, best first.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The class's name as the tools print it: `best`, `good`, `inaccuracy`, `mistake`,
    /// `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The class of a move that gave away `loss` points; `same_as_best` when it was the best
    /// move or had exactly its value.
    pub fn of(loss: f64, same_as_best: bool) -> MoveClass {
        if same_as_best {
            MoveClass::Best
        } else if loss >= BLUNDER {
            MoveClass::Blunder
        } else if loss >= MISTAKE {
            MoveClass::Mistake
        } else if loss >= INACCURACY {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Good
        }
    }
}

/// The verdict on one move.
///
/// ```
/// use chaupal_rules::game::{GameKind, Side};
/// use chaupal_rules::record::GameId;
/// use chaupal_rules::review::{MoveClass, PositionValue, assemble};
/// use chaupal_rules::score::Score;
///
/// let value = |to_move, value| {
///     PositionValue { to_move, value, best: None, line: vec![], best_after: None }
/// };
/// // The goats stood even, played a2, and left the tigers a forced win.
/// let positions = [value(Side::First, Score::Cp(0)), value(Side::Second, Score::Win(3))];
/// let review = assemble(GameId(1), GameKind::BaghChal, 100, &["a2".to_owned()], &positions);
/// let ply = &review.plies[0];
/// assert_eq!((ply.ply, ply.side, ply.played.as_str()), (1, Side::First, "a2"));
/// assert_eq!((ply.before, ply.after), (Score::Cp(0), Score::Loss(3))); // the goats' view
/// assert_eq!((ply.loss, ply.class), (50.0, MoveClass::Blunder)); // from 50% to 0%
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyReview {
    /// The move's number in the game, from 1.
    pub ply: u32,
    /// Who played it.
    pub side: Side,
    /// The move, in the game's notation.
    pub played: String,
    /// The value of the position before the move (the best move's), for the side that moved.
    pub before: Score,
    /// The value after the move, for the side that moved.
    pub after: Score,
    /// The best move (none when only one move was legal).
    pub best: Option<String>,
    /// The line the best move starts.
    pub line: Vec<String>,
    /// The winning chance given away against the best move, in percentage points (0 to 100).
    #[serde(deserialize_with = "points")]
    pub loss: f64,
    pub class: MoveClass,
    /// The first player's winning chance after the move, in percent (the advantage graph).
    #[serde(deserialize_with = "points")]
    pub first_chance: f64,
}

/// A whole game's review.
///
/// ```
/// use chaupal_rules::game::{GameKind, Side};
/// use chaupal_rules::record::GameId;
/// use chaupal_rules::review::{GameReview, MoveClass, PositionValue, assemble};
/// use chaupal_rules::score::Score;
///
/// let value = |to_move, value| {
///     PositionValue { to_move, value, best: None, line: vec![], best_after: None }
/// };
/// // Kalah: south's one move turns an even game into a forced win for north.
/// let positions = [value(Side::First, Score::Cp(0)), value(Side::Second, Score::Win(5))];
/// let moves = ["6".to_owned()];
/// let review: GameReview = assemble(GameId(7), GameKind::Kalah, 100, &moves, &positions);
/// assert_eq!(review.start_chance, 50.0);
/// assert_eq!(review.moves_of(Side::First, MoveClass::Blunder).count(), 1);
/// // South's accuracy is low; north made no move, so it has none.
/// assert_eq!(review.accuracy, [Some(9.5), None]);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReview {
    pub game: GameId,
    pub kind: GameKind,
    /// What each position was searched for: the nodes an idle core searches in this many
    /// milliseconds.
    pub budget_ms: u64,
    /// The first player's winning chance at the start, in percent.
    #[serde(deserialize_with = "points")]
    pub start_chance: f64,
    pub plies: Vec<PlyReview>,
    /// Each player's accuracy, 0 to 100 (first player, second player); none for a player who
    /// made no move.
    #[serde(deserialize_with = "accuracies")]
    pub accuracy: [Option<f64>; 2],
}

impl GameReview {
    /// The moves of `side` in one class.
    pub fn moves_of(&self, side: Side, class: MoveClass) -> impl Iterator<Item = &PlyReview> {
        self.plies
            .iter()
            .filter(move |p| p.side == side && p.class == class)
    }
}

/// What the engine found in one position of a game: its value for the side to move, and the
/// best move with its line (none where the game is over).
///
/// ```
/// use chaupal_rules::game::{GameKind, Side};
/// use chaupal_rules::record::GameId;
/// use chaupal_rules::review::{MoveClass, PositionValue, assemble};
/// use chaupal_rules::score::Score;
///
/// // Sholo Guti: the engine likes c4-c5 (+30), and after it north stands at -30.
/// let before = PositionValue {
///     to_move: Side::First, value: Score::Cp(30), best: Some("c4-c5".into()),
///     line: vec!["c4-c5".into(), "d6-d5".into()], best_after: None,
/// };
/// let after = PositionValue {
///     to_move: Side::Second, value: Score::Cp(-30), best: None, line: vec![], best_after: None,
/// };
/// let moves = ["c4-c5".to_owned()];
/// let review = assemble(GameId(3), GameKind::SholoGuti, 100, &moves, &[before, after]);
/// assert_eq!(review.plies[0].class, MoveClass::Best);
/// assert_eq!(review.plies[0].line, ["c4-c5", "d6-d5"]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PositionValue {
    pub to_move: Side,
    pub value: Score,
    pub best: Option<String>,
    pub line: Vec<String>,
    /// The value the best move leaves, for the side to move here, from a search of the
    /// position after it: set where another move was played and `value` is an estimate. An
    /// estimate of this position and one of the next are not like for like (an evaluation that
    /// favours the side to move shows that side ahead in both); the positions after the best
    /// move and after the played one are.
    pub best_after: Option<Score>,
}

/// The winning chance given away by a move from a position worth `before` that left `after`.
/// Where the position's value is proven but the move's is only an estimate, the search did not
/// see whether the move kept the result: only the part of the estimate that falls below even
/// (or below the proven draw) counts, so a winning move whose line was not seen through is not
/// called a blunder.
fn loss_of(kind: GameKind, before: Score, after: Score) -> f64 {
    let (b, a) = (win_chance(kind, before), win_chance(kind, after));
    let proven = |s: Score| !matches!(s, Score::Cp(_));
    let reference = if proven(before) && !proven(after) {
        b.min(50.0)
    } else {
        b
    };
    (reference - a).max(0.0)
}

/// The same value seen by the other side.
pub fn for_opponent(score: Score) -> Score {
    match score {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Win(n) => Score::Loss(n),
        Score::Loss(n) => Score::Win(n),
        Score::Draw => Score::Draw,
        Score::Margin(m) => Score::Margin(-m),
    }
}

/// The review of `moves` from the engine's values of the positions they pass through:
/// `positions[0]` before the first move, `positions[i]` after move `i` (one more than the
/// moves; extra entries on either side are ignored).
pub fn assemble(
    game: GameId,
    kind: GameKind,
    budget_ms: u64,
    moves: &[String],
    positions: &[PositionValue],
) -> GameReview {
    let first_chance = |p: &PositionValue| {
        let chance = win_chance(kind, p.value);
        if p.to_move == Side::First {
            chance
        } else {
            100.0 - chance
        }
    };
    let mut plies = Vec::with_capacity(moves.len());
    for (i, (played, pair)) in moves.iter().zip(positions.windows(2)).enumerate() {
        let (here, next) = (&pair[0], &pair[1]);
        let side = here.to_move;
        let after = if next.to_move == side {
            next.value
        } else {
            for_opponent(next.value)
        };
        let before = here.best_after.unwrap_or(here.value);
        let same_as_best = here.best.as_deref() == Some(played.as_str()) || after == before;
        let loss = if same_as_best {
            0.0
        } else {
            round1(loss_of(kind, before, after))
        };
        plies.push(PlyReview {
            ply: i as u32 + 1,
            side,
            played: played.clone(),
            before,
            after,
            best: here.best.clone(),
            line: here.line.clone(),
            loss,
            class: MoveClass::of(loss, same_as_best),
            first_chance: round1(first_chance(next)),
        });
    }
    let mut chances = vec![positions.first().map_or(50.0, first_chance)];
    chances.extend(plies.iter().map(|p| p.first_chance));
    let sides: Vec<(Side, f64)> = plies.iter().map(|p| (p.side, p.loss)).collect();
    GameReview {
        game,
        kind,
        budget_ms,
        start_chance: round1(chances[0]),
        accuracy: accuracy(&sides, &chances),
        plies,
    }
}

/// Reads a percentage: finite, 0 to 100.
fn points<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    let value = f64::deserialize(deserializer)?;
    if value.is_finite() && (0.0..=100.0).contains(&value) {
        Ok(value)
    } else {
        Err(serde::de::Error::custom(
            "a percentage must be from 0 to 100",
        ))
    }
}

/// The players' accuracies as they read: each, when there, a percentage (finite, 0 to 100), so
/// that a review that reads is equal to itself and writes as JSON (NaN is neither).
fn accuracies<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<[Option<f64>; 2], D::Error> {
    let values = <[Option<f64>; 2]>::deserialize(deserializer)?;
    if values
        .iter()
        .flatten()
        .all(|v| v.is_finite() && (0.0..=100.0).contains(v))
    {
        Ok(values)
    } else {
        Err(serde::de::Error::custom(
            "an accuracy must be from 0 to 100",
        ))
    }
}

/// A game's winning-chance scale (see the module's comment).
pub fn win_scale(kind: GameKind) -> f64 {
    WIN_SCALE
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(400.0, |(_, s)| *s)
}

/// The winning chance, in percent, of the side `score` is for (a draw counts half).
pub fn win_chance(kind: GameKind, score: Score) -> f64 {
    match score {
        Score::Win(_) => 100.0,
        Score::Loss(_) => 0.0,
        Score::Draw => 50.0,
        Score::Margin(m) => 50.0 + 50.0 * f64::from(m.signum()),
        Score::Cp(cp) => 100.0 / (1.0 + (-f64::from(cp) / win_scale(kind)).exp()),
    }
}

/// `x` rounded to one decimal, so that a review reads back exactly as it was written.
pub fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// A move's accuracy (0 to 100) from the winning chance it gave away, in points: lichess's
/// curve, with its one point for the uncertainty of the values.
pub fn move_accuracy(loss: f64) -> f64 {
    let raw =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * loss).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Each player's accuracy over a game: `plies` gives, for each move in order, its side and its
/// loss; `first_chances` the first player's winning chance before the first move and after
/// each move (one more than the moves). Lichess's: the mean of the volatility-weighted mean
/// (each move weighted by the spread of the winning chances around it) and the harmonic mean.
pub fn accuracy(plies: &[(Side, f64)], first_chances: &[f64]) -> [Option<f64>; 2] {
    let window = (plies.len() / 10).clamp(2, 8);
    let weight = |i: usize| {
        let start = (i + 1).saturating_sub(window);
        let end = (start + window).min(first_chances.len());
        let part = &first_chances[start.min(end)..end];
        if part.is_empty() {
            return 0.5;
        }
        let mean = part.iter().sum::<f64>() / part.len() as f64;
        let var = part.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / part.len() as f64;
        var.sqrt().clamp(0.5, 12.0)
    };
    Side::BOTH.map(|side| {
        let mine: Vec<(f64, f64)> = plies
            .iter()
            .enumerate()
            .filter(|(_, (s, _))| *s == side)
            .map(|(i, (_, loss))| (move_accuracy(*loss), weight(i)))
            .collect();
        if mine.is_empty() {
            return None;
        }
        let weights: f64 = mine.iter().map(|(_, w)| w).sum();
        let weighted = mine.iter().map(|(a, w)| a * w).sum::<f64>() / weights;
        let harmonic = mine.len() as f64 / mine.iter().map(|(a, _)| 1.0 / a.max(0.01)).sum::<f64>();
        Some(round1((weighted + harmonic) / 2.0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classes_sit_at_lichess_thresholds() {
        assert_eq!(MoveClass::of(0.0, true), MoveClass::Best);
        assert_eq!(MoveClass::of(30.0, true), MoveClass::Best);
        assert_eq!(MoveClass::of(0.0, false), MoveClass::Good);
        assert_eq!(MoveClass::of(4.9, false), MoveClass::Good);
        assert_eq!(MoveClass::of(5.0, false), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::of(9.9, false), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::of(10.0, false), MoveClass::Mistake);
        assert_eq!(MoveClass::of(15.0, false), MoveClass::Blunder);
        assert_eq!(MoveClass::of(100.0, false), MoveClass::Blunder);
    }

    #[test]
    fn proven_results_are_certain_and_scores_follow_the_games_scale() {
        let kind = GameKind::Kalah;
        assert_eq!(win_chance(kind, Score::Win(23)), 100.0);
        assert_eq!(win_chance(kind, Score::Loss(1)), 0.0);
        assert_eq!(win_chance(kind, Score::Draw), 50.0);
        assert_eq!(win_chance(kind, Score::Margin(0)), 50.0);
        assert_eq!(win_chance(kind, Score::Margin(-3)), 0.0);
        assert_eq!(win_chance(kind, Score::Cp(0)), 50.0);
        let s = win_scale(kind) as i32;
        let at_scale = win_chance(kind, Score::Cp(s));
        assert!((at_scale - 73.1).abs() < 0.1, "{at_scale}");
        assert!((win_chance(kind, Score::Cp(-s)) - (100.0 - at_scale)).abs() < 1e-9);
    }

    #[test]
    fn a_move_that_loses_nothing_is_perfectly_accurate_and_a_blunder_far_less() {
        assert_eq!(move_accuracy(0.0), 100.0);
        assert!(move_accuracy(15.0) < 55.0);
        assert_eq!(move_accuracy(100.0), 0.0);
        // Two players: the first never errs, the second throws the game away once.
        let plies = [
            (Side::First, 0.0),
            (Side::Second, 0.0),
            (Side::First, 0.0),
            (Side::Second, 40.0),
            (Side::First, 0.0),
        ];
        let chances = [50.0, 50.0, 50.0, 50.0, 90.0, 90.0];
        let [first, second] = accuracy(&plies, &chances);
        assert_eq!(first, Some(100.0));
        let second = second.unwrap_or(100.0);
        assert!(second < 50.0, "{second}");
        assert_eq!(accuracy(&[(Side::First, 0.0)], &[50.0, 50.0])[1], None);
    }

    fn at(to_move: Side, value: Score, best: &str) -> PositionValue {
        PositionValue {
            to_move,
            value,
            best: Some(best.to_owned()),
            line: vec![best.to_owned()],
            best_after: None,
        }
    }

    #[test]
    fn a_move_is_judged_by_the_value_it_leaves_against_the_best() {
        use Side::{First, Second};
        let moves: Vec<String> = ["a", "b", "c", "d"].map(str::to_owned).into();
        let positions = [
            // The first player plays the best move.
            at(First, Score::Cp(40), "a"),
            // The second player, at -40, leaves the first a forced win: a blunder.
            at(Second, Score::Cp(-40), "x"),
            // The first player throws the win away for a draw: a blunder.
            at(First, Score::Win(9), "y"),
            // The second player keeps the draw with a move of the same value: best.
            at(Second, Score::Draw, "z"),
            at(First, Score::Draw, "w"),
        ];
        let review = assemble(GameId(1), GameKind::Kalah, 100, &moves, &positions);
        let classes: Vec<MoveClass> = review.plies.iter().map(|p| p.class).collect();
        assert_eq!(
            classes,
            [
                MoveClass::Best,
                MoveClass::Blunder,
                MoveClass::Blunder,
                MoveClass::Best
            ]
        );
        // Ply 2: the second player stood at -40 and left the first a forced win.
        assert_eq!(review.plies[1].after, Score::Loss(9));
        assert_eq!(
            review.plies[1].loss,
            round1(win_chance(GameKind::Kalah, Score::Cp(-40)))
        );
        // Ply 3: a win given away for a draw is exactly 50 points.
        assert_eq!(review.plies[2].loss, 50.0);
        assert_eq!(review.plies[2].after, Score::Draw);
        assert_eq!(review.plies[3].loss, 0.0);
        assert_eq!(review.plies[2].first_chance, 50.0);
        assert_eq!(review.moves_of(First, MoveClass::Blunder).count(), 1);
        let [first, second] = review.accuracy;
        assert!(first.is_some() && second.is_some());
    }

    #[test]
    fn an_estimate_is_judged_against_the_position_after_the_best_move() {
        // The side to move always looks 180 ahead: next to the position's own value, any other
        // move would look like a loss of 2 x 180; next to the value the best move leaves, it
        // loses what it loses.
        let moves: Vec<String> = ["b", "x"].map(str::to_owned).into();
        let positions = [
            PositionValue {
                best_after: Some(Score::Cp(-170)),
                ..at(Side::First, Score::Cp(180), "a")
            },
            at(Side::Second, Score::Cp(180), "y"),
            at(Side::First, Score::Cp(185), "z"),
        ];
        let review = assemble(GameId(1), GameKind::SholoGuti, 100, &moves, &positions);
        let ply = &review.plies[0];
        assert_eq!((ply.before, ply.after), (Score::Cp(-170), Score::Cp(-180)));
        assert!(ply.loss < 1.0, "{}", ply.loss);
        assert_eq!(ply.class, MoveClass::Good);
    }

    #[test]
    fn a_proven_win_against_an_estimate_counts_only_what_falls_below_even() {
        let kind = GameKind::Kalah;
        // Proven win, the move's line not seen through but still ahead: nothing given away.
        assert_eq!(loss_of(kind, Score::Win(7), Score::Cp(400)), 0.0);
        assert_eq!(loss_of(kind, Score::Margin(6), Score::Cp(900)), 0.0);
        // Behind by the estimate: what falls below even.
        let behind = win_chance(kind, Score::Cp(-400));
        assert_eq!(loss_of(kind, Score::Win(7), Score::Cp(-400)), 50.0 - behind);
        assert_eq!(loss_of(kind, Score::Draw, Score::Cp(-400)), 50.0 - behind);
        // A proven result after the move counts in full; so do two estimates.
        assert_eq!(
            loss_of(kind, Score::Cp(300), Score::Loss(4)),
            win_chance(kind, Score::Cp(300))
        );
        assert_eq!(loss_of(kind, Score::Win(3), Score::Draw), 50.0);
        let drop = win_chance(kind, Score::Cp(300)) - win_chance(kind, Score::Cp(-100));
        assert_eq!(loss_of(kind, Score::Cp(300), Score::Cp(-100)), drop);
    }

    #[test]
    fn an_extra_turn_keeps_the_value_on_the_movers_side() {
        // Kalah: the first player moves twice in a row.
        let moves: Vec<String> = ["3", "5"].map(str::to_owned).into();
        let positions = [
            at(Side::First, Score::Margin(4), "3"),
            at(Side::First, Score::Margin(4), "6"),
            at(Side::Second, Score::Margin(-2), "1"),
        ];
        let review = assemble(GameId(1), GameKind::Kalah, 100, &moves, &positions);
        assert_eq!(review.plies[0].after, Score::Margin(4));
        assert_eq!(review.plies[0].class, MoveClass::Best);
        // Still winning, by less: no winning chance lost, but not the best move.
        assert_eq!(review.plies[1].after, Score::Margin(2));
        assert_eq!(review.plies[1].loss, 0.0);
        assert_eq!(review.plies[1].class, MoveClass::Good);
        assert_eq!(review.accuracy[1], None);
    }

    #[test]
    fn a_review_reads_back_exactly_and_a_percentage_outside_0_to_100_is_refused() {
        let ply = PlyReview {
            ply: 1,
            side: Side::First,
            played: "c3".to_owned(),
            before: Score::Cp(12),
            after: Score::Draw,
            best: Some("a1".to_owned()),
            line: vec!["a1".to_owned(), "a2-a1".to_owned()],
            loss: 12.3,
            class: MoveClass::Mistake,
            first_chance: 50.0,
        };
        let json = serde_json::to_string(&ply).unwrap_or_default();
        let back: PlyReview = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, ply);
        let bad = json.replace("12.3", "112.3");
        assert!(serde_json::from_str::<PlyReview>(&bad).is_err());
    }

    #[test]
    fn an_accuracy_outside_0_to_100_does_not_read() {
        let review = GameReview {
            game: GameId(1),
            kind: GameKind::Kalah,
            budget_ms: 100,
            start_chance: 50.0,
            plies: Vec::new(),
            accuracy: [Some(87.5), None],
        };
        let json = serde_json::to_string(&review).unwrap_or_default();
        let back: GameReview = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, review);
        for bad in ["100.5", "-1.0", "1e400"] {
            let bad = json.replace("87.5", bad);
            assert!(
                serde_json::from_str::<GameReview>(&bad).is_err(),
                "{bad} read"
            );
        }
    }
}
