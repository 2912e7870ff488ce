//! Puzzles through the real server, on a small set of real positions the test writes and
//! names with `--puzzles DIR`: a client solves one puzzle and fails another, and both its
//! puzzle rating and the puzzles' ratings move exactly as Glicko-2 says (computed here with
//! skillratings), while a second attempt moves nothing; bad input is refused with its code
//! and the connection goes on; a streak grows harder and ends at its first mistake, and the
//! player's best streak comes back (after reconnecting too); a rated puzzle left after a right
//! move for another is lost as a wrong move loses it, and one left before any move, or by a
//! dropped connection, costs nothing; the day's puzzles and the themes are listed; a bad set
//! stops the start, naming its file and line.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::protocol::puzzles::{
    PuzzleInfo, PuzzleMode, PuzzleMoved, PuzzleOutcome, PuzzleQuery, Verdict,
};
use chaupal_shared::protocol::{ErrorCode, ErrorReply, Reply, Request};
use chaupal_shared::puzzle_set::{Goal, Proof, PuzzleEntry};
use chaupal_tests::{Client, ServerProcess, start_of};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// Kalah with four houses of three seeds.
fn small_kalah() -> AnyGame {
    AnyGame::start(GameKind::Kalah, [("pits", "4"), ("seeds", "3")]).unwrap()
}

/// A puzzle at `game`'s position with the line `solution`, checked by the rules.
fn puzzle(game: &AnyGame, id: &str, rating: f64, themes: &[&str], solution: &[&str]) -> String {
    let entry = PuzzleEntry {
        id: id.to_owned(),
        game: game.kind(),
        rules: game.rule_pairs().into_iter().collect(),
        position: game.position_text(),
        goal: Goal::Win,
        solution: solution.iter().map(|s| (*s).to_owned()).collect(),
        themes: themes.iter().map(|t| (*t).to_owned()).collect(),
        proof: Proof::Exact,
        rating,
    };
    entry.replay().unwrap();
    entry.to_line()
}

/// The test's set, one file a game: Kalah puzzles whose lines have the solver moving twice
/// running and the opponent's reply, and a one-move puzzle of each other game.
fn write_set(dir: &Path) {
    let k = small_kalah();
    // South sows into its store and moves again, then north replies, then south ends it.
    let long = ["2", "1", "1", "4"];
    // South sows into its store, then plays 4.
    let short = ["2", "4"];
    let kalah = [
        puzzle(&k, "k-solve", 1500.0, &["extra-turn"], &long),
        puzzle(&k, "k-fail", 1520.0, &["capture"], &short),
        puzzle(&k, "k-third", 1490.0, &["capture"], &short),
        puzzle(&k, "k-streak-1", 1100.0, &["streak"], &short),
        puzzle(&k, "k-streak-2", 1160.0, &["streak"], &short),
        puzzle(&k, "k-streak-3", 1230.0, &["streak"], &short),
    ];
    std::fs::write(dir.join("kalah.jsonl"), kalah.join("\n") + "\n").unwrap();
    for (kind, file) in [
        (GameKind::BaghChal, "baghchal.jsonl"),
        (GameKind::Jungle, "jungle.jsonl"),
        (GameKind::SholoGuti, "sholo-guti.jsonl"),
    ] {
        let game = start_of(kind);
        let first = game.legal_moves_text()[0].clone();
        let line = puzzle(
            &game,
            &format!("{}-1", kind.name()),
            1600.0,
            &["opening"],
            &[&first],
        );
        std::fs::write(dir.join(file), line + "\n").unwrap();
    }
}

/// A server with the test's set (the message budget raised: the tests send quickly).
async fn server_with_set() -> (ServerProcess, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    write_set(dir.path());
    let path = dir.path().display().to_string();
    let server = ServerProcess::start_for_games(&["--puzzles", &path]).await;
    (server, dir)
}

async fn open(c: &mut Client, id: &str) -> PuzzleInfo {
    match c
        .request(Request::OpenPuzzle {
            puzzle: id.to_owned(),
        })
        .await
    {
        Ok(Reply::Puzzle(info)) => *info,
        other => panic!("expected a puzzle, got {other:?}"),
    }
}

async fn next(c: &mut Client, query: PuzzleQuery) -> PuzzleInfo {
    match c.request(Request::NextPuzzle(query)).await {
        Ok(Reply::Puzzle(info)) => *info,
        other => panic!("expected a puzzle, got {other:?}"),
    }
}

async fn play(c: &mut Client, id: &str, notation: &str) -> PuzzleMoved {
    match c
        .request(Request::PuzzleMove {
            puzzle: id.to_owned(),
            notation: notation.to_owned(),
        })
        .await
    {
        Ok(Reply::PuzzleMoved(moved)) => *moved,
        other => panic!("expected puzzle_moved, got {other:?}"),
    }
}

fn refused(answer: Result<Reply, ErrorReply>, code: ErrorCode) -> String {
    match answer {
        Err(e) if e.code == code => e.reason,
        other => panic!("expected {code}, got {other:?}"),
    }
}

/// A wrong first move in the small Kalah start: any legal move but 2.
const WRONG: &str = "1";

#[tokio::test]
async fn a_solved_and_a_failed_first_attempt_move_both_ratings_as_glicko2_says() {
    let (server, _dir) = server_with_set().await;
    let mut c = Client::hello(&server, "solver").await;
    let config = Glicko2Config::new();
    let newcomer = Glicko2Rating::new();

    // Solve k-solve: south moves twice running, north's reply is played, then the end.
    let info = open(&mut c, "k-solve").await;
    assert!(info.rated);
    assert_eq!(info.mode, PuzzleMode::Rated);
    assert_eq!(
        (info.rating, info.plays, info.moves_to_find),
        (1500.0, 0, 3)
    );
    assert_eq!(info.player.rating, newcomer.rating);
    assert_eq!(info.player.deviation, newcomer.deviation);
    assert_eq!(info.player.attempts, 0);
    let m = play(&mut c, "k-solve", "2").await;
    assert_eq!((m.verdict, m.done), (Verdict::Right, false));
    assert!(m.replies.is_empty(), "south moves again: no reply");
    assert!(m.outcome.is_none());
    let m = play(&mut c, "k-solve", "1").await;
    assert_eq!((m.verdict, m.done), (Verdict::Right, false));
    assert_eq!(m.replies, ["1"], "north's reply from the solution");
    let m = play(&mut c, "k-solve", "4").await;
    assert_eq!((m.verdict, m.done), (Verdict::Right, true));
    let won = m.outcome.expect("the last right move ends the attempt");
    let puzzle = Glicko2Rating {
        rating: 1500.0,
        ..Glicko2Rating::new()
    };
    let (p1, z1) = glicko2(&newcomer, &puzzle, &Outcomes::WIN, &config);
    assert!(won.solved && won.rated);
    assert_eq!(won.before, info.player);
    assert_eq!(
        (won.after.rating, won.after.deviation),
        (p1.rating, p1.deviation)
    );
    assert_eq!(won.after.attempts, 1);
    assert_eq!(won.puzzle_rating, z1.rating);
    assert!(won.after.rating > won.before.rating);

    // Fail k-fail: a wrong first move ends the attempt at once; the position stays.
    let info = open(&mut c, "k-fail").await;
    assert!(info.rated);
    assert_eq!(info.player, won.after, "the player's rating as it stands");
    let m = play(&mut c, "k-fail", WRONG).await;
    assert_eq!((m.verdict, m.done), (Verdict::Wrong, false));
    let lost = m.outcome.expect("the first wrong move ends the attempt");
    let puzzle = Glicko2Rating {
        rating: 1520.0,
        ..Glicko2Rating::new()
    };
    let (p2, z2) = glicko2(&p1, &puzzle, &Outcomes::LOSS, &config);
    assert!(!lost.solved && lost.rated);
    assert_eq!(
        (lost.after.rating, lost.after.deviation),
        (p2.rating, p2.deviation)
    );
    assert_eq!(lost.puzzle_rating, z2.rating);
    assert!(lost.puzzle_rating > 1520.0, "the puzzle won");
    // Trying on is unrated: the right line is still accepted, with no outcome.
    let m = play(&mut c, "k-fail", "2").await;
    assert_eq!((m.verdict, m.outcome), (Verdict::Right, None));
    let m = play(&mut c, "k-fail", "4").await;
    assert_eq!((m.verdict, m.done, m.outcome), (Verdict::Right, true, None));

    // Read back: each puzzle's new rating and plays, and the player's, through open_puzzle.
    let again = open(&mut c, "k-solve").await;
    assert!(!again.rated, "a second attempt is never rated");
    assert_eq!((again.rating, again.plays), (z1.rating, 1));
    assert_eq!(again.player, lost.after);
    // A second attempt moves nothing, failed as it is.
    let m = play(&mut c, "k-solve", WRONG).await;
    let unrated = m.outcome.expect("the attempt still ends");
    assert!(!unrated.rated && !unrated.solved);
    assert_eq!(unrated.before, unrated.after);
    assert_eq!(unrated.after, lost.after);
    assert_eq!(unrated.puzzle_rating, z1.rating);
    let failed = open(&mut c, "k-fail").await;
    assert_eq!((failed.rating, failed.plays), (z2.rating, 1));

    // Another player, on another connection, sees the puzzles as they now stand and is rated
    // against them; a next_puzzle reply shows the first player's rating after both attempts.
    let mut other = Client::hello(&server, "other").await;
    let info = open(&mut other, "k-solve").await;
    assert!(info.rated);
    assert_eq!(info.rating, z1.rating);
    let m = play(&mut other, "k-solve", WRONG).await;
    let (_, z3) = glicko2(&newcomer, &z1, &Outcomes::LOSS, &config);
    assert_eq!(m.outcome.unwrap().puzzle_rating, z3.rating);
    let info = next(
        &mut c,
        PuzzleQuery {
            game: Some(GameKind::Kalah),
            theme: Some("capture".to_owned()),
            mode: PuzzleMode::Rated,
        },
    )
    .await;
    assert_eq!(info.id, "k-third", "the one untried capture puzzle");
    assert!(info.rated);
    assert_eq!(info.player.rating, p2.rating);
    assert_eq!(info.player.attempts, 2);
}

#[tokio::test]
async fn bad_input_is_refused_with_its_code_and_the_connection_goes_on() {
    let (server, _dir) = server_with_set().await;
    let mut c = Client::hello(&server, "prodder").await;
    // A move and a give-up for a puzzle not given.
    let answer = c
        .request(Request::PuzzleMove {
            puzzle: "k-solve".to_owned(),
            notation: "2".to_owned(),
        })
        .await;
    refused(answer, ErrorCode::PuzzleNotGiven);
    let answer = c
        .request(Request::PuzzleSolution {
            puzzle: "k-solve".to_owned(),
        })
        .await;
    refused(answer, ErrorCode::PuzzleNotGiven);
    // Unknown puzzles, ids no puzzle can have, an unknown theme, a theme too long.
    for id in ["k-nothing", "mine-99-1", "", "no spaces", &"k".repeat(33)] {
        let answer = c
            .request(Request::OpenPuzzle {
                puzzle: id.to_owned(),
            })
            .await;
        refused(answer, ErrorCode::NoSuchPuzzle);
    }
    for theme in ["no-such-theme".to_owned(), "t".repeat(33)] {
        let answer = c
            .request(Request::NextPuzzle(PuzzleQuery {
                game: None,
                theme: Some(theme),
                mode: PuzzleMode::Rated,
            }))
            .await;
        refused(answer, ErrorCode::NoSuchPuzzle);
    }
    // A theme of another game is no theme of this one.
    let answer = c
        .request(Request::NextPuzzle(PuzzleQuery {
            game: Some(GameKind::Jungle),
            theme: Some("capture".to_owned()),
            mode: PuzzleMode::Rated,
        }))
        .await;
    refused(answer, ErrorCode::NoSuchPuzzle);

    // An illegal move and one too long are refused; the puzzle is unchanged.
    open(&mut c, "k-fail").await;
    for notation in ["9", "a1-a2", &"1".repeat(65)] {
        let answer = c
            .request(Request::PuzzleMove {
                puzzle: "k-fail".to_owned(),
                notation: notation.to_owned(),
            })
            .await;
        refused(answer, ErrorCode::IllegalMove);
    }
    // The solution, twice: the second is refused.
    let answer = c
        .request(Request::PuzzleSolution {
            puzzle: "k-fail".to_owned(),
        })
        .await;
    let Ok(Reply::PuzzleSolution {
        puzzle,
        solution,
        outcome,
    }) = answer
    else {
        panic!("expected the solution, got {answer:?}");
    };
    assert_eq!(
        (puzzle.as_str(), solution),
        ("k-fail", vec!["2".to_owned(), "4".to_owned()])
    );
    let outcome: PuzzleOutcome = outcome.expect("giving up ends a rated attempt");
    assert!(outcome.rated && !outcome.solved);
    assert!(outcome.after.rating < outcome.before.rating);
    let answer = c
        .request(Request::PuzzleSolution {
            puzzle: "k-fail".to_owned(),
        })
        .await;
    refused(answer, ErrorCode::PuzzleOver);
    // A move once the solution was shown.
    let answer = c
        .request(Request::PuzzleMove {
            puzzle: "k-fail".to_owned(),
            notation: "2".to_owned(),
        })
        .await;
    refused(answer, ErrorCode::PuzzleOver);

    // A move after the puzzle was solved.
    open(&mut c, "k-third").await;
    play(&mut c, "k-third", "2").await;
    assert!(play(&mut c, "k-third", "4").await.done);
    let answer = c
        .request(Request::PuzzleMove {
            puzzle: "k-third".to_owned(),
            notation: "1".to_owned(),
        })
        .await;
    refused(answer, ErrorCode::PuzzleOver);
    // A new puzzle replaces it: the old one is no longer given.
    open(&mut c, "k-solve").await;
    let answer = c
        .request(Request::PuzzleMove {
            puzzle: "k-third".to_owned(),
            notation: "2".to_owned(),
        })
        .await;
    refused(answer, ErrorCode::PuzzleNotGiven);

    // Still served.
    let pong = c
        .request(Request::Ping {
            data: "still here".to_owned(),
        })
        .await
        .unwrap();
    assert_eq!(
        pong,
        Reply::Pong {
            data: "still here".to_owned()
        }
    );
    assert_eq!(play(&mut c, "k-solve", "2").await.verdict, Verdict::Right);
}

#[tokio::test]
async fn a_streak_grows_harder_and_ends_at_its_first_mistake() {
    let (server, _dir) = server_with_set().await;
    let mut c = Client::hello(&server, "streaker").await;
    let query = PuzzleQuery {
        game: Some(GameKind::Kalah),
        theme: Some("streak".to_owned()),
        mode: PuzzleMode::Streak,
    };
    let first = next(&mut c, query.clone()).await;
    assert_eq!(first.mode, PuzzleMode::Streak);
    assert!(!first.rated);
    assert_eq!(first.streak, 0);
    assert!(
        (1000.0..=1200.0).contains(&first.rating),
        "{}",
        first.rating
    );
    play(&mut c, &first.id, "2").await;
    let solved = play(&mut c, &first.id, "4").await.outcome.unwrap();
    assert!(solved.solved && !solved.rated);
    assert_eq!((solved.streak, solved.streak_over), (1, false));
    assert_eq!(solved.before, solved.after, "a streak is unrated");

    let second = next(&mut c, query.clone()).await;
    assert!(
        second.rating >= first.rating + 50.0,
        "{} after {}",
        second.rating,
        first.rating
    );
    assert_ne!(second.id, first.id);
    assert_eq!(second.streak, 1);
    let over = play(&mut c, &second.id, WRONG).await.outcome.unwrap();
    assert!(!over.solved && !over.rated);
    assert_eq!((over.streak, over.streak_over), (1, true));
    // Trying on after the end changes nothing of the streak.
    play(&mut c, &second.id, "2").await;
    assert_eq!(play(&mut c, &second.id, "4").await.outcome, None);

    // The next streak starts again from the easy end.
    let again = next(&mut c, query).await;
    assert_eq!(again.streak, 0);
    assert!(
        (1000.0..=1200.0).contains(&again.rating),
        "{}",
        again.rating
    );
    // The player's rating never moved.
    assert_eq!(again.player.attempts, 0);
}

/// The streak query of the test's set: its three streak puzzles.
fn streak_query() -> PuzzleQuery {
    PuzzleQuery {
        game: Some(GameKind::Kalah),
        theme: Some("streak".to_owned()),
        mode: PuzzleMode::Streak,
    }
}

/// Solves a streak puzzle of the test's set (south plays 2, then 4): the outcome.
async fn solve_short(c: &mut Client, id: &str) -> PuzzleOutcome {
    assert_eq!(play(c, id, "2").await.verdict, Verdict::Right);
    play(c, id, "4")
        .await
        .outcome
        .expect("solved: the attempt ends")
}

#[tokio::test]
async fn the_best_streak_comes_back_to_the_player_and_after_reconnecting() {
    let (server, _dir) = server_with_set().await;
    let mut c = Client::hello(&server, "streaker").await;
    // A streak of two: the best grows with it, and stays when it ends.
    let first = next(&mut c, streak_query()).await;
    assert_eq!((first.streak, first.best_streak), (0, 0));
    let one = solve_short(&mut c, &first.id).await;
    assert_eq!((one.streak, one.best_streak), (1, 1));
    let second = next(&mut c, streak_query()).await;
    assert_eq!((second.streak, second.best_streak), (1, 1));
    let two = solve_short(&mut c, &second.id).await;
    assert_eq!((two.streak, two.best_streak), (2, 2));
    let third = next(&mut c, streak_query()).await;
    assert_eq!((third.streak, third.best_streak), (2, 2));
    let over = play(&mut c, &third.id, WRONG).await.outcome.unwrap();
    assert_eq!(
        (over.streak, over.streak_over, over.best_streak),
        (2, true, 2)
    );
    // A shorter streak after it leaves the best as it was.
    let again = next(&mut c, streak_query()).await;
    assert_eq!((again.streak, again.best_streak), (0, 2));
    let short = solve_short(&mut c, &again.id).await;
    assert_eq!((short.streak, short.best_streak), (1, 2));
    // On a new connection the records still have it, in rated mode too.
    let token = c.token.clone().unwrap();
    drop(c);
    let mut c = Client::hello_as(&server, "streaker", Some(&token)).await;
    let info = next(&mut c, streak_query()).await;
    assert_eq!((info.streak, info.best_streak), (0, 2));
    let info = open(&mut c, "k-solve").await;
    assert_eq!(info.best_streak, 2);
    // Another player's best is their own.
    let mut other = Client::hello(&server, "newcomer").await;
    assert_eq!(next(&mut other, streak_query()).await.best_streak, 0);
}

/// The attempts the records keep of `player` at `puzzle`: (solved, rated, mode).
async fn attempts_kept(
    server: &ServerProcess,
    player: u64,
    puzzle: &str,
) -> Vec<(i64, i64, String)> {
    use sqlx::Connection;
    let url = format!(
        "sqlite://{}?mode=ro",
        server.dir.join("chaupal.sqlite").display()
    );
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let rows: Vec<(i64, i64, String)> = sqlx::query_as(
        "SELECT solved, rated, mode FROM puzzle_attempts WHERE player = $1 AND puzzle = $2",
    )
    .bind(i64::try_from(player).unwrap())
    .bind(puzzle)
    .fetch_all(&mut db)
    .await
    .unwrap();
    db.close().await.unwrap();
    rows
}

#[tokio::test]
async fn a_rated_puzzle_left_after_a_right_move_is_lost_and_one_left_untouched_costs_nothing() {
    let (server, _dir) = server_with_set().await;
    let mut c = Client::hello(&server, "leaver").await;
    let token = c.token.clone().unwrap();
    let player = c.id().0;
    let config = Glicko2Config::new();
    let newcomer = Glicko2Rating::new();

    // Opened and left before any move: nothing is settled.
    let info = open(&mut c, "k-fail").await;
    assert!(info.rated);
    let info = open(&mut c, "k-third").await;
    assert_eq!(info.abandoned, None);
    assert_eq!(info.player.attempts, 0);
    assert!(attempts_kept(&server, player, "k-fail").await.is_empty());

    // One right move, then the next puzzle: the attempt is lost, as a wrong move loses it.
    let info = open(&mut c, "k-solve").await;
    assert!(info.rated);
    let m = play(&mut c, "k-solve", "2").await;
    assert_eq!(
        (m.verdict, m.done, m.outcome),
        (Verdict::Right, false, None)
    );
    let info = next(
        &mut c,
        PuzzleQuery {
            game: Some(GameKind::Kalah),
            theme: Some("streak".to_owned()),
            mode: PuzzleMode::Rated,
        },
    )
    .await;
    assert!(info.id.starts_with("k-streak"), "{}", info.id);
    let left = info.abandoned.expect("the attempt left is settled");
    assert_eq!(left.puzzle, "k-solve");
    let puzzle = Glicko2Rating {
        rating: 1500.0,
        ..Glicko2Rating::new()
    };
    let (p1, z1) = glicko2(&newcomer, &puzzle, &Outcomes::LOSS, &config);
    let lost = left.outcome;
    assert!(lost.rated && !lost.solved);
    assert_eq!(lost.before.rating, newcomer.rating);
    assert_eq!(
        (lost.after.rating, lost.after.deviation, lost.after.attempts),
        (p1.rating, p1.deviation, 1)
    );
    assert!(lost.after.rating < lost.before.rating, "the player lost");
    assert_eq!(lost.puzzle_rating, z1.rating);
    assert!(lost.puzzle_rating > 1500.0, "the puzzle won");
    assert_eq!(
        info.player, lost.after,
        "the new puzzle shows the rating after"
    );
    assert_eq!(
        attempts_kept(&server, player, "k-solve").await,
        [(0, 1, "rated".to_owned())]
    );
    let again = open(&mut c, "k-solve").await;
    assert!(!again.rated, "tried: the records have it");
    assert_eq!((again.rating, again.plays), (z1.rating, 1));

    // k-fail, opened and left at first, is still untried: its attempt is rated.
    let info = open(&mut c, "k-fail").await;
    assert!(info.rated);
    assert_eq!(info.plays, 0);
    // One right move, then the connection drops (a phone's network, say): nothing is settled,
    // and the puzzle is still untried and rated on the next connection.
    assert_eq!(play(&mut c, "k-fail", "2").await.verdict, Verdict::Right);
    drop(c);
    let mut c = Client::hello_as(&server, "leaver", Some(&token)).await;
    let info = open(&mut c, "k-fail").await;
    assert!(info.rated, "a dropped connection costs nothing");
    assert_eq!((info.plays, info.player.attempts), (0, 1));
    assert_eq!(info.player.rating, p1.rating);
    assert!(attempts_kept(&server, player, "k-fail").await.is_empty());
    // Left after a right move by asking for another: now it counts.
    assert_eq!(play(&mut c, "k-fail", "2").await.verdict, Verdict::Right);
    let info = open(&mut c, "k-third").await;
    assert!(info.rated, "the puzzle left untouched is still untried");
    let left = info.abandoned.expect("the attempt left is settled");
    assert_eq!(left.puzzle, "k-fail");
    let puzzle = Glicko2Rating {
        rating: 1520.0,
        ..Glicko2Rating::new()
    };
    let (p2, z2) = glicko2(&p1, &puzzle, &Outcomes::LOSS, &config);
    assert_eq!(left.outcome.puzzle_rating, z2.rating);
    assert_eq!((info.player.rating, info.player.attempts), (p2.rating, 2));
    assert_eq!(
        attempts_kept(&server, player, "k-fail").await,
        [(0, 1, "rated".to_owned())]
    );
    assert!(attempts_kept(&server, player, "k-third").await.is_empty());
}

#[tokio::test]
async fn the_days_puzzles_and_the_themes_are_listed() {
    let (server, _dir) = server_with_set().await;
    let mut c = Client::hello(&server, "reader").await;
    let Ok(Reply::DailyPuzzles { puzzles }) = c.request(Request::DailyPuzzles).await else {
        panic!("expected the day's puzzles");
    };
    let mut games: Vec<GameKind> = puzzles.iter().map(|p| p.game).collect();
    games.sort();
    let mut all = GameKind::ALL.to_vec();
    all.sort();
    assert_eq!(games, all, "one a game");
    assert!(
        puzzles
            .iter()
            .all(|p| p.day.len() == 10 && !p.themes.is_empty())
    );
    let Ok(Reply::DailyPuzzles { puzzles: again }) = c.request(Request::DailyPuzzles).await else {
        panic!("expected the day's puzzles");
    };
    assert_eq!(again, puzzles, "the same all day");
    let info = open(&mut c, &puzzles[0].id).await;
    assert_eq!(info.id, puzzles[0].id);

    let Ok(Reply::PuzzleThemes { themes }) = c.request(Request::PuzzleThemes).await else {
        panic!("expected the themes");
    };
    let first = &themes[0];
    assert_eq!(
        (first.game, first.theme.as_str(), first.count),
        (GameKind::Kalah, "streak", 3),
        "most puzzles first"
    );
    assert!(themes.windows(2).all(|w| w[0].count >= w[1].count));
    assert_eq!(themes.iter().map(|t| t.count).sum::<u32>(), 9);
}

#[tokio::test]
async fn a_bad_line_in_the_set_stops_the_start_and_names_its_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    write_set(dir.path());
    let k = small_kalah();
    let good = puzzle(&k, "k-good", 1500.0, &[], &["2", "4"]);
    // The second line's solution is not legal (house 2 is empty after it was sown).
    let bad =
        puzzle(&k, "k-bad", 1500.0, &[], &["2", "4"]).replace("[\"2\",\"4\"]", "[\"2\",\"2\"]");
    std::fs::write(dir.path().join("more.jsonl"), format!("{good}\n{bad}\n")).unwrap();
    let output = std::process::Command::new(chaupal_tests::server_binary())
        .current_dir(dir.path())
        .args(["serve", "--bind", "127.0.0.1:0", "--puzzles"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("more.jsonl, line 2"), "{stderr}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("listening"));
}
