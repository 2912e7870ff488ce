//! `chaupal bench`: fixed positions per game, perft speed and search speed (nodes per
//! second, time to each depth), one summary line per game. BENCHMARKS.md records its output.
//!
//! The positions: the start, and two positions reached by a fixed pseudo-random playout
//! (seeded, so every run searches the same ones). Perft runs from the start; the search is
//! the full engine (`pvs`, or `--engine`) to a fixed depth from each position, with a fresh
//! table each time.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chaupal_rules::{AnyGame, GameKind};
use serde::{Deserialize, Serialize};

use super::ToolError;
use chaupal_engine::random::Rng;
use chaupal_engine::{Engine, EngineSpec, Memory, SearchLimits, SearchRequest};

/// Per game: perft depth and search depth of a normal run.
pub fn default_depths(kind: GameKind) -> (u32, u32) {
    match kind {
        GameKind::BaghChal => (5, 8),
        GameKind::Kalah => (8, 12),
        GameKind::Jungle => (4, 7),
        GameKind::SholoGuti => (4, 7),
    }
}

/// Plies of the playouts that reach the benchmark's middle-game positions.
pub const PLAYOUT_PLIES: [u32; 2] = [10, 24];

/// What `bench` was asked to do.
#[derive(Clone, Debug, clap::Args)]
pub struct BenchArgs {
    /// Games to measure (default: all four), comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub games: Vec<GameKind>,
    /// The engine searched (a named engine).
    #[arg(long, default_value = "pvs")]
    pub engine: String,
    /// Perft depth for every game (default: per game, see the docs).
    #[arg(long)]
    pub perft_depth: Option<u32>,
    /// Search depth for every game (default: per game).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Print the figures as JSON lines after the summary.
    #[arg(long)]
    pub json: bool,
}

/// One game's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchLine {
    pub game: String,
    pub perft_depth: u32,
    pub perft_leaves: u64,
    pub perft_ms: f64,
    pub engine: String,
    pub depth: u32,
    pub positions: usize,
    /// Summed over the positions.
    pub nodes: u64,
    pub search_ms: f64,
    /// Milliseconds until each depth finished, summed over the positions (index 0 = depth 1).
    pub time_to_depth_ms: Vec<u64>,
}

impl BenchLine {
    pub fn perft_rate(&self) -> f64 {
        self.perft_leaves as f64 / (self.perft_ms / 1000.0).max(1e-9)
    }
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / (self.search_ms / 1000.0).max(1e-9)
    }

    /// The one-line summary.
    pub fn summary(&self) -> String {
        let ttd: Vec<String> = self
            .time_to_depth_ms
            .iter()
            .enumerate()
            .skip(self.time_to_depth_ms.len().saturating_sub(3))
            .map(|(i, t)| format!("d{}:{t}ms", i + 1))
            .collect();
        format!(
            "{:<11} perft({}) {} leaves {:.0} ms {:.1} M/s | {} depth {} x{}: {} nodes {:.0} ms {:.2} M nodes/s | time to depth {}",
            self.game,
            self.perft_depth,
            self.perft_leaves,
            self.perft_ms,
            self.perft_rate() / 1e6,
            self.engine,
            self.depth,
            self.positions,
            self.nodes,
            self.search_ms,
            self.nps() / 1e6,
            ttd.join(" ")
        )
    }
}

/// The benchmark positions of a game: the start and the playout positions.
pub fn positions(kind: GameKind) -> Result<Vec<AnyGame>, ToolError> {
    let start = AnyGame::start(kind, Vec::<(String, String)>::new())?;
    let mut out = vec![start.clone()];
    for (i, &plies) in PLAYOUT_PLIES.iter().enumerate() {
        let mut g = start.clone();
        let mut rng = Rng::new(0xbe9c_4000 + i as u64);
        for _ in 0..plies {
            let moves = g.legal_moves_text();
            if moves.is_empty() || g.outcome().is_some() {
                break;
            }
            let mv = moves[rng.below(moves.len())].clone();
            if g.play_text(&mv).is_err() {
                break;
            }
        }
        if g.outcome().is_none() {
            out.push(g);
        }
    }
    Ok(out)
}

/// Measures one game.
pub fn bench_game(
    kind: GameKind,
    engine: &str,
    perft_depth: u32,
    depth: u32,
) -> Result<BenchLine, ToolError> {
    let positions = positions(kind)?;
    let mut start = positions[0].clone();
    let t = Instant::now();
    let leaves = start.perft(perft_depth);
    let perft_ms = t.elapsed().as_secs_f64() * 1000.0;
    let request = SearchRequest {
        engine: EngineSpec::Named(engine.to_owned()),
        limits: SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        },
        seed: 1,
        threads: 1,
        slips: None,
    };
    let cancel = AtomicBool::new(false);
    let mut nodes = 0;
    let mut time_to_depth = vec![0u64; depth as usize];
    let player = Engine::new();
    let mut memory = Memory::default();
    let t = Instant::now();
    for p in &positions {
        let result = player
            .search(p, &request, &mut memory, &cancel, &mut |info| {
                if let Some(slot) = time_to_depth.get_mut(info.depth.saturating_sub(1) as usize) {
                    *slot += info.time_ms;
                }
            })
            .map_err(|e| ToolError::Usage(e.to_string()))?;
        nodes += result.stats.nodes;
    }
    let search_ms = t.elapsed().as_secs_f64() * 1000.0;
    while time_to_depth.last() == Some(&0) && time_to_depth.len() > 1 {
        time_to_depth.pop();
    }
    Ok(BenchLine {
        game: kind.name().to_owned(),
        perft_depth,
        perft_leaves: leaves,
        perft_ms,
        engine: engine.to_owned(),
        depth,
        positions: positions.len(),
        nodes,
        search_ms,
        time_to_depth_ms: time_to_depth,
    })
}

/// Runs the benchmark and prints one line per game.
pub fn run_bench(args: &BenchArgs, out: &mut impl Write) -> Result<Vec<BenchLine>, ToolError> {
    let games = if args.games.is_empty() {
        GameKind::ALL.to_vec()
    } else {
        args.games.clone()
    };
    let mut lines = Vec::new();
    for kind in games {
        let (perft, depth) = default_depths(kind);
        let line = bench_game(
            kind,
            &args.engine,
            args.perft_depth.unwrap_or(perft),
            args.depth.unwrap_or(depth),
        )?;
        writeln!(out, "{}", line.summary())?;
        out.flush()?;
        lines.push(line);
    }
    if args.json {
        for l in &lines {
            let j = serde_json::to_string(l).map_err(|e| ToolError::Usage(e.to_string()))?;
            writeln!(out, "{j}")?;
        }
    }
    Ok(lines)
}

/// Runs `bench` from the command line.
pub fn run_cli(args: BenchArgs) -> Result<(), ToolError> {
    let stdout = std::io::stdout();
    run_bench(&args, &mut stdout.lock()).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_bench_prints_one_line_per_game_with_exact_perft_counts() {
        let args = BenchArgs {
            games: vec![GameKind::Kalah, GameKind::Jungle],
            engine: "pvs".into(),
            perft_depth: Some(2),
            depth: Some(2),
            json: false,
        };
        let mut out = Vec::new();
        let lines = run_bench(&args, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
        // The count is the rules crate's own perft from the start.
        let mut k = AnyGame::start(GameKind::Kalah, Vec::<(String, String)>::new()).unwrap();
        assert_eq!(lines[0].perft_leaves, k.perft(2));
        assert!(lines.iter().all(|l| l.positions == 3 && l.nodes > 0));
        assert!(lines.iter().all(|l| l.time_to_depth_ms.len() <= 2));
        assert!(text.starts_with("kalah"), "{text}");
    }

    #[test]
    fn the_positions_are_the_same_every_time() {
        let a: Vec<String> = positions(GameKind::SholoGuti)
            .unwrap()
            .iter()
            .map(AnyGame::position_text)
            .collect();
        let b: Vec<String> = positions(GameKind::SholoGuti)
            .unwrap()
            .iter()
            .map(AnyGame::position_text)
            .collect();
        assert_eq!(a, b);
        assert_eq!(a.len(), 3);
        assert_ne!(a[0], a[1]);
    }
}
