//! Why perfect play refused a file: every database, the Kalah endgame databases and the Kalah
//! opening book report the same error type.

use thiserror::Error;

/// Why a database file (or the Kalah opening book) was refused.
#[derive(Debug, Error)]
pub enum PerfectError {
    #[error("reading the tablebase: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a {0} tablebase (bad magic)")]
    BadMagic(&'static str),
    #[error("tablebase format version {found}, this program reads version {reads}")]
    BadVersion {
        /// The version the file says it is.
        found: u32,
        /// The version this program reads.
        reads: u32,
    },
    #[error("tablebase damaged: {0}")]
    Corrupt(String),
    #[error("tablebase checksum mismatch: stored {stored:#018x}, computed {computed:#018x}")]
    Checksum { stored: u64, computed: u64 },
    /// A line of a Kalah opening book that cannot be read.
    #[error("book line {line}: {reason}")]
    Book { line: usize, reason: String },
}
