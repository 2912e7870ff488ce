//! Where the generator's positions come from: games from the server's records (record files,
//! docs/NOTATION.md "Game records", as `GET /games/ID.txt` or `get_record` gives them), and
//! games between AI levels played here.
//!
//! An AI game starts with a few random plies (so that games differ), then two levels drawn
//! from a range play it out as the server's AI seats would. Weaker levels make the mistakes
//! that leave a position with one good move; each game depends on the run's seed and its
//! number only.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use chaupal_engine::random::Rng;
use chaupal_engine::{Engine, EngineSpec, Memory, SearchLimits, SearchRequest};
use chaupal_rules::record::Record;
use chaupal_rules::{AnyGame, GameKind};

use crate::tools::ToolError;

/// A game to look through: where it starts and its moves.
#[derive(Clone, Debug)]
pub struct Source {
    pub start: AnyGame,
    pub moves: Vec<String>,
}

impl Source {
    /// Every position of the game before each move and at its end, in order.
    pub fn positions(&self) -> Vec<AnyGame> {
        let mut game = self.start.clone();
        let mut out = vec![game.clone()];
        for mv in &self.moves {
            if game.play_text(mv).is_err() {
                break;
            }
            out.push(game.clone());
        }
        out
    }
}

/// The longest AI game played: a game still going is stopped here.
const MAX_PLIES: u32 = 300;

/// AI game `n` of `kind`: `openings` random plies at most, then two levels from `levels`.
pub fn ai_game(
    engine: &Engine,
    kind: GameKind,
    n: u64,
    seed: u64,
    levels: (u8, u8),
    openings: u32,
) -> Result<Source, ToolError> {
    let mut rng = Rng::new(seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ kind as u64);
    let start = AnyGame::start(kind, Vec::<(String, String)>::new())?;
    let mut game = start.clone();
    let mut moves = Vec::new();
    let random_plies = rng.below(openings as usize + 1) as u32;
    let span = usize::from(levels.1.saturating_sub(levels.0)) + 1;
    let pair = [
        levels.0 + rng.below(span) as u8,
        levels.0 + rng.below(span) as u8,
    ];
    let mut memories = [Memory::default(), Memory::default()];
    let cancel = AtomicBool::new(false);
    for ply in 0..MAX_PLIES {
        if game.outcome().is_some() {
            break;
        }
        let mv = if ply < random_plies {
            let legal = game.legal_moves_text();
            legal[rng.below(legal.len())].clone()
        } else {
            let side = game.side_to_move().index();
            let request = SearchRequest::new(
                EngineSpec::Level(pair[side]),
                SearchLimits::default(),
                rng.next_u64(),
            );
            let result = engine
                .search(&game, &request, &mut memories[side], &cancel, &mut |_| {})
                .map_err(|e| ToolError::Usage(format!("{kind} AI game {n}: {e}")))?;
            match result.best_move {
                Some(mv) => mv,
                None => break,
            }
        };
        game.play_text(&mv).map_err(|source| ToolError::Move {
            index: ply as usize + 1,
            text: mv.clone(),
            source,
        })?;
        moves.push(mv);
    }
    Ok(Source { start, moves })
}

/// The games of record files: each path a record file, or a directory of them (`*.txt`), of
/// game `kind` only (records of other games are skipped).
pub fn records(paths: &[PathBuf], kind: GameKind) -> Result<Vec<Source>, ToolError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "txt"))
                .collect();
            entries.sort();
            files.extend(entries);
        } else {
            files.push(path.clone());
        }
    }
    let mut out = Vec::new();
    for file in files {
        let record = read_record(&file)?;
        if record.kind != kind {
            continue;
        }
        let pairs: Vec<(String, String)> = record
            .rules
            .iter()
            .map(|r| (r.key.clone(), r.value.clone()))
            .collect();
        let start = match &record.start_position {
            Some(text) => AnyGame::from_position_text(kind, text, pairs)?,
            None => AnyGame::start(kind, pairs)?,
        };
        out.push(Source {
            start,
            moves: record.moves,
        });
    }
    Ok(out)
}

fn read_record(path: &Path) -> Result<Record, ToolError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ToolError::Usage(format!("cannot read {}: {e}", path.display())))?;
    Record::parse(&text)
        .map_err(|e| ToolError::Usage(format!("{} is not a game record: {e}", path.display())))
}
