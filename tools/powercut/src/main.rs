//! `chaupal-powercut --backing DIR MOUNTPOINT`: mounts DIR at MOUNTPOINT with the powercut
//! file system (see the library's documentation for the durability model) and serves in the
//! foreground. It prints `ready MOUNTPOINT` once the mount is live, answers `stats` lines on
//! standard input, and serves until it is killed (a cut: what was not synced is lost) or
//! unmounted (`fusermount3 -u MOUNTPOINT`: everything pending is synced first).

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::thread;

use chaupal_powercut::control::{self, READY};
use chaupal_powercut::mounts::detach;
use chaupal_powercut::{PowercutFs, Remote};
use clap::Parser;
use fuser::{Config, MountOption, Session};
use tracing_subscriber::EnvFilter;

/// A FUSE file system that keeps unsynced file data in memory: killing it is a power cut.
#[derive(Debug, Parser)]
#[command(version)]
struct Args {
    /// The directory whose files the mount shows; after a cut it holds what was synced.
    #[arg(long, value_name = "DIR")]
    backing: PathBuf,
    /// Where to mount (an existing directory).
    mountpoint: PathBuf,
    /// When standard input ends, cut: detach the mount and exit at once without syncing (the
    /// test harness asks for this, so that a test that dies leaves no mount behind).
    #[arg(long)]
    cut_on_stdin_eof: bool,
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(io::stderr)
        .with_ansi(io::stderr().is_terminal())
        .with_env_filter(
            EnvFilter::try_from_env("CHAUPAL_POWERCUT_LOG")
                // fuser's session warns when, after `fusermount3 -u`, it cannot unmount again.
                .unwrap_or_else(|_| EnvFilter::new("warn,fuser::session=error")),
        )
        .init();
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chaupal-powercut: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    // Files and directories get the modes the callers ask for (the kernel applied their umask).
    rustix::process::umask(rustix::fs::Mode::empty());
    let fs = PowercutFs::new(&args.backing)
        .map_err(|e| format!("backing directory {}: {e}", args.backing.display()))?;
    let remote = fs.remote();
    let mountpoint = args
        .mountpoint
        .canonicalize()
        .map_err(|e| format!("mountpoint {}: {e}", args.mountpoint.display()))?;
    let mut config = Config::default();
    config.mount_options = vec![
        MountOption::FSName("chaupal-powercut".into()),
        MountOption::Subtype("chaupal-powercut".into()),
        MountOption::DefaultPermissions,
    ];
    let session = Session::new(fs, &mountpoint, &config)
        .map_err(|e| format!("cannot mount at {}: {e}", mountpoint.display()))?;
    {
        let mut out = io::stdout().lock();
        writeln!(out, "{READY} {}", mountpoint.display()).map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
    let cut_on_eof = args.cut_on_stdin_eof;
    thread::spawn(move || control_channel(remote, cut_on_eof, mountpoint));
    session
        .run()
        .map_err(|e| format!("the FUSE session failed: {e}"))
}

fn control_channel(remote: Remote, cut_on_eof: bool, mountpoint: PathBuf) {
    let served = control::serve(io::stdin().lock(), io::stdout(), || remote.stats());
    if let Err(e) = served {
        tracing::warn!("control channel: {e}");
    }
    if cut_on_eof {
        remote.abandon_pending();
        let code = match detach(&mountpoint) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("chaupal-powercut: {e}");
                1
            }
        };
        std::process::exit(code);
    }
}
