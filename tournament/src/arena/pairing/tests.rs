use proptest::prelude::*;

use super::*;
use crate::arena::colors::MOST_IN_A_ROW;
use crate::entrant::Side;

fn idle(e: u32, rank: u32, rating: i32) -> Idle {
    Idle {
        entrant: EntrantId(e),
        rank,
        rating,
        sides: SideHistory::default(),
        last_opponent: None,
    }
}

/// lila's `pairScore`: `|rank a - rank b| × rankFactor + |rating a - rating b|`, with
/// `rankFactor = 300 + 1700 × (maxRank - min rank) / maxRank` in integers.
#[test]
fn the_pair_costs_are_lilas() {
    let a = idle(0, 1, 1500);
    let b = idle(1, 3, 1620);
    let c = idle(2, 10, 1400);
    // 300 + 1700 × 9 / 10 = 1830.
    assert_eq!(pair_cost(&a, &b, 10), Some(2 * 1830 + 120));
    // 300 + 1700 × 7 / 10 = 1490.
    assert_eq!(pair_cost(&b, &c, 10), Some(7 * 1490 + 220));
    assert_eq!(pair_cost(&c, &b, 10), pair_cost(&b, &c, 10));
    // The factor runs from 2000 near the top to 300 at the bottom.
    assert_eq!(rank_factor(0, 100), 2000);
    assert_eq!(rank_factor(100, 100), 300);
    // Just met: no pair.
    let met = Idle {
        last_opponent: Some(EntrantId(0)),
        ..b
    };
    assert_eq!(pair_cost(&a, &met, 10), None);
    assert_eq!(pair_cost(&met, &a, 10), None);
}

#[test]
fn leaders_meet_leaders() {
    let players: Vec<Idle> = (0..6).map(|e| idle(e, e + 1, 1500)).collect();
    let games = pair(&players, Moment::default(), &mut || true);
    let mut pairs: Vec<(u32, u32)> = games
        .iter()
        .map(|g| (g.first.0.min(g.second.0), g.first.0.max(g.second.0)))
        .collect();
    pairs.sort_unstable();
    assert_eq!(pairs, [(0, 1), (2, 3), (4, 5)]);
}

#[test]
fn in_its_first_moments_an_arena_pairs_by_rank() {
    let players: Vec<Idle> = (0..5)
        .map(|e| idle(e, e + 1, 2000 - e as i32 * 300))
        .collect();
    let just = Moment {
        just_started: true,
        ..Moment::default()
    };
    let games = pair(&players, just, &mut || true);
    assert_eq!(games.len(), 2);
    assert!(games[0].has(EntrantId(0)) && games[0].has(EntrantId(1)));
    assert!(games[1].has(EntrantId(2)) && games[1].has(EntrantId(3)));
}

#[test]
fn beyond_a_hundred_idle_players_two_groups_are_matched() {
    let players: Vec<Idle> = (0..250).map(|e| idle(e, e + 1, 1500)).collect();
    let games = pair(&players, Moment::default(), &mut || true);
    // 250 / 4 × 2 = 124, at most 100 a group: ranks 1-100 among themselves, 101-200 too.
    assert_eq!(games.len(), 100);
    for g in &games {
        let (a, b) = (g.first.0, g.second.0);
        assert!(a < 200 && b < 200);
        assert_eq!(a < 100, b < 100, "{a} and {b} are in different groups");
    }
}

#[test]
fn the_only_two_active_players_of_a_small_arena_meet_again() {
    let mut a = idle(0, 1, 1500);
    let mut b = idle(1, 2, 1500);
    a.last_opponent = Some(b.entrant);
    b.last_opponent = Some(a.entrant);
    assert!(pair(&[a, b], Moment::default(), &mut || true).is_empty());
    let two = Moment {
        only_two_active: true,
        ..Moment::default()
    };
    assert_eq!(pair(&[a, b], two, &mut || true).len(), 1);
}

/// The most pairs that the allowed pairs of `players` can make, by trying them all.
fn most_pairs(players: &[Idle]) -> usize {
    fn go(left: &[usize], players: &[Idle], most: u32) -> usize {
        let Some((&first, rest)) = left.split_first() else {
            return 0;
        };
        let mut best = go(rest, players, most);
        for (k, &other) in rest.iter().enumerate() {
            if pair_cost(&players[first], &players[other], most).is_some() {
                let mut r = rest.to_vec();
                r.remove(k);
                best = best.max(1 + go(&r, players, most));
            }
        }
        best
    }
    let most = players.iter().map(|p| p.rank).max().unwrap_or(0);
    go(&(0..players.len()).collect::<Vec<_>>(), players, most)
}

fn arb_players() -> impl Strategy<Value = Vec<Idle>> {
    (0usize..=10).prop_flat_map(|n| {
        (
            Just(n),
            proptest::collection::vec(
                (
                    1200i32..2200,
                    -MOST_IN_A_ROW..=MOST_IN_A_ROW,
                    -6i32..=6,
                    0usize..12,
                ),
                n,
            ),
            Just((1..=n as u32).collect::<Vec<_>>()).prop_shuffle(),
        )
            .prop_map(|(n, each, ranks)| {
                let mut players: Vec<Idle> = each
                    .iter()
                    .enumerate()
                    .map(|(e, &(rating, strike, balance, last))| Idle {
                        entrant: EntrantId(e as u32),
                        rank: ranks[e],
                        rating,
                        sides: SideHistory { strike, balance },
                        last_opponent: (last < n && last != e).then_some(EntrantId(last as u32)),
                    })
                    .collect();
                players.sort_by_key(|p| p.rank);
                players
            })
    })
}

proptest! {
    /// Nobody plays twice in a pass; nobody meets their last opponent; nobody gets a fourth
    /// game in a row on one side; and no other pairing of the allowed pairs pairs more.
    #[test]
    fn a_pass_pairs_the_most_it_can_without_a_rematch_or_a_fourth_side_in_a_row(
        players in arb_players(),
        tosses in proptest::collection::vec(any::<bool>(), 8),
    ) {
        let mut t = tosses.into_iter().cycle();
        let games = pair(&players, Moment::default(), &mut || t.next().unwrap_or(false));
        let by_id = |e: EntrantId| players.iter().find(|p| p.entrant == e).expect("a player");
        let mut seen = std::collections::BTreeSet::new();
        for g in &games {
            prop_assert!(seen.insert(g.first) && seen.insert(g.second));
            let (a, b) = (by_id(g.first), by_id(g.second));
            prop_assert!(a.last_opponent != Some(b.entrant) && b.last_opponent != Some(a.entrant));
            let (sa, sb) = (a.sides.after(Side::First), b.sides.after(Side::Second));
            prop_assert!(sa.strike.abs() <= MOST_IN_A_ROW, "{:?} then first", a.sides);
            prop_assert!(sb.strike.abs() <= MOST_IN_A_ROW, "{:?} then second", b.sides);
        }
        prop_assert_eq!(games.len(), most_pairs(&players));
    }
}
