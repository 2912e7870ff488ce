//! Setting traps: when the best move wins nothing by force, play the move, about as good, whose
//! natural replies lose.
//!
//! A minimax search assumes the opponent always finds the best reply, so where every move holds
//! the balance (a defender shuffling behind a fortress, say) it picks among them by a few
//! centi-units of evaluation and gives a fallible opponent no chance to go wrong. Strong game
//! programs set traps in such positions. After the main search, this phase looks at each root
//! move in the main search's order and:
//!
//! 1. skips it when it offers the opponent nothing (no capture or other forcing reply), and
//!    keeps it only if a null-window search one ply shallower shows it at most [`TRAP_MARGIN`]
//!    worse than the best move (so against best play the trap costs at most that much);
//! 2. models the opponent as a plain search [`MODEL_DEPTH`] plies deep (no table, whose deeper
//!    entries would see through the trap, no quiescence, no reductions): every reply it scores
//!    within [`MODEL_TIE`] of its favourite is a natural reply;
//! 3. searches each natural reply two plies shallower than the main search, and counts the
//!    move's trap value as the worst of them for us: a trap must catch every natural reply.
//!
//! The move with the highest trap value is played when that is at least [`TRAP_MIN_GAIN`] above
//! the best move's own value, so only a reply that looks best at a glance and loses material
//! counts. The reported value and principal variation stay the main search's. The phase runs in
//! the time the main search leaves when its last iteration finished before the deadline (no
//! iteration starts after part of the time, see `control`), so the main search loses nothing
//! to it; after an iteration cut short there is no trap phase.

use super::{SearchOutput, Searcher};
use crate::game_ai::GameAi;
use crate::value::{INFINITY, TABLEBASE_WIN, Value, is_decisive};

/// How much worse than the main search's best a trap may be, in centi-units.
pub(crate) const TRAP_MARGIN: Value = 50;
/// How much more than the best move's value a trap must win when the opponent falls in.
pub(crate) const TRAP_MIN_GAIN: Value = 60;
/// The opponent's model: a plain search this many plies deep, its reply included.
pub(crate) const MODEL_DEPTH: i32 = 4;
/// Replies the model scores within this much of its favourite are all natural.
pub(crate) const MODEL_TIE: Value = 10;
/// The shallowest finished main search that traps are looked for after: below it the values
/// are too rough to trust a margin.
const MIN_DEPTH: u32 = 4;

impl<G: GameAi> Searcher<'_, G> {
    /// The trap phase: replaces `out.best_move` by a trap when one is found in time.
    pub(super) fn set_trap(&mut self, out: &mut SearchOutput<G::Move>) {
        let depth = self.stats.depth;
        let Some(best_move) = out.best_move else {
            return;
        };
        if depth < MIN_DEPTH
            || out.proven
            || is_decisive(out.value)
            || out.value.abs() >= TABLEBASE_WIN / 2
        {
            return;
        }
        let depth = depth as i32;
        let floor = out.value - TRAP_MARGIN;
        let mut moves = Vec::new();
        self.pos.game.legal_moves(&mut moves);
        // The main search's best first, then the rest in the order its table and hints give.
        let mut keys = Vec::new();
        let hash = self.pos.game.hash() ^ self.salt;
        let hash_move = self
            .tt
            .as_ref()
            .and_then(|tt| tt.probe(hash))
            .and_then(|e| e.move_index);
        self.order(0, &moves, &mut keys, hash_move);
        keys.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        let order = std::iter::once(best_move).chain(
            keys.iter()
                .map(|&(_, i)| moves[i as usize])
                .filter(|&m| m != best_move),
        );
        let side = self.pos.game.side_to_move();
        let mut replies = Vec::new();
        let mut target = out.value + TRAP_MIN_GAIN - 1;
        let mut chosen = None;
        for mv in order {
            let undo = self.pos.make(mv);
            self.pos.game.legal_moves(&mut replies);
            // A reply that looks good at a glance wins something: without a forcing reply (a
            // capture) nothing tempts.
            let tempting = replies.iter().any(|&r| self.pos.game.move_hint(r) > 0);
            let value = if self.pos.game.side_to_move() == side
                || self.pos.status(1).is_some()
                || !tempting
            {
                // An extra turn, a game end, or nothing on offer: no reply to tempt.
                None
            } else if mv == best_move || -self.negamax(depth - 1, 1, -floor, -floor + 1) >= floor {
                self.natural_reply_value(&replies, depth - 2)
            } else {
                None
            };
            self.pos.unmake(mv, undo);
            if self.aborted {
                break;
            }
            if let Some(v) = value
                && v > target
            {
                target = v;
                chosen = Some(mv);
            }
        }
        if let Some(mv) = chosen
            && mv != best_move
        {
            out.best_move = Some(mv);
            out.trap_set = true;
        }
    }

    /// After a root move, with the opponent to move at ply 1 and `replies` its legal moves: the
    /// least we get (our view, from a search `deep` plies deep) after any of the replies the
    /// opponent's model finds natural; `None` if the search was stopped.
    fn natural_reply_value(&mut self, replies: &[G::Move], deep: i32) -> Option<Value> {
        let opponent = self.pos.game.side_to_move();
        // The model: a plain shallow search, without what would let it see further.
        let table = self.tt.take();
        let (quiescence, reductions) = (self.config.quiescence, self.config.late_move_reductions);
        self.config.quiescence = false;
        self.config.late_move_reductions = false;
        let mut scores = Vec::with_capacity(replies.len());
        for &reply in replies {
            let undo = self.pos.make(reply);
            let same = self.pos.game.side_to_move() == opponent;
            let v = self.child(same, MODEL_DEPTH - 1, 2, -INFINITY, INFINITY);
            self.pos.unmake(reply, undo);
            if self.aborted {
                break;
            }
            scores.push(v);
        }
        self.tt = table;
        self.config.quiescence = quiescence;
        self.config.late_move_reductions = reductions;
        if self.aborted {
            return None;
        }
        let favourite = scores.iter().copied().max()?;
        let mut worst = INFINITY;
        for (&reply, &score) in replies.iter().zip(&scores) {
            if score < favourite - MODEL_TIE {
                continue;
            }
            let undo = self.pos.make(reply);
            let same = self.pos.game.side_to_move() == opponent;
            // The child's value is the opponent's (the side that made the reply): negated, ours.
            let v = -self.child(same, deep, 2, -INFINITY, INFINITY);
            self.pos.unmake(reply, undo);
            if self.aborted {
                return None;
            }
            worst = worst.min(v);
        }
        Some(worst)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use chaupal_rules::sholo_guti::SholoGuti;
    use chaupal_rules::{Game, GameKind};

    use super::{TRAP_MARGIN, TRAP_MIN_GAIN};
    use crate::engine_config::EngineConfig;
    use crate::levels;
    use crate::request::SearchLimits;
    use crate::run::run_config;
    use crate::search::SearchOutput;

    /// A middle game from a level 8 game as north against seed 002's agent, north to move:
    /// north is two pieces up and has several captures.
    const TRAP_POSITION: &str = "1N1/N2/N2NN/3NN/N2SN/N1S1S/NNS1S/SSS/SSS n 0";

    fn position(text: &str, moves: &[&str]) -> SholoGuti {
        let mut g = SholoGuti::from_position_text(text, Default::default()).unwrap();
        for mv in moves {
            g.play_text(mv).unwrap();
        }
        g
    }

    /// Runs `config` to a fixed depth.
    fn run(
        g: &SholoGuti,
        mut config: EngineConfig,
        depth: u32,
    ) -> SearchOutput<<SholoGuti as Game>::Move> {
        config.limits = SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        };
        run_config(
            g,
            &config,
            1,
            &Default::default(),
            &mut Default::default(),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap()
    }

    fn top_level(traps: bool) -> EngineConfig {
        let mut config = levels::level(GameKind::SholoGuti, 8).unwrap();
        assert!(config.search.traps, "the top level sets traps");
        config.search.traps = traps;
        config
    }

    fn text(g: &SholoGuti, out: &SearchOutput<<SholoGuti as Game>::Move>) -> String {
        g.move_text(out.best_move.unwrap())
    }

    #[test]
    fn the_top_level_sets_a_trap_that_a_four_ply_search_falls_into() {
        let g = position(TRAP_POSITION, &[]);
        // Without traps: the search's best, b3xd3.
        let plain = run(&g, top_level(false), 8);
        assert!(!plain.trap_set);
        assert_eq!(text(&g, &plain), "b3xd3");
        // With them: the same value and line reported, but d6xd4 played (stopping the chain
        // d6xd4xb4 after one capture leaves e3 a capture that looks good).
        let trap = run(&g, top_level(true), 8);
        assert!(trap.trap_set);
        assert_eq!(text(&g, &trap), "d6xd4");
        assert_eq!((trap.value, &trap.pv), (plain.value, &plain.pv));

        // Seed 002's agent (a plain four-ply search on material) takes the bait ...
        let seed = |moves: &[&str]| {
            let g = position(TRAP_POSITION, moves);
            let out = run(&g, EngineConfig::parse("alphabeta:piece-count").unwrap(), 4);
            text(&g, &out)
        };
        assert_eq!(seed(&["d6xd4"]), "e3xc5");
        // ... after which north stands better than after the best move and seed 002's reply
        // to it, and better than the search promised by at least the gain a trap needs.
        let best_reply = seed(&["b3xd3"]);
        let deep = |moves: &[&str]| run(&position(TRAP_POSITION, moves), top_level(false), 8);
        let caught = deep(&["d6xd4", "e3xc5"]).value;
        let declined = deep(&["b3xd3", &best_reply]).value;
        assert!(
            caught >= plain.value + TRAP_MIN_GAIN,
            "caught {caught}, promised {}",
            plain.value
        );
        assert!(
            caught > declined,
            "caught {caught}, after the best move {declined}"
        );
    }

    #[test]
    fn a_trap_costs_at_most_the_margin_against_the_best_reply() {
        // Both searched from south's side (the same frame: the side a search plays for prices
        // its draws and trades), one ply shallower than the root's depth 8, as the trap phase
        // checks a move: the trap leaves south no more than the margin better off than the
        // search's best move does.
        let south = |mv: &str| run(&position(TRAP_POSITION, &[mv]), top_level(false), 7).value;
        let (after_trap, after_best) = (south("d6xd4"), south("b3xd3"));
        assert!(
            after_trap <= after_best + TRAP_MARGIN,
            "south after the trap {after_trap}, after the best move {after_best}"
        );
    }

    #[test]
    fn no_trap_is_set_when_no_reply_wins_anything() {
        // Far apart: north has no capture whatever south plays.
        let g = position("N2/3/5/5/5/5/5/SSS/3 s 0", &[]);
        let with = run(&g, top_level(true), 6);
        let without = run(&g, top_level(false), 6);
        assert!(!with.trap_set);
        assert_eq!(with.best_move, without.best_move);
    }
}
