//! The store against a real SQLite file and, when `CHAUPAL_TEST_POSTGRES` names a PostgreSQL
//! server (as `scripts/test.sh` arranges), against a fresh database on it: every scenario that
//! does not depend on SQLite's files runs on both backends.

use std::sync::atomic::{AtomicU32, Ordering};

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::{
    ClockSpec, GameEvent, GameResult, GameStatus, OfferKind, ResultReason, RulePair,
};
use sqlx::Connection;

use super::*;
use crate::pace::Pace;
use crate::ratings::player_key;

mod lost_commit;
mod tournament_nodes;
mod tournaments;

/// The turn after a move, in a game with no deadline (these tests do not look at it).
const NO_TURN: NextTurn = NextTurn {
    side: Side::First,
    pace: None,
};

/// Puts `work` in the writer's queue without waiting: in a test on one thread, everything so
/// queued before the test awaits is in the writer's queue when it next looks.
fn queue_now(store: &Store, work: writer::Work) {
    let job = writer::Job {
        work,
        queued: std::time::Instant::now(),
    };
    assert!(store.writer.try_send(job).is_ok());
}

/// Writes `writes` as one group, in one transaction.
async fn commit_events(store: &Store, writes: &[&EventWrite]) {
    let mut tx = store.pool.begin().await.unwrap();
    super::events::write_events(&mut tx, writes).await.unwrap();
    tx.commit().await.unwrap();
}

/// A fresh, empty database for one test.
pub(super) struct TestDb {
    pub(super) url: String,
    /// SQLite: the directory holding the file, removed with `self`.
    _dir: Option<tempfile::TempDir>,
    /// PostgreSQL: the server's URL and the database's name, dropped by [`TestDb::remove`].
    postgres: Option<(String, String)>,
}

/// Tells databases created at once apart.
static NEXT_DB: AtomicU32 = AtomicU32::new(0);

impl TestDb {
    fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().unwrap();
        TestDb {
            url: format!("sqlite://{}", dir.path().join("t.sqlite").display()),
            _dir: Some(dir),
            postgres: None,
        }
    }

    /// A new database on the PostgreSQL server `CHAUPAL_TEST_POSTGRES` names (its URL names a
    /// database the user may connect to and a user that may create databases); `None` when the
    /// variable is not set, a failure when `CHAUPAL_REQUIRE_POSTGRES` is (as in
    /// `scripts/test.sh`), so that the suite cannot pass without PostgreSQL unnoticed.
    async fn postgres() -> Option<TestDb> {
        let Ok(server) = std::env::var("CHAUPAL_TEST_POSTGRES") else {
            assert!(
                std::env::var_os("CHAUPAL_REQUIRE_POSTGRES").is_none(),
                "CHAUPAL_REQUIRE_POSTGRES is set but CHAUPAL_TEST_POSTGRES is not"
            );
            eprintln!("CHAUPAL_TEST_POSTGRES is not set: PostgreSQL not tested");
            return None;
        };
        let name = format!(
            "chaupal_test_{}_{}",
            std::process::id(),
            NEXT_DB.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
        sqlx::query(&format!("DROP DATABASE IF EXISTS {name}"))
            .execute(&mut admin)
            .await
            .unwrap();
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .unwrap();
        admin.close().await.unwrap();
        Some(TestDb {
            url: with_database(&server, &name),
            _dir: None,
            postgres: Some((server, name)),
        })
    }

    /// SQLite, and PostgreSQL when the run has a server.
    pub(super) async fn all() -> Vec<TestDb> {
        let mut all = vec![TestDb::sqlite()];
        all.extend(TestDb::postgres().await);
        all
    }

    pub(super) async fn open(&self) -> Store {
        Store::open(&self.url).await.unwrap()
    }

    /// Closes `store` and drops a PostgreSQL database (a SQLite directory goes with `self`).
    pub(super) async fn remove(self, store: Store) {
        store.close().await;
        self.drop_database().await;
    }

    /// Drops a PostgreSQL database (a SQLite directory goes with `self`).
    pub(super) async fn drop_database(self) {
        if let Some((server, name)) = &self.postgres {
            let mut admin = sqlx::PgConnection::connect(server).await.unwrap();
            sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)"))
                .execute(&mut admin)
                .await
                .unwrap();
        }
    }
}

/// `url` (`postgres://user@host:port/db?options`) with its database replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[scheme_end..].find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    }
}

#[test]
fn a_test_database_url_keeps_the_server_and_its_options() {
    assert_eq!(
        with_database("postgres://u:p@h:5/postgres?sslmode=disable", "t1"),
        "postgres://u:p@h:5/t1?sslmode=disable"
    );
    assert_eq!(with_database("postgres://u@h", "t2"), "postgres://u@h/t2");
}

fn new_game(a: PlayerId, b: PlayerId) -> NewGame {
    let seat = |p: PlayerId, n: &str| StoredSeat {
        player: Some(p),
        engine: None,
        name: n.to_owned(),
    };
    NewGame {
        kind: GameKind::Kalah,
        rules: vec![RulePair::new("seeds", "4")],
        start_position: None,
        clock: Some(ClockSpec {
            initial_ms: 60_000,
            increment_ms: 1_000,
        }),
        correspondence: None,
        rated: true,
        mode: "open".to_owned(),
        creator: Some(a),
        seats: [seat(a, "asha"), seat(b, "bikram")],
        started_ms: 1_000,
        watch_key: None,
    }
}

fn event(game: GameId, version: Version, change: Change) -> EventWrite {
    EventWrite {
        game,
        version,
        body: format!("{{\"n\":{version}}}"),
        change,
        at_ms: 2_000,
    }
}

#[tokio::test]
async fn players_are_found_by_token_hash() {
    for db in TestDb::all().await {
        let store = db.open().await;
        players_are_found_by_token_hash_on(&store).await;
        db.remove(store).await;
    }
}

async fn players_are_found_by_token_hash_on(store: &Store) {
    let id = store.create_player("asha", "hash-a", 5).await.unwrap();
    assert_eq!(
        store.player_by_token("hash-a").await.unwrap(),
        Some((id, "asha".to_owned()))
    );
    assert_eq!(store.player_by_token("hash-b").await.unwrap(), None);
    store.rename_player(id, "Asha").await.unwrap();
    assert_eq!(
        store.player_name(id).await.unwrap().as_deref(),
        Some("Asha")
    );
    // A linked device's token finds the same player, and the first token still does.
    store.add_token(id, "hash-phone", 6).await.unwrap();
    assert_eq!(
        store.player_by_token("hash-phone").await.unwrap(),
        Some((id, "Asha".to_owned()))
    );
    assert_eq!(
        store.player_by_token("hash-a").await.unwrap(),
        Some((id, "Asha".to_owned()))
    );
    // A token is one player's only.
    let other = store.create_player("bo", "hash-bo", 7).await.unwrap();
    assert!(store.add_token(other, "hash-phone", 8).await.is_err());
}

#[tokio::test]
async fn moves_takebacks_and_the_end_are_kept_and_reload() {
    for db in TestDb::all().await {
        let store = db.open().await;
        let backend = store.backend();
        exercise(&store).await;
        store.close().await;
        // Everything is still there after opening the database again.
        let store = db.open().await;
        assert_eq!(store.backend(), backend);
        let live = store.live_games(3).await.unwrap();
        assert!(live.is_empty());
        let a = store.player_by_token("ha").await.unwrap().unwrap().0;
        let list = store.finished_games(a, a, 10, None).await.unwrap();
        assert_eq!(store.moves(list[0].id).await.unwrap().len(), 2);
        db.remove(store).await;
    }
}

/// An event reads back as itself; an offer event kept by a server of protocol version 1 reads
/// as the offer it is; a body that is no event reads as none.
#[test]
fn stored_events_read_back_and_offers_of_protocol_one_read_as_offers() {
    let now = GameEvent::OfferDeclined {
        kind: OfferKind::Rematch,
        by: Side::Second,
    };
    assert_eq!(read_event(&serde_json::to_string(&now).unwrap()), Some(now));
    let made = |kind, by| GameEvent::OfferMade { kind, by };
    let declined = |kind, by| GameEvent::OfferDeclined { kind, by };
    let kept = [
        (
            r#"{"draw_offered":{"by":"First"}}"#,
            made(OfferKind::Draw, Side::First),
        ),
        (
            r#"{"draw_declined":{"by":"Second"}}"#,
            declined(OfferKind::Draw, Side::Second),
        ),
        (
            r#"{"takeback_requested":{"by":"Second"}}"#,
            made(OfferKind::Takeback, Side::Second),
        ),
        (
            r#"{"takeback_declined":{"by":"First"}}"#,
            declined(OfferKind::Takeback, Side::First),
        ),
        (
            r#"{"rematch_offered":{"by":"First"}}"#,
            made(OfferKind::Rematch, Side::First),
        ),
        (
            r#"{"rematch_declined":{"by":"Second"}}"#,
            declined(OfferKind::Rematch, Side::Second),
        ),
    ];
    for (body, event) in kept {
        assert_eq!(read_event(body), Some(event), "{body}");
    }
    for body in [r#"{"draw_accepted":{"by":"First"}}"#, "", "{"] {
        assert_eq!(read_event(body), None, "{body}");
    }
}

#[tokio::test]
async fn the_backend_is_the_one_the_url_names() {
    for db in TestDb::all().await {
        let store = db.open().await;
        let expected = if db.postgres.is_some() {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        assert_eq!(store.backend(), expected);
        db.remove(store).await;
    }
}

#[tokio::test]
async fn seeks_are_kept_until_taken_or_removed_and_reload() {
    for db in TestDb::all().await {
        let store = db.open().await;
        let open_seek = seeks_are_kept(&store).await;
        store.close().await;
        let store = db.open().await;
        let seeks = store.seeks().await.unwrap();
        assert_eq!(seeks.len(), 1);
        assert_eq!(seeks[0].id, open_seek);
        db.remove(store).await;
    }
}

/// Stores an open seek and two private ones, takes one into a game and removes the other;
/// returns the open seek, which stays.
async fn seeks_are_kept(store: &Store) -> chaupal_shared::protocol::SeekId {
    use chaupal_shared::protocol::{GameSetup, Opponent, PlayerInfo, SideChoice};
    let by = PlayerInfo {
        id: store.create_player("seeker", "h-seeker", 0).await.unwrap(),
        name: "seeker".to_owned(),
    };
    let setup = |opponent| GameSetup {
        game: GameKind::Jungle,
        rules: vec![RulePair::new("board", "small")],
        clock: None,
        correspondence: None,
        side: SideChoice::Random,
        opponent,
        rated: false,
        position: None,
        private: false,
    };
    let open = store
        .create_seek(&by, &setup(Opponent::Open), None, 1)
        .await
        .unwrap();
    let taken = store
        .create_seek(&by, &setup(Opponent::Private), Some("ABCD-EFGH"), 2)
        .await
        .unwrap();
    // An invite code is never given twice.
    assert!(
        store
            .create_seek(&by, &setup(Opponent::Private), Some("ABCD-EFGH"), 2)
            .await
            .is_err()
    );
    let cancelled = store
        .create_seek(&by, &setup(Opponent::Private), Some("WXYZ-WXYZ"), 3)
        .await
        .unwrap();
    assert!(open < taken && taken < cancelled);
    let all = store.seeks().await.unwrap();
    assert_eq!(all.len(), 3);
    assert_eq!(all[1].by, by);
    assert_eq!(all[1].setup, setup(Opponent::Private));
    assert_eq!(all[1].code.as_deref(), Some("ABCD-EFGH"));
    let other = store.create_player("friend", "h-friend", 0).await.unwrap();
    let game = store
        .create_game_from_seek(&new_game(by.id, other), taken)
        .await
        .unwrap();
    assert!(store.game(game).await.unwrap().is_some());
    store.delete_seek(cancelled).await.unwrap();
    let left: Vec<_> = store
        .seeks()
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(left, [open]);
    // Ids are not given again once the newest seek is gone.
    let next = store
        .create_seek(&by, &setup(Opponent::Open), None, 4)
        .await
        .unwrap();
    assert!(next > cancelled);
    store.delete_seek(next).await.unwrap();
    open
}

/// Moves, a takeback, a refused duplicate, the end with ratings, lists: returns the game.
async fn exercise(store: &Store) -> GameId {
    let a = store.create_player("asha", "ha", 0).await.unwrap();
    let b = store
        .create_player("bikram", &crate::identity::new_token(), 0)
        .await
        .unwrap();
    let game = store.create_game(&new_game(a, b)).await.unwrap();
    let mv = |ply: u32, n: &str| Change::Move {
        ply,
        notation: n.to_owned(),
        mover_ms: Some(59_000),
        clocks_ms: Some([59_000, 60_000]),
        turn: NO_TURN,
    };
    store.write(event(game, 1, mv(1, "c"))).await.unwrap();
    store.write(event(game, 2, mv(2, "d"))).await.unwrap();
    store.write(event(game, 3, mv(3, "e"))).await.unwrap();
    store
        .write(event(
            game,
            4,
            Change::TakeBack {
                to_ply: 2,
                clocks_ms: Some([50_000, 40_000]),
                turn: NO_TURN,
            },
        ))
        .await
        .unwrap();
    store.write(event(game, 5, Change::None)).await.unwrap();
    // A repeated version is refused, and the game is unchanged.
    assert!(store.write(event(game, 5, Change::None)).await.is_err());

    let live = store.live_games(3).await.unwrap();
    let (row, moves, log) = live.iter().find(|(r, _, _)| r.id == game).unwrap();
    assert_eq!(moves, &["c", "d"]);
    assert_eq!(row.version, 5);
    assert_eq!(row.plies, 2);
    assert_eq!(row.clocks_ms, Some([50_000, 40_000]));
    assert_eq!(
        log.iter().map(|(v, _)| *v).collect::<Vec<_>>(),
        [3, 4, 5],
        "the last events, oldest first"
    );
    assert_eq!(row.setup.seats[1].name, "bikram");
    assert_eq!(row.setup.rules, vec![RulePair::new("seeds", "4")]);

    let result = GameResult {
        winner: Some(Side::Second),
        reason: ResultReason::Resignation,
    };
    let rated = RatedSeats {
        pool: GameKind::Kalah.into(),
        owners: [player_key(a.0), player_key(b.0)],
        fixed: [None, None],
    };
    store
        .write(event(
            game,
            6,
            Change::Finish {
                result,
                clocks_ms: None,
                rated: Some(rated),
            },
        ))
        .await
        .unwrap();
    let live = store.live_games(3).await.unwrap();
    assert!(live.iter().all(|(r, _, _)| r.id != game));
    let (row, moves) = store.game(game).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished);
    assert_eq!(row.result, Some(result));
    assert_eq!(moves.len(), 2);
    let ra = store
        .rating(&player_key(a.0), GameKind::Kalah)
        .await
        .unwrap()
        .unwrap();
    let rb = store
        .rating(&player_key(b.0), GameKind::Kalah)
        .await
        .unwrap()
        .unwrap();
    assert!(ra.rating < 1500.0 && rb.rating > 1500.0);
    assert_eq!(store.ratings(&player_key(b.0)).await.unwrap().len(), 1);
    for p in [a, b] {
        let list = store.finished_games(p, p, 10, None).await.unwrap();
        assert_eq!(list[0].id, game);
    }
    assert!(
        store
            .finished_games(a, a, 10, Some(game))
            .await
            .unwrap()
            .is_empty()
    );
    game
}

#[tokio::test]
async fn a_group_of_writes_commits_together() {
    for db in TestDb::all().await {
        let store = db.open().await;
        a_group_of_writes_commits_together_on(&store).await;
        db.remove(store).await;
    }
}

async fn a_group_of_writes_commits_together_on(store: &Store) {
    let a = store.create_player("a", "ha", 0).await.unwrap();
    let b = store.create_player("b", "hb", 0).await.unwrap();
    let mut games = Vec::new();
    for _ in 0..8 {
        games.push(store.create_game(&new_game(a, b)).await.unwrap());
    }
    let writes = games.iter().map(|&g| {
        let store = store.clone();
        async move {
            for v in 1..=5u64 {
                store
                    .write(event(
                        g,
                        v,
                        Change::Move {
                            ply: v as u32,
                            notation: format!("m{v}"),
                            mover_ms: None,
                            clocks_ms: None,
                            turn: NO_TURN,
                        },
                    ))
                    .await
                    .unwrap();
            }
        }
    });
    futures_util::future::join_all(writes).await;
    for g in games {
        assert_eq!(store.moves(g).await.unwrap().len(), 5);
    }
}

/// One group holding, for one game, moves, a take-back and a move played again over the taken
/// back ply; for another, an event that changes nothing but the version; and an ending: each
/// game's row, moves and events come out as if the writes were committed one by one.
#[tokio::test]
async fn one_group_with_take_backs_and_an_ending_reads_back_as_written() {
    for db in TestDb::all().await {
        let store = db.open().await;
        one_group_with_take_backs_and_an_ending_reads_back_as_written_on(&store).await;
        db.remove(store).await;
    }
}

async fn one_group_with_take_backs_and_an_ending_reads_back_as_written_on(store: &Store) {
    let a = store.create_player("a", "ha", 0).await.unwrap();
    let b = store.create_player("b", "hb", 0).await.unwrap();
    let [g, h, k] = [0; 3].map(|_| new_game(a, b));
    let (g, h, k) = (
        store.create_game(&g).await.unwrap(),
        store.create_game(&h).await.unwrap(),
        store.create_game(&k).await.unwrap(),
    );
    let mv = |ply: u32, n: &str, clock: u64| Change::Move {
        ply,
        notation: n.to_owned(),
        mover_ms: Some(clock),
        clocks_ms: Some([clock, 60_000]),
        turn: NO_TURN,
    };
    let result = GameResult {
        winner: Some(Side::First),
        reason: ResultReason::Resignation,
    };
    let writes = [
        event(g, 1, mv(1, "a1", 59_000)),
        event(h, 1, Change::None),
        event(g, 2, mv(2, "b2", 58_000)),
        event(k, 1, mv(1, "k1", 57_000)),
        event(
            g,
            3,
            Change::TakeBack {
                to_ply: 1,
                clocks_ms: Some([50_000, 40_000]),
                turn: NO_TURN,
            },
        ),
        event(g, 4, mv(2, "c3", 49_000)),
        event(
            k,
            2,
            Change::Finish {
                result,
                clocks_ms: Some([1, 2]),
                rated: None,
            },
        ),
    ];
    let refs: Vec<&EventWrite> = writes.iter().collect();
    commit_events(store, &refs).await;

    let live = store.live_games(10).await.unwrap();
    let (row, moves, log) = live.iter().find(|(r, _, _)| r.id == g).unwrap();
    assert_eq!(
        moves,
        &["a1", "c3"],
        "the taken-back move is gone, the new one kept"
    );
    assert_eq!((row.version, row.plies), (4, 2));
    assert_eq!(row.clocks_ms, Some([49_000, 60_000]));
    assert_eq!(
        log.iter().map(|(v, _)| *v).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    let (row, moves, _) = live.iter().find(|(r, _, _)| r.id == h).unwrap();
    assert!(moves.is_empty());
    assert_eq!((row.version, row.plies), (1, 0));
    assert_eq!(row.clocks_ms, Some([60_000, 60_000]), "clocks untouched");
    assert!(live.iter().all(|(r, _, _)| r.id != k), "k ended");
    let (row, moves) = store.game(k).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished);
    assert_eq!(row.result, Some(result));
    assert_eq!((row.version, row.plies), (2, 1));
    assert_eq!(row.clocks_ms, Some([1, 2]));
    assert_eq!(moves.len(), 1);
}

/// A group too big for one multi-row statement is split, and every row arrives.
#[tokio::test]
async fn a_group_larger_than_one_insert_keeps_every_row() {
    for db in TestDb::all().await {
        let store = db.open().await;
        a_group_larger_than_one_insert_keeps_every_row_on(&store).await;
        db.remove(store).await;
    }
}

async fn a_group_larger_than_one_insert_keeps_every_row_on(store: &Store) {
    let a = store.create_player("a", "ha", 0).await.unwrap();
    let b = store.create_player("b", "hb", 0).await.unwrap();
    let g = store.create_game(&new_game(a, b)).await.unwrap();
    let n = super::batch::ROWS_PER_INSERT as u64 + 7;
    let writes: Vec<EventWrite> = (1..=n)
        .map(|v| {
            let ply = u32::try_from(v).unwrap();
            event(
                g,
                v,
                Change::Move {
                    ply,
                    notation: format!("m{v}"),
                    mover_ms: None,
                    clocks_ms: None,
                    turn: NO_TURN,
                },
            )
        })
        .collect();
    let refs: Vec<&EventWrite> = writes.iter().collect();
    commit_events(store, &refs).await;
    let moves = store.moves(g).await.unwrap();
    assert_eq!(moves.len() as u64, n);
    let (row, _) = store.game(g).await.unwrap().unwrap();
    assert_eq!(row.version, n);
    assert_eq!(row.clocks_ms, None);
}

/// Commits never checkpoint the log themselves (that stalled them); the checkpoints beside the
/// writer copy it into the database file while the store stays open.
#[tokio::test]
async fn the_log_reaches_the_database_file_without_a_commit_checkpointing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let store = Store::open(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    let a = store.create_player("a", "ha", 0).await.unwrap();
    let b = store.create_player("b", "hb", 0).await.unwrap();
    let g = store.create_game(&new_game(a, b)).await.unwrap();
    let before = std::fs::metadata(&path).unwrap().len();
    let writes: Vec<EventWrite> = (1..=200u64)
        .map(|v| EventWrite {
            body: "x".repeat(4_000),
            ..event(g, v, Change::None)
        })
        .collect();
    let refs: Vec<&EventWrite> = writes.iter().collect();
    commit_events(&store, &refs).await;
    let auto: i64 = sqlx::query_scalar("PRAGMA wal_autocheckpoint")
        .fetch_one(&store.pool)
        .await
        .unwrap();
    assert_eq!(auto, 0, "connections leave checkpoints to the store");
    let limit: i64 = sqlx::query_scalar("PRAGMA journal_size_limit")
        .fetch_one(&store.pool)
        .await
        .unwrap();
    assert_eq!(
        limit,
        64 << 20,
        "a log made large by a burst is trimmed when it restarts"
    );
    let grown = tokio::time::timeout(std::time::Duration::from_secs(20), async {
        while std::fs::metadata(&path).unwrap().len() < before + 800_000 {
            tokio::time::sleep(super::checkpoint::CHECKPOINT_EVERY).await;
        }
    })
    .await;
    assert!(grown.is_ok(), "the 800 KB of events never left the log");
    store.close().await;
}

/// Under a steady stream of commits the log starts again from its beginning (the writer
/// checkpoints its tail between groups) instead of growing with everything ever written. The
/// log's header counts its restarts (its checkpoint sequence number, bytes 12-15): writing 4 KB
/// events from eight games at once for five restart periods, with four readers reading all
/// the while, moves it on at least twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_starts_again_under_steady_writes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let store = Store::open(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    let a = store.create_player("a", "ha", 0).await.unwrap();
    let b = store.create_player("b", "hb", 0).await.unwrap();
    let restarts = || {
        let header = std::fs::read(dir.path().join("t.sqlite-wal")).unwrap();
        u32::from_be_bytes(header[12..16].try_into().unwrap())
    };
    let before = restarts();
    let until = std::time::Instant::now() + super::checkpoint::RESTART_EVERY * 5;
    let mut writers = Vec::new();
    // Reads all the while, overlapping, as a busy server has them: at any moment some read
    // holds a snapshot, which the log must keep.
    for _ in 0..4 {
        let pool = store.pool.clone();
        writers.push(tokio::spawn(async move {
            while std::time::Instant::now() < until {
                let mut read = pool.begin().await.unwrap();
                let _: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM events")
                    .fetch_one(&mut *read)
                    .await
                    .unwrap();
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                read.commit().await.unwrap();
            }
        }));
    }
    for _ in 0..8 {
        let g = store.create_game(&new_game(a, b)).await.unwrap();
        let store = store.clone();
        writers.push(tokio::spawn(async move {
            let mut v = 0;
            while std::time::Instant::now() < until {
                v += 1;
                store
                    .write(EventWrite {
                        body: "x".repeat(4_000),
                        ..event(g, v, Change::None)
                    })
                    .await
                    .unwrap();
            }
        }));
    }
    for w in writers {
        w.await.unwrap();
    }
    let after = restarts();
    assert!(
        after >= before + 2,
        "the log started again {} times in five restart periods",
        after - before
    );
    store.close().await;
}

#[test]
fn urls_are_checked() {
    assert!(matches!(
        normalise_url("mysql://x"),
        Err(StoreError::Url(_))
    ));
    assert_eq!(
        normalise_url("sqlite://a.sqlite").unwrap(),
        (Backend::Sqlite, "sqlite://a.sqlite?mode=rwc".to_owned())
    );
    assert_eq!(
        normalise_url("postgres://u@h/db").unwrap().0,
        Backend::Postgres
    );
}

#[tokio::test]
async fn an_ai_seat_shows_its_levels_calibrated_rating_for_the_game() {
    for db in TestDb::all().await {
        let store = db.open().await;
        an_ai_seat_shows_its_levels_calibrated_rating_for_the_game_on(&store).await;
        db.remove(store).await;
    }
}

async fn an_ai_seat_shows_its_levels_calibrated_rating_for_the_game_on(store: &Store) {
    for kind in GameKind::ALL {
        for level in 1..=8 {
            assert_eq!(
                shown(store, level, kind).await,
                crate::ratings::level_rating(kind, level)
            );
        }
        assert_eq!(shown(store, 1, kind).await.rating, 1000.0);
    }
    // The tables differ by game: level 8 is not the same rating everywhere.
    let mut eights = Vec::new();
    for kind in GameKind::ALL {
        eights.push(shown(store, 8, kind).await.rating);
    }
    assert!(eights.windows(2).any(|w| w[0] != w[1]), "{eights:?}");
}

/// The rating an AI level's seat shows in a game.
async fn shown(store: &Store, level: u8, kind: GameKind) -> Rating {
    store
        .seat_rating(None, Some(&Engine::Level { level }), kind)
        .await
        .unwrap()
        .unwrap()
}

/// Writes of every kind that arrive together share one group commit; one that fails (an event
/// written twice, a token already taken) is rolled back alone and answered with its error, and
/// the others in the group are stored.
#[tokio::test]
async fn a_failing_write_is_refused_alone_and_its_group_commits() {
    for db in TestDb::all().await {
        let store = db.open().await;
        a_failing_write_is_refused_alone_on(&store).await;
        db.remove(store).await;
    }
}

async fn a_failing_write_is_refused_alone_on(store: &Store) {
    let a = store.create_player("a", "ha", 0).await.unwrap();
    let b = store.create_player("b", "hb", 0).await.unwrap();
    let g = store.create_game(&new_game(a, b)).await.unwrap();
    let mv = |ply: u32| Change::Move {
        ply,
        notation: format!("m{ply}"),
        mover_ms: None,
        clocks_ms: None,
        turn: NO_TURN,
    };
    // Queued before the writer runs (this test's runtime has one thread): one group.
    let queue = |work| queue_now(store, work);
    let event = |write: EventWrite| {
        let (done, answer) = oneshot::channel();
        queue(writer::Work::Event { write, done });
        answer
    };
    let op = |op: writer::Op| {
        let (done, answer) = oneshot::channel();
        queue(writer::Work::Op { op, done });
        answer
    };
    let token = |hash: &'static str| {
        writer::op(move |conn| {
            Box::pin(async move {
                sqlx::query(
                    "INSERT INTO player_tokens (token_hash, player, created_ms) VALUES ($1, $2, 0)",
                )
                .bind(hash)
                .bind(to_i64(a.0))
                .execute(conn)
                .await?;
                Ok(None)
            })
        })
    };
    let first = event(super::tests::event(g, 1, mv(1)));
    let again = event(super::tests::event(g, 1, mv(1)));
    let second = event(super::tests::event(g, 2, mv(2)));
    let new_token = op(token("t1"));
    let taken_token = op(token("t1"));

    assert!(first.await.unwrap().is_ok());
    assert!(
        matches!(again.await.unwrap(), Err(StoreError::Db(_))),
        "version 1 was already written"
    );
    assert!(second.await.unwrap().is_ok());
    assert!(new_token.await.unwrap().is_ok());
    assert!(
        matches!(taken_token.await.unwrap(), Err(StoreError::Db(_))),
        "the token is taken"
    );
    assert_eq!(store.moves(g).await.unwrap(), ["m1", "m2"]);
    let (row, _) = store.game(g).await.unwrap().unwrap();
    assert_eq!((row.version, row.plies), (2, 2));
    assert_eq!(
        store.player_by_token("t1").await.unwrap().map(|(id, _)| id),
        Some(a)
    );
}

/// A burst of ops (a thousand games created at once) does not hold up the moves: a group takes
/// at most a share of ops and leaves the rest for the groups after it, so an event queued behind
/// forty ops is answered before all of them are.
#[tokio::test]
async fn a_burst_of_ops_does_not_hold_up_an_event() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&format!(
        "sqlite://{}",
        dir.path().join("t.sqlite").display()
    ))
    .await
    .unwrap();
    let a = store.create_player("a", "ha", 0).await.unwrap();
    let b = store.create_player("b", "hb", 0).await.unwrap();
    let g = store.create_game(&new_game(a, b)).await.unwrap();
    let queue = |work| queue_now(&store, work);
    // Queued before the writer runs (this test's runtime has one thread).
    let mut ops = Vec::new();
    for i in 0..40 {
        let (done, answer) = oneshot::channel();
        let hash = format!("token{i}");
        queue(writer::Work::Op {
            op: writer::op(move |conn| {
                let hash = hash.clone();
                Box::pin(async move {
                    sqlx::query(
                        "INSERT INTO player_tokens (token_hash, player, created_ms) \
                         VALUES ($1, $2, 0)",
                    )
                    .bind(hash)
                    .bind(to_i64(a.0))
                    .execute(conn)
                    .await?;
                    Ok(None)
                })
            }),
            done,
        });
        ops.push(answer);
    }
    let (done, moved) = oneshot::channel();
    queue(writer::Work::Event {
        write: event(g, 1, Change::None),
        done,
    });
    assert!(moved.await.unwrap().is_ok());
    let mut waiting = Vec::new();
    for mut op in ops {
        match op.try_recv() {
            Ok(answer) => assert!(answer.is_ok()),
            Err(_) => waiting.push(op),
        }
    }
    assert!(!waiting.is_empty(), "the event waited for all 40 ops");
    for op in waiting {
        assert!(op.await.unwrap().is_ok());
    }
    for i in 0..40 {
        let found = store.player_by_token(&format!("token{i}")).await.unwrap();
        assert_eq!(found.map(|(id, _)| id), Some(a));
    }
}

#[tokio::test]
async fn a_live_game_is_claimed_by_one_node_only_and_given_up_at_leaving() {
    for db in TestDb::all().await {
        let store = db.open().await;
        a_live_game_is_claimed_by_one_node_only_on(&store).await;
        db.remove(store).await;
    }
}

async fn a_live_game_is_claimed_by_one_node_only_on(store: &Store) {
    let a = store.create_player("a", "ha", 0).await.unwrap();
    let b = store.create_player("b", "hb", 0).await.unwrap();
    // Node "n1" creates two games; a single node's game has no owner.
    let n1 = store.clone().for_node("n1");
    let g1 = n1.create_game(&new_game(a, b)).await.unwrap();
    let g2 = n1.create_game(&new_game(a, b)).await.unwrap();
    let g0 = store.create_game(&new_game(a, b)).await.unwrap();
    assert_eq!(store.owned_games("n1").await.unwrap(), vec![g1, g2]);
    assert_eq!(store.placement(g0).await.unwrap(), Some((true, None)));
    let live = |nodes: &[&str]| nodes.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    // With n1 live, only the game without an owner is an orphan; n2 claims it, n1 cannot.
    let both = live(&["n1", "n2"]);
    assert_eq!(store.orphan_games(&both, 100).await.unwrap(), vec![g0]);
    assert!(store.claim_game("n2", g0, &both).await.unwrap());
    assert!(!store.claim_game("n1", g0, &both).await.unwrap());
    assert!(
        !store.claim_game("n2", g1, &both).await.unwrap(),
        "n1 is live"
    );
    assert!(store.orphan_games(&both, 100).await.unwrap().is_empty());
    assert_eq!(
        store.placement(g0).await.unwrap(),
        Some((true, Some("n2".into())))
    );
    // n1 dies: its games are orphans; two survivors claiming at once get each game once.
    let survivors = live(&["n2", "n3"]);
    assert_eq!(
        store.orphan_games(&survivors, 100).await.unwrap(),
        vec![g1, g2]
    );
    assert_eq!(store.orphan_games(&survivors, 1).await.unwrap(), vec![g1]);
    let (n2, n3) = (store.clone(), store.clone());
    let (s2, s3) = (survivors.clone(), survivors.clone());
    let race = |who: &'static str, s: Store, l: Vec<String>| async move {
        let mut got = Vec::new();
        for g in [g1, g2] {
            if s.claim_game(who, g, &l).await.unwrap() {
                got.push(g);
            }
        }
        got
    };
    let (got2, got3) = tokio::join!(race("n2", n2, s2), race("n3", n3, s3));
    let mut all: Vec<GameId> = got2.iter().chain(&got3).copied().collect();
    all.sort();
    assert_eq!(all, vec![g1, g2], "n2 got {got2:?}, n3 got {got3:?}");
    assert!(
        store
            .orphan_games(&survivors, 100)
            .await
            .unwrap()
            .is_empty()
    );
    // Leaving, n3 gives its games up: they have no owner until claimed.
    let n3_games = store.owned_games("n3").await.unwrap();
    assert_eq!(
        store.release_games("n3").await.unwrap(),
        n3_games.len() as u64
    );
    assert_eq!(store.orphan_games(&survivors, 100).await.unwrap(), n3_games);
    // A game given up alone goes only if the node still owns it.
    store.release_game("n3", g0).await.unwrap();
    assert_eq!(
        store.placement(g0).await.unwrap(),
        Some((true, Some("n2".into())))
    );
    store.release_game("n2", g0).await.unwrap();
    assert_eq!(store.placement(g0).await.unwrap(), Some((true, None)));
    // A finished game is never claimed, and reads as not live.
    let finish = event(
        g1,
        1,
        Change::Finish {
            result: chaupal_shared::protocol::GameResult {
                winner: None,
                reason: chaupal_shared::protocol::ResultReason::Aborted,
            },
            clocks_ms: None,
            rated: None,
        },
    );
    commit_events(store, &[&finish]).await;
    assert_eq!(store.placement(g1).await.unwrap().map(|p| p.0), Some(false));
    assert!(!store.claim_game("n2", g1, &survivors).await.unwrap());
}

#[tokio::test]
async fn a_seek_is_taken_once_even_by_two_nodes() {
    for db in TestDb::all().await {
        let store = db.open().await;
        a_seek_is_taken_once_on(&store).await;
        db.remove(store).await;
    }
}

async fn a_seek_is_taken_once_on(store: &Store) {
    use chaupal_shared::protocol::{GameSetup, Opponent, PlayerInfo, SideChoice};
    let a = store.create_player("a", "ha", 0).await.unwrap();
    let b = store.create_player("b", "hb", 0).await.unwrap();
    let n1 = store.clone().for_node("n1");
    let by = PlayerInfo {
        id: a,
        name: "a".into(),
    };
    let setup = GameSetup {
        game: GameKind::Kalah,
        rules: Vec::new(),
        clock: None,
        correspondence: None,
        side: SideChoice::First,
        opponent: Opponent::Private,
        rated: false,
        position: None,
        private: false,
    };
    let seek = n1
        .create_seek(&by, &setup, Some("ABCD-EFGH"), 0)
        .await
        .unwrap();
    let stored = store.seek_by_code("ABCD-EFGH").await.unwrap().unwrap();
    assert_eq!((stored.id, stored.node.as_deref()), (seek, Some("n1")));
    assert!(store.has_seek(seek).await.unwrap());
    assert_eq!(
        store.seek(seek).await.unwrap().unwrap().code.as_deref(),
        Some("ABCD-EFGH")
    );
    let n2 = store.clone().for_node("n2");
    let n3 = store.clone().for_node("n3");
    let game = new_game(a, b);
    let (first, second) = tokio::join!(
        n2.create_game_from_seek(&game, seek),
        n3.create_game_from_seek(&game, seek)
    );
    let taken: Vec<_> = [first, second].into_iter().collect();
    assert_eq!(taken.iter().filter(|r| r.is_ok()).count(), 1, "{taken:?}");
    let refused = taken.iter().find_map(|r| r.as_ref().err()).unwrap();
    assert!(matches!(refused, StoreError::SeekGone), "{refused:?}");
    // The refused one stored no game: one live game, owned by the node that took the seek.
    let winner = taken.iter().find_map(|r| r.as_ref().ok()).copied().unwrap();
    let owner = store.placement(winner).await.unwrap().unwrap().1.unwrap();
    assert!(owner == "n2" || owner == "n3");
    assert_eq!(store.live_rows().await.unwrap().len(), 1);
    assert!(store.seek(seek).await.unwrap().is_none());
    assert!(
        !store.has_seek(seek).await.unwrap(),
        "a taken seek is no longer held"
    );
    // Open seeks of a node that is gone are removed; invitations stay.
    let open = GameSetup {
        opponent: Opponent::Open,
        ..setup.clone()
    };
    n1.create_seek(&by, &open, None, 0).await.unwrap();
    let private = n1
        .create_seek(&by, &setup, Some("WXYZ-WXYZ"), 0)
        .await
        .unwrap();
    store.delete_open_seeks_of("n1").await.unwrap();
    let left: Vec<_> = store
        .seeks()
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(left, vec![private]);
}

/// A correspondence game keeps its deadline, whose turn it is and when to remind that player:
/// the scanners find a passed deadline and a due reminder in the records, the reminder is taken
/// once, and a move sets the next ones.
#[tokio::test]
async fn a_correspondence_games_deadline_and_reminder_are_kept_and_found() {
    let (store, _dir) = temporary().await;
    let (a, b) = (
        store.create_player("a", "ha", 0).await.unwrap(),
        store.create_player("b", "hb", 0).await.unwrap(),
    );
    let mut setup = new_game(a, b);
    setup.clock = None;
    setup.correspondence = chaupal_shared::protocol::Correspondence::days(3);
    let day = 86_400_000;
    let id = store.create_game(&setup).await.unwrap();
    let (row, _) = store.game(id).await.unwrap().unwrap();
    assert_eq!(row.pace.and_then(Pace::deadline_ms), Some(1_000 + 3 * day));
    assert_eq!(row.to_move, Some(Side::First));
    assert!(
        store
            .due_reminders(1_000 + 2 * day - 1, 10)
            .await
            .unwrap()
            .is_empty()
    );
    let due = store.due_reminders(1_000 + 2 * day, 10).await.unwrap();
    assert_eq!(due.iter().map(|r| r.id).collect::<Vec<_>>(), vec![id]);
    assert!(
        store
            .due_deadlines(1_000 + 3 * day - 1, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store.due_deadlines(1_000 + 3 * day, 10).await.unwrap(),
        vec![(id, None)]
    );
    // A move: the next deadline, and a reminder a day before it.
    let next = 5 * day;
    let turn = NextTurn {
        side: Side::Second,
        pace: setup
            .correspondence
            .map(|days| Pace::stored(days, Some(next))),
    };
    let mv = Change::Move {
        ply: 1,
        notation: "3".into(),
        mover_ms: None,
        clocks_ms: None,
        turn,
    };
    store.write(event(id, 1, mv)).await.unwrap();
    let (row, _) = store.game(id).await.unwrap().unwrap();
    assert_eq!(
        (row.pace.and_then(Pace::deadline_ms), row.to_move),
        (Some(next), Some(Side::Second))
    );
    assert!(
        store
            .due_reminders(next - day - 1, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(store.due_reminders(next - day, 10).await.unwrap().len(), 1);
    assert!(
        !store.take_reminder(id, next - 1).await.unwrap(),
        "another deadline's"
    );
    assert!(store.take_reminder(id, next).await.unwrap());
    assert!(!store.take_reminder(id, next).await.unwrap(), "taken once");
    assert!(store.due_reminders(next, 10).await.unwrap().is_empty());
    assert_eq!(store.correspondence_games(a).await.unwrap(), 1);
    assert_eq!(store.games_in_play(b).await.unwrap().len(), 1);
}

/// Mutes are kept per player and game (or all games), read for one player or for many at once,
/// and unmuting removes exactly what was muted.
#[tokio::test]
async fn mutes_are_kept_and_read_for_one_player_or_many() {
    let (store, _dir) = temporary().await;
    let (a, b, c) = (PlayerId(1), PlayerId(2), PlayerId(3));
    store.set_mute(a, Some(GameId(7)), true).await.unwrap();
    store.set_mute(a, Some(GameId(7)), true).await.unwrap();
    store.set_mute(a, Some(GameId(9)), true).await.unwrap();
    store.set_mute(b, None, true).await.unwrap();
    assert_eq!(
        store.mutes(a).await.unwrap(),
        (false, vec![GameId(7), GameId(9)])
    );
    assert_eq!(store.mutes(b).await.unwrap(), (true, vec![]));
    let many = store.mutes_of(&[a, b, c]).await.unwrap();
    assert_eq!(many.len(), 2, "{many:?}");
    assert_eq!(many[&b], (true, vec![]));
    assert_eq!(many[&a].1.len(), 2);
    store.set_mute(a, Some(GameId(7)), false).await.unwrap();
    store.set_mute(b, None, false).await.unwrap();
    assert_eq!(store.mutes(a).await.unwrap(), (false, vec![GameId(9)]));
    assert!(store.mutes_of(&[b]).await.unwrap().is_empty());
}

#[tokio::test]
async fn each_sqlite_durability_is_the_setting_of_every_connection() {
    // SQLite's numbers for synchronous: OFF 0, NORMAL 1, FULL 2.
    for (sync, number) in [
        (SqliteSync::Full, 2i64),
        (SqliteSync::Normal, 1),
        (SqliteSync::Off, 0),
    ] {
        let db = TestDb::sqlite();
        let store = Store::open_with(&db.url, sync).await.unwrap();
        // Every connection of the pool, not only the first.
        let mut conns = Vec::new();
        for _ in 0..3 {
            conns.push(store.pool.acquire().await.unwrap());
        }
        for conn in conns.iter_mut() {
            let got: i64 = sqlx::query_scalar("PRAGMA synchronous")
                .fetch_one(&mut **conn)
                .await
                .unwrap();
            assert_eq!(got, number, "{sync:?}");
        }
        drop(conns);
        store.close().await;
    }
}
