//! The checker: reads a run's history beside the records the server kept at the end, and lists
//! every anomaly, in the manner of Jepsen's checkers. What must hold:
//!
//! - **Nothing acknowledged is lost**: every move a player was told was played is in its game's
//!   record, at the ply it was played at.
//! - **A move's reply follows its event**: a player told its move was played had heard the
//!   move's event first, as the protocol promises.
//! - **Nothing is played that nobody sent, or twice**: every stored move is a move its player
//!   sent for that ply; no ply has two acknowledged moves, no version two different events.
//! - **A refusal changes nothing**: a move refused with an error is not in the record, unless
//!   the same move was sent again for that ply and not refused.
//! - **One game, one history** (no two nodes running one game at once, as clients can see
//!   it): every observer's event of a given version is the same event, every broadcast move is
//!   in the record, every snapshot is a prefix of it.
//! - **In order, without a gap**: each observer heard each game's events one version after the
//!   other; a snapshot (a resync) may start it again at any version, and after the observer's
//!   own `rejoin` from version `s` the events may start again at `s + 1` (those already on
//!   their way come first).
//! - **Clocks and deadlines**: no move was accepted after its mover's flag fell; a game lost on
//!   time was lost with the loser's clock at zero, and not before that much time had passed;
//!   players who stalled lost on time; correspondence games lost on time only once their
//!   deadline had passed (the run moves the servers' clock on past them).

use std::collections::{BTreeMap, HashMap};

use chaupal_rules::Side;
use chaupal_shared::protocol::{GameEvent, GameId, GameResult, ResultReason, Version};

use super::actors::GamePlan;
use super::log::{ActorId, Entry, FAULTS, Op};

/// A game as the records keep it at the end of the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    pub moves: Vec<String>,
    pub finished: bool,
    pub result: Option<GameResult>,
}

/// What the checker knows of a game's set-up.
#[derive(Clone, Debug)]
pub struct TableInfo {
    pub game: GameId,
    pub plan: GamePlan,
    /// The actors of the first and second seats.
    pub seats: [ActorId; 2],
}

/// The run's facts beside the history.
#[derive(Clone, Debug, Default)]
pub struct Expectations {
    pub tables: Vec<TableInfo>,
    /// When (ms into the run) the servers' clock was moved on past every correspondence
    /// deadline, if it was.
    pub deadlines_passed_at_ms: Option<u64>,
    /// How early a flag may seem to fall, from the times the clients heard things.
    pub clock_tolerance_ms: u64,
}

/// One thing that should not have happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anomaly {
    pub game: Option<GameId>,
    pub what: String,
}

/// What the checker found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: usize,
    pub moves_stored: usize,
    pub acknowledged: usize,
    pub refused: usize,
    pub unknown: usize,
    pub events_seen: usize,
    pub snapshots_seen: usize,
    pub faults: usize,
    pub anomalies: Vec<Anomaly>,
}

impl Report {
    /// One line of counts.
    pub fn summary(&self) -> String {
        format!(
            "games={} moves_stored={} acknowledged={} refused={} unknown={} events_seen={} \
             snapshots_seen={} faults={} anomalies={}",
            self.games,
            self.moves_stored,
            self.acknowledged,
            self.refused,
            self.unknown,
            self.events_seen,
            self.snapshots_seen,
            self.faults,
            self.anomalies.len()
        )
    }

    /// Writes, for each game with an anomaly, its part of the history (and the faults) to
    /// `dir/game-ID.jsonl`, to be read beside the report.
    pub fn write_games(&self, entries: &[Entry], dir: &std::path::Path) -> std::io::Result<()> {
        use std::io::Write;
        let games: std::collections::BTreeSet<GameId> =
            self.anomalies.iter().filter_map(|a| a.game).collect();
        for game in games {
            let mut out = std::io::BufWriter::new(std::fs::File::create(
                dir.join(format!("game-{}.jsonl", game.0)),
            )?);
            for e in entries
                .iter()
                .filter(|e| e.op.game() == Some(game) || e.actor == FAULTS)
            {
                serde_json::to_writer(&mut out, e)?;
                out.write_all(b"\n")?;
            }
            out.flush()?;
        }
        Ok(())
    }
}

/// A move sent, as the history tells it.
struct Sent {
    game: GameId,
    ply: u32,
    notation: String,
    outcome: Outcome,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Pending,
    Acked(Version),
    Refused,
    Unknown,
}

/// Checks `entries` against `records`.
pub fn check(
    entries: &[Entry],
    records: &BTreeMap<GameId, Stored>,
    expect: &Expectations,
) -> Report {
    let mut report = Report {
        games: records.len(),
        moves_stored: records.values().map(|r| r.moves.len()).sum(),
        ..Report::default()
    };
    let mut found = Vec::new();
    let mut bad = |game: Option<GameId>, what: String| found.push(Anomaly { game, what });

    // The moves sent and what became of them; the moves each actor heard.
    let mut sent: HashMap<(ActorId, u64), Sent> = HashMap::new();
    let mut heard: HashMap<(ActorId, GameId, u32), String> = HashMap::new();
    for e in entries {
        match &e.op {
            Op::Event {
                game,
                event: GameEvent::Moved { ply, notation, .. },
                ..
            } => {
                report.events_seen += 1;
                heard.insert((e.actor, *game, *ply), notation.clone());
            }
            Op::Invoke {
                game,
                ply,
                notation,
                req,
            } => {
                sent.insert(
                    (e.actor, *req),
                    Sent {
                        game: *game,
                        ply: *ply,
                        notation: notation.clone(),
                        outcome: Outcome::Pending,
                    },
                );
            }
            Op::Ok { req, version, .. } => {
                // The protocol: a move's reply comes after the move's event.
                if let Some(s) = sent.get(&(e.actor, *req))
                    && heard.get(&(e.actor, s.game, s.ply + 1)) != Some(&s.notation)
                {
                    bad(
                        Some(s.game),
                        format!(
                            "actor {}: move {} at ply {} was acknowledged, but its event had not \
                             come first",
                            e.actor,
                            s.notation,
                            s.ply + 1
                        ),
                    );
                }
                set(&mut sent, e.actor, *req, Outcome::Acked(*version));
            }
            Op::Fail { req, .. } => set(&mut sent, e.actor, *req, Outcome::Refused),
            Op::Unknown { req, .. } => set(&mut sent, e.actor, *req, Outcome::Unknown),
            Op::Event { .. } => report.events_seen += 1,
            Op::Snapshot { .. } => report.snapshots_seen += 1,
            Op::Fault { .. } => report.faults += 1,
            _ => {}
        }
    }
    let mut by_ply: HashMap<(GameId, u32), Vec<&Sent>> = HashMap::new();
    for s in sent.values() {
        by_ply.entry((s.game, s.ply)).or_default().push(s);
        match s.outcome {
            Outcome::Acked(_) => report.acknowledged += 1,
            Outcome::Refused => report.refused += 1,
            Outcome::Unknown | Outcome::Pending => report.unknown += 1,
        }
    }

    for s in sent.values() {
        let Some(stored) = records.get(&s.game) else {
            bad(
                Some(s.game),
                "a game a player moved in has no record".into(),
            );
            continue;
        };
        let at = stored.moves.get(s.ply as usize);
        match s.outcome {
            Outcome::Acked(version) => {
                if at != Some(&s.notation) {
                    bad(
                        Some(s.game),
                        format!(
                            "acknowledged move {} at ply {} (version {}) is not in the record \
                             (it holds {at:?})",
                            s.notation,
                            s.ply + 1,
                            version
                        ),
                    );
                }
            }
            Outcome::Refused => {
                let explained = by_ply[&(s.game, s.ply)].iter().any(|o| {
                    o.notation == s.notation
                        && matches!(
                            o.outcome,
                            Outcome::Acked(_) | Outcome::Unknown | Outcome::Pending
                        )
                });
                if at == Some(&s.notation) && !explained {
                    bad(
                        Some(s.game),
                        format!(
                            "move {} at ply {} was refused, yet it is in the record",
                            s.notation,
                            s.ply + 1
                        ),
                    );
                }
            }
            Outcome::Unknown | Outcome::Pending => {}
        }
    }
    // Two acknowledgements of one ply, or of one version.
    let mut acked_versions: HashMap<(GameId, Version), (u32, &str)> = HashMap::new();
    for ((game, ply), list) in &by_ply {
        let acked: Vec<&&Sent> = list
            .iter()
            .filter(|s| matches!(s.outcome, Outcome::Acked(_)))
            .collect();
        if acked.len() > 1 {
            bad(
                Some(*game),
                format!("ply {} was acknowledged {} times", ply + 1, acked.len()),
            );
        }
        for s in acked {
            // Version 0: the move's event was not heard by its player (only its reply).
            if let Outcome::Acked(v) = s.outcome
                && v > 0
                && let Some((other_ply, other)) =
                    acked_versions.insert((*game, v), (s.ply, s.notation.as_str()))
                && (other_ply, other) != (s.ply, s.notation.as_str())
            {
                bad(
                    Some(*game),
                    format!("version {v} acknowledged for two different moves"),
                );
            }
        }
    }
    // Every stored move was sent by someone for that ply.
    for (game, stored) in records {
        for (ply, mv) in stored.moves.iter().enumerate() {
            let ply = u32::try_from(ply).unwrap_or(u32::MAX);
            let asked = by_ply
                .get(&(*game, ply))
                .is_some_and(|l| l.iter().any(|s| &s.notation == mv));
            if !asked {
                bad(
                    Some(*game),
                    format!(
                        "stored move {mv} at ply {} was never sent for that ply",
                        ply + 1
                    ),
                );
            }
        }
    }

    check_observers(entries, records, &mut bad);
    check_clocks(entries, records, expect, &mut bad);
    report.anomalies = found;
    report
}

fn set(sent: &mut HashMap<(ActorId, u64), Sent>, actor: ActorId, req: u64, outcome: Outcome) {
    if let Some(s) = sent.get_mut(&(actor, req)) {
        s.outcome = outcome;
    }
}

/// One history per game, in order and without gaps for each observer.
fn check_observers(
    entries: &[Entry],
    records: &BTreeMap<GameId, Stored>,
    bad: &mut impl FnMut(Option<GameId>, String),
) {
    let mut first_seen: HashMap<(GameId, Version), String> = HashMap::new();
    let mut last: HashMap<(ActorId, GameId), Version> = HashMap::new();
    // An actor's own rejoin: the events that follow may start again after its `since`.
    let mut rejoined: HashMap<(ActorId, GameId), Version> = HashMap::new();
    for e in entries {
        match &e.op {
            Op::Rejoin {
                game,
                since: Some(since),
            } => {
                rejoined.insert((e.actor, *game), *since);
            }
            Op::Event {
                game,
                version,
                event,
            } => {
                let text = serde_json::to_string(event).unwrap_or_default();
                match first_seen.get(&(*game, *version)) {
                    Some(seen) if seen != &text => bad(
                        Some(*game),
                        format!(
                            "two different events of version {}: {seen} and {text}",
                            version
                        ),
                    ),
                    Some(_) => {}
                    None => {
                        first_seen.insert((*game, *version), text);
                    }
                }
                let restart = rejoined.get(&(e.actor, *game)).copied();
                match last.get(&(e.actor, *game)) {
                    Some(l) if *version == *l + 1 => {}
                    Some(_) if restart.is_some_and(|s| *version == s + 1) => {
                        rejoined.remove(&(e.actor, *game));
                    }
                    Some(l) if *version <= *l => bad(
                        Some(*game),
                        format!(
                            "actor {} heard version {} again after version {}",
                            e.actor, version, *l
                        ),
                    ),
                    Some(l) => bad(
                        Some(*game),
                        format!(
                            "actor {} heard version {} after version {}: a gap without a resync",
                            e.actor, version, *l
                        ),
                    ),
                    // Events before any snapshot: the game started while the actor followed.
                    None if *version == 1 => {}
                    None => bad(
                        Some(*game),
                        format!(
                            "actor {} heard version {} with nothing before it",
                            e.actor, version
                        ),
                    ),
                }
                last.insert((e.actor, *game), *version);
                let Some(stored) = records.get(game) else {
                    continue;
                };
                match event {
                    GameEvent::Moved { ply, notation, .. } => {
                        let at = stored.moves.get((*ply as usize).wrapping_sub(1));
                        if at != Some(notation) {
                            bad(
                                Some(*game),
                                format!(
                                    "move {notation} at ply {ply} was broadcast (version {}) but the \
                                     record holds {at:?}",
                                    version
                                ),
                            );
                        }
                    }
                    GameEvent::Ended { result, .. }
                        if !stored.finished || stored.result != Some(*result) =>
                    {
                        bad(
                            Some(*game),
                            format!(
                                "the end was broadcast as {result:?} but the record says {:?}",
                                stored.result
                            ),
                        );
                    }
                    _ => {}
                }
            }
            Op::Snapshot {
                game,
                version,
                moves,
                result,
                ..
            } => {
                last.insert((e.actor, *game), *version);
                rejoined.remove(&(e.actor, *game));
                let Some(stored) = records.get(game) else {
                    continue;
                };
                if !stored.moves.starts_with(moves) {
                    bad(
                        Some(*game),
                        format!(
                            "a snapshot (version {}) of {} moves is not a beginning of the record",
                            version,
                            moves.len()
                        ),
                    );
                }
                if result.is_some() && *result != stored.result {
                    bad(
                        Some(*game),
                        format!(
                            "a snapshot's result {result:?} is not the record's {:?}",
                            stored.result
                        ),
                    );
                }
            }
            _ => {}
        }
    }
}

/// The side that moved at a stored ply, replaying the record.
fn sides_of(plan: &GamePlan, moves: &[String]) -> Option<(Vec<Side>, Side)> {
    let mut game = chaupal_rules::AnyGame::start(plan.kind, Vec::<(String, String)>::new()).ok()?;
    let mut sides = Vec::with_capacity(moves.len());
    for mv in moves {
        sides.push(game.side_to_move());
        game.play_text(mv).ok()?;
    }
    Some((sides, game.side_to_move()))
}

/// Clocks and deadlines honoured.
fn check_clocks(
    entries: &[Entry],
    records: &BTreeMap<GameId, Stored>,
    expect: &Expectations,
    bad: &mut impl FnMut(Option<GameId>, String),
) {
    // The first time anyone heard each event.
    let mut heard: HashMap<(GameId, Version), (u64, &GameEvent)> = HashMap::new();
    for e in entries {
        if let Op::Event {
            game,
            version,
            event,
        } = &e.op
        {
            heard.entry((*game, *version)).or_insert((e.at_ms, event));
        }
    }
    for table in &expect.tables {
        let game = table.game;
        let Some(stored) = records.get(&game) else {
            bad(Some(game), "no record at the end".into());
            continue;
        };
        if !stored.finished {
            bad(
                Some(game),
                "the game was still live when its players left".into(),
            );
        }
        let Some((sides, to_move)) = sides_of(&table.plan, &stored.moves) else {
            bad(Some(game), "the record does not replay".into());
            continue;
        };
        let mut events: Vec<(Version, u64, &GameEvent)> = heard
            .iter()
            .filter(|((g, _), _)| *g == game)
            .map(|((_, v), (at, e))| (*v, *at, *e))
            .collect();
        events.sort_by_key(|(v, _, _)| *v);
        let timeout = stored
            .result
            .is_some_and(|r| r.reason == ResultReason::Timeout);
        let stalled = table
            .plan
            .stall_at
            .is_some_and(|at| stored.moves.len() >= at as usize);
        if let Some(clock) = table.plan.clock {
            for (v, _, e) in &events {
                if let GameEvent::Moved {
                    side,
                    clocks: Some(c),
                    ..
                } = e
                {
                    let left = if *side == Side::First {
                        c.first_ms
                    } else {
                        c.second_ms
                    };
                    if left < clock.increment_ms {
                        bad(
                            Some(game),
                            format!(
                                "version {}: a move was accepted after its mover's flag fell \
                                 ({left} ms left with an increment of {} ms)",
                                *v, clock.increment_ms
                            ),
                        );
                    }
                }
            }
            if timeout {
                check_flag(
                    game,
                    stored,
                    &sides,
                    to_move,
                    clock.initial_ms,
                    &events,
                    expect,
                    bad,
                );
            }
        }
        if table.plan.correspondence.is_some() && timeout {
            match expect.deadlines_passed_at_ms {
                None => bad(
                    Some(game),
                    "a correspondence game was lost on time before any deadline passed".into(),
                ),
                Some(at) => {
                    if let Some((_, heard_at, _)) = events
                        .iter()
                        .find(|(_, _, e)| matches!(e, GameEvent::Ended { .. }))
                        && *heard_at < at
                    {
                        bad(
                            Some(game),
                            format!(
                                "lost on time at {heard_at} ms, before the deadlines passed at {at} ms"
                            ),
                        );
                    }
                }
            }
        }
        if timeout && stored.result.and_then(|r| r.winner) == Some(to_move) {
            bad(
                Some(game),
                "the side that was not to move lost on time".into(),
            );
        }
        let deadline_due = table.plan.correspondence.is_some_and(|c| c.days.is_some())
            && expect.deadlines_passed_at_ms.is_some();
        if (stalled || deadline_due) && stored.finished && !timeout {
            // A staller's game (or a correspondence game whose deadline passed) must end on
            // time, unless something else ended it first.
            let ended_otherwise = stored
                .result
                .is_some_and(|r| matches!(r.reason, ResultReason::Rules(_)));
            if !ended_otherwise && (stalled || table.plan.clock.is_none()) {
                bad(
                    Some(game),
                    format!(
                        "expected a loss on time, the record says {:?}",
                        stored.result
                    ),
                );
            }
        }
        if timeout && !stalled && table.plan.correspondence.is_none() {
            bad(
                Some(game),
                "a player who always moved at once lost on time".into(),
            );
        }
    }
}

/// A game lost on time: the loser's clock read zero at the end, and at least the time it had
/// left at the start of its last turn passed between that start and the end (as first heard).
#[allow(clippy::too_many_arguments)]
fn check_flag(
    game: GameId,
    stored: &Stored,
    sides: &[Side],
    to_move: Side,
    initial_ms: u64,
    events: &[(Version, u64, &GameEvent)],
    expect: &Expectations,
    bad: &mut impl FnMut(Option<GameId>, String),
) {
    let loser = to_move;
    let Some((_, end_at, GameEvent::Ended { clocks, .. })) = events
        .iter()
        .find(|(_, _, e)| matches!(e, GameEvent::Ended { .. }))
    else {
        return;
    };
    if let Some(c) = clocks {
        let left = if loser == Side::First {
            c.first_ms
        } else {
            c.second_ms
        };
        if left != 0 {
            bad(
                Some(game),
                format!("lost on time with {left} ms on the loser's clock"),
            );
        }
    }
    // The start of the loser's last turn: the last move by the other side, as first heard.
    let last_other = events
        .iter()
        .rev()
        .find(|(_, _, e)| matches!(e, GameEvent::Moved { side, .. } if *side != loser));
    let (started_at, left_then) = match last_other {
        Some((
            _,
            at,
            GameEvent::Moved {
                clocks: Some(c), ..
            },
        )) => (
            *at,
            if loser == Side::First {
                c.first_ms
            } else {
                c.second_ms
            },
        ),
        // A clock starts after the first move.
        _ if sides.is_empty() => return,
        _ => (0, initial_ms),
    };
    let waited = end_at.saturating_sub(started_at);
    if waited + expect.clock_tolerance_ms < left_then {
        bad(
            Some(game),
            format!(
                "the flag fell {waited} ms into a turn that had {left_then} ms ({} moves stored)",
                stored.moves.len()
            ),
        );
    }
}
