//! Swiss and round-robin tournaments against the real server, as a bot would hold one from
//! docs/PROTOCOL.md: a live Swiss of five over three rounds (a bye a round, never to the same
//! entrant twice, no pair meeting twice, the tie-breaks in the standings); a Bagh Chal match of
//! two games with the sides swapped; a round robin by correspondence, full at its most
//! entrants, with no pause, kept across a restart of the server in its second round.
//!
//! The records' clock is the test's ([`TestClock`]): a round waits for its start, and a live
//! round for a 30-second break after the round before it, which the test passes at once.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::collections::{BTreeMap, BTreeSet};

use chaupal_rules::game::{GameKind, Side};
use chaupal_shared::protocol::tournaments::{
    StandingsPage, TieBreak, TournamentFormat, TournamentId, TournamentNews, TournamentSetup,
    TournamentStatus, TournamentView,
};
use chaupal_shared::protocol::{
    Action, ClockSpec, Correspondence, ErrorCode, GameId, PlayerId, Request, ServerMessage,
};
use chaupal_tests::clock::TestClock;
use chaupal_tests::tournaments::{create, standings_when, view};
use chaupal_tests::{Client, ServerProcess};

/// The break after a live round (the server's `rounds::BREAK_MS`), and a second more.
const PAST_BREAK_MS: u64 = 31_000;

fn setup(game: GameKind, format: TournamentFormat, days: Option<u8>) -> TournamentSetup {
    TournamentSetup {
        computers: Vec::new(),
        game,
        rules: Vec::new(),
        clock: ClockSpec {
            initial_ms: 60_000,
            increment_ms: 0,
        },
        format,
        correspondence: days.and_then(Correspondence::days),
        starts_in_s: 600,
        private: false,
        rated: true,
    }
}
/// What `client` hears of round `round` of `tournament`: its game and side, or that it sits
/// out (with whether it has a bye).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Heard {
    Paired(GameId, Side),
    SatOut { bye: bool },
}

async fn heard(client: &mut Client, tournament: TournamentId) -> Heard {
    client
        .wait_for(|m| match m {
            ServerMessage::Tournament(TournamentNews::Paired {
                tournament: t,
                game,
                side,
                ..
            }) if *t == tournament => Some(Heard::Paired(*game, *side)),
            ServerMessage::Tournament(TournamentNews::SatOut {
                tournament: t, bye, ..
            }) if *t == tournament => Some(Heard::SatOut { bye: *bye }),
            _ => None,
        })
        .await
}
async fn summary_when(
    client: &mut Client,
    tournament: TournamentId,
    done: impl Fn(&TournamentView) -> bool,
) -> TournamentView {
    for _ in 0..150 {
        let v = view(
            client
                .request(Request::OpenTournament {
                    tournament,
                    code: None,
                })
                .await,
        );
        if done(&v) {
            return v;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the tournament never came to what was expected");
}

async fn join_all(players: &mut [Client], t: TournamentId) {
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_five_gives_a_bye_a_round_to_a_new_entrant_pairs_nobody_twice_and_ranks_by_tie_breaks()
 {
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let server = ServerProcess::start_for_games(&clock.option()).await;
    let mut players = Vec::new();
    for name in ["asha", "bikram", "chandra", "deepa", "era"] {
        players.push(Client::hello(&server, name).await);
    }
    let format = TournamentFormat::Swiss {
        rounds: 3,
        matches: false,
    };
    let made = create(&mut players[0], setup(GameKind::Kalah, format, None)).await;
    let t = made.summary.tournament;
    let rounds = made.summary.rounds.expect("a Swiss's rounds");
    assert_eq!((rounds.round, rounds.of), (0, 3));
    assert_eq!(rounds.next_ms, Some(made.summary.starts_ms));
    join_all(&mut players, t).await;
    // Nothing is paired before the start; then the first round.
    clock.advance(601_000);
    let ids: Vec<PlayerId> = players.iter().map(Client::id).collect();
    let mut met: BTreeSet<(PlayerId, PlayerId)> = BTreeSet::new();
    let mut byes: BTreeSet<PlayerId> = BTreeSet::new();
    for round in 1..=3u32 {
        let mut games: BTreeMap<GameId, Vec<(usize, Side)>> = BTreeMap::new();
        let mut sat = Vec::new();
        for (k, p) in players.iter_mut().enumerate() {
            match heard(p, t).await {
                Heard::Paired(game, side) => games.entry(game).or_default().push((k, side)),
                Heard::SatOut { bye } => {
                    assert!(bye, "a Swiss's odd one out has a bye");
                    sat.push(k);
                }
            }
        }
        assert_eq!(games.len(), 2, "round {round}: {games:?}");
        assert_eq!(sat.len(), 1, "round {round}: one bye");
        assert!(byes.insert(ids[sat[0]]), "a second bye for {}", ids[sat[0]]);
        let v = summary_when(&mut players[0], t, |v| {
            v.summary.rounds.is_some_and(|r| r.round == round)
        })
        .await;
        assert_eq!(v.summary.status, TournamentStatus::Running);
        for (game, seats) in &games {
            assert_eq!(seats.len(), 2);
            let pair = (
                ids[seats[0].0].min(ids[seats[1].0]),
                ids[seats[0].0].max(ids[seats[1].0]),
            );
            assert!(met.insert(pair), "{pair:?} met twice");
            // The first side resigns.
            let &(k, _) = seats.iter().find(|(_, s)| *s == Side::First).unwrap();
            players[k].act(*game, Action::Resign).await.unwrap();
        }
        // The round has ended: the next waits for the break.
        let v = summary_when(&mut players[0], t, |v| {
            v.summary.rounds.is_some_and(|r| r.next_ms.is_some())
                || v.summary.status == TournamentStatus::Finished
        })
        .await;
        if round < 3 {
            assert!(v.summary.rounds.unwrap().next_ms.is_some());
            clock.advance(PAST_BREAK_MS);
        }
    }
    let ended = summary_when(&mut players[1], t, |v| {
        v.summary.status == TournamentStatus::Finished
    })
    .await;
    assert_eq!(ended.summary.rounds.unwrap().round, 3);
    let page = standings_when(&mut players[1], t, |p| {
        p.lines.iter().all(|l| l.scores.len() == 3)
    })
    .await;
    assert_eq!(page.lines.len(), 5);
    // Three rounds of two games (2 points each) and a bye (2).
    let total: u32 = page.lines.iter().map(|l| l.points).sum();
    assert_eq!(total, 3 * (2 * 2 + 2), "{page:?}");
    for pair in page.lines.windows(2) {
        let key = |l: &chaupal_shared::protocol::tournaments::StandingLine| {
            let t = &l.tie_breaks;
            let value = |k: usize| match t.get(k) {
                Some(TieBreak::Buchholz(v) | TieBreak::SonnebornBerger(v) | TieBreak::Wins(v)) => {
                    *v
                }
                None => panic!("no tie-break {k}"),
            };
            (l.points, value(0), value(1))
        };
        assert!(key(&pair[0]) >= key(&pair[1]), "{page:?}");
    }
    for line in &page.lines {
        assert!(
            matches!(
                line.tie_breaks[..],
                [TieBreak::Buchholz(_), TieBreak::SonnebornBerger(_)]
            ),
            "{line:?}"
        );
        assert_eq!(
            line.points,
            line.scores.iter().map(|&s| u32::from(s)).sum::<u32>()
        );
    }
    // Its last round paired, it takes nobody else.
    let mut late = Client::hello(&server, "late").await;
    let refused = late
        .request(Request::JoinTournament {
            tournament: t,
            code: None,
        })
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::TournamentOver, "{refused:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bagh_chal_match_plays_a_second_game_with_the_sides_swapped_and_scores_both() {
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let server = ServerProcess::start_for_games(&clock.option()).await;
    let mut players = vec![
        Client::hello(&server, "asha").await,
        Client::hello(&server, "bikram").await,
    ];
    let format = TournamentFormat::Swiss {
        rounds: 1,
        matches: true,
    };
    let t = create(&mut players[0], setup(GameKind::BaghChal, format, None))
        .await
        .summary
        .tournament;
    join_all(&mut players, t).await;
    clock.advance(601_000);
    let mut sides = Vec::new();
    for game_of_match in 0..2 {
        let mut heard_now = Vec::new();
        for p in players.iter_mut() {
            heard_now.push(heard(p, t).await);
        }
        let [Heard::Paired(game, a), Heard::Paired(same, b)] = heard_now[..] else {
            panic!("game {game_of_match}: {heard_now:?}")
        };
        assert_eq!(game, same);
        assert_ne!(a, b);
        sides.push(a);
        // Berserk is an arena's alone.
        let refused = players[0].act(game, Action::Berserk).await.unwrap_err();
        assert_eq!(refused.code, ErrorCode::NotAllowed, "{refused:?}");
        // asha wins both: bikram resigns.
        players[1].act(game, Action::Resign).await.unwrap();
        // The tournament pairs its entrants: no rematch.
        let refused = players[0]
            .act(
                game,
                Action::Offer(chaupal_shared::protocol::OfferKind::Rematch),
            )
            .await
            .unwrap_err();
        assert_eq!(refused.code, ErrorCode::NotAllowed, "{refused:?}");
        assert!(refused.reason.contains("tournament"), "{refused:?}");
    }
    assert_eq!(
        sides[1],
        sides[0].opponent(),
        "the second game swaps the sides"
    );
    let page = standings_when(&mut players[0], t, |p| p.lines.iter().any(|l| l.points > 0)).await;
    let points: BTreeMap<&str, (u32, Vec<u8>)> = page
        .lines
        .iter()
        .map(|l| (l.player.name.as_str(), (l.points, l.scores.clone())))
        .collect();
    assert_eq!(points["asha"], (4, vec![4]), "{page:?}");
    assert_eq!(points["bikram"], (0, vec![0]), "{page:?}");
    summary_when(&mut players[1], t, |v| {
        v.summary.status == TournamentStatus::Finished
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_by_correspondence_fills_refuses_a_pause_and_is_kept_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let server = ServerProcess::start_for_games(&clock.option()).await;
    let names = ["asha", "bikram", "chandra"];
    let mut players = Vec::new();
    for name in names {
        players.push(Client::hello(&server, name).await);
    }
    let format = TournamentFormat::RoundRobin {
        double: false,
        most_entrants: 3,
    };
    // Arenas are live only, and a correspondence pace has its days.
    let mut bad = setup(
        GameKind::Jungle,
        TournamentFormat::Arena {
            minutes: 60,
            streaks: true,
        },
        Some(3),
    );
    let refused = players[0]
        .request(Request::CreateTournament(Box::new(bad.clone())))
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::BadSetup, "{refused:?}");
    bad.format = format;
    bad.correspondence = Some(Correspondence::UNLIMITED);
    let refused = players[0]
        .request(Request::CreateTournament(Box::new(bad)))
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::BadSetup, "{refused:?}");

    let made = create(&mut players[0], setup(GameKind::Jungle, format, Some(1))).await;
    let t = made.summary.tournament;
    assert_eq!(made.summary.correspondence, Correspondence::days(1));
    join_all(&mut players, t).await;
    let mut fourth = Client::hello(&server, "deepa").await;
    let full = fourth
        .request(Request::JoinTournament {
            tournament: t,
            code: None,
        })
        .await
        .unwrap_err();
    assert_eq!(full.code, ErrorCode::NotAllowed);
    assert!(full.reason.contains("full"), "{full:?}");
    let no_pause = players[2]
        .request(Request::PauseTournament { tournament: t })
        .await
        .unwrap_err();
    assert_eq!(no_pause.code, ErrorCode::NotAllowed);
    let v = view(
        players[1]
            .request(Request::OpenTournament {
                tournament: t,
                code: None,
            })
            .await,
    );
    assert_eq!(
        v.summary.rounds.unwrap().of,
        3,
        "three entrants: three rounds"
    );
    clock.advance(601_000);

    // Round 1; its game's first side resigns.
    let mut first_round = Vec::new();
    for p in players.iter_mut() {
        first_round.push(heard(p, t).await);
    }
    let sitting = first_round
        .iter()
        .filter(|h| **h == Heard::SatOut { bye: false })
        .count();
    assert_eq!(
        sitting, 1,
        "a round robin's odd one out has no bye: {first_round:?}"
    );
    let (k, game) = first_round
        .iter()
        .enumerate()
        .find_map(|(k, h)| match h {
            Heard::Paired(g, Side::First) => Some((k, *g)),
            _ => None,
        })
        .unwrap();
    players[k].act(game, Action::Resign).await.unwrap();
    // A correspondence round follows at once: round 2 is paired without waiting.
    let mut second_round = Vec::new();
    for p in players.iter_mut() {
        second_round.push(heard(p, t).await);
    }
    let (game, seats): (GameId, Vec<(usize, Side)>) = {
        let mut by_game: BTreeMap<GameId, Vec<(usize, Side)>> = BTreeMap::new();
        for (k, h) in second_round.iter().enumerate() {
            if let Heard::Paired(g, s) = h {
                by_game.entry(*g).or_default().push((k, *s));
            }
        }
        assert_eq!(by_game.len(), 1, "{second_round:?}");
        by_game.into_iter().next().unwrap()
    };
    let snap = players[seats[0].0].rejoin(game).await;
    assert!(snap.clocks.is_none(), "a correspondence game has no clock");
    let started = fourth
        .request(Request::JoinTournament {
            tournament: t,
            code: None,
        })
        .await
        .unwrap_err();
    assert_eq!(started.code, ErrorCode::NotAllowed);
    assert!(started.reason.contains("before its start"), "{started:?}");
    let tokens: Vec<String> = players.iter().map(|p| p.token.clone().unwrap()).collect();
    let before = standings_when(&mut players[0], t, |_| true).await;
    drop(players);

    let server = server.restart().await;
    let mut players = Vec::new();
    for (k, name) in names.into_iter().enumerate() {
        players.push(Client::hello_as(&server, name, Some(&tokens[k])).await);
    }
    let after = standings_when(&mut players[0], t, |_| true).await;
    let lines = |p: &StandingsPage| {
        p.lines
            .iter()
            .map(|l| {
                (
                    l.player.id,
                    l.points,
                    l.scores.clone(),
                    l.tie_breaks.clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(lines(&after), lines(&before));
    // Round 2's game is still in play; its second side resigns, and round 3 follows.
    let (k, _) = *seats.iter().find(|(_, s)| *s == Side::Second).unwrap();
    players[k].rejoin(game).await;
    players[k].act(game, Action::Resign).await.unwrap();
    let third = summary_when(&mut players[0], t, |v| {
        v.summary.rounds.is_some_and(|r| r.round == 3)
    })
    .await;
    let game = match third.game {
        Some(g) => g,
        None => summary_when(&mut players[1], t, |v| v.game.is_some())
            .await
            .game
            .unwrap(),
    };
    // Whoever is first in the third game resigns; the round robin ends.
    let mut resigned = false;
    for p in players.iter_mut() {
        let snap = p.rejoin(game).await;
        let me = p.id();
        let first = snap.summary.seats[0]
            .player
            .as_ref()
            .is_some_and(|s| s.id == me);
        if first {
            p.act(game, Action::Resign).await.unwrap();
            resigned = true;
            break;
        }
    }
    assert!(resigned);
    let ended = summary_when(&mut players[2], t, |v| {
        v.summary.status == TournamentStatus::Finished
    })
    .await;
    assert!(ended.summary.ends_ms >= ended.summary.starts_ms);
    let page = standings_when(&mut players[0], t, |p| {
        p.lines.iter().all(|l| l.scores.len() == 3)
    })
    .await;
    // Three games, 2 points each.
    assert_eq!(page.lines.iter().map(|l| l.points).sum::<u32>(), 6);
    for line in &page.lines {
        assert!(
            matches!(
                line.tie_breaks[..],
                [TieBreak::SonnebornBerger(_), TieBreak::Wins(_)]
            ),
            "{line:?}"
        );
    }
    // Nobody joins a round robin once it has started.
    let mut late = Client::hello(&server, "late").await;
    let refused = late
        .request(Request::JoinTournament {
            tournament: t,
            code: None,
        })
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::TournamentOver, "{refused:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_swiss_fills_with_computer_entrants_marked_in_its_standings() {
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let server = ServerProcess::start_for_games(&clock.option()).await;
    let mut asha = Client::hello(&server, "asha").await;
    let format = TournamentFormat::Swiss {
        rounds: 1,
        matches: false,
    };
    let mut made = setup(GameKind::Kalah, format, None);
    made.private = true;
    // Refused: computers in a public tournament, too many, a level there is not.
    for (private, computers, says) in [
        (false, vec![3], "private"),
        (true, vec![1; 9], "at most 8"),
        (true, vec![9], "1 to 8"),
    ] {
        let mut bad = made.clone();
        bad.private = private;
        bad.computers = computers;
        let refused = asha
            .request(Request::CreateTournament(Box::new(bad)))
            .await
            .unwrap_err();
        assert_eq!(refused.code, ErrorCode::BadSetup, "{refused:?}");
        assert!(refused.reason.contains(says), "{refused:?}");
    }
    made.computers = vec![2];
    let v = view(
        asha.request(Request::CreateTournament(Box::new(made)))
            .await,
    );
    let (t, code) = (v.summary.tournament, v.code.clone().unwrap());
    assert_eq!(
        v.summary.entrants, 1,
        "the computer is entered when it is made"
    );
    let computer = v.standings.lines[0].clone();
    assert_eq!(computer.computer, Some(2));
    assert_eq!(computer.player.name, "AI level 2");
    assert_eq!(
        computer.rating,
        chaupal_shared::levels::level_rating(GameKind::Kalah, 2)
    );
    view(
        asha.request(Request::JoinTournament {
            tournament: t,
            code: Some(code),
        })
        .await,
    );
    clock.advance(601_000);
    let Heard::Paired(game, _) = heard(&mut asha, t).await else {
        panic!("asha meets the computer")
    };
    let snap = asha.rejoin(game).await;
    assert!(
        snap.summary
            .seats
            .iter()
            .any(|s| s.player.is_none() && s.engine.is_some()),
        "{:?}",
        snap.summary.seats
    );
    asha.act(game, Action::Resign).await.unwrap();
    // A round's scores are there from its pairing (nothing yet); its game's, once it ended.
    let page = standings_when(&mut asha, t, |p| {
        p.lines.iter().map(|l| l.points).sum::<u32>() == 2
    })
    .await;
    let by_name: BTreeMap<&str, (u32, Option<u8>)> = page
        .lines
        .iter()
        .map(|l| (l.player.name.as_str(), (l.points, l.computer)))
        .collect();
    assert_eq!(by_name["AI level 2"], (2, Some(2)));
    assert_eq!(by_name["asha"], (0, None));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_side_that_never_moves_loses_so_that_the_round_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let mut args = clock.option().to_vec();
    args.extend(["--round-first-move-ms", "1500"]);
    let server = ServerProcess::start_for_games(&args).await;
    let mut players = vec![
        Client::hello(&server, "asha").await,
        Client::hello(&server, "bikram").await,
    ];
    let format = TournamentFormat::Swiss {
        rounds: 1,
        matches: false,
    };
    let t = create(&mut players[0], setup(GameKind::Jungle, format, None))
        .await
        .summary
        .tournament;
    join_all(&mut players, t).await;
    clock.advance(601_000);
    let mut first = None;
    for p in players.iter_mut() {
        if let Heard::Paired(game, Side::First) = heard(p, t).await {
            first = Some((p.id(), game));
        }
    }
    let (absent, game) = first.expect("one of them has the first side");
    // Nobody moves: a second and a half later the first side has lost, and the Swiss is over.
    let ended = summary_when(&mut players[0], t, |v| {
        v.summary.status == TournamentStatus::Finished
    })
    .await;
    assert_eq!(ended.summary.rounds.unwrap().round, 1);
    let page = standings_when(&mut players[1], t, |_| true).await;
    for line in &page.lines {
        let expected = if line.player.id == absent { 0 } else { 2 };
        assert_eq!(line.points, expected, "{page:?}");
    }
    let result = players[0]
        .wait_for(|m| match m {
            ServerMessage::Event {
                game: g,
                event: chaupal_shared::protocol::GameEvent::Ended { result, .. },
                ..
            } if *g == game => Some(*result),
            _ => None,
        })
        .await;
    assert_eq!(result.winner, Some(Side::Second));
    assert_eq!(
        result.reason,
        chaupal_shared::protocol::ResultReason::Timeout
    );
}
