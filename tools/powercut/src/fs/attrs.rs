//! Changes to a file's attributes (`setattr`): mode, owner and times go to the backing file
//! at once; a new length waits with the file's data.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::time::UNIX_EPOCH;

use fuser::{Errno, FileAttr, TimeOrNow};
use rustix::fs::{AtFlags, CWD, Timespec, Timestamps, UTIME_NOW, UTIME_OMIT};

use super::state::State;
use super::{Res, errno};

impl State {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn setattr(
        &mut self,
        ino: u64,
        fh: Option<u64>,
        mode: Option<u32>,
        uid: Option<u32>,
        gid: Option<u32>,
        size: Option<u64>,
        atime: Option<TimeOrNow>,
        mtime: Option<TimeOrNow>,
    ) -> Res<FileAttr> {
        let path = self.nodes.path(ino);
        let handle = self.any_handle(ino, fh).map(|h| &h.file);
        if let Some(mode) = mode {
            let perms = fs::Permissions::from_mode(mode & 0o7777);
            match (&path, handle) {
                (Some(path), _) => fs::set_permissions(path, perms),
                (None, Some(file)) => file.set_permissions(perms),
                (None, None) => return Err(Errno::ENOENT),
            }
            .map_err(errno)?;
        }
        if uid.is_some() || gid.is_some() {
            match (&path, handle) {
                (Some(path), _) => std::os::unix::fs::lchown(path, uid, gid),
                (None, Some(file)) => std::os::unix::fs::fchown(file, uid, gid),
                (None, None) => return Err(Errno::ENOENT),
            }
            .map_err(errno)?;
        }
        if atime.is_some() || mtime.is_some() {
            let times = Timestamps {
                last_access: timespec(atime),
                last_modification: timespec(mtime),
            };
            match (&path, handle) {
                (Some(path), _) => {
                    rustix::fs::utimensat(CWD, path, &times, AtFlags::SYMLINK_NOFOLLOW)
                }
                (None, Some(file)) => rustix::fs::futimens(file, &times),
                (None, None) => return Err(Errno::ENOENT),
            }
            .map_err(|e| Errno::from_i32(e.raw_os_error()))?;
        }
        if let Some(size) = size {
            let md = self.metadata(ino, fh)?;
            if md.is_dir() {
                return Err(Errno::EISDIR);
            }
            if !md.is_file() {
                return Err(Errno::EINVAL);
            }
            self.set_len(ino, &md, size);
        }
        self.getattr(ino, fh)
    }
}

fn timespec(t: Option<TimeOrNow>) -> Timespec {
    match t {
        None => Timespec {
            tv_sec: 0,
            tv_nsec: UTIME_OMIT,
        },
        Some(TimeOrNow::Now) => Timespec {
            tv_sec: 0,
            tv_nsec: UTIME_NOW,
        },
        Some(TimeOrNow::SpecificTime(t)) => match t.duration_since(UNIX_EPOCH) {
            Ok(d) => Timespec {
                tv_sec: i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
                tv_nsec: i64::from(d.subsec_nanos()),
            },
            Err(before) => {
                let d = before.duration();
                let (secs, nanos) = if d.subsec_nanos() == 0 {
                    (-i64::try_from(d.as_secs()).unwrap_or(i64::MAX), 0)
                } else {
                    (
                        -i64::try_from(d.as_secs()).unwrap_or(i64::MAX) - 1,
                        1_000_000_000 - i64::from(d.subsec_nanos()),
                    )
                };
                Timespec {
                    tv_sec: secs,
                    tv_nsec: nanos,
                }
            }
        },
    }
}
