//! Tournaments against the real server, as a bot would hold one from docs/PROTOCOL.md: an
//! arena made, entered, paired, played and scored by lichess's arena rules, berserk included; an arena kept
//! across a restart of the server; the requests it refuses, each with its reason; and the
//! hourly arenas the server makes itself.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::collections::BTreeMap;

use chaupal_rules::game::{GameKind, Side};
use chaupal_shared::protocol::tournaments::{
    StandingsPage, TournamentFormat, TournamentId, TournamentNews, TournamentSetup,
    TournamentStatus,
};
use chaupal_shared::protocol::{
    Action, ClockSpec, Clocks, ErrorCode, GameEvent, GameId, PlayerId, Reply, Request,
    ServerMessage,
};
use chaupal_tests::clock::TestClock;
use chaupal_tests::tournaments::{paired, standings_when, view};
use chaupal_tests::{Client, ServerProcess, mover, pick_move, start_of};

fn arena(minutes: u32, private: bool) -> TournamentSetup {
    TournamentSetup {
        computers: Vec::new(),
        correspondence: None,
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
fn code_of(reply: Result<Reply, chaupal_shared::protocol::ErrorReply>) -> ErrorCode {
    match reply {
        Err(e) => e.code,
        other => panic!("not refused: {other:?}"),
    }
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
    // Every entrant, following the page or not, heard its own line count its three games,
    // scored as the standings score them.
    for (k, p) in players.iter_mut().enumerate() {
        let line = p
            .wait_for(|m| match m {
                ServerMessage::Tournament(TournamentNews::OwnLine { tournament, line })
                    if *tournament == t && line.scores.len() == 3 =>
                {
                    Some(line.clone())
                }
                _ => None,
            })
            .await;
        assert_eq!(line.player.id, ids[k]);
        let expected = lichess_points(&results[&ids[k]]);
        assert_eq!(line.scores, expected, "{}", line.player.name);
        let ranked = page.lines.iter().find(|l| l.player.id == ids[k]);
        assert_eq!(ranked.map(|l| l.rank), Some(line.rank));
    }
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
    // Made at the server's first pass, within a second or two of its start (one by one: this
    // hour's first, while ten minutes of it are left, then the next hour's).
    let until = std::time::Instant::now() + std::time::Duration::from_secs(15);
    let mut hourly = hourly_listed(&mut asha).await;
    let upcoming = |hourly: &[chaupal_shared::protocol::tournaments::TournamentSummary]| {
        hourly
            .iter()
            .filter(|s| s.status == TournamentStatus::Upcoming)
            .count()
    };
    while upcoming(&hourly) < GameKind::ALL.len() && std::time::Instant::now() < until {
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
    // In the other game, the second side goes berserk before the restart.
    let (berserk, _) = *play_seats.iter().find(|(_, s)| *s == Side::Second).unwrap();
    players[berserk]
        .act(in_play, Action::Berserk)
        .await
        .unwrap();
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
    let snap = players[k].rejoin(in_play).await;
    // Its berserk came back with it: the clock as halved, and no second berserk.
    assert!(snap.clocks.unwrap().second_ms <= 7_500, "{:?}", snap.clocks);
    let again = players[k].act(in_play, Action::Berserk).await.unwrap_err();
    assert!(again.reason.contains("already"), "{again:?}");
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

/// The clocks of the next event of `game` that `client` hears saying that `side` went
/// berserk.
async fn berserked(client: &mut Client, game: GameId, side: Side) -> Clocks {
    let events = client
        .events_until(
            game,
            |e| matches!(e, GameEvent::Berserked { side: s, .. } if *s == side),
        )
        .await;
    match events.last() {
        Some((_, GameEvent::Berserked { clocks, .. })) => clocks.unwrap(),
        other => panic!("{other:?}"),
    }
}

/// A Kalah game of the test as it stands: the position, and the plies played.
struct Played {
    position: chaupal_rules::AnyGame,
    plies: usize,
    seed: u64,
}

impl Played {
    fn new() -> Played {
        Played {
            position: start_of(GameKind::Kalah),
            plies: 0,
            seed: 7,
        }
    }

    /// Plays random moves (`seats` the clients of the first side and the second) until `stop`
    /// holds; fails where the game would end first.
    async fn until(
        &mut self,
        players: &mut [Client],
        game: GameId,
        seats: [usize; 2],
        stop: impl Fn(&Played) -> bool,
    ) {
        while !stop(self) {
            let mv = pick_move(&self.position, &mut self.seed);
            let mut next = self.position.clone();
            next.play_text(&mv).unwrap();
            assert!(
                next.outcome().is_none(),
                "the game ended before the test meant it to"
            );
            players[seats[mover(&self.position, 0)]]
                .play(game, &mv)
                .await
                .unwrap();
            self.position = next;
            self.plies += 1;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_halves_a_clock_before_ones_first_move_and_a_long_win_scores_one_more() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut players = Vec::new();
    for name in ["asha", "bikram", "chandra", "deepa"] {
        players.push(Client::hello(&server, name).await);
    }
    let mut setup = arena(60, false);
    setup.clock = ClockSpec {
        initial_ms: 60_000,
        increment_ms: 2_000,
    };
    let t = view(
        players[0]
            .request(Request::CreateTournament(Box::new(setup)))
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
    // Two games; in each, the clients of the first side and the second.
    let mut games: BTreeMap<GameId, [usize; 2]> = BTreeMap::new();
    for (k, p) in players.iter_mut().enumerate() {
        let (game, side) = paired(p, t).await;
        games.entry(game).or_insert([usize::MAX; 2])[side.index()] = k;
    }
    let games: Vec<(GameId, [usize; 2])> = games.into_iter().collect();
    assert_eq!(games.len(), 2, "{games:?}");
    let (game, seats) = games[0];
    let [first, second] = seats;

    // The first side goes berserk: half of its minute, the other's clock untouched.
    players[first].act(game, Action::Berserk).await.unwrap();
    let clocks = berserked(&mut players[second], game, Side::First).await;
    assert!((25_000..=30_000).contains(&clocks.first_ms), "{clocks:?}");
    assert_eq!(clocks.second_ms, 60_000);
    let again = players[first].act(game, Action::Berserk).await.unwrap_err();
    assert_eq!(again.code, ErrorCode::NotAllowed, "{again:?}");

    // Its moves gain no increment: after them its clock is still under half.
    let mut played = Played::new();
    played
        .until(&mut players, game, seats, |p| {
            p.position.side_to_move() == Side::Second
        })
        .await;
    // (The snapshot the game began with first, then the game as it stands.)
    players[second].snapshot(game).await;
    let snap = players[second].rejoin(game).await;
    let clocks = snap.clocks.unwrap();
    assert!(clocks.first_ms <= 30_000, "{clocks:?}");
    // The second side has not moved yet: it may still go berserk.
    players[second].act(game, Action::Berserk).await.unwrap();
    let clocks = berserked(&mut players[first], game, Side::Second).await;
    assert!(clocks.second_ms <= 30_000, "{clocks:?}");

    // 14 plies (7 moves each) or more, then the second side resigns: the first side's win
    // counts 2, and 1 more for berserk.
    played
        .until(&mut players, game, seats, |p| p.plies >= 14)
        .await;
    players[second].act(game, Action::Resign).await.unwrap();

    // The other game: berserk after one's first move is refused; a berserk win in fewer than
    // 14 plies scores no more than any win.
    let (short, short_seats) = games[1];
    Played::new()
        .until(&mut players, short, short_seats, |p| p.plies >= 1)
        .await;
    let [short_first, short_second] = short_seats;
    let late = players[short_first]
        .act(short, Action::Berserk)
        .await
        .unwrap_err();
    assert_eq!(late.code, ErrorCode::NotAllowed, "{late:?}");
    assert!(late.reason.contains("first move"), "{late:?}");
    players[short_second]
        .act(short, Action::Berserk)
        .await
        .unwrap();
    players[short_first]
        .act(short, Action::Resign)
        .await
        .unwrap();

    let page = standings_when(&mut players[0], t, |p| {
        p.lines.iter().all(|l| l.scores.len() == 1)
    })
    .await;
    let ids: Vec<PlayerId> = players.iter().map(Client::id).collect();
    let scores = |k: usize| {
        page.lines
            .iter()
            .find(|l| l.player.id == ids[k])
            .map(|l| l.scores.clone())
            .unwrap()
    };
    assert_eq!(scores(first), [3], "{page:?}");
    assert_eq!(scores(second), [0], "{page:?}");
    assert_eq!(scores(short_second), [2], "{page:?}");
    assert_eq!(scores(short_first), [0], "{page:?}");
}
