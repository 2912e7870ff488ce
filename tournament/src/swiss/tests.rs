use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::*;

/// Plays a Swiss of `n` players and `rounds` rounds, with results from `results` (0, 1 or 2
/// half-points for the first player of each game in turn); returns it.
fn play(n: u32, rounds: u32, matches: bool, results: &[u32]) -> Swiss {
    let mut swiss = Swiss::new(rounds, matches);
    for e in 0..n {
        swiss
            .join(EntrantId(e), 1500 + (e as i32 * 53) % 400)
            .unwrap();
    }
    let mut r = results.iter().cycle();
    let mut t = 0u32;
    let mut toss = move || {
        t += 1;
        t % 3 == 0
    };
    for _ in 0..rounds {
        let games = swiss.pair_next(&mut toss).unwrap().games.clone();
        for g in games {
            let points = r.next().copied().unwrap_or(1) * if matches { 2 } else { 1 };
            swiss.finish(g, points).unwrap();
        }
    }
    swiss
}

#[test]
fn an_odd_field_gives_one_bye_a_round_to_the_lowest_without_one() {
    let swiss = play(7, 5, false, &[2, 0, 1]);
    let mut byes = BTreeSet::new();
    for round in swiss.paired() {
        let bye = round.bye.expect("an odd field has a bye every round");
        assert!(byes.insert(bye), "{bye:?} had two byes");
        assert_eq!(round.games.len(), 3);
        assert!(round.unpaired.is_empty());
    }
    // The first round's bye goes to the lowest seed.
    let lowest = swiss
        .players()
        .iter()
        .min_by_key(|(e, p)| (p.rating, std::cmp::Reverse(**e)))
        .map(|(e, _)| *e);
    assert_eq!(swiss.paired()[0].bye, lowest);
    assert_eq!(swiss.rounds_played(), 5);
}

#[test]
fn requests_out_of_turn_are_refused() {
    let mut swiss = Swiss::new(1, false);
    swiss.join(EntrantId(0), 1500).unwrap();
    assert_eq!(
        swiss.join(EntrantId(0), 1500),
        Err(SwissError::AlreadyJoined)
    );
    swiss.join(EntrantId(1), 1500).unwrap();
    let game = swiss.pair_next(&mut || true).unwrap().games[0];
    assert_eq!(
        swiss.pair_next(&mut || true).err(),
        Some(SwissError::RoundInProgress)
    );
    let stranger = Pairing {
        first: EntrantId(5),
        second: EntrantId(6),
    };
    assert_eq!(swiss.finish(stranger, 2), Err(SwissError::NoSuchGame));
    swiss.finish(game, 2).unwrap();
    assert_eq!(swiss.finish(game, 2), Err(SwissError::NoRound));
    assert_eq!(swiss.pair_next(&mut || true).err(), Some(SwissError::Over));
    assert_eq!(swiss.join(EntrantId(2), 1500), Err(SwissError::Over));
}

#[test]
fn the_tie_breaks_are_buchholz_then_sonneborn_berger() {
    // A beats B, B beats C, C beats A: one point each; Buchholz alike; Sonneborn-Berger alike.
    // D, with a bye, has a won round and no opponents.
    let mut swiss = Swiss::new(3, false);
    for (e, rating) in [(0, 1900), (1, 1800), (2, 1700)] {
        swiss.join(EntrantId(e), rating).unwrap();
    }
    for _ in 0..3 {
        let games = swiss.pair_next(&mut || true).unwrap().games.clone();
        for g in games {
            // The lower entrant number wins, except 0 against 2.
            let (lo, hi) = (g.first.0.min(g.second.0), g.first.0.max(g.second.0));
            let winner = if (lo, hi) == (0, 2) { hi } else { lo };
            swiss
                .finish(g, if g.first.0 == winner { 2 } else { 0 })
                .unwrap();
        }
    }
    let s = swiss.standings();
    for line in s.lines() {
        // Two games and a bye each: 2 + 2 half-points.
        assert_eq!(line.points, 4, "{line:?}");
        // One opponent with 4: Buchholz 4; beat them... each beat one 4-point player.
        assert_eq!(line.tie_breaks, [8, 8], "{line:?}");
    }
}

/// The fewest floats (the least sum of point differences over the pairs) of any pairing of
/// `swiss`'s next round that meets its rules with `bye` sitting out, by trying them all.
fn fewest_floats(swiss: &Swiss, bye: Option<EntrantId>) -> Option<u32> {
    let bye_points = swiss.round_points();
    let active: Vec<(EntrantId, u32)> = swiss
        .players()
        .iter()
        .filter(|(e, p)| !p.withdrawn && Some(**e) != bye)
        .map(|(&e, p)| (e, p.points(bye_points)))
        .collect();
    fn go(left: &[usize], active: &[(EntrantId, u32)], swiss: &Swiss) -> Option<u32> {
        let Some((&first, rest)) = left.split_first() else {
            return Some(0);
        };
        let mut best: Option<u32> = None;
        for (k, &other) in rest.iter().enumerate() {
            if swiss.players()[&active[first].0].met(active[other].0) {
                continue;
            }
            let mut r = rest.to_vec();
            r.remove(k);
            if let Some(sub) = go(&r, active, swiss) {
                let here = active[first].1.abs_diff(active[other].1) + sub;
                best = Some(best.map_or(here, |b| b.min(here)));
            }
        }
        best
    }
    go(&(0..active.len()).collect::<Vec<_>>(), &active, swiss)
}

/// The fewest points a bye could go with, of the players without one who leave a field that
/// can be paired.
fn lowest_bye(swiss: &Swiss) -> Option<u32> {
    let bye_points = swiss.round_points();
    swiss
        .players()
        .iter()
        .filter(|(_, p)| !p.withdrawn && !p.had_bye())
        .filter(|(e, _)| fewest_floats(swiss, Some(**e)).is_some())
        .map(|(_, p)| p.points(bye_points))
        .min()
}

proptest! {
    /// Round after round: nobody meets anyone twice, nobody has two byes, the bye goes with
    /// the fewest points it can, everyone else is paired where a pairing allows it, and the
    /// pairing floats no more than the fewest floats any pairing could.
    #[test]
    fn swiss_rounds_keep_their_rules(
        n in 2u32..=9,
        rounds in 1u32..=6,
        matches in any::<bool>(),
        results in proptest::collection::vec(0u32..=2, 1..20),
    ) {
        let rounds = rounds.min(n - 1);
        let mut swiss = Swiss::new(rounds, matches);
        for e in 0..n {
            swiss.join(EntrantId(e), 1400 + (e as i32 * 71) % 500).unwrap();
        }
        let mut r = results.iter().cycle();
        let mut met = BTreeSet::new();
        let mut byes: BTreeMap<EntrantId, u32> = BTreeMap::new();
        for _ in 0..rounds {
            let before = swiss.clone();
            let lowest = if n % 2 == 1 { lowest_bye(&swiss) } else { None };
            let bye_points = swiss.round_points();
            let points: BTreeMap<EntrantId, u32> =
                swiss.players().iter().map(|(&e, p)| (e, p.points(bye_points))).collect();
            let round = swiss.pair_next(&mut || true).unwrap().clone();
            if let Some(lowest) = lowest {
                let b = round.bye.expect("a bye where one can be given");
                prop_assert_eq!(points[&b], lowest);
            }
            let fewest = fewest_floats(&before, round.bye);
            if let Some(b) = round.bye {
                *byes.entry(b).or_default() += 1;
                prop_assert!(byes[&b] <= 1);
            }
            let mut floats = 0;
            for g in &round.games {
                let pair = (g.first.min(g.second), g.first.max(g.second));
                prop_assert!(met.insert(pair), "{:?} met twice", pair);
                floats += points[&g.first].abs_diff(points[&g.second]);
            }
            match fewest {
                Some(f) => {
                    prop_assert!(round.unpaired.is_empty(), "{:?}", round);
                    prop_assert_eq!(floats, f);
                }
                None => prop_assert!(!round.unpaired.is_empty()),
            }
            for g in round.games {
                let p = r.next().copied().unwrap_or(1) * if matches { 2 } else { 1 };
                swiss.finish(g, p).unwrap();
            }
        }
    }
}

#[test]
fn single_games_balance_the_sides() {
    let swiss = play(10, 7, false, &[2, 0, 1, 2, 2, 0]);
    for (e, p) in swiss.players() {
        let sides: Vec<Side> = p.sides().collect();
        let firsts = sides.iter().filter(|&&s| s == Side::First).count() as i64;
        let balance = 2 * firsts - sides.len() as i64;
        assert!(balance.abs() <= 2, "{e:?}: {sides:?}");
        // Never three in a row on one side.
        for w in sides.windows(3) {
            assert!(!(w[0] == w[1] && w[1] == w[2]), "{e:?}: {sides:?}");
        }
    }
    // A match Swiss keeps no sides: both play both.
    let matches = play(6, 3, true, &[4, 2, 0, 3]);
    assert!(
        matches
            .players()
            .values()
            .all(|p| p.sides().next().is_none())
    );
}

#[test]
fn a_round_robin_kept_by_the_swiss_records_ranks_by_sonneborn_berger_then_wins() {
    // Four entrants, a single round robin: 0 beats everyone; 1, 2 and 3 beat one another in a
    // circle, so they tie on points and Sonneborn-Berger and wins decide nothing among them
    // until 3 draws with 0 instead of losing.
    let ids: Vec<EntrantId> = (0..4).map(EntrantId).collect();
    let table = crate::round_robin::rounds(&ids, false);
    // Made with room for any table; its rounds are set once its entrants are known.
    let mut swiss = Swiss::new(30, false);
    for &e in &ids {
        swiss.join(e, 1500).unwrap();
    }
    swiss.set_rounds(table.len() as u32).unwrap();
    let beats = |a: EntrantId, b: EntrantId| match (a.0, b.0) {
        (0, 3) | (3, 0) => None,
        (0, _) => Some(true),
        (_, 0) => Some(false),
        (1, 2) | (2, 3) | (3, 1) => Some(true),
        _ => Some(false),
    };
    for games in &table {
        let round = Round {
            games: games.clone(),
            bye: None,
            unpaired: vec![],
        };
        swiss.begin_round(round).unwrap();
        for &g in games {
            let points = match beats(g.first, g.second) {
                None => 1,
                Some(true) => 2,
                Some(false) => 0,
            };
            swiss.finish(g, points).unwrap();
        }
    }
    assert_eq!(swiss.set_rounds(9), Err(SwissError::RoundInProgress));
    let standings = swiss.standings_by(TieBreaks::RoundRobin);
    let order: Vec<u32> = standings.lines().iter().map(|l| l.entrant.0).collect();
    // 0: 5 half-points; 3: a draw with 0 and a win, 3; 1 and 2: 2 each.
    assert_eq!(order[0], 0);
    assert_eq!(order[1], 3);
    let line = |e: u32| {
        standings
            .lines()
            .iter()
            .find(|l| l.entrant.0 == e)
            .copied()
            .unwrap()
    };
    assert_eq!(line(0).points, 5);
    assert_eq!(line(3).points, 3);
    // 1 beat 2 (2 points) for SB 2 x 2; 2 beat 3 (3 points) for SB 2 x 3: 2 ranks above 1.
    assert_eq!(line(1).tie_breaks, [4, 1]);
    assert_eq!(line(2).tie_breaks, [6, 1]);
    assert_eq!(&order[2..], &[2, 1]);
    assert_eq!(swiss.wins(swiss.player(EntrantId(0)).unwrap()), 2);
}

#[test]
fn a_void_game_scores_nothing_and_still_ends_its_round() {
    let mut swiss = Swiss::new(2, false);
    for e in 0..2 {
        swiss.join(EntrantId(e), 1500).unwrap();
    }
    let mut toss = || true;
    let game = swiss.pair_next(&mut toss).unwrap().games[0];
    assert!(swiss.is_open(game));
    swiss.void(game).unwrap();
    assert!(!swiss.is_open(game));
    assert_eq!(swiss.rounds_played(), 1);
    for e in 0..2 {
        let p = swiss.player(EntrantId(e)).unwrap();
        assert_eq!(p.points(2), 0);
        assert!(p.met(EntrantId(1 - e)), "a void game still counts as met");
    }
    assert_eq!(swiss.void(game), Err(SwissError::NoRound));
}
