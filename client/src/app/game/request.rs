//! What the game on the screen asks of the server: a move, resigning, the offers and their
//! answers, a hint, the engine's view of a position, leaving, the game whole again.

use chaupal_rules::GameKind;

use crate::app::lobby::EnginePick;

use crate::app::Outgoing;

/// What the app asks of the server about the game on the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRequest {
    /// Plays `notation` in the game followed, after its first `ply` moves (the position the
    /// player saw): a move that reaches the server after the game moved on is refused.
    Move {
        notation: String,
        ply: u32,
    },
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Takeback,
    AcceptTakeback,
    DeclineTakeback,
    OfferRematch,
    AcceptRematch,
    DeclineRematch,
    Hint,
    /// Asks `engine` about the position after `moves`.
    Analyse {
        kind: GameKind,
        rules: Vec<(String, String)>,
        moves: Vec<String>,
        engine: EnginePick,
    },
    Leave,
    /// Asks for the game on the screen whole again: the board here went out of step with the
    /// server's.
    Resync,
}

impl From<GameRequest> for Outgoing {
    fn from(request: GameRequest) -> Self {
        Outgoing::Game(request)
    }
}
