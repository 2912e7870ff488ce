use chaupal_tournament::swiss::RoundResult;

use super::*;

const START: u64 = 1_000_000;
const GAME: u64 = 600_000;

fn e(n: u32) -> EntrantId {
    EntrantId(n)
}

fn swiss(rounds: u32, matches: bool, entrants: u32) -> Rounds {
    let mut r = Rounds::new(RoundsKind::Swiss, rounds, matches, START, true, GAME);
    for n in 0..entrants {
        r.join(e(n), 1500 + n as i32).unwrap();
    }
    r
}

fn round_robin(double: bool, most: u32, entrants: u32) -> Rounds {
    let kind = RoundsKind::RoundRobin {
        double,
        most_entrants: most,
    };
    let mut r = Rounds::new(kind, 0, false, START, false, GAME);
    for n in 0..entrants {
        r.can_join(e(n), START - 1).unwrap();
        r.join(e(n), 1500 + n as i32).unwrap();
    }
    r
}

/// Begins the next round at `at` and returns its games as they wait to start.
fn next(r: &mut Rounds, at: u64) -> Vec<Pairing> {
    assert!(r.round_due(at), "a round is due at {at}");
    let mut toss = || true;
    let round = r.next_round(&mut toss).unwrap();
    r.begin(round, at).unwrap();
    let games = r.take_to_start();
    for g in &games {
        r.started(*g);
    }
    games
}

#[test]
fn a_swiss_pairs_its_rounds_a_break_apart_gives_the_odd_one_a_bye_and_ends_after_the_last() {
    let mut r = swiss(2, false, 3);
    assert!(!r.round_due(START - 1), "nothing before the start");
    assert_eq!(r.progress(), (0, Some(START)));
    let games = next(&mut r, START);
    assert_eq!(games.len(), 1);
    let sat = r.take_sat_out();
    assert_eq!(sat.len(), 1);
    assert!(sat[0].1, "the odd one out of a Swiss has a bye");
    assert!(!games[0].has(sat[0].0));
    assert_eq!(r.progress(), (1, None));
    assert!(!r.round_due(START + 1), "no round while one is played");

    r.finish(games[0], Outcome::Win, START + GAME).unwrap();
    assert_eq!(r.progress(), (1, Some(START + GAME + BREAK_MS)));
    assert!(!r.round_due(START + GAME + BREAK_MS - 1));
    let second = next(&mut r, START + GAME + BREAK_MS);
    assert_eq!(second.len(), 1);
    assert!(!r.is_over(START + GAME + BREAK_MS));
    let end = START + 2 * GAME + BREAK_MS;
    r.finish(second[0], Outcome::Draw, end).unwrap();
    assert!(r.is_over(end));
    assert_eq!(r.ends_ms(end + 5), end);
    assert_eq!(r.progress(), (2, None));
    assert!(!r.round_due(end + BREAK_MS));
    // Points: a win 2, a draw 1, a bye a won round.
    let total: u32 = (0..3)
        .map(|n| r.swiss().player(e(n)).unwrap().points(2))
        .sum();
    assert_eq!(total, 2 + 2 + 2 + 2, "a game's 2 points, two byes' 2 each");
}

#[test]
fn a_match_plays_its_second_game_with_the_sides_swapped_and_scores_both_together() {
    let mut r = swiss(1, true, 2);
    let games = next(&mut r, START);
    let [game] = games[..] else {
        panic!("one match")
    };
    r.finish(game, Outcome::Win, START + GAME).unwrap();
    assert!(!r.is_over(START + GAME), "the match has a second game");
    let swapped = r.take_to_start();
    assert_eq!(
        swapped,
        vec![Pairing {
            first: game.second,
            second: game.first
        }]
    );
    r.started(swapped[0]);
    // The pairing's second player wins the second game: one game each.
    r.finish(swapped[0], Outcome::Win, START + 2 * GAME)
        .unwrap();
    assert!(r.is_over(START + 2 * GAME));
    for n in 0..2 {
        assert_eq!(r.swiss().player(e(n)).unwrap().points(4), 2);
    }
}

#[test]
fn a_match_whose_second_game_is_void_keeps_the_first_games_points() {
    let mut r = swiss(1, true, 2);
    let game = next(&mut r, START)[0];
    r.finish(game, Outcome::Draw, START + GAME).unwrap();
    let swapped = r.take_to_start()[0];
    r.void(swapped, START + GAME + 1).unwrap();
    assert!(r.is_over(START + GAME + 1));
    assert_eq!(r.swiss().player(game.first).unwrap().points(4), 1);
    assert_eq!(r.swiss().player(game.second).unwrap().points(4), 1);
}

#[test]
fn a_round_robin_plays_its_whole_table_and_wins_a_withdrawn_entrants_games_without_play() {
    let mut r = round_robin(true, 4, 4);
    assert_eq!(r.total(), 6, "four entrants twice: six rounds");
    assert_eq!(r.can_step_out(false), Err(RoundsRefusal::NoPause));
    assert_eq!(r.can_step_out(true), Ok(()));
    let mut at = START;
    let mut met = std::collections::HashMap::new();
    for round in 0..6 {
        if round == 3 {
            r.step_out(e(3), true).unwrap();
            assert!(r.has_left(e(3)));
        }
        let games = next(&mut r, at);
        let sat = r.take_sat_out();
        if round < 3 {
            assert_eq!(games.len(), 2);
            assert!(sat.is_empty());
        } else {
            // Entrant 3's game is won without play by its opponent.
            assert_eq!(games.len(), 1);
            assert_eq!(sat.len(), 1);
            assert!(sat[0].1);
        }
        for g in &games {
            *met.entry((g.first.min(g.second), g.first.max(g.second)))
                .or_insert(0) += 1;
            r.finish(*g, Outcome::Win, at + 1).unwrap();
        }
        at += 1;
    }
    assert!(r.is_over(at), "over after its table");
    assert!(met.values().all(|&n| n <= 2));
    let withdrawn = r.swiss().player(e(3)).unwrap();
    assert!(withdrawn.withdrawn);
    // Three forfeits, one in each of the last three rounds.
    let forfeits: u32 = (0..3)
        .map(|n| {
            r.swiss().player(e(n)).unwrap().rounds[3..]
                .iter()
                .filter(|x| matches!(x, RoundResult::Played { opponent, points: 2, .. } if *opponent == e(3)))
                .count() as u32
        })
        .sum();
    assert_eq!(forfeits, 3);
}

#[test]
fn a_round_robin_is_joined_before_its_start_while_it_has_room() {
    let mut r = round_robin(false, 3, 3);
    assert_eq!(r.can_join(e(3), START - 1), Err(RoundsRefusal::Full(3)));
    assert_eq!(
        r.can_join(e(0), START - 1),
        Err(RoundsRefusal::AlreadyJoined)
    );
    r.step_out(e(2), true).unwrap();
    assert_eq!(r.can_join(e(2), START - 1), Err(RoundsRefusal::Left));
    assert_eq!(r.can_join(e(3), START - 1), Ok(()));
    assert_eq!(r.can_join(e(3), START), Err(RoundsRefusal::Started));
}

#[test]
fn a_round_robins_table_seeds_by_rating_and_its_odd_one_out_sits_without_a_bye() {
    let mut r = round_robin(false, 5, 3);
    let games = next(&mut r, START);
    assert_eq!(games.len(), 1);
    let sat = r.take_sat_out();
    assert_eq!(sat.len(), 1);
    assert!(!sat[0].1, "a round robin's odd one out has no bye");
    assert_eq!(r.total(), 3);
}

#[test]
fn a_swiss_paused_comes_back_and_a_swiss_with_its_last_round_paired_is_closed_to_joins() {
    let mut r = swiss(1, false, 2);
    r.step_out(e(1), false).unwrap();
    assert!(r.is_paused(e(1)));
    assert_eq!(r.can_join(e(1), START), Ok(()));
    r.join(e(1), 1500).unwrap();
    assert!(!r.is_paused(e(1)));
    next(&mut r, START);
    assert_eq!(r.can_join(e(2), START), Err(RoundsRefusal::LastRoundPaired));
}

#[test]
fn too_few_at_the_start_end_it_unplayed_at_its_start() {
    let r = swiss(3, false, 1);
    assert!(!r.is_over(START - 1));
    assert!(r.is_over(START));
    assert!(!r.round_due(START));
    assert_eq!(r.ends_ms(START + 99), START);
}
