//! Screenshot fixtures (desktop only): a made-up game and a made-up review of it, for
//! `--screenshot ... --show review`, which draws the review view without a server. The client
//! cannot run the engine, so the values here are invented to exercise every part of the view
//! (best moves, each class of slip, a swinging advantage); they are used in screenshot mode and
//! nowhere else, and say nothing about the moves' real worth.

use chaupal_rules::review::{self, GameReview, MoveClass, PlyReview};
use chaupal_rules::{AnyGame, MoveError, Side};
use chaupal_shared::protocol::{GameId, Score};

/// A game of up to `plies` moves from `start` for a screenshot, chosen by a fixed rule among
/// the legal moves (no search: only a varied, legal game).
pub fn fixture_moves(start: &AnyGame, plies: usize) -> Result<Vec<String>, MoveError> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for i in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves_text();
        let Some(mv) = legal.get((i * 7 + 3) % legal.len().max(1)).cloned() else {
            break;
        };
        game.play_text(&mv)?;
        moves.push(mv);
    }
    Ok(moves)
}

/// The class the fixture gives move `i` (from 0): a few slips of each kind, spread out.
fn fixture_class(i: usize) -> MoveClass {
    match i % 9 {
        2 => MoveClass::Inaccuracy,
        5 if i % 2 == 1 => MoveClass::Blunder,
        5 | 7 => MoveClass::Mistake,
        0 | 4 => MoveClass::Best,
        _ => MoveClass::Good,
    }
}

/// An evaluation in hundredths for the side whose winning chance is `chance` percent.
fn fixture_cp(kind: chaupal_rules::GameKind, chance: f64) -> Score {
    let p = (chance / 100.0).clamp(0.01, 0.99);
    Score::Cp((review::win_scale(kind) * (p / (1.0 - p)).ln()).round() as i32)
}

/// A made-up review of `moves` from `start` (see the module's comment): every move gets a
/// class by a fixed pattern, a best move among the legal ones (another than the one played
/// when it was a slip), and the advantage swings by what each slip gives away.
pub fn review_fixture(start: &AnyGame, moves: &[String]) -> Result<GameReview, MoveError> {
    let kind = start.kind();
    let mut game = start.clone();
    let start_chance = 52.0;
    let mut chance = start_chance;
    let mut plies = Vec::with_capacity(moves.len());
    for (i, played) in moves.iter().enumerate() {
        let side = game.side_to_move();
        let legal = game.legal_moves_text();
        let class = if legal.len() < 2 {
            MoveClass::Best
        } else {
            fixture_class(i)
        };
        let loss: f64 = match class {
            MoveClass::Best => 0.0,
            MoveClass::Good => 1.5,
            MoveClass::Inaccuracy => 6.5,
            MoveClass::Mistake => 11.2,
            MoveClass::Blunder => 18.4,
        };
        let best = if matches!(class, MoveClass::Best) {
            played.clone()
        } else {
            legal
                .iter()
                .find(|m| *m != played)
                .cloned()
                .unwrap_or_else(|| played.clone())
        };
        let mine = |first: f64| match side {
            Side::First => first,
            Side::Second => 100.0 - first,
        };
        // The best move keeps the mover's chance; the move played gives `loss` of it away,
        // exactly what the verdict says; then the next position's own value drifts a little
        // (a new search of it), so the graph moves between slips too.
        let before = mine(chance);
        let after = (before - loss).clamp(3.0, 97.0);
        let first_after = mine(after);
        let drift = if i % 4 == 1 { 2.5 } else { -1.0 };
        chance = (first_after + drift).clamp(3.0, 97.0);
        let loss = review::round1(before - after);
        game.play_text(played)?;
        plies.push(PlyReview {
            ply: i as u32 + 1,
            side,
            played: played.clone(),
            before: fixture_cp(kind, before),
            after: fixture_cp(kind, after),
            line: vec![best.clone()],
            best: Some(best),
            loss,
            class: MoveClass::of(loss, class == MoveClass::Best),
            first_chance: review::round1(first_after),
        });
    }
    let losses: Vec<(Side, f64)> = plies.iter().map(|p| (p.side, p.loss)).collect();
    let chances: Vec<f64> = std::iter::once(start_chance)
        .chain(plies.iter().map(|p| p.first_chance))
        .collect();
    Ok(GameReview {
        game: GameId(1),
        kind,
        budget_ms: 0,
        start_chance,
        accuracy: review::accuracy(&losses, &chances),
        plies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::GameKind;

    #[test]
    fn the_fixture_is_a_legal_game_with_slips_of_each_kind() {
        for kind in [
            GameKind::BaghChal,
            GameKind::Jungle,
            GameKind::Kalah,
            GameKind::SholoGuti,
        ] {
            let start = AnyGame::start(kind, [("", ""); 0]).expect("start");
            let moves = fixture_moves(&start, 30).expect("legal");
            let review = review_fixture(&start, &moves).expect("legal");
            assert_eq!(review.plies.len(), moves.len(), "{kind:?}");
            if kind == GameKind::BaghChal {
                assert_eq!(moves.len(), 30);
                for class in [
                    MoveClass::Inaccuracy,
                    MoveClass::Mistake,
                    MoveClass::Blunder,
                ] {
                    assert!(review.plies.iter().any(|p| p.class == class), "{class:?}");
                }
            }
            assert!(
                review
                    .plies
                    .iter()
                    .all(|p| (0.0..=100.0).contains(&p.first_chance))
            );
            // What a move gave away is what its values say, so the words agree with the
            // numbers beside them.
            for p in &review.plies {
                let drop = review::win_chance(kind, p.before) - review::win_chance(kind, p.after);
                assert!(
                    (drop - p.loss).abs() < 0.3,
                    "{kind:?} {}: {drop} {}",
                    p.ply,
                    p.loss
                );
                assert_eq!(p.class, MoveClass::of(p.loss, p.class == MoveClass::Best));
            }
        }
    }
}
