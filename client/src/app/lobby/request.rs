//! What the lobby asks of the server: a new game, joining one by its code, a seek accepted or
//! withdrawn, a game to watch or to sit back down at; and who the other seat is in a new game
//! ([`OpponentPick`]).

use chaupal_rules::GameKind;
use chaupal_shared::protocol::ClockSpec;

use crate::app::Outgoing;
use crate::app::lobby::EnginePick;
use crate::app::lobby::SidePick;

/// What the app asks of the server about the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyRequest {
    NewGame {
        kind: GameKind,
        rules: Vec<(String, String)>,
        side: SidePick,
        opponent: OpponentPick,
        clock: Option<ClockSpec>,
        /// Days a move for a correspondence game (none: a live game).
        correspondence: Option<chaupal_shared::protocol::Correspondence>,
        rated: bool,
        /// The position to start from, in the game's notation (none: the usual start).
        position: Option<String>,
    },
    JoinByCode(String),
    CancelSeek(u64),
    AcceptSeek(u64),
    /// Watches someone else's live game.
    Watch(u64),
    /// Sits back down at one's own live game.
    Resume(u64),
}

impl From<LobbyRequest> for Outgoing {
    fn from(request: LobbyRequest) -> Self {
        Outgoing::Lobby(request)
    }
}

/// Who the other seat is, for a new game on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentPick {
    /// Both seats for this player: two people at this computer.
    Local,
    Private,
    /// An open seek: anyone may accept.
    Open,
    Computer(EnginePick),
    /// The computer against itself.
    Exhibition(EnginePick),
}
