//! Monte Carlo tree search (seeds 003 and 004): UCT selection with an exploration constant and
//! first-play urgency, expansion, epsilon-greedy rollouts over the game's move hints cut off at a
//! fixed depth and scored by the static evaluation, and backpropagation. Random numbers come from
//! a seed, so a search with a playout limit repeats exactly; the tree is kept between moves when
//! the game continues from it.

use chaupal_rules::{Game, Side};

use super::control::SearchControl;
use super::game_ai::{Evaluator, GameAi};
use super::random::Rng;
use super::request::SearchInfo;
use super::search::SearchOutput;
use super::stats::SearchStats;
use super::value::{Value, clamp_eval, to_score};

/// The knobs of MCTS.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// UCT's exploration constant C (rewards are in 0..1).
    pub exploration: f64,
    /// The value an unvisited child is given when choosing (first-play urgency); above 1 means
    /// every child is tried once before any is tried twice.
    pub first_play_urgency: f64,
    /// Chance that a rollout move is random rather than the game's most urgent move.
    pub rollout_epsilon: f64,
    /// Plies a rollout plays before the static evaluation scores it.
    pub rollout_depth: u32,
    /// Largest tree, in nodes; past it leaves are no longer expanded.
    pub max_nodes: usize,
    /// Reward of a draw for the side the search plays for (0.5 is neutral).
    pub draw_reward: f64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 1.0,
            first_play_urgency: 1.1,
            rollout_epsilon: 0.25,
            rollout_depth: 24,
            max_nodes: 2_000_000,
            draw_reward: 0.5,
        }
    }
}

/// What an MCTS search runs with beside the position and its limits: the evaluation that
/// scores its rollouts, its knobs, and the seed of its random numbers.
pub struct MctsInputs<'a, G> {
    pub eval: &'a dyn Evaluator<G>,
    pub config: &'a MctsConfig,
    pub seed: u64,
}

/// Playouts between two looks at the clock.
const CLOCK_INTERVAL: u64 = 16;
/// Playouts before the first periodic report; later ones come at each doubling.
const FIRST_REPORT: u64 = 1024;
/// No parent.
const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node<M> {
    /// The move that led here (`None` at the root).
    mv: Option<M>,
    parent: u32,
    first_child: u32,
    child_count: u32,
    visits: u32,
    /// Sum of the rewards of the side that made `mv`.
    reward: f64,
    /// The side that made `mv`.
    mover: Side,
    expanded: bool,
}

/// An MCTS player that keeps its tree between moves.
#[derive(Debug)]
pub struct Mcts<G: GameAi> {
    nodes: Vec<Node<G::Move>>,
    /// The position at the root of `nodes`.
    root_game: Option<G>,
}

impl<G: GameAi> Default for Mcts<G> {
    fn default() -> Self {
        Mcts {
            nodes: Vec::new(),
            root_game: None,
        }
    }
}

impl<G: GameAi> Mcts<G> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Nodes kept in the tree.
    #[cfg(test)]
    pub(crate) fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// Keeps the part of the old tree that starts at `game`, if `game` is the old root or a
    /// position one or two plies below it; otherwise starts afresh.
    fn reuse_or_reset(&mut self, game: &G) {
        let found = self.root_game.as_ref().and_then(|root| {
            if same_position(root, game) {
                return Some(0);
            }
            let mut frontier = vec![(0u32, root.clone())];
            for _ in 0..2 {
                let mut next = Vec::new();
                for (index, g) in frontier {
                    let n = &self.nodes[index as usize];
                    for c in n.first_child..n.first_child + n.child_count {
                        let Some(mv) = self.nodes[c as usize].mv else {
                            continue;
                        };
                        let mut child = g.clone();
                        child.make(mv);
                        if same_position(&child, game) {
                            return Some(c);
                        }
                        next.push((c, child));
                    }
                }
                frontier = next;
            }
            None
        });
        match found {
            Some(0) => {}
            Some(index) => self.reroot(index),
            None => self.nodes.clear(),
        }
        if self.nodes.is_empty() {
            self.nodes.push(Node {
                mv: None,
                parent: NONE,
                first_child: 0,
                child_count: 0,
                visits: 0,
                reward: 0.0,
                mover: game.side_to_move().opponent(),
                expanded: false,
            });
        }
        self.root_game = Some(game.clone());
    }

    /// Copies the subtree under `index` into a fresh arena with it as the root.
    fn reroot(&mut self, index: u32) {
        let old = std::mem::take(&mut self.nodes);
        let mut root = old[index as usize].clone();
        root.parent = NONE;
        root.mv = None;
        self.nodes.push(root);
        let mut cursor = 0;
        while cursor < self.nodes.len() {
            let (first, count) = (
                self.nodes[cursor].first_child,
                self.nodes[cursor].child_count,
            );
            if count > 0 {
                let new_first = self.nodes.len() as u32;
                for c in first..first + count {
                    let mut child = old[c as usize].clone();
                    child.parent = cursor as u32;
                    self.nodes.push(child);
                }
                self.nodes[cursor].first_child = new_first;
            }
            cursor += 1;
        }
    }

    /// Searches `game` until a limit (`nodes` counts playouts) with `inputs`; `control` holds
    /// the limits and the flag that stops it.
    pub fn search(
        &mut self,
        game: &G,
        inputs: MctsInputs<'_, G>,
        mut control: SearchControl<'_>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchOutput<G::Move> {
        let MctsInputs { eval, config, seed } = inputs;
        self.reuse_or_reset(game);
        let root_side = game.side_to_move();
        let mut rng = Rng::new(seed ^ game.hash().rotate_left(17));
        let mut stats = SearchStats::default();
        let mut work = game.clone();
        let mut path: Vec<u32> = Vec::with_capacity(128);
        let mut hashes: Vec<u64> = Vec::with_capacity(256);
        let mut moves = Vec::new();
        let mut playouts = 0u64;
        let mut next_report = FIRST_REPORT;
        let limit = control.node_limit();
        let mut info = None;
        loop {
            if limit.is_some_and(|n| playouts >= n)
                || (playouts % CLOCK_INTERVAL == 0 && playouts > 0 && control.check())
                || (playouts > 0 && control.cancelled())
            {
                break;
            }
            playouts += 1;
            control.add_nodes(1);

            // Selection and expansion.
            work.clone_from(game);
            path.clear();
            hashes.clear();
            hashes.push(work.hash());
            let mut node = 0u32;
            path.push(node);
            let mut ended: Option<f64> = None;
            loop {
                if let Some(outcome) = work.outcome() {
                    ended = Some(match outcome.winner() {
                        Some(Side::First) => 1.0,
                        Some(_) => 0.0,
                        None => draw_for_first(config, root_side),
                    });
                    break;
                }
                if path.len() > 1 && hashes[..hashes.len() - 1].contains(&work.hash()) {
                    ended = Some(draw_for_first(config, root_side));
                    break;
                }
                if !self.nodes[node as usize].expanded {
                    if self.nodes.len() >= config.max_nodes {
                        break;
                    }
                    self.expand(node, &work, &mut moves, &mut stats);
                }
                let n = &self.nodes[node as usize];
                if n.child_count == 0 {
                    break;
                }
                let fresh = n.visits == 0 || self.nodes[n.first_child as usize].visits == 0;
                node = self.select(node, config);
                path.push(node);
                let Some(mv) = self.nodes[node as usize].mv else {
                    break;
                };
                work.make(mv);
                hashes.push(work.hash());
                if fresh {
                    break;
                }
            }
            stats.seldepth = stats.seldepth.max(path.len() as u32 - 1);

            // Rollout.
            let reward_first = match ended {
                Some(r) => r,
                None => rollout(&mut work, eval, config, root_side, &mut rng, &mut moves),
            };

            // Backpropagation.
            for &i in path.iter() {
                let n = &mut self.nodes[i as usize];
                n.visits += 1;
                n.reward += if n.mover == Side::First {
                    reward_first
                } else {
                    1.0 - reward_first
                };
            }

            if playouts >= next_report {
                next_report *= 2;
                let i = self.info(game, &control, &stats);
                on_info(&i);
            }
        }
        stats.nodes = control.nodes();
        stats.time_ms = control.elapsed().as_millis() as u64;
        stats.nps = control.nps();
        stats.depth = stats.seldepth;
        stats.memory_bytes = (self.nodes.capacity() * std::mem::size_of::<Node<G::Move>>()) as u64;
        let best = self.best_child(0);
        if let Some(_b) = best {
            let i = self.info(game, &control, &stats);
            on_info(&i);
            info = Some(i);
        }
        let mut fallback = Vec::new();
        game.legal_moves(&mut fallback);
        let pv = self.principal_line();
        SearchOutput {
            best_move: best
                .and_then(|b| self.nodes[b as usize].mv)
                .or(fallback.first().copied()),
            value: best.map_or(0, |b| self.value_of(b)),
            proven: false,
            pv,
            stats,
            info,
            trap_set: false,
        }
    }

    fn expand(&mut self, node: u32, game: &G, moves: &mut Vec<G::Move>, stats: &mut SearchStats) {
        game.legal_moves(moves);
        // Most urgent moves first: the first unvisited child is the one tried first.
        let mut keyed: Vec<(i32, G::Move)> =
            moves.iter().map(|&m| (game.move_hint(m), m)).collect();
        keyed.sort_by_key(|(hint, _)| std::cmp::Reverse(*hint));
        let first = self.nodes.len() as u32;
        let mover = game.side_to_move();
        for (_, mv) in keyed {
            self.nodes.push(Node {
                mv: Some(mv),
                parent: node,
                first_child: 0,
                child_count: 0,
                visits: 0,
                reward: 0.0,
                mover,
                expanded: false,
            });
        }
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.child_count = moves.len() as u32;
        n.expanded = true;
        stats.expanded += 1;
        stats.generated += moves.len() as u64;
    }

    /// The child with the highest UCT value (unvisited children count as the first-play urgency).
    fn select(&self, node: u32, config: &MctsConfig) -> u32 {
        let n = &self.nodes[node as usize];
        let log_n = (n.visits.max(1) as f64).ln();
        let mut best = n.first_child;
        let mut best_value = f64::NEG_INFINITY;
        for c in n.first_child..n.first_child + n.child_count {
            let child = &self.nodes[c as usize];
            let value = if child.visits == 0 {
                config.first_play_urgency
            } else {
                let v = child.visits as f64;
                child.reward / v + config.exploration * (log_n / v).sqrt()
            };
            if value > best_value {
                best_value = value;
                best = c;
            }
        }
        best
    }

    fn best_child(&self, node: u32) -> Option<u32> {
        let n = &self.nodes[node as usize];
        (n.first_child..n.first_child + n.child_count)
            .filter(|&c| self.nodes[c as usize].visits > 0)
            .max_by(|&a, &b| {
                let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                na.visits
                    .cmp(&nb.visits)
                    .then(na.reward.total_cmp(&nb.reward))
                    .then(b.cmp(&a))
            })
    }

    /// The mean reward of a node's mover, as a search value (centi-units by the game's scale).
    fn value_of(&self, node: u32) -> Value {
        let n = &self.nodes[node as usize];
        if n.visits == 0 {
            return 0;
        }
        let q = (n.reward / n.visits as f64).clamp(1e-6, 1.0 - 1e-6);
        clamp_eval((G::WIN_SCALE * (q / (1.0 - q)).ln()) as i64)
    }

    fn principal_line(&self) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut node = 0;
        while let Some(c) = self.best_child(node) {
            match self.nodes[c as usize].mv {
                Some(mv) => line.push(mv),
                None => break,
            }
            node = c;
            if line.len() >= 64 {
                break;
            }
        }
        line
    }

    fn info(&self, game: &G, control: &SearchControl<'_>, stats: &SearchStats) -> SearchInfo {
        let line = self.principal_line();
        let value = self.best_child(0).map_or(0, |b| self.value_of(b));
        let mut g = game.clone();
        let mut pv = Vec::new();
        for mv in line {
            pv.push(g.move_text(mv));
            g.make(mv);
        }
        SearchInfo {
            depth: stats.seldepth,
            score: to_score(value, false, false, pv.len()),
            nodes: control.nodes(),
            nps: control.nps(),
            time_ms: control.elapsed().as_millis() as u64,
            pv,
        }
    }
}

/// A draw's reward for the first side, given what it is worth to the side searched for.
fn draw_for_first(config: &MctsConfig, root_side: Side) -> f64 {
    if root_side == Side::First {
        config.draw_reward
    } else {
        1.0 - config.draw_reward
    }
}

/// Plays an epsilon-greedy rollout from `game` (changing it) and returns the first side's reward.
fn rollout<G: GameAi>(
    game: &mut G,
    eval: &dyn Evaluator<G>,
    config: &MctsConfig,
    root_side: Side,
    rng: &mut Rng,
    moves: &mut Vec<G::Move>,
) -> f64 {
    let mut urgent: Vec<G::Move> = Vec::new();
    for _ in 0..config.rollout_depth {
        if let Some(outcome) = game.outcome() {
            return match outcome.winner() {
                Some(Side::First) => 1.0,
                Some(Side::Second) => 0.0,
                None => draw_for_first(config, root_side),
            };
        }
        game.legal_moves(moves);
        let random = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mv = if random < config.rollout_epsilon {
            moves[rng.below(moves.len())]
        } else {
            let top = moves.iter().map(|&m| game.move_hint(m)).max().unwrap_or(0);
            urgent.clear();
            urgent.extend(moves.iter().copied().filter(|&m| game.move_hint(m) == top));
            urgent[rng.below(urgent.len())]
        };
        game.make(mv);
    }
    if let Some(outcome) = game.outcome() {
        return match outcome.winner() {
            Some(Side::First) => 1.0,
            Some(Side::Second) => 0.0,
            None => draw_for_first(config, root_side),
        };
    }
    let v = clamp_eval(eval.evaluate(game) as i64) as f64;
    let p = 1.0 / (1.0 + (-v / G::WIN_SCALE).exp());
    if game.side_to_move() == Side::First {
        p
    } else {
        1.0 - p
    }
}

/// Whether two games stand at the same position under the same rules.
fn same_position<G: Game>(a: &G, b: &G) -> bool {
    a.hash() == b.hash() && a.rules() == b.rules() && a.position_text() == b.position_text()
}
