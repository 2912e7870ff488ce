//! What the server says about a finished game: its record, and its review as it is made.

use chaupal_rules::AnyGame;
use chaupal_rules::review::GameReview;
use chaupal_shared::protocol::GameResult;

use crate::app::App;
use crate::app::Event;
use crate::app::Outgoing;
use crate::play::Ending;
use crate::words::Phrase;

/// What happens outside the app about a finished game.
#[derive(Clone, Debug)]
pub enum ReplayEvent {
    /// A finished game's record, to replay.
    Record(Box<Record>),
    /// A review this client asked for is under way: `analysed` of `total` positions done.
    ReviewProgress {
        game: u64,
        analysed: u32,
        total: u32,
    },
    /// A review this client asked for.
    Review(Box<GameReview>),
    /// The server made no review of `game`: why, in words.
    ReviewFailed { game: u64, text: Phrase },
}

impl From<ReplayEvent> for Event {
    fn from(event: ReplayEvent) -> Self {
        Event::Replay(event)
    }
}

/// A finished game's record.
#[derive(Clone, Debug)]
pub struct Record {
    /// The server's number for the game.
    pub id: u64,
    pub start: AnyGame,
    /// The moves, in notation.
    pub moves: Vec<String>,
    /// The players' names, by `Side::index`.
    pub names: [Phrase; 2],
    /// The result, when there is one.
    pub result: Option<GameResult>,
    /// Whether this player played it (held a seat).
    pub played: bool,
    /// A private game's watch key (none: a public game).
    pub watch_key: Option<String>,
}

impl App {
    /// Takes in an event about a finished game.
    pub(in crate::app) fn apply_replay(&mut self, event: ReplayEvent) -> Vec<Outgoing> {
        match event {
            ReplayEvent::Record(record) => {
                self.links.link = None;
                let Record {
                    id,
                    start,
                    moves,
                    names,
                    result,
                    played,
                    watch_key,
                } = *record;
                self.open_record(id, start, &moves, names, result.map(Ending::Result));
                if let Some(r) = self.replay.as_mut().filter(|r| r.game == Some(id)) {
                    r.played = played;
                    r.watch_key = watch_key;
                }
            }
            ReplayEvent::ReviewProgress {
                game,
                analysed,
                total,
            } => self.review_progress(game, analysed, total),
            ReplayEvent::Review(review) => self.review_arrived(*review),
            ReplayEvent::ReviewFailed { game, text } => self.review_failed(game, text),
        }
        Vec::new()
    }
}
