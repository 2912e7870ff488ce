#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use chaupal_rules::GameKind;
use chaupal_shared::protocol::ClockSpec;

use super::*;
use crate::announce::Announcer;
use crate::players::Players;
use crate::store::temporary;

async fn tournaments() -> (Tournaments, tempfile::TempDir) {
    tournaments_with(Limits::default()).await
}

async fn tournaments_with(limits: Limits) -> (Tournaments, tempfile::TempDir) {
    let (store, dir) = temporary().await;
    let limits = Arc::new(limits);
    let registry = Registry::new(
        store,
        crate::room::harness::pool(),
        limits.clone(),
        None,
        Announcer::new(None),
        Players::default(),
        None,
    );
    (Tournaments::load(registry, limits).await.unwrap(), dir)
}

fn player(id: u64) -> PlayerInfo {
    PlayerInfo {
        id: PlayerId(id),
        name: format!("p{id}"),
    }
}

fn arena(private: bool) -> TournamentSetup {
    TournamentSetup {
        computers: Vec::new(),
        correspondence: None,
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
        t.create(&player(1), arena(false)).await.unwrap();
    }
    let refused = t.create(&player(1), arena(false)).await.unwrap_err();
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
        t.create(&player(maker), arena(false)).await.unwrap();
        made += 1;
        if made % MOST_MADE == 0 {
            maker += 1;
        }
    }
    let refused = t.create(&player(10_000), arena(false)).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::NotAllowed);
    assert!(refused.reason.contains("200"), "{}", refused.reason);
}

#[tokio::test]
async fn a_list_holds_a_hundred_the_players_own_first_and_no_strangers_private_ones() {
    let (t, _dir) = tournaments().await;
    let mine = t
        .create(&player(1), arena(true))
        .await
        .unwrap()
        .summary
        .tournament;
    for k in 0..150u64 {
        t.create(&player(100 + k / 3), arena(k % 10 == 0))
            .await
            .unwrap();
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
        let refused = t.create(&player(1), setup).await.unwrap_err();
        assert_eq!(
            refused.code,
            ErrorCode::BadSetup,
            "{initial_ms} {increment_ms}"
        );
    }
    assert!(t.list(PlayerId(1)).is_empty());
}

/// 2026-12-07 10:00 UTC.
const TEN_O_CLOCK_MS: u64 = 1_796_637_600_000;

#[tokio::test]
async fn the_server_makes_each_games_hourly_arena_once_listed_to_all_and_counted_against_nobody() {
    use schedule::HOUR_MS;
    let (t, _dir) = tournaments().await;
    t.keep_hourly(TEN_O_CLOCK_MS + 20 * 60_000).await;
    t.keep_hourly(TEN_O_CLOCK_MS + 21 * 60_000).await;
    let listed = t.list(PlayerId(99));
    assert_eq!(listed.len(), 8, "{listed:?}");
    assert!(
        listed
            .iter()
            .all(|s| s.by.is_none() && !s.private && s.rated)
    );
    for game in GameKind::ALL {
        let mut starts: Vec<u64> = listed
            .iter()
            .filter(|s| s.game == game)
            .map(|s| s.starts_ms)
            .collect();
        starts.sort_unstable();
        assert_eq!(
            starts,
            [TEN_O_CLOCK_MS, TEN_O_CLOCK_MS + HOUR_MS],
            "{game:?}"
        );
        let ten = listed
            .iter()
            .find(|s| s.game == game && s.starts_ms == TEN_O_CLOCK_MS)
            .unwrap();
        assert_eq!(ten.ends_ms - ten.starts_ms, 57 * 60_000);
        assert_eq!(ten.clock, schedule::hourly_clock(game));
    }
    // An hour on, the next hour's are made beside those that exist.
    t.keep_hourly(TEN_O_CLOCK_MS + HOUR_MS + 5 * 60_000).await;
    assert_eq!(t.list(PlayerId(99)).len(), 12);
    // Players still make their own, up to the node's bound, beside the server's.
    for k in 0..MOST_RUNNING as u64 {
        t.create(&player(1000 + k / MOST_MADE as u64), arena(false))
            .await
            .unwrap();
    }
    assert_eq!(
        t.create(&player(1), arena(false)).await.unwrap_err().code,
        ErrorCode::NotAllowed
    );
}

#[tokio::test]
async fn with_hourly_arenas_off_a_tick_makes_none() {
    let (t, _dir) = tournaments_with(Limits {
        hourly_arenas: false,
        ..Limits::default()
    })
    .await;
    t.tick().await;
    assert!(t.list(PlayerId(1)).is_empty());
    let (on, _dir) = tournaments().await;
    on.tick().await;
    assert!(on.list(PlayerId(1)).len() >= 4, "on by default");
}

mod restart;

/// An entrant's own result is sent at once; a place that changed alone waits for the ranks'
/// turn, and is sent then even though nothing else changed.
#[test]
fn own_lines_go_at_once_and_a_place_alone_at_the_ranks_turn() {
    use crate::store::{FirstSide, TournamentEvent};
    let mut run = Run::new(TournamentId(1), arena(false), None, None, (0, 3_600_000));
    for (id, rating) in [(1, 1600), (2, 1500), (3, 1400)] {
        let joined = TournamentEvent::Joined {
            player: player(id),
            rating,
            computer: None,
        };
        records::apply(&mut run, &joined, 10).expect("joined");
    }
    let everyone = |_: PlayerId| true;
    let first = run.changed_lines(&run.standings(), false, everyone);
    assert_eq!(first.len(), 3, "every line is new");
    let paired = TournamentEvent::Paired {
        game: GameId(9),
        first: PlayerId(1),
        second: PlayerId(3),
    };
    records::apply(&mut run, &paired, 20).expect("paired");
    let playing = run.changed_lines(&run.standings(), false, everyone);
    let ids: Vec<u64> = playing.iter().map(|(p, _)| p.0).collect();
    assert_eq!(ids, [1, 3], "the two paired are playing now");
    // p3 (the lowest rated) wins: first with 2 points; p1 lost; p2 drops from 2nd to 3rd.
    let finished = TournamentEvent::Finished {
        game: GameId(9),
        result: FirstSide::Lost,
        plies: 20,
        berserk: [false, false],
    };
    records::apply(&mut run, &finished, 30).expect("finished");
    let mut scored = run.changed_lines(&run.standings(), false, everyone);
    scored.sort_by_key(|(p, _)| p.0);
    let lines: Vec<(u64, u32, u32)> = scored
        .iter()
        .map(|(p, l)| (p.0, l.rank, l.points))
        .collect();
    assert_eq!(
        lines,
        [(1, 2, 0), (3, 1, 2)],
        "the two players' own results"
    );
    assert!(run.ranks_due, "p2's place waits");
    let none_here = run.changed_lines(&run.standings(), false, |_| false);
    assert!(none_here.is_empty());
    assert!(run.ranks_due, "still waiting");
    let placed = run.changed_lines(&run.standings(), true, everyone);
    let lines: Vec<(u64, u32)> = placed.iter().map(|(p, l)| (p.0, l.rank)).collect();
    assert_eq!(lines, [(2, 3)], "p2's new place, at the ranks' turn");
    assert!(!run.ranks_due);
    assert!(
        run.changed_lines(&run.standings(), true, everyone)
            .is_empty()
    );
}
