//! Tournaments on a cluster of three nodes (docs/SCALING.md, "Tournaments"): an arena made on
//! one node is listed, joined and played from the others, with its entrants paired wherever
//! they are connected, and its games run on their players' nodes; its node is killed (kill -9)
//! with games in play, and a survivor takes it over, scores those games when they end and goes
//! on pairing, losing no result; a Swiss
//! whose entrants are on different nodes plays its rounds; and the hourly arenas are made
//! once for the cluster, not once for each node.
//!
//! Needs `CHAUPAL_TEST_POSTGRES` and `nats-server` (`scripts/test.sh` provides both and makes
//! their absence a failure).

#![allow(clippy::unwrap_used, clippy::panic)]

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use chaupal_rules::game::{GameKind, Side};
use chaupal_shared::protocol::tournaments::{
    TournamentFormat, TournamentId, TournamentSetup, TournamentStatus, TournamentSummary,
};
use chaupal_shared::protocol::{Action, ClockSpec, ErrorCode, ErrorReply, GameId, Reply, Request};
use chaupal_tests::services::cluster_of;
use chaupal_tests::tournaments::{create, join, paired, standings_when, view};
use chaupal_tests::{Client, ServerProcess};

/// The longest a test waits for a tournament to change hands.
const TAKEOVER_PATIENCE: Duration = Duration::from_secs(30);

fn arena() -> TournamentSetup {
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
            minutes: 60,
            streaks: true,
        },
        starts_in_s: 0,
        private: false,
        rated: true,
    }
}

/// The tournaments `client`'s node lists.
async fn listed(client: &mut Client) -> Vec<TournamentSummary> {
    match client.request(Request::ListTournaments).await {
        Ok(Reply::Tournaments { tournaments }) => tournaments,
        other => panic!("{other:?}"),
    }
}

/// Waits until `client`'s node lists `tournament` (made on another node).
async fn until_listed(client: &mut Client, tournament: TournamentId) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !listed(client)
        .await
        .iter()
        .any(|s| s.tournament == tournament)
    {
        assert!(
            Instant::now() < deadline,
            "{tournament} is listed on every node"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every player's next pairing, as games and their seats (player number, side).
async fn pair_all(
    players: &mut [Client],
    tournament: TournamentId,
) -> BTreeMap<GameId, Vec<(usize, Side)>> {
    let mut games: BTreeMap<GameId, Vec<(usize, Side)>> = BTreeMap::new();
    for (k, p) in players.iter_mut().enumerate() {
        let (game, side) = paired(p, tournament).await;
        games.entry(game).or_default().push((k, side));
    }
    for seats in games.values() {
        assert_eq!(seats.len(), 2, "{games:?}");
    }
    games
}

/// `client` does `request`, trying again while the tournament or game it concerns changes
/// hands (`unavailable`, or an answer of unknown outcome, after which `done` says whether it
/// was done after all).
async fn through_takeover(
    client: &mut Client,
    request: Request,
    done: impl Fn(&ErrorReply) -> bool,
) -> Result<Reply, ErrorReply> {
    let deadline = Instant::now() + TAKEOVER_PATIENCE;
    loop {
        match client.request(request.clone()).await {
            Err(e)
                if matches!(e.code, ErrorCode::Unavailable | ErrorCode::OutcomeUnknown)
                    && Instant::now() < deadline =>
            {
                if done(&e) {
                    return Err(e);
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            answer => return answer,
        }
    }
}

/// The first side of each game resigns; returns each player's wins by player number.
async fn first_sides_resign(
    players: &mut [Client],
    games: &BTreeMap<GameId, Vec<(usize, Side)>>,
    wins: &mut BTreeMap<usize, u32>,
) {
    for (game, seats) in games {
        let &(k, _) = seats.iter().find(|(_, s)| *s == Side::First).unwrap();
        let resign = Request::Act {
            game: *game,
            seat: None,
            action: Action::Resign,
        };
        // A resignation of unknown outcome, repeated, is refused as the game being over.
        let answer = through_takeover(&mut players[k], resign, |_| false).await;
        match answer {
            Ok(_) => {}
            Err(e) if e.code == ErrorCode::GameOver => {}
            Err(e) => panic!("resigning {game}: {e:?}"),
        }
        for &(who, side) in seats {
            *wins.entry(who).or_default() += u32::from(side == Side::Second);
        }
    }
}

/// The node of the cluster that runs `tournament`, as the records have it.
async fn node_of(url: &str, tournament: TournamentId) -> Option<String> {
    column_of(
        url,
        "SELECT node FROM tournaments WHERE id = $1",
        tournament.0,
    )
    .await
}

/// The node that runs game `game`, as the records have it.
async fn game_node(url: &str, game: GameId) -> Option<String> {
    column_of(url, "SELECT owner FROM games WHERE id = $1", game.0).await
}

/// The text column `sql` reads of row `id`.
async fn column_of(url: &str, sql: &str, id: u64) -> Option<String> {
    use sqlx::{Connection, Row};
    let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
    let row = sqlx::query(sql)
        .bind(id as i64)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    row.try_get(0).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_is_played_across_three_nodes_and_goes_on_when_its_node_is_killed() {
    let Some((_nats, url, mut nodes)) = cluster_of(
        "chaupal_tournament_cluster_arena",
        3,
        &["--hourly-arenas", "false"],
    )
    .await
    else {
        return;
    };
    // Made on node 0, which runs it; its entrants are on nodes 1 and 2.
    let mut maker = Client::hello(&nodes[0], "maker").await;
    let t = create(&mut maker, arena()).await.summary.tournament;
    assert_eq!(
        node_of(&url, t).await.as_deref().map(|n| &n[..3]),
        Some("n0-")
    );
    // Its link, opened on another node at once, shows it.
    let mut early = Client::hello(&nodes[2], "early").await;
    let opened = view(
        early
            .request(Request::OpenTournament {
                tournament: t,
                code: None,
            })
            .await,
    );
    assert_eq!(opened.summary.tournament, t);
    // Entrants join from the other nodes (their joins go to node 0).
    let mut players = Vec::new();
    for (k, name) in ["asha", "bikram", "chandra", "deepa"].iter().enumerate() {
        let mut p = Client::hello(&nodes[1 + k % 2], name).await;
        let v = join(&mut p, t).await;
        assert!(v.me.is_some(), "{name} is in it: {v:?}");
        assert_eq!(v.summary.entrants as usize, k + 1);
        until_listed(&mut p, t).await;
        players.push(p);
    }
    // A second join, forwarded to the arena's node, is refused there with its reason.
    let again = players[0]
        .request(Request::JoinTournament {
            tournament: t,
            code: None,
        })
        .await
        .unwrap_err();
    assert_eq!(again.code, ErrorCode::AlreadyEntered, "{again:?}");
    // First games: every entrant is paired though none is on the arena's node.
    let mut wins = BTreeMap::new();
    let first = pair_all(&mut players, t).await;
    assert_eq!(first.len(), 2);
    // Their games run on their players' nodes, not on the arena's (which holds none of them).
    for game in first.keys() {
        let node = game_node(&url, *game).await.unwrap();
        assert!(
            node.starts_with("n1-") || node.starts_with("n2-"),
            "{game} on {node}"
        );
    }
    first_sides_resign(&mut players, &first, &mut wins).await;
    standings_when(&mut players[1], t, |p| {
        p.lines.len() == 4 && p.lines.iter().all(|l| l.scores.len() == 1)
    })
    .await;
    // Second games begin; the arena's node dies while they are in play.
    let second = pair_all(&mut players, t).await;
    assert_eq!(second.len(), 2);
    let killed = Instant::now();
    nodes[0].kill().await;
    first_sides_resign(&mut players, &second, &mut wins).await;
    // A survivor runs it now, both games are scored, and nothing scored before is lost:
    // four games, a win (2 points) each.
    let page = standings_when(&mut players[2], t, |p| {
        p.lines.iter().all(|l| l.scores.len() == 2)
    })
    .await;
    eprintln!(
        "the arena's second games scored {:?} after its node died",
        killed.elapsed()
    );
    assert_eq!(
        page.lines.iter().map(|l| l.points).sum::<u32>(),
        8,
        "{page:?}"
    );
    for line in &page.lines {
        let k = ["asha", "bikram", "chandra", "deepa"]
            .iter()
            .position(|n| *n == line.player.name)
            .unwrap();
        let expected: u32 = line.scores.iter().map(|&s| u32::from(s)).sum();
        assert_eq!(line.points, expected, "{line:?}");
        assert_eq!(
            u32::from(line.scores.iter().filter(|&&s| s > 0).count() as u8),
            wins[&k]
        );
    }
    let runner = node_of(&url, t).await.unwrap();
    assert!(
        runner.starts_with("n1-") || runner.starts_with("n2-"),
        "{runner}"
    );
    // The survivor goes on pairing every entrant.
    let third = pair_all(&mut players, t).await;
    assert_eq!(third.len(), 2);
    // The standings on both survivors agree.
    let on_1 = standings_when(&mut players[0], t, |p| p.lines.len() == 4).await;
    let scored = |p: &chaupal_shared::protocol::tournaments::StandingsPage| {
        p.lines
            .iter()
            .map(|l| (l.player.id, l.points, l.scores.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(scored(&on_1), scored(&page));
}

fn swiss() -> TournamentSetup {
    TournamentSetup {
        format: TournamentFormat::Swiss {
            rounds: 2,
            matches: false,
        },
        starts_in_s: 60,
        ..arena()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_whose_entrants_are_on_different_nodes_plays_its_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let mut clock = chaupal_tests::clock::TestClock::new(dir.path());
    let mut extra = vec!["--hourly-arenas".to_owned(), "false".to_owned()];
    extra.extend(clock.option().map(str::to_owned));
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    let Some((_nats, _url, nodes)) =
        cluster_of("chaupal_tournament_cluster_swiss", 2, &extra).await
    else {
        return;
    };
    let mut players = Vec::new();
    let t = {
        let mut maker = Client::hello(&nodes[0], "asha").await;
        let t = create(&mut maker, swiss()).await.summary.tournament;
        join(&mut maker, t).await;
        players.push(maker);
        t
    };
    for (k, name) in ["bikram", "chandra", "deepa"].iter().enumerate() {
        let node: &ServerProcess = &nodes[(k + 1) % 2];
        let mut p = Client::hello(node, name).await;
        until_listed(&mut p, t).await;
        join(&mut p, t).await;
        players.push(p);
    }
    // Its start comes; each round, every entrant is paired, wherever connected.
    clock.advance(61_000);
    let mut wins = BTreeMap::new();
    for round in 1..=2u32 {
        let games = pair_all(&mut players, t).await;
        assert_eq!(games.len(), 2, "round {round}");
        first_sides_resign(&mut players, &games, &mut wins).await;
        if round == 1 {
            standings_when(&mut players[3], t, |p| {
                p.lines.iter().all(|l| l.scores.len() == 1)
            })
            .await;
            // The break between rounds.
            clock.advance(31_000);
        }
    }
    // Finished, with the same standings on both nodes.
    let mut finals = Vec::new();
    for k in [0, 1] {
        let page = standings_when(&mut players[k], t, |p| {
            p.lines.iter().all(|l| l.scores.len() == 2)
        })
        .await;
        finals.push(page.lines);
    }
    assert_eq!(finals[0], finals[1]);
    for p in players.iter_mut().take(2) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let s = listed(p).await;
            if s.iter()
                .any(|s| s.tournament == t && s.status == TournamentStatus::Finished)
            {
                break;
            }
            assert!(Instant::now() < deadline, "finished on every node: {s:?}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hourly_arenas_are_made_once_for_the_whole_cluster() {
    let Some((_nats, url, nodes)) = cluster_of("chaupal_tournament_cluster_hourly", 3, &[]).await
    else {
        return;
    };
    // Every node lists the same hourly arenas: this hour's and the next's of each game, or
    // the next's only in the last ten minutes of an hour.
    let mut seen = Vec::new();
    for node in &nodes {
        let mut c = Client::hello(node, "watcher").await;
        let deadline = Instant::now() + Duration::from_secs(15);
        let mine = loop {
            let hourly: Vec<TournamentSummary> = listed(&mut c)
                .await
                .into_iter()
                .filter(|s| s.by.is_none())
                .collect();
            let upcoming = hourly
                .iter()
                .filter(|s| s.status == TournamentStatus::Upcoming)
                .count();
            if upcoming >= GameKind::ALL.len() || Instant::now() > deadline {
                break hourly;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        let mut ids: Vec<TournamentId> = mine.iter().map(|s| s.tournament).collect();
        ids.sort();
        seen.push(ids);
    }
    assert!(matches!(seen[0].len(), 4 | 8), "{seen:?}");
    assert_eq!(seen[0], seen[1]);
    assert_eq!(seen[0], seen[2]);
    // In the records too: one row for each game and start.
    use sqlx::{Connection, Row};
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    let rows = sqlx::query("SELECT count(*) AS n, count(DISTINCT hourly) AS d FROM tournaments")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let (n, d): (i64, i64) = (rows.try_get("n").unwrap(), rows.try_get("d").unwrap());
    assert_eq!((n, d), (seen[0].len() as i64, seen[0].len() as i64));
}
