//! Which node runs each tournament: a tournament is made by the node that runs it, claimed by
//! one node only when its node is gone, given up at a graceful shutdown; each hourly arena is
//! made once however many nodes try; a log is read from a given event on; a tournament's games
//! that ended are found among those in play.

use chaupal_shared::protocol::tournaments::TournamentId;

use super::tournaments::{setup, who};
use super::*;

#[tokio::test]
async fn a_tournament_is_claimed_once_when_its_node_is_gone() {
    for db in TestDb::all().await {
        let store = db.open().await;
        let n1 = store.clone().for_node("n1");
        let n2 = store.clone().for_node("n2");
        let made = n1
            .create_tournament(&setup(false), Some(&who(1)), None, (0, 100, 0))
            .await
            .unwrap();
        let old = n1
            .create_tournament(&setup(false), Some(&who(1)), None, (0, 5, 0))
            .await
            .unwrap();
        assert_eq!(
            store.tournament_node(made).await.unwrap(),
            Some(Some("n1".into()))
        );
        assert_eq!(
            store.tournament_node(TournamentId(999)).await.unwrap(),
            None
        );
        let both = ["n1".to_owned(), "n2".to_owned()];
        // While n1 lives, nobody may claim it.
        assert!(
            store
                .orphan_tournaments(&both, 10)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(!n2.claim_tournament("n2", made, &both).await.unwrap());
        // n1 is gone: n2 and n3 both try, one gets it; one finished long ago is not listed.
        let survivors = ["n2".to_owned(), "n3".to_owned()];
        assert_eq!(
            store.orphan_tournaments(&survivors, 10).await.unwrap(),
            vec![made]
        );
        let n3 = store.clone().for_node("n3");
        let (a, b) = tokio::join!(
            n2.claim_tournament("n2", made, &survivors),
            n3.claim_tournament("n3", made, &survivors)
        );
        assert!(a.unwrap() ^ b.unwrap(), "claimed exactly once");
        let runner = store.tournament_node(made).await.unwrap().unwrap().unwrap();
        assert_eq!(
            store.tournaments_run_by(&runner, 10).await.unwrap(),
            vec![made]
        );
        assert!(store.tournaments_run_by("n1", 10).await.unwrap().is_empty());
        assert_eq!(store.tournaments_run_by("n1", 0).await.unwrap(), vec![old]);
        // A graceful shutdown gives it up: then any live node may claim it.
        assert_eq!(store.release_tournaments(&runner).await.unwrap(), 1);
        assert_eq!(store.tournament_node(made).await.unwrap(), Some(None));
        assert_eq!(
            store.orphan_tournaments(&survivors, 10).await.unwrap(),
            vec![made]
        );
        // With no live node listed at all, every unfinished tournament is an orphan.
        assert_eq!(store.orphan_tournaments(&[], 10).await.unwrap(), vec![made]);
        db.remove(store).await;
    }
}

#[tokio::test]
async fn each_hourly_arena_is_made_once() {
    for db in TestDb::all().await {
        let store = db.open().await;
        let n1 = store.clone().for_node("n1");
        let n2 = store.clone().for_node("n2");
        let first = n1
            .create_hourly(&setup(false), "Kalah@3600000", (3_600_000, 7_000_000, 0))
            .await
            .unwrap();
        let again = n2
            .create_hourly(&setup(false), "Kalah@3600000", (3_600_000, 7_000_000, 0))
            .await
            .unwrap();
        let next = n2
            .create_hourly(&setup(false), "Kalah@7200000", (7_200_000, 9_000_000, 0))
            .await
            .unwrap();
        let first = first.expect("the first is made");
        assert_eq!(again, None, "the second is not");
        assert!(next.is_some_and(|n| n > first));
        let all = store.every_tournament_ending_after(0).await.unwrap();
        assert_eq!(all.len(), 2);
        assert!(all.iter().all(|t| t.by.is_none()));
        assert_eq!(
            store.tournament(first).await.unwrap().unwrap().starts_ms,
            3_600_000
        );
        db.remove(store).await;
    }
}

#[tokio::test]
async fn a_log_is_read_from_an_event_on_and_ended_games_are_found() {
    for db in TestDb::all().await {
        let store = db.open().await;
        let t = store
            .create_tournament(&setup(false), Some(&who(1)), None, (0, 100, 0))
            .await
            .unwrap();
        for e in [1, 2, 3] {
            store
                .record_tournament_event(
                    t,
                    e,
                    &TournamentEvent::Left {
                        player: PlayerId(e),
                    },
                )
                .await
                .unwrap();
        }
        let all = store.tournament_events_after(t, 0).await.unwrap();
        assert_eq!(all.len(), 3);
        assert!(all.windows(2).all(|w| w[0].0 < w[1].0));
        let rest = store.tournament_events_after(t, all[0].0).await.unwrap();
        assert_eq!(rest, all[1..].to_vec());
        assert!(
            store
                .tournament_events_after(t, all[2].0)
                .await
                .unwrap()
                .is_empty()
        );
        // Of two games, the one that ended is found.
        let a = store.create_player("asha", "ha", 0).await.unwrap();
        let b = store.create_player("bikram", "hb", 0).await.unwrap();
        let ended = store.create_game(&new_game(a, b)).await.unwrap();
        let playing = store.create_game(&new_game(a, b)).await.unwrap();
        let result = GameResult {
            winner: Some(Side::First),
            reason: ResultReason::Resignation,
        };
        let finish = Change::Finish {
            result,
            clocks_ms: None,
            rated: None,
        };
        store.write(event(ended, 1, finish)).await.unwrap();
        let found = store.finished_among(&[ended, playing]).await.unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].id, found[0].result), (ended, Some(result)));
        db.remove(store).await;
    }
}
