//! Why a database file was refused: every database of this module reports the same errors.

use thiserror::Error;

/// Why a database file was refused.
#[derive(Debug, Error)]
pub enum TbError {
    #[error("reading the tablebase: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a {0} tablebase (bad magic)")]
    BadMagic(&'static str),
    #[error("tablebase format version {0}, this program reads version {version}", version = super::format::VERSION)]
    BadVersion(u32),
    #[error("tablebase damaged: {0}")]
    Corrupt(String),
    #[error("tablebase checksum mismatch: stored {stored:#018x}, computed {computed:#018x}")]
    Checksum { stored: u64, computed: u64 },
}
