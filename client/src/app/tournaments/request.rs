//! What the tournament screens ask of the server: the list, a tournament's view (followed
//! until closed), entering, pausing, leaving, a page of the standings, a new arena.

use chaupal_shared::protocol::tournaments::TournamentSetup;

use crate::app::Outgoing;

/// What the app asks of the server about tournaments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRequest {
    List,
    /// The view of a tournament, and its news from then on.
    Open {
        id: u64,
        code: Option<String>,
    },
    /// No more news of this tournament (one's own pairings still come).
    Close(u64),
    Join {
        id: u64,
        code: Option<String>,
    },
    Pause(u64),
    Leave(u64),
    Standings {
        id: u64,
        page: u32,
    },
    Create(Box<TournamentSetup>),
}

impl From<TournamentRequest> for Outgoing {
    fn from(request: TournamentRequest) -> Self {
        Outgoing::Tournament(request)
    }
}
