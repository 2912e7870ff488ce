//! Through a real mount, file by file: what survives a cut is what was synced, as the crate's
//! durability model says. Each test mounts a backing directory of its own, changes files
//! through the mount, cuts (SIGKILL of the daemon), and looks at the files through a new mount
//! over the same backing directory. A machine without /dev/fuse or fusermount3 fails here, with
//! the reason.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use chaupal_powercut::{Mount, harness};
use tempfile::TempDir;

/// A backing directory and a mountpoint, in a temporary directory.
struct Rig {
    _dir: TempDir,
    backing: PathBuf,
    mnt: PathBuf,
}

fn rig() -> Rig {
    let dir = tempfile::tempdir().unwrap();
    let backing = dir.path().join("backing");
    let mnt = dir.path().join("mnt");
    fs::create_dir(&backing).unwrap();
    fs::create_dir(&mnt).unwrap();
    Rig {
        _dir: dir,
        backing,
        mnt,
    }
}

impl Rig {
    fn mount(&self) -> Mount {
        harness::preflight().unwrap_or_else(|e| panic!("FUSE is needed here: {e}"));
        let binary = Path::new(env!("CARGO_BIN_EXE_chaupal-powercut"));
        Mount::start_with(binary, &self.backing, &self.mnt)
            .unwrap_or_else(|e| panic!("cannot mount: {e}"))
    }

    fn on_mount(&self, name: &str) -> PathBuf {
        self.mnt.join(name)
    }

    fn in_backing(&self, name: &str) -> PathBuf {
        self.backing.join(name)
    }
}

fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(7).wrapping_add(seed))
        .collect()
}

#[test]
fn a_write_without_fsync_is_lost_at_a_cut() {
    let rig = rig();
    let old = pattern(5000, 1);
    fs::write(rig.in_backing("f"), &old).unwrap();
    let mut mount = rig.mount();

    let new = pattern(9000, 2);
    let mut f = OpenOptions::new()
        .write(true)
        .open(rig.on_mount("f"))
        .unwrap();
    f.write_all(&new).unwrap();
    drop(f); // a close persists nothing
    assert_eq!(
        fs::read(rig.on_mount("f")).unwrap(),
        new,
        "reads see the writes"
    );
    assert_eq!(fs::metadata(rig.on_mount("f")).unwrap().len(), 9000);
    assert_eq!(
        fs::read(rig.in_backing("f")).unwrap(),
        old,
        "the backing file waits"
    );
    let stats = mount.stats().unwrap();
    assert_eq!(stats.pending_files, 1);
    assert_eq!(stats.pending_bytes, 3 * 4096, "9000 bytes are 3 pages");

    let report = mount.cut().unwrap();
    println!("{report}");
    assert_eq!(report.at_cut.pending_bytes, 3 * 4096);

    let _after = rig.mount();
    assert_eq!(
        fs::read(rig.on_mount("f")).unwrap(),
        old,
        "the old content is back"
    );
    assert_eq!(fs::metadata(rig.on_mount("f")).unwrap().len(), 5000);
}

#[test]
fn a_write_with_fsync_survives_a_cut() {
    let rig = rig();
    fs::write(rig.in_backing("f"), pattern(5000, 1)).unwrap();
    fs::write(rig.in_backing("g"), pattern(100, 1)).unwrap();
    fs::write(rig.in_backing("h"), pattern(100, 1)).unwrap();
    let mut mount = rig.mount();

    // fsync through the handle that wrote.
    let f = OpenOptions::new()
        .write(true)
        .open(rig.on_mount("f"))
        .unwrap();
    f.write_all_at(b"synced", 4998).unwrap();
    f.sync_all().unwrap();
    // fdatasync through another handle, opened read-only after the writer closed.
    fs::write(rig.on_mount("g"), pattern(10_000, 3)).unwrap();
    File::open(rig.on_mount("g")).unwrap().sync_data().unwrap();
    // O_DSYNC: each write is synced before it returns.
    let dsync = rustix::fs::OFlags::DSYNC.bits() as i32;
    let mut h = OpenOptions::new()
        .write(true)
        .custom_flags(dsync)
        .open(rig.on_mount("h"))
        .unwrap();
    h.write_all(b"dsync").unwrap();
    drop(h);

    let stats = mount.stats().unwrap();
    assert_eq!(stats.pending_files, 0, "{stats}");
    // Two fsync calls, and the kernel's own fsync after the O_DSYNC write.
    assert!(stats.fsyncs >= 2, "{stats}");
    let report = mount.cut().unwrap();
    println!("{report}");

    let _after = rig.mount();
    let mut expect = pattern(5000, 1);
    expect.truncate(4998);
    expect.extend_from_slice(b"synced");
    assert_eq!(fs::read(rig.on_mount("f")).unwrap(), expect);
    assert_eq!(fs::read(rig.on_mount("g")).unwrap(), pattern(10_000, 3));
    assert_eq!(
        fs::read(rig.on_mount("h")).unwrap(),
        [&b"dsync"[..], &pattern(100, 1)[5..]].concat()
    );
}

#[test]
fn a_truncation_without_fsync_is_lost_at_a_cut() {
    let rig = rig();
    let old = pattern(10_000, 4);
    fs::write(rig.in_backing("f"), &old).unwrap();
    fs::write(rig.in_backing("g"), &old).unwrap();
    let mut mount = rig.mount();

    // ftruncate down, then up again: the cut-off bytes read as zeros.
    let f = OpenOptions::new()
        .write(true)
        .open(rig.on_mount("f"))
        .unwrap();
    f.set_len(100).unwrap();
    f.set_len(6000).unwrap();
    let seen = fs::read(rig.on_mount("f")).unwrap();
    assert_eq!(seen.len(), 6000);
    assert_eq!(&seen[..100], &old[..100]);
    assert!(seen[100..].iter().all(|&b| b == 0));
    drop(f);
    // O_TRUNC.
    drop(File::create(rig.on_mount("g")).unwrap());
    assert_eq!(fs::metadata(rig.on_mount("g")).unwrap().len(), 0);
    assert_eq!(mount.stats().unwrap().pending_files, 2);

    let report = mount.cut().unwrap();
    println!("{report}");
    assert_eq!(report.at_cut.pending_bytes, 0, "truncations hold no page");

    let _after = rig.mount();
    assert_eq!(
        fs::read(rig.on_mount("f")).unwrap(),
        old,
        "the old length and bytes"
    );
    assert_eq!(fs::read(rig.on_mount("g")).unwrap(), old);
}

#[test]
fn a_file_created_and_never_synced_survives_empty() {
    let rig = rig();
    // Mount::start finds the binary next to the test, as another crate's test would.
    let mount = Mount::start(&rig.backing, &rig.mnt).unwrap_or_else(|e| panic!("{e}"));
    fs::write(rig.on_mount("new"), b"never synced").unwrap();
    fs::create_dir(rig.on_mount("dir")).unwrap();
    fs::write(rig.on_mount("dir/inner"), b"nor this").unwrap();
    mount.cut().unwrap();

    let _after = rig.mount();
    assert_eq!(fs::read(rig.on_mount("new")).unwrap(), b"");
    assert!(rig.on_mount("dir").is_dir());
    assert_eq!(fs::read(rig.on_mount("dir/inner")).unwrap(), b"");
}

#[test]
fn renames_survive_a_cut_with_the_data_synced_before() {
    let rig = rig();
    fs::write(rig.in_backing("config"), b"old").unwrap();
    let mount = rig.mount();

    // The safe way to replace a file: write a new one, fsync it, rename it over the old one.
    let mut tmp = File::create(rig.on_mount("config.tmp")).unwrap();
    tmp.write_all(b"new").unwrap();
    tmp.sync_all().unwrap();
    drop(tmp);
    fs::rename(rig.on_mount("config.tmp"), rig.on_mount("config")).unwrap();
    // The unsafe way: no fsync before the rename.
    fs::write(rig.on_mount("b.tmp"), b"lost").unwrap();
    fs::rename(rig.on_mount("b.tmp"), rig.on_mount("b")).unwrap();
    // A directory moved with a synced file inside.
    fs::create_dir(rig.on_mount("d")).unwrap();
    let mut inner = File::create(rig.on_mount("d/x")).unwrap();
    inner.write_all(b"inner").unwrap();
    inner.sync_all().unwrap();
    drop(inner);
    fs::rename(rig.on_mount("d"), rig.on_mount("e")).unwrap();
    assert_eq!(fs::read(rig.on_mount("e/x")).unwrap(), b"inner");
    mount.cut().unwrap();

    let _after = rig.mount();
    assert_eq!(fs::read(rig.on_mount("config")).unwrap(), b"new");
    assert!(!rig.on_mount("config.tmp").exists());
    assert_eq!(
        fs::read(rig.on_mount("b")).unwrap(),
        b"",
        "renamed, but its data was never synced"
    );
    assert!(!rig.on_mount("b.tmp").exists());
    assert_eq!(fs::read(rig.on_mount("e/x")).unwrap(), b"inner");
    assert!(!rig.on_mount("d").exists());
}

#[test]
fn unlinking_drops_the_pending_pages() {
    let rig = rig();
    let mut mount = rig.mount();
    fs::write(rig.on_mount("a"), pattern(20_000, 5)).unwrap();
    fs::write(rig.on_mount("b"), pattern(100, 5)).unwrap();
    assert_eq!(mount.stats().unwrap().pending_files, 2);

    // Open and unlinked: the data lives on for the handle.
    let mut open = File::open(rig.on_mount("a")).unwrap();
    fs::remove_file(rig.on_mount("a")).unwrap();
    let mut seen = Vec::new();
    open.read_to_end(&mut seen).unwrap();
    assert_eq!(seen, pattern(20_000, 5));
    drop(open);
    fs::remove_file(rig.on_mount("b")).unwrap();

    // The kernel releases a closed file's handle just after the close returns.
    let mut stats = mount.stats().unwrap();
    for _ in 0..100 {
        if stats.pending_files == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        stats = mount.stats().unwrap();
    }
    assert_eq!(stats.pending_files, 0, "{stats}");
    assert_eq!(stats.pending_bytes, 0, "{stats}");
    mount.unmount().unwrap();
}

#[test]
fn directories_list_and_sync() {
    let rig = rig();
    fs::write(rig.in_backing("there"), b"x").unwrap();
    let mut mount = rig.mount();
    fs::create_dir(rig.on_mount("sub")).unwrap();
    fs::write(rig.on_mount("sub/one"), b"1").unwrap();
    let mut names: Vec<String> = fs::read_dir(&rig.mnt)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["sub", "there"]);
    File::open(rig.on_mount("sub")).unwrap().sync_all().unwrap();
    assert_eq!(mount.stats().unwrap().dir_fsyncs, 1);
    fs::remove_file(rig.on_mount("sub/one")).unwrap();
    fs::remove_dir(rig.on_mount("sub")).unwrap();
    assert!(
        !rig.in_backing("sub").exists(),
        "namespace changes go through at once"
    );
    let statfs = rustix::fs::statvfs(&rig.mnt).unwrap();
    assert!(statfs.f_blocks > 0);
    mount.unmount().unwrap();
}

#[test]
fn a_clean_unmount_writes_everything() {
    let rig = rig();
    let mount = rig.mount();
    fs::write(rig.on_mount("f"), pattern(7000, 6)).unwrap();
    OpenOptions::new()
        .write(true)
        .open(rig.on_mount("f"))
        .unwrap()
        .set_len(6500)
        .unwrap();
    mount.unmount().unwrap();
    let mut expect = pattern(7000, 6);
    expect.truncate(6500);
    assert_eq!(fs::read(rig.in_backing("f")).unwrap(), expect);
}

#[test]
fn a_dropped_mount_leaves_no_mount_behind() {
    let rig = rig();
    let mount = rig.mount();
    fs::write(rig.on_mount("f"), b"x").unwrap();
    let mnt = mount.mountpoint().to_path_buf();
    drop(mount);
    assert!(!chaupal_powercut::mounts::fuse_mounted_at(&mnt).unwrap());
    assert_eq!(
        fs::read(rig.in_backing("f")).unwrap(),
        b"",
        "a drop is a cut"
    );
}

/// What the harness relies on when the test process itself dies: the daemon's standard input
/// ends, and with `--cut-on-stdin-eof` that is a cut and the mount goes.
#[test]
fn the_end_of_standard_input_is_a_cut_that_leaves_no_mount() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    let rig = rig();
    harness::preflight().unwrap_or_else(|e| panic!("FUSE is needed here: {e}"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_chaupal-powercut"))
        .arg("--backing")
        .arg(&rig.backing)
        .arg("--cut-on-stdin-eof")
        .arg(&rig.mnt)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut ready = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut ready)
        .unwrap();
    assert!(ready.starts_with("ready "), "{ready:?}");
    let mnt = rig.mnt.canonicalize().unwrap();
    assert!(chaupal_powercut::mounts::fuse_mounted_at(&mnt).unwrap());
    fs::write(rig.on_mount("f"), b"pending").unwrap();

    drop(child.stdin.take());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(!chaupal_powercut::mounts::fuse_mounted_at(&mnt).unwrap());
    assert_eq!(
        fs::read(rig.in_backing("f")).unwrap(),
        b"",
        "nothing was synced"
    );
}
