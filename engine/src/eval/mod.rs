//! Per-game evaluations and move hints: each game's [`GameAi`]
//! implementation, with the seeds' evaluations beside the project's own.
//! [`evaluations`] lists what each game offers.

pub mod baghchal;
pub mod jungle;
pub mod kalah;
pub mod sholo_guti;
pub(crate) mod sholo_guti_fortress;

use chaupal_rules::GameKind;
use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::jungle::Jungle;
use chaupal_rules::kalah::Kalah;
use chaupal_rules::sholo_guti::SholoGuti;

use crate::game_ai::{EvalInfo, GameAi};

/// The evaluations a game offers, ours first.
pub fn evaluations(kind: GameKind) -> &'static [EvalInfo] {
    match kind {
        GameKind::BaghChal => BaghChal::EVALUATIONS,
        GameKind::Kalah => Kalah::EVALUATIONS,
        GameKind::Jungle => Jungle::EVALUATIONS,
        GameKind::SholoGuti => SholoGuti::EVALUATIONS,
    }
}

#[cfg(test)]
mod tests {
    use chaupal_rules::Game;
    use chaupal_rules::baghchal::BaghChal;
    use chaupal_rules::jungle::Jungle;
    use chaupal_rules::kalah::Kalah;
    use chaupal_rules::sholo_guti::SholoGuti;

    use crate::game_ai::{GameAi, evaluator_named};

    /// Each evaluation answers to its older names too, and evaluates as under its own.
    fn old_names_are_aliases<G: GameAi>(game: &G) {
        for info in G::EVALUATIONS {
            let own = evaluator_named::<G>(info.name).expect(info.name);
            for old in info.aliases {
                let aliased = evaluator_named::<G>(old).expect(old);
                assert_eq!(aliased.evaluate(game), own.evaluate(game), "{old}");
            }
        }
        assert!(evaluator_named::<G>("no-such-evaluation").is_none());
    }

    #[test]
    fn the_seed_numbers_still_name_the_baselines() {
        let mut b = BaghChal::start(Default::default());
        b.play_text("c3").unwrap();
        old_names_are_aliases(&b);
        let mut k = Kalah::start(Default::default());
        k.play_text("3").unwrap();
        old_names_are_aliases(&k);
        old_names_are_aliases(&Jungle::start(Default::default()));
        old_names_are_aliases(&SholoGuti::start(Default::default()));
        let named = |g: &str, old: &str| {
            super::evaluations(g.parse().unwrap())
                .iter()
                .find(|e| e.is_called(old))
                .map(|e| e.name)
        };
        assert_eq!(named("baghchal", "seed004"), Some("features"));
        assert_eq!(named("baghchal", "seed000"), Some("captures"));
        assert_eq!(named("jungle", "seed003"), Some("square-tables"));
        assert_eq!(named("jungle", "seed003-basic"), Some("one-table"));
        assert_eq!(named("sholo-guti", "seed002"), Some("piece-count"));
        assert_eq!(named("kalah", "eval3"), Some("store-ratio"));
        assert_eq!(named("kalah", "seed004"), None);
    }
}
