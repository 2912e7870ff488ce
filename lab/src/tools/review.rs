//! `chaupal review`: a game's review on the command line, as the server makes it
//! (`chaupal_engine::review`): one line per move,
//! `ply N move M value V best B loss L class C`, then `accuracy first A second B`.
//!
//! The game comes from `GAME --moves "..."` (with `--rule` and `--position`) or from a record
//! file (`--record FILE`, docs/NOTATION.md "Game records"). `value` is the value the move left,
//! for the side that moved: `cp:N`, `win:N` or `loss:N` (plies), `draw`, or Kalah's
//! `margin:N`; `loss` is the winning chance given away, in percentage points; `best` is `-`
//! where there was nothing to choose (the position after the move was the end).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use chaupal_engine::Engine;
use chaupal_engine::progress::Progress;
use chaupal_engine::review::{self, DEFAULT_BUDGET_MS, MAX_BUDGET_MS, ReviewError};
use chaupal_rules::AnyGame;
use chaupal_rules::record::Record;
use chaupal_rules::review::GameReview;
use chaupal_shared::protocol::{GameId, Score};

use super::ToolError;
use super::bars::Bars;
use super::setup::{PositionArgs, set_up_game};

/// The options of `chaupal review`.
// Here `--moves` are the moves reviewed, not played first: `game_of` sets up the start with
// `PositionArgs::start`.
#[derive(Clone, Debug, clap::Args)]
#[command(
    mut_arg("game", |a| a.required(false)
        .help("The game: baghchal, kalah, jungle or sholo-guti (not needed with --record)")),
    mut_arg("rules", |a| a.conflicts_with("record")
        .help("A rule option, KEY=VALUE (repeatable)")),
    mut_arg("position", |a| a.conflicts_with("record")
        .help("The start position, in the game's position notation (default: the usual start)")),
    mut_arg("moves", |a| a.conflicts_with("record")
        .help("The moves, in the game's notation, separated by spaces")),
)]
pub struct ReviewCli {
    #[command(flatten)]
    pub setup: PositionArgs,
    /// A game record file to review instead.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// What each position is searched for: the nodes an idle core searches in this many
    /// milliseconds (the server's default).
    #[arg(long, default_value_t = DEFAULT_BUDGET_MS,
          value_parser = clap::value_parser!(u64).range(1..=MAX_BUDGET_MS))]
    pub budget_ms: u64,
    /// A directory of solved databases (as `bestmove --tablebase`): exact verdicts where they
    /// reach.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// The game to review: its start and its moves.
pub fn game_of(args: &ReviewCli) -> Result<(AnyGame, Vec<String>), ToolError> {
    if let Some(path) = &args.record {
        let text = std::fs::read_to_string(path)
            .map_err(|e| ToolError::Usage(format!("cannot read {}: {e}", path.display())))?;
        let record = Record::parse(&text).map_err(|e| {
            ToolError::Usage(format!("{} is not a game record: {e}", path.display()))
        })?;
        if args.setup.game.is_some_and(|g| g != record.kind) {
            return Err(ToolError::Usage(format!(
                "{} is a record of {}",
                path.display(),
                record.kind
            )));
        }
        let rules: Vec<String> = record
            .rules
            .iter()
            .map(|r| format!("{}={}", r.key, r.value))
            .collect();
        let start = set_up_game(record.kind, &rules, record.start_position.as_deref(), None)?;
        return Ok((start, record.moves));
    }
    if args.setup.game.is_none() {
        return Err(ToolError::Usage(
            "review needs a GAME and --moves, or --record".to_owned(),
        ));
    }
    let moves = args.setup.moves.as_deref().ok_or_else(|| {
        ToolError::Usage("review needs --moves \"...\" (or --record FILE)".to_owned())
    })?;
    let start = args.setup.start()?;
    Ok((start, moves.split_whitespace().map(str::to_owned).collect()))
}

/// Reviews the game `args` names with `engine` and writes the lines to `out`.
pub fn run_review(
    args: &ReviewCli,
    engine: &Engine,
    out: &mut impl Write,
) -> Result<(), ToolError> {
    let (start, moves) = game_of(args)?;
    let bars = Bars;
    let meter = (!args.quiet).then(|| bars.stage("review", moves.len() as u64 + 1));
    let reviewed = review::review(
        engine,
        GameId(0),
        &start,
        &moves,
        args.budget_ms,
        &AtomicBool::new(false),
        &mut |done, _| {
            if let (Some(meter), true) = (&meter, done > 0) {
                meter.advance(1);
            }
        },
    );
    drop(meter);
    let reviewed = reviewed.map_err(|e| match e {
        ReviewError::IllegalMove {
            ply,
            played,
            reason,
        } => ToolError::Usage(format!("move {ply} ('{played}') is not legal: {reason}")),
        other => ToolError::Usage(other.to_string()),
    })?;
    write_review(&reviewed, out)
}

/// A value as the tool prints it: one word.
pub fn value_word(score: Score) -> String {
    match score {
        Score::Cp(n) => format!("cp:{n}"),
        Score::Win(n) => format!("win:{n}"),
        Score::Loss(n) => format!("loss:{n}"),
        Score::Draw => "draw".to_owned(),
        Score::Margin(n) => format!("margin:{n}"),
    }
}

/// The review's lines.
pub fn write_review(review: &GameReview, out: &mut impl Write) -> Result<(), ToolError> {
    for ply in &review.plies {
        writeln!(
            out,
            "ply {} move {} value {} best {} loss {:.1} class {}",
            ply.ply,
            ply.played,
            value_word(ply.after),
            ply.best.as_deref().unwrap_or("-"),
            ply.loss,
            ply.class.name()
        )?;
    }
    let accuracy = |a: Option<f64>| a.map_or("-".to_owned(), |a| format!("{a:.1}"));
    writeln!(
        out,
        "accuracy first {} second {}",
        accuracy(review.accuracy[0]),
        accuracy(review.accuracy[1])
    )?;
    Ok(())
}
