//! What searches keep between moves: the transposition table (the next move of a game starts
//! from what the last search stored) and the Monte Carlo tree (its subtree under the moves
//! played is reused). A [`Memory`] is an owned value: the server's AI pool keeps one per
//! searching thread, a tool one for its run, and nothing is kept anywhere else.
//!
//! Searches that score positions differently keep apart in a shared table by their salt;
//! entries of earlier searches are the first replaced, so a new game pushes out an old one.

use std::sync::Arc;

use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::jungle::Jungle;
use chaupal_rules::kalah::Kalah;
use chaupal_rules::sholo_guti::SholoGuti;

use crate::game_ai::GameAi;
use crate::mcts::Mcts;
use crate::tt::TranspositionTable;

/// What the searches of one game type keep.
pub struct Kept<G: GameAi> {
    table: Option<Arc<TranspositionTable>>,
    tree: Option<Mcts<G>>,
}

impl<G: GameAi> Default for Kept<G> {
    fn default() -> Self {
        Kept {
            table: None,
            tree: None,
        }
    }
}

impl<G: GameAi> Kept<G> {
    /// The kept transposition table of `mib` MiB (a new one if none is kept or its size
    /// differs).
    pub fn table(&mut self, mib: usize) -> Arc<TranspositionTable> {
        match &self.table {
            Some(tt) if tt.bytes() == TranspositionTable::new_size(mib) => tt.clone(),
            _ => {
                let tt = Arc::new(TranspositionTable::new(mib));
                self.table = Some(tt.clone());
                tt
            }
        }
    }

    /// The kept Monte Carlo tree, taken out (a new one if none is kept); give it back with
    /// [`Kept::keep_tree`].
    pub(crate) fn take_tree(&mut self) -> Mcts<G> {
        self.tree.take().unwrap_or_default()
    }

    /// Keeps `tree` for the next search.
    pub(crate) fn keep_tree(&mut self, tree: Mcts<G>) {
        self.tree = Some(tree);
    }

    /// Forgets what was kept, as at a new game.
    pub fn forget(&mut self) {
        if let Some(tt) = &self.table {
            tt.clear();
        }
        self.tree = None;
    }
}

/// What searches of any game keep: one table shared by all games (kept apart by salt) and a
/// tree per game.
#[derive(Default)]
pub struct Memory {
    table: Option<Arc<TranspositionTable>>,
    baghchal: Option<Mcts<BaghChal>>,
    kalah: Option<Mcts<Kalah>>,
    jungle: Option<Mcts<Jungle>>,
    sholo_guti: Option<Mcts<SholoGuti>>,
}

/// Picks a game's tree out of a [`Memory`].
pub trait TreeOf: GameAi + Sized {
    fn tree(memory: &mut Memory) -> &mut Option<Mcts<Self>>;
}

macro_rules! tree_of {
    ($game:ty, $field:ident) => {
        impl TreeOf for $game {
            fn tree(memory: &mut Memory) -> &mut Option<Mcts<Self>> {
                &mut memory.$field
            }
        }
    };
}
tree_of!(BaghChal, baghchal);
tree_of!(Kalah, kalah);
tree_of!(Jungle, jungle);
tree_of!(SholoGuti, sholo_guti);

impl Memory {
    /// Runs `f` with what this memory keeps for game `G`, and keeps what `f` leaves.
    pub fn with<G: TreeOf, T>(&mut self, f: impl FnOnce(&mut Kept<G>) -> T) -> T {
        let mut kept = Kept {
            table: self.table.take(),
            tree: G::tree(self).take(),
        };
        let out = f(&mut kept);
        self.table = kept.table;
        *G::tree(self) = kept.tree;
        out
    }

    /// Forgets what was kept, as at a new game.
    pub fn forget(&mut self) {
        *self = Memory {
            table: self.table.take(),
            ..Memory::default()
        };
        if let Some(tt) = &self.table {
            tt.clear();
        }
    }
}
