//! Game records as text: export of a stored or live game, and import of a finished one.
//!
//! The format itself (tags, moves, result) is [`chaupal_rules::record`]; this module fills it
//! from the server's games and checks imported records against the rules before storing them.

use chaupal_rules::record::{Record, date_of};
use chaupal_rules::{AnyGame, Side};
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameId, GameStatus, GameSummary, PlayerId, ResultReason, RulePair,
};

use crate::store::{NewGame, Store, StoredSeat};

/// The record of a game as text.
pub fn record_text(
    summary: &GameSummary,
    start_position: Option<String>,
    moves: &[String],
) -> String {
    let name = |i: usize| summary.seats[i].name.clone();
    let (result, termination) = match (summary.status, summary.result) {
        (GameStatus::Finished, Some(r)) => (r.token().to_owned(), Some(r.reason.name().to_owned())),
        _ => ("*".to_owned(), None),
    };
    Record {
        kind: summary.kind,
        rules: summary.rules.clone(),
        start_position,
        first: name(0),
        second: name(1),
        clock: summary.clock,
        rated: summary.rated,
        date: Some(date_of(summary.started_at_ms)),
        result,
        termination,
        moves: moves.to_vec(),
        extra: vec![("Id".to_owned(), summary.game.0.to_string())],
    }
    .to_text()
}

fn bad(reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(ErrorCode::BadRecord, reason)
}

/// Reads a record, replays its moves under its rules, and stores it as a finished game.
pub async fn import(store: &Store, text: &str, importer: PlayerId) -> Result<GameId, ErrorReply> {
    let record = Record::parse(text).map_err(|e| bad(e.to_string()))?;
    let pairs: Vec<(&str, &str)> = record
        .rules
        .iter()
        .map(|r| (r.key.as_str(), r.value.as_str()))
        .collect();
    let start = match &record.start_position {
        Some(p) => {
            AnyGame::from_position_text(record.kind, p, pairs).map_err(|e| bad(e.to_string()))?
        }
        None => AnyGame::start(record.kind, pairs).map_err(|e| bad(e.to_string()))?,
    };
    let mut game = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (i, mv) in record.moves.iter().enumerate() {
        let canonical = game
            .play_text(mv)
            .map_err(|e| bad(format!("move {} ('{mv}'): {e}", i + 1)))?;
        moves.push(canonical);
    }
    let winner = match record.result.as_str() {
        "1-0" => Some(Side::First),
        "0-1" => Some(Side::Second),
        _ => None,
    };
    // The rules decide when they ended the game; otherwise the record's word stands.
    let reason = match (game.outcome(), record.termination.as_deref()) {
        (Some(outcome), _) => {
            if outcome.winner() != winner {
                return Err(bad(format!(
                    "the moves end the game as {}, not {}",
                    match outcome.winner() {
                        Some(Side::First) => "1-0",
                        Some(Side::Second) => "0-1",
                        None => "1/2-1/2",
                    },
                    record.result
                )));
            }
            Some(ResultReason::Rules(outcome.reason()).name().to_owned())
        }
        (None, Some(t)) => Some(
            ResultReason::from_name(t)
                .ok_or_else(|| bad(format!("unknown termination '{t}'")))?
                .name()
                .to_owned(),
        ),
        (None, None) if record.result == "*" => Some(ResultReason::Aborted.name().to_owned()),
        (None, None) => None,
    };
    let rules: Vec<RulePair> = record.rules.clone();
    let seat = |name: &str| StoredSeat {
        player: None,
        engine: None,
        name: name.to_owned(),
    };
    let new = NewGame {
        kind: record.kind,
        rules,
        start_position: record.start_position.clone(),
        clock: record.clock,
        rated: false,
        mode: "imported".to_owned(),
        creator: Some(importer),
        seats: [seat(&record.first), seat(&record.second)],
        started_ms: crate::now_ms(),
    };
    let game = store
        .import_game(&new, &moves, winner, reason.as_deref(), crate::now_ms())
        .await?;
    Ok(game)
}
