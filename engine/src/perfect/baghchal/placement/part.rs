//! One part of a placement layer in memory: the packed values of every position of one side to
//! move with a given number of goats placed, block by block ([`Layout::blocks`]).

use super::index::{Block, Layout};
use super::values::{Code, Width};

/// The values of one side to move in one layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Goats placed.
    pub placed: u8,
    pub width: Width,
    /// The blocks, by goats captured.
    pub blocks: Vec<Block>,
    /// The packed values, block after block.
    pub bytes: Vec<u8>,
}

impl Part {
    /// A part of layer `placed` with every value a draw (the solver fills it).
    pub fn new(layout: &Layout, placed: u8, width: Width) -> Part {
        Part {
            placed,
            width,
            blocks: layout.blocks(placed, width),
            bytes: vec![0; layout.part_bytes(placed, width)],
        }
    }

    /// The value of the position with `captured` goats captured at (class, goat rank).
    #[inline]
    pub fn get(&self, captured: u8, class: usize, rank: usize) -> Code {
        let block = &self.blocks[usize::from(captured)];
        self.width
            .get(&self.bytes[block.byte_start..], block.slot(class, rank))
    }
}
