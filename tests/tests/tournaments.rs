//! Tournaments against the real server, as a bot would hold one from docs/PROTOCOL.md: an
//! arena made, entered, paired, played and scored by lichess's arena rules; an arena kept
//! across a restart of the server; the requests it refuses, each with its reason; and the
//! hourly arenas the server makes itself.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::collections::BTreeMap;

use chaupal_rules::game::{GameKind, Side};
use chaupal_shared::protocol::tournaments::{
    StandingsPage, TournamentFormat, TournamentId, TournamentNews, TournamentSetup,
    TournamentStatus, TournamentView,
};
use chaupal_shared::protocol::{
    Action, ClockSpec, ErrorCode, GameId, PlayerId, Reply, Request, ServerMessage,
};
use chaupal_tests::clock::TestClock;
use chaupal_tests::{Client, ServerProcess};

fn arena(minutes: u32, private: bool) -> TournamentSetup {
    TournamentSetup {
        game: GameKind::Kalah,
        rules: Vec::new(),
        clock: ClockSpec {
            initial_ms: 15_000,
            increment_ms: 0,
        },
        format: TournamentFormat::Arena {
            minutes,
            streaks: true,
        },
        starts_in_s: 0,
        private,
        rated: true,
    }
}

fn view(reply: Result<Reply, chaupal_shared::protocol::ErrorReply>) -> TournamentView {
    match reply {
        Ok(Reply::Tournament(v)) => *v,
        other => panic!("not a tournament: {other:?}"),
    }
}

fn code_of(reply: Result<Reply, chaupal_shared::protocol::ErrorReply>) -> ErrorCode {
    match reply {
        Err(e) => e.code,
        other => panic!("not refused: {other:?}"),
    }
}

/// The next pairing the client hears of in `tournament`.
async fn paired(client: &mut Client, tournament: TournamentId) -> (GameId, Side) {
    client
        .wait_for(|m| match m {
            ServerMessage::Tournament(TournamentNews::Paired {
                tournament: t,
                game,
                side,
                ..
            }) if *t == tournament => Some((*game, *side)),
            _ => None,
        })
        .await
}

/// lichess's points for a run of wins and losses, game by game: a win 2, or 4 after two wins
/// in a row; a loss 0.
fn lichess_points(wins: &[bool]) -> Vec<u8> {
    wins.iter()
        .enumerate()
        .map(
            |(k, &won)| match (won, k >= 2 && wins[k - 1] && wins[k - 2]) {
                (false, _) => 0,
                (true, false) => 2,
                (true, true) => 4,
            },
        )
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_its_entrants_and_scores_their_games_as_lichess_does() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut players = Vec::new();
    for name in ["asha", "bikram", "chandra", "deepa"] {
        players.push(Client::hello(&server, name).await);
    }
    let made = view(
        players[0]
            .request(Request::CreateTournament(Box::new(arena(60, false))))
            .await,
    );
    let t = made.summary.tournament;
    assert_eq!(made.summary.entrants, 0);
    // The maker follows its news.
    view(
        players[0]
            .request(Request::OpenTournament {
                tournament: t,
                code: None,
            })
            .await,
    );
    for p in players.iter_mut() {
        let v = view(
            p.request(Request::JoinTournament {
                tournament: t,
                code: None,
            })
            .await,
        );
        assert!(v.me.is_some());
    }
    let ids: Vec<PlayerId> = players.iter().map(Client::id).collect();
    let mut results: BTreeMap<PlayerId, Vec<bool>> = BTreeMap::new();
    for round in 0..3 {
        // Every entrant is paired; in each game, the first side resigns in even rounds, the
        // second in odd ones.
        let mut games: BTreeMap<GameId, Vec<(usize, Side)>> = BTreeMap::new();
        for (k, p) in players.iter_mut().enumerate() {
            let (game, side) = paired(p, t).await;
            games.entry(game).or_default().push((k, side));
        }
        assert_eq!(games.len(), 2, "round {round}: {games:?}");
        for seats in games.values() {
            assert_eq!(seats.len(), 2, "{seats:?}");
        }
        let resigning = if round % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        for (game, seats) in &games {
            let &(k, _) = seats.iter().find(|(_, s)| *s == resigning).unwrap();
            players[k].act(*game, Action::Resign).await.unwrap();
            for &(who, side) in seats {
                results.entry(ids[who]).or_default().push(side != resigning);
            }
        }
    }
    // The standings, once the last results are in, as lichess would score the same games.
    let mut page: Option<StandingsPage> = None;
    for _ in 0..50 {
        let Ok(Reply::TournamentStandings(p)) = players[1]
            .request(Request::TournamentStandings {
                tournament: t,
                page: 0,
            })
            .await
        else {
            panic!("no standings");
        };
        if p.lines.iter().all(|l| l.scores.len() == 3) {
            page = Some(*p);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let page = page.expect("three games each in the standings");
    assert_eq!(page.lines.len(), 4);
    assert_eq!(page.pages, 1);
    let mut last = u32::MAX;
    for (k, line) in page.lines.iter().enumerate() {
        assert_eq!(line.rank as usize, k + 1);
        assert!(line.points <= last, "{page:?}");
        last = line.points;
        let expected = lichess_points(&results[&line.player.id]);
        assert_eq!(line.scores, expected, "{}", line.player.name);
        assert_eq!(
            line.points,
            expected.iter().map(|&p| u32::from(p)).sum::<u32>()
        );
    }
    // The follower heard the standings change.
    players[0]
        .wait_for(|m| match m {
            ServerMessage::Tournament(TournamentNews::Standings(p)) if p.tournament == t => {
                Some(())
            }
            _ => None,
        })
        .await;
    // A paused entrant is not paired; the others are.
    view(
        players[3]
            .request(Request::PauseTournament { tournament: t })
            .await,
    );
    let listed = match players[2].request(Request::ListTournaments).await {
        Ok(Reply::Tournaments { tournaments }) => tournaments,
        other => panic!("{other:?}"),
    };
    assert!(
        listed
            .iter()
            .any(|s| s.tournament == t && s.status == TournamentStatus::Running && s.entrants == 4)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_requests_out_of_bounds_are_refused_with_their_reason() {
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let server = ServerProcess::start_for_games(&clock.option()).await;
    let mut asha = Client::hello(&server, "asha").await;
    let mut bikram = Client::hello(&server, "bikram").await;
    // Impossible settings.
    for minutes in [0, 365 * 24 * 60] {
        let refused = asha
            .request(Request::CreateTournament(Box::new(arena(minutes, false))))
            .await
            .unwrap_err();
        assert_eq!(refused.code, ErrorCode::BadSetup);
        assert!(
            refused.reason.contains("10 to 1440 minutes"),
            "{}",
            refused.reason
        );
    }
    let mut late = arena(60, false);
    late.starts_in_s = 30 * 24 * 3600;
    assert_eq!(
        code_of(
            asha.request(Request::CreateTournament(Box::new(late)))
                .await
        ),
        ErrorCode::BadSetup
    );
    // A private arena: unseen and unlisted without its code.
    let private = view(
        asha.request(Request::CreateTournament(Box::new(arena(10, true))))
            .await,
    );
    let t = private.summary.tournament;
    let code = private.code.clone().expect("a private tournament's code");
    for request in [
        Request::OpenTournament {
            tournament: t,
            code: None,
        },
        Request::OpenTournament {
            tournament: t,
            code: Some("wrongcode".to_owned()),
        },
        Request::JoinTournament {
            tournament: t,
            code: None,
        },
        Request::TournamentStandings {
            tournament: t,
            page: 0,
        },
    ] {
        assert_eq!(
            code_of(bikram.request(request).await),
            ErrorCode::NoSuchTournament
        );
    }
    let Ok(Reply::Tournaments { tournaments }) = bikram.request(Request::ListTournaments).await
    else {
        panic!("no list");
    };
    assert!(tournaments.iter().all(|s| s.tournament != t));
    // Not entered: nothing to pause or leave.
    assert_eq!(
        code_of(
            bikram
                .request(Request::PauseTournament { tournament: t })
                .await
        ),
        ErrorCode::NoSuchTournament
    );
    assert_eq!(
        code_of(
            asha.request(Request::LeaveTournament { tournament: t })
                .await
        ),
        ErrorCode::NotEntered
    );
    // With the code: seen, joined, and joined once only.
    let joined = view(
        bikram
            .request(Request::JoinTournament {
                tournament: t,
                code: Some(code.clone()),
            })
            .await,
    );
    assert_eq!(joined.summary.entrants, 1);
    assert_eq!(
        code_of(
            bikram
                .request(Request::JoinTournament {
                    tournament: t,
                    code: None,
                })
                .await
        ),
        ErrorCode::AlreadyEntered
    );
    // Once it is over, nobody joins or leaves it.
    clock.advance(11 * 60 * 1000);
    assert_eq!(
        code_of(
            asha.request(Request::JoinTournament {
                tournament: t,
                code: Some(code),
            })
            .await
        ),
        ErrorCode::TournamentOver
    );
    assert_eq!(
        code_of(
            bikram
                .request(Request::LeaveTournament { tournament: t })
                .await
        ),
        ErrorCode::TournamentOver
    );
    // No tournament of that number.
    assert_eq!(
        code_of(
            asha.request(Request::OpenTournament {
                tournament: TournamentId(999),
                code: None,
            })
            .await
        ),
        ErrorCode::NoSuchTournament
    );
}

/// The tournaments `client` is shown that the server made itself.
async fn hourly_listed(
    client: &mut Client,
) -> Vec<chaupal_shared::protocol::tournaments::TournamentSummary> {
    match client.request(Request::ListTournaments).await {
        Ok(Reply::Tournaments { tournaments }) => {
            tournaments.into_iter().filter(|s| s.by.is_none()).collect()
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_lists_an_hourly_arena_of_each_game_on_the_hour_unless_told_not_to() {
    const HOUR_MS: u64 = 3_600_000;
    let server = ServerProcess::start_for_games(&[]).await;
    let mut asha = Client::hello(&server, "asha").await;
    // Made at the server's first pass, within a second or two of its start.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(15);
    let mut hourly = hourly_listed(&mut asha).await;
    while hourly.len() < GameKind::ALL.len() && std::time::Instant::now() < until {
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        hourly = hourly_listed(&mut asha).await;
    }
    for game in GameKind::ALL {
        let next = hourly
            .iter()
            .filter(|s| s.game == game)
            .max_by_key(|s| s.starts_ms)
            .unwrap_or_else(|| panic!("no hourly arena of {game:?}: {hourly:?}"));
        assert_eq!(next.starts_ms % HOUR_MS, 0, "on the hour: {next:?}");
        assert_eq!(next.ends_ms - next.starts_ms, 57 * 60_000);
        assert_eq!(next.status, TournamentStatus::Upcoming);
        assert!(next.rated && !next.private);
    }
    // Each game's arenas: this hour's (while ten minutes of it are left) and the next's.
    assert!(matches!(hourly.len(), 4 | 8), "{hourly:?}");
    let off = ServerProcess::start_for_games(&["--hourly-arenas", "false"]).await;
    let mut bikram = Client::hello(&off, "bikram").await;
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    assert!(hourly_listed(&mut bikram).await.is_empty());
}

/// Page 0 of `tournament`'s standings once `done` holds of it (the server scores endings
/// within a second or so).
async fn standings_when(
    client: &mut Client,
    tournament: TournamentId,
    done: impl Fn(&StandingsPage) -> bool,
) -> StandingsPage {
    for _ in 0..100 {
        let Ok(Reply::TournamentStandings(p)) = client
            .request(Request::TournamentStandings {
                tournament,
                page: 0,
            })
            .await
        else {
            panic!("no standings");
        };
        if done(&p) {
            return *p;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the standings never came to what was expected");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_is_kept_across_a_restart_and_its_game_in_play_scored_after_it() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut players = Vec::new();
    for name in ["asha", "bikram", "chandra", "deepa"] {
        players.push(Client::hello(&server, name).await);
    }
    let t = view(
        players[0]
            .request(Request::CreateTournament(Box::new(arena(60, false))))
            .await,
    )
    .summary
    .tournament;
    for p in players.iter_mut() {
        view(
            p.request(Request::JoinTournament {
                tournament: t,
                code: None,
            })
            .await,
        );
    }
    let mut games: BTreeMap<GameId, Vec<(usize, Side)>> = BTreeMap::new();
    for (k, p) in players.iter_mut().enumerate() {
        let (game, side) = paired(p, t).await;
        games.entry(game).or_default().push((k, side));
    }
    assert_eq!(games.len(), 2, "{games:?}");
    let (first, second): (Vec<_>, Vec<_>) =
        games.into_iter().enumerate().partition(|(k, _)| *k == 0);
    let (ended, ended_seats) = first[0].1.clone();
    let (in_play, play_seats) = second[0].1.clone();
    // One game ends before the restart: its first side resigns.
    let (k, _) = *ended_seats.iter().find(|(_, s)| *s == Side::First).unwrap();
    players[k].act(ended, Action::Resign).await.unwrap();
    let before = standings_when(&mut players[1], t, |p| {
        p.lines.iter().filter(|l| l.scores.len() == 1).count() == 2
    })
    .await;
    assert_eq!(before.lines[0].points, 2);
    let tokens: Vec<String> = players.iter().map(|p| p.token.clone().unwrap()).collect();
    drop(players);

    let server = server.restart().await;
    let mut players = Vec::new();
    for (k, name) in ["asha", "bikram", "chandra", "deepa"]
        .into_iter()
        .enumerate()
    {
        players.push(Client::hello_as(&server, name, Some(&tokens[k])).await);
    }
    // The same tournament, the same standings.
    let after = standings_when(&mut players[1], t, |_| true).await;
    let points = |p: &StandingsPage| {
        p.lines
            .iter()
            .map(|l| (l.player.id, l.points, l.scores.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(points(&after), points(&before));
    let listed = match players[2].request(Request::ListTournaments).await {
        Ok(Reply::Tournaments { tournaments }) => tournaments,
        other => panic!("{other:?}"),
    };
    assert!(
        listed
            .iter()
            .any(|s| s.tournament == t && s.status == TournamentStatus::Running && s.entrants == 4),
        "{listed:?}"
    );
    // The game in play at the restart came back; its ending is scored: its second side
    // resigns.
    let (k, _) = *play_seats.iter().find(|(_, s)| *s == Side::Second).unwrap();
    players[k].rejoin(in_play).await;
    players[k].act(in_play, Action::Resign).await.unwrap();
    let last = standings_when(&mut players[1], t, |p| {
        p.lines.iter().all(|l| !l.scores.is_empty())
    })
    .await;
    let total: u32 = last.lines.iter().map(|l| l.points).sum();
    assert_eq!(total, 4, "{last:?}");
    // A new tournament's number comes after it.
    let next = view(
        players[3]
            .request(Request::CreateTournament(Box::new(arena(60, false))))
            .await,
    )
    .summary
    .tournament;
    assert!(next > t, "{next} after {t}");
}
