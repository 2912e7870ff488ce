//! What the game on the screen asks of the server: a move, resigning, the offers and their
//! answers, a hint, the engine's view of a position, leaving, the game whole again; and the
//! opponent's offers ([`Offer`]) with the requests that answer them.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::OfferKind;

use crate::app::Outgoing;
use crate::app::lobby::EnginePick;
use crate::say;
use crate::words::Phrase;

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
    /// Offers the opponent a draw or a rematch, or asks them for a takeback.
    Offer(OfferKind),
    /// Accepts (`accept`) or declines the opponent's offer of `kind`.
    Answer {
        kind: OfferKind,
        accept: bool,
    },
    Hint,
    /// Goes berserk (an arena's game).
    Berserk,
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

/// An offer the opponent made, for this player to accept or decline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    Draw,
    Takeback,
    Rematch,
}

impl From<OfferKind> for Offer {
    fn from(kind: OfferKind) -> Self {
        match kind {
            OfferKind::Draw => Offer::Draw,
            OfferKind::Takeback => Offer::Takeback,
            OfferKind::Rematch => Offer::Rematch,
        }
    }
}

impl Offer {
    /// The question the game panel asks about it: a draw and a rematch are offered, a
    /// takeback is asked for.
    pub fn question(self) -> Phrase {
        match self {
            Offer::Draw => say!("offer-draw"),
            Offer::Takeback => say!("offer-takeback"),
            Offer::Rematch => say!("offer-rematch"),
        }
    }

    /// The protocol's kind of offer it is.
    pub fn kind(self) -> OfferKind {
        match self {
            Offer::Draw => OfferKind::Draw,
            Offer::Takeback => OfferKind::Takeback,
            Offer::Rematch => OfferKind::Rematch,
        }
    }

    /// The request that accepts it.
    pub fn accept(self) -> Outgoing {
        Outgoing::Game(GameRequest::Answer {
            kind: self.kind(),
            accept: true,
        })
    }

    /// The request that declines it.
    pub fn decline(self) -> Outgoing {
        Outgoing::Game(GameRequest::Answer {
            kind: self.kind(),
            accept: false,
        })
    }
}
