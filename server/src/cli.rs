//! The command line of `chaupal-server`: the server's options (see [`ServerConfig`]), given
//! alone or after the word `serve`; or `migrate`, the records' schema before an upgrade.

use std::io::IsTerminal;

use clap::{Parser, Subcommand};

use crate::config::ServerConfig;

/// Chaupal's online server: serves games over websockets (lobby, game rooms, AI seats,
/// records). The command-line tools (perft, bestmove, solve, ...) are the `chaupal` binary.
#[derive(Debug, Parser)]
#[command(
    name = "chaupal-server",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The server's options, when `serve` is not written.
    #[command(flatten)]
    pub serve: ServerConfig,
}

/// The subcommands; without one, the server serves.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve games over websockets (the default): lobby, game rooms, AI seats, records.
    ///
    /// Prints `listening on ADDR` on stdout once it accepts connections; logs go to stderr
    /// (RUST_LOG sets the level). Every limit below is also shown to clients in the Welcome.
    Serve(Box<ServerConfig>),
    /// Bring the records to this build's schema (the server also does it when it starts).
    ///
    /// With --check, change nothing: say which migrations this build would apply and try them
    /// (SQLite: on a copy of the file, safe while the server runs; PostgreSQL: in a
    /// transaction that is rolled back). Run it with the new build before an upgrade.
    Migrate(MigrateArgs),
}

/// The options of `migrate`.
#[derive(Debug, clap::Args)]
pub struct MigrateArgs {
    /// The records: `sqlite://FILE` (which must exist) or `postgres://USER:PASSWORD@HOST/DB`.
    #[arg(long, default_value = crate::config::DEFAULT_DATABASE)]
    pub database: String,
    /// Change nothing: report and try the migrations this build would apply.
    #[arg(long)]
    pub check: bool,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Job {
    Serve(Box<ServerConfig>),
    Migrate(MigrateArgs),
}

impl Cli {
    /// What to do, however it was written.
    pub fn job(self) -> Job {
        match self.command {
            Some(Command::Serve(config)) => Job::Serve(config),
            Some(Command::Migrate(args)) => Job::Migrate(args),
            None => Job::Serve(Box::new(self.serve)),
        }
    }
}

/// The `chaupal-server` program: reads the command line and does what it asks; an error is
/// printed on stderr and makes the exit status 1.
pub fn main() -> std::process::ExitCode {
    let job = Cli::parse().job();
    init_logging();
    let done = match job {
        Job::Serve(config) => crate::server::run_blocking(*config),
        Job::Migrate(args) => crate::server::migrate_blocking(&args.database, args.check)
            .map(|report| print!("{report}")),
    };
    match done {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Sends logs to stderr (stdout carries `listening on ADDR`). `RUST_LOG` sets the level. The
/// lines are coloured only on a terminal, and never with `NO_COLOR` set (no-color.org): a
/// journal or a file gets plain text.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let colour = colour(
        std::io::stderr().is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
    );
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .try_init();
}

/// Whether log lines are coloured: on a terminal, unless `NO_COLOR` is set to something.
fn colour(terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    terminal && no_color.is_none_or(|v| v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::colour;

    #[test]
    fn logs_are_coloured_only_on_a_terminal_without_no_color() {
        assert!(colour(true, None));
        assert!(!colour(false, None));
        assert!(!colour(true, Some("1".as_ref())));
        // An empty NO_COLOR does not count (no-color.org).
        assert!(colour(true, Some("".as_ref())));
        assert!(!colour(false, Some("".as_ref())));
    }
}
