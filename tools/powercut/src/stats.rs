//! The daemon's counters and the one line they travel in on the control channel:
//! `stats pending_bytes=8192 pending_files=1 fsyncs=3 dir_fsyncs=1 bytes_written=12288
//! bytes_synced=4096`.

use std::fmt;
use std::str::FromStr;

/// What the file system holds and has done, at one moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Bytes of data held in memory, not yet synced (whole 4 KiB pages): what a cut now drops.
    pub pending_bytes: u64,
    /// Files with pending data or a pending length change.
    pub pending_files: u64,
    /// fsync and fdatasync calls served (on files).
    pub fsyncs: u64,
    /// fsync calls served on directories.
    pub dir_fsyncs: u64,
    /// Bytes written to files through the mount.
    pub bytes_written: u64,
    /// Bytes of pages written to backing files by syncs.
    pub bytes_synced: u64,
}

impl Stats {
    const FIELDS: [&'static str; 6] = [
        "pending_bytes",
        "pending_files",
        "fsyncs",
        "dir_fsyncs",
        "bytes_written",
        "bytes_synced",
    ];

    fn values(&self) -> [u64; 6] {
        [
            self.pending_bytes,
            self.pending_files,
            self.fsyncs,
            self.dir_fsyncs,
            self.bytes_written,
            self.bytes_synced,
        ]
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stats")?;
        for (name, value) in Self::FIELDS.iter().zip(self.values()) {
            write!(f, " {name}={value}")?;
        }
        Ok(())
    }
}

/// A line that is not a stats line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a stats line: {0:?}")]
pub struct BadStatsLine(pub String);

impl FromStr for Stats {
    type Err = BadStatsLine;

    fn from_str(line: &str) -> Result<Stats, BadStatsLine> {
        let bad = || BadStatsLine(line.to_string());
        let mut words = line.split_whitespace();
        if words.next() != Some("stats") {
            return Err(bad());
        }
        let mut stats = Stats::default();
        for word in words {
            let (name, value) = word.split_once('=').ok_or_else(bad)?;
            let value: u64 = value.parse().map_err(|_| bad())?;
            let field = match name {
                "pending_bytes" => &mut stats.pending_bytes,
                "pending_files" => &mut stats.pending_files,
                "fsyncs" => &mut stats.fsyncs,
                "dir_fsyncs" => &mut stats.dir_fsyncs,
                "bytes_written" => &mut stats.bytes_written,
                "bytes_synced" => &mut stats.bytes_synced,
                // A newer daemon may say more.
                _ => continue,
            };
            *field = value;
        }
        Ok(stats)
    }
}

/// What a cut dropped: the counters asked for just before the daemon was killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CutReport {
    /// The counters at the cut; `pending_bytes` and `pending_files` are what was lost.
    pub at_cut: Stats,
}

impl fmt::Display for CutReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cut dropped {} pending bytes in {} files ({} bytes written, {} synced by {} fsyncs)",
            self.at_cut.pending_bytes,
            self.at_cut.pending_files,
            self.at_cut.bytes_written,
            self.at_cut.bytes_synced,
            self.at_cut.fsyncs
        )
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn a_stats_line_reads_back() {
        let stats = Stats {
            pending_bytes: 8192,
            pending_files: 1,
            fsyncs: 3,
            dir_fsyncs: 1,
            bytes_written: 12288,
            bytes_synced: 4096,
        };
        let line = stats.to_string();
        assert_eq!(
            line,
            "stats pending_bytes=8192 pending_files=1 fsyncs=3 dir_fsyncs=1 \
             bytes_written=12288 bytes_synced=4096"
        );
        assert_eq!(line.parse::<Stats>().unwrap(), stats);
        assert!("ready /mnt".parse::<Stats>().is_err());
        assert!("stats fsyncs=x".parse::<Stats>().is_err());
    }
}
