//! What a player does in a game: the board (taps, drags, looking back), the offers, resigning,
//! the hint, the result card.

use crate::geometry::CellName;

/// What a player does in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameAction {
    Cell(CellName),
    /// The mouse button or a finger went down on a cell: it picks up a piece (or enters a move,
    /// as a click does).
    Press(CellName),
    /// The button or finger came up, on a cell or off the board: on another cell than the one
    /// pressed, the piece picked up is dropped there.
    Release(Option<CellName>),
    /// Looks at the position after this many moves, in the game being played (the moves
    /// played so far: back to the present).
    LookAt(usize),
    /// Looks one move further or back.
    LookStep(isize),
    /// Back to the position as it stands.
    LookPresent,
    StopChain,
    Flip,
    /// Opens (true) or closes the menu of the game's other actions (a phone's `More`).
    Menu(bool),
    Resign,
    /// Keeps playing after a first click on Resign.
    CancelResign,
    OfferDraw,
    /// Goes berserk in an arena's game: half one's clock for a point more on a win.
    Berserk,
    /// Accepts the opponent's offer (draw, takeback or rematch).
    AcceptOffer,
    /// Declines the opponent's offer.
    DeclineOffer,
    Takeback,
    Rematch,
    Hint,
    /// Asks the engine about the position on the screen (game or replay).
    Analyse,
    /// Puts the result card aside to look at the final position.
    HideResult,
    ToLobby,
}

impl From<GameAction> for crate::app::Action {
    fn from(action: GameAction) -> Self {
        crate::app::Action::Game(action)
    }
}
