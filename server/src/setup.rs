//! The checks of a game's set-up, before anything is stored: its rules and start position,
//! its clock or its days a move, the AI engines it names and whether it may be rated. A set-up that fails gets
//! `bad_rules` or `bad_setup` with the reason. Matchmaking checks every game it starts (and
//! every seek it reloads); analysis requests check their engine here too.

use chaupal_engine::engine_config::{Algorithm, EngineConfig};
use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::protocol::echo::{about, echo};
use chaupal_shared::protocol::{
    ClockSpec, Correspondence, Engine, ErrorCode, ErrorReply, GameSetup, Opponent,
};

use crate::config::{Limits, MAX_CLOCK_MS};

/// The deepest fixed depth a named engine may be asked for.
const MAX_ENGINE_DEPTH: u32 = 64;

fn bad(code: ErrorCode, reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(code, reason)
}

/// Checks a game set-up and returns its start position.
pub fn check_setup(setup: &GameSetup, limits: &Limits) -> Result<AnyGame, ErrorReply> {
    let pairs: Vec<(&str, &str)> = setup
        .rules
        .iter()
        .map(|r| (r.key.as_str(), r.value.as_str()))
        .collect();
    let start = AnyGame::start(setup.game, pairs).map_err(|e| {
        bad(
            ErrorCode::BadRules,
            about(&e.to_string(), &rule_text(setup)),
        )
    })?;
    let start = match &setup.position {
        None => start,
        Some(_) if setup.rated => {
            return Err(bad(
                ErrorCode::BadSetup,
                "a game from a position is never rated",
            ));
        }
        Some(text) => {
            let from =
                AnyGame::from_position_text(setup.game, text, start.rule_pairs()).map_err(|e| {
                    bad(
                        ErrorCode::BadSetup,
                        about(&format!("the position: {e}"), text),
                    )
                })?;
            if from.outcome().is_some() {
                return Err(bad(ErrorCode::BadSetup, "the position is already over"));
            }
            from
        }
    };
    if let Some(clock) = setup.clock {
        check_clock(clock)?;
    }
    if let Some(pace) = setup.correspondence {
        check_correspondence(setup, pace)?;
    }
    let check = |e: &Engine| check_engine(setup.game, e, limits.ai_move_ms);
    match &setup.opponent {
        Opponent::Open | Opponent::Private => {}
        Opponent::Local | Opponent::Exhibition { .. } if setup.rated => {
            return Err(bad(
                ErrorCode::BadSetup,
                "local games and exhibitions are never rated",
            ));
        }
        Opponent::Local => {}
        Opponent::Ai { engine } => {
            check(engine)?;
            if setup.rated && !matches!(engine, Engine::Level { .. }) {
                return Err(bad(
                    ErrorCode::BadSetup,
                    "only games against an AI level are rated",
                ));
            }
        }
        Opponent::Exhibition { first, second } => {
            check(first)?;
            check(second)?;
        }
    }
    Ok(start)
}

/// The rule pairs a set-up names, as one text (what a refusal of them may repeat).
fn rule_text(setup: &GameSetup) -> String {
    let texts: Vec<&str> = setup
        .rules
        .iter()
        .flat_map(|r| [r.key.as_str(), r.value.as_str()])
        .collect();
    texts.join("\n")
}

/// Checks that an engine can play `kind`: a level 1 to 8, or a named engine
/// (`ALGORITHM[:EVALUATION]`, see `--engine help`) whose evaluation exists for this game, with a
/// depth of 1 to [`MAX_ENGINE_DEPTH`] and a time of 1 to `max_time_ms` milliseconds per move.
/// A bad engine is refused here, when the game is set up, with `bad_setup` and the reason.
pub fn check_engine(kind: GameKind, engine: &Engine, max_time_ms: u64) -> Result<(), ErrorReply> {
    let (name, depth, time_ms) = match engine {
        Engine::Level { level } if (1..=8).contains(level) => return Ok(()),
        Engine::Level { level } => {
            return Err(bad(
                ErrorCode::BadSetup,
                format!("no AI level {level}: levels are 1 to 8"),
            ));
        }
        Engine::Named {
            name,
            depth,
            time_ms,
        } => (name, *depth, *time_ms),
    };
    let known = || {
        Algorithm::ALL
            .iter()
            .map(|a| a.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if name.is_empty() || name.len() > 32 {
        return Err(bad(
            ErrorCode::BadSetup,
            format!("an engine name is 1 to 32 bytes: one of {}", known()),
        ));
    }
    let config = EngineConfig::parse(name).map_err(|_| {
        bad(
            ErrorCode::BadSetup,
            format!("no engine '{}': the engines are {}", echo(name), known()),
        )
    })?;
    if let Some(eval) = &config.eval
        && !chaupal_engine::evaluations(kind)
            .iter()
            .any(|e| e.is_called(eval))
    {
        let evals: Vec<&str> = chaupal_engine::evaluations(kind)
            .iter()
            .map(|e| e.name)
            .collect();
        return Err(bad(
            ErrorCode::BadSetup,
            format!(
                "no evaluation '{eval}' for {kind}: the evaluations are {}",
                evals.join(", ")
            ),
        ));
    }
    if depth.is_some_and(|d| d == 0 || d > MAX_ENGINE_DEPTH) {
        return Err(bad(
            ErrorCode::BadSetup,
            format!("an engine's depth is 1 to {MAX_ENGINE_DEPTH}"),
        ));
    }
    if time_ms.is_some_and(|t| t == 0 || t > max_time_ms) {
        return Err(bad(
            ErrorCode::BadSetup,
            format!("an engine's time per move is 1 to {max_time_ms} ms on this server"),
        ));
    }
    Ok(())
}

/// A correspondence game: a pace the server offers, no clock, two players or one against the
/// AI; without a limit only between friends or against the AI, and never rated.
fn check_correspondence(setup: &GameSetup, pace: Correspondence) -> Result<(), ErrorReply> {
    if !pace.is_offered() {
        return Err(bad(
            ErrorCode::BadSetup,
            "a correspondence game has 1, 2, 3, 5, 7 or 14 days a move, or no limit",
        ));
    }
    if setup.clock.is_some() {
        return Err(bad(
            ErrorCode::BadSetup,
            "a correspondence game has days a move, not a clock",
        ));
    }
    match (&setup.opponent, pace.days) {
        (Opponent::Local | Opponent::Exhibition { .. }, _) => Err(bad(
            ErrorCode::BadSetup,
            "correspondence games are between two players, or against the AI",
        )),
        (Opponent::Open, None) => Err(bad(
            ErrorCode::BadSetup,
            "a seek has days a move: games without a limit are for friends and the AI",
        )),
        (_, None) if setup.rated => Err(bad(
            ErrorCode::BadSetup,
            "a game without a limit is never rated",
        )),
        _ => Ok(()),
    }
}

fn check_clock(clock: ClockSpec) -> Result<(), ErrorReply> {
    if clock.initial_ms == 0 || clock.initial_ms > MAX_CLOCK_MS {
        return Err(bad(
            ErrorCode::BadSetup,
            "the initial time is more than 0 and at most a day",
        ));
    }
    if clock.increment_ms > 3_600_000 {
        return Err(bad(ErrorCode::BadSetup, "the increment is at most an hour"));
    }
    Ok(())
}
