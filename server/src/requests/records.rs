//! Requests about the records: a player's finished games, a game's record as text (of a live
//! or a stored game), and importing a finished game from its record.
//!
//! The format itself (tags, moves, result) is [`chaupal_rules::record`]; this module fills it
//! from the server's games and checks imported records against the rules before storing them.

use chaupal_rules::record::{Record, date_of};
use chaupal_rules::{AnyGame, Side};
use chaupal_shared::protocol::echo::{about, echo};
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameId, GameStatus, GameSummary, PlayerId, ResultReason, RulePair,
    WatchKey,
};

use chaupal_shared::protocol::Reply;

use crate::room::RoomHandle;
use crate::sight;
use crate::store::{NewGame, Store, StoredSeat};

/// The most finished games one request lists.
const MAX_LIST: u32 = 100;

/// `finished_games`: `player`'s finished games, newest first, `limit` (1 to 100) of them from
/// before game `before`, as `asker` may see them (another's private games left out).
pub async fn finished_games(
    store: &Store,
    player: PlayerId,
    asker: PlayerId,
    limit: u32,
    before: Option<GameId>,
) -> Result<Reply, ErrorReply> {
    let rows = store
        .finished_games(player, asker, limit.clamp(1, MAX_LIST), before)
        .await?;
    Ok(Reply::Games {
        games: rows.iter().map(|r| r.summary()).collect(),
        more: 0,
    })
}

/// `get_record`: the record of a game, from its room while it is open here (`room`), else from
/// the records; a private game's only for those who may see it (`asker`, who presented
/// `key`).
pub async fn get_record(
    room: Option<RoomHandle>,
    store: &Store,
    game: GameId,
    asker: PlayerId,
    key: Option<&WatchKey>,
) -> Result<Reply, ErrorReply> {
    let row = store
        .game_row(game)
        .await?
        .ok_or_else(|| ErrorReply::new(ErrorCode::NoSuchGame, format!("no {game}")))?;
    sight::check(&row.setup, game, asker, key)?;
    let watch_key = row.setup.watch_key.clone();
    if let Some(room) = room
        && let Ok(view) = room.view().await
    {
        let text = record_text(&view.summary, view.start_position, &view.moves);
        return Ok(Reply::Record {
            summary: Box::new(view.summary),
            moves: view.moves,
            text,
            watch_key,
        });
    }
    let moves = store.moves(game).await?;
    let summary = row.summary();
    let text = record_text(&summary, row.setup.start_position.clone(), &moves);
    Ok(Reply::Record {
        summary: Box::new(summary),
        moves,
        text,
        watch_key,
    })
}

/// `import_record`.
pub async fn import_record(
    store: &Store,
    text: &str,
    importer: PlayerId,
) -> Result<Reply, ErrorReply> {
    Ok(Reply::Imported {
        game: import(store, text, importer).await?,
    })
}

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
        correspondence: summary.correspondence,
        rated: summary.rated,
        date: Some(date_of(summary.started_at_ms)),
        result,
        termination,
        moves: moves.to_vec(),
        extra: vec![("Id".to_owned(), summary.game.0.to_string())],
    }
    .to_text()
}

/// A refusal of the record `text`, for `reason` (which repeats the record only in short).
fn bad(reason: &str, text: &str) -> ErrorReply {
    ErrorReply::new(ErrorCode::BadRecord, about(reason, text))
}

/// Reads a record, replays its moves under its rules, and stores it as a finished game.
pub async fn import(store: &Store, text: &str, importer: PlayerId) -> Result<GameId, ErrorReply> {
    let record = Record::parse(text).map_err(|e| bad(&e.to_string(), text))?;
    let pairs: Vec<(&str, &str)> = record
        .rules
        .iter()
        .map(|r| (r.key.as_str(), r.value.as_str()))
        .collect();
    let start = match &record.start_position {
        Some(p) => AnyGame::from_position_text(record.kind, p, pairs)
            .map_err(|e| bad(&e.to_string(), text))?,
        None => AnyGame::start(record.kind, pairs).map_err(|e| bad(&e.to_string(), text))?,
    };
    let mut game = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (i, mv) in record.moves.iter().enumerate() {
        let canonical = game
            .play_text(mv)
            .map_err(|e| bad(&format!("move {} ('{}'): {e}", i + 1, echo(mv)), text))?;
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
                let reason = format!(
                    "the moves end the game as {}, not {}",
                    match outcome.winner() {
                        Some(Side::First) => "1-0",
                        Some(Side::Second) => "0-1",
                        None => "1/2-1/2",
                    },
                    record.result
                );
                return Err(bad(&reason, text));
            }
            Some(ResultReason::Rules(outcome.reason()).name().to_owned())
        }
        (None, Some(t)) => Some(
            ResultReason::from_name(t)
                .ok_or_else(|| bad(&format!("unknown termination '{t}'"), text))?
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
        correspondence: record.correspondence,
        rated: false,
        mode: "imported".to_owned(),
        creator: Some(importer),
        seats: [seat(&record.first), seat(&record.second)],
        started_ms: store.now_ms(),
        watch_key: None,
    };
    let game = store
        .import_game(&new, &moves, winner, reason.as_deref(), store.now_ms())
        .await?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::store::temporary;

    #[tokio::test]
    async fn an_imported_record_reads_back_with_its_moves_and_is_listed() {
        let (store, _dir) = temporary().await;
        let me = store.create_player("asha", "hash", 1).await.unwrap();
        let text =
            "[Game \"kalah\"]\n[First \"asha\"]\n[Second \"bina\"]\n[Result \"*\"]\n\n1. 3 6 *\n";
        let Reply::Imported { game } = import_record(&store, text, me).await.unwrap() else {
            panic!("not an import");
        };
        let Reply::Record {
            summary,
            moves,
            text,
            ..
        } = get_record(None, &store, game, me, None).await.unwrap()
        else {
            panic!("not a record");
        };
        assert_eq!(moves, ["3", "6"]);
        assert_eq!(summary.game, game);
        assert!(text.contains("[First \"asha\"]"), "{text}");
        let Reply::Games { games, .. } = finished_games(&store, me, me, 500, None).await.unwrap()
        else {
            panic!("not a list");
        };
        assert_eq!(games.iter().map(|g| g.game).collect::<Vec<_>>(), [game]);
    }

    #[tokio::test]
    async fn a_record_of_an_unknown_game_is_no_such_game() {
        let (store, _dir) = temporary().await;
        let e = get_record(None, &store, GameId(77), PlayerId(1), None)
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::NoSuchGame);
    }

    #[tokio::test]
    async fn an_illegal_move_in_an_imported_record_names_the_move() {
        let (store, _dir) = temporary().await;
        let me = store.create_player("asha", "hash", 1).await.unwrap();
        let text = "[Game \"baghchal\"]\n[Result \"*\"]\n\n1. c3 z9 *\n";
        let e = import_record(&store, text, me).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::BadRecord);
        assert!(e.reason.contains("move 2 ('z9')"), "{}", e.reason);
    }
}
