//! The harness for tests: [`Mount`] starts the daemon binary over a backing directory, waits
//! until its mount is live, and ends it with a cut ([`Mount::cut`]: SIGKILL, so what was not
//! synced is gone) or a clean unmount ([`Mount::unmount`]). Dropping a `Mount` that was not
//! ended kills the daemon and detaches the mount, so a failed test leaves no mount behind.

use std::fs;
use std::io::{self, BufRead, BufReader, Write};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::control::READY;
use crate::mounts::{self, fuse_mounted_at};
use crate::stats::{CutReport, Stats};

/// The variable that names the daemon binary, for [`Mount::start`].
pub const BINARY_ENV: &str = "CHAUPAL_POWERCUT_BIN";

/// The daemon binary's file name.
pub const BINARY_NAME: &str = "chaupal-powercut";

/// How long the daemon may take to mount.
const READY_TIMEOUT: Duration = Duration::from_secs(30);

/// How long the daemon may take to answer a command.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a clean unmount may take, the daemon's syncs included.
const UNMOUNT_TIMEOUT: Duration = Duration::from_secs(60);

/// Why a mount could not be started, asked or ended.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// `/dev/fuse` is missing or not a device: load the `fuse` module, or give the container
    /// the device.
    #[error(
        "no FUSE device: /dev/fuse {0} (load the fuse module, or give the container /dev/fuse)"
    )]
    NoFuseDevice(String),
    /// `fusermount3` is not on `PATH`: it is in Debian's `fuse3` package.
    #[error("fusermount3 is not on PATH: install it (Debian's fuse3 package)")]
    FusermountMissing,
    /// The daemon binary is not where it was looked for.
    #[error(
        "no chaupal-powercut binary at {0}: build it (`cargo build -p chaupal-powercut`) or \
         name it in {BINARY_ENV}"
    )]
    BinaryNotFound(PathBuf),
    /// The daemon could not be started.
    #[error("cannot start {binary}: {source}")]
    Spawn {
        /// The binary.
        binary: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The daemon ended before it said it was ready (its standard error says why).
    #[error("the daemon ended before its mount was ready ({status}): {stderr}")]
    DaemonExited {
        /// How it ended.
        status: String,
        /// What it wrote on standard error.
        stderr: String,
    },
    /// The daemon did not answer in time.
    #[error("the daemon did not answer within {0:?}")]
    NoAnswer(Duration),
    /// The daemon said it was ready, but the mount table has no FUSE mount there.
    #[error("the daemon said it was ready, but /proc/self/mountinfo has no FUSE mount at {0}")]
    MountNeverAppeared(PathBuf),
    /// The daemon said something the harness does not understand.
    #[error("unexpected line from the daemon: {0:?}")]
    Protocol(String),
    /// The mount could not be ended.
    #[error("cannot unmount {mountpoint}: {detail}")]
    Unmount {
        /// The mountpoint.
        mountpoint: PathBuf,
        /// What went wrong.
        detail: String,
    },
    /// Another I/O error.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Checks what a mount needs: the FUSE device, and `fusermount3` (which mounts for a user who
/// is not root, and unmounts).
pub fn preflight() -> Result<(), Error> {
    match fs::metadata("/dev/fuse") {
        Ok(md) if md.file_type().is_char_device() => {}
        Ok(_) => return Err(Error::NoFuseDevice("is not a character device".into())),
        Err(e) => return Err(Error::NoFuseDevice(e.to_string())),
    }
    if find_on_path("fusermount3").is_none() {
        return Err(Error::FusermountMissing);
    }
    Ok(())
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Detaches the mount at `mountpoint` at once, even while files on it are open; fine if
/// nothing is mounted there.
pub fn detach(mountpoint: &Path) -> Result<(), Error> {
    mounts::detach(mountpoint).map_err(|e| Error::Unmount {
        mountpoint: mountpoint.to_path_buf(),
        detail: e.to_string(),
    })
}

/// A running daemon and its mount.
#[derive(Debug)]
pub struct Mount {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    stderr_reader: Option<JoinHandle<()>>,
    mountpoint: PathBuf,
    backing: PathBuf,
    ended: bool,
}

impl Mount {
    /// Mounts `backing` at `mountpoint` with the daemon binary [`Mount::default_binary`] finds.
    pub fn start(backing: &Path, mountpoint: &Path) -> Result<Mount, Error> {
        Mount::start_with(&Mount::default_binary()?, backing, mountpoint)
    }

    /// The daemon binary: the one [`BINARY_ENV`] names, else `chaupal-powercut` in the target
    /// directory the running test was built into (a test binary is in `TARGET/debug/deps`;
    /// `cargo test --workspace` builds it there, `cargo build -p chaupal-powercut` too).
    pub fn default_binary() -> Result<PathBuf, Error> {
        if let Some(path) = std::env::var_os(BINARY_ENV) {
            let path = PathBuf::from(path);
            return if path.is_file() {
                Ok(path)
            } else {
                Err(Error::BinaryNotFound(path))
            };
        }
        let exe = std::env::current_exe()?;
        let mut dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
        if dir.ends_with("deps") {
            dir.pop();
        }
        let path = dir.join(format!("{BINARY_NAME}{}", std::env::consts::EXE_SUFFIX));
        if path.is_file() {
            Ok(path)
        } else {
            Err(Error::BinaryNotFound(path))
        }
    }

    /// Mounts `backing` at `mountpoint` (both existing directories) with the daemon `binary`,
    /// and returns once the mount is live: the daemon has said so and the mount table shows it.
    pub fn start_with(binary: &Path, backing: &Path, mountpoint: &Path) -> Result<Mount, Error> {
        preflight()?;
        if !binary.is_file() {
            return Err(Error::BinaryNotFound(binary.to_path_buf()));
        }
        let backing = backing.canonicalize()?;
        let mountpoint = mountpoint.canonicalize()?;
        let mut child = Command::new(binary)
            .arg("--backing")
            .arg(&backing)
            .arg("--cut-on-stdin-eof")
            .arg("--")
            .arg(&mountpoint)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| Error::Spawn {
                binary: binary.to_path_buf(),
                source,
            })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr_pipe = child.stderr.take();
        let (tx, lines) = mpsc::channel();
        if let Some(stdout) = stdout {
            thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        let stderr = Arc::new(Mutex::new(String::new()));
        let stderr_reader = stderr_pipe.map(|pipe| {
            let log = Arc::clone(&stderr);
            thread::spawn(move || {
                for line in BufReader::new(pipe).lines() {
                    let Ok(line) = line else { break };
                    eprintln!("{BINARY_NAME}: {line}");
                    let mut log = log.lock().unwrap_or_else(PoisonError::into_inner);
                    log.push_str(&line);
                    log.push('\n');
                }
            })
        });
        let mut mount = Mount {
            child,
            stdin,
            lines,
            stderr,
            stderr_reader,
            mountpoint,
            backing,
            ended: false,
        };
        match mount.lines.recv_timeout(READY_TIMEOUT) {
            Ok(line) if line.starts_with(READY) => {}
            Ok(line) => return Err(Error::Protocol(line)),
            Err(RecvTimeoutError::Timeout) => return Err(Error::NoAnswer(READY_TIMEOUT)),
            Err(RecvTimeoutError::Disconnected) => {
                let status = mount
                    .child
                    .wait()
                    .map_or_else(|e| e.to_string(), |s| s.to_string());
                if let Some(reader) = mount.stderr_reader.take() {
                    let _ = reader.join();
                }
                return Err(Error::DaemonExited {
                    status,
                    stderr: mount.stderr_log(),
                });
            }
        }
        if !fuse_mounted_at(&mount.mountpoint)? {
            return Err(Error::MountNeverAppeared(mount.mountpoint.clone()));
        }
        Ok(mount)
    }

    /// Where the file system is mounted (canonical).
    pub fn mountpoint(&self) -> &Path {
        &self.mountpoint
    }

    /// The backing directory (canonical): after a cut, what was synced.
    pub fn backing(&self) -> &Path {
        &self.backing
    }

    /// The daemon's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the daemon has written on standard error so far.
    pub fn stderr_log(&self) -> String {
        self.stderr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The daemon's counters now.
    pub fn stats(&mut self) -> Result<Stats, Error> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| Error::Protocol("the control channel is closed".into()))?;
        stdin.write_all(b"stats\n")?;
        stdin.flush()?;
        match self.lines.recv_timeout(ANSWER_TIMEOUT) {
            Ok(line) => line.parse().map_err(|_| Error::Protocol(line)),
            Err(RecvTimeoutError::Timeout) => Err(Error::NoAnswer(ANSWER_TIMEOUT)),
            Err(RecvTimeoutError::Disconnected) => Err(Error::Protocol(format!(
                "the daemon ended: {}",
                self.stderr_log()
            ))),
        }
    }

    /// Cuts the power: asks the counters (what is about to be lost), kills the daemon with
    /// SIGKILL, and detaches the mount. The backing directory then holds exactly what was
    /// synced; a new [`Mount`] over it is the machine after the cut. Files still open on the
    /// old mount fail with `ENOTCONN` from now on.
    pub fn cut(mut self) -> Result<CutReport, Error> {
        let at_cut = self.stats();
        self.kill();
        detach(&self.mountpoint)?;
        self.ended = true;
        Ok(CutReport { at_cut: at_cut? })
    }

    /// Ends cleanly, as a clean shutdown would: unmounts (refused while a file on the mount
    /// is open), and the daemon writes and syncs everything pending before it exits.
    pub fn unmount(mut self) -> Result<(), Error> {
        let deadline = Instant::now() + UNMOUNT_TIMEOUT;
        loop {
            let out = Command::new("fusermount3")
                .arg("-u")
                .arg(&self.mountpoint)
                .stdin(Stdio::null())
                .output()?;
            if out.status.success() {
                break;
            }
            let why = String::from_utf8_lossy(&out.stderr).into_owned();
            // The kernel may still be releasing files a test just closed.
            if !why.contains("busy") || Instant::now() > deadline {
                return Err(Error::Unmount {
                    mountpoint: self.mountpoint.clone(),
                    detail: why.trim().to_string(),
                });
            }
            thread::sleep(Duration::from_millis(50));
        }
        loop {
            if let Some(status) = self.child.try_wait()? {
                self.ended = true;
                if let Some(reader) = self.stderr_reader.take() {
                    let _ = reader.join();
                }
                return if status.success() {
                    Ok(())
                } else {
                    Err(Error::Unmount {
                        mountpoint: self.mountpoint.clone(),
                        detail: format!("the daemon ended with {status}: {}", self.stderr_log()),
                    })
                };
            }
            if Instant::now() > deadline {
                return Err(Error::Unmount {
                    mountpoint: self.mountpoint.clone(),
                    detail: "the daemon did not end after the unmount".into(),
                });
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn kill(&mut self) {
        // SIGKILL; an error only says it had ended already.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        if self.ended {
            return;
        }
        self.kill();
        if fuse_mounted_at(&self.mountpoint).unwrap_or(true)
            && let Err(e) = detach(&self.mountpoint)
        {
            eprintln!("{BINARY_NAME}: {e}");
        }
    }
}
