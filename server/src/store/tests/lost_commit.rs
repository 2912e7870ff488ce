//! The writer when the answer to its `COMMIT` is lost on PostgreSQL: a proxy between the store
//! and the server (on a socket of its own) passes `COMMIT` on and then hangs up before the
//! answer comes back, as a network or a restarting server can. The write may then be stored
//! although the writer heard nothing; the writer must answer as the database decided, or say
//! that it does not know, never "nothing changed" for a write that was kept.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::watch;

use super::*;

/// What the proxy does next.
#[derive(Default)]
struct Cuts {
    /// Hang up on the next connection to send `COMMIT`, after passing it on.
    armed: AtomicBool,
    /// After that hang-up, also close every other connection and refuse new ones until
    /// [`CommitCutter::back`]: the database is out of reach.
    away_after: AtomicBool,
    away: AtomicBool,
    /// Hang-ups after a `COMMIT`.
    done: AtomicU32,
}

/// A proxy in front of a PostgreSQL server's socket that can lose the answer to one commit.
struct CommitCutter {
    dir: tempfile::TempDir,
    cuts: Arc<Cuts>,
}

impl CommitCutter {
    /// Listens in a new directory for connections to pass on to the socket `upstream`.
    fn start(upstream: PathBuf) -> CommitCutter {
        let dir = tempfile::tempdir().unwrap();
        let listener = UnixListener::bind(dir.path().join(".s.PGSQL.5432")).unwrap();
        let cuts = Arc::new(Cuts::default());
        let (down, _) = watch::channel(0u64);
        let state = cuts.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                if state.away.load(Ordering::SeqCst) {
                    continue; // dropped: refused
                }
                tokio::spawn(pass_on(
                    client,
                    upstream.clone(),
                    state.clone(),
                    down.clone(),
                ));
            }
        });
        CommitCutter { dir, cuts }
    }

    /// `url` (one naming a server by its socket directory, `?host=DIR`) through the proxy.
    fn url(&self, url: &str) -> String {
        let (base, query) = url.split_once('?').expect("a URL with ?host=DIR");
        let query: Vec<String> = query
            .split('&')
            .map(|kv| match kv.split_once('=') {
                Some(("host", _)) => format!("host={}", self.dir.path().display()),
                _ => kv.to_owned(),
            })
            .collect();
        format!("{base}?{}", query.join("&"))
    }

    /// Loses the answer to the next `COMMIT`; with `away`, the database then stays out of
    /// reach until [`CommitCutter::back`].
    fn arm(&self, away: bool) {
        self.cuts.away_after.store(away, Ordering::SeqCst);
        self.cuts.armed.store(true, Ordering::SeqCst);
    }

    fn back(&self) {
        self.cuts.away.store(false, Ordering::SeqCst);
    }

    fn commits_cut(&self) -> u32 {
        self.cuts.done.load(Ordering::SeqCst)
    }
}

/// Passes bytes both ways between `client` and the server at `upstream`, until either side
/// hangs up, the proxy cuts this connection after a `COMMIT`, or every connection is cut.
async fn pass_on(
    mut client: UnixStream,
    upstream: PathBuf,
    cuts: Arc<Cuts>,
    down: watch::Sender<u64>,
) {
    let Ok(mut server) = UnixStream::connect(&upstream).await else {
        return;
    };
    let mut gone = down.subscribe();
    let (mut up, mut back) = ([0u8; 16 * 1024], [0u8; 16 * 1024]);
    loop {
        tokio::select! {
            n = client.read(&mut up) => {
                let Ok(n @ 1..) = n else { return };
                if server.write_all(&up[..n]).await.is_err() {
                    return;
                }
                // A simple query `COMMIT` (what a transaction's commit sends).
                if up[..n].windows(7).any(|w| w == b"COMMIT\0")
                    && cuts.armed.swap(false, Ordering::SeqCst)
                {
                    cuts.done.fetch_add(1, Ordering::SeqCst);
                    if cuts.away_after.load(Ordering::SeqCst) {
                        cuts.away.store(true, Ordering::SeqCst);
                        down.send_modify(|n| *n += 1);
                    }
                    return; // both sockets close; the server's answer goes nowhere
                }
            }
            n = server.read(&mut back) => {
                let Ok(n @ 1..) = n else { return };
                if client.write_all(&back[..n]).await.is_err() {
                    return;
                }
            }
            _ = gone.changed() => return,
        }
    }
}

/// The socket of the server a `?host=DIR` URL names.
fn socket_of(url: &str) -> PathBuf {
    let query = url.split_once('?').map(|(_, q)| q).unwrap_or("");
    let host = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("host="))
        .expect("CHAUPAL_TEST_POSTGRES names its server by a socket directory (?host=DIR)");
    let port = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("port="))
        .unwrap_or("5432");
    Path::new(host).join(format!(".s.PGSQL.{port}"))
}

/// A store on a fresh PostgreSQL database through a new proxy, with a game of two players.
async fn through_proxy() -> Option<(TestDb, CommitCutter, Store, GameId)> {
    let db = TestDb::postgres().await?;
    let cutter = CommitCutter::start(socket_of(&db.url));
    let store = Store::open(&cutter.url(&db.url)).await.unwrap();
    let a = store.create_player("asha", "ha", 0).await.unwrap();
    let b = store.create_player("bikram", "hb", 0).await.unwrap();
    let game = store.create_game(&new_game(a, b)).await.unwrap();
    Some((db, cutter, store, game))
}

fn a_move(ply: u32, notation: &str) -> Change {
    Change::Move {
        ply,
        notation: notation.to_owned(),
        mover_ms: None,
        clocks_ms: None,
        turn: NO_TURN,
    }
}

#[tokio::test]
async fn a_commit_whose_answer_was_lost_is_answered_as_the_database_decided() {
    let Some((db, cutter, store, game)) = through_proxy().await else {
        return;
    };
    store.write(event(game, 1, a_move(1, "c"))).await.unwrap();
    cutter.arm(false);
    let answer = store.write(event(game, 2, a_move(2, "d"))).await;
    assert_eq!(cutter.commits_cut(), 1, "the proxy cut a commit");
    // The server committed it: the writer asked, and says so.
    assert!(answer.is_ok(), "{answer:?}");
    assert_eq!(store.moves(game).await.unwrap(), ["c", "d"]);
    // And the writer goes on, on another connection.
    store.write(event(game, 3, a_move(3, "e"))).await.unwrap();
    assert_eq!(store.moves(game).await.unwrap(), ["c", "d", "e"]);
    db.remove(store).await;
}

#[tokio::test]
async fn a_commit_whose_answer_was_lost_while_the_database_stays_away_is_of_unknown_outcome() {
    let Some((db, cutter, store, game)) = through_proxy().await else {
        return;
    };
    cutter.arm(true);
    let answer = store.write(event(game, 1, a_move(1, "c"))).await;
    assert_eq!(cutter.commits_cut(), 1, "the proxy cut a commit");
    let err = answer.expect_err("nobody could say whether it was committed");
    assert!(matches!(err, StoreError::OutcomeUnknown(_)), "{err:?}");
    let reply = ErrorReply::from(err);
    assert_eq!(
        reply.code,
        chaupal_shared::protocol::ErrorCode::OutcomeUnknown
    );
    // It was in fact kept: "nothing changed" would have been wrong.
    cutter.back();
    assert_eq!(store.moves(game).await.unwrap(), ["c"]);
    db.remove(store).await;
}
