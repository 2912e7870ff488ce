//! Names and directories: mkdir, unlink, rmdir, rename, readdir and fsyncdir go to the
//! backing directory at once, and the inode table follows.

use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::os::unix::fs::DirBuilderExt;

use fuser::{Errno, FileAttr, FileType};
use rustix::fs::CWD;

use super::state::State;
use super::{Res, errno};
use crate::nodes::ROOT;

impl State {
    pub(super) fn mkdir(&mut self, parent: u64, name: &OsStr, mode: u32) -> Res<FileAttr> {
        let path = self.child_path(parent, name)?;
        fs::DirBuilder::new()
            .mode(mode & 0o7777)
            .create(&path)
            .map_err(errno)?;
        self.lookup(parent, name)
    }

    pub(super) fn unlink(&mut self, parent: u64, name: &OsStr) -> Res<()> {
        let path = self.child_path(parent, name)?;
        fs::remove_file(path).map_err(errno)?;
        self.nodes.remove(parent, name);
        Ok(())
    }

    pub(super) fn rmdir(&mut self, parent: u64, name: &OsStr) -> Res<()> {
        let path = self.child_path(parent, name)?;
        fs::remove_dir(path).map_err(errno)?;
        self.nodes.remove(parent, name);
        Ok(())
    }

    pub(super) fn rename(
        &mut self,
        parent: u64,
        name: &OsStr,
        new_parent: u64,
        new_name: &OsStr,
        flags: u32,
    ) -> Res<()> {
        let from = self.child_path(parent, name)?;
        let to = self.child_path(new_parent, new_name)?;
        let flags = rustix::fs::RenameFlags::from_bits_retain(flags);
        if flags.is_empty() {
            fs::rename(&from, &to).map_err(errno)?;
        } else {
            rustix::fs::renameat_with(CWD, &from, CWD, &to, flags)
                .map_err(|e| Errno::from_i32(e.raw_os_error()))?;
        }
        if flags.contains(rustix::fs::RenameFlags::EXCHANGE) {
            self.nodes.exchange(parent, name, new_parent, new_name);
        } else {
            self.nodes.rename(parent, name, new_parent, new_name);
        }
        Ok(())
    }

    pub(super) fn readdir(&mut self, ino: u64) -> Res<Vec<(u64, FileType, OsString)>> {
        let path = self.path(ino)?;
        let parent = self.nodes.get(ino).map_or(ROOT, |n| n.parent);
        let mut children = Vec::new();
        for entry in fs::read_dir(&path).map_err(errno)? {
            let entry = entry.map_err(errno)?;
            let kind = entry
                .file_type()
                .ok()
                .and_then(FileType::from_std)
                .unwrap_or(FileType::RegularFile);
            children.push((entry.file_name(), kind));
        }
        children.sort_by(|a, b| a.0.cmp(&b.0));
        let mut entries = vec![
            (ino, FileType::Directory, OsString::from(".")),
            (parent, FileType::Directory, OsString::from("..")),
        ];
        for (name, kind) in children {
            let child = self.nodes.insert(ino, &name);
            entries.push((child, kind, name));
        }
        Ok(entries)
    }

    pub(super) fn fsyncdir(&mut self, ino: u64) -> Res<()> {
        let path = self.path(ino)?;
        File::open(path)
            .and_then(|dir| dir.sync_all())
            .map_err(errno)?;
        self.counters.dir_fsyncs += 1;
        Ok(())
    }
}
