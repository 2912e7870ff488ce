use super::*;

fn rules() -> ArenaRules {
    ArenaRules {
        streaks: true,
        berserk: true,
        lengths: Lengths::default(),
        wait_seconds: 15,
    }
}

const HOUR: u64 = 3_600_000;

#[test]
fn joining_twice_or_after_the_end_is_refused_and_a_paused_player_comes_back() {
    let mut arena = Arena::new(rules(), 0, HOUR);
    assert_eq!(arena.join(EntrantId(0), 1500, 0), Ok(()));
    assert_eq!(
        arena.join(EntrantId(0), 1500, 10),
        Err(ArenaError::AlreadyJoined)
    );
    assert_eq!(arena.join(EntrantId(1), 1500, HOUR), Err(ArenaError::Over));
    assert_eq!(
        arena.step_out(EntrantId(7), false),
        Err(ArenaError::NotJoined)
    );
    assert_eq!(arena.step_out(EntrantId(0), false), Ok(()));
    assert_eq!(arena.join(EntrantId(0), 1500, 20), Ok(()));
    assert_eq!(
        arena.player(EntrantId(0)).map(|p| p.presence),
        Some(Presence::Idle)
    );
}

#[test]
fn idle_players_are_paired_their_results_scored_and_the_paused_left_alone() {
    let mut arena = Arena::new(rules(), 0, HOUR);
    for e in 0..5 {
        arena.join(EntrantId(e), 1500 + e as i32, 0).unwrap();
    }
    arena.step_out(EntrantId(4), false).unwrap();
    let games = arena.pass(1_000, &|_| true, &mut || true);
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| !g.has(EntrantId(4))));
    // Nobody is paired twice.
    assert!(arena.pass(2_000, &|_| true, &mut || true).is_empty());
    let g = games[0];
    arena.finish(g, Outcome::Win, 40, [true, false]).unwrap();
    assert_eq!(
        arena.finish(g, Outcome::Win, 40, [false, false]),
        Err(ArenaError::NoSuchGame)
    );
    assert_eq!(arena.player(g.first).unwrap().sheet.total(), 3);
    assert_eq!(arena.player(g.second).unwrap().sheet.total(), 0);
    let standings = arena.standings();
    assert_eq!(standings.rank_of(g.first), Some(1));
    assert_eq!(arena.playing().len(), 1);
    // A game that is not played scores nothing and frees its players.
    let other = games[1];
    arena.cancel(other).unwrap();
    assert_eq!(arena.cancel(other), Err(ArenaError::NoSuchGame));
    assert!(arena.playing().is_empty());
    assert_eq!(arena.player(other.first).unwrap().presence, Presence::Idle);
    assert_eq!(arena.player(other.first).unwrap().sheet.total(), 0);
}

#[test]
fn after_its_first_games_an_arena_waits_until_two_have_waited_long_enough() {
    let mut arena = Arena::new(rules(), 0, HOUR);
    for e in 0..6 {
        arena.join(EntrantId(e), 1500, 0).unwrap();
    }
    let first = arena.pass(20_000, &|_| true, &mut || true);
    assert_eq!(first.len(), 3);
    arena
        .finish(first[0], Outcome::Draw, 40, [false; 2])
        .unwrap();
    arena
        .finish(first[1], Outcome::Draw, 40, [false; 2])
        .unwrap();
    // Four wait from 30 s; the wait is 15 s.
    assert!(arena.pass(30_000, &|_| true, &mut || true).is_empty());
    assert!(arena.pass(40_000, &|_| true, &mut || true).is_empty());
    let next = arena.pass(45_000, &|_| true, &mut || true);
    assert_eq!(next.len(), 2);
    // Nobody met their last opponent.
    for g in &next {
        assert!(
            !first.contains(g)
                && !first.contains(&Pairing {
                    first: g.second,
                    second: g.first
                })
        );
    }
}

/// Many passes of a simulated arena: each player is in at most one game at once, and the
/// points in the standings are the sums of the sheets.
#[test]
fn a_simulated_hour_keeps_its_books() {
    let mut arena = Arena::new(rules(), 0, HOUR);
    for e in 0..40 {
        arena
            .join(EntrantId(e), 1200 + (e as i32 * 37) % 900, 0)
            .unwrap();
    }
    let mut seed = 12345u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    };
    let mut games_played = 0;
    let mut now = 16_000;
    while now < HOUR {
        arena.pass(now, &|_| true, &mut || next() % 2 == 0);
        let playing = arena.playing().to_vec();
        let mut busy = std::collections::BTreeSet::new();
        for g in &playing {
            assert!(busy.insert(g.first) && busy.insert(g.second));
        }
        // Half the games end each pass.
        for g in playing {
            if next() % 2 == 1 {
                continue;
            }
            let outcome = [Outcome::Win, Outcome::Draw, Outcome::Loss][(next() % 3) as usize];
            arena
                .finish(g, outcome, 20 + next() % 60, [next() % 5 == 0, false])
                .unwrap();
            games_played += 1;
        }
        now += 5_000;
    }
    assert!(games_played > 500, "{games_played}");
    let total: u32 = arena.standings().lines().iter().map(|l| l.points).sum();
    let sheets: u32 = (0..40)
        .map(|e| arena.player(EntrantId(e)).unwrap().sheet.total())
        .sum();
    assert_eq!(total, sheets);
    assert!(arena.pass(HOUR, &|_| true, &mut || true).is_empty());
}

/// One change of an arena, as a server records it.
#[derive(Clone, Copy, Debug)]
enum Recorded {
    Joined(EntrantId, i32, u64),
    SteppedOut(EntrantId, bool),
    Paired(Pairing),
    Finished(Pairing, Outcome, u32, [bool; 2]),
    Cancelled(Pairing),
}

/// An arena lived for an hour (joins, pauses, comes back, passes, endings and cancelled
/// games), and a fresh arena fed its record with [`Arena::paired`] in place of the passes:
/// the same sheets, sides, presences, games in play and standings.
#[test]
fn replaying_a_recorded_history_gives_what_living_it_gave() {
    let mut lived = Arena::new(rules(), 0, HOUR);
    let mut record = Vec::new();
    let mut seed = 777u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    };
    let mut now = 0;
    while now < HOUR {
        // Someone new now and then, someone pauses or leaves, someone comes back.
        if next() % 3 == 0 && lived.len() < 30 {
            let (e, rating) = (EntrantId(lived.len() as u32), 1200 + (next() % 900) as i32);
            lived.join(e, rating, now).unwrap();
            record.push(Recorded::Joined(e, rating, now));
        }
        if !lived.is_empty() {
            let e = EntrantId(next() % lived.len() as u32);
            match next() % 8 {
                0 | 1 => {
                    let leave = next() % 2 == 0;
                    lived.step_out(e, leave).unwrap();
                    record.push(Recorded::SteppedOut(e, leave));
                }
                2 | 3 => {
                    let rating = lived.player(e).unwrap().rating;
                    if lived.can_join(e, now).is_ok() {
                        lived.join(e, rating, now).unwrap();
                        record.push(Recorded::Joined(e, rating, now));
                    } else {
                        assert!(lived.join(e, rating, now).is_err());
                    }
                }
                _ => {}
            }
        }
        for g in lived.pass(now, &|_| true, &mut || next() % 2 == 0) {
            record.push(Recorded::Paired(g));
        }
        for g in lived.playing().to_vec() {
            match next() % 6 {
                0 => {
                    lived.cancel(g).unwrap();
                    record.push(Recorded::Cancelled(g));
                }
                1..=3 => {
                    let outcome =
                        [Outcome::Win, Outcome::Draw, Outcome::Loss][(next() % 3) as usize];
                    let (plies, berserk) = (10 + next() % 60, [next() % 4 == 0, next() % 4 == 0]);
                    lived.finish(g, outcome, plies, berserk).unwrap();
                    record.push(Recorded::Finished(g, outcome, plies, berserk));
                }
                _ => {}
            }
        }
        now += 7_000;
    }
    let finished = record
        .iter()
        .filter(|r| matches!(r, Recorded::Finished(..)))
        .count();
    assert!(finished > 200, "{finished}");
    assert!(!lived.playing().is_empty());

    let mut replayed = Arena::new(rules(), 0, HOUR);
    for r in &record {
        match *r {
            Recorded::Joined(e, rating, at) => replayed.join(e, rating, at).unwrap(),
            Recorded::SteppedOut(e, leave) => replayed.step_out(e, leave).unwrap(),
            Recorded::Paired(g) => replayed.paired(g).unwrap(),
            Recorded::Finished(g, o, plies, b) => replayed.finish(g, o, plies, b).unwrap(),
            Recorded::Cancelled(g) => replayed.cancel(g).unwrap(),
        }
    }
    assert_eq!(replayed.len(), lived.len());
    for e in 0..lived.len() as u32 {
        assert_eq!(
            replayed.player(EntrantId(e)),
            lived.player(EntrantId(e)),
            "{e}"
        );
    }
    let mut a = lived.playing().to_vec();
    let mut b = replayed.playing().to_vec();
    a.sort_by_key(|g| (g.first, g.second));
    b.sort_by_key(|g| (g.first, g.second));
    assert_eq!(a, b);
    assert_eq!(replayed.standings().lines(), lived.standings().lines());
    // A recorded pairing of someone who never joined, or of a game in play, is refused.
    assert_eq!(
        replayed.paired(Pairing {
            first: EntrantId(0),
            second: EntrantId(99)
        }),
        Err(ArenaError::NotJoined)
    );
    if let Some(g) = a.first() {
        assert_eq!(replayed.paired(*g), Err(ArenaError::NoSuchGame));
    }
}
