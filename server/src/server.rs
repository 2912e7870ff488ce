//! Starting and stopping the whole server: store, AI pool, lobby (with the games reloaded),
//! listener.

use std::net::SocketAddr;
use std::sync::Arc;

use thiserror::Error;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::config::ServerConfig;
use crate::lobby::Lobby;
use crate::net::{self, Shared};
use crate::pool::AiPool;
use crate::store::{Store, StoreError};

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
    Tablebase(#[from] crate::tablebase::baghchal::file::TbError),
}

/// A running server.
pub struct RunningServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Cancel to shut down.
    pub shutdown: CancellationToken,
    accept: JoinHandle<()>,
}

impl RunningServer {
    /// Stops accepting, tells every connection, and waits for the listener to end.
    pub async fn stop(self) {
        self.shutdown.cancel();
        let _ = self.accept.await;
    }
}

/// Opens the records, reloads unfinished games and starts listening.
pub async fn start(config: ServerConfig) -> Result<RunningServer, ServeError> {
    let limits = Arc::new(config.limits);
    let store = Store::open(&config.database).await?;
    let pool = AiPool::new(limits.ai_threads(), limits.ai_queue);
    let lobby = Lobby::new(store.clone(), pool.clone(), limits.clone());
    let restored = lobby.restore().await?;
    if restored > 0 {
        tracing::info!("reloaded {restored} unfinished games");
    }
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
    let shutdown = CancellationToken::new();
    let shared = Shared::new(limits, lobby, store, pool, shutdown.clone());
    let accept = tokio::spawn(net::accept_loop(listener, shared));
    tracing::info!("listening on {}", net::describe(addr));
    Ok(RunningServer {
        addr,
        shutdown,
        accept,
    })
}

/// Runs the server until Ctrl-C (or SIGTERM), printing `listening on ADDR` on stdout first.
pub fn run_blocking(config: ServerConfig) -> Result<(), ServeError> {
    if let Some(dir) = &config.tablebase {
        crate::tablebase::load_dir_logged(dir)?;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async move {
        let server = start(config).await?;
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "listening on {}", server.addr);
            let _ = out.flush();
        }
        wait_for_signal().await;
        tracing::info!("shutting down");
        server.stop().await;
        // Let connections send their goodbyes.
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        Ok(())
    })
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
