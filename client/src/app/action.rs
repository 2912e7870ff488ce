//! What a player can do: the [`Action`]s the screens and the keyboard hand to
//! [`super::App::handle`].

use chaupal_rules::GameKind;
use chaupal_shared::protocol::puzzles::PuzzleMode;

use super::lobby::{PlayMode, SidePick};
use crate::field::Field;
use crate::geometry::CellName;
use crate::route::Route;
use crate::words::Language;

/// What a player can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    // Lobby.
    SelectGame(GameKind),
    CycleRule {
        index: usize,
        forward: bool,
    },
    SelectMode(PlayMode),
    SelectSide(SidePick),
    CycleLevel {
        forward: bool,
    },
    CycleEngine {
        forward: bool,
    },
    CycleDepth {
        forward: bool,
    },
    CycleMinutes {
        forward: bool,
    },
    CycleIncrement {
        forward: bool,
    },
    SetRated(bool),
    /// Plays by correspondence (true: days a move) or live (false).
    SetCorrespondence(bool),
    /// Steps through the paces of correspondence offered.
    CyclePace {
        forward: bool,
    },
    /// Opens one of this player's games in play, from the lobby's "My games".
    OpenMyGame(u64),
    /// Withdraws one of this player's seeks or invitations still waiting.
    CancelSeek(u64),
    /// Starts a game of the computer against itself, to watch.
    StartExhibition,
    /// Starts the game chosen in the lobby.
    Start,
    /// Creates a private game with an invite code.
    CreatePrivate,
    /// Joins a friend's game by the code typed.
    JoinByCode,
    TypeCode(char),
    EraseCode,
    AcceptSeek(u64),
    Watch(u64),
    /// Replays a finished game from the server.
    ReplayGame(u64),
    ShowRules(GameKind),
    PlayOffline,
    RetryNow,
    // This player.
    /// Opens the name field, with the name as it is.
    EditName,
    TypeName(char),
    EraseName,
    /// Keeps the name typed (sent to the server, remembered).
    SaveName,
    CancelName,
    /// Puts the keyboard's typing in a text field (none: nowhere).
    Focus(Option<Field>),
    /// A text field's whole text, as the phone's on-screen keyboard left it.
    SetText(Field, String),
    /// Where the caret or the selection is in the field that takes the typing (characters
    /// from the start).
    Select(Field, (usize, usize)),
    /// Sounds on or off (remembered).
    ToggleSound,
    /// Opens or closes the list of languages.
    ToggleLanguages,
    /// Puts the interface in this language (remembered).
    SetLanguage(Language),
    // In a game.
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
    /// Puts the board's keyboard cursor on this cell (none: takes it off the board).
    Cursor(Option<CellName>),
    /// Enter on the board: a click on the cell under the cursor.
    PickAtCursor,
    /// Escape on the board: lets go of the piece picked up, else takes the cursor away.
    LetGo,
    /// Enter in the move field: plays the move typed, or answers the request.
    PlayTyped,
    /// Tab put the keyboard on this button (its place among the frame's targets, and its
    /// label); none: on no button.
    KeyFocus(Option<(usize, String)>),
    Flip,
    /// Opens (true) or closes the menu of the game's other actions (a phone's `More`).
    Menu(bool),
    Resign,
    /// Keeps playing after a first click on Resign.
    CancelResign,
    OfferDraw,
    /// Accepts the opponent's offer (draw, takeback or rematch).
    AcceptOffer,
    /// Declines the opponent's offer.
    DeclineOffer,
    Takeback,
    Rematch,
    Hint,
    /// Asks the engine about the position on the screen (game or replay).
    Analyse,
    OpenReplay,
    /// Puts the result card aside to look at the final position.
    HideResult,
    ToLobby,
    DismissNotice,
    // Replay.
    ReplayStep(isize),
    ReplayJump(usize),
    ReplayAutoplay,
    /// Asks the server to review the finished game on the screen (from the game-over screen or
    /// the replay); the review is shown in the replay.
    Review,
    /// Starts a new game against the computer from the position the replay shows, this player
    /// taking the side to move.
    PlayFromHere,
    /// Back from rules or replay to where the player came from.
    Back,
    /// Goes where a link or the command line says (join by code, watch, replay): at once when
    /// connected, else as soon as the server has greeted this client.
    Follow(Route),
    /// Puts the link to this player's private game (or its code) on the clipboard.
    CopyInvite,
    /// Puts the invite code alone on the clipboard.
    CopyCode,
    /// Puts the link to one of this player's invitations still waiting (by its seek's
    /// number), listed in "My games", on the clipboard.
    CopyWaitingLink(u64),
    /// Passes on the link to the game on the screen (the phone's share sheet, or the
    /// clipboard).
    ShareGame,
    /// Puts aside the card of a link that led nowhere, for the lobby.
    CloseBrokenLink,
    /// Accepts the invitation on its card: joins its game.
    AcceptInvitation,
    /// Declines the invitation on its card (the server withdraws it and tells the inviter),
    /// for the lobby.
    DeclineInvitation,
    /// Puts the invitation's card aside (the code stays in the lobby).
    CloseInvite,
    /// Scrolls the screen (one taller than the window, on a phone) to this many pixels down.
    ScrollTo(i32),
    /// Scrolls the lobby's lists (their column on a wide window, when they are taller than
    /// it) to this many pixels down.
    ScrollListsTo(i32),
    /// Opens the card for playing on another device, asking the server for a device code.
    OpenDevices,
    /// Puts that card aside.
    CloseDevices,
    /// Puts the link that brings another device in as this player on the clipboard.
    CopyDeviceLink,
    /// Uses the device code typed on the card: this device becomes the player who was given
    /// it.
    LinkDevice,
    // Puzzles.
    /// Opens the Puzzles screen (with the next puzzle, unless one is still being solved).
    OpenPuzzles,
    /// The next puzzle, with the choices made (or the next of the player's mistakes).
    NextPuzzle,
    /// Opens a puzzle by its id (the day's puzzle).
    OpenPuzzle(String),
    /// After a wrong move: back to finding the right one, from the same position.
    TryAgain,
    /// Gives up on the puzzle and plays its solution out.
    ShowSolution,
    /// Steps the next puzzle's game: any game, then each.
    CyclePuzzleGame {
        forward: bool,
    },
    /// Steps the next puzzle's theme: any theme, then the game's.
    CyclePuzzleTheme {
        forward: bool,
    },
    /// Rated puzzles, or a streak.
    SetPuzzleMode(PuzzleMode),
    /// Turns the player's mistakes in the game replayed into puzzles, and opens them.
    LearnFromMistakes,
    // Notifications.
    /// Turns on the notifications of this player's turns on this device (the browser asks
    /// the player first).
    TurnOnPush,
    /// Turns them off on this device.
    TurnOffPush,
    /// Mutes (true) or unmutes the notifications of all this player's games.
    MuteAll(bool),
    /// Mutes (true) or unmutes the notifications of one game.
    MuteGame(u64, bool),
}
