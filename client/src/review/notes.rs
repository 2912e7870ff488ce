//! The review in words: each player's slips (inaccuracies, mistakes, blunders) with the best
//! move instead, each player's accuracy, the verdict on a move and what it was worth, and
//! scores as people read them (`+0.35`, `win in 23`, `loss in 4`, `draw`, `+3 seeds`).

use chaupal_shared::protocol::Score;
use chaupal_shared::review::{GameReview, MoveClass, PlyReview};
use chaupal_shared::{GameKind, Side};

use crate::play::capitalise;

/// A move that gave something away: an inaccuracy, a mistake or a blunder.
#[derive(Clone, Debug, PartialEq)]
pub struct Slip {
    /// The move's number in the game, from 1.
    pub ply: u32,
    /// The move played.
    pub played: String,
    /// The engine's best move instead.
    pub best: Option<String>,
    pub class: MoveClass,
    /// The winning chance given away, in points.
    pub loss: f64,
}

impl Slip {
    /// The position to show for it: the one before the move (its number of moves played).
    pub fn before(&self) -> usize {
        (self.ply as usize).saturating_sub(1)
    }

    /// One line of the list, the move played and the best one: "12. c3-c4 → b2-b3".
    pub fn text(&self) -> String {
        match &self.best {
            Some(best) if *best != self.played => {
                format!("{}. {} → {best}", self.ply, self.played)
            }
            _ => format!("{}. {}", self.ply, self.played),
        }
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
    review
        .plies
        .iter()
        .filter(|p| p.side == side && is_slip(p.class))
        .map(|p| Slip {
            ply: p.ply,
            played: p.played.clone(),
            best: p.best.clone(),
            class: p.class,
            loss: p.loss,
        })
        .collect()
}

/// A side's name as the client writes it: "Goats", "South".
pub fn side_name(kind: GameKind, side: Side) -> String {
    capitalise(kind.side_name(side))
}

/// Each player's accuracy on one line: "Goats 87.5% · Tigers 64.0%" (a dash for a player who
/// made no move).
pub fn accuracy_line(review: &GameReview) -> String {
    Side::BOTH
        .map(|side| {
            let value = review.accuracy[side.index()]
                .filter(|a| a.is_finite())
                .map_or("-".to_owned(), |a| format!("{a:.1}%"));
            format!("{} {value}", side_name(review.kind, side))
        })
        .join(" · ")
}

/// A score as people read it: `+0.35`, `win in 23`, `loss in 4`, `draw`, `+3 seeds`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Win(plies) => format!("win in {plies}"),
        Score::Loss(plies) => format!("loss in {plies}"),
        Score::Draw => "draw".to_owned(),
        Score::Margin(m) if m.abs() == 1 => format!("{m:+} seed"),
        Score::Margin(m) => format!("{m:+} seeds"),
    }
}

/// The verdict on a move: "12. c3-c4  mistake (-11.2)" (no loss for the best move).
pub fn verdict(p: &PlyReview) -> String {
    let mut line = format!("{}. {}  {}", p.ply, p.played, p.class.name());
    if p.class != MoveClass::Best && p.loss > 0.0 {
        line.push_str(&format!(" (-{:.1})", p.loss));
    }
    line
}

/// The best move instead and what each was worth for the side that moved: "Best b2-b3:
/// goats +0.35, played -0.80"; when the best move was played, its value alone.
pub fn values(kind: GameKind, p: &PlyReview) -> String {
    let side = kind.side_name(p.side);
    match p.best.as_ref().filter(|b| **b != p.played) {
        Some(best) => format!(
            "Best {best}: {side} {}, played {}",
            score_text(p.before),
            score_text(p.after)
        ),
        None => format!("The best move: {side} {}", score_text(p.after)),
    }
}

/// The first of `rows` slips to list when they do not all fit, so that those around the
/// position shown (after `ply` moves) are in view.
pub fn window_start(list: &[Slip], ply: usize, rows: usize) -> usize {
    if list.len() <= rows {
        return 0;
    }
    let next = list
        .iter()
        .position(|s| s.before() >= ply)
        .unwrap_or(list.len());
    next.saturating_sub(rows / 2).min(list.len() - rows)
}

/// The move played from the position after `shown` moves, with its verdict (none at the end).
pub fn next_move(review: &GameReview, shown: usize) -> Option<&PlyReview> {
    review.plies.get(shown)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chaupal_shared::protocol::GameId;

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

    #[test]
    fn each_players_slips_are_listed_in_order_with_the_best_move() {
        let review = sample();
        let goats = slips(&review, Side::First);
        let plies: Vec<u32> = goats.iter().map(|s| s.ply).collect();
        assert_eq!(plies, [3, 5]);
        assert_eq!(goats[0].best.as_deref(), Some("b3"));
        assert_eq!(goats[0].class, MoveClass::Blunder);
        assert_eq!(goats[1].text(), "5. d3 → d2");
        assert_eq!(goats[1].before(), 4, "the position before the move");
        let tigers = slips(&review, Side::Second);
        assert_eq!(tigers.len(), 1, "a good move is no slip");
        assert_eq!(tigers[0].text(), "4. b2-b1 → b2xd2");
        assert_eq!(tigers[0].class, MoveClass::Mistake);
    }

    #[test]
    fn a_long_list_shows_the_slips_around_the_position_shown() {
        let list: Vec<Slip> = (1..=10)
            .map(|n| Slip {
                ply: n * 2,
                played: "c3".into(),
                best: None,
                class: MoveClass::Mistake,
                loss: 10.0,
            })
            .collect();
        assert_eq!(window_start(&list[..3], 15, 4), 0, "all fit");
        assert_eq!(window_start(&list, 0, 4), 0);
        // After 11 moves the next slip is move 12 (the sixth): it sits third of four.
        assert_eq!(window_start(&list, 11, 4), 3);
        assert_eq!(window_start(&list, 99, 4), 6, "the last four");
    }

    #[test]
    fn accuracy_uses_the_side_names() {
        let mut review = sample();
        assert_eq!(accuracy_line(&review), "Goats 87.5% · Tigers 64.0%");
        review.accuracy[1] = None;
        assert_eq!(accuracy_line(&review), "Goats 87.5% · Tigers -");
        review.kind = GameKind::Jungle;
        assert!(accuracy_line(&review).starts_with("South "));
    }

    #[test]
    fn scores_read_as_people_say_them() {
        assert_eq!(score_text(Score::Cp(35)), "+0.35");
        assert_eq!(score_text(Score::Cp(-120)), "-1.20");
        assert_eq!(score_text(Score::Cp(0)), "+0.00");
        assert_eq!(score_text(Score::Win(23)), "win in 23");
        assert_eq!(score_text(Score::Loss(4)), "loss in 4");
        assert_eq!(score_text(Score::Draw), "draw");
        assert_eq!(score_text(Score::Margin(3)), "+3 seeds");
        assert_eq!(score_text(Score::Margin(-1)), "-1 seed");
    }

    #[test]
    fn the_verdict_names_class_loss_and_best_move() {
        let review = sample();
        assert_eq!(verdict(&review.plies[3]), "4. b2-b1  mistake (-12.5)");
        assert_eq!(verdict(&review.plies[0]), "1. c3  best");
        assert_eq!(
            values(review.kind, &review.plies[3]),
            "Best b2xd2: tigers +0.35, played -0.80"
        );
        assert_eq!(
            values(review.kind, &review.plies[0]),
            "The best move: goats -0.80"
        );
        assert_eq!(next_move(&review, 3).map(|p| p.ply), Some(4));
        assert!(next_move(&review, 6).is_none(), "nothing follows the end");
    }
}
