//! Tournaments in the records: a tournament's set-up and its log read back as written, in
//! order, after the store is closed and opened again; ids never given twice; only this node's
//! tournaments, and only those not finished long ago; a damaged event refused.

use chaupal_shared::protocol::PlayerInfo;
use chaupal_shared::protocol::tournaments::{TournamentFormat, TournamentId, TournamentSetup};

use super::*;
use crate::store::tournaments::{LoggedEvent, StoredTournament};

pub(super) fn setup(private: bool) -> TournamentSetup {
    TournamentSetup {
        computers: Vec::new(),
        correspondence: None,
        game: GameKind::Kalah,
        rules: vec![RulePair {
            key: "seeds".into(),
            value: "4".into(),
        }],
        clock: ClockSpec {
            initial_ms: 180_000,
            increment_ms: 2_000,
        },
        format: TournamentFormat::Arena {
            minutes: 45,
            streaks: false,
        },
        starts_in_s: 60,
        private,
        rated: false,
    }
}

pub(super) fn who(id: u64) -> PlayerInfo {
    PlayerInfo {
        id: PlayerId(id),
        name: format!("p{id}"),
    }
}

fn log() -> Vec<LoggedEvent> {
    let events = [
        TournamentEvent::Joined {
            player: who(1),
            rating: 1510,
            computer: None,
        },
        TournamentEvent::Joined {
            player: who(2),
            rating: 1490,
            computer: Some(3),
        },
        TournamentEvent::Paired {
            game: GameId(7),
            first: PlayerId(2),
            second: PlayerId(1),
        },
        TournamentEvent::Paused {
            player: PlayerId(1),
        },
        TournamentEvent::Finished {
            game: GameId(7),
            result: FirstSide::Drew,
            plies: 31,
            berserk: [true, false],
        },
        TournamentEvent::Unstarted {
            first: PlayerId(1),
            second: PlayerId(2),
        },
        TournamentEvent::Paired {
            game: GameId(9),
            first: PlayerId(1),
            second: PlayerId(2),
        },
        TournamentEvent::Cancelled { game: GameId(9) },
        TournamentEvent::Left {
            player: PlayerId(2),
        },
    ];
    events
        .into_iter()
        .enumerate()
        .map(|(k, event)| LoggedEvent {
            at_ms: 1_000 + k as u64,
            event,
        })
        .collect()
}

#[tokio::test]
async fn tournaments_and_their_logs_are_kept_in_order_and_reload() {
    for db in TestDb::all().await {
        let store = db.open().await;
        let old = store
            .create_tournament(&setup(false), Some(&who(5)), None, (0, 10, 0))
            .await
            .unwrap();
        let public = store
            .create_tournament(&setup(false), Some(&who(5)), None, (100, 2_800_100, 50))
            .await
            .unwrap();
        let private = store
            .create_tournament(
                &setup(true),
                Some(&who(6)),
                Some("c0de"),
                (200, 2_800_200, 60),
            )
            .await
            .unwrap();
        // The server's own (an hourly arena) has no maker.
        let hourly = store
            .create_tournament(&setup(false), None, None, (300, 2_800_300, 70))
            .await
            .unwrap();
        assert!(old < public && public < private && private < hourly);
        // Two logs written turn about stay apart, each in its order.
        for e in log() {
            store
                .record_tournament_event(public, e.at_ms, &e.event)
                .await
                .unwrap();
            store
                .record_tournament_event(
                    private,
                    e.at_ms + 5,
                    &TournamentEvent::Left {
                        player: PlayerId(e.at_ms),
                    },
                )
                .await
                .unwrap();
        }
        // Another node's tournament is not this node's.
        let other = store.clone().for_node("n2");
        let theirs = other
            .create_tournament(&setup(false), Some(&who(7)), None, (0, 9_999_999, 0))
            .await
            .unwrap();
        assert!(theirs > hourly);
        store.close().await;

        let store = db.open().await;
        let kept = store.tournaments_ending_after(10).await.unwrap();
        assert_eq!(
            kept,
            vec![
                StoredTournament {
                    id: public,
                    setup: setup(false),
                    by: Some(who(5)),
                    code: None,
                    starts_ms: 100,
                    ends_ms: 2_800_100,
                    made_ms: 50,
                },
                StoredTournament {
                    id: private,
                    setup: setup(true),
                    by: Some(who(6)),
                    code: Some("c0de".into()),
                    starts_ms: 200,
                    ends_ms: 2_800_200,
                    made_ms: 60,
                },
                StoredTournament {
                    id: hourly,
                    setup: setup(false),
                    by: None,
                    code: None,
                    starts_ms: 300,
                    ends_ms: 2_800_300,
                    made_ms: 70,
                },
            ]
        );
        assert_eq!(store.tournament_events(public).await.unwrap(), log());
        let others: Vec<u64> = store
            .tournament_events(private)
            .await
            .unwrap()
            .iter()
            .map(|e| match e.event {
                TournamentEvent::Left { player } => player.0,
                _ => 0,
            })
            .collect();
        assert_eq!(others, (1_000..1_009).collect::<Vec<u64>>());
        assert!(store.tournament_events(old).await.unwrap().is_empty());
        assert_eq!(store.tournaments_ending_after(9).await.unwrap().len(), 4);
        let node = store.clone().for_node("n2");
        let theirs_kept = node.tournaments_ending_after(0).await.unwrap();
        assert_eq!(theirs_kept.len(), 1);
        assert_eq!(theirs_kept[0].id, theirs);
        // A new tournament's id continues after the highest recorded.
        let next = store
            .create_tournament(&setup(false), Some(&who(5)), None, (0, 1, 0))
            .await
            .unwrap();
        assert!(next > theirs, "{next} {theirs}");
        // A damaged event is refused, not skipped.
        sqlx::query("INSERT INTO tournament_events (tournament, at_ms, body) VALUES ($1, 1, '{}')")
            .bind(to_i64(public.0))
            .execute(&store.pool)
            .await
            .unwrap();
        assert!(matches!(
            store.tournament_events(public).await,
            Err(StoreError::Corrupt(_))
        ));
        db.remove(store).await;
    }
}

#[tokio::test]
async fn a_failed_tournament_write_says_so() {
    let db = TestDb::sqlite();
    let store = db.open().await;
    let made = store
        .create_tournament(&setup(false), Some(&who(1)), None, (0, 1, 0))
        .await
        .unwrap();
    store.close().await;
    let refused = store
        .record_tournament_event(made, 5, &TournamentEvent::Cancelled { game: GameId(1) })
        .await;
    assert!(refused.is_err());
    assert!(
        store
            .create_tournament(&setup(false), Some(&who(1)), None, (0, 1, 0))
            .await
            .is_err()
    );
    let _ = TournamentId(0);
}
