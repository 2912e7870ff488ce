//! The records at the end of a run, read back through the protocol (`get_record`), the way any
//! client would, from whichever node answers.

use std::collections::BTreeMap;
use std::time::Duration;

use chaupal_shared::protocol::{ErrorCode, GameId, GameStatus, Reply, Request};
use tokio::time::Instant;

use super::check::Stored;
use super::session::{Answer, Session};

/// The record of each game, asked through `session`; a game whose record cannot be read within
/// `patience` is left out (the checker then reports it missing).
pub async fn read_records(
    session: &mut Session,
    games: &[GameId],
    patience: Duration,
) -> BTreeMap<GameId, Stored> {
    let mut out = BTreeMap::new();
    for &game in games {
        let deadline = Instant::now() + patience;
        while Instant::now() < deadline {
            match session
                .request(Request::GetRecord {
                    game,
                    key: session.key(game),
                })
                .await
            {
                Answer::Reply(Reply::Record { summary, moves, .. }) => {
                    out.insert(
                        game,
                        Stored {
                            moves,
                            finished: summary.status == GameStatus::Finished,
                            result: summary.result,
                        },
                    );
                    break;
                }
                Answer::Error(e) if e.code == ErrorCode::NoSuchGame => break,
                _ => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
    }
    out
}
