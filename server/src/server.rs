//! Starting and stopping the whole server: store, AI pool, lobby (with the games reloaded),
//! listener.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use chaupal_engine::Engine;
use chaupal_engine::engine::describe_loaded;
use thiserror::Error;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::push::endpoint::EndpointPolicy;
use crate::push::{Push, PushSettings};

use crate::announce::Announcer;
use crate::cluster::{Cluster, ClusterConfig, ClusterError};
use crate::config::{Role, ServerConfig};
use crate::matchmaking::Matchmaking;
use crate::net::{self, Services, Shared, WebSettings};
use crate::pool::AiPool;
use crate::proxies::TrustedProxies;
use crate::puzzles::Puzzles;
use crate::puzzles::set::{PuzzleSet, SetError};
use crate::registry::Registry;
use crate::review::Reviews;
use crate::store::{Store, StoreError};
use crate::tournaments::Tournaments;
use crate::wall::WallClock;
use crate::web::site::{Site, SiteError};

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum ServeError {
    #[error("records: {0}")]
    Store(#[from] StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot start the runtime: {0}")]
    Runtime(std::io::Error),
    #[error(transparent)]
    Engine(#[from] chaupal_engine::EngineError),
    #[error(transparent)]
    Site(#[from] SiteError),
    #[error("cluster: {0}")]
    Cluster(#[from] ClusterError),
    #[error("push notifications: {0}")]
    Push(#[from] crate::push::PushError),
    #[error(transparent)]
    Puzzles(#[from] SetError),
}

/// How long a graceful shutdown waits for connections to say goodbye.
const GOODBYE: Duration = Duration::from_secs(5);

/// How long a node leaving its cluster waits to hand its games over (NATS and the database
/// answering); beyond it, the other nodes take them when its lease expires.
const LEAVE_WITHIN: Duration = Duration::from_secs(3);

/// How long closing the records may take (the database answering).
const CLOSE_WITHIN: Duration = Duration::from_secs(2);

/// The most a shutdown takes, whatever is unreachable: well within a service manager's stop
/// timeout (`TimeoutStopSec=20` in docs/DEPLOY.md's unit).
const STOP_WITHIN: Duration = Duration::from_secs(8);
/// How long the end of the process waits for AI searches still running on blocking threads.
const SEARCH_WAIT: Duration = Duration::from_secs(1);

/// A running server.
pub struct RunningServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Cancel to shut down.
    pub shutdown: CancellationToken,
    accept: JoinHandle<()>,
    shared: Arc<Shared>,
}

impl RunningServer {
    /// Shuts down gracefully: stops accepting, tells every connection that the server is
    /// shutting down (`shutting_down`) and waits for them to close (at most [`GOODBYE`]), then
    /// closes the records. Seeks stay stored and live games stay live, to be reloaded at the
    /// next start; every acknowledged move is already durable. Each step is bounded, so that a
    /// node whose NATS or database is gone still stops ([`run_blocking`] bounds the whole).
    pub async fn stop(self) {
        self.shared.matchmaking.shutting_down();
        self.shared.registry.shutting_down();
        // In a cluster, the games go to the other nodes before the connections are told.
        if let Some(cluster) = self.shared.registry.cluster()
            && tokio::time::timeout(LEAVE_WITHIN, cluster.leave())
                .await
                .is_err()
        {
            tracing::warn!(
                "cluster: could not hand this node's games over in {LEAVE_WITHIN:?} (NATS or \
                 the database does not answer); the other nodes take them when its lease expires"
            );
        }
        self.shutdown.cancel();
        let _ = self.accept.await;
        if !self.shared.wait_for_connections(GOODBYE).await {
            tracing::warn!("some connections did not close in {GOODBYE:?}");
        }
        if tokio::time::timeout(CLOSE_WITHIN, self.shared.store.close())
            .await
            .is_err()
        {
            tracing::warn!(
                "the records did not close in {CLOSE_WITHIN:?} (the database does not answer); \
                 every acknowledged move was already kept"
            );
        }
    }
}

/// Opens the records, reloads unfinished games and starts listening; the AI seats play with
/// `engine`.
pub async fn start(config: ServerConfig, engine: Arc<Engine>) -> Result<RunningServer, ServeError> {
    // The puzzle set is read on a blocking thread while the records open.
    let puzzles = load_puzzles(config.puzzles.clone());
    let limits = Arc::new(config.limits);
    let clock = match &config.test_clock_offset_file {
        Some(file) => {
            tracing::warn!(
                "test clock: the records' times run ahead by what {} holds",
                file.display()
            );
            WallClock::offset_by_file(file)
        }
        None => WallClock::system(),
    };
    let store = Store::open_with(&config.database, config.sqlite_synchronous)
        .await?
        .with_clock(clock);
    store.check_writable().await?;
    let puzzles = finish_loading(puzzles).await?;
    let pool = AiPool::new(engine.clone(), limits.ai_threads(), limits.ai_queue);
    // Listen first: a node that cannot take its port never joins the cluster.
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|source| ServeError::Bind {
            addr: config.bind,
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| ServeError::Bind {
        addr: config.bind,
        source,
    })?;
    let cluster = match &config.nats {
        Some(nats) => {
            let settings = ClusterConfig {
                nats: nats.clone(),
                name: config.node_name.clone(),
                address: addr.to_string(),
            };
            Some(Cluster::join(&settings, store.clone()).await?)
        }
        None => None,
    };
    let pool = match &cluster {
        Some(cluster) => {
            if config.role == Role::Ai {
                cluster.serve_ai(pool.clone()).await?;
            }
            if config.ai_nodes {
                pool.with_remote(cluster.remote_ai())
            } else {
                pool
            }
        }
        None if config.role == Role::Ai || config.ai_nodes => {
            return Err(ClusterError::NeedsNats.into());
        }
        None => pool,
    };
    let shutdown = CancellationToken::new();
    let push = if config.no_push {
        None
    } else {
        let settings = PushSettings {
            contact: config.push_contact.clone(),
            max_subscriptions: limits.max_push_subscriptions as usize,
            policy: EndpointPolicy {
                test_receiver: config.test_push_receiver.clone(),
            },
        };
        if settings.policy.test_receiver.is_some() {
            tracing::warn!("test push receiver: push endpoints on this machine are accepted");
        }
        Some(Push::start(store.clone(), settings, shutdown.clone()).await?)
    };
    let announcer = Announcer::new(cluster.clone());
    let registry = Registry::new(
        store.clone(),
        pool.clone(),
        limits.clone(),
        cluster.clone(),
        announcer.clone(),
        crate::players::Players::default(),
        push,
    );
    let matchmaking = Matchmaking::new(registry.clone(), limits.clone(), announcer);
    if let Some(cluster) = &cluster {
        // The rooms open as this node claims games without a live node.
        let games = registry.restore_cluster().await?;
        let seeks = matchmaking.restore_cluster(&cluster.live()).await?;
        tracing::info!("the cluster has {games} live games and {seeks} open seeks");
        cluster
            .start(Arc::new(registry.clone()), Arc::new(matchmaking.clone()))
            .await?;
    } else {
        let restored = registry.restore().await?;
        if restored > 0 {
            tracing::info!("reloaded {restored} unfinished games");
        }
        let seeks = matchmaking.restore_seeks().await?;
        if seeks > 0 {
            tracing::info!("reloaded {seeks} seeks and invitations");
        }
    }
    let web = WebSettings {
        site: load_site(config.web.as_deref())?.map(Arc::new),
        allowed_origins: config.allowed_origins.into(),
        trusted_proxies: TrustedProxies::new(config.trusted_proxies),
        health_from: config.health_from,
    };
    let reviews = Reviews::new(engine, store.clone(), limits.reviews(), shutdown.clone());
    // `/health` reports what the last write found; an idle node checks now and then.
    tokio::spawn(store.clone().watch_writes(shutdown.clone()));
    // Correspondence games' deadlines are met from the records, whether or not a room is open.
    tokio::spawn(registry.clone().watch_deadlines(shutdown.clone()));
    // The puzzles' ratings as the records have them, then again now and then (every node
    // moves them).
    puzzles.refresh(&store).await;
    tokio::spawn(
        puzzles
            .clone()
            .keep_ranking(store.clone(), shutdown.clone()),
    );
    // The tournaments as the records keep them, once the rooms of games in play are back.
    let tournaments = Tournaments::load(registry.clone(), limits.clone()).await?;
    if let Some(cluster) = &cluster {
        // Every node follows every tournament; joins and pauses go to the node that runs it.
        cluster
            .serve_tournaments(Arc::new(tournaments.clone()))
            .await?;
    }
    let services = Services {
        store,
        pool,
        reviews,
        puzzles,
        tournaments,
    };
    let shared = Shared::new(limits, matchmaking, services, web, shutdown.clone());
    tokio::spawn(shared.tournaments.clone().run(shutdown.clone()));
    let accept = tokio::spawn(net::accept_loop(listener, shared.clone()));
    tracing::info!("listening on {}", net::describe(addr));
    Ok(RunningServer {
        addr,
        shutdown,
        accept,
        shared,
    })
}

/// Runs the server until Ctrl-C (or SIGTERM), printing `listening on ADDR` on stdout first.
pub fn run_blocking(config: ServerConfig) -> Result<(), ServeError> {
    let engine = Arc::new(load_engine(&config)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    let served = runtime.block_on(async move {
        raise_open_files(config.limits.max_connections);
        let server = start(config, engine).await?;
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "listening on {}", server.addr);
            let _ = out.flush();
        }
        wait_for_signal().await;
        tracing::info!("shutting down");
        if tokio::time::timeout(STOP_WITHIN, server.stop())
            .await
            .is_err()
        {
            tracing::warn!("the shutdown did not finish in {STOP_WITHIN:?}: stopping anyway");
        }
        tracing::info!("stopped");
        Ok(())
    });
    // An AI search still running ends by its own time limit; do not wait for it.
    runtime.shutdown_timeout(SEARCH_WAIT);
    served
}

/// `chaupal-server migrate`: brings the records at `database` to this build's schema, or with
/// `check` only says what it would apply and tries it without changing them
/// ([`crate::store::migrate`]); the report to print.
pub fn migrate_blocking(database: &str, check: bool) -> Result<String, ServeError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async {
        if check {
            Ok(crate::store::migrate::check(database).await?.report())
        } else {
            let n = crate::store::migrate::apply(database).await?;
            Ok(format!(
                "applied {n} migrations: the records have this build's schema\n"
            ))
        }
    })
}

/// The browser client's files: from `dir` when named (an error if they are not there), else
/// from the default directory when there is one (see [`Site::default_dir`]).
fn load_site(dir: Option<&std::path::Path>) -> Result<Option<Site>, ServeError> {
    let site = match dir {
        Some(dir) => Some(Site::load(dir)?),
        None => match Site::default_dir() {
            Some(dir) => Some(Site::load(&dir)?),
            None => None,
        },
    };
    match &site {
        Some(site) => tracing::info!("browser client from {}", site.dir.display()),
        None => {
            tracing::warn!("no browser client built (scripts/build-web.sh): / says how to build it")
        }
    }
    Ok(site)
}

/// Starts reading the puzzle set on a blocking thread (it replays every puzzle's line): every
/// `*.jsonl` of `dir` when named, else the one built into the binary.
fn load_puzzles(
    dir: Option<std::path::PathBuf>,
) -> JoinHandle<(String, Result<PuzzleSet, SetError>)> {
    tokio::task::spawn_blocking(move || match &dir {
        Some(dir) => (dir.display().to_string(), PuzzleSet::from_dir(dir)),
        None => ("the shipped set".to_owned(), PuzzleSet::shipped()),
    })
}

/// The puzzle set [`load_puzzles`] read, its size per game logged.
async fn finish_loading(
    loading: JoinHandle<(String, Result<PuzzleSet, SetError>)>,
) -> Result<Puzzles, ServeError> {
    let (from, set) = loading
        .await
        .map_err(|e| ServeError::Runtime(std::io::Error::other(e.to_string())))?;
    let set = set?;
    let counts: Vec<String> = set
        .counts()
        .iter()
        .map(|(game, n)| format!("{n} {}", game.name()))
        .collect();
    if counts.is_empty() {
        tracing::info!("puzzles: none (from {from})");
    } else {
        tracing::info!(
            "puzzles: {} in all, {} (from {from})",
            set.len(),
            counts.join(", ")
        );
    }
    Ok(Puzzles::new(set))
}

/// The engine the configuration asks for: the shipped (or `--weights`) evaluation weights, the
/// `--tablebase` databases and the Kalah background database; what was loaded goes to the log.
fn load_engine(config: &ServerConfig) -> Result<Engine, ServeError> {
    let settings = config.engine_settings();
    let engine = Engine::load(&settings)?;
    if let Some(dir) = &settings.tablebase_dir {
        for line in describe_loaded(engine.tablebases(), dir) {
            tracing::info!("{line}");
        }
    }
    Ok(engine)
}

/// Raises the soft limit on open files to the hard limit: every connection is an open file,
/// and the usual soft limit (1024) is far below the connections a server is allowed.
fn raise_open_files(max_connections: usize) {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => {
            tracing::info!("open files limit: {limit}");
            if limit < max_connections as u64 + 64 {
                tracing::warn!(
                    "the open files limit ({limit}) is below --max-connections \
                     ({max_connections}); raise it (ulimit -Hn) to serve that many"
                );
            }
        }
        Err(e) => tracing::warn!("could not raise the open files limit: {e}"),
    }
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
