//! The checker finds each kind of anomaly in a made-up history, and none in a clean one.

use std::collections::BTreeMap;

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::{
    ClockSpec, Clocks, Correspondence, GameEvent, GameId, GameResult, GameStatus, ResultReason,
};

use super::actors::GamePlan;
use super::check::{Expectations, Stored, TableInfo, check};
use super::log::{Entry, Op};

const G: GameId = GameId(7);
/// The first four moves of a Jungle game (the first legal move each time): the checker replays
/// the records, so the moves must be real.
fn moves() -> Vec<String> {
    let mut game =
        chaupal_rules::AnyGame::start(GameKind::Jungle, Vec::<(String, String)>::new()).unwrap();
    let mut out = Vec::new();
    for _ in 0..4 {
        let mv = game.legal_moves_text()[0].clone();
        game.play_text(&mv).unwrap();
        out.push(mv);
    }
    out
}

fn plan() -> GamePlan {
    GamePlan {
        kind: GameKind::Jungle,
        clock: None,
        correspondence: None,
        stall_at: None,
        think_ms: (0, 1),
        seed: 1,
    }
}

fn entry(at_ms: u64, actor: u32, op: Op) -> Entry {
    Entry {
        at_ms,
        actor,
        node: Some(0),
        op,
    }
}

fn moved(ply: u32, notation: &str, clocks: Option<Clocks>) -> GameEvent {
    GameEvent::Moved {
        ply,
        side: if ply % 2 == 1 {
            Side::First
        } else {
            Side::Second
        },
        notation: notation.to_owned(),
        clocks,
        turn: None,
        deadline_ms: None,
    }
}

fn resigned() -> GameResult {
    GameResult {
        winner: Some(Side::Second),
        reason: ResultReason::Resignation,
    }
}

/// A clean game: four moves by the two players, seen in order by both and a spectator (actor
/// 2), then a resignation.
fn clean() -> (Vec<Entry>, BTreeMap<GameId, Stored>, Expectations) {
    let moves = moves();
    let mut entries = Vec::new();
    let mut t = 0;
    for actor in 0..3 {
        entries.push(entry(
            t,
            actor,
            Op::Snapshot {
                game: G,
                version: 0,
                moves: vec![],
                status: GameStatus::Live,
                result: None,
            },
        ));
    }
    for (i, mv) in moves.iter().enumerate() {
        let actor = (i % 2) as u32;
        let ply = i as u32;
        t += 10;
        entries.push(entry(
            t,
            actor,
            Op::Invoke {
                game: G,
                ply,
                notation: mv.clone(),
                req: ply as u64,
            },
        ));
        for watcher in 0..3 {
            entries.push(entry(
                t + 1,
                watcher,
                Op::Event {
                    game: G,
                    version: ply as u64 + 1,
                    event: moved(ply + 1, mv, None),
                },
            ));
        }
        entries.push(entry(
            t + 2,
            actor,
            Op::Ok {
                game: G,
                req: ply as u64,
                version: ply as u64 + 1,
            },
        ));
    }
    for watcher in 0..3 {
        entries.push(entry(
            t + 20,
            watcher,
            Op::Event {
                game: G,
                version: 5,
                event: GameEvent::Ended {
                    result: resigned(),
                    clocks: None,
                },
            },
        ));
    }
    let mut records = BTreeMap::new();
    records.insert(
        G,
        Stored {
            moves,
            finished: true,
            result: Some(resigned()),
        },
    );
    let expect = Expectations {
        tables: vec![TableInfo {
            game: G,
            plan: plan(),
            seats: [0, 1],
        }],
        deadlines_passed_at_ms: None,
        clock_tolerance_ms: 500,
    };
    (entries, records, expect)
}

fn found(
    entries: &[Entry],
    records: &BTreeMap<GameId, Stored>,
    expect: &Expectations,
) -> Vec<String> {
    check(entries, records, expect)
        .anomalies
        .into_iter()
        .map(|a| a.what)
        .collect()
}

#[test]
fn a_clean_history_has_no_anomaly() {
    let (entries, records, expect) = clean();
    let report = check(&entries, &records, &expect);
    assert_eq!(report.anomalies, vec![], "{}", report.summary());
    assert_eq!(report.acknowledged, 4);
    assert_eq!(report.moves_stored, 4);
    assert_eq!(report.events_seen, 15);
}

#[test]
fn an_acknowledged_move_missing_from_the_record_is_found() {
    let (entries, mut records, expect) = clean();
    records.get_mut(&G).unwrap().moves.truncate(3);
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter()
            .any(|w| w.contains("acknowledged move") && w.contains("not in the record")),
        "{a:?}"
    );
    // The broadcast of the fourth move is not in the record either.
    assert!(a.iter().any(|w| w.contains("was broadcast")), "{a:?}");
}

#[test]
fn a_stored_move_nobody_sent_is_found() {
    let (entries, mut records, expect) = clean();
    let stored = records.get_mut(&G).unwrap();
    let extra = stored.moves[0].clone();
    stored.moves.push(extra);
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter().any(|w| w.contains("never sent for that ply")),
        "{a:?}"
    );
}

#[test]
fn a_refused_move_in_the_record_is_found_unless_it_was_sent_again() {
    let (mut entries, records, expect) = clean();
    // The third move was first refused, then sent again and acknowledged: fine.
    let third = records[&G].moves[2].clone();
    entries.insert(
        0,
        entry(
            0,
            0,
            Op::Invoke {
                game: G,
                ply: 2,
                notation: third.clone(),
                req: 100,
            },
        ),
    );
    entries.insert(
        1,
        entry(
            0,
            0,
            Op::Fail {
                game: G,
                req: 100,
                code: "Unavailable".into(),
            },
        ),
    );
    assert_eq!(found(&entries, &records, &expect), Vec::<String>::new());
    // Refused, and never acknowledged otherwise: the record should not hold it.
    entries.retain(|e| !matches!(e.op, Op::Ok { req: 2, .. }));
    for e in entries.iter_mut() {
        if let Op::Invoke { req: 2, .. } = e.op {
            e.op = Op::Fail {
                game: G,
                req: 2,
                code: "Storage".into(),
            };
        }
    }
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter()
            .any(|w| w.contains("was refused, yet it is in the record")),
        "{a:?}"
    );
}

#[test]
fn two_different_events_of_one_version_are_found() {
    let (mut entries, records, expect) = clean();
    let other = records[&G].moves[1].clone();
    for e in entries.iter_mut() {
        if e.actor == 2
            && let Op::Event {
                version: 1, event, ..
            } = &mut e.op
        {
            *event = moved(1, &other, None);
        }
    }
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter()
            .any(|w| w.contains("two different events of version 1")),
        "{a:?}"
    );
}

#[test]
fn a_gap_is_found_and_a_resync_is_not_one() {
    let (mut entries, records, expect) = clean();
    // The spectator misses version 2 ...
    let at = entries
        .iter()
        .position(|e| e.actor == 2 && matches!(e.op, Op::Event { version: 2, .. }))
        .unwrap();
    let removed = entries.remove(at);
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter().any(|w| w.contains("a gap without a resync")),
        "{a:?}"
    );
    // ... but a snapshot at version 2 in its place is a resync.
    entries.insert(
        at,
        entry(
            removed.at_ms,
            2,
            Op::Snapshot {
                game: G,
                version: 2,
                moves: records[&G].moves[..2].to_vec(),
                status: GameStatus::Live,
                result: None,
            },
        ),
    );
    assert_eq!(found(&entries, &records, &expect), Vec::<String>::new());
    // A snapshot that disagrees with the record is found.
    if let Op::Snapshot { moves, .. } = &mut entries[at].op {
        moves.reverse();
    }
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter()
            .any(|w| w.contains("not a beginning of the record")),
        "{a:?}"
    );
}

#[test]
fn after_its_own_rejoin_an_observer_may_hear_versions_again() {
    let (mut entries, records, expect) = clean();
    // The spectator asks to rejoin from version 2 after hearing version 3: versions 3 and 4
    // come again (those already on their way first), and that is no anomaly ...
    let at = entries
        .iter()
        .position(|e| e.actor == 2 && matches!(e.op, Op::Event { version: 3, .. }))
        .unwrap();
    let mut again: Vec<Entry> = entries
        .iter()
        .filter(|e| e.actor == 2 && matches!(e.op, Op::Event { version: 3 | 4, .. }))
        .cloned()
        .collect();
    let rejoin = entry(
        0,
        2,
        Op::Rejoin {
            game: G,
            since: Some(2),
        },
    );
    entries.insert(at + 1, rejoin);
    let four = entries
        .iter()
        .position(|e| e.actor == 2 && matches!(e.op, Op::Event { version: 4, .. }))
        .unwrap();
    for (i, e) in again.drain(..).enumerate() {
        entries.insert(four + 1 + i, e);
    }
    assert_eq!(found(&entries, &records, &expect), Vec::<String>::new());
    // ... but without the rejoin it is.
    entries.retain(|e| !matches!(e.op, Op::Rejoin { .. }));
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter()
            .any(|w| w.contains("heard version 3 again after version 4")),
        "{a:?}"
    );
}

/// The clean game with a clock: the second player lost on time at the end, with `left` ms on
/// its clock at the start of its turn and the flag heard `waited` ms later.
fn flagged(
    left: u64,
    waited: u64,
    loser_at_end: u64,
) -> (Vec<Entry>, BTreeMap<GameId, Stored>, Expectations) {
    let (mut entries, mut records, mut expect) = clean();
    let clock = ClockSpec {
        initial_ms: 60_000,
        increment_ms: 0,
    };
    expect.tables[0].plan.clock = Some(clock);
    // After three moves, the second side (to move) stalls.
    expect.tables[0].plan.stall_at = Some(3);
    let mut last_first_move = 0;
    for e in entries.iter_mut() {
        if let Op::Event {
            event: GameEvent::Moved {
                ply, side, clocks, ..
            },
            ..
        } = &mut e.op
        {
            *clocks = Some(Clocks {
                first_ms: 50_000,
                second_ms: left,
                running: Some(side.opponent()),
            });
            if *ply == 3 {
                last_first_move = e.at_ms;
            }
        }
    }
    // The fourth move is not played: the second player stalls and loses on time.
    let fourth = 4;
    entries.retain(|e| match &e.op {
        Op::Event { version, .. } => *version != fourth && *version != 5,
        Op::Invoke { ply: 3, .. } | Op::Ok { req: 3, .. } => false,
        _ => true,
    });
    let result = GameResult {
        winner: Some(Side::First),
        reason: ResultReason::Timeout,
    };
    for watcher in 0..3 {
        entries.push(entry(
            last_first_move + waited,
            watcher,
            Op::Event {
                game: G,
                version: 4,
                event: GameEvent::Ended {
                    result,
                    clocks: Some(Clocks {
                        first_ms: 50_000,
                        second_ms: loser_at_end,
                        running: None,
                    }),
                },
            },
        ));
    }
    let stored = records.get_mut(&G).unwrap();
    stored.moves.truncate(3);
    stored.result = Some(result);
    (entries, records, expect)
}

#[test]
fn a_flag_that_falls_when_due_is_fine_and_one_that_falls_early_is_found() {
    let (entries, records, expect) = flagged(20_000, 20_100, 0);
    assert_eq!(found(&entries, &records, &expect), Vec::<String>::new());
    let (entries, records, expect) = flagged(20_000, 12_000, 0);
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter()
            .any(|w| w.contains("the flag fell 12000 ms into a turn that had 20000 ms")),
        "{a:?}"
    );
    let (entries, records, expect) = flagged(20_000, 20_100, 3_000);
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter()
            .any(|w| w.contains("with 3000 ms on the loser's clock")),
        "{a:?}"
    );
}

#[test]
fn a_move_accepted_after_the_flag_and_a_staller_who_did_not_lose_on_time_are_found() {
    let (mut entries, records, mut expect) = clean();
    expect.tables[0].plan.clock = Some(ClockSpec {
        initial_ms: 60_000,
        increment_ms: 2_000,
    });
    expect.tables[0].plan.stall_at = Some(4);
    for e in entries.iter_mut() {
        if let Op::Event {
            event: GameEvent::Moved { clocks, .. },
            ..
        } = &mut e.op
        {
            *clocks = Some(Clocks {
                first_ms: 1_000,
                second_ms: 1_000,
                running: None,
            });
        }
    }
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter()
            .any(|w| w.contains("accepted after its mover's flag fell")),
        "{a:?}"
    );
    assert!(
        a.iter().any(|w| w.contains("expected a loss on time")),
        "{a:?}"
    );
}

#[test]
fn a_correspondence_game_lost_on_time_before_its_deadline_is_found() {
    let (mut entries, mut records, mut expect) = clean();
    expect.tables[0].plan.correspondence = Some(Correspondence { days: Some(1) });
    let result = GameResult {
        winner: Some(Side::Second),
        reason: ResultReason::Timeout,
    };
    for e in entries.iter_mut() {
        if let Op::Event {
            event: GameEvent::Ended { result: r, .. },
            ..
        } = &mut e.op
        {
            *r = result;
        }
    }
    records.get_mut(&G).unwrap().result = Some(result);
    let ended_at = entries.last().unwrap().at_ms;
    expect.deadlines_passed_at_ms = Some(ended_at + 1_000);
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter().any(|w| w.contains("before the deadlines passed")),
        "{a:?}"
    );
    expect.deadlines_passed_at_ms = Some(ended_at - 1);
    assert_eq!(found(&entries, &records, &expect), Vec::<String>::new());
}

#[test]
fn a_game_left_live_or_without_a_record_is_found() {
    let (entries, mut records, expect) = clean();
    records.get_mut(&G).unwrap().finished = false;
    let a = found(&entries, &records, &expect);
    assert!(a.iter().any(|w| w.contains("still live")), "{a:?}");
    records.clear();
    let a = found(&entries, &records, &expect);
    assert!(a.iter().any(|w| w.contains("no record")), "{a:?}");
}

#[test]
fn a_reply_that_comes_before_its_moves_event_is_found() {
    let (mut entries, records, expect) = clean();
    // The first player never hears its first move's event.
    entries.retain(|e| !(e.actor == 0 && matches!(e.op, Op::Event { version: 1, .. })));
    let a = found(&entries, &records, &expect);
    assert!(
        a.iter()
            .any(|w| w.contains("actor 0: move") && w.contains("its event had not come first")),
        "{a:?}"
    );
}
