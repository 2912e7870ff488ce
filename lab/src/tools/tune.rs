//! `chaupal tune`: the genetic algorithm over a game's evaluation weights, with a
//! progress bar; the best weights go to a JSON file that `--weights`/`@w=FILE` and the server
//! (`weights/GAME.json`) load.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chaupal_rules::{AnyGame, GameKind};

use super::ToolError;
use super::bars::progress_bar;
use super::setup::set_up_game;
use crate::research::arena::Openings;
use crate::research::tune::{TuneResult, TuneSettings, best_weights, tune, vector_weights};
use chaupal_engine::SearchLimits;
use chaupal_engine::engine_config::EngineConfig;
use chaupal_engine::weights::{Tunable, file_json, flatten, weights_to_json};

/// The command line of `tune`.
#[derive(Clone, Debug, clap::Args)]
pub struct TuneCli {
    /// The game: baghchal, kalah, jungle or sholo-guti.
    pub game: GameKind,
    /// Candidates per generation.
    #[arg(long, default_value_t = 8)]
    pub population: usize,
    #[arg(long, default_value_t = 6)]
    pub generations: usize,
    /// Games of each candidate against the hand-set weights per generation (both colours).
    #[arg(long, default_value_t = 8)]
    pub games_per_match: u32,
    /// Candidates kept unchanged into the next generation.
    #[arg(long, default_value_t = 2)]
    pub elite: usize,
    /// Candidates drawn per tournament selection.
    #[arg(long, default_value_t = 3)]
    pub tournament: usize,
    /// Chance that a weight of a child mutates.
    #[arg(long, default_value_t = 0.3)]
    pub mutation_rate: f64,
    /// A mutation's typical size, as a share of the weight.
    #[arg(long, default_value_t = 0.25)]
    pub mutation_scale: f64,
    /// The engine the candidates play with (their evaluation replaced by the candidate's).
    #[arg(long, default_value = "pvs")]
    pub engine: String,
    /// Search depth of the games (the default keeps them fast).
    #[arg(long, default_value_t = 3)]
    pub depth: u32,
    /// A rule option, KEY=VALUE (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// How games begin: `none` or `random:K`.
    #[arg(long, default_value = "random:4")]
    pub openings: String,
    #[arg(long, default_value_t = 300)]
    pub max_plies: u32,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where the best weights are written (JSON).
    #[arg(long, default_value = "tuned.json")]
    pub out: PathBuf,
}

/// Runs `tune` from the command line.
pub fn run_cli(cli: TuneCli) -> Result<(), ToolError> {
    let stdout = std::io::stdout();
    run_tune(&cli, true, &mut stdout.lock()).map(|_| ())
}

/// Runs the tuner, prints a line per generation and writes the best weights.
pub fn run_tune(
    cli: &TuneCli,
    progress: bool,
    out: &mut impl Write,
) -> Result<TuneResult, ToolError> {
    let mut engine =
        EngineConfig::parse(&cli.engine).map_err(|e| ToolError::Usage(e.to_string()))?;
    engine.limits = SearchLimits {
        depth: Some(cli.depth),
        time: None::<Duration>,
        nodes: None,
    };
    let settings = TuneSettings {
        population: cli.population,
        generations: cli.generations,
        games_per_match: cli.games_per_match.max(2),
        elite: cli.elite,
        tournament: cli.tournament,
        mutation_rate: cli.mutation_rate,
        mutation_scale: cli.mutation_scale,
        engine,
        openings: Openings::parse(&cli.openings).map_err(ToolError::Usage)?,
        max_plies: cli.max_plies,
        threads: cli.threads.max(1),
        seed: cli.seed,
    };
    let any = set_up_game(cli.game, &cli.rules, None, None)?;
    match &any {
        AnyGame::BaghChal(g) => typed(g, cli, &settings, progress, out),
        AnyGame::Kalah(g) => typed(g, cli, &settings, progress, out),
        AnyGame::Jungle(g) => typed(g, cli, &settings, progress, out),
        AnyGame::SholoGuti(g) => typed(g, cli, &settings, progress, out),
    }
}

fn typed<G: Tunable>(
    start: &G,
    cli: &TuneCli,
    settings: &TuneSettings,
    progress: bool,
    out: &mut impl Write,
) -> Result<TuneResult, ToolError> {
    let games = settings.population.max(2) as u64
        * u64::from(settings.games_per_match.div_ceil(2) * 2)
        * settings.generations.max(1) as u64;
    let bar = progress_bar(games, progress, "games");
    let cancel = AtomicBool::new(false);
    let mut lines = Vec::new();
    let names = tune_names::<G>();
    let mut saved = Ok(());
    let mut written = Ok(());
    let result = tune(start, settings, &cancel, &|_| bar.inc(1), &mut |g| {
        // The pick so far goes to the file after every generation: a run stopped early
        // leaves its best.
        if saved.is_ok() {
            saved = write_weights::<G>(&cli.out, &vector_weights::<G>(&names, &g.pick));
        }
        let best = g.fitness.first().copied().unwrap_or(0.0);
        let best_games = g.games.first().copied().unwrap_or(0);
        let mean = g.this_match.iter().sum::<f64>() / g.this_match.len().max(1) as f64;
        let line = format!(
            "generation {}: pick {:.1}% over {} games, top {:.1}% over {best_games}, \
             this match's mean {:.1}% against the hand-set weights",
            g.number + 1,
            100.0 * g.pick_fitness,
            g.pick_games,
            100.0 * best,
            100.0 * mean
        );
        if bar.is_hidden() {
            // No bar (a log file): each line at once, not only at the end.
            if written.is_ok() {
                written = writeln!(out, "{line}");
            }
        } else {
            bar.println(&line);
            lines.push(line);
        }
    });
    written?;
    bar.finish_and_clear();
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    saved?;
    write_weights::<G>(&cli.out, &best_weights::<G>(&result))?;
    let width = result.names.iter().map(String::len).max().unwrap_or(6) + 2;
    writeln!(out, "{:<width$}hand-set      best", "weight")?;
    for ((name, h), b) in result.names.iter().zip(&result.hand_set).zip(&result.best) {
        writeln!(out, "{name:<width$}{h:>8}{b:>10}")?;
    }
    writeln!(
        out,
        "best fitness {:.1}% over {} games against the hand-set weights (pooled over the \
         generations it played; biased upwards by selection, check it with arena); wrote {}",
        100.0 * result.best_fitness,
        result.best_games,
        cli.out.display()
    )?;
    writeln!(
        out,
        "check it: chaupal-server arena {} --engines {}@d{}@w={},{}@d{} --games 400 --seed {}",
        G::KIND.name(),
        cli.engine,
        cli.depth,
        cli.out.display(),
        cli.engine,
        cli.depth,
        // Tuning drew its openings with seeds seed + 1 + 1000 k; this one is none of them.
        cli.seed.wrapping_add(500)
    )?;
    Ok(result)
}

/// The names of game `G`'s tunable weights, in the tuner's order.
fn tune_names<G: Tunable>() -> Vec<String> {
    flatten(&weights_to_json::<G>(&G::default_weights()))
        .into_iter()
        .map(|(n, _)| n)
        .collect()
}

/// Writes a weights file (creating its directory).
fn write_weights<G: Tunable>(path: &Path, weights: &G::Weights) -> Result<(), ToolError> {
    let json = serde_json::to_string_pretty(&file_json::<G>(weights))
        .map_err(|e| ToolError::Usage(e.to_string()))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, json + "\n")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chaupal_rules::kalah::Kalah;

    use super::*;
    use chaupal_engine::weights::load;

    #[test]
    fn a_tiny_run_prints_each_generation_and_writes_a_file_the_ai_loads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out").join("kalah.json");
        let cli = TuneCli {
            game: GameKind::Kalah,
            population: 3,
            generations: 2,
            games_per_match: 2,
            elite: 1,
            tournament: 2,
            mutation_rate: 0.5,
            mutation_scale: 0.25,
            engine: "alphabeta".to_owned(),
            depth: 1,
            rules: vec!["pits=4".to_owned(), "seeds=3".to_owned()],
            openings: "random:2".to_owned(),
            max_plies: 200,
            threads: 1,
            seed: 9,
            out: path.clone(),
        };
        let mut printed = Vec::new();
        let result = run_tune(&cli, false, &mut printed).unwrap();
        let text = String::from_utf8(printed).unwrap();
        assert!(text.contains("generation 1: pick"), "{text}");
        assert!(text.contains("generation 2: pick"), "{text}");
        let loaded = load::<Kalah>(&path).unwrap();
        let flat: Vec<i64> = flatten(&weights_to_json::<Kalah>(&loaded))
            .into_iter()
            .map(|(_, x)| x)
            .collect();
        assert_eq!(flat, result.best);
    }
}
