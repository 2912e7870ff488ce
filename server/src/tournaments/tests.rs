#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use chaupal_rules::GameKind;
use chaupal_shared::protocol::ClockSpec;

use super::*;
use crate::announce::Announcer;
use crate::players::Players;
use crate::store::temporary;

async fn tournaments() -> (Tournaments, tempfile::TempDir) {
    let (store, dir) = temporary().await;
    let limits = Arc::new(Limits::default());
    let registry = Registry::new(
        store,
        crate::room::harness::pool(),
        limits.clone(),
        None,
        Announcer::new(None),
        Players::default(),
        None,
    );
    (Tournaments::new(registry, limits), dir)
}

fn player(id: u64) -> PlayerInfo {
    PlayerInfo {
        id: PlayerId(id),
        name: format!("p{id}"),
    }
}

fn arena(private: bool) -> TournamentSetup {
    TournamentSetup {
        game: GameKind::Kalah,
        rules: Vec::new(),
        clock: ClockSpec {
            initial_ms: 60_000,
            increment_ms: 0,
        },
        format: TournamentFormat::Arena {
            minutes: 30,
            streaks: true,
        },
        starts_in_s: 600,
        private,
        rated: true,
    }
}

#[tokio::test]
async fn a_maker_has_three_tournaments_at_once_and_a_node_two_hundred() {
    let (t, _dir) = tournaments().await;
    for _ in 0..MOST_MADE {
        t.create(&player(1), arena(false)).unwrap();
    }
    let refused = t.create(&player(1), arena(false)).unwrap_err();
    assert_eq!(refused.code, ErrorCode::NotAllowed);
    assert!(
        refused.reason.contains("3 tournaments"),
        "{}",
        refused.reason
    );
    // Others still may, up to the node's bound.
    let mut made = MOST_MADE;
    let mut maker = 2;
    while made < MOST_RUNNING {
        t.create(&player(maker), arena(false)).unwrap();
        made += 1;
        if made % MOST_MADE == 0 {
            maker += 1;
        }
    }
    let refused = t.create(&player(10_000), arena(false)).unwrap_err();
    assert_eq!(refused.code, ErrorCode::NotAllowed);
    assert!(refused.reason.contains("200"), "{}", refused.reason);
}

#[tokio::test]
async fn a_list_holds_a_hundred_the_players_own_first_and_no_strangers_private_ones() {
    let (t, _dir) = tournaments().await;
    let mine = t
        .create(&player(1), arena(true))
        .unwrap()
        .summary
        .tournament;
    for k in 0..150u64 {
        t.create(&player(100 + k / 3), arena(k % 10 == 0)).unwrap();
    }
    let listed = t.list(PlayerId(1));
    assert_eq!(listed.len(), MOST_LISTED);
    assert_eq!(listed[0].tournament, mine);
    assert!(listed[1..].iter().all(|s| !s.private));
    let stranger = t.list(PlayerId(99));
    assert!(stranger.iter().all(|s| !s.private));
}

#[tokio::test]
async fn clocks_out_of_bounds_are_refused_however_large() {
    let (t, _dir) = tournaments().await;
    for (initial_ms, increment_ms) in [
        (u64::MAX, 0),
        // Seconds that would wrap round to 180 in 32 bits.
        ((1u64 << 32) * 1000 + 180_000, 0),
        (60_000, u64::MAX),
        (5_000, 0),
    ] {
        let mut setup = arena(false);
        setup.clock = ClockSpec {
            initial_ms,
            increment_ms,
        };
        let refused = t.create(&player(1), setup).unwrap_err();
        assert_eq!(
            refused.code,
            ErrorCode::BadSetup,
            "{initial_ms} {increment_ms}"
        );
    }
    assert!(t.list(PlayerId(1)).is_empty());
}
