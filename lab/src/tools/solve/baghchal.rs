//! `chaupal solve baghchal --tablebase DIR`: the value of a Bagh Chal position with perfect
//! play, read from the solved databases of `DIR` (`baghchal.tb`, and for a position with goats
//! still in hand its placement layers, `chaupal tablebase baghchal --placement`).
//!
//! It prints an `info` line naming the databases, a `move TEXT VALUE` line for each legal move
//! (its value for its mover, the best first), `best-moves` (every move that keeps the value),
//! `pv` (a line of best play: the fastest win, the slowest loss, the first drawing move), and
//! last `value VALUE` for the side to move. A VALUE is `win N` or `loss N` (N plies to the end
//! of the game with best play, when the database keeps distances; `win` or `loss` alone when it
//! does not) or `draw`. Values are those of `repetition=draw`: endless play is a draw.
//!
//! `--mistakes PLIES` then follows every line on which both sides keep the value, ply by ply,
//! and prints for each ply the distinct positions reached, the moves that keep the value and
//! the moves that lose it (with one for example): where the first losing move of each side
//! can come.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use chaupal_engine::perfect::Tablebases;
use chaupal_engine::perfect::baghchal::BaghChalTb;
use chaupal_engine::perfect::baghchal::placement::{PlacementTb, PlacementValue};
use chaupal_engine::perfect::tablebase::{Tablebase, Wdl};
use chaupal_rules::baghchal::{BaghChal, Move};
use chaupal_rules::{AnyGame, Game, GameKind};

use crate::tools::ToolError;
use crate::tools::setup::PositionArgs;

/// What `solve baghchal` was asked to do.
#[derive(Clone, Debug, Default)]
pub struct SolveBaghChalArgs {
    pub setup: PositionArgs,
    /// The directory of the databases.
    pub tablebase: PathBuf,
    /// Longest principal variation printed.
    pub pv_plies: usize,
    /// Plies to follow the value-keeping lines for, counting the moves that lose value (0:
    /// none).
    pub mistakes: u32,
}

/// The databases a solve reads.
struct Solved {
    movement: Arc<BaghChalTb>,
    placement: Option<Arc<PlacementTb>>,
}

impl Solved {
    /// The value of `game` for the side to move; `None` where no database covers it.
    fn value(&self, game: &BaghChal) -> Result<Option<PlacementValue>, ToolError> {
        // The placement database answers for the movement phase too, from the one below it.
        Ok(match &self.placement {
            Some(tb) => tb.value(game)?,
            None => self
                .movement
                .value(game)
                .map(|(wdl, plies)| PlacementValue::new(wdl, plies)),
        })
    }

    /// Each legal move's value for its mover, the best first (of equal values, in the rules'
    /// order).
    fn move_values(&self, game: &BaghChal) -> Result<Vec<(Move, PlacementValue)>, ToolError> {
        let mut values = if game.goats_in_hand() == 0 {
            Tablebase::move_values(self.movement.as_ref(), game)
                .ok_or_else(|| uncovered(game))?
                .into_iter()
                .map(|(mv, wdl, plies)| (mv, PlacementValue::new(wdl, plies)))
                .collect()
        } else {
            let placement = self.placement.as_ref().ok_or_else(|| uncovered(game))?;
            placement
                .move_values(game)?
                .ok_or_else(|| uncovered(game))?
        };
        values.sort_by_key(|&(_, v)| std::cmp::Reverse(order(v)));
        Ok(values)
    }
}

/// How good a value is for its side: a win sooner, a draw, a loss later.
fn order(v: PlacementValue) -> (u8, i64) {
    let plies = i64::from(v.plies.unwrap_or(0));
    match v.wdl {
        Wdl::Win => (2, -plies),
        Wdl::Draw => (1, 0),
        Wdl::Loss => (0, plies),
    }
}

/// A value as the tool prints it: `win N`, `loss N`, `win`, `loss` or `draw`.
pub fn value_text(v: PlacementValue) -> String {
    match (v.wdl, v.plies) {
        (Wdl::Draw, _) => "draw".to_owned(),
        (Wdl::Win, Some(p)) => format!("win {p}"),
        (Wdl::Loss, Some(p)) => format!("loss {p}"),
        (Wdl::Win, None) => "win".to_owned(),
        (Wdl::Loss, None) => "loss".to_owned(),
    }
}

fn uncovered(game: &BaghChal) -> ToolError {
    ToolError::Usage(format!(
        "no database here covers {} (the databases are of one game's rules, with \
         repetition=draw; a position with goats in hand needs the placement layers: `chaupal \
         tablebase baghchal --placement --distances`)",
        game.position_text()
    ))
}

/// Prints the position's moves and value (see the module's comment) to `out`.
pub fn run_solve_baghchal(args: &SolveBaghChalArgs, out: &mut impl Write) -> Result<(), ToolError> {
    let AnyGame::BaghChal(game) = args.setup.set_up()? else {
        return Err(ToolError::Usage("not a Bagh Chal game".to_owned()));
    };
    let tbs = Tablebases::load_dir(&args.tablebase)?;
    let movement = tbs.baghchal.clone().ok_or_else(|| {
        ToolError::Usage(format!(
            "no baghchal.tb in {}: build it with `chaupal tablebase baghchal --out {}/baghchal.tb \
             --placement --distances`",
            args.tablebase.display(),
            args.tablebase.display()
        ))
    })?;
    let solved = Solved {
        placement: tbs.baghchal_placement.clone(),
        movement,
    };
    for file in &tbs.files {
        if file.game == GameKind::BaghChal {
            writeln!(
                out,
                "info tablebase {} ({})",
                file.path.display(),
                file.covers
            )?;
        }
    }
    if let Some(outcome) = game.outcome() {
        writeln!(out, "info the game is over")?;
        let value = match outcome.winner() {
            Some(w) if w == game.side_to_move() => PlacementValue::new(Wdl::Win, 0),
            Some(_) => PlacementValue::new(Wdl::Loss, 0),
            None => PlacementValue::new(Wdl::Draw, 0),
        };
        writeln!(out, "value {}", value_text(value))?;
        return Ok(());
    }
    let value = solved.value(&game)?.ok_or_else(|| uncovered(&game))?;
    let moves = solved.move_values(&game)?;
    for (mv, v) in &moves {
        writeln!(out, "move {} {}", game.move_text(*mv), value_text(*v))?;
    }
    let best: Vec<String> = moves
        .iter()
        .filter(|(_, v)| v.wdl == value.wdl)
        .map(|(mv, _)| game.move_text(*mv))
        .collect();
    writeln!(out, "best-moves {}", best.join(" "))?;
    let mut line = Vec::new();
    let mut g = game.clone();
    while line.len() < args.pv_plies && g.outcome().is_none() {
        let Some(&(mv, _)) = solved.move_values(&g)?.first() else {
            break;
        };
        line.push(g.move_text(mv));
        g.make(mv);
    }
    writeln!(out, "pv {}", line.join(" "))?;
    if args.mistakes > 0 {
        mistakes(&solved, &game, args.mistakes, out)?;
    }
    writeln!(out, "value {}", value_text(value))?;
    Ok(())
}

/// Follows every line from `game` on which both sides keep the value for `plies` plies, and
/// prints a line per ply: `mistakes ply P SIDE positions N keeping K losing L [e.g. LINE]`.
fn mistakes(
    solved: &Solved,
    game: &BaghChal,
    plies: u32,
    out: &mut impl Write,
) -> Result<(), ToolError> {
    // Each position reached, with one line that reaches it.
    let mut frontier: Vec<(BaghChal, Vec<String>)> = vec![(game.clone(), Vec::new())];
    for ply in 1..=plies {
        let mut next: HashMap<String, (BaghChal, Vec<String>)> = HashMap::new();
        let (mut keeping, mut losing) = (0u64, 0u64);
        let mut example = None;
        let side = frontier.first().map(|(g, _)| g.side_to_move());
        for (position, line) in &frontier {
            if position.outcome().is_some() {
                continue;
            }
            let values = solved.move_values(position)?;
            let Some(&(_, best)) = values.first() else {
                continue;
            };
            for (mv, value) in values {
                let mut moved = line.clone();
                moved.push(position.move_text(mv));
                if value.wdl == best.wdl {
                    keeping += 1;
                    let mut child = position.clone();
                    child.make(mv);
                    next.entry(child.position_text()).or_insert((child, moved));
                } else {
                    losing += 1;
                    example.get_or_insert(moved);
                }
            }
        }
        let who = match side {
            Some(chaupal_rules::Side::First) => "goats",
            _ => "tigers",
        };
        write!(
            out,
            "mistakes ply {ply} {who} positions {} keeping {keeping} losing {losing}",
            frontier.len()
        )?;
        match example {
            Some(line) => writeln!(out, " e.g. {}", line.join(" "))?,
            None => writeln!(out)?,
        }
        frontier = next.into_values().collect();
        frontier.sort_by(|a, b| a.1.cmp(&b.1));
    }
    Ok(())
}
