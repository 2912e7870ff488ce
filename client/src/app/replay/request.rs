//! What the replay asks of the server: a finished game's record and its review.

use crate::app::Outgoing;

/// What the app asks of the server about a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayRequest {
    /// Fetches a game's record, to replay it.
    Record(u64),
    /// Asks for a finished game's review.
    Review(u64),
}

impl From<ReplayRequest> for Outgoing {
    fn from(request: ReplayRequest) -> Self {
        Outgoing::Replay(request)
    }
}
