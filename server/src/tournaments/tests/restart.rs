//! Tournaments across a restart: a new service on the same records finds the same
//! tournaments (entrants, standings, statuses, games in play) and gives ids after theirs; the
//! games in play at the restart are followed again, scored from their record, or cancelled; a
//! change the records refuse is not made.

use chaupal_rules::game::Side;
use chaupal_shared::protocol::GameResult;
use chaupal_shared::protocol::tournaments::EntrantPresence;
use sqlx::Connection;

use chaupal_tournament::entrant::Pairing;

use super::*;
use crate::store::FirstSide;
use crate::store::Store;

/// A registry on `store` with no rooms open (as after a restart before the rooms are back).
fn registry_on(store: &Store) -> Registry {
    Registry::new(
        store.clone(),
        crate::room::harness::pool(),
        Arc::new(Limits::default()),
        None,
        Announcer::new(None),
        Players::default(),
        None,
    )
}

/// A pass with everyone present, its games started as the service starts them: the games
/// of `tournament` in play after it.
async fn pass(t: &Tournaments, tournament: TournamentId) -> Vec<GameId> {
    let now = t.now_ms();
    let paired = {
        let mut state = t.state();
        let run = state.runs.get_mut(&tournament).unwrap();
        let run::Play::Arena(arena) = &mut run.play else {
            panic!("an arena")
        };
        let pairings = arena.pass(now, &|_| true, &mut || true);
        pairings
            .into_iter()
            .map(|p| {
                let seats = [p.first, p.second].map(|e| run.entrants[e.0 as usize].clone());
                (p, seats, run.setup.clone())
            })
            .collect::<Vec<_>>()
    };
    for (pairing, seats, setup) in paired {
        t.start(tournament, pairing, seats, setup).await;
    }
    let state = t.state();
    let mut games: Vec<GameId> = state.runs[&tournament].games.keys().copied().collect();
    games.sort();
    games
}

fn won_by(side: Side) -> GameResult {
    GameResult {
        winner: Some(side),
        reason: chaupal_shared::protocol::ResultReason::Resignation,
    }
}

/// What a restart must keep of `tournament`, as player `viewer` sees it.
#[derive(Debug, PartialEq)]
struct Seen {
    view: TournamentView,
    standings: StandingsPage,
    games: Vec<(GameId, Pairing)>,
    entrants: Vec<(PlayerId, i32)>,
}

fn seen_by(t: &Tournaments, viewer: u64, tournament: TournamentId) -> Seen {
    let view = t.open(PlayerId(viewer), tournament, None, None).unwrap();
    let standings = t.standings(PlayerId(viewer), tournament, 0).unwrap();
    let state = t.state();
    let run = &state.runs[&tournament];
    let mut games: Vec<(GameId, Pairing)> = run.games.iter().map(|(g, p)| (*g, *p)).collect();
    games.sort_by_key(|(g, _)| *g);
    Seen {
        view,
        standings,
        games,
        entrants: run
            .entrants
            .iter()
            .map(|e| (e.player.id, e.rating))
            .collect(),
    }
}

fn now_arena() -> TournamentSetup {
    let mut setup = arena(false);
    setup.starts_in_s = 0;
    setup
}

#[tokio::test]
async fn a_restart_keeps_entrants_standings_statuses_games_and_ids() {
    let (t, _dir) = tournaments().await;
    let store = t.inner.registry.store().clone();
    let running = t
        .create(&player(1), now_arena())
        .await
        .unwrap()
        .summary
        .tournament;
    let made = t.create(&player(2), arena(true)).await.unwrap();
    let (upcoming, code) = (made.summary.tournament, made.code);
    assert!(code.is_some());
    for p in 1..=5 {
        t.join(&player(p), running, None).await.unwrap();
    }
    t.join(&player(6), upcoming, code.as_deref()).await.unwrap();
    t.step_out(PlayerId(5), running, false).await.unwrap();
    let games = pass(&t, running).await;
    assert_eq!(games.len(), 2);
    // One game ends (the first side wins in 30 plies), the other is still played.
    t.ended(Ending {
        game: games[0],
        result: won_by(Side::First),
        plies: 30,
        berserk: [false; 2],
    })
    .await;
    t.step_out(PlayerId(4), running, true).await.unwrap();
    let before = [
        seen_by(&t, 1, running),
        seen_by(&t, 4, running),
        seen_by(&t, 6, upcoming),
    ];
    assert_eq!(before[0].standings.lines[0].points, 2);
    assert_eq!(before[0].games.len(), 1);
    let listed = t.list(PlayerId(1));
    drop(t);

    // The rooms come back first, as at a start; then the tournaments.
    let registry = registry_on(&store);
    registry.restore().await.unwrap();
    assert!(registry.is_live(games[1]));
    let t = Tournaments::load(registry, Arc::new(Limits::default()))
        .await
        .unwrap();
    let after = [
        seen_by(&t, 1, running),
        seen_by(&t, 4, running),
        seen_by(&t, 6, upcoming),
    ];
    assert_eq!(after, before);
    assert_eq!(after[0].view.summary.status, TournamentStatus::Running);
    assert_eq!(after[2].view.summary.status, TournamentStatus::Upcoming);
    assert_eq!(after[2].view.code, code);
    assert_eq!(t.list(PlayerId(1)), listed);
    // The game in play is followed again: its ending is scored.
    assert_eq!(t.state().games.get(&games[1]), Some(&running));
    t.ended(Ending {
        game: games[1],
        result: won_by(Side::Second),
        plies: 40,
        berserk: [false; 2],
    })
    .await;
    let points: u32 = seen_by(&t, 1, running)
        .standings
        .lines
        .iter()
        .map(|l| l.points)
        .sum();
    assert_eq!(points, 4);
    // Ids continue after the highest recorded.
    let next = t
        .create(&player(3), arena(false))
        .await
        .unwrap()
        .summary
        .tournament;
    assert!(next > upcoming, "{next} after {upcoming}");
}

#[tokio::test]
async fn games_left_in_play_at_a_restart_are_scored_from_their_record_or_cancelled() {
    let (t, dir) = tournaments().await;
    let store = t.inner.registry.store().clone();
    let running = t
        .create(&player(1), now_arena())
        .await
        .unwrap()
        .summary
        .tournament;
    for p in 1..=4 {
        t.join(&player(p), running, None).await.unwrap();
    }
    let games = pass(&t, running).await;
    assert_eq!(games.len(), 2);
    let pairings = seen_by(&t, 1, running).games;
    drop(t);
    // While the node was down, the first game ended (its second side won in 25 plies); the
    // second's room does not come back.
    let url = format!("sqlite://{}", dir.path().join("t.sqlite").display());
    let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
    sqlx::query(
        "UPDATE games SET status = 'finished', winner = 'second', reason = $1, plies = 25 \
         WHERE id = $2",
    )
    .bind(chaupal_shared::protocol::ResultReason::Resignation.name())
    .bind(games[0].0 as i64)
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();

    let t = Tournaments::load(registry_on(&store), Arc::new(Limits::default()))
        .await
        .unwrap();
    let after = seen_by(&t, 1, running);
    assert!(after.games.is_empty(), "{:?}", after.games);
    assert!(t.state().games.is_empty());
    let scored = pairings[0].1.second;
    for line in &after.standings.lines {
        let entrant = t.state().runs[&running].by_player[&line.player.id];
        let expected = if entrant == scored { 2 } else { 0 };
        assert_eq!(line.points, expected, "{:?}", line.player);
        assert_eq!(line.presence, EntrantPresence::Idle);
        let played = if pairings[0].1.has(entrant) { 1 } else { 0 };
        assert_eq!(line.scores.len(), played);
    }
    // The settlement is recorded: another restart finds the same, and settles nothing more.
    let log = store.tournament_events(running).await.unwrap();
    let last: Vec<&TournamentEvent> = log[log.len() - 2..].iter().map(|e| &e.event).collect();
    assert_eq!(
        last,
        [
            &TournamentEvent::Finished {
                game: games[0],
                result: FirstSide::Lost,
                plies: 25,
                berserk: [false; 2],
            },
            &TournamentEvent::Cancelled { game: games[1] },
        ]
    );
    drop(t);
    let t = Tournaments::load(registry_on(&store), Arc::new(Limits::default()))
        .await
        .unwrap();
    assert_eq!(seen_by(&t, 1, running), after);
    assert_eq!(
        store.tournament_events(running).await.unwrap().len(),
        log.len()
    );
}

#[tokio::test]
async fn a_change_the_records_refuse_is_not_made_and_says_so() {
    let (t, _dir) = tournaments().await;
    let running = t
        .create(&player(1), now_arena())
        .await
        .unwrap()
        .summary
        .tournament;
    t.join(&player(1), running, None).await.unwrap();
    let before = seen_by(&t, 1, running);
    t.inner.registry.store().close().await;
    let refused = t.step_out(PlayerId(1), running, true).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Storage);
    assert_eq!(seen_by(&t, 1, running), before);
    let refused = t.create(&player(2), now_arena()).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Storage);
    assert_eq!(t.list(PlayerId(2)).len(), 1);
}

#[tokio::test]
async fn the_hourly_arenas_come_back_after_a_restart_and_are_not_made_twice() {
    let (t, _dir) = tournaments().await;
    let store = t.inner.registry.store().clone();
    // 2026-12-07 10:20 UTC: this hour's and the next's, for each game.
    let at = 1_796_637_600_000 + 20 * 60_000;
    t.keep_hourly(at).await;
    let before = t.list(PlayerId(1));
    assert_eq!(before.len(), 8);
    drop(t);
    let t = Tournaments::load(registry_on(&store), Arc::new(Limits::default()))
        .await
        .unwrap();
    assert_eq!(t.list(PlayerId(1)), before, "kept, with no maker");
    t.keep_hourly(at + 60_000).await;
    assert_eq!(t.list(PlayerId(1)).len(), 8, "none made twice");
}

#[tokio::test]
async fn a_reminder_recorded_is_not_due_again_after_a_restart_and_only_the_idle_are_reminded() {
    let (t, _dir) = tournaments().await;
    let store = t.inner.registry.store().clone();
    let made = t.create(&player(1), arena(false)).await.unwrap();
    let id = made.summary.tournament;
    for p in 1..=3 {
        t.join(&player(p), id, None).await.unwrap();
    }
    t.step_out(PlayerId(2), id, false).await.unwrap();
    t.step_out(PlayerId(3), id, true).await.unwrap();
    let starts = made.summary.starts_ms;
    let soon = starts - run::REMIND_BEFORE_MS;
    {
        let state = t.state();
        let run = &state.runs[&id];
        assert!(
            !run.reminder_due(soon - 1),
            "not before five minutes before"
        );
        assert!(run.reminder_due(soon));
        assert!(!run.reminder_due(starts), "not once it has started");
        assert_eq!(
            run.to_remind(),
            [PlayerId(1)],
            "the paused and the gone are not"
        );
    }
    let _changes = t.inner.changes.lock().await;
    t.record(id, soon, TournamentEvent::Reminded).await.unwrap();
    drop(_changes);
    assert!(!t.state().runs[&id].reminder_due(soon));
    drop(t);
    let t = Tournaments::load(registry_on(&store), Arc::new(Limits::default()))
        .await
        .unwrap();
    assert!(
        !t.state().runs[&id].reminder_due(soon + 1_000),
        "the record says it was sent"
    );
}

#[tokio::test]
async fn joins_at_once_are_made_together_in_their_order_and_rebuilt_alike() {
    let (t, _dir) = tournaments().await;
    let store = t.inner.registry.store().clone();
    let id = t
        .create(&player(1), arena(false))
        .await
        .unwrap()
        .summary
        .tournament;
    let joins = (1..=60).map(|p| {
        let t = t.clone();
        async move { t.join(&player(p), id, None).await }
    });
    let joined = futures_util::future::join_all(joins).await;
    assert!(joined.iter().all(Result::is_ok), "{joined:?}");
    // A player's two joins at once: one enters, the other hears that they are in already.
    let twice = player(61);
    let (a, b) = tokio::join!(t.join(&twice, id, None), t.join(&twice, id, None));
    let refused: Vec<_> = [a, b].into_iter().filter_map(Result::err).collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].code, ErrorCode::AlreadyEntered);
    let entrants = |t: &Tournaments| -> Vec<PlayerId> {
        t.state().runs[&id]
            .entrants
            .iter()
            .map(|e| e.player.id)
            .collect()
    };
    let lived = entrants(&t);
    assert_eq!(lived.len(), 61);
    let seen = seen_by(&t, 7, id);
    drop(t);
    let t = Tournaments::load(registry_on(&store), Arc::new(Limits::default()))
        .await
        .unwrap();
    assert_eq!(entrants(&t), lived, "the log's order is the order lived");
    assert_eq!(seen_by(&t, 7, id), seen);
}
