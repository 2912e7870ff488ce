//! The review in words, in the game's own terms: each player's slips ("7. d3-d4: gave away
//! 24%; g4-g5 was better") with the best move instead, each player's accuracy, the verdict on
//! a move and what it was worth. A value is said as the mover's winning chance in percent
//! ("61%") when it is an estimate, as the result when it is proven ("wins in 12 moves",
//! "draw", "loses in 7 moves"), and as Kalah's exact margin in seeds ("wins by 8 seeds",
//! "level", "loses by 3 seeds").
//!
//! A proven result's count is in moves as the replay numbers them: every move of either side
//! (the engine's plies), so "wins in 12 moves" from the position after move 20 ends at move 32.
//! The verdict counts from the position shown, before the move it judges ([`from_before`]).

use chaupal_rules::review::{GameReview, MoveClass, PlyReview, win_chance};
use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::Score;

use crate::say;
use crate::terms;
use crate::words::Phrase;

/// A proven value's result for the side it is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// The result as a noun with its article: "a win".
    fn noun(self) -> Phrase {
        match self {
            Outcome::Win => say!("review-a-win"),
            Outcome::Draw => say!("review-a-draw"),
            Outcome::Loss => say!("review-a-loss"),
        }
    }
}

/// The result a value proves (none for an estimate). A Kalah margin proves a win above zero,
/// a draw at zero and a loss below.
pub fn outcome(score: Score) -> Option<Outcome> {
    match score {
        Score::Cp(_) => None,
        Score::Win(_) => Some(Outcome::Win),
        Score::Loss(_) => Some(Outcome::Loss),
        Score::Draw => Some(Outcome::Draw),
        Score::Margin(m) if m > 0 => Some(Outcome::Win),
        Score::Margin(0) => Some(Outcome::Draw),
        Score::Margin(_) => Some(Outcome::Loss),
    }
}

/// A winning chance in whole percent; an estimate is never certain, so it reads from 1% to
/// 99% (a proven result is said in words, never as 0% or 100%).
pub fn percent(chance: f64) -> String {
    let whole = if chance.is_finite() {
        chance.round().clamp(1.0, 99.0)
    } else {
        50.0
    };
    format!("{whole:.0}%")
}

/// A value for the side it is for, as a verb phrase: "61%", "wins in 12 moves", "loses in 7
/// moves", "draw", "wins by 8 seeds", "level", "loses by 3 seeds"; a result already on the
/// board is "has won" or "has lost".
pub fn value_text(kind: GameKind, score: Score) -> Phrase {
    match score {
        Score::Cp(_) => Phrase::verbatim(percent(win_chance(kind, score))),
        Score::Win(0) => say!("value-has-won"),
        Score::Loss(0) => say!("value-has-lost"),
        Score::Win(n) => say!("value-wins-in", count = n),
        Score::Loss(n) => say!("value-loses-in", count = n),
        Score::Draw => say!("value-draw"),
        Score::Margin(0) => say!("value-level"),
        Score::Margin(m) if m > 0 => say!("value-wins-by", count = m),
        Score::Margin(m) => say!("value-loses-by", count = -i64::from(m)),
    }
}

/// A value as a noun, to compare two: "61%", "a win in 9 moves", "a draw", "a loss by 3
/// seeds", "level".
pub fn value_noun(kind: GameKind, score: Score) -> Phrase {
    match score {
        Score::Cp(_) => Phrase::verbatim(percent(win_chance(kind, score))),
        Score::Win(0) => say!("noun-the-win"),
        Score::Loss(0) => say!("noun-the-loss"),
        Score::Win(n) => say!("noun-win-in", count = n),
        Score::Loss(n) => say!("noun-loss-in", count = n),
        Score::Draw => say!("review-a-draw"),
        Score::Margin(0) => say!("value-level"),
        Score::Margin(m) if m > 0 => say!("noun-win-by", count = m),
        Score::Margin(m) => say!("noun-loss-by", count = -i64::from(m)),
    }
}

/// Whether a side's name is many pieces (the verb agrees: "Goats win", "South wins").
fn many(kind: GameKind) -> &'static str {
    if kind == GameKind::BaghChal {
        "yes"
    } else {
        "no"
    }
}

/// Where `side` stands with `score`, as a sentence: "South's winning chance: 61%.", "South
/// wins in 9 moves.", "North wins by 8 seeds.", "A draw with best play.", "Level: a draw with
/// best play."
pub fn standing(kind: GameKind, side: Side, score: Score) -> Phrase {
    let said = match score {
        Score::Cp(_) => say!(
            "standing-chance",
            percent = percent(win_chance(kind, score))
        ),
        Score::Draw => return say!("standing-draw"),
        Score::Margin(0) => return say!("standing-level"),
        Score::Win(0) => say!("standing-has-won"),
        Score::Loss(0) => say!("standing-has-lost"),
        Score::Win(n) => say!("standing-wins-in", count = n),
        Score::Loss(n) => say!("standing-loses-in", count = n),
        Score::Margin(m) if m > 0 => say!("standing-wins-by", count = m),
        Score::Margin(m) => say!("standing-loses-by", count = -i64::from(m)),
    };
    said.arg("side", terms::side_name(kind, side))
        .arg("many", many(kind))
}

/// A move as a sentence names it: Kalah's moves are houses ("house 3"), the others' their
/// notation.
pub fn move_words(kind: GameKind, mv: &str) -> Phrase {
    match kind {
        GameKind::Kalah => say!("review-house", house = mv),
        _ => Phrase::verbatim(mv),
    }
}

/// A move's class in words: "best move", "good", "inaccuracy", "mistake", "blunder".
pub fn class_words(class: MoveClass) -> Phrase {
    match class {
        MoveClass::Best => say!("class-best"),
        MoveClass::Good => say!("class-good"),
        MoveClass::Inaccuracy => say!("class-inaccuracy"),
        MoveClass::Mistake => say!("class-mistake"),
        MoveClass::Blunder => say!("class-blunder"),
    }
}

/// The best move instead of the one played, in words (none when it was the one played, or
/// only one move was legal).
fn better(kind: GameKind, played: &str, best: Option<&str>) -> Option<Phrase> {
    best.filter(|b| *b != played).map(|b| move_words(kind, b))
}

/// The winning chance given away, in whole points: what the slips and the verdict say.
fn given_away(loss: f64) -> i64 {
    if loss.is_finite() {
        loss.round().clamp(0.0, 100.0) as i64
    } else {
        0
    }
}

/// A move that gave something away: an inaccuracy, a mistake or a blunder.
#[derive(Clone, Debug, PartialEq)]
pub struct Slip {
    /// The move's number in the game, from 1.
    pub ply: u32,
    /// Who played it.
    pub side: Side,
    /// The move played.
    pub played: String,
    /// The engine's best move instead.
    pub best: Option<String>,
    pub class: MoveClass,
    /// The winning chance given away, in points.
    pub loss: f64,
    /// The value of the best move, and of the move played, for the side that moved.
    pub before: Score,
    pub after: Score,
}

impl Slip {
    /// The position to show for it: the one before the move (its number of moves played).
    pub fn before(&self) -> usize {
        (self.ply as usize).saturating_sub(1)
    }

    /// One entry of the list, in words: "7. d3-d4: gave away 24%; g4-g5 was better", or for
    /// a proven result thrown away "7. d3-d4: turned a win into a draw; g4-g5 was better".
    pub fn text(&self, kind: GameKind) -> Phrase {
        let what = match (outcome(self.before), outcome(self.after)) {
            (Some(b), Some(a)) if b != a => {
                say!("slip-turned", before = b.noun(), after = a.noun())
            }
            _ => say!("slip-gave-away", points = given_away(self.loss)),
        };
        let said = match better(kind, &self.played, self.best.as_deref()) {
            Some(best) => say!("slip-better", best = best),
            None => say!("slip"),
        };
        said.arg("ply", self.ply)
            .arg("move", move_words(kind, &self.played))
            .arg("what", what)
    }
}

/// Whether a class is a slip (listed for the player).
pub fn is_slip(class: MoveClass) -> bool {
    matches!(
        class,
        MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder
    )
}

/// The slips of `side`, in the order they were played.
pub fn slips(review: &GameReview, side: Side) -> Vec<Slip> {
    all_slips(review)
        .into_iter()
        .filter(|s| s.side == side)
        .collect()
}

/// Both players' slips, in the order they were played.
pub fn all_slips(review: &GameReview) -> Vec<Slip> {
    review
        .plies
        .iter()
        .filter(|p| is_slip(p.class))
        .map(|p| Slip {
            ply: p.ply,
            side: p.side,
            played: p.played.clone(),
            best: p.best.clone(),
            class: p.class,
            loss: p.loss,
            before: p.before,
            after: p.after,
        })
        .collect()
}

/// Each player's accuracy on one line: "Goats 87.5% · Tigers 64.0%" (a dash for a player who
/// made no move).
pub fn accuracy_line(review: &GameReview) -> Phrase {
    let [first, second] = Side::BOTH.map(|side| {
        let value = review.accuracy[side.index()]
            .filter(|a| a.is_finite())
            .map_or("-".to_owned(), |a| format!("{a:.1}%"));
        say!(
            "accuracy-side",
            side = terms::side_name(review.kind, side),
            value = value
        )
    });
    say!("accuracy-line", first = first, second = second)
}

/// The verdict's first line: the move and its class, "6. a7-a6: blunder", "6. a3-a4: best
/// move".
pub fn verdict_head(kind: GameKind, p: &PlyReview) -> Phrase {
    say!(
        "verdict-head",
        ply = p.ply,
        move = move_words(kind, &p.played),
        class = class_words(p.class)
    )
}

/// A value after a move counted from the position before it (the position shown): a proven
/// result is one move further away. A review's `after` counts from the position after the
/// move, its `before` from the position before.
pub fn from_before(after: Score) -> Score {
    match after {
        Score::Win(n) => Score::Win(n.saturating_add(1)),
        Score::Loss(n) => Score::Loss(n.saturating_add(1)),
        other => other,
    }
}

/// The verdict in words, under its first line; a proven result is counted from the position
/// shown, before the move. The best move: where the mover stands ("South's winning chance:
/// 61%.", "South wins in 9 moves."). Another move: what it gave away and what was better,
/// "Gave away 24% winning chances; a7-b7 was better (61% instead of 37%)."; a proven result
/// thrown away, "Turned a win in 9 moves into a draw; a7-b7 kept the win."; a proven result
/// kept but slower or smaller, "Wins in 11 moves instead of 5; a7-b7 was quicker."
pub fn verdict_detail(kind: GameKind, p: &PlyReview) -> Phrase {
    let after = from_before(p.after);
    let better = match better(kind, &p.played, p.best.as_deref()) {
        Some(b) if p.class != MoveClass::Best => b,
        _ => return standing(kind, p.side, after),
    };
    match (outcome(p.before), outcome(after)) {
        (Some(b), Some(a)) if b != a => {
            let said = match b {
                Outcome::Win => say!("verdict-turned-kept-win"),
                Outcome::Draw => say!("verdict-turned-kept-draw"),
                Outcome::Loss => say!("verdict-turned"),
            };
            said.arg("before", value_noun(kind, p.before))
                .arg("after", value_noun(kind, after))
                .arg("better", better)
        }
        (Some(_), Some(_)) => match (after, p.before) {
            (Score::Win(a), Score::Win(b)) if a <= b => {
                say!("verdict-wins-too", count = a, better = better)
            }
            (Score::Win(a), Score::Win(b)) => {
                say!("verdict-wins-slower", count = a, was = b, better = better)
            }
            (Score::Loss(a), Score::Loss(b)) if a >= b => {
                say!("verdict-loses-anyway", count = a, better = better)
            }
            (Score::Loss(a), Score::Loss(b)) => {
                say!("verdict-loses-sooner", count = a, was = b, better = better)
            }
            (Score::Margin(a), Score::Margin(b)) if a > 0 => {
                say!("verdict-wins-by-less", count = a, was = b, better = better)
            }
            (Score::Margin(a), Score::Margin(b)) => say!(
                "verdict-loses-by-more",
                count = -i64::from(a),
                was = -i64::from(b),
                better = better
            ),
            (after, before) => say!(
                "verdict-values",
                after = value_noun(kind, after),
                before = value_noun(kind, before),
                better = better
            ),
        },
        _ => {
            let (was, is) = (value_noun(kind, p.before), value_noun(kind, after));
            let values = if was == is {
                Phrase::verbatim("")
            } else {
                say!("verdict-compared", was = was, is = is)
            };
            match given_away(p.loss) {
                0 => say!("verdict-little", better = better, values = values),
                lost => say!(
                    "verdict-gave-away",
                    points = lost,
                    better = better,
                    values = values
                ),
            }
        }
    }
}

/// The first of the slips to list, and how many, when they take `heights[i]` each and
/// `room` is free: all of them when they fit, else a run around the position shown (after
/// `ply` moves), the next slip from it a third of the way down, or alone when even it does not
/// fit.
pub fn window(list: &[Slip], heights: &[f32], ply: usize, room: f32) -> (usize, usize) {
    let n = list.len().min(heights.len());
    if heights[..n].iter().sum::<f32>() <= room {
        return (0, n);
    }
    let next = list[..n]
        .iter()
        .position(|s| s.before() >= ply)
        .unwrap_or(n)
        .min(n.saturating_sub(1));
    let mut used = heights.get(next).copied().unwrap_or(0.0);
    if used > room {
        return (next, 1.min(n));
    }
    // Back from the next slip while a third of the room is used, then forward, then (at the
    // end of the list) back again to fill the room.
    let (mut start, mut earlier) = (next, 0.0);
    while start > 0 && earlier + heights[start - 1] <= room / 3.0 {
        start -= 1;
        earlier += heights[start];
    }
    used += earlier;
    let mut end = next + 1;
    while end < n && used + heights[end] <= room {
        used += heights[end];
        end += 1;
    }
    while start > 0 && used + heights[start - 1] <= room {
        start -= 1;
        used += heights[start];
    }
    (start, end - start)
}

/// The move played from the position after `shown` moves, with its verdict (none at the end).
pub fn next_move(review: &GameReview, shown: usize) -> Option<&PlyReview> {
    review.plies.get(shown)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::words::{Language, Words};
    use chaupal_rules::review::win_scale;
    use chaupal_shared::protocol::GameId;

    /// The phrase in English.
    fn en(p: Phrase) -> String {
        Words::new(Language::English).say(&p)
    }

    fn ply(
        n: u32,
        side: Side,
        played: &str,
        best: &str,
        class: MoveClass,
        loss: f64,
        chance: f64,
    ) -> PlyReview {
        PlyReview {
            ply: n,
            side,
            played: played.to_owned(),
            before: Score::Cp(35),
            after: Score::Cp(-80),
            best: Some(best.to_owned()),
            line: vec![best.to_owned()],
            loss,
            class,
            first_chance: chance,
        }
    }

    /// A review of six Bagh Chal moves (the first four legal from the start): a blunder by the
    /// goats at move 3, a mistake by the tigers at 4, an inaccuracy by the goats at 5.
    pub(crate) fn sample() -> GameReview {
        use MoveClass::*;
        use Side::{First as G, Second as T};
        GameReview {
            game: GameId(42),
            kind: GameKind::BaghChal,
            budget_ms: 500,
            start_chance: 52.0,
            plies: vec![
                ply(1, G, "c3", "c3", Best, 0.0, 52.0),
                ply(2, T, "a1-b2", "a5-b4", Good, 2.0, 54.0),
                ply(3, G, "c2", "b3", Blunder, 20.0, 34.0),
                ply(4, T, "b2-b1", "b2xd2", Mistake, 12.5, 46.5),
                ply(5, G, "d3", "d2", Inaccuracy, 6.0, 40.5),
                ply(6, T, "e1-d2", "e1-d2", Best, 0.0, 40.5),
            ],
            accuracy: [Some(87.54), Some(64.0)],
        }
    }

    /// The evaluation at which the mover's winning chance is `chance` percent in `kind`.
    fn cp_for(kind: GameKind, chance: f64) -> Score {
        let p = chance / 100.0;
        Score::Cp((win_scale(kind) * (p / (1.0 - p)).ln()).round() as i32)
    }

    #[test]
    fn each_players_slips_are_listed_in_order_in_words() {
        let review = sample();
        let kind = review.kind;
        let goats = slips(&review, Side::First);
        let plies: Vec<u32> = goats.iter().map(|s| s.ply).collect();
        assert_eq!(plies, [3, 5]);
        assert_eq!(goats[0].class, MoveClass::Blunder);
        assert_eq!(
            en(goats[0].text(kind)),
            "3. c2: gave away 20%; b3 was better"
        );
        assert_eq!(
            en(goats[1].text(kind)),
            "5. d3: gave away 6%; d2 was better"
        );
        assert_eq!(goats[1].before(), 4, "the position before the move");
        let tigers = slips(&review, Side::Second);
        assert_eq!(tigers.len(), 1, "a good move is no slip");
        assert_eq!(
            en(tigers[0].text(kind)),
            "4. b2-b1: gave away 13%; b2xd2 was better"
        );
        let both: Vec<(u32, Side)> = all_slips(&review).iter().map(|s| (s.ply, s.side)).collect();
        assert_eq!(
            both,
            [(3, Side::First), (4, Side::Second), (5, Side::First)]
        );
    }

    #[test]
    fn a_slip_that_throws_a_proven_result_away_says_so_and_kalah_names_houses() {
        let slip = Slip {
            ply: 7,
            side: Side::First,
            played: "5".into(),
            best: Some("2".into()),
            class: MoveClass::Blunder,
            loss: 50.0,
            before: Score::Margin(4),
            after: Score::Margin(0),
        };
        assert_eq!(
            en(slip.text(GameKind::Kalah)),
            "7. house 5: turned a win into a draw; house 2 was better"
        );
        let only_move = Slip {
            best: None,
            before: Score::Win(9),
            after: Score::Loss(4),
            ..slip.clone()
        };
        assert_eq!(
            en(only_move.text(GameKind::Jungle)),
            "7. 5: turned a win into a loss"
        );
        // A proven value against an estimate: the chance given away.
        let estimate = Slip {
            after: Score::Cp(-300),
            loss: 24.4,
            ..slip
        };
        assert_eq!(
            en(estimate.text(GameKind::Kalah)),
            "7. house 5: gave away 24%; house 2 was better"
        );
    }

    #[test]
    fn an_estimate_reads_as_the_movers_winning_chance_in_percent() {
        for kind in [
            GameKind::BaghChal,
            GameKind::Kalah,
            GameKind::Jungle,
            GameKind::SholoGuti,
        ] {
            assert_eq!(en(value_text(kind, Score::Cp(0))), "50%", "{kind:?}");
            assert_eq!(en(value_text(kind, cp_for(kind, 61.0))), "61%", "{kind:?}");
            assert_eq!(en(value_text(kind, cp_for(kind, 37.0))), "37%", "{kind:?}");
            // One scale (+s) is 73%, whatever the game's scale is.
            let s = win_scale(kind) as i32;
            assert_eq!(en(value_text(kind, Score::Cp(s))), "73%", "{kind:?}");
            assert_eq!(en(value_text(kind, Score::Cp(-s))), "27%", "{kind:?}");
            // An estimate is never certain.
            assert_eq!(en(value_text(kind, Score::Cp(1_000_000))), "99%");
            assert_eq!(en(value_noun(kind, Score::Cp(-1_000_000))), "1%");
        }
        // The same evaluation is worth more in Jungle (scale 383) than in Bagh Chal (7478).
        assert_eq!(en(value_text(GameKind::Jungle, Score::Cp(400))), "74%");
        assert_eq!(en(value_text(GameKind::BaghChal, Score::Cp(400))), "51%");
    }

    #[test]
    fn proven_results_and_kalah_margins_read_in_words() {
        let kind = GameKind::Jungle;
        assert_eq!(en(value_text(kind, Score::Win(12))), "wins in 12 moves");
        assert_eq!(en(value_text(kind, Score::Win(1))), "wins in 1 move");
        assert_eq!(en(value_text(kind, Score::Loss(7))), "loses in 7 moves");
        assert_eq!(en(value_text(kind, Score::Win(0))), "has won");
        assert_eq!(en(value_text(kind, Score::Draw)), "draw");
        assert_eq!(en(value_noun(kind, Score::Win(9))), "a win in 9 moves");
        assert_eq!(en(value_noun(kind, Score::Loss(1))), "a loss in 1 move");
        assert_eq!(en(value_noun(kind, Score::Draw)), "a draw");
        let kalah = GameKind::Kalah;
        assert_eq!(en(value_text(kalah, Score::Margin(8))), "wins by 8 seeds");
        assert_eq!(en(value_text(kalah, Score::Margin(1))), "wins by 1 seed");
        assert_eq!(en(value_text(kalah, Score::Margin(-3))), "loses by 3 seeds");
        assert_eq!(en(value_text(kalah, Score::Margin(0))), "level");
        assert_eq!(
            en(value_noun(kalah, Score::Margin(-3))),
            "a loss by 3 seeds"
        );
        assert_eq!(outcome(Score::Margin(-3)), Some(Outcome::Loss));
        assert_eq!(outcome(Score::Margin(0)), Some(Outcome::Draw));
        assert_eq!(outcome(Score::Cp(900)), None);
        assert_eq!(
            en(standing(kalah, Side::Second, Score::Margin(8))),
            "North wins by 8 seeds."
        );
        assert_eq!(
            en(standing(GameKind::BaghChal, Side::First, Score::Cp(0))),
            "Goats' winning chance: 50%."
        );
        assert_eq!(
            en(standing(GameKind::Jungle, Side::First, Score::Cp(0))),
            "South's winning chance: 50%."
        );
        assert_eq!(
            en(standing(GameKind::BaghChal, Side::Second, Score::Win(3))),
            "Tigers win in 3 moves."
        );
        assert_eq!(
            en(standing(GameKind::BaghChal, Side::First, Score::Loss(0))),
            "Goats have lost."
        );
        assert_eq!(
            en(standing(kalah, Side::First, Score::Margin(0))),
            "Level: a draw with best play."
        );
    }

    #[test]
    fn the_verdict_says_what_a_move_gave_away_and_what_was_better() {
        let review = sample();
        let kind = review.kind;
        // The mistake at move 4: 35 hundredths before, -80 after, in Bagh Chal's scale.
        let p = &review.plies[3];
        assert_eq!(en(verdict_head(kind, p)), "4. b2-b1: mistake");
        // Both values read 50% in Bagh Chal's wide scale: they are left out.
        assert_eq!(
            en(verdict_detail(kind, p)),
            "Gave away 13% winning chances; b2xd2 was better."
        );
        // The best move: where the mover stands after it.
        let best = &review.plies[0];
        assert_eq!(en(verdict_head(kind, best)), "1. c3: best move");
        assert_eq!(
            en(verdict_detail(kind, best)),
            format!(
                "Goats' winning chance: {}.",
                percent(win_chance(kind, Score::Cp(-80)))
            )
        );
        // In Jungle the same values differ in percent.
        let jungle = PlyReview {
            before: cp_for(GameKind::Jungle, 61.0),
            after: cp_for(GameKind::Jungle, 37.0),
            loss: 24.0,
            class: MoveClass::Blunder,
            played: "a7-a6".into(),
            best: Some("a7-b7".into()),
            ply: 6,
            side: Side::Second,
            ..p.clone()
        };
        assert_eq!(
            en(verdict_head(GameKind::Jungle, &jungle)),
            "6. a7-a6: blunder"
        );
        assert_eq!(
            en(verdict_detail(GameKind::Jungle, &jungle)),
            "Gave away 24% winning chances; a7-b7 was better (61% instead of 37%)."
        );
        let good = PlyReview {
            loss: 0.3,
            class: MoveClass::Good,
            after: cp_for(GameKind::Jungle, 60.0),
            ..jungle.clone()
        };
        assert_eq!(
            en(verdict_detail(GameKind::Jungle, &good)),
            "Gave away less than 1%; a7-b7 was a little better (61% instead of 60%)."
        );
    }

    #[test]
    fn the_verdict_on_proven_results_names_them() {
        let base = sample().plies[2].clone();
        let kind = GameKind::Jungle;
        let thrown = PlyReview {
            before: Score::Win(9),
            after: Score::Draw,
            loss: 50.0,
            ..base.clone()
        };
        assert_eq!(
            en(verdict_detail(kind, &thrown)),
            "Turned a win in 9 moves into a draw; b3 kept the win."
        );
        // Counted from the position shown: the move played leaves a win in 10 more, 11 in
        // all, where b3 wins in 5.
        let slower = PlyReview {
            before: Score::Win(5),
            after: Score::Win(10),
            loss: 0.0,
            class: MoveClass::Good,
            ..base.clone()
        };
        assert_eq!(
            en(verdict_detail(kind, &slower)),
            "Wins in 11 moves instead of 5; b3 was quicker."
        );
        let as_fast = PlyReview {
            after: Score::Win(4),
            ..slower.clone()
        };
        assert_eq!(
            en(verdict_detail(kind, &as_fast)),
            "Wins in 5 moves too, as b3 does."
        );
        let sooner = PlyReview {
            before: Score::Loss(9),
            after: Score::Loss(2),
            ..slower.clone()
        };
        assert_eq!(
            en(verdict_detail(kind, &sooner)),
            "Loses in 3 moves instead of 9; b3 held out longer."
        );
        let kalah = PlyReview {
            played: "5".into(),
            best: Some("2".into()),
            before: Score::Margin(6),
            after: Score::Margin(-2),
            loss: 100.0,
            ..base.clone()
        };
        assert_eq!(
            en(verdict_detail(GameKind::Kalah, &kalah)),
            "Turned a win by 6 seeds into a loss by 2 seeds; house 2 kept the win."
        );
        let smaller = PlyReview {
            before: Score::Margin(6),
            after: Score::Margin(2),
            loss: 0.0,
            class: MoveClass::Good,
            ..kalah.clone()
        };
        assert_eq!(
            en(verdict_detail(GameKind::Kalah, &smaller)),
            "Wins by 2 seeds instead of 6; house 2 was better."
        );
        // A win whose move was only estimated: the win against the estimate.
        let unseen = PlyReview {
            before: Score::Win(7),
            after: Score::Cp(-300),
            loss: 31.5,
            ..base.clone()
        };
        assert_eq!(
            en(verdict_detail(kind, &unseen)),
            format!(
                "Gave away 32% winning chances; b3 was better (a win in 7 moves instead of {}).",
                percent(win_chance(kind, Score::Cp(-300)))
            )
        );
        // The best move in a proven position: the result.
        let best = PlyReview {
            class: MoveClass::Best,
            best: Some(base.played.clone()),
            after: Score::Loss(4),
            ..base
        };
        assert_eq!(en(verdict_detail(kind, &best)), "South loses in 5 moves.");
        // The move that wins: won with this move, one move from the position shown.
        let winning = PlyReview {
            after: Score::Win(0),
            ..best
        };
        assert_eq!(en(verdict_detail(kind, &winning)), "South wins in 1 move.");
        assert_eq!(from_before(Score::Loss(0)), Score::Loss(1));
        assert_eq!(from_before(Score::Margin(3)), Score::Margin(3));
    }

    fn slip_at(ply: u32) -> Slip {
        Slip {
            ply,
            side: Side::First,
            played: "c3".into(),
            best: None,
            class: MoveClass::Mistake,
            loss: 10.0,
            before: Score::Cp(0),
            after: Score::Cp(-100),
        }
    }

    #[test]
    fn a_long_list_shows_the_slips_around_the_position_shown() {
        // Ten slips at moves 2, 4, ..., 20; one line each.
        let list: Vec<Slip> = (1..=10).map(|n| slip_at(n * 2)).collect();
        let ones = vec![1.0; 10];
        assert_eq!(window(&list[..3], &ones[..3], 15, 4.0), (0, 3), "all fit");
        assert_eq!(window(&list, &ones, 0, 4.0), (0, 4));
        // After 11 moves the next slip is move 12 (the sixth): one before it, then it.
        assert_eq!(window(&list, &ones, 11, 4.0), (4, 4));
        assert_eq!(window(&list, &ones, 99, 4.0), (6, 4), "the last four");
        // Two lines each: half as many.
        let twos = vec![2.0; 10];
        assert_eq!(window(&list, &twos, 11, 8.0), (4, 4));
        assert_eq!(window(&list, &twos, 11, 5.0), (5, 2));
        // No room even for one: the next slip alone.
        assert_eq!(window(&list, &twos, 11, 1.0), (5, 1));
        assert_eq!(window(&[], &[], 3, 4.0), (0, 0));
    }

    #[test]
    fn accuracy_uses_the_side_names() {
        let mut review = sample();
        assert_eq!(en(accuracy_line(&review)), "Goats 87.5% · Tigers 64.0%");
        review.accuracy[1] = None;
        assert_eq!(en(accuracy_line(&review)), "Goats 87.5% · Tigers -");
        review.kind = GameKind::Jungle;
        assert!(en(accuracy_line(&review)).starts_with("South "));
    }

    #[test]
    fn the_next_move_is_the_one_played_from_the_position_shown() {
        let review = sample();
        assert_eq!(next_move(&review, 3).map(|p| p.ply), Some(4));
        assert!(next_move(&review, 6).is_none(), "nothing follows the end");
    }
}
