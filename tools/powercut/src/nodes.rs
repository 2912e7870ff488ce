//! The inode table: the inode numbers the kernel is given, each with its place in the backing
//! directory (its parent's number and its name, so that renaming a directory moves everything
//! under it at once) and the file's pending data.
//!
//! A file that is unlinked (or renamed over) while it is open stays here, nameless, until its
//! last handle is released: its data is still read and written through those handles, as an
//! open unlinked file's is. One that is not open goes at once, with its pending pages.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use crate::overlay::Overlay;

/// The root directory's number (FUSE's).
pub const ROOT: u64 = 1;

/// One inode.
#[derive(Debug)]
pub struct Node {
    /// The directory it is in (the root is its own parent).
    pub parent: u64,
    /// Its name there.
    pub name: OsString,
    /// Whether it still has a name (false once unlinked or renamed over while open).
    pub linked: bool,
    /// Open handles on it.
    pub open: u32,
    /// Its unsynced data and length, if any.
    pub overlay: Option<Overlay>,
}

/// The inodes the kernel has been told of.
#[derive(Debug)]
pub struct Nodes {
    root: PathBuf,
    nodes: HashMap<u64, Node>,
    names: HashMap<(u64, OsString), u64>,
    next: u64,
}

impl Nodes {
    /// A table with only the root, which is the backing directory `root`.
    pub fn new(root: &Path) -> Nodes {
        let mut nodes = HashMap::new();
        nodes.insert(
            ROOT,
            Node {
                parent: ROOT,
                name: OsString::new(),
                linked: true,
                open: 0,
                overlay: None,
            },
        );
        Nodes {
            root: root.to_path_buf(),
            nodes,
            names: HashMap::new(),
            next: ROOT + 1,
        }
    }

    /// The backing directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The node numbered `ino`.
    pub fn get(&self, ino: u64) -> Option<&Node> {
        self.nodes.get(&ino)
    }

    /// The node numbered `ino`, to change.
    pub fn get_mut(&mut self, ino: u64) -> Option<&mut Node> {
        self.nodes.get_mut(&ino)
    }

    /// Every node, to walk over.
    pub fn iter(&self) -> impl Iterator<Item = (u64, &Node)> {
        self.nodes.iter().map(|(&ino, node)| (ino, node))
    }

    /// Every node, to change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (u64, &mut Node)> {
        self.nodes.iter_mut().map(|(&ino, node)| (ino, node))
    }

    /// The node's path in the backing directory; none once it has no name.
    pub fn path(&self, ino: u64) -> Option<PathBuf> {
        let mut names = Vec::new();
        let mut at = ino;
        while at != ROOT {
            let node = self.nodes.get(&at).filter(|n| n.linked)?;
            names.push(node.name.as_os_str());
            at = node.parent;
            if names.len() > 4096 {
                return None;
            }
        }
        let mut path = self.root.clone();
        path.extend(names.iter().rev());
        Some(path)
    }

    /// The backing path of `name` in the directory `parent`.
    pub fn child_path(&self, parent: u64, name: &OsStr) -> Option<PathBuf> {
        Some(self.path(parent)?.join(name))
    }

    /// The number of `name` in `parent`, given or kept from before.
    pub fn insert(&mut self, parent: u64, name: &OsStr) -> u64 {
        let key = (parent, name.to_os_string());
        if let Some(&ino) = self.names.get(&key) {
            return ino;
        }
        let ino = self.next;
        self.next += 1;
        self.nodes.insert(
            ino,
            Node {
                parent,
                name: name.to_os_string(),
                linked: true,
                open: 0,
                overlay: None,
            },
        );
        self.names.insert(key, ino);
        ino
    }

    /// The name `name` in `parent` is gone (unlink, rmdir): its node goes with its pending
    /// data, or, while open, stays without a name until released.
    pub fn remove(&mut self, parent: u64, name: &OsStr) {
        if let Some(ino) = self.names.remove(&(parent, name.to_os_string())) {
            self.orphan(ino);
        }
    }

    /// `name` in `parent` is now called `new_name` in `new_parent`; what had that name is gone.
    pub fn rename(&mut self, parent: u64, name: &OsStr, new_parent: u64, new_name: &OsStr) {
        let moved = self.names.remove(&(parent, name.to_os_string()));
        self.remove(new_parent, new_name);
        if let Some(ino) = moved {
            self.place(ino, new_parent, new_name);
        }
    }

    /// The two names swap their files (`RENAME_EXCHANGE`).
    pub fn exchange(&mut self, parent: u64, name: &OsStr, new_parent: u64, new_name: &OsStr) {
        let a = self.names.remove(&(parent, name.to_os_string()));
        let b = self.names.remove(&(new_parent, new_name.to_os_string()));
        if let Some(a) = a {
            self.place(a, new_parent, new_name);
        }
        if let Some(b) = b {
            self.place(b, parent, name);
        }
    }

    /// One handle on `ino` is released: a nameless node goes with its last handle.
    pub fn release(&mut self, ino: u64) {
        if let Some(node) = self.nodes.get_mut(&ino) {
            node.open = node.open.saturating_sub(1);
            if node.open == 0 && !node.linked {
                self.nodes.remove(&ino);
            }
        }
    }

    fn place(&mut self, ino: u64, parent: u64, name: &OsStr) {
        if let Some(node) = self.nodes.get_mut(&ino) {
            node.parent = parent;
            node.name = name.to_os_string();
        }
        self.names.insert((parent, name.to_os_string()), ino);
    }

    fn orphan(&mut self, ino: u64) {
        let Some(node) = self.nodes.get_mut(&ino) else {
            return;
        };
        if node.open == 0 {
            self.nodes.remove(&ino);
        } else {
            node.linked = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_renamed_directory_moves_what_is_under_it() {
        let mut nodes = Nodes::new(Path::new("/b"));
        let dir = nodes.insert(ROOT, OsStr::new("d"));
        let file = nodes.insert(dir, OsStr::new("f"));
        assert_eq!(nodes.path(file), Some(PathBuf::from("/b/d/f")));
        nodes.rename(ROOT, OsStr::new("d"), ROOT, OsStr::new("e"));
        assert_eq!(nodes.path(file), Some(PathBuf::from("/b/e/f")));
        assert_eq!(nodes.insert(ROOT, OsStr::new("e")), dir);
    }

    #[test]
    fn an_unlinked_open_file_stays_until_released() {
        let mut nodes = Nodes::new(Path::new("/b"));
        let file = nodes.insert(ROOT, OsStr::new("f"));
        if let Some(node) = nodes.get_mut(file) {
            node.open = 1;
        }
        nodes.remove(ROOT, OsStr::new("f"));
        assert!(nodes.get(file).is_some());
        assert_eq!(nodes.path(file), None);
        assert_ne!(
            nodes.insert(ROOT, OsStr::new("f")),
            file,
            "a new file has a new number"
        );
        nodes.release(file);
        assert!(nodes.get(file).is_none());
    }

    #[test]
    fn renaming_over_a_file_drops_it() {
        let mut nodes = Nodes::new(Path::new("/b"));
        let a = nodes.insert(ROOT, OsStr::new("a"));
        let b = nodes.insert(ROOT, OsStr::new("b"));
        nodes.rename(ROOT, OsStr::new("a"), ROOT, OsStr::new("b"));
        assert!(nodes.get(b).is_none());
        assert_eq!(nodes.path(a), Some(PathBuf::from("/b/b")));
    }
}
