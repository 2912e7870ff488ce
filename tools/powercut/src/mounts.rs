//! The mount table: whether a FUSE file system is mounted at a path (from
//! `/proc/self/mountinfo`, the table of this process's mount namespace, which a daemon it
//! starts shares), and detaching one.

use std::ffi::OsString;
use std::io;
use std::os::unix::ffi::OsStringExt;
use std::path::Path;
use std::process::{Command, Stdio};

/// Detaches the mount at `mountpoint` at once, even while files on it are open
/// (`fusermount3 -u -z`, else `umount -l`); fine if no FUSE mount is there.
pub fn detach(mountpoint: &Path) -> io::Result<()> {
    let mut detail = String::new();
    for (program, args) in [("fusermount3", ["-u", "-z"]), ("umount", ["-l", "--"])] {
        match Command::new(program)
            .args(args)
            .arg(mountpoint)
            .stdin(Stdio::null())
            .output()
        {
            Ok(out) if out.status.success() => return Ok(()),
            Ok(out) => detail.push_str(&format!(
                "{program}: {} {}; ",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            )),
            Err(e) => detail.push_str(&format!("{program}: {e}; ")),
        }
    }
    if !fuse_mounted_at(mountpoint)? {
        return Ok(());
    }
    Err(io::Error::other(detail))
}

/// Whether a `fuse` or `fuse.*` file system is mounted at `mountpoint` (as the kernel spells
/// it: canonical, without symlinks).
pub fn fuse_mounted_at(mountpoint: &Path) -> io::Result<bool> {
    let table = std::fs::read_to_string("/proc/self/mountinfo")?;
    Ok(fuse_mounted_in(&table, mountpoint))
}

/// [`fuse_mounted_at`] over a mount table's text.
pub fn fuse_mounted_in(table: &str, mountpoint: &Path) -> bool {
    table.lines().any(|line| {
        // `ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER`
        let mut fields = line.split(' ');
        let at = fields.nth(4).map(unescape);
        let fstype = line
            .split(" - ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next());
        at.is_some_and(|at| Path::new(&at) == mountpoint)
            && fstype.is_some_and(|t| t == "fuse" || t.starts_with("fuse."))
    })
}

/// The kernel writes space, tab, newline and backslash in a path as `\ooo` octal.
fn unescape(field: &str) -> OsString {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\'
            && let Some(code) = bytes
                .get(i + 1..i + 4)
                .and_then(|o| std::str::from_utf8(o).ok())
                .and_then(|o| u8::from_str_radix(o, 8).ok())
        {
            out.push(code);
            i += 4;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    OsString::from_vec(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "\
22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
95 22 0:48 / /tmp/a\\040b rw,nosuid,nodev,relatime shared:60 - fuse.chaupal-powercut chaupal-powercut rw,user_id=0,group_id=0
96 22 0:49 / /tmp/c rw,relatime - tmpfs tmpfs rw
";

    #[test]
    fn a_fuse_mount_is_found_by_its_unescaped_path() {
        assert!(fuse_mounted_in(TABLE, Path::new("/tmp/a b")));
        assert!(!fuse_mounted_in(TABLE, Path::new("/tmp/a\\040b")));
        assert!(
            !fuse_mounted_in(TABLE, Path::new("/tmp/c")),
            "tmpfs is not FUSE"
        );
        assert!(!fuse_mounted_in(TABLE, Path::new("/tmp")));
    }
}
